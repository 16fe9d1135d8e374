"""A rules text cut into pages a phone shows on one screen (cogs/rules_book.py turns them): at most
PAGE_CHARS characters each, cut where a part starts with a bold (or an italic) heading; a part too long
for a page is cut between its lines, then between its sentences.
"""
from __future__ import annotations

import re

PAGE_CHARS = 900  # a page's text: about one phone screen (Discord allows 4096)
HEADING = re.compile(r"^(\*\*\*?|_)(.+?)\1")  # a part starts with a bold (or an italic) heading


def heading_of(block: str) -> str:
    """'Dice' for a block starting '**Dice:** 5 dice...'; '' when it starts without a heading."""
    match = HEADING.match(block)
    return match.group(2).strip(" :*_\u00a0") if match else ""  # French writes a no-break space before a colon


def parts(text: str) -> list[str]:
    """The rules text cut where a line starts a heading; a list's lines stay with the heading above."""
    blocks: list[list[str]] = []
    for line in (line.rstrip() for line in text.strip().splitlines()):
        if not line:
            continue
        if not blocks or HEADING.match(line):
            blocks.append([line])
        else:
            blocks[-1].append(line)
    return ["\n".join(block) for block in blocks]


def _pieces(block: str, limit: int) -> list[str]:
    """A block too long for a page, cut at its lines, then at its sentences (a sentence longer
    than a page, which no rules text has, is cut hard)."""
    if len(block) <= limit:
        return [block]
    units: list[tuple[str, str]] = []  # (what joins it to the text before, text)
    for line in block.splitlines():
        for i, sentence in enumerate(re.split(r"(?<=[.;]) ", line) if len(line) > limit else [line]):
            for start in range(0, len(sentence), limit):
                units.append(("\n" if i == start == 0 else " " if start == 0 else "", sentence[start:start + limit]))
    pieces: list[str] = []
    for joint, unit in units:
        if pieces and len(pieces[-1]) + len(joint) + len(unit) <= limit:
            pieces[-1] += joint + unit
        else:
            pieces.append(unit)
    return pieces


def packed(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """The parts of a rules text packed into pages: short parts share a page, none passes `limit`."""
    pages: list[str] = []
    for block in parts(text):
        for piece in _pieces(block, limit):
            if pages and len(pages[-1]) + 1 + len(piece) <= limit:
                pages[-1] += "\n" + piece
            else:
                pages.append(piece)
    return pages


# --------------------------------------------------------------------------- the book

"""Zap That Ghost board and hand images (pure: view in, PNG bytes and alt text out).

`render_ghosts(view, names=..., aborted=...)` draws the 6x6 board (symbol tiles with their dots,
ghosts as coloured cubes, meeples as pawns, labels A-F / 1-6, the path of the last successful
zap), the die, the phase and the scores. It reads only public keys of the view, so a seat's view
(with its hand) gives the same image as the public one. `render_hand(cards)` draws a hand of cards.
The board is drawn region by region over its tiles and empty panels (render.cache.draw_regions): each row of
the board (its pieces and the path across it), the header, each player's score row and the last move's
lines, a move repainting only those that changed.

Sized for phones: Discord shows the board about 400 px wide there, so the canvas is 480 px wide
and no text is drawn below 15 px (12.5 px on the phone), always at 4.5:1 contrast or better.

Every piece pairs its colour with a letter (R, B, Y, G) so colour is never the only cue; the
description spells out the whole grid, row by row, for players who cannot see the image.

Every word, the pieces' letters included, is made as engine words (`Said`, `counted`, terms: English
with its source and values) and shown through `show`, which the cog gives in the table's language
(cogs/language.said_text); `str`, the default, reads English. The title comes in the same way.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.errors import Said, Term, counted
from engine.ghosts import DISCARD_COUNT, MEEPLES, SIZE, Ghosts, card_name, colour_word
from engine.ghosts_types import CardInfo, GhostsView, public_view
from engine.greenbox import DOTS
from engine.grid import label
from engine.words import COLOUR_WORDS, SYMBOL_WORDS, comma_list
from render import palette
from render.cache import Region, cached_layer, cached_piece, draw_regions
from render.canvas import (
    draw_die,
    draw_text,
    label_grid,
    new_canvas,
    paste_sprite,
    rounded_panel,
    text_width,
    wrap_text,
)
from render.encode import RenderedImage, encode_png
from render.greenbox import draw_symbol

WIDTH = 480
SMALL = 15  # the smallest text: 12.5 px on a 400 px wide phone
BODY = 16
TITLE = 20
MARGIN = 8
PAD = 12  # inside a panel
HEADER_H = 88  # title, two status lines, the die on the right
LINE = 20  # between two lines of status or last-move text
CELL = 72
LABEL_SPACE = 24
BOARD_PX = SIZE * CELL
BOARD_X = (WIDTH - BOARD_PX + LABEL_SPACE) // 2  # centred with the row labels on its left
BOARD_Y = MARGIN + HEADER_H + LABEL_SPACE
SCORES_Y = BOARD_Y + BOARD_PX + 12
SCORE_ROW = 28
SLOT = 10  # one captured ghost (or an empty place up to the target) in a score row
DIE_SIZE = 52
NAME_CHARS = 16  # a display name in a sentence on the image is cut to this

TILE = (0x2F, 0x5E, 0x45)  # the green symbol side
TILE_EDGE = (0x1E, 0x3D, 0x2C)
PLAIN = (0xB8, 0x96, 0x4A)  # the yellow plain side (corners), darkened so yellow pieces show
GLYPH = (0xF4, 0xF1, 0xE6)
INK = (0x00, 0x00, 0x00)
CARD_FACE = (0xFA, 0xF6, 0xEA)
CARD_EDGE = (0x8A, 0x8A, 0x80)
OUTLINE = (0x14, 0x14, 0x14)

LETTER = {  # a piece's colour as a letter on it (German tells yellow and green apart by two)
    "red": Term("R", "ghost colour letter, red"), "blue": Term("B", "ghost colour letter, blue"),
    "yellow": Term("Y", "ghost colour letter, yellow"), "green": Term("G", "ghost colour letter, green"),
}

Point = tuple[float, float]
Namer = Callable[[int], str]
Show = Callable[[str], str]  # engine words (a `Said`) as the reader reads them; `str` reads English


def _name(names: Sequence[str] | None, seat: int) -> str:
    if names and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Seat {seat + 1}"


def _short(name: str) -> str:
    """A name cut to fit a sentence on the image (the description keeps it whole)."""
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1].rstrip() + "..."


@lru_cache(maxsize=64)
def _ink_on(fill: palette.RGB) -> palette.RGB:
    """Black or white, whichever has more contrast on `fill`: `palette.readable_text` prefers
    white on mid tones, which stays below 4.5:1 on the red, blue and green pieces."""
    return max((INK, palette.WHITE), key=lambda ink: palette.contrast_ratio(ink, fill))


# ---------------------------------------------------------------------------------------------
# Pieces


def _draw_dots(d: ImageDraw.ImageDraw, n: int, cx: float, top: float, r: float, fill: Any) -> None:
    """`n` dots in rows of three, centred on `cx`, starting at `top`."""
    step = 3.2 * r
    for row_start in range(0, n, 3):
        count = min(3, n - row_start)
        y = top + r + (row_start // 3) * step
        for i in range(count):
            x = cx + (i - (count - 1) / 2) * step
            d.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def draw_cube(d: ImageDraw.ImageDraw, x: float, y: float, size: float, colour: str, show: Show = str) -> None:
    """A ghost: a small cube in perspective, its colour's letter on the front face (drawn once
    per colour, size and letter, then pasted)."""
    side = math.ceil(size * 1.28) + 1
    letter = show(LETTER[colour])
    paste_sprite(d, (x, y), (side, side), ("ghost-cube", size, colour, letter),
                 lambda s, x, y: _paint_cube(s, x, y, size, colour, letter))


def _paint_cube(d: ImageDraw.ImageDraw, x: float, y: float, size: float, colour: str, letter: str) -> None:
    base = palette.GAME_COLOURS[colour]
    depth = size * 0.28
    light = tuple(min(255, int(c * 0.55 + 255 * 0.45)) for c in base)
    dark = tuple(int(c * 0.6) for c in base)
    fx0, fy0, fx1, fy1 = x, y + depth, x + size, y + depth + size
    d.polygon([(fx0, fy0), (fx0 + depth, y), (fx1 + depth, y), (fx1, fy0)], fill=light, outline=OUTLINE)
    d.polygon([(fx1, fy0), (fx1 + depth, y), (fx1 + depth, fy1 - depth), (fx1, fy1)], fill=dark,
              outline=OUTLINE)
    d.rectangle((fx0, fy0, fx1, fy1), fill=base, outline=OUTLINE, width=2)
    draw_text(d, ((fx0 + fx1) / 2, (fy0 + fy1) / 2), letter, max(BODY, round(size * 0.62)),
              _ink_on(base), anchor="mm", bold=True)


def draw_pawn(d: ImageDraw.ImageDraw, cx: float, bottom: float, height: float, colour: str,
              ring: bool = False, show: Show = str) -> None:
    """A meeple: a squat pawn (head, body, base), wide enough for its colour's letter (drawn once
    per colour, height, ring and letter, then pasted)."""
    reach = math.ceil(height * 0.52) + 4  # the ring's half width, and its line
    top = bottom - height - math.ceil(height * 0.12) - 4
    letter = show(LETTER[colour])
    paste_sprite(d, (cx - reach, top), (2 * reach, math.ceil(bottom - top + height * 0.06) + 4),
                 ("ghost-pawn", height, colour, ring, letter),
                 lambda s, x, y: _paint_pawn(s, x + reach, y + bottom - top, height, colour, ring, letter))


def _paint_pawn(d: ImageDraw.ImageDraw, cx: float, bottom: float, height: float, colour: str,
                ring: bool, letter: str) -> None:
    fill = palette.GAME_COLOURS[colour]
    h = height
    w = h * 0.8
    if ring:
        pad = h * 0.12
        d.ellipse((cx - w / 2 - pad, bottom - h - pad, cx + w / 2 + pad, bottom + pad / 2),
                  outline=palette.HIGHLIGHT, width=3)
    base_h = h * 0.16
    d.rounded_rectangle((cx - w / 2, bottom - base_h, cx + w / 2, bottom), radius=base_h / 2,
                        fill=fill, outline=OUTLINE, width=2)
    body_top = bottom - h * 0.64
    d.polygon([(cx - w * 0.22, body_top), (cx + w * 0.22, body_top), (cx + w * 0.42, bottom - base_h),
               (cx - w * 0.42, bottom - base_h)], fill=fill, outline=OUTLINE)
    r = h * 0.19
    hy = bottom - h + r
    d.ellipse((cx - r, hy - r, cx + r, hy + r), fill=fill, outline=OUTLINE, width=2)
    draw_text(d, (cx, bottom - h * 0.38), letter, max(SMALL, round(h * 0.32)),
              _ink_on(fill), anchor="mm", bold=True)


def _draw_hourglass(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The mark of a player the game is waiting for."""
    d.polygon([(x, y), (x + 10, y), (x + 5, y + 7)], fill=palette.HIGHLIGHT)
    d.polygon([(x + 5, y + 7), (x, y + 14), (x + 10, y + 14)], fill=palette.HIGHLIGHT)


# ---------------------------------------------------------------------------------------------
# The board


def _cell_box(r: int, c: int) -> tuple[float, float, float, float]:
    x = BOARD_X + c * CELL
    y = BOARD_Y + r * CELL
    return (x, y, x + CELL, y + CELL)


def _centre(cell: Sequence[int]) -> Point:
    x0, y0, x1, y1 = _cell_box(cell[0], cell[1])
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _board_layer(symbols: tuple[tuple[str | None, ...], ...]) -> Image.Image:
    """The tiles, their symbols and dots and the labels, opaque on the table from the top of
    the image to the bottom of the board: fixed for a whole game, pasted from cached tiles."""
    layer = cached_piece(("ghosts-frame",), _frame).copy()
    for r in range(SIZE):
        for c in range(SIZE):
            x0, y0, _, _ = _cell_box(r, c)
            layer.paste(_tile(symbols[r][c]), (int(x0), int(y0)))
    return layer


def _frame() -> Image.Image:
    """The table under the board, its dark edge and the row and column labels."""
    layer = new_canvas(WIDTH, BOARD_Y + BOARD_PX + 4, mode="RGB")
    d = ImageDraw.Draw(layer)
    d.rectangle((BOARD_X - 3, BOARD_Y - 3, BOARD_X + BOARD_PX + 2, BOARD_Y + BOARD_PX + 2), fill=TILE_EDGE)
    label_grid(d, (BOARD_X, BOARD_Y), CELL, SIZE, SIZE, size=BODY, fill=palette.TEXT, offset=13)
    return layer


def _tile(symbol: str | None) -> Image.Image:
    """One cell: a symbol tile with its dots, or a plain corner, on the board's edge colour."""
    def build() -> Image.Image:
        tile = Image.new("RGB", (CELL, CELL), TILE_EDGE)
        d = ImageDraw.Draw(tile)
        d.rounded_rectangle((2, 2, CELL - 2, CELL - 2), radius=6, fill=TILE if symbol else PLAIN)
        if symbol:
            draw_symbol(d, symbol, 20, 22, 28, GLYPH)
            _draw_dots(d, DOTS[symbol], 20, 44, 3, GLYPH)
        return tile
    return cached_piece(("ghosts-tile", symbol), build)


PATH_ALPHA = 215  # the path lets the board show through a little


@lru_cache(maxsize=64)
def _path_mask(path: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int, int, int], Image.Image]:
    """The zap's path drawn opaque into a mask of its own box (the box, the mask): laid on
    translucent, a band of the board at a time."""
    points = [_centre(cell) for cell in path]
    left = int(min(x for x, _ in points)) - 16
    top = int(min(y for _, y in points)) - 16
    box = (left, top, int(max(x for x, _ in points)) + 17, int(max(y for _, y in points)) + 17)
    mask = Image.new("L", (box[2] - left, box[3] - top), 0)
    d = ImageDraw.Draw(mask)
    colour = PATH_ALPHA
    points = [(x - left, y - top) for x, y in points]
    d.line(points, fill=colour, width=7, joint="curve")
    for x, y in points[1:-1]:
        d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=colour)
    sx, sy = points[0]
    d.ellipse((sx - 10, sy - 10, sx + 10, sy + 10), outline=colour, width=4)
    ex, ey = points[-1]
    if len(points) > 1:
        px, py = points[-2]
        angle = math.atan2(ey - py, ex - px)
        tip = (ex - 14 * math.cos(angle), ey - 14 * math.sin(angle))
        head = [(tip[0] + 13 * math.cos(angle), tip[1] + 13 * math.sin(angle)),
                (tip[0] + 9 * math.cos(angle + 2.3), tip[1] + 9 * math.sin(angle + 2.3)),
                (tip[0] + 9 * math.cos(angle - 2.3), tip[1] + 9 * math.sin(angle - 2.3))]
        d.polygon(head, fill=colour)
    return box, mask


def _band_of_path(path: tuple[tuple[int, ...], ...], band: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
    """The part of the path's box inside `band`, None when the path does not reach it."""
    box, _ = _path_mask(path)
    top, bottom = max(box[1], band[1]), min(box[3], band[3])
    return (box[0], top, box[2], bottom) if top < bottom else None


def _pawn_spots(r: int, c: int, count: int, plain: bool, crowded: bool) -> list[tuple[float, float, float]]:
    """Where the pawns of one cell stand: (centre x, bottom, height) each. In play a cell holds
    at most one meeple and never a ghost too, but every case is drawable, inside its cell's rows
    (tests/render/test_ghosts_render.py), so that each row of the board is drawn on its own."""
    x0, y0, x1, y1 = _cell_box(r, c)
    if not crowded:
        return [((x0 + x1) / 2, y1 - 7, 56)] if plain else [(x0 + 52, y1 - 7, 50)]
    quarters = [(x0 + 19, y1 - 2), (x0 + 53, y1 - 2), (x0 + 19, y0 + 36), (x0 + 53, y0 + 36)]
    return [(x, bottom, 32) for x, bottom in quarters[:count]]


def _row_band(r: int) -> tuple[int, int, int, int]:
    """The box of the board's row `r`, from edge to edge: the first reaches up over the column labels,
    the last down to the scores, so the rows together are the whole board."""
    top = MARGIN + HEADER_H if r == 0 else BOARD_Y + r * CELL
    bottom = SCORES_Y if r == SIZE - 1 else BOARD_Y + (r + 1) * CELL
    return (0, top, WIDTH, bottom)


def _board_regions(view: GhostsView, aborted: bool, show: Show) -> list[Region]:
    """The board under the header, a row at a time (a move changes a row or two): the last zap's
    path where it crosses the row, under the row's ghosts and meeples."""
    by_cell: dict[tuple[int, int], list[str]] = {}
    for meeple in MEEPLES:
        cell = view["meeples"].get(meeple)
        if cell is not None:
            by_cell.setdefault((cell[0], cell[1]), []).append(meeple)
    called = view["meeple"] if view["phase"] == "attempt" and not aborted else None
    path = tuple(tuple(cell) for cell in view["last_path"] or ())
    letters = tuple(show(term) for term in LETTER.values())
    return [_row_region(r, view, by_cell, called, path, letters, show) for r in range(SIZE)]


def _row_region(r: int, view: GhostsView, by_cell: dict[tuple[int, int], list[str]], called: str | None,
                path: tuple[tuple[int, ...], ...], letters: tuple[str, ...], show: Show) -> Region:
    band = _row_band(r)
    crossed = _band_of_path(path, band) if path else None
    ghosts = tuple(view["ghosts"][r])
    meeples = tuple((c, tuple(by_cell[(r, c)])) for c in range(SIZE) if (r, c) in by_cell)
    ringed = called if any(called in standing for _, standing in meeples) else None

    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        if crossed:
            box, mask = _path_mask(path)
            image.paste(palette.HIGHLIGHT, crossed, mask.crop((0, crossed[1] - box[1], mask.width,
                                                              crossed[3] - box[1])))
        for c, ghost in enumerate(ghosts):
            if ghost:
                x0, y0, _, _ = _cell_box(r, c)
                draw_cube(d, x0 + 36, y0 + 19, 26, ghost, show)
        for c, standing in meeples:
            crowded = len(standing) > 1 or ghosts[c] is not None
            spots = _pawn_spots(r, c, len(standing), view["symbols"][r][c] is None, crowded)
            for (cx, bottom, height), meeple in zip(spots, standing, strict=False):
                draw_pawn(d, cx, bottom, height, meeple, ring=meeple == ringed, show=show)
    return Region(band, (path if crossed else None, ghosts, meeples, ringed, letters), paint)


# ---------------------------------------------------------------------------------------------
# Words: the status, who is awaited, the last attempt


def _status(view: GhostsView, name: Namer, aborted: bool) -> Said:
    """What is happening now, in one sentence (no instruction once the game has stopped)."""
    if aborted:
        return Said("The game was ended early.")
    phase, roller, caller, die = view["phase"], view["roller"], view["caller"], view["die"] or 0
    if phase == "discard":
        return Said("Everyone discards {n} cards in secret.", n=DISCARD_COUNT)
    if phase == "race" and roller is not None:
        return Said("{who} rolled {die}. Race: press a meeple colour!", who=name(roller), die=die)
    if phase == "attempt" and caller is not None:
        return counted("{who} called the {meeple} meeple: {n} step.", "{who} called the {meeple} meeple: {n} steps.",
                       die, who=name(caller), meeple=colour_word(view["meeple"] or "red"))
    if phase == "swap":
        return Said("Others may swap a card or keep.")
    if phase == "over":
        winners = _winners(view)
        won = _and_list([name(s) for s in winners])
        return Said("Game over: {who} wins!", who=won) if len(winners) == 1 else Said("Game over: {who} win!", who=won)
    return Said(phase)


def _and_list(parts: Sequence[str]) -> str:
    """'a and b and c', kept as words each language joins its own way."""
    listed = parts[0] if parts else ""
    for part in parts[1:]:
        listed = Said("{list} and {item}", list=listed, item=part)
    return listed


def _winners(view: GhostsView) -> list[int]:
    return [s for s, rank in enumerate(view["ranks"] or []) if rank == 1]


def _waiting(view: GhostsView, aborted: bool) -> list[int]:
    """The players a choice is awaited from (the discard, the swap); in a race it is everyone,
    in an attempt the caller, and the status already says so."""
    if aborted or view["phase"] not in ("discard", "swap"):
        return []
    return list(view["waiting_for"])


def _attempt_text(view: GhostsView, name: Namer) -> Said | None:
    attempt = view["last_attempt"]
    if not attempt:
        return None
    who = name(attempt["seat"])
    meeple, to = colour_word(attempt["meeple"]), attempt["to"]
    if attempt["card"] is None or to is None:
        said = {"timeout": Said("Last: {who} ran out of time with the {meeple} meeple.", who=who, meeple=meeple),
                "gave_up": Said("Last: {who} gave up with the {meeple} meeple.", who=who, meeple=meeple),
                "left": Said("Last: {who} left with the {meeple} meeple.", who=who, meeple=meeple)}
        return said.get(attempt["reason"], Said("Last: {who} missed with the {meeple} meeple.", who=who, meeple=meeple))
    values = {"who": who, "card": card_name(attempt["card"]["id"]), "meeple": meeple,
              "start": label(attempt["from"]), "end": label(to)}
    if attempt["success"]:
        return Said("Last: {who} played the {card}, {meeple} meeple {start} to {end}: zapped!", **values)
    if attempt["reason"] == "no_walk":
        return Said("Last: {who} played the {card}, {meeple} meeple {start} to {end}: no walk of that length.", **values)
    return Said("Last: {who} played the {card}, {meeple} meeple {start} to {end}: no match.", **values)


def _fit(text: str, size: int, width: float, bold: bool = False) -> str:
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "...", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _lines(paragraphs: Sequence[str], size: int, width: float, most: int) -> list[str]:
    """Each paragraph wrapped to `width` on lines of its own, at most `most` lines in all (the
    last one cut short if need be)."""
    lines = [line for text in paragraphs for line in wrap_text(text, size, width)]
    if len(lines) <= most:
        return lines
    return lines[:most - 1] + [_fit(" ".join(lines[most - 1:]), size, width)]


# ---------------------------------------------------------------------------------------------
# Header and scores


def _header_region(view: GhostsView, name: Namer, aborted: bool, show: Show, title: str) -> Region:
    if view["round"]:
        title += "  -  " + show(Said("round {n}", n=view["round"]))
    status = [show(_status(view, name, aborted))]
    waiting = _waiting(view, aborted)
    if waiting:
        status.append(show(counted("Waiting for {n} player.", "Waiting for {n} players.", len(waiting))))
    die = None if aborted or view["phase"] == "over" else view["die"]

    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        draw_text(d, (MARGIN + PAD, MARGIN + 8), title, TITLE, palette.TEXT, bold=True)
        width = WIDTH - 2 * (MARGIN + PAD) - (DIE_SIZE + PAD if die else 0)
        for i, line in enumerate(_lines(status, BODY, width, 2)):
            draw_text(d, (MARGIN + PAD, MARGIN + 38 + i * LINE), line, BODY, palette.HIGHLIGHT)
        if die:
            top = MARGIN + (HEADER_H - DIE_SIZE) // 2
            draw_die(d, (WIDTH - MARGIN - PAD - DIE_SIZE, top), DIE_SIZE, die)
    return Region((MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H), (title, tuple(status), die), paint)


def _score_columns(players: int) -> int:
    return 1 if players <= 3 else 2


def _score_rows(players: int) -> int:
    return -(-players // _score_columns(players))


def _scores_height(players: int, last_lines: int) -> int:
    return 34 + _score_rows(players) * SCORE_ROW + last_lines * LINE + 8


def _score_region(view: GhostsView, seat: int, name: str, box: tuple[float, int, float], aborted: bool,
                  show: Show) -> Region:
    """One player: a waiting mark, the name, the score, then a slot per ghost up to the target
    (filled in the colours captured). Its box reaches 6-8 px around the row, as a frame does."""
    x, y, width = box
    gone, away = seat in view["left"], seat in view["away"]
    framed = not aborted and (seat in _winners(view) if view["phase"] == "over"
                              else seat == view["caller"] and view["phase"] in ("attempt", "swap"))
    waiting = seat in _waiting(view, aborted)
    tag = " " + show(Said("(left)")) if gone else " " + show(Said("(away)")) if away else ""
    score, captured, target = view["scores"][seat], tuple(view["captured"][seat]), view["target"]

    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        colour = palette.MUTED if gone or away else palette.TEXT
        if framed:
            d.rounded_rectangle((x - 6, y - 3, x + width + 4, y + SCORE_ROW - 5), radius=6,
                                outline=palette.HIGHLIGHT, width=2)
        if waiting:
            _draw_hourglass(d, x, y + 3)
        slots_x = x + width - target * SLOT
        score_x = slots_x - 8
        room = score_x - 28 - (x + 16) - text_width(tag, SMALL)
        draw_text(d, (x + 16, y + 1), _fit(name, SMALL, room) + tag, SMALL, colour)
        draw_text(d, (score_x, y), str(score), BODY, colour, anchor="ra", bold=True)
        for i in range(target):
            left = slots_x + i * SLOT
            fill = palette.GAME_COLOURS[captured[i]] if i < len(captured) else None
            d.rectangle((left, y + 4, left + SLOT - 3, y + 4 + SLOT - 3), fill=fill, outline=palette.GRID)
    key = (name, gone or away, tag, framed, waiting, score, captured, target)
    return Region((math.floor(x) - 8, y - 4, math.ceil(x + width) + 6, y + SCORE_ROW - 4), key, paint)


def _score_regions(view: GhostsView, names: Sequence[str] | None, last: list[str], aborted: bool,
                   show: Show) -> list[Region]:
    players = view["players"]
    top = SCORES_Y
    columns, rows = _score_columns(players), _score_rows(players)
    col_w = (WIDTH - 2 * (MARGIN + PAD) - (columns - 1) * 2 * PAD) / columns
    regions = []
    for seat in range(players):
        col, row = divmod(seat, rows)
        box = (MARGIN + PAD + col * (col_w + 2 * PAD), top + 32 + row * SCORE_ROW, col_w)
        regions.append(_score_region(view, seat, _name(names, seat), box, aborted, show))

    def paint_last(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        for i, line in enumerate(last):
            draw_text(d, (MARGIN + PAD, top + 34 + rows * SCORE_ROW + i * LINE), line, SMALL, palette.TEXT)
    lines_top = top + 28 + rows * SCORE_ROW
    regions.append(Region((MARGIN, lines_top, WIDTH - MARGIN, lines_top + 6 + len(last) * LINE + 4), tuple(last),
                          paint_last))
    return regions


def describe(view: GhostsView, names: Sequence[str] | None = None, *, aborted: bool = False, show: Show = str,
             title: str = Ghosts.title) -> str:
    """The board in words: status, meeples, last move, every cell row by row, then the scores
    (in that order, so a description cut to Discord's alt-text limit loses the scores first).
    `show` puts them in the reader's language, `title` is the game's name in it.

    Each cell reads "B3 red drop" (a red ghost on a drop tile), "B3 empty drop" or "A1 corner",
    plus "with blue meeple" where a meeple stands."""
    name = lambda s: _name(names, s)  # noqa: E731
    heading = Said("{game}, round {n}.", game=title, n=view["round"]) if view["round"] else Said("{game}.", game=title)
    status = Said("{heading} {status}", heading=heading, status=_status(view, name, aborted))
    waiting = _waiting(view, aborted)
    if waiting:
        status = Said("{status} Waiting for: {who}.", status=status, who=comma_list([name(s) for s in waiting]))
    lines: list[Said] = [status]
    placed = [Said("{meeple} {cell}", meeple=colour_word(m), cell=label(view["meeples"][m])) for m in MEEPLES]
    lines.append(Said("Meeples: {meeples}.", meeples=comma_list(placed)))
    last = _attempt_text(view, name)
    if last:
        lines.append(last)
    if view["last_path"]:
        lines.append(Said("Last zap path: {path}.", path=" ".join(label(c) for c in view["last_path"])))
    at: dict[tuple[int, int], list[str]] = {}
    for m in MEEPLES:
        cell = view["meeples"][m]
        at.setdefault((cell[0], cell[1]), []).append(m)
    rows = [_row_words(r, tuple(view["symbols"][r]), tuple(view["ghosts"][r]),
                       tuple(tuple(at.get((r, c), ())) for c in range(SIZE)), show) for r in range(SIZE)]
    left, away = view["left"], view["away"]
    scores = [Said("{name} {score} (left)", name=_name(names, s)[:20], score=view["scores"][s]) if s in left
              else Said("{name} {score} (away)", name=_name(names, s)[:20], score=view["scores"][s]) if s in away
              else Said("{name} {score}", name=_name(names, s)[:20], score=view["scores"][s])
              for s in range(view["players"])]
    scored = Said("Ghosts (target {n}): {scores}.", n=view["target"], scores=comma_list(scores))
    return "\n".join([*(show(line) for line in lines), *rows, show(scored)])


@lru_cache(maxsize=2048)
def _row_words(r: int, symbols: tuple[str | None, ...], ghosts: tuple[str | None, ...],
               meeples: tuple[tuple[str, ...], ...], show: Show) -> str:
    """One row of the board in words, as `describe` reads it (kept: a move changes a row or two)."""
    cells = []
    for c in range(SIZE):
        symbol, ghost = symbols[c], ghosts[c]
        where = label([r, c])
        if symbol is None:
            text = Said("{cell} corner", cell=where)
        elif ghost:
            text = Said("{cell} {ghost} {symbol}", cell=where, ghost=colour_word(ghost), symbol=SYMBOL_WORDS[symbol])
        else:
            text = Said("{cell} empty {symbol}", cell=where, symbol=SYMBOL_WORDS[symbol])
        if meeples[c]:
            standing = [Said("{meeple} meeple", meeple=colour_word(m)) for m in meeples[c]]
            text = Said("{text} with {meeples}", text=text, meeples=_and_list(standing))
        cells.append(show(text))
    return show(Said("Row {n}: {cells}.", n=r + 1, cells="; ".join(cells)))


def render_ghosts(view: Mapping[str, Any], *, names: Sequence[str] | None = None, aborted: bool = False,
                  show: Show = str, title: str = Ghosts.title) -> RenderedImage:
    """The board for `view` (public or a seat's: only public keys are read), as `Ghosts.view` gave it.

    `names` are display names by seat (default "Seat N"). `aborted`: the game was ended early,
    so the board says so and shows no phase, die, waiting mark or instruction. `show` and `title`:
    the words in the reader's language (English by default).
    """
    typed = public_view(view)
    return RenderedImage(png=encode_png(draw_board(typed, names=names, aborted=aborted, show=show, title=title),
                                        palette=PALETTE),
                         description=describe(typed, names, aborted=aborted, show=show, title=title),
                         filename="ghosts.png")


def draw_board(view: GhostsView, *, names: Sequence[str] | None = None, aborted: bool = False, show: Show = str,
               title: str = Ghosts.title) -> Image.Image:
    """The board of `render_ghosts` before encoding (in RGB, or palette indices inside a table's frames)."""
    short = lambda s: _short(_name(names, s))  # noqa: E731
    last_text = _attempt_text(view, short)
    last = _lines([show(last_text)], SMALL, WIDTH - 2 * (MARGIN + PAD), 2) if last_text else []
    caption = show(counted("First to {n} ghost wins", "First to {n} ghosts wins", view["target"]))
    base = _base_layer(tuple(tuple(row) for row in view["symbols"]), view["players"], len(last), caption)
    return draw_regions(base, [*_board_regions(view, aborted, show), _header_region(view, short, aborted, show, title),
                               *_score_regions(view, names, last, aborted, show)], palette.known("ghosts"))


def _base_layer(symbols: tuple[tuple[str | None, ...], ...], players: int, last_lines: int, caption: str) -> Image.Image:
    """The board's tiles, the header's panel, the scores' panel and its caption (cached; never drawn on)."""
    def build() -> Image.Image:
        image = new_canvas(WIDTH, SCORES_Y + _scores_height(players, last_lines) + MARGIN, mode="RGB")
        image.paste(_board_layer(symbols))
        d = ImageDraw.Draw(image)
        rounded_panel(d, (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H), radius=12)
        rounded_panel(d, (MARGIN, SCORES_Y, WIDTH - MARGIN, SCORES_Y + _scores_height(players, last_lines)), radius=12)
        draw_text(d, (MARGIN + PAD, SCORES_Y + 8), caption, SMALL, palette.MUTED)
        return image
    return cached_layer(("ghosts", "base", symbols, players, last_lines, caption), build)


def _specimen() -> list[Image.Image]:
    """Every colour a board draws: boards of seeded games at small and large tables, from the
    discard to the end (paths, pieces in every colour, winners), and an ended one."""
    boards = [draw_board(public_view(view)) for players in (2, 4, 6)
              for view in palette.sample_views(Ghosts(), players, seed=players, at=(0, 12, 60))]
    boards.append(draw_board(public_view(palette.sample_views(Ghosts(), 3, seed=1, at=())[-1]), aborted=True))
    return boards


PALETTE = palette.learnt("ghosts", _specimen)


# ---------------------------------------------------------------------------------------------
# A hand of cards

CARD_W = 84
CARD_H = 112
CARD_GAP = 8
HAND_TEXT = 18  # six cards make a 568 px image: 18 px there is 12.7 px on a 400 px phone


def draw_card(d: ImageDraw.ImageDraw, x: float, y: float, info: CardInfo, show: Show = str) -> None:
    """One card as this game sees it: its colour as a thick border and in words, its symbol.
    No number: in Zap That Ghost a card's Green Box value plays no role."""
    colour = info["colour"]
    d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=10, fill=palette.GAME_COLOURS[colour],
                        outline=palette.GRID, width=2)
    d.rounded_rectangle((x + 8, y + 8, x + CARD_W - 8, y + CARD_H - 8), radius=6, fill=CARD_FACE,
                        outline=CARD_EDGE, width=2)
    draw_symbol(d, info["symbol"], x + CARD_W / 2, y + 44, 42, INK)
    draw_text(d, (x + CARD_W / 2, y + 86), show(COLOUR_WORDS[colour]).capitalize(), HAND_TEXT, INK, anchor="mm",
              bold=True)


def render_hand(cards: Sequence[CardInfo], *, title: str | None = None, show: Show = str) -> RenderedImage:
    """A small image of a hand (card dicts as in a seat's view: colour, symbol, name), its words
    in the reader's language through `show`."""
    title = show(Said("Your hand")) if title is None else title
    count = max(1, len(cards))
    width = max(320, 2 * PAD + count * CARD_W + (count - 1) * CARD_GAP)
    image = new_canvas(width, 44 + CARD_H + PAD, mode="RGB")
    d = ImageDraw.Draw(image)
    draw_text(d, (PAD, 12), title, TITLE, palette.TEXT, bold=True)
    for i, info in enumerate(cards):
        draw_card(d, PAD + i * (CARD_W + CARD_GAP), 44, info, show)
    if not cards:
        draw_text(d, (PAD, 60), show(Said("No cards.")), HAND_TEXT, palette.MUTED)
    words = "; ".join(f"{i + 1}: {show(card_name(c['id']))}" for i, c in enumerate(cards))
    description = (show(Said("{title}: {cards}.", title=title, cards=words)) if cards
                   else show(Said("{title}: no cards.", title=title)))
    return RenderedImage(png=encode_png(image), description=description, filename="hand.png")

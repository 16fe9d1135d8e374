"""Whether a page meant for German or French readers still shows English words.

A page is compared with its English counterpart (the same lobby, board or game read on an English server):
a word of the English one left on the translated one is English left untranslated, unless it is a name
(players, games kept in their publishers' words) or a word both languages spell the same."""
from __future__ import annotations

import re
from collections.abc import Iterable

WORD = re.compile(r"\b[^\W\d_]+(?:['’][^\W\d_]+)?\b")  # "A1" (a cell) is no word
MARKUP = re.compile(r"<[^<>]*>|https?://\S+")  # mentions, live timestamps, links: Discord shows them as it likes
SHARED = {  # German or French words spelt as English ones
    "de": {"an", "in", "min", "solo", "computer", "true", "ball", "ring"},
    "fr": {"message", "table", "min", "solo", "true", "a", "dragon", "dragons", "place", "score", "face", "final", "menu"},
}


def message_texts(message) -> list[str]:
    """Everything a player reads of a Discord message: its content, embeds (title, description, fields,
    footer), components (labels, placeholders, options) and its pictures' descriptions."""
    texts = [message.content or ""]
    for embed in message.embeds:
        texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [f"{field.name}\n{field.value}" for field in embed.fields]
    for row in message.components:
        for child in row.children:
            texts += [getattr(child, "label", None) or "", getattr(child, "placeholder", None) or ""]
            for option in getattr(child, "options", None) or ():
                texts += [option.label or "", option.description or ""]
    texts += [attachment.description or "" for attachment in message.attachments]
    return [MARKUP.sub(" ", text) for text in texts if text]


def words(texts: Iterable[str], names: Iterable[str] = ()) -> set[str]:
    """The words of `texts` (case folded), once `names` are taken out."""
    found = set()
    for text in texts:
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, " ")
        found |= {word.casefold() for word in WORD.findall(text)}
    return found


def english_left(texts: Iterable[str], english: Iterable[str], code: str, names: Iterable[str] = ()) -> set[str]:
    """The words of the English `english` texts still in `texts` (in language `code`), names and shared words aside."""
    names = list(names)
    return (words(texts, names) & words(english, names)) - SHARED[code]

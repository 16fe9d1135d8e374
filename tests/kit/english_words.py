"""Whether a page meant for German or French readers still shows English words.

A page is compared with its English counterpart (the same lobby, board or game read on an English server):
a word of the English one left on the translated one is English left untranslated, unless it is a name
(players, games kept in their publishers' words) or a word both languages spell the same."""
from __future__ import annotations

import re
from collections.abc import Iterable

from cogs import language
from cogs.language import ptext
from engine import registry

WORD = re.compile(r"\b[^\W\d_]+(?:['’][^\W\d_]+)?\b")  # "A1" (a cell) is no word
CUT = re.compile(r"[^\W\d_]+…")  # a word an alt text cut short at Discord's limit ("Geister (Ziel 10): a…"): no word
MARKUP = re.compile(r"<[^<>]*>|https?://\S+")  # mentions, live timestamps, links: Discord shows them as it likes
NUMERALS = {"i", "ii", "iii"}  # Roman numbers (Eye of the Tiger's fields)
SHARED = {  # German or French words spelt as English ones
    "de": {"an", "in", "min", "solo", "computer", "true", "ball", "ring", "deck", "gold", "minus", "monster", "meeple",
           "meeples", "die", "hand", "countdown", "s", "set", "sets"} | NUMERALS,
    "fr": {"message", "table", "min", "solo", "true", "a", "dragon", "dragons", "place", "places", "score", "scores",
           "face", "final", "menu", "par", "cube", "cubes", "or", "pile", "point", "points", "meeple", "meeples",
           "orthogonal", "secret", "s", "stop", "options"} | NUMERALS,
}
SHARED["de"] |= {"arena", "auto", "start", "name", "stand", "orange", "lobby", "teams"}  # Eye for an Eye's lobby,
SHARED["fr"] |= {"arc", "auto", "faces", "minutes", "pts", "on", "orange", "actions"}  # boards and panels


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
    """The words of `texts` (case folded), once `names` are taken out (whole: "ann" leaves "dann" alone)."""
    found = set()
    named = [re.compile(rf"(?<!\w){re.escape(name)}(?!\w)") for name in sorted(names, key=len, reverse=True)]
    for text in texts:
        for name in named:
            text = name.sub(" ", text)
        text = CUT.sub(" ", text)
        found |= {word.casefold() for word in WORD.findall(text)}
    return found


def english_left(texts: Iterable[str], english: Iterable[str], code: str, names: Iterable[str] = ()) -> set[str]:
    """The words of the English `english` texts still in `texts` (in language `code`), names and shared words aside."""
    names = list(names)
    return (words(texts, names) & words(english, names)) - SHARED[code]


SHIPPED = [code for code in language.LANGUAGES if code != language.SOURCE]  # the catalogues we ship
NB = "\u00a0"  # French puts a no-break space before a colon and inside « »


def page_text(embed) -> str:
    return "\n".join([embed.title or "", embed.description or "", *(f"{f.name}\n{f.value}" for f in embed.fields),
                      embed.footer.text or ""])


PAGE_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
SHARED_WORDS = {  # German or French words spelt as English ones; `True` is how Discord writes a yes
    "de": {"an", "in", "min", "solo", "computer", "true"},
    "fr": {"message", "table", "min", "solo", "true"},
}


def english_left_on_page(page: str, english: str, code: str) -> set[str]:
    """Words of the English page still on `page`, once the names kept in English are taken out: the titles
    with no published translation, the games' keys (`dragon`), and the words both languages share."""
    for key in registry.names():
        title = ptext(code, "game title", registry.get(key).title)
        page = page.replace(title, " ").replace(f"`{key}`", " ")
        english = english.replace(registry.get(key).title, " ").replace(f"`{key}`", " ")
    english_words = {w.casefold() for w in PAGE_WORD.findall(english)}
    return {w for w in PAGE_WORD.findall(page) if w.casefold() in english_words and w.casefold() not in SHARED_WORDS[code]}


def users_speak_their_servers_language(monkeypatch) -> None:
    """Interactions carry their user's locale as their server's (a German player on a German server),
    and the server's as `guild_locale`, as Discord sends them (simcord sends 'en-US' for both)."""
    import simcord

    made = simcord.interactions.base_payload

    def payload(backend, **kwargs):
        record, sent = made(backend, **kwargs)
        if kwargs.get("guild_id") is not None:
            locale = backend.get_guild(kwargs["guild_id"]).preferred_locale
            if locale:
                sent["guild_locale"] = sent["locale"] = locale
        return record, sent

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)

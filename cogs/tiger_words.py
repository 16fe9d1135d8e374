"""How Eye of the Tiger's cards, monsters and purchases read in a panel (cogs/tiger_panels.py), in the
reader's language: the engine's own words for colours, symbols, cards and abilities (`said_text`)
inside the catalogue's sentences.
"""
from __future__ import annotations

from engine.tiger import ability_said, card_said, colour_word, symbol_word
from engine.tiger_types import CardInfo, MonsterOnTrack, Purchase

from .language import ntext, said_text, text


def card_words(language: str, c: CardInfo) -> str:
    return text(language, "{colour} {symbol} · value {value} · light {light}",
                colour=said_text(language, colour_word(c["colour"])), symbol=said_text(language, symbol_word(c["symbol"])),
                value=c["value"], light=c["light"])


def card_name(language: str, c: CardInfo) -> str:
    """'red hammers (3)' in the reader's words."""
    return said_text(language, card_said(c["id"]))


def names(language: str, cards: list[CardInfo]) -> str:
    return ", ".join(card_name(language, c) for c in cards)


def and_names(language: str, cards: list[CardInfo]) -> str:
    """'red hammers (3) and blue drop (1)' in the reader's words."""
    listed = ""
    for c in cards:
        listed = text(language, "{list} and {item}", list=listed, item=card_name(language, c)) if listed \
            else card_name(language, c)
    return listed


def monster_words(language: str, m: MonsterOnTrack) -> str:
    return text(language, "Field {field}: {symbol} monster ({points}), power {power}, needs {light} light",
                field=m["field"], symbol=said_text(language, symbol_word(m["symbol"])),
                points=ntext(language, "{n} point", "{n} points", m["dots"]), power=m["power"], light=m["light_needed"])


def ability_words(language: str, m: MonsterOnTrack) -> list[str]:
    """The monster's abilities, each its rule in one line, in the reader's words."""
    return [said_text(language, ability_said(a["key"], m["colour"], m["symbol"])) for a in m["abilities"]]


def purchase_words(language: str, p: Purchase) -> str:
    """The card a purchase's last pick takes (a stack bought twice gives its next card), and its price."""
    card = p["cards"][-1] if p["cards"] else None
    if card is None:
        return text(language, "Buy nothing (the track still advances)")
    return text(language, "{card} — {price} gold", card=card_words(language, card), price=card["price"])

"""The Green Box of Games parts shared by Zap That Ghost and Eye of the Tiger (GAMES.md).

Cards and tiles are referred to by integer id in game state; these tables say what each id is.
The value/symbol pairing is the one GAMES.md fixed (value = (symbol + colour offset) mod 6 + 1).
"""
from __future__ import annotations

from dataclasses import dataclass

SYMBOLS: tuple[str, ...] = ("drop", "hammers", "circles", "bricks", "wheel", "arrow")
DOTS: dict[str, int] = {s: i + 1 for i, s in enumerate(SYMBOLS)}
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "white", "black")
COLOUR_OFFSET: dict[str, int] = {"red": 0, "blue": 1, "yellow": 2, "white": 3, "green": 4, "black": 5}
STARTERS: tuple[tuple[int, str], ...] = ((1, "drop"), (1, "hammers"), (2, "circles"))


@dataclass(frozen=True)
class Card:
    id: int
    colour: str
    symbol: str
    value: int
    starter: bool  # one of the three light-green-background cards of its colour

    @property
    def name(self) -> str:
        return f"{self.colour} {self.symbol} ({self.value})"


def _build_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    for colour in COLOURS:
        for value, symbol in STARTERS:
            cards.append(Card(len(cards), colour, symbol, value, True))
        for index, symbol in enumerate(SYMBOLS):
            value = (index + COLOUR_OFFSET[colour]) % 6 + 1
            cards.append(Card(len(cards), colour, symbol, value, False))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()  # 54 cards; CARDS[i].id == i


@dataclass(frozen=True)
class Tile:
    id: int
    symbol: str

    @property
    def dots(self) -> int:
        return DOTS[self.symbol]


TILES: tuple[Tile, ...] = tuple(Tile(i, SYMBOLS[i // 6]) for i in range(36))  # 6 of each symbol


def cards_of(colour: str, *, starter: bool | None = None) -> list[Card]:
    return [c for c in CARDS if c.colour == colour and (starter is None or c.starter == starter)]

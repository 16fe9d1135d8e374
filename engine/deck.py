"""A deck of JSON-valued cards: draw pile and discard pile, reshuffled when the draw runs out."""
from __future__ import annotations

from typing import Any

from .rng import Rng

Deck = dict[str, list[Any]]


def new_deck(cards: list[Any], rng: Rng) -> Deck:
    draw = list(cards)
    rng.shuffle(draw)
    return {"draw": draw, "discard": []}


def draw(deck: Deck, rng: Rng, n: int = 1) -> list[Any]:
    """Take up to `n` cards from the top; an empty draw pile takes in the shuffled discards."""
    taken: list[Any] = []
    while len(taken) < n:
        if not deck["draw"]:
            if not deck["discard"]:
                break
            deck["draw"] = deck["discard"]
            deck["discard"] = []
            rng.shuffle(deck["draw"])
        taken.append(deck["draw"].pop())
    return taken


def discard(deck: Deck, *cards: Any) -> None:
    deck["discard"].extend(cards)


def size(deck: Deck) -> int:
    return len(deck["draw"]) + len(deck["discard"])

"""The Manoeuvre cards (ARENA.md 2.7, 4.22): with the advanced rules, King of the Hill and Domination
replace the Tribal cards with each character's Manoeuvre card (its Band I card) and two General
Manoeuvres of the player's choice (abilities/general), dealt once per match as state["hands"].

Each player picks their pair in the lobby (`GENERALS`, offered with `advanced` and either mode on; the
table gives a random pair to whoever does not pick); without picks (the simulator) the pairs are drawn
from the match's generator.
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from ..protocol import Choice, Seat
from ..rng import Rng
from .data import CHARACTERS, GENERAL_CARDS, GENERALS_EACH
from .figures import State


class EitherChoice(Choice):
    """A lobby choice whose `needs` may name alternatives: "hill or domination" is on when either is."""

    def offered(self, options: Mapping[str, Any]) -> bool:
        return all(any(options.get(key) for key in need.split(" or ")) for need in self.needs)


GENERALS = EitherChoice(
    "generals", "Pair of General Manoeuvres",
    {"+".join(pair): " & ".join(GENERAL_CARDS[card].name for card in pair)
     for pair in combinations(GENERAL_CARDS, GENERALS_EACH)},
    unique=False, needs=("advanced", "hill or domination"))
"""The lobby's pick of each player's General Manoeuvres ("shove+sprint": "Shove & Sprint"): any two
different cards, and two players may hold the same ones (each has their own copies)."""


def deal_hands(state: State, rng: Rng) -> None:
    """With the advanced rules, each seat's Manoeuvre cards: the pairs picked in the lobby, or drawn."""
    if not state["advanced"]:
        return
    pairs = state["picks"].get(GENERALS.key) or [rng.choice(list(GENERALS.values)) for _ in range(state["players"])]
    state["hands"] = [hand_of(state, seat, pair) for seat, pair in enumerate(pairs)]


def hand_of(state: State, seat: Seat, pair: str) -> list[str]:
    """The seat's Manoeuvre cards: its character's Band I card and the General Manoeuvres of its pair
    (a `GENERALS` value)."""
    band_one = next(c.key for c in CHARACTERS[state["chars"][seat]].cards if c.band == 1)
    return [band_one, *pair.split("+")]

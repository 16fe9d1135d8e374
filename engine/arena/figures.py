"""The figures in play: who stands where, with which board, and how the texts name them.

Per seat, `state["figures"][seat]` is {"hex": [q, r] or None, "facing": 0-5, "health": n,
"status": STANDING, OUT (knocked out), LEFT (its player left) or IDLE (not in this round),
"out_ms": when the knocking-out attack was clicked (engine/arena/races), or None}.
"""
from __future__ import annotations

from typing import Any

from ..protocol import Event, Seat, seat_name
from .board import ARENAS, Arena, Key, key
from .data import CHARACTERS, LOG_LINES, Character, Track

State = dict[str, Any]
STANDING, OUT, LEFT, IDLE = "standing", "out", "left", "idle"


def character(state: State, seat: Seat) -> Character:
    return CHARACTERS[state["chars"][seat]]


def board_of(state: State, seat: Seat) -> dict[str, Track]:
    return character(state, seat).board


def arena(state: State) -> Arena:
    return ARENAS[state["arena"]]


def standing(state: State) -> list[Seat]:
    """Seats whose figure is on the board, in seat order."""
    return [s for s, f in enumerate(state["figures"]) if f["status"] == STANDING]


def is_standing(state: State, seat: Any) -> bool:
    return (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state["players"]
            and state["figures"][seat]["status"] == STANDING)


def occupied(state: State, but: Seat | None = None) -> set[Key]:
    """Hexes holding a figure (other than `but`'s)."""
    return {key(f["hex"]) for s, f in enumerate(state["figures"]) if f["hex"] is not None and s != but}


def name(state: State, seat: Seat) -> str:
    """'Grublic (Seat 1)': the character, and the seat the table names."""
    return f"{character(state, seat).name} ({seat_name(seat)})"


def say(state: State, text: str, kind: str = "info") -> Event:
    """A public event, also kept in the short log the board shows."""
    state["log"] = (state["log"] + [text])[-LOG_LINES:]
    return Event(text, kind=kind)

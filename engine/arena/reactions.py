"""Reactions beside Parry (advanced rules, rule 16, ARENA.md 3.3): which ones an attack allows.

A reaction is a track marked as one whose minimum is filled: an innate action (Watch Out!) or a
Ready Tribal card (Slippery, Protect the Chief). Pluma's Wing Guard is her Parry. Each is offered
only where it can change the attack: Watch Out! against normal hits from the rear (turned, the
defender may Parry them), Slippery against normal hits from any arc, Protect the Chief when a
Guard stands next to Echo. Attacks on a Guard allow only Parry, catches of a Nymphlet only Dart
(hits.py: the Nymphlet card's answer, spelt as a parry).
"""
from __future__ import annotations

from collections.abc import Callable

from ..hexgrid import distance
from .data import PARRY
from .dice import is_ready
from .figures import State, advanced, board_of, guards_of

Entry = dict


def _watch_out(state: State, entry: Entry) -> bool:
    return entry["hits"] > 0 and not entry["front"]


def _slippery(state: State, entry: Entry) -> bool:
    return entry["hits"] > 0


def _protect_the_chief(state: State, entry: Entry) -> bool:
    if not entry["hits"] + entry["unblockable"]:
        return False
    chief = state["figures"][entry["defender"]]["hex"]
    return any(g is not None and distance(g["hex"], chief) == 1 for g in guards_of(state, entry["defender"]))


WHEN: dict[str, Callable[[State, Entry], bool]] = {
    "watch_out": _watch_out,
    "slippery": _slippery,
    "protect_the_chief": _protect_the_chief,
}


def offered(state: State, entry: Entry) -> list[str]:
    """The reactions beside Parry the defender may use on this attack now (track keys)."""
    if not advanced(state) or entry["guard"] is not None or entry.get("nymphlet") is not None:
        return []
    seat = entry["defender"]
    board, dice = board_of(state, seat), state["dice"][seat]
    return [k for k, t in board.items() if t.reaction and k != PARRY and t.effect == k and k in WHEN
            and is_ready(dice, board, k) and WHEN[k](state, entry)]

"""Races decided by arrival order (rule 14, ARENA.md 3.1): who beat a refused action, and when.

Everyone acts at once, so a click may arrive just after another that made it impossible: the
turn-order marker it wanted was taken, its target (of an attack or a Tribal card) was knocked
out, or its player was. The table applies actions in arrival order; the engine keeps, with what
the winning action changed, the moment its player clicked (`at_ms`, milliseconds, from the
Discord interaction; logged with the action, so a replay keeps it). When an action is refused,
`lost_race` says whether such a race was the reason, so the slower player can be told,
privately, by whom and by how many ms. The wording is the cog's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ..errors import RuleError
from ..protocol import ActionLike, Seat, parse
from .action_types import COMMON, SHAPES, ArenaAction
from .figures import OUT, State

MARKER, KNOCKOUT = "marker", "knockout"


@dataclass(frozen=True)
class Race:
    """The action that came first: its player, what it won (MARKER or KNOCKOUT) and of what
    (the marker's number, 1 = first; or the seat knocked out, perhaps the slower player's own),
    and when it was clicked (None when unknown: a timer, or a client that gave no time)."""

    winner: Seat
    won: str
    of: int
    at_ms: int | None


def stamp(action: ArenaAction) -> int | None:
    """When the player clicked, in ms, if the action says so."""
    return action.get("at_ms")


def lost_race(state: State, seat: Seat, refused: ActionLike) -> Race | None:
    """The earlier action that made `seat`'s refused action impossible, if a race was why (a
    malformed action lost no race)."""
    try:
        action = cast(ArenaAction, parse(SHAPES, refused, COMMON))
    except RuleError:
        return None
    knocked = _knocked_out(state, seat)
    if knocked is not None:
        return knocked
    if action.get("type") == "marker" and state["turn_based"]:
        return _marker_taken(state, seat, action.get("marker"))
    if action.get("type") in ("attack", "use"):  # a basic attack, or a card aimed at a figure
        return _knocked_out(state, action.get("target"))
    return None


def _knocked_out(state: State, seat: int | None) -> Race | None:
    if seat is None or not 0 <= seat < state["players"]:
        return None
    figure = state["figures"][seat]
    if figure["status"] != OUT:
        return None
    winner = next(s for s, trophies in enumerate(state["trophies"]) if seat in trophies)
    return Race(winner, KNOCKOUT, seat, figure["out_ms"])


def _marker_taken(state: State, seat: Seat, marker: int | None) -> Race | None:
    markers = state["tb"]["markers"]
    if seat in markers or marker is None or not 1 <= marker <= len(markers):
        return None
    holder = markers[marker - 1]
    if holder is None:
        return None
    return Race(holder, MARKER, marker, state["tb"]["stamps"][marker - 1])

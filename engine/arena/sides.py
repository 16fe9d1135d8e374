"""Sides: what a round ranks and who may not target whom. The core rules ask only this module.

A side is one player alone, or a team when the match formed teams at setup (Alliances: engine/arena/
teams.py forms them into state["teams"]; the rules core never imports it). Rounds and the match count
sides either way: a round ends when one side is left standing; a side scores its cup (the team cup:
the sum of what its members dealt, kept per seat so it is clear who dealt what) plus the survivor
bonus per standing figure, and each member gets the side's points (three teams: 4/2/1). Allies
cannot be targeted, and area effects skip them.
"""
from __future__ import annotations

from ..errors import Said
from ..protocol import Seat
from .figures import State, name, standing


def teams_of(state: State) -> list[list[Seat]] | None:
    """The teams the match formed (Alliances), else None (a game stored before Alliances has no "teams")."""
    return state.get("teams")


def sides(state: State, seats: list[Seat] | None = None) -> list[list[Seat]]:
    """The teams (or, without them, each seat alone) among `seats` (default: every seat), in seat
    order; a side with none of them is left out."""
    among = range(state["players"]) if seats is None else seats
    teams = teams_of(state) or [[s] for s in range(state["players"])]
    return [[s for s in team if s in among] for team in teams if any(s in among for s in team)]


def side_of(state: State, seat: Seat) -> list[Seat]:
    return next(team for team in sides(state) if seat in team)


def allied(state: State, a: Seat, b: Seat) -> bool:
    """Whether two different seats play on one team (allies cannot target each other)."""
    return a != b and b in side_of(state, a)


def standing_sides(state: State) -> list[list[Seat]]:
    """The sides with a figure still standing: the round ends when one (or none) is left."""
    return sides(state, standing(state))


def cup(state: State, side: list[Seat]) -> int:
    """The team cup: every hit its members landed this round."""
    return sum(state["cups"][s] for s in side)


def side_name(state: State, side: list[Seat]) -> str:
    """'Grublic ({0}) and Riparian ({1})': a side as its players, in words each language joins its own way."""
    named = name(state, side[0]) if side else ""
    for seat in side[1:]:
        named = Said("{list} and {item}", list=named, item=name(state, seat))
    return named

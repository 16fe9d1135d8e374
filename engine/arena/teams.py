"""Alliances (option `alliances`, rules 13, 19 and 24, ARENA.md 4.7-4.9): teams with one cup each.

Teams form by seat order, as a table sits: the first half of the seats against the rest, the
larger half first at five players. So 2 v 2 at four players, 3 v 2 at five, 3 v 3 at six (the
rulebook's standard sizes); friends who want to play together join the lobby one after the
other. Fewer than four players cannot make two teams of two or three, so setup refuses them.

A side is what a round ranks: a team in Alliances, otherwise one player alone. Rounds and the
match count sides either way: a round ends when one side is left standing; a side scores its
cup (the team cup: the sum of what its members dealt, kept per seat so it is clear who dealt
what) plus the survivor bonus per standing figure, and each member gets the side's points.
Allies cannot be targeted, and area effects skip them.
"""
from __future__ import annotations

from ..errors import RuleError
from ..protocol import Seat
from .figures import State, name, standing

MIN_PLAYERS = 4


def form_teams(players: int) -> list[list[Seat]]:
    """Two teams by seat order, the first the larger when the seats do not split evenly."""
    if players < MIN_PLAYERS:
        raise RuleError(f"Alliances needs {MIN_PLAYERS}-6 players: two teams of 2 or 3.")
    first = (players + 1) // 2
    return [list(range(first)), list(range(first, players))]


def teams_of(state: State) -> list[list[Seat]] | None:
    """The teams in Alliances, else None (a game stored before Alliances has no "teams")."""
    return state.get("teams")


def sides(state: State, seats: list[Seat] | None = None) -> list[list[Seat]]:
    """The teams (or, without alliances, each seat alone) among `seats` (default: every seat),
    in seat order; a side with none of them is left out."""
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
    """'Grublic ({0}) and Riparian ({1})': a side as its players."""
    return " and ".join(name(state, s) for s in side)


def teams_text(state: State) -> str:
    """The line that tells everyone who plays with whom."""
    return "Alliances: " + " against ".join(side_name(state, team) for team in teams_of(state) or []) + "."

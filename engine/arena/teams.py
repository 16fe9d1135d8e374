"""Alliances (option `alliances`, rules 13, 19 and 24, ARENA.md 4.7-4.9, 4.21): teams with one cup each.

Teams of 2 or 3 (rule 24): 2 v 2 at four players, 3 v 2 at five, 3 v 3 or 2 v 2 v 2 at six. Players
pick a team in the lobby (`TEAMS`: Team A, B or C); at Start whoever has not picked is placed so the
teams are as even as the player count allows (`place_teams`): two teams unless the picks name three,
the seats without a pick filling the teams in seat order, the first teams first. Without any pick (the
simulator) that is the seat order: the first half of the seats against the rest, the larger half first
at five. A pick no even split can mend (four on a team, three teams at five) is refused at Start with
the reason. Fewer than four players cannot make two teams of two or three, so setup refuses them.

The match forms the teams at setup (`form_teams`, into state["teams"]) and says who plays with whom
(`teams_text`). What teams change in play, sides (engine/arena/sides.py), is the core's: it never
imports this module.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..errors import RuleError, Said
from ..protocol import Choice, Seat
from .figures import State
from .sides import side_name, teams_of

MIN_PLAYERS = 4
TEAM_SIZES = (2, 3)  # players on a team (rule 24)
TEAM_LETTERS = "ABC"  # the teams players may pick, in the order they are listed and ranked


class TeamChoice(Choice):
    """The lobby's pick of a team: whoever does not pick is placed evenly, not at random."""

    def fill(self, picks: Sequence[str | None], seed: int) -> list[str]:
        return place_teams(picks)


TEAMS = TeamChoice("team", "Team", {letter: f"Team {letter}" for letter in TEAM_LETTERS}, unique=False,
                   needs=("alliances",), notes={TEAM_LETTERS[2]: "2 v 2 v 2, with six players"},
                   unpicked="whoever does not is placed at Start to make the teams even")


def place_teams(picks: Sequence[str | None]) -> list[str]:
    """Every seat's team: its pick, or for a seat without one the team with the most room left to be
    as even as the count allows (the first such team; the teams with more picks are the larger)."""
    chosen = [p for p in picks if p is not None]
    letters = sorted(set(chosen))
    for letter in TEAM_LETTERS:
        if len(letters) >= 2:
            break
        if letter not in letters:
            letters.append(letter)
    letters.sort()
    players, teams = len(picks), len(letters)
    larger = sorted(letters, key=lambda t: (-chosen.count(t), t))[:players % teams]
    room = {t: players // teams + (t in larger) - chosen.count(t) for t in letters}
    placed: list[str] = []
    for pick in picks:
        if pick is None:
            pick = max(letters, key=lambda t: (room[t] > 0, -letters.index(t)))
            room[pick] -= 1
        placed.append(pick)
    return placed


def form_teams(players: int, picks: Sequence[str] | None = None) -> list[list[Seat]]:
    """The teams, in the order of their letters: by the picks (`place_teams` filled them), or
    without picks two teams by seat order, the first the larger when the seats do not split evenly."""
    if players < MIN_PLAYERS:
        raise RuleError("Alliances needs {least}-6 players: teams of 2 or 3.", least=MIN_PLAYERS)
    if picks is None:
        first = (players + 1) // 2
        return [list(range(first)), list(range(first, players))]
    teams = {letter: [s for s, p in enumerate(picks) if p == letter] for letter in sorted(set(picks))}
    if len(teams) < 2:
        raise RuleError("Alliances needs two teams at least: pick another team in the lobby.")
    for letter, seats in teams.items():
        if len(seats) not in TEAM_SIZES:
            raise RuleError("Alliances plays teams of 2 or 3, and Team {team} has {size} with {players} players: "
                            "pick another team in the lobby ({even}).", team=letter, size=len(seats),
                            players=players, even=even(players))
    return list(teams.values())


def even(players: int) -> str:
    """The teams a player count makes: '2 v 2', '3 v 2', '3 v 3 or 2 v 2 v 2'."""
    return {4: "2 v 2", 5: "3 v 2", 6: "3 v 3 or 2 v 2 v 2"}.get(players, "4 to 6 players")


def teams_text(state: State) -> str:
    """The line that tells everyone who plays with whom."""
    teams = [side_name(state, team) for team in teams_of(state) or []]
    against = teams[0] if teams else ""
    for team in teams[1:]:
        against = Said("{list} against {item}", list=against, item=team)
    return Said("Alliances: {teams}.", teams=against)

"""Shared by Eye for an Eye's mode tests: the simulator's verdict, and directed players' choices.

Random legal play seldom reaches a mode's scoring, so the mode tests list what a player with a
goal would do (walk to the flower, climb the hill, hunt Nymphlets): the rules stay the engine's.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.arena.board import COMPASS
from engine.hexgrid import distance, neighbour
from engine.rng import Rng
from engine.simulate import main, play_one

Action = dict[str, Any]


def simulated(capsys: Any, argv: list[str]) -> dict[str, Any]:
    """`python -m engine.simulate <argv> --json` run in process: its exit code checked, its figures."""
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def first_wanted(actions: list[Action], *wanted: Callable[[Action], bool]) -> list[Action]:
    """The actions the first wish that any of them meets picks out; every action when none does."""
    for wish in wanted:
        chosen = [a for a in actions if wish(a)]
        if chosen:
            return chosen
    return actions


def clean_simulation(capsys: Any, *options: str, seed: int | None = None, games: int = 3) -> None:
    """`python -m engine.simulate arena --players 4 --option <each> --games 3 [--seed s]`: every
    game keeps every invariant and replays to its snapshot."""
    argv = ["arena", "--players", "4", *[a for o in options for a in ("--option", o)], "--games", str(games)]
    figures = simulated(capsys, argv + ([] if seed is None else ["--seed", str(seed)]))
    assert figures["failures"] == 0 and figures["games"] == games


def nearing(state: dict[str, Any], seat: int, step: str, goals: list[list[int]]) -> int:
    """How much nearer to the nearest of `goals` one step takes the seat's figure (a turn, or no
    goal: 0)."""
    if step not in COMPASS or not goals:
        return 0
    here = state["figures"][seat]["hex"]
    to = neighbour(here, COMPASS.index(step))
    return min(distance(here, h) for h in goals) - min(distance(to, h) for h in goals)


class Patient(Rng):
    """A chooser that seldom lets a timer run out (1 in `once_in` actions), so figures can walk;
    engine/simulate asks it `below(20) == 0` before each action."""

    once_in = 60

    def below(self, n: int) -> int:
        if n == 20:
            return 0 if super().below(self.once_in) == 0 else 1
        return super().below(n)


def goal_matches(game: Any, players: int, options: dict[str, Any]) -> None:
    """Two seeded matches of players with a goal (`game` lists what they would do), with every
    check of the simulator: someone scores, and the outcome is the match points."""
    for seed in range(2):
        state, _, outcome = play_one(game, players, options, seed, Patient(seed))
        assert any(any(r["scores"]) for r in state["results"]), state["results"]
        assert outcome.scores == tuple(float(p) for p in state["points"])

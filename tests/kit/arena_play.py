"""Shared by Eye for an Eye's mode and random-play tests: the simulator's verdict, directed players'
choices, and the players of random play (patient, brawling, adventurous).

Random legal play seldom reaches a mode's scoring, so the mode tests list what a player with a
goal would do (walk to the flower, climb the hill, hunt Nymphlets): the rules stay the engine's.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.arena import EyeForAnEye
from engine.arena.board import COMPASS
from engine.arena.data import STANDARD
from engine.arena.figures import character, standing
from engine.computers import LEVELS
from engine.computers.play import START, play_game
from engine.hexgrid import distance, neighbour
from engine.replay import replay
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


class Brawl(EyeForAnEye):
    """The same rules, listing only what a brawler would do: strike when it can, answer when
    struck, otherwise close in on the nearest enemy. The listing changes, never the rules."""

    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        kinds = {a["type"] for a in actions}
        for wanted in (("parry", "take"), ("attack",)):
            chosen = [a for a in actions if a["type"] in wanted]
            if chosen:
                return chosen
        if "roll" in kinds:  # turn-based: use every roll before taking a marker
            actions = [a for a in actions if a["type"] != "marker"]
        moves = [a for a in actions if a["type"] == "move" and self._closer(state, seat, a["steps"][0])]
        rest = [a for a in actions if a["type"] in ("auto", "roll", "marker", "ready", "heal", "end_turn")
                or (a["type"] == "auto_parry" and not a["on"])]
        if not moves and not rest and "pass" in kinds:
            return [{"type": "pass"}]
        return moves + rest or actions

    @staticmethod
    def _closer(state, seat, step):
        """A step towards the nearest enemy, or a turn when one is adjacent (to face it)."""
        me = state["figures"][seat]
        enemies = [state["figures"][s]["hex"] for s in standing(state) if s != seat]
        if not enemies:
            return False
        near = min(distance(me["hex"], e) for e in enemies)
        if step in ("L", "R"):
            return near == 1
        from engine.arena.board import COMPASS
        from engine.hexgrid import neighbour
        to = neighbour(me["hex"], COMPASS.index(step))
        return min(distance(to, e) for e in enemies) < near


class LongRounds(Patient):
    """A chooser that lets a timer run out only 1 in 500 actions, so rounds last long enough for fights."""

    once_in = 500


class Adventure(Brawl):
    """A brawler with the advanced rules: answers with any reaction, uses any card it can (its
    innate action when none), readies cards with its Ready dice and loads them with Special (or
    Attack) dice before its innate action."""

    def legal_actions(self, state, seat):
        actions = EyeForAnEye.legal_actions(self, state, seat)
        cards = {c.key for c in character(state, seat).cards}
        for wanted in (("react", cards), ("use", cards), ("use", None), ("allocate", cards), ("allocate", None)):
            chosen = [a for a in actions if a["type"] == wanted[0] and a.get("track") not in STANDARD
                      and (wanted[1] is None or a["track"] in wanted[1])]
            if chosen:
                return chosen
        return super().legal_actions(state, seat)


def states_of_a_match(options: dict[str, bool], players: int, seed: int) -> list[dict[str, Any]]:
    """The state at the start, every 100 steps and at the end of a match of computers."""
    game = EyeForAnEye()
    played = play_game(game, [LEVELS[s % 3] for s in range(players)], options, seed, check=False)
    return [replay(game, players, options, seed, START, played.log[:n])
            for n in (*range(0, len(played.log), 100), len(played.log))]

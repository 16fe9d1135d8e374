"""Whole games with computers in every seat, the table's loop without the table.

The simulator (`python -m engine.simulate GAME --bots hard`), the bench (`python -m bench.bots`) and
the policies' tests play through here. Time is simulated: each step goes to whoever is due first,
a computer's plan or the game's own deadline (applied as TIMEOUT), exactly as the table would.

A seat's level may also be RANDOM: uniformly random legal play, a baseline for the bench only. It
reads `legal_actions` from the state, which no real computer may do.
"""
from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import RuleError
from ..protocol import TIMEOUT, Action, Game, Outcome, Seat, State, View, canonical
from ..replay import LoggedAction, replay
from ..rng import Rng
from . import Mind, choose, policy_for, think

RANDOM = "random"
RANDOM_PAUSE = (1.0, 4.0)  # seconds a random player waits between actions
START = 1_700_000_000.0
MAX_STEPS = 20_000


class Stuck(Exception):
    """A game with computers that could not go on: nobody due and no timer, or a refused action."""


@dataclass
class Played:
    state: State
    log: list[LoggedAction]
    outcome: Outcome
    decisions: list[float] = field(default_factory=list)  # seconds of CPU per decision (think or choose; not the view)


def _random_due(rng: Rng, now: float) -> float:
    low, high = RANDOM_PAUSE
    return now + low + (high - low) * rng.below(1000) / 1000


def play_game(game: Game, levels: Sequence[str], options: dict[str, Any], seed: int,
              check: bool = True) -> Played:
    """One game to the end with seat i played at `levels[i]`; raises Stuck if it cannot end.

    With `check`, after every step the state survives JSON and the invariants hold, and at the end
    the log replays to the same snapshot (the checks of `engine.simulate`)."""
    players = len(levels)
    now = START
    state = game.setup(players, options, seed, now)
    policy = policy_for(game)
    minds = [Mind.new(seat, level if level != RANDOM else "easy", seed) for seat, level in enumerate(levels)]
    randoms = {seat: Rng(seed ^ (0xBA5E + seat)) for seat, level in enumerate(levels) if level == RANDOM}
    log: list[LoggedAction] = []
    decisions: list[float] = []
    seen: dict[Seat, View] = {}  # each computer's view of the state as it is now (policies only read them)

    def replan() -> None:
        for seat, rng in randoms.items():
            if minds[seat].due is None and game.legal_actions(state, seat):
                minds[seat].due = _random_due(rng, now)
        thinking = [mind for mind in minds if mind.seat not in randoms]
        views = game.views(state, [mind.seat for mind in thinking], shared=True)  # built together, parts shared
        seen.clear()
        for mind, view in zip(thinking, views, strict=True):
            seen[mind.seat] = view
            cpu = time.process_time()
            think(policy, mind, view, now)
            decisions.append(time.process_time() - cpu)

    replan()
    for _ in range(MAX_STEPS):
        outcome = game.outcome(state)
        if outcome is not None:
            break
        due = [(mind.due, mind.seat) for mind in minds if mind.due is not None]
        deadline = game.next_deadline(state)
        first = min(due) if due else None
        seat: Seat | None
        action: Action | None
        if first is not None and (deadline is None or first[0] < deadline):
            now = max(now, first[0])
            seat = first[1]
            mind = minds[seat]
            if seat in randoms:
                mind.due = None
                legal = game.legal_actions(state, seat)
                action = randoms[seat].choice(legal) if legal else None
            else:
                view = seen[seat]  # the state has not changed since the seat last thought
                cpu = time.process_time()
                action = choose(policy, mind, view, now)
                decisions.append(time.process_time() - cpu)
        elif deadline is not None:
            now = max(now, deadline)
            seat, action = None, dict(TIMEOUT)
        else:
            raise Stuck(f"seed {seed}: nobody is due and no timer runs")
        if action is not None:
            try:
                state, _ = game.apply(state, seat, action, now)
            except RuleError as refused:
                raise Stuck(f"seed {seed}: seat {seat} chose a refused action {action}: {refused}") from refused
            log.append(LoggedAction(seat, action, now))
            if check:
                _check_step(game, state, action)
        replan()
    else:
        raise Stuck(f"seed {seed}: no end after {MAX_STEPS} steps")
    if check and canonical(replay(game, players, options, seed, START, log)) != canonical(state):
        raise Stuck(f"seed {seed}: the log does not replay to the snapshot")
    return Played(state, log, outcome, decisions)


def _check_step(game: Game, state: State, action: Action) -> None:
    if json.loads(canonical(state)) != state:
        raise Stuck(f"the state does not survive JSON after {action}")
    broken = game.invariants(state)
    if broken:
        raise Stuck(f"invariant broken after {action}: {'; '.join(broken)}")

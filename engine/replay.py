"""Rebuild a game from its seed and action log: the check that the snapshot tells the truth."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .protocol import Action, Game, Seat, State


@dataclass(frozen=True)
class LoggedAction:
    seat: Seat | None
    action: Action
    now: float


def replay(game: Game, players: int, options: dict[str, bool], seed: int, started: float,
           log: Iterable[LoggedAction]) -> State:
    state = game.setup(players, options, seed, started)
    for entry in log:
        state, _ = game.apply(state, entry.seat, entry.action, entry.now)
    return state

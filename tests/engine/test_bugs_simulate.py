"""Bugs & Co under random play: every player count, invariants after every action, replay = snapshot."""
from __future__ import annotations

import pytest

from engine import bugs as B
from engine import simulate
from engine.protocol import canonical
from engine.replay import replay
from engine.rng import Rng

GAME = B.Bugs()


@pytest.mark.parametrize("players", [2, 5, 8])
def test_long_random_games_reach_the_trophies_the_countdown_and_the_end(players, monkeypatch):
    """With the clock rarely run out, players keep tiles, take every trophy and the countdown ends it."""
    monkeypatch.setattr(simulate, "TIMEOUT_CHANCE", 400)
    state, log, outcome = simulate.play_one(GAME, players, {}, seed=players, chooser=Rng(players))
    assert not state["trophies"] and state["end"] in ("countdown", "stopped", "max")
    assert sum(len(h) for h in state["hands"]) > 0 and len(outcome.ranks) == players
    rebuilt = replay(GAME, players, {}, players, simulate.START, log)
    assert canonical(rebuilt) == canonical(state)

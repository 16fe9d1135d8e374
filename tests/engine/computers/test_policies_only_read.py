"""Computers only read the views they are given: `engine/computers/play.py` hands every seat views that
share their parts (`Game.views(..., shared=True)`) and gives a seat the view it last thought over when
its plan comes due, which plays exactly as separate fresh views would only because no policy changes one."""
from __future__ import annotations

import pytest

from engine import registry
from engine.computers import LEVELS, Policy, has_policy, policy_for
from engine.computers import play as play_module
from engine.computers.play import play_game
from engine.protocol import canonical

registry.load()
GAMES = [name for name in registry.names() if has_policy(name)]


class Watching(Policy):
    """The game's policy, failing the test if a call changes the view it was handed."""

    def __init__(self, inner: Policy) -> None:
        self.inner, self.game, self.calls = inner, inner.game, 0

    def _watched(self, step: str, mind, view, *args):
        before = canonical(view)
        result = getattr(self.inner, step)(mind, view, *args)
        assert canonical(view) == before, f"{self.game}: {step} changed its view"
        self.calls += 1
        return result

    def observe(self, mind, view, now):
        return self._watched("observe", mind, view, now)

    def when(self, mind, view, now, rng):
        return self._watched("when", mind, view, now, rng)

    def decide(self, mind, view, now, rng):
        return self._watched("decide", mind, view, now, rng)


@pytest.mark.parametrize("name", GAMES)
def test_no_computer_changes_the_view_it_reads(name, monkeypatch):
    game = registry.get(name)
    watching = Watching(policy_for(game))
    monkeypatch.setattr(play_module, "policy_for", lambda _game: watching)
    options = {o.key: o.default for o in game.options}
    levels = [LEVELS[s % len(LEVELS)] for s in range(min(game.max_players, 3))]  # every level, views shared
    play_game(game, levels, options, seed=7, check=False)
    assert watching.calls > 0

"""A real refusal of the engine: a game freshly set up, asked to make a move it forbids."""
from __future__ import annotations

import pytest

from engine import registry
from engine.errors import RuleError


def refused(game: str, players: int, seat: int | None, action: dict) -> RuleError:
    registry.load()
    rules = registry.get(game)
    with pytest.raises(RuleError) as caught:
        rules.apply(rules.setup(players, {}, 1, 1000.0), seat, action, 1000.0)
    return caught.value

"""The contract every registered game keeps, checked on random play (OpenSpiel's random_sim_test)
at every player count and with each option: views are JSON and never share data with the state,
every listed legal action is one `explain` accepts and `apply` takes without touching the caller's
state, the game's invariants hold after every action, a game that waits on someone has a move for
them or a timer, replay from the seed and the log gives the snapshot, and the game ends. (The games'
own random tests left are the directed players' and the option combinations'; `python -m
engine.simulate` plays thousands.)"""
from __future__ import annotations

import copy
import gc
import json

import pytest

from engine import registry
from engine.protocol import TIMEOUT, canonical
from engine.replay import LoggedAction, replay
from engine.rng import Rng

registry.load()
GAMES = [name for name in registry.names() if name in {m.rsplit(".", 1)[-1] for m in registry.BUILTIN}]
MAX_STEPS = 6000


def cases():
    for name in GAMES:
        game = registry.get(name)
        counts = list(range(game.min_players, game.max_players + 1))
        for players in counts:
            yield pytest.param(name, players, {o.key: False for o in game.options}, id=f"{name}-{players}")
        for option in game.options:
            most = option.max_players or counts[-1]  # King of the Hill: 4 of Eye for an Eye's 6
            yield pytest.param(name, most, {o.key: o.key == option.key for o in game.options},
                               id=f"{name}-{most}-{option.key}")


def check_views(game, state, players):
    held = containers(state)
    for seat in [None, *range(players)]:
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view, f"the view of {seat} is not plain JSON"
        assert not containers(view) & held, f"the view of {seat} shares a list or dict with the state: changing it would change the game"


def containers(value) -> set[int]:
    """Every list and dict inside `value`, by identity: a careless caller could change any of them,
    and what the state holds would change with it if the view shared one. Walked a level at a time
    (gc.get_referents lists what a dict or list holds)."""
    found: set[int] = set()
    level = [value]
    while level:
        level = [item for item in level if isinstance(item, (dict, list))]
        found.update(map(id, level))
        level = gc.get_referents(*level)
    return found


@pytest.mark.parametrize("name,players,options", list(cases()))
def test_random_play_keeps_the_contract(name, players, options):
    game = registry.get(name)
    chooser = Rng(7 * players + len(name))
    now = start = 1_000.0
    state = game.setup(players, options, 11, now)
    log = []
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        check_views(game, state, players)
        assert game.invariants(state) == [], f"broken after {len(log)} actions: {game.invariants(state)}"
        choices = [(seat, action) for seat in range(players) for action in game.legal_actions(state, seat)]
        for seat, action in choices[:: max(1, len(choices) // 8)]:
            assert game.explain(state, seat, action, now) is None, f"{action} by {seat} is listed but refused"
        deadline = game.next_deadline(state)
        waiting = game.waiting_for(state)
        assert not waiting or deadline is not None or any(seat in waiting for seat, _ in choices), \
            f"waiting on {waiting} who have no move, and no timer runs"
        if deadline is not None and (not choices or chooser.below(20) == 0):
            now = max(now, deadline)
            seat, action = None, dict(TIMEOUT)
        else:
            assert choices, "no move and no timer: the game is stuck"
            seat, action = chooser.choice(choices)
            now += 1.0
        before, was = state, canonical(state)
        state, _ = game.apply(state, seat, copy.deepcopy(action), now)
        assert canonical(before) == was, f"{action} by {seat} changed the caller's state: apply must be pure"
        log.append(LoggedAction(seat, action, now))
    outcome = game.outcome(state)
    assert outcome is not None, f"no end after {MAX_STEPS} actions"
    assert len(outcome.ranks) == players and min(outcome.ranks) == 1
    assert canonical(replay(game, players, options, 11, start, log)) == canonical(state)

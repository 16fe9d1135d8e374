"""Eye for an Eye, the Rainforest with Alliances under random play (engine/simulate): invariants
after every action (health and dice conserved, locked dice included), replay equal to the
snapshot, and the stream's actions played, not only listed."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.arena import EyeForAnEye
from engine.simulate import main, play_one
from tests.kit.arena_play import LongRounds


@pytest.mark.parametrize("players", [4, 5, 6])
@pytest.mark.parametrize("turn_based", [False, True])
def test_random_rainforest_alliance_play_keeps_the_invariants_and_replays(players, turn_based, capsys):
    """`python -m engine.simulate arena --players N --option rainforest --option alliances`."""
    argv = ["arena", "--players", str(players), "--games", "2", "--seed", str(70 + players), "--json",
            "--option", "rainforest", "--option", "alliances"]
    assert main(argv + (["--option", "turn_based"] if turn_based else [])) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["failures"] == 0 and figures["games"] == 2


@pytest.mark.parametrize("turn_based", [False, True])
def test_random_advanced_rainforest_play_goes_with_the_flow_and_fills_the_currents(turn_based):
    """Advanced rules: flows and dice on the tracks are listed, so random play takes them, and
    tracks fill and move figures; every game keeps the invariants and replays to its snapshot."""
    game, chooser = EyeForAnEye(), LongRounds(5)  # few timers run out: figures get as far as the stream
    options = {"rainforest": True, "alliances": True, "advanced": True, "turn_based": turn_based}
    played, filled = Counter(), 0
    for seed in range(3):
        _, log, outcome = play_one(game, 4, options, seed, chooser)  # raises on any broken check
        assert outcome is not None
        played.update(e.action["type"] for e in log)
        played.update("flow" for e in log if e.action.get("flow"))
        replayed = game.setup(4, options, seed, 1_700_000_000.0)
        for entry in log:
            replayed, events = game.apply(replayed, entry.seat, entry.action, entry.now)
            filled += sum(1 for e in events if "fills the" in e.text)
    assert played["current"] > 10 and played["flow"] > 0 and filled > 0, (played, filled)

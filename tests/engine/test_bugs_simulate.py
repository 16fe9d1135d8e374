"""Bugs & Co in the simulator: its computers play it to the end the way players do (issue 26, item 8),
and random play, swaps included, keeps every invariant and replays."""
from __future__ import annotations

import json

import pytest

from engine import bugs as B
from engine import simulate
from engine.protocol import canonical
from engine.replay import replay
from engine.rng import Rng

GAME = B.Bugs()


@pytest.mark.parametrize("players", [2, 4])
def test_the_simulator_plays_bugs_with_its_computers_to_the_countdown_and_counts_the_endings(players, capsys):
    assert simulate.main(["bugs", "--players", str(players), "--games", "4", "--seed", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["played_by"] == ",".join(["hard", "normal", "easy", "hard"][:players])  # levels mixed by seat
    assert figures["failures"] == 0
    assert figures["endings"] == {"countdown": 4}  # trophies taken, the countdown run out, hands scored
    assert figures["timeouts"] == 4 * B.COUNTDOWN_BEATS  # the table's only clock: the beats
    assert figures["mean_actions"] > 40


def test_random_play_is_still_there_on_request_and_its_endings_are_counted(capsys):
    assert simulate.main(["bugs", "--games", "3", "--random", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["played_by"] == "random legal actions" and sum(figures["endings"].values()) == 3
    assert set(figures["endings"]) <= {"countdown", "idle", "max", "stopped", "alone"}


@pytest.mark.parametrize("players", [2, 5, 8])
def test_long_random_games_with_swaps_keep_every_invariant_and_replay(players, monkeypatch):
    """With the clock rarely run out, random players look, swap, keep and stop; every step is checked."""
    monkeypatch.setattr(simulate, "TIMEOUT_CHANCE", 400)
    state, log, outcome = simulate.play_one(GAME, players, {}, seed=players, chooser=Rng(players))
    assert state["end"] in ("countdown", "stopped", "max", "idle") and len(outcome.ranks) == players
    assert state["moved"]["n"] > 10 and any(e.action.get("type") == "keep" for e in log)
    rebuilt = replay(GAME, players, {}, players, simulate.START, log)
    assert canonical(rebuilt) == canonical(state)

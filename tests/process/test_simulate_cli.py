"""`python -m engine.simulate`: plays, checks, reports, and fails loudly."""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.protocol import Event
from engine.registry import register
from engine.simulate import main
from tests.kit.toygames import Tally

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

ROOT = Path(__file__).resolve().parents[2]
_CALLS = itertools.count()


@register
class LeakyTally(Tally):
    """A broken game: its invariant fails once the total passes 4."""

    name = "leaky"

    def invariants(self, state):
        return ["total passed 4"] if state["total"] > 4 else []


@register
class ForgetfulTally(Tally):
    """A broken game: it keeps hidden memory outside its state, so replay cannot give the snapshot."""

    name = "forgetful"

    def play(self, state, seat, action, now):
        events = super().play(state, seat, action, now)
        state["calls"] = next(_CALLS)  # counts every call ever made, not this game's actions
        return events + [Event("x")]


def test_simulation_prints_figures_as_json(capsys):
    assert main(["tally", "--players", "3", "--games", "50", "--seed", "4", "--module", "tests.kit.toygames",
                 "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 50 and figures["failures"] == 0
    assert sum(figures["wins_by_seat"].values()) == 50 and figures["games_per_second"] > 0


def test_a_broken_invariant_fails_the_run(capsys):
    assert main(["leaky", "--players", "2", "--games", "5"]) == 1
    assert "invariant broken" in capsys.readouterr().out


def test_a_replay_mismatch_fails_the_run(capsys):
    assert main(["forgetful", "--players", "2", "--games", "3"]) == 1
    assert "replay" in capsys.readouterr().out


def test_wrong_player_count_and_unknown_game_exit_2(capsys):
    assert main(["tally", "--players", "9", "--module", "tests.kit.toygames"]) == 2
    assert main(["no-such-game"]) == 2


def test_the_command_line_runs_a_real_game():
    done = subprocess.run([sys.executable, "-m", "engine.simulate", "dragon", "--players", "2", "--games", "2",
                           "--seed", "1"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "failures: 0" in done.stdout

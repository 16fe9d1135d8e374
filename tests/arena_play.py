"""Shared by Eye for an Eye's mode tests: the simulator's verdict, and directed players' choices.

Random legal play seldom reaches a mode's scoring, so the mode tests list what a player with a
goal would do (walk to the flower, climb the hill, hunt Nymphlets): the rules stay the engine's.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.simulate import main

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

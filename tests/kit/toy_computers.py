"""The computer player of the toy game `tally`, for the table's tests of computers.

It plays on its turn after a pause per level (hard 1 s, normal 2 s, easy 20 s: long enough for
a process test to stop the bot while its move is pending); hard adds 2,
the others 1. It counts the views it has seen in its memory, so a test can see memory kept.
"""
from __future__ import annotations

from engine.computers import EASY, HARD, NORMAL, Mind, Policy
from engine.protocol import Action, View
from engine.rng import Rng

PAUSE = {EASY: 20.0, NORMAL: 2.0, HARD: 1.0}


class TallyPolicy(Policy):
    game = "tally"

    def observe(self, mind: Mind, view: View, now: float) -> None:
        mind.memory["seen"] = mind.memory.get("seen", 0) + 1

    def when(self, mind: Mind, view: View, now: float, rng: Rng) -> float | None:
        if view["winner"] is not None or view["turn"] != mind.seat:
            return None
        return mind.due if mind.due is not None else now + PAUSE[mind.level]

    def decide(self, mind: Mind, view: View, now: float, rng: Rng) -> Action | None:
        if view["turn"] != mind.seat:
            return None
        return {"type": "add", "n": 2 if mind.level == HARD else 1}


POLICY = TallyPolicy()

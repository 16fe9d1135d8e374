"""The arena's computer: reads its seat's view, plans when it acts (timing) and picks one action
(real time or turn-based)."""
from __future__ import annotations

from ...protocol import Action, View
from ...rng import Rng
from .. import Mind, Policy
from . import realtime, timing, turn_based
from .levels import level_of
from .scene import read


class ArenaPolicy(Policy):
    game = "arena"

    def when(self, mind: Mind, view: View, now: float, rng: Rng) -> float | None:
        need = timing.needed(view, mind.seat)
        if need is None:
            mind.memory.pop("moment", None)
            return None
        moment = timing.moment(view, mind.seat)
        if mind.due is not None and mind.due >= now and mind.memory.get("moment") == moment:
            return mind.due
        mind.memory["moment"] = moment
        return now + timing.pause(mind.level, level_of(mind.level), view, need, rng)

    def decide(self, mind: Mind, view: View, now: float, rng: Rng) -> Action | None:
        need = timing.needed(view, mind.seat)
        if need is None:
            return None
        if view["phase"] == "start":
            return {"type": "ready"}
        scene = read(view)
        level = level_of(mind.level)
        if view["mode"] == "turn_based":
            return turn_based.decide(scene, level, now)
        return realtime.decide(scene, level, now, rng)

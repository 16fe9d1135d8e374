"""Real time: one action a decision, the most urgent first. Answer a window; strike what stands
in the front arc (Echo: or in a Guard's); call a Guard; use a card; heal when low; walk the whole
way to the goal when the dice allow; otherwise work the dice (allocate what fits, roll the rest)
and walk part of the way."""
from __future__ import annotations

from ...protocol import Action
from ...rng import Rng
from . import allocation, luftles, tactics
from .answers import answer, open_window, waiting_on_me
from .levels import Level
from .scene import Scene


def decide(scene: Scene, level: Level, now: float, rng: Rng) -> Action | None:
    window = open_window(scene)
    if window is not None:
        return answer(scene, window)
    if waiting_on_me(scene) or scene.view.get("paused"):
        return None
    if level.blunder and rng.below(100) < level.blunder:
        return None
    if tactics.foe_in_front(scene) and level.careful_dice and scene.room("attack") \
            and scene.count("attack") < 2:
        return {"type": "allocate", "track": "attack"}  # a stronger blow first
    action = (tactics.strike(scene, level) or luftles.strike(scene) or luftles.call(scene)
              or tactics.card(scene, level) or tactics.heal(scene, level))
    if action is not None:
        return action
    steps = tactics.plan(scene, level, now)
    moves = scene.count("move") if scene.ready("move") else 0
    if steps and moves >= len(steps):
        return tactics.move(steps, moves)
    action = allocation.allocate(scene, level, attack_first=tactics.foe_in_front(scene))
    if action is not None:
        return action
    if steps and moves and (moves >= 2 or not scene.seat["pool"]):
        return tactics.move(steps, moves)
    if allocation.can_roll(scene):
        return {"type": "roll"}
    return allocation.recover(scene, need_moves=bool(steps))

"""Turn-based play (the `turn_based` option): a one-step heuristic on the view, no search.

Roll phase: allocate what fits, reroll the rest while rolls are left, then take the earliest
free marker. Turn phase, on its turn: strike (a rear attack is never rolled against, so the
path search prefers the foe's rear for the levels that know it), use a card, heal when low,
move toward the goal with the dice there are; then end the turn, or pass when nothing is left.
Domination's declaration: Trigger when standing on the flower's area, and roll every pool die."""
from __future__ import annotations

from ...protocol import Action
from . import allocation, tactics
from .answers import answer, open_window
from .levels import Level
from .scene import Scene, key

TB_ACTIONS = 2


def decide(scene: Scene, level: Level, now: float) -> Action | None:
    view = scene.view
    window = open_window(scene)
    if window is not None:
        return answer(scene, window)
    phase = view["phase"]
    if phase == "roll":
        return roll_phase(scene, level)
    if phase == "turns":
        turns = view.get("turns") or {}
        if turns.get("active") != scene.me or view["pending"]:
            return None
        return my_turn(scene, level, now, acted=int(turns.get("actions_left", TB_ACTIONS)) < TB_ACTIONS)
    if phase == "declare":
        return declare(scene)
    return None


def roll_phase(scene: Scene, level: Level) -> Action | None:
    if scene.seat["marker"] is not None:
        return None
    action = allocation.allocate(scene, level, attack_first=True)
    if action is not None:
        return action
    if scene.seat["pool"] and scene.seat["rolls_left"]:
        return {"type": "roll"}
    markers = (scene.view.get("turns") or {}).get("markers") or []
    free = [i + 1 for i, s in enumerate(markers) if s is None]
    return {"type": "marker", "marker": free[0]} if free else None


def my_turn(scene: Scene, level: Level, now: float, acted: bool) -> Action:
    action = tactics.strike(scene, level) or tactics.card(scene, level) or tactics.heal(scene, level)
    if action is not None:
        return action
    moves = scene.count("move") if scene.ready("move") else 0
    step = tactics.move(tactics.plan(scene, level, now), moves)
    if step is not None:
        return step
    return {"type": "end_turn"} if acted else {"type": "pass"}


def declare(scene: Scene) -> Action | None:
    mode = scene.mode
    declared = mode.get("declared") or []
    if scene.me >= len(declared) or declared[scene.me] is not None or scene.seat["status"] != "standing":
        return None
    area = {key(h) for h in mode.get("area") or []}
    return {"type": "declare", "trigger": scene.here in area, "dice": len(scene.seat["pool"])}

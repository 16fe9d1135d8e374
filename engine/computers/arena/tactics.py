"""The resolves both timings share: strike a foe (or catch a Nymphlet) in the front arc, use a
card, heal when low, and the Movement toward the chosen goal."""
from __future__ import annotations

from typing import Any

from ...protocol import Action
from . import goals, tribal
from .levels import Level
from .paths import path_to, reachable
from .scene import Scene, key


def pending_catches(scene: Scene) -> set[int]:
    return {int(p["nymphlet"]) for p in scene.view["pending"] if p.get("nymphlet") is not None}


def strike(scene: Scene, level: Level) -> Action | None:
    """An attack on the weakest foe (the Ceremony: an enemy Nymphlet first) in the front arc."""
    if not scene.ready("attack"):
        return None
    dice = scene.count("attack")
    front = set(scene.front())
    waiting = pending_catches(scene)
    for i, n in enumerate(scene.mode.get("nymphlets") or []):
        owner = scene.view["seats"][n["owner"]]
        mine = n["owner"] == scene.me or (owner["team"] is not None and owner["team"] == scene.seat["team"])
        if not mine and key(n["hex"]) in front and i not in waiting:
            return {"type": "attack", "nymphlet": i, "dice": dice}
    targets = [f for f in scene.foes if key(f["hex"]) in front]
    if not targets:
        return None
    target = min(targets, key=lambda f: (f["health"], f["seat"])) if level.weakest else targets[0]
    action: dict[str, Any] = {"type": "attack", "target": target["seat"], "dice": dice}
    if level.cards and tribal.flame_blade(scene):
        action["heat"] = True
    return action


def foe_in_front(scene: Scene) -> bool:
    front = set(scene.front())
    return any(key(f["hex"]) in front for f in scene.foes)


def heal(scene: Scene, level: Level) -> Action | None:
    hp, most = scene.seat["health"], scene.seat["max_health"]
    if hp < most and hp <= level.heal_below and scene.ready("heal"):
        return {"type": "heal"}
    return None


def card(scene: Scene, level: Level) -> Action | None:
    return tribal.use(scene) if level.cards else None


def plan(scene: Scene, level: Level, now: float) -> list[str]:
    """The steps toward the goal (every step, though the dice may pay for fewer)."""
    came, depth = reachable(scene)
    goal = goals.choose(scene, level, came, depth, now)
    if goal is None:
        return []
    return path_to(came, goal.pose)


def move(steps: list[str], dice: int) -> Action | None:
    if not steps or dice < 1:
        return None
    return {"type": "move", "steps": steps[:dice]}

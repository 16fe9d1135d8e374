"""The advanced rules' cards the computer plays: it readies only cards whose use it can judge
from the view (Thunderstomp, Ambush, Camouflage, Slow Heat, Luftle Swarm!), and uses one when it
pays: a foe beside it, Heat to gain. Flame Blade's Heat goes on attacks (realtime.py)."""
from __future__ import annotations

from typing import Any

from ...protocol import Action
from .scene import Scene, key

HEAT_MAX = 3
PLAYED = ("thunderstomp", "ambush", "camouflage", "slow_heat", "luftle_swarm")


def cards(scene: Scene) -> list[dict[str, Any]]:
    return [c for c in scene.seat.get("cards") or [] if c["key"] in PLAYED]


def readying_track(scene: Scene) -> str | None:
    """An Unready card of ours with room for a Ready die in the pool (the highest band first)."""
    for card in sorted(cards(scene), key=lambda c: -c["band"]):
        if not card["ready"] and scene.room(card["key"]):
            return str(card["key"])
    return None


def use_track(scene: Scene) -> str | None:
    """A Ready card of ours with room for its use dice in the pool."""
    for card in cards(scene):
        if card["ready"] and scene.room(card["key"]):
            return str(card["key"])
    return None


def use(scene: Scene) -> Action | None:
    """A card to use now, with its fields, if one is worth it."""
    front = set(scene.front())
    for card in cards(scene):
        k = card["key"]
        if not card["ready"] or not scene.ready(k):
            continue
        dice = scene.count(k)
        if k in ("thunderstomp", "luftle_swarm"):
            near = scene.adjacent_foes() if k == "thunderstomp" else [f for f in scene.foes if key(f["hex"]) in front]
            if near:
                return {"type": "use", "track": k, "dice": dice}
        elif k == "ambush":
            targets = [f for f in scene.foes if key(f["hex"]) in front]
            if targets:
                weakest = min(targets, key=lambda f: f["health"])
                return {"type": "use", "track": k, "target": weakest["seat"], "dice": dice}
        elif k == "slow_heat" and int(scene.seat.get("heat") or 0) < HEAT_MAX:
            return {"type": "use", "track": k, "dice": dice}
        elif k == "camouflage" and not any(s["key"] == "hidden" for s in scene.seat.get("statuses") or []):
            return {"type": "use", "track": k, "dice": dice}
    return None


def flame_blade(scene: Scene) -> bool:
    """Incendiary may add an unblockable hit to an attack for a Heat."""
    passives = {p["key"] for p in scene.seat.get("passives") or []}
    return "flame_blade" in passives and int(scene.seat.get("heat") or 0) >= 1

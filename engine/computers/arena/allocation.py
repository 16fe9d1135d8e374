"""Dice work: which track a rolled face goes to, when to roll again, when to take dice back.

Careful levels allocate track by track, by need: Attack, Parry and Movement always; Heal only
once hurt enough that a Heal is near (three Heal dice for one health are dice not fighting);
cards they can play; the hill card when they hold the hill. Easy presses Auto, which fills every
basic track, Heal included, and so often sits on dead dice."""
from __future__ import annotations

from ...protocol import Action
from . import tribal
from .levels import Level
from .scene import Scene, key

BASIC = ("attack", "parry", "move", "heal")


def wanted(scene: Scene, level: Level, attack_first: bool = False) -> list[str]:
    """Tracks to allocate to, most wanted first."""
    order = ["attack", "parry", "move"] if attack_first else ["parry", "attack", "move"]
    hurt = scene.seat["health"] < scene.seat["max_health"]
    if hurt and (not level.careful_dice or scene.seat["health"] <= level.heal_below + 3):
        order.append("heal")
    if "dart" in scene.tracks:
        order.append("dart")
    if level.cards:
        for track in (tribal.use_track(scene), tribal.readying_track(scene)):
            if track is not None:
                order.append(track)
    return order


def hill_room(scene: Scene) -> int:
    card = scene.mode.get("card")
    if not card:
        return 0
    free = [face for face, seat in zip(card["faces"], card["dice"], strict=True) if seat is None]
    pool = [f for f in scene.seat["pool"] if f is not None]
    return sum(min(free.count(face), pool.count(face)) for face in set(free))


def on_hill(scene: Scene) -> bool:
    hill = {key(h) for h in scene.mode.get("hill") or []}
    return scene.here in hill


def allocate(scene: Scene, level: Level, attack_first: bool = False) -> Action | None:
    """The dice to put on a track now, if any face in the pool fits a wanted track."""
    if scene.mode.get("key") == "hill" and hill_room(scene) and (on_hill(scene) or not scene.mode.get("climbing")):
        hill = {key(h) for h in scene.mode["hill"]}
        foes_on = sum(1 for f in scene.foes if key(f["hex"]) in hill)
        ours_on = sum(1 for s in scene.view["seats"] if s["status"] == "standing" and s["hex"] is not None
                      and key(s["hex"]) in hill and s not in scene.foes)
        if not scene.mode.get("climbing") or foes_on <= ours_on:  # a scoring fill must not favour the foes
            return {"type": "hill"}
    tracks = wanted(scene, level, attack_first)
    if not level.careful_dice and any(scene.room(t) for t in BASIC):
        return {"type": "auto"}
    for track in tracks:
        if scene.room(track):
            return {"type": "allocate", "track": track}
    return None


def can_roll(scene: Scene) -> bool:
    return bool(scene.seat["pool"])


def recover(scene: Scene, need_moves: bool) -> Action | None:
    """Every die is allocated and nothing can be done: take back the least useful ones to roll
    them again (Heal at full health; Movement once at the goal; Parry or Attack to walk on)."""
    if scene.seat["pool"]:
        return None
    if scene.count("heal") and scene.seat["health"] >= scene.seat["max_health"]:
        return {"type": "recover", "track": "heal"}
    order = ("parry", "attack", "heal", "dart") if need_moves and not scene.count("move") else \
        ("move", "heal", "dart", "parry") if not need_moves else ()
    for track in order:
        if scene.count(track):
            return {"type": "recover", "track": track}
    return None

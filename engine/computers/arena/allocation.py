"""Dice work: which track a rolled face goes to, when to roll again, when to take dice back.

Careful levels allocate track by track, by need: Attack, Parry and Movement always; Heal only
once hurt enough that a Heal is near (three Heal dice for one health are dice not fighting);
cards they can play; Dart while a Nymphlet of its own is left; Echo's Call the Guard while a Guard waits; the hill card when they hold the
hill, or to climb. Easy presses Auto, which fills every basic track, Heal included, and so often
sits on dead dice."""
from __future__ import annotations

from ...protocol import Action
from . import luftles, tribal
from .levels import Level
from .scene import Scene, key

BASIC = ("attack", "parry", "move", "heal")


def wanted(scene: Scene, level: Level, attack_first: bool = False) -> list[str]:
    """Tracks to allocate to, most wanted first."""
    order = ["attack", "parry", "move"] if attack_first else ["parry", "attack", "move"]
    hurt = scene.seat["health"] < scene.seat["max_health"]
    if hurt and (not level.careful_dice or scene.seat["health"] <= level.heal_below + 3):
        order.append("heal")
    if "dart" in scene.tracks and guards_nymphlets(scene):
        order.append("dart")
    if luftles.wants_dice(scene):  # Echo's Call the Guard, in every game
        order.append(luftles.CALL)
    if level.cards:
        for track in (tribal.use_track(scene), tribal.readying_track(scene)):
            if track is not None:
                order.append(track)
    return order


def guards_nymphlets(scene: Scene) -> bool:
    """The Ceremony: the seat still has Nymphlets of its own on the board (Dart dice guard them)."""
    return any(n["owner"] == scene.me for n in scene.mode.get("nymphlets") or [])


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


def hill(scene: Scene) -> Action | None:
    """King of the Hill: dice onto the hill card when the fill would climb, or score with us on the
    hill (a scoring gives each figure on it as much as any other, and nothing to those off it)."""
    if scene.mode.get("key") == "hill" and hill_room(scene) and (on_hill(scene) or not scene.mode.get("climbing")):
        return {"type": "hill"}
    return None


def allocate(scene: Scene, level: Level, attack_first: bool = False) -> Action | None:
    """The dice to put on a track now, if any face in the pool fits a wanted track."""
    action = hill(scene)
    if action is not None:
        return action
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

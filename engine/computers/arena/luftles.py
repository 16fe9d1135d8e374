"""Echo's Guards, in every game (ARENA.md 4.16): the computer puts Special dice on Call the Guard while
a Guard waits in the supply, calls one beside Echo (on the open hex nearest a foe, facing it), and lets a
Guard on the board take the Attack when a foe stands in that Guard's front arc and none in Echo's."""
from __future__ import annotations

from ...arena.board import sector
from ...hexgrid import distance, neighbour
from ...protocol import Action
from .scene import Scene, key

CALL = "call_the_guard"


def in_supply(scene: Scene) -> bool:
    """Echo has a Guard in the supply (the others have no Guards)."""
    return any(g is None for g in scene.seat.get("guards") or [])


def wants_dice(scene: Scene) -> bool:
    """Special dice should go on Call the Guard: it is this seat's, and a Guard waits to be called."""
    return CALL in scene.tracks and in_supply(scene)


def call(scene: Scene) -> Action | None:
    """Call a Guard beside Echo, once Call the Guard's dice are on it: the open hex nearest a foe, facing it."""
    if not wants_dice(scene) or not scene.ready(CALL) or not scene.foes:
        return None
    around = [key(neighbour(list(scene.here), d)) for d in range(6)]
    spots = [h for h in around if scene.open(h)]
    if not spots:
        return None

    def nearest_foe(h: tuple[int, int]) -> tuple[int, tuple[int, int]]:
        return min((distance(list(h), f["hex"]), key(f["hex"])) for f in scene.foes)

    where = min(spots, key=lambda h: (nearest_foe(h), h))
    foe = nearest_foe(where)[1]
    return {"type": "use", "track": CALL, "hex": list(where), "facing": sector(list(where), list(foe))[0],
            "dice": scene.count(CALL)}


def strike(scene: Scene) -> Action | None:
    """An Attack by a Guard with a foe in its front arc (the weakest), when Echo has none in his."""
    if not scene.ready("attack"):
        return None
    front = set(scene.front())
    if any(key(f["hex"]) in front for f in scene.foes):
        return None  # Echo strikes himself
    for g in scene.seat.get("guards") or []:
        if g is None:
            continue
        arc = {key(h) for h in g["front"]}
        targets = [f for f in scene.foes if key(f["hex"]) in arc]
        if targets:
            target = min(targets, key=lambda f: (f["health"], f["seat"]))
            return {"type": "attack", "target": target["seat"], "by": g["guard"], "dice": scene.count("attack")}
    return None

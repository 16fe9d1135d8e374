"""Turn-based search: every way to spend the actions left of the seat's turn (a Movement to any
pose the Move dice reach, an attack with every Attack die on a foe in the front arc, a Heal, in
either order, or stopping), tried on a model read from the seat's view, each ending weighed.

The model is what the view shows and nothing more: poses, health, the dice on each track, who has
passed. An ending is worth the hits expected to land (a rear attack is never rolled against, so
all of them), a knock-out's worth, and what the seat can still strike next; for the level that
looks ahead, less the hits each foe still to act can land back from the pose its own dice reach
(its rear is open to a foe that can walk behind it). Dice odds are odds.py's."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...arena.board import front_directions
from ...hexgrid import around
from ...protocol import Action
from . import tribal
from .levels import Level
from .odds import landed, lethal
from .paths import Pose, path_to, reach, reachable
from .scene import Key, Scene, key

KO_WORTH = 6.0  # a knock-out: the survivor bonus it takes away, and the hits the foe will not land
HEAL_WORTH = 0.3  # a health point, and three dice back for the next realtime phase
LOW_HEAL_WORTH = 1.5  # the same when a knock-out nears
LOW_HEALTH = 4  # health at which one more blow may knock the seat out: Heal dice are kept
NEXT_TURN = 0.5  # a strike the seat can make on its next turn this game turn (the foe may step away)
STILL_FOE = 0.9  # ...on a foe that has passed and stands still until the next realtime phase
LATER = 0.3  # a foe that has passed strikes only after the next realtime phase
APPROACH = 0.3  # per step still to walk to the nearest striking pose
REAR_STEPS = 2  # steps worth spending to strike from the rear
THREAT = 0.5  # how much a hit the seat may take weighs against one it lands (a draw wins nothing)


@dataclass(frozen=True)
class Body:
    """A figure as the search sees it: its pose, health and the dice it can spend now."""

    seat: int
    pose: Pose
    health: int
    attack: int  # Attack dice, 0 when below the track's minimum
    move: int
    parry: int  # Defence dice a Parry would roll, 0 when below its minimum
    acts: bool  # still to take turns this game turn (has not passed)
    netted: bool


def _ready(seat: dict[str, Any], track: str) -> int:
    t = next((t for t in seat["tracks"] if t["key"] == track), None)
    return int(t["count"]) if t is not None and t["count"] >= t["min"] else 0


def body(seat: dict[str, Any]) -> Body:
    return Body(seat=int(seat["seat"]), pose=(key(seat["hex"]), int(seat["facing"])), health=int(seat["health"]),
                attack=_ready(seat, "attack"), move=_ready(seat, "move"), parry=_ready(seat, "parry"),
                acts=not seat.get("passed"), netted=any(s["key"] == "netted" for s in seat.get("statuses") or []))


def strikes(pose: Pose, target: Key) -> bool:
    beside = around(pose[0])
    return target in [beside[d] for d in front_directions(pose[1])]  # its front arc


def from_rear(source: Key, target: Pose) -> bool:
    """Whether an attack from the adjacent `source` lands on `target`'s rear arc."""
    return not strikes(target, source)


def striking_poses(target: Key) -> list[tuple[Key, int]]:
    """The poses beside `target` that have it in the front arc (three facings per side)."""
    out = []
    for d, h in enumerate(around(target)):
        towards = (d + 3) % 6
        out += [(h, towards), (h, (towards + 1) % 6), (h, (towards - 1) % 6)]
    return out


def _turns(a: int, b: int) -> int:
    return min((a - b) % 6, (b - a) % 6)


class Model:
    """The seat, its foes and how far each foe reaches, read once per decision."""

    def __init__(self, scene: Scene, level: Level) -> None:
        self.scene, self.level = scene, level
        self.me = body(scene.seat)
        self.foes = [body(f) for f in scene.foes]
        self.open_hexes = scene.open_hexes()
        self.reach: dict[int, dict[Pose, int]] = {}
        if level.foresight >= 2:
            for foe in self.foes:
                limit = foe.move if foe.acts else min(4, foe.move + 2)
                self.reach[foe.seat] = reach(foe.pose, limit, self.open_hexes | {foe.pose[0]}, foe.netted)[1]

    def walk(self, start: Key) -> dict[Key, int]:
        """How many hexes each hex is from `start`, walking around stones and figures (read only: kept)."""
        return hexes_away(start, self.open_hexes)

    def threat(self, pose: Pose, hp: int) -> float:
        """What the foes can land on the seat standing at `pose` before its next turn."""
        total = 0.0
        front = set(front_directions(pose[1]))
        for foe in self.foes:
            depth = self.reach.get(foe.seat)
            dice = foe.attack
            if depth is None or dice <= 0:
                continue
            best = 0.0
            for d, h in enumerate(around(pose[0])):
                towards = (d + 3) % 6
                if not any((h, f) in depth for f in (towards, (towards + 1) % 6, (towards - 1) % 6)):
                    continue
                rear = d not in front
                worth = landed(dice, self.me.parry, rear) + KO_WORTH * lethal(dice, self.me.parry, rear, hp)
                best = max(best, worth)
            total += best if foe.acts else LATER * best
        return total

    def steps_to_strike(self, pose: Pose) -> int:
        """Move dice the seat needs to stand striking the nearest foe (99: no way there)."""
        fewest = 99
        for foe in self.foes:
            for h, f in striking_poses(foe.pose[0]):
                walked = self.walk(h).get(pose[0]) if h == pose[0] or self.scene.open(h) else None
                if walked is not None:
                    fewest = min(fewest, walked + _turns(pose[1], f))
        return fewest

    def prospect(self, pose: Pose, attack: int, move: int, more_turns: bool) -> float:
        """What the seat can strike next from `pose` with the dice it keeps, on a foe standing still,
        less a little for every step still to walk (so it closes in when nothing is in reach)."""
        best, nearest = 0.0, 99.0
        for foe in self.foes:
            for h, f in striking_poses(foe.pose[0]):
                if h != pose[0] and not self.scene.open(h):
                    continue
                walked = self.walk(h).get(pose[0])
                if walked is None:
                    continue
                steps = walked + _turns(pose[1], f)
                rear = from_rear(h, foe.pose) if self.level.rear else False
                nearest = min(nearest, steps - (REAR_STEPS if rear else 0))
                if attack and more_turns and steps <= move:
                    worth = landed(attack, foe.parry, from_rear(h, foe.pose))
                    best = max(best, worth * (NEXT_TURN if foe.acts else STILL_FOE))
        return best - APPROACH * nearest


@lru_cache(maxsize=256)
def hexes_away(start: Key, open_hexes: frozenset[Key]) -> dict[Key, int]:
    """How many hexes each of `open_hexes` is from `start`, stepping through them only. A seat's
    decisions between two moves of any figure ask the same walks, so they are kept: read only."""
    far = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for n in around(h):
            if n not in far and n in open_hexes:
                far[n] = far[h] + 1
                queue.append(n)
    return far


@dataclass
class Plan:
    actions: list[Action]
    worth: float


def _attack(scene: Scene, level: Level, foe: Body, dice: int) -> Action:
    action: dict[str, Any] = {"type": "attack", "target": foe.seat, "dice": dice}
    if level.cards and tribal.flame_blade(scene):
        action["heat"] = True
    return action


def best_turn(scene: Scene, level: Level, actions_left: int, acted: bool) -> Plan:
    """The best way to spend the turn's actions left; an empty plan stops (end the turn, or pass)."""
    model = Model(scene, level)
    me = model.me
    came, depth = reachable(scene, me.move)  # no Move dice: only the pose it stands in
    healable = me.health < int(scene.seat["max_health"]) and scene.ready("heal")
    heal_worth = LOW_HEAL_WORTH if me.health <= LOW_HEALTH else HEAL_WORTH

    def ending(pose: Pose, dealt: float, attack: int, move: int, hp: int, more_turns: bool) -> float:
        worth = dealt + model.prospect(pose, attack, move, more_turns)
        if level.foresight >= 2:
            worth -= THREAT * model.threat(pose, hp)
        return worth

    def hits(pose: Pose) -> list[tuple[Body, float]]:
        """Foes the seat can strike from `pose`, with what striking each is worth."""
        out = []
        for foe in model.foes:
            if me.attack and strikes(pose, foe.pose[0]):
                rear = from_rear(pose[0], foe.pose)
                worth = min(landed(me.attack, foe.parry, rear), float(foe.health)) \
                    + KO_WORTH * lethal(me.attack, foe.parry, rear, foe.health)
                out.append((foe, worth))
        return out

    stay_more = acted  # standing still keeps the seat in the game turn only once it has acted (else: a pass)
    best = Plan([], ending(me.pose, 0.0, me.attack, me.move, me.health, stay_more))

    def offer(actions: list[Action], worth: float) -> None:
        nonlocal best
        if worth > best.worth + 1e-9:
            best = Plan(actions, worth)

    for foe, worth in hits(me.pose):  # strike from here, then perhaps walk away
        strike = _attack(scene, level, foe, me.attack)
        offer([strike], worth + ending(me.pose, 0.0, 0, me.move, me.health, True))
        if actions_left >= 2:
            for pose, steps in depth.items():
                if steps:
                    offer([strike, {"type": "move", "steps": path_to(came, pose)}],
                          worth + ending(pose, 0.0, 0, me.move - steps, me.health, True))
    if healable:
        offer([{"type": "heal"}], heal_worth + ending(me.pose, 0.0, me.attack, me.move, me.health + 1, True))
    for pose, steps in depth.items():  # walk, then perhaps strike or heal
        if not steps:
            continue
        walk: Action = {"type": "move", "steps": path_to(came, pose)}
        left = me.move - steps
        offer([walk], ending(pose, 0.0, me.attack, left, me.health, True))
        if actions_left < 2:
            continue
        for foe, worth in hits(pose):
            offer([walk, _attack(scene, level, foe, me.attack)], worth + ending(pose, 0.0, 0, left, me.health, True))
        if healable:
            offer([walk, {"type": "heal"}], heal_worth + ending(pose, 0.0, me.attack, left, me.health + 1, True))
    return best



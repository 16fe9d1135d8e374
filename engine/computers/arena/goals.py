"""Where the seat wants to stand: beside a foe facing it (the weakest reachable one, or simply the
nearest; at its rear when the level knows hits there cannot be parried), beside an enemy Nymphlet
(the Ceremony), or on the mode's ground (the flower's area when a Burraparay call nears, the hill).
The answer is a pose (hex, facing) among those the path search reached, or None: stay."""
from __future__ import annotations

from dataclasses import dataclass

from ...arena.board import front_directions
from ...arena.data import BURRAPARAY_WINDOWS, ROUND_SECONDS
from ...hexgrid import around
from .levels import Level
from .paths import Pose
from .scene import Key, Scene, key

NYMPHLET_WORTH = 6  # a catch is 2 VP: worth a few steps more than a foe
REAR_RT, REAR_TB = 2.5, 6.0  # steps worth spending to strike from the rear, real time and turn-based


@dataclass(frozen=True)
class Goal:
    pose: Pose
    cost: float


def objective_ground(scene: Scene, level: Level, now: float) -> set[Key]:
    """The hexes the mode asks the seat to hold now (empty: no objective to play)."""
    mode = scene.mode
    if mode.get("key") == "domination" and mode.get("area"):
        area = {key(h) for h in mode["area"]}
        if scene.view["mode"] == "turn_based":
            return area
        calls = mode.get("calls") or {}
        made = int(calls.get("made", 0))
        if made >= len(BURRAPARAY_WINDOWS):
            return set()
        deadline = scene.view.get("phase_deadline")
        if deadline is None:
            return set()
        seconds = float(scene.view.get("round_seconds", ROUND_SECONDS))  # a quick match's round is shorter
        elapsed = now - (float(deadline) - seconds)
        opens = BURRAPARAY_WINDOWS[made][0] * seconds / ROUND_SECONDS  # and its calls come sooner with it
        return area if elapsed >= opens - max(level.objective_lead, 0.0) else set()
    if mode.get("key") == "hill" and mode.get("hill"):
        if level.objective_lead < 0 and not mode.get("climbing"):
            return set()
        return {key(h) for h in mode["hill"]}
    return set()


def _foe_poses(scene: Scene, target: Key, rear_of: int | None) -> list[tuple[Pose, bool]]:
    """Poses beside `target` that face it, in direction then facing order; each with whether it
    stands in the target's rear arc (the target faces `rear_of`)."""
    out = []
    front = None if rear_of is None else front_directions(rear_of)
    for d, h in enumerate(around(target)):
        if not (scene.open(h) or h == scene.here):
            continue
        towards = (d + 3) % 6  # from h, the target lies this way
        behind = front is not None and d not in front
        out += [((h, f), behind) for f in range(6) if (towards - f) % 6 in (0, 1, 5)]  # its front arc holds it
    return out


def choose(scene: Scene, level: Level, came: dict[Pose, tuple[Pose | None, str]],
           depth: dict[Pose, int], now: float) -> Goal | None:
    ground = objective_ground(scene, level, now)
    best: Goal | None = None

    def offer(pose: Pose, cost: float) -> None:
        nonlocal best
        if pose in depth and (best is None or cost < best.cost):
            best = Goal(pose, cost)

    if ground:
        if scene.here in ground:
            # hold the ground: only turn to face a foe beside us
            for foe in scene.adjacent_foes():
                for pose, _ in _foe_poses(scene, key(foe["hex"]), None):
                    if pose[0] == scene.here:
                        offer(pose, depth[pose] if pose in depth else 99)
            return best
        for pose, d in depth.items():
            if pose[0] in ground:
                offer(pose, d)
        return best
    for foe in scene.foes:
        target = key(foe["hex"])
        for pose, behind in _foe_poses(scene, target, int(foe["facing"]) if level.rear else None):
            if pose not in depth:
                continue
            cost: float = depth[pose]
            if level.weakest:
                cost += foe["health"] / 3
            if behind:  # turn-based, a rear attack is never rolled against: every die hits
                cost -= REAR_TB if scene.view["mode"] == "turn_based" else REAR_RT
            offer(pose, cost)
    for n in scene.mode.get("nymphlets") or []:
        if n["owner"] == scene.me or scene.view["seats"][n["owner"]]["team"] is not None and \
                scene.view["seats"][n["owner"]]["team"] == scene.seat["team"]:
            continue
        for pose, _ in _foe_poses(scene, key(n["hex"]), None):
            if pose in depth:
                offer(pose, depth[pose] - NYMPHLET_WORTH)
    return best

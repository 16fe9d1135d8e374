"""Shortest Movements: a breadth-first search over (hex, facing), each step a Move die (a hex in
any compass direction keeping the facing, or a turn of one side), through open hexes only, so
any prefix of a found path is a Movement the rules accept."""
from __future__ import annotations

from collections import deque
from functools import lru_cache

from ...arena.board import COMPASS
from ...hexgrid import around
from .scene import Key, Scene

Pose = tuple[Key, int]


def reachable(scene: Scene, limit: int = 12) -> tuple[dict[Pose, tuple[Pose | None, str]], dict[Pose, int]]:
    """Every pose of the seat's figure within `limit` steps: how it was reached (the pose before, the
    step), and in how many."""
    return reach((scene.here, scene.facing), limit, scene.open_hexes(), scene.netted())


@lru_cache(maxsize=64)
def reach(start: Pose, limit: int, open_hexes: frozenset[Key],
          netted: bool = False) -> tuple[dict[Pose, tuple[Pose | None, str]], dict[Pose, int]]:
    """Every pose within `limit` steps of `start` through `open_hexes` (any figure's, so the search can
    ask how far a foe reaches). From each pose, in this order: a turn left, a turn right, a step in
    each compass direction (the order decides which of equal paths is kept).

    A seat decides many times between two moves of any figure, so an answer is kept for the next
    searches from the same pose through the same hexes: read it, never change it."""
    came: dict[Pose, tuple[Pose | None, str]] = {start: (None, "")}
    depth = {start: 0}
    queue = deque([start])
    walks: dict[Key, list[tuple[Key, str]]] = {}  # per hex, the open hexes one step away and the steps there
    while queue:
        pose = queue.popleft()
        far = depth[pose] + 1
        if far > limit:
            continue
        here, facing = pose
        nexts: list[tuple[Pose, str]] = [((here, (facing + 1) % 6), "L"), ((here, (facing - 1) % 6), "R")]
        if not netted:
            walk = walks.get(here)
            if walk is None:
                walk = walks[here] = [(h, name) for h, name in zip(around(here), COMPASS, strict=True)
                                      if h in open_hexes]
            nexts += [((h, facing), name) for h, name in walk]
        for nxt, step in nexts:
            if nxt not in came:
                came[nxt] = (pose, step)
                depth[nxt] = far
                queue.append(nxt)
    return came, depth


def path_to(came: dict[Pose, tuple[Pose | None, str]], goal: Pose) -> list[str]:
    steps: list[str] = []
    pose: Pose | None = goal
    while pose is not None:
        before, step = came[pose]
        if before is not None:
            steps.append(step)
        pose = before
    return steps[::-1]

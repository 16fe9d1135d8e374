"""Shortest Movements: a breadth-first search over (hex, facing), each step a Move die (a hex in
any compass direction keeping the facing, or a turn of one side), through open hexes only, so
any prefix of a found path is a Movement the rules accept."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ...arena.board import COMPASS
from ...hexgrid import neighbour
from .scene import Key, Scene

Pose = tuple[Key, int]


def reachable(scene: Scene, limit: int = 12) -> tuple[dict[Pose, tuple[Pose | None, str]], dict[Pose, int]]:
    """Every pose of the seat's figure within `limit` steps: how it was reached (the pose before, the
    step), and in how many."""
    return reach((scene.here, scene.facing), limit, scene.open, scene.netted())


def reach(start: Pose, limit: int, is_open: Callable[[Key], bool],
          netted: bool = False) -> tuple[dict[Pose, tuple[Pose | None, str]], dict[Pose, int]]:
    """Every pose within `limit` steps of `start` through hexes `is_open` accepts (any figure's, so
    the search can ask how far a foe reaches)."""
    came: dict[Pose, tuple[Pose | None, str]] = {start: (None, "")}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        pose = queue.popleft()
        if depth[pose] >= limit:
            continue
        (q, r), facing = pose
        nexts: list[tuple[Pose, str]] = [(((q, r), (facing + 1) % 6), "L"), (((q, r), (facing - 1) % 6), "R")]
        if not netted:
            for d, name in enumerate(COMPASS):
                nq, nr = neighbour([q, r], d)
                if is_open((nq, nr)):
                    nexts.append((((nq, nr), facing), name))
        for nxt, step in nexts:
            if nxt not in came:
                came[nxt] = (pose, step)
                depth[nxt] = depth[pose] + 1
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

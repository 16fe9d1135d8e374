"""Hex cells in axial coordinates [q, r], pointy-top, as ARENA.md uses them."""
from __future__ import annotations

from functools import cache

Hex = list[int]
Key = tuple[int, int]  # a hex as a dict key or set member
# Pointy-top directions, clockwise from east.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbour(h: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return [h[0] + dq, h[1] + dr]


def neighbours(h: Hex) -> list[Hex]:
    return [neighbour(h, d) for d in range(6)]


@cache
def around(k: Key) -> tuple[Key, ...]:
    """The 6 neighbours of `k` as keys, in direction order: laid out once per hex, for the computer's
    searches, which ask millions of times a game (only hexes on or beside a board are asked)."""
    q, r = k
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def within(centre: Hex, radius: int) -> list[Hex]:
    """Every hex at most `radius` steps from `centre`."""
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append([centre[0] + dq, centre[1] + dr])
    return out

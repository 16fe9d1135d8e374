"""Hex cells in axial coordinates [q, r], pointy-top, as ARENA.md uses them."""
from __future__ import annotations

Hex = list[int]
# Pointy-top directions, clockwise from east.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbour(h: Hex, direction: int) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return [h[0] + dq, h[1] + dr]


def neighbours(h: Hex) -> list[Hex]:
    return [neighbour(h, d) for d in range(6)]


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

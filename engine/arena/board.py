"""The arena's geometry: hexes and terrain, facing and arcs, line of sight, pushes (ARENA.md 2.1-2.3).

Hexes are axial [q, r], pointy-top (engine/hexgrid). Directions are hexgrid's indexes, which are
ARENA.md's: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE; turning left adds 1. A figure facing f has its
front arc on f-1, f, f+1 and its rear arc on the other three. `occupied` is always the set of
hexes (as tuples) holding a figure, so the same functions serve every kind of figure.
"""
from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from ..errors import Term
from ..hexgrid import DIRECTIONS, Hex, distance, neighbour, within

Key = tuple[int, int]
COMPASS: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")  # direction index -> name
TURNS: dict[str, int] = {"L": 1, "R": -1}  # a turn of one side: left or right


@dataclass(frozen=True)
class Arena:
    """One arena board: which hexes exist, what blocks feet and sight, where figures start."""

    name: str
    hexes: frozenset[Key]
    impassable: frozenset[Key]
    blocks_sight: frozenset[Key]
    high_ground: frozenset[Key]
    areas: dict[str, tuple[tuple[Key, ...], int]]  # colour -> (its 3 hexes, default facing)
    obstacle: str = Term("stone", "arena obstacle")  # what its impassable terrain is called
    stream: frozenset[Key] = frozenset()  # open hexes of a stream (the Rainforest's)
    current: int = 0  # the direction the stream flows


STONES = frozenset({(2, 0), (2, -2), (0, -2), (-2, 0), (-2, 2), (0, 2)})
AREAS: dict[str, tuple[tuple[Key, ...], int]] = {
    "red": (((4, -3), (4, -2), (4, -1)), 3),
    "orange": (((1, -4), (2, -4), (3, -4)), 4),
    "yellow": (((-1, -3), (-2, -2), (-3, -1)), 5),
    "green": (((-4, 1), (-4, 2), (-4, 3)), 0),
    "blue": (((-1, 4), (-2, 4), (-3, 4)), 1),
    "purple": (((1, 3), (2, 2), (3, 1)), 2),
}
# The areas' colours as the texts name them (a Ceremonial Flower is an area's colour).
AREA_NAMES: dict[str, str] = {"red": Term("red", "arena colour"), "orange": Term("orange", "arena colour"),
                              "yellow": Term("yellow", "arena colour"), "green": Term("green", "arena colour"),
                              "blue": Term("blue", "arena colour"), "purple": Term("purple", "arena colour")}
BUSHLAND = Arena(
    name="Bushland",
    hexes=frozenset((q, r) for q, r in within([0, 0], 4)),
    impassable=STONES,
    blocks_sight=STONES,
    high_ground=frozenset((q, r) for q, r in within([0, 0], 1)),
    areas=AREAS,
)
# The Rainforest: the same board and areas; the stream is row r = 0, flowing E; its boulders are
# impassable but do not block sight (ARENA.md 4.5). Its 7 open stream hexes are the hill.
BOULDERS = frozenset({(-2, 0), (2, 0), (1, -2), (-1, 2), (-1, -1), (1, 1)})
STREAM = frozenset((q, 0) for q in range(-4, 5)) - BOULDERS
RAINFOREST = Arena(
    name="Rainforest",
    hexes=BUSHLAND.hexes,
    impassable=BOULDERS,
    blocks_sight=frozenset(),
    high_ground=STREAM,
    areas=AREAS,
    obstacle=Term("boulder", "arena obstacle"),
    stream=STREAM,
    current=0,
)
ARENAS: dict[str, Arena] = {"bushland": BUSHLAND, "rainforest": RAINFOREST}


def key(h: Hex | Key) -> Key:
    return (h[0], h[1])


def turn(facing: int, sides: int) -> int:
    return (facing + sides) % 6


def front_directions(facing: int) -> tuple[int, int, int]:
    return (turn(facing, -1), facing, turn(facing, 1))


def front_arc(origin: Hex, facing: int) -> list[Hex]:
    """The 3 adjacent hexes a figure faces: where a basic attack may strike."""
    return [neighbour(origin, d) for d in front_directions(facing)]


def _pixel(dq: int, dr: int) -> tuple[float, float]:
    return math.sqrt(3) * (dq + dr / 2), 1.5 * dr


def sector(origin: Hex, target: Hex) -> list[int]:
    """The directions from `origin` that `target` lies in: the one with the largest pixel dot
    product, or the tied ones (a hex exactly between two directions)."""
    vx, vy = _pixel(target[0] - origin[0], target[1] - origin[1])
    dots = [vx * ux + vy * uy for ux, uy in (_pixel(*d) for d in DIRECTIONS)]
    best = max(dots)
    return [d for d, dot in enumerate(dots) if dot > best - 1e-9]


def in_front(origin: Hex, facing: int, target: Hex) -> bool:
    """Whether `target` is in the front arc of a figure at `origin` facing `facing` (a tie counts as front)."""
    return any(d in front_directions(facing) for d in sector(origin, target))


def line_of_sight(arena: Arena, occupied: Collection[Key], origin: Hex, facing: int) -> list[Hex]:
    """The hexes seen along the 3 front rays; each ray stops at the first figure or sight-blocking
    terrain, which is still seen. Nothing is seen to the rear (rule 5)."""
    seen = []
    for d in front_directions(facing):
        dq, dr = DIRECTIONS[d]
        q, r = origin[0], origin[1]
        while True:
            q, r = q + dq, r + dr
            if (q, r) not in arena.hexes:
                break
            seen.append([q, r])
            if (q, r) in occupied or (q, r) in arena.blocks_sight:
                break
    return seen


def open_hex(arena: Arena, occupied: Collection[Key], h: Hex) -> bool:
    """A hex a figure may enter: on the board, no terrain, no figure."""
    k = key(h)
    return k in arena.hexes and k not in arena.impassable and k not in occupied


def push(arena: Arena, occupied: Collection[Key], source: Hex, target: Hex) -> Hex | None:
    """Where a figure at `target` goes when pushed from `source`: 1 hex on, in the direction from
    source to target; None when the edge, terrain or another figure blocks it."""
    direction = sector(source, target)[0]
    to = neighbour(target, direction)
    return to if open_hex(arena, occupied, to) else None


def clear_front(arena: Arena, occupied: Collection[Key], h: Hex, facing: int) -> bool:
    """A start position needs its whole front arc open: on the board, no terrain, no figure."""
    return all(open_hex(arena, occupied, f) for f in front_arc(h, facing))


def start_hex(arena: Arena, colour: str) -> Hex:
    """The middle of a starting area, where a figure is placed until its player moves it."""
    return list(arena.areas[colour][0][1])


def adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1

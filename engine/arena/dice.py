"""A character's dice: the pool, and the counts allocated to each track of its board (rules 7-9).

Per seat: {"pool": [face or None, ...], "tracks": {track key: dice allocated}}. A face in the pool
is a die as last rolled; None is a die that must be rolled before it can be allocated (spent and
recovered dice come back unrolled, ARENA.md 4.2 and 4.18). A track holds a count, not positions:
its first `min` dice are the minimum spaces, so they always fill first and what is left after a
spend slides down into them.
"""
from __future__ import annotations

from typing import Any

from ..errors import RuleError, Said, counted
from ..rng import Rng
from ..words import comma_list
from .data import FACE_NAMES, FACES, STANDARD, TB_BLOCK_FACES, TB_HIT_FACES, Track

Dice = dict[str, Any]
Board = dict[str, Track]


def new_dice(count: int, board: Board) -> Dice:
    return {"pool": [None] * count, "tracks": {k: 0 for k in board}}


def dice_total(dice: Dice) -> int:
    return len(dice["pool"]) + sum(dice["tracks"].values())


def roll_faces(rng: Rng, count: int) -> list[str]:
    return [FACES[rng.roll() - 1] for _ in range(count)]


def roll_pool(dice: Dice, rng: Rng) -> list[str]:
    """Roll every die in the pool again (rolled or not); returns the new faces."""
    if not dice["pool"]:
        raise RuleError("All your dice are allocated: recover some to roll them.")
    dice["pool"] = roll_faces(rng, len(dice["pool"]))
    return list(dice["pool"])


def roll_unrolled(dice: Dice, rng: Rng) -> list[str]:
    """Roll the pool's dice that show no face yet; the others keep theirs. Returns the pool."""
    if not dice["pool"]:
        raise RuleError("All your dice are allocated: recover some to roll them.")
    dice["pool"] = [FACES[rng.roll() - 1] if face is None else face for face in dice["pool"]]
    return list(dice["pool"])


def room(dice: Dice, board: Board, key: str) -> int:
    """How many more dice `key`'s track holds, and matching dice in the pool could fill."""
    track = board[key]
    return min(track.spaces - dice["tracks"][key], dice["pool"].count(track.face))


def put_on(dice: Dice, board: Board, key: str, count: int | None = None) -> int:
    """Move pool dice showing the track's face onto it (all that fit when `count` is None)."""
    track = board[key]
    matching = dice["pool"].count(track.face)
    free = track.spaces - dice["tracks"][key]
    if not matching:
        raise RuleError("No {face} die in your pool for {track}.", face=FACE_NAMES[track.face], track=track.name)
    if not free:
        raise RuleError(counted("{track} is full ({n} space).", "{track} is full ({n} spaces).", track.spaces,
                                track=track.name))
    count = min(matching, free) if count is None else count
    if count < 1 or count > min(matching, free):
        raise RuleError(counted("{track} can take {n} more {face} die now.", "{track} can take {n} more {face} dice now.",
                                min(matching, free), track=track.name, face=FACE_NAMES[track.face]))
    for _ in range(count):
        dice["pool"].remove(track.face)
    dice["tracks"][key] += count
    return count


def put_all(dice: Dice, board: Board) -> dict[str, int]:
    """Put every pool die that fits onto the basic actions, in board order (never onto an innate
    action or a Tribal card: those are the player's choice); returns what went where."""
    placed = {}
    for key in STANDARD:
        n = room(dice, board, key)
        if n:
            placed[key] = put_on(dice, board, key, n)
    return placed


def take_back(dice: Dice, key: str | None = None, count: int | None = None) -> int:
    """Take allocated dice back to the pool, to be rolled again (rule 9); no key: every track."""
    keys = list(dice["tracks"]) if key is None else [key]
    count = None if key is None else count
    taken = 0
    for k in keys:
        n = dice["tracks"][k] if count is None else count
        if not 0 <= n <= dice["tracks"][k]:
            raise RuleError("Only {count} allocated there.", count=dice["tracks"][k])
        dice["tracks"][k] -= n
        taken += n
    if not taken:
        raise RuleError("No dice allocated there to recover.")
    dice["pool"].extend([None] * taken)
    return taken


def is_ready(dice: Dice, board: Board, key: str) -> bool:
    """Whether the track's minimum spaces are filled, so it may resolve (rule 8)."""
    return dice["tracks"][key] >= board[key].min


def spends(dice: Dice, board: Board, key: str) -> list[int]:
    """The dice counts the track may spend now: none until its minimum is filled (rule 8)."""
    if not is_ready(dice, board, key):
        return []
    return [n for n in board[key].spends() if n <= dice["tracks"][key]]


def spend(dice: Dice, board: Board, key: str, count: int) -> None:
    """Spend `count` dice of the track: they go back to the pool, to be rolled again."""
    track = board[key]
    if not is_ready(dice, board, key):
        raise RuleError(counted("{track} needs {n} {face} dice allocated (you have {have}).",
                                "{track} needs {n} {face} dice allocated (you have {have}).", track.min,
                                track=track.name, face=FACE_NAMES[track.face], have=dice["tracks"][key]))
    if count not in spends(dice, board, key):
        allowed = ", ".join(str(n) for n in spends(dice, board, key))
        raise RuleError("{track} can spend {allowed} now, not {count}.", track=track.name, allowed=allowed, count=count)
    dice["tracks"][key] -= count
    dice["pool"].extend([None] * count)


def hits_in(faces: list[str]) -> int:
    """Turn-based: the hits an attack roll scores."""
    return sum(1 for f in faces if f in TB_HIT_FACES)


def blocks_in(faces: list[str]) -> int:
    """Turn-based: the hits a defence roll cancels."""
    return sum(1 for f in faces if f in TB_BLOCK_FACES)


def faces_text(faces: list[str]) -> str:
    return comma_list([FACE_NAMES[f] for f in faces]) if faces else Said("nothing")

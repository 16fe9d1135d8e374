"""Shared dice tracks: anyone adds dice from their pool; the dice are locked there until the die
that fills the track triggers it and sends every die home (the Rainforest's Raging Currents,
ARENA.md 2.3; King of the Hill's hill card has the same shape). `lock` is the dice action on a
track: it says how full the track is, or triggers it with the die that fills it.

`state["shared"]` maps a track's key to its spaces, one per face the track asks for: the seat
whose die sits there, or None. A die goes on the first free space of its face. Dice sent home
return to their owners' pools unrolled, as spent dice do (ARENA.md 4.2). A round starts with
every shared track empty.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from ..errors import Either, RuleError, Said, counted
from ..protocol import Event, Seat
from .data import FACE_NAMES
from .figures import State, name, say


class SharedTrack(Protocol):
    """What a shared track needs to be: a name, and the face each of its spaces takes."""

    @property
    def name(self) -> str: ...

    @property
    def faces(self) -> tuple[str, ...]: ...


def new_shared(tracks: Mapping[str, SharedTrack]) -> dict[str, list[Seat | None]]:
    return {key: [None] * len(track.faces) for key, track in tracks.items()}


def _free(state: State, key: str, track: SharedTrack) -> list[int]:
    return [i for i, seat in enumerate(state["shared"][key]) if seat is None]


def room(state: State, seat: Seat, key: str, track: SharedTrack) -> int:
    """How many of `seat`'s pool dice could go on the track now."""
    free = [track.faces[i] for i in _free(state, key, track)]
    pool = state["dice"][seat]["pool"]
    return sum(min(free.count(face), pool.count(face)) for face in set(free))


def add(state: State, seat: Seat, key: str, track: SharedTrack, count: int | None) -> int:
    """Lock `count` matching pool dice on the track (None: all that fit); returns how many."""
    most = room(state, seat, key, track)
    free = _free(state, key, track)
    if not free:
        raise RuleError("The {track} is full.", track=track.name)
    faces = Either(dict.fromkeys(FACE_NAMES[track.faces[i]] for i in free))  # the free spaces' faces
    if not most:
        raise RuleError("No {faces} die in your pool for the {track}.", faces=faces, track=track.name)
    count = most if count is None else count
    if not 1 <= count <= most:
        raise RuleError(counted("The {track} can take {n} more die of yours now.",
                                "The {track} can take {n} more dice of yours now.", most, track=track.name))
    pool, spaces = state["dice"][seat]["pool"], state["shared"][key]
    for _ in range(count):
        space = next(i for i in _free(state, key, track) if track.faces[i] in pool)
        pool.remove(track.faces[space])
        spaces[space] = seat
    return count


def lock(state: State, seat: Seat, key: str, track: SharedTrack, count: int | None,
         trigger: Callable[[str], list[Event]]) -> list[Event]:
    """`seat` locks `count` matching pool dice on the track (`add`). The die that fills it sends every
    die home and calls `trigger` (what the track does) with the words "Dice home: Ann, Bob."."""
    added = add(state, seat, key, track, count)
    if not full(state, key):
        filled = len(track.faces) - len(_free(state, key, track))
        return [say(state, counted("{who} locks {n} die on the {track} ({filled} of {spaces}).",
                                   "{who} locks {n} dice on the {track} ({filled} of {spaces}).", added,
                                   who=name(state, seat), track=track.name, filled=filled, spaces=len(track.faces)))]
    return trigger(Said("Dice home: {who}.", who=", ".join(name(state, s) for s in send_home(state, key))))


def full(state: State, key: str) -> bool:
    return all(seat is not None for seat in state["shared"][key])


def send_home(state: State, key: str) -> list[Seat]:
    """Every die on the track back to its owner's pool, unrolled; returns the owners, in seat order."""
    owners = [seat for seat in state["shared"][key] if seat is not None]
    for seat in owners:
        state["dice"][seat]["pool"].append(None)
    state["shared"][key] = [None] * len(state["shared"][key])
    return sorted(set(owners))


def held(state: State, seat: Seat) -> int:
    """How many of `seat`'s dice are locked on shared tracks."""
    return sum(spaces.count(seat) for spaces in state.get("shared", {}).values())  # none: stored before

"""Seats and turn order, shared by the turn-based games."""
from __future__ import annotations

from collections.abc import Collection

from .protocol import Seat


def next_seat(current: Seat, count: int, skip: Collection[Seat] = ()) -> Seat | None:
    """The next seat clockwise after `current` that is not skipped; None if none is left."""
    for step in range(1, count + 1):
        seat = (current + step) % count
        if seat not in skip:
            return seat
    return None


def active_seats(count: int, gone: Collection[Seat]) -> list[Seat]:
    """Seats still playing, in order."""
    return [s for s in range(count) if s not in gone]

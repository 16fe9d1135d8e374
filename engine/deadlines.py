"""Timers as data: a deadline is an absolute time in seconds stored in state, never a sleep."""
from __future__ import annotations


def after(now: float, seconds: float) -> float:
    return round(now + seconds, 3)


def earliest(*deadlines: float | None) -> float | None:
    present = [d for d in deadlines if d is not None]
    return min(present) if present else None


def is_due(deadline: float | None, now: float) -> bool:
    return deadline is not None and now >= deadline

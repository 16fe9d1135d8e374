"""Timers as data: a deadline is an absolute time in seconds stored in state, never a sleep."""
from __future__ import annotations


def after(now: float, seconds: float) -> float:
    return round(now + seconds, 3)

"""Statuses (advanced rules, ARENA.md 2.6): Netted and Hidden, and how long they last.

Netted: the figure cannot move (turns on the spot are still allowed); its Move dice went back to
its pool when it was caught. Hidden: line-of-sight effects and effects of range 2 or more cannot
target it; it ends when the figure attacks.

A status lives on the figure's spot (`spot["statuses"][status]`). In real time it is
{"until": t}, a deadline the table wakes for (and any action after it finds it gone). Turn-based
it is {"ends": "start"} (Hidden: until the owner's next turn) or {"ends": "end", "begun": bool}
(Netted: through the owner's next turn); turns.py says when a seat's turn begins and ends.
"""
from __future__ import annotations

from ..errors import Said
from ..flow import after
from ..protocol import Event, Seat
from .data import HIDDEN, NETTED
from .figures import Ref, State, piece_name, pieces, say, spot

START, END = "start", "end"  # a turn-based status ends at the start or at the end of the next turn


def add(state: State, ref: Ref, status: str, seconds: float, now: float, ends: str) -> None:
    """Put `status` on the figure: for `seconds` in real time, until the start or end (`ends`) of
    its owner's next turn turn-based. A status put on again starts again."""
    if state["turn_based"]:
        spot(state, ref)["statuses"][status] = {"ends": ends, "begun": False}
    else:
        spot(state, ref)["statuses"][status] = {"until": after(now, seconds)}


def held(state: State, ref: Ref) -> dict:
    """The figure's statuses (a game stored before statuses existed has none)."""
    return spot(state, ref).get("statuses", {})


def has(state: State, ref: Ref, status: str) -> bool:
    return status in held(state, ref)


NO_LONGER = {  # a status ends, and why (data.STATUS_NAMES says which)
    NETTED: lambda figure, why: Said("{figure} is no longer Netted: {why}.", figure=figure, why=why),
    HIDDEN: lambda figure, why: Said("{figure} is no longer Hidden: {why}.", figure=figure, why=why),
}


def lift(state: State, ref: Ref, status: str, why: str) -> list[Event]:
    """End a status early (Hidden ends on attacking); nothing when the figure does not have it."""
    if not has(state, ref, status):
        return []
    del spot(state, ref)["statuses"][status]
    return [say(state, NO_LONGER[status](piece_name(state, ref), why), kind="status")]


def next_expiry(state: State) -> float | None:
    """The earliest real-time status deadline on the board."""
    times = [s["until"] for r in pieces(state) for s in held(state, r).values() if "until" in s]
    return min(times) if times else None


def expire(state: State, now: float) -> list[Event]:
    """Real time: every status whose time has come ends."""
    events = []
    for ref in pieces(state):
        for status, lasts in list(held(state, ref).items()):
            if "until" in lasts and lasts["until"] <= now:
                events += lift(state, ref, status, Said("time is up"))
    return events


def _own(state: State, seat: Seat) -> list[Ref]:
    return [r for r in pieces(state) if r[0] == seat]


def turn_begins(state: State, seat: Seat) -> list[Event]:
    """Turn-based: the seat's turn begins; statuses lasting until then end."""
    events = []
    for ref in _own(state, seat):
        for status, lasts in list(held(state, ref).items()):
            if lasts.get("ends") == START:
                events += lift(state, ref, status, Said("a new turn"))
            elif lasts.get("ends") == END:
                lasts["begun"] = True
    return events


def turn_ends(state: State, seat: Seat) -> list[Event]:
    """Turn-based: the seat's turn ends; statuses lasting through it end."""
    events = []
    for ref in _own(state, seat):
        for status, lasts in list(held(state, ref).items()):
            if lasts.get("ends") == END and lasts["begun"]:
                events += lift(state, ref, status, Said("the turn is over"))
    return events

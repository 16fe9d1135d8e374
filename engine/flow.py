"""Who may act, and when: one kit for every game's phases.

A game keeps its flow as plain data in its state (`state["flow"]`, a `Flow` dict), so it
round-trips through JSON and replays like everything else. A phase is one of four shapes:

- `one(flow, seat)`: one player acts (a turn).
- `everyone(flow)`: everyone acts at once, any number of times (a race, a grab-fest); the game
  says when the phase is over.
- `each_once(flow)`: everyone acts once, in any order (a discard, a vote); over when all did.
- `all_but(flow, seat)`: everyone but one acts once (the others answer one player).

Each phase has its own deadline (None: no timer). Players who leave are never waited on again;
players who miss `AWAY_AFTER` timers in a row are away (skipped) until they act again.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from .errors import RuleError
from .protocol import Seat, ranked, seat_name


def after(now: float, seconds: float) -> float:
    """The deadline `seconds` from `now`. Timers are data: an absolute time stored in the state
    (rounded to the ms, so it survives JSON alike everywhere), never a sleep."""
    return round(now + seconds, 3)


ONE, EVERYONE, EACH_ONCE = "one", "everyone", "each_once"
AWAY_AFTER = 3  # timers missed in a row before a player is skipped as away


class Flow(TypedDict):
    players: int
    kind: str  # ONE, EVERYONE or EACH_ONCE ("" before the first phase)
    seats: list[Seat]  # who the phase is for
    acted: list[Seat]  # who acted in this phase (ONE and EACH_ONCE)
    deadline: float | None
    left: list[Seat]
    away: list[Seat]
    missed: list[int]  # timers missed in a row, per seat


def new(players: int) -> Flow:
    return Flow(players=players, kind="", seats=[], acted=[], deadline=None, left=[], away=[],
                missed=[0] * players)


def in_game(flow: Flow) -> list[Seat]:
    """Seats that have not left, in seat order."""
    return [s for s in range(flow["players"]) if s not in flow["left"]]


def playing(flow: Flow) -> list[Seat]:
    """Seats that have not left and are not away."""
    return [s for s in in_game(flow) if s not in flow["away"]]


# ---------------------------------------------------------------- phases

def _phase(flow: Flow, kind: str, seats: Sequence[Seat], deadline: float | None) -> None:
    flow["kind"], flow["seats"], flow["acted"], flow["deadline"] = kind, list(seats), [], deadline


def one(flow: Flow, seat: Seat, deadline: float | None = None) -> None:
    _phase(flow, ONE, [seat], deadline)


def everyone(flow: Flow, deadline: float | None = None) -> None:
    _phase(flow, EVERYONE, in_game(flow), deadline)


def each_once(flow: Flow, deadline: float | None = None) -> None:
    _phase(flow, EACH_ONCE, playing(flow), deadline)


def all_but(flow: Flow, seat: Seat, deadline: float | None = None) -> None:
    _phase(flow, EACH_ONCE, [s for s in playing(flow) if s != seat], deadline)


# ---------------------------------------------------------------- who may act

def waiting(flow: Flow) -> list[Seat]:
    """Seats the phase waits on now: for prompts, pings and 'not your turn' answers."""
    if flow["kind"] == EVERYONE:
        return [s for s in flow["seats"] if s not in flow["left"] and s not in flow["away"]]
    return [s for s in flow["seats"] if s not in flow["acted"] and s not in flow["left"]]


def may_act(flow: Flow, seat: Seat) -> bool:
    if seat in flow["left"] or seat not in flow["seats"]:
        return False
    return flow["kind"] == EVERYONE or seat not in flow["acted"]


def require(flow: Flow, seat: Seat) -> None:
    """Refuse, in words a player reads, a seat that may not act now."""
    if seat in flow["left"]:
        raise RuleError("You have left this game.")
    if may_act(flow, seat):
        return
    if seat in flow["acted"]:
        raise RuleError("You have already played; waiting for the others.")
    if flow["kind"] == ONE and flow["seats"]:
        raise RuleError("It is {seat}'s turn.", seat=seat_name(flow["seats"][0]))
    raise RuleError("You may not act now.")


def acted(flow: Flow, seat: Seat) -> None:
    """`seat` acted in the phase: it is no longer missing timers, and no longer away."""
    if flow["kind"] != EVERYONE and seat not in flow["acted"]:
        flow["acted"].append(seat)
    back(flow, seat)


def back(flow: Flow, seat: Seat) -> bool:
    """`seat` acted (in a game that keeps its own phases): its missed timers restart and it is no
    longer away. True when it was away."""
    flow["missed"][seat] = 0
    if seat not in flow["away"]:
        return False
    flow["away"].remove(seat)
    return True


def complete(flow: Flow) -> bool:
    """A ONE or EACH_ONCE phase in which everyone it waits for has acted (or left)."""
    return flow["kind"] != EVERYONE and not waiting(flow)


def next_seat(flow: Flow, after: Seat, *, skip_away: bool = True) -> Seat | None:
    """The next seat clockwise after `after` still in the game (and not away); None if none."""
    skip = set(flow["left"]) | (set(flow["away"]) if skip_away else set())
    for step in range(1, flow["players"] + 1):
        seat = (after + step) % flow["players"]
        if seat not in skip:
            return seat
    return None


# ---------------------------------------------------------------- time and absence

def due(flow: Flow, now: float) -> bool:
    return flow["deadline"] is not None and now >= flow["deadline"]


def miss(flow: Flow, seats: Sequence[Seat], limit: int = AWAY_AFTER) -> list[Seat]:
    """The timer ran out on `seats`; returns those now away (missed `limit` in a row)."""
    newly_away = []
    for seat in seats:
        flow["missed"][seat] += 1
        if flow["missed"][seat] >= limit and seat not in flow["away"]:
            flow["away"].append(seat)
            newly_away.append(seat)
    return newly_away


def leave(flow: Flow, seat: Seat) -> None:
    if seat not in flow["left"]:
        flow["left"].append(seat)
    if seat in flow["away"]:
        flow["away"].remove(seat)


# ---------------------------------------------------------------- the end

def ranks(scores: Sequence[float], left: Sequence[Seat] = ()) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4), higher scores first; seats that left rank below all
    who stayed, and among themselves by score."""
    return ranked([(seat not in left, score) for seat, score in enumerate(scores)])

"""Turn-based play (rules 21-23, ARENA.md 3.4): a game turn is a realtime phase, then turns.

Realtime phase ("roll"): everyone at once rolls (TB_ROLLS rolls in all), allocates, and takes a
free turn-order marker; taking one first puts every die that fits onto the board. When all have
a marker (or the cap runs out: the others get the leftover markers at random) the turns begin.
Turn phase ("turns"): in marker order, each player resolves up to TB_ACTIONS actions a turn
(reactions are free), round and round until everyone has passed. A player who passes is out
until the next realtime phase; one with nothing to resolve, or away, passes at once; a turn
timer that runs out passes. When a game turn is over the mode may put a step of its own before
the next (Domination's "declare" phase, engine/arena/domination); a round has at most the mode's
`tb_game_turns`. The first roll of a realtime phase rolls only dice that show no face yet (the
dice of Domination's trigger roll count as rolled). State: `state["tb"]`. Turn-based statuses
end when their figure's turn begins (Hidden) or ends (Netted): statuses.turn_begins / turn_ends.
"""
from __future__ import annotations

from typing import Any

from .. import flow
from ..errors import RuleError, Said, counted
from ..flow import after
from ..protocol import Event, Seat
from ..rng import rng_of
from .abilities import uses
from .actions import resolvable
from .data import TB_ACTIONS, TB_ROLL_SECONDS, TB_ROLLS, TB_TURN_SECONDS
from .dice import put_all, roll_pool, roll_unrolled
from .figures import State, board_of, name, say, standing
from .modes import mode_of
from .sides import standing_sides
from .statuses import turn_begins, turn_ends

ROLL, TURNS, DECLARE = "roll", "turns", "declare"  # DECLARE: Domination's, between game turns


def new_turns() -> dict[str, Any]:
    return {"game_turn": 0, "rolls_left": [], "markers": [], "stamps": [], "passed": [], "active": None,
            "actions_left": 0, "acted": 0}


def start_game_turn(state: State, now: float) -> list[Event]:
    """A new realtime phase: markers back, rolls renewed, unallocated dice to be rolled."""
    tb, seats = state["tb"], standing(state)
    tb["game_turn"] += 1
    tb["rolls_left"] = [TB_ROLLS if s in seats else 0 for s in range(state["players"])]
    tb["markers"] = [None] * len(seats)
    tb["stamps"] = [None] * len(seats)  # when each marker's taker clicked (engine/arena/races)
    tb["passed"] = [False] * state["players"]
    tb["active"], tb["actions_left"], tb["acted"] = None, 0, 0
    for seat in seats:
        pool = state["dice"][seat]["pool"]
        pool[:] = [None] * len(pool)
    state["phase"] = ROLL
    flow.everyone(state["flow"], after(now, TB_ROLL_SECONDS))
    state["flow"]["seats"] = seats
    mode = mode_of(state)
    if mode.tb_safety_cap:  # a mode's own rule ends its rounds
        turn = counted("Game turn {turn}: roll ({n} roll), allocate, then take a turn-order marker.",
                       "Game turn {turn}: roll ({n} rolls), allocate, then take a turn-order marker.", TB_ROLLS,
                       turn=tb["game_turn"])
    else:
        turn = counted("Game turn {turn} of {turns}: roll ({n} roll), allocate, then take a turn-order marker.",
                       "Game turn {turn} of {turns}: roll ({n} rolls), allocate, then take a turn-order marker.", TB_ROLLS,
                       turn=tb["game_turn"], turns=mode.tb_game_turns)
    return [say(state, turn, kind="phase")]


def marker_of(state: State, seat: Seat) -> int | None:
    markers = state["tb"]["markers"]
    return markers.index(seat) + 1 if seat in markers else None


def unclaimed(state: State) -> list[Seat]:
    """Standing seats still rolling (no marker yet)."""
    return [s for s in standing(state) if marker_of(state, s) is None]


def counted_roll(state: State, seat: Seat) -> list[Event]:
    tb = state["tb"]
    if tb["rolls_left"][seat] <= 0:
        raise RuleError("You have used your rolls: allocate, then take a marker.")
    with rng_of(state) as rng:
        if tb["rolls_left"][seat] == TB_ROLLS:
            roll_unrolled(state["dice"][seat], rng)
        else:
            roll_pool(state["dice"][seat], rng)
    tb["rolls_left"][seat] -= 1
    return []


def claim(state: State, seat: Seat, marker: int | None, now: float, at_ms: int | None = None) -> list[Event]:
    """Take a free turn-order marker (1 = first), clicked at `at_ms`; every die that fits is
    allocated first. A marker already taken is a lost race (engine/arena/races)."""
    markers = state["tb"]["markers"]
    if marker is None or not 1 <= marker <= len(markers):
        raise RuleError("Markers go from 1 to {most}.", most=len(markers))
    if markers[marker - 1] is not None:
        raise RuleError("Marker {marker} is taken by {name}.", marker=marker, name=name(state, markers[marker - 1]))
    put_all(state["dice"][seat], board_of(state, seat))
    markers[marker - 1] = seat
    state["tb"]["stamps"][marker - 1] = at_ms
    events = [say(state, Said("{who} takes turn-order marker {marker}.", who=name(state, seat), marker=marker))]
    waiting = [s for s in unclaimed(state) if s not in state["flow"]["away"]]
    return events if waiting else events + _deal_leftovers(state, unclaimed(state), now)


def roll_timeout(state: State, now: float) -> list[Event]:
    late = unclaimed(state)
    flow.miss(state["flow"], late)
    return _deal_leftovers(state, late, now)


def _deal_leftovers(state: State, late: list[Seat], now: float) -> list[Event]:
    """Players without a marker allocate what fits and get the free markers at random."""
    markers = state["tb"]["markers"]
    free = [i for i, s in enumerate(markers) if s is None]
    with rng_of(state) as rng:
        rng.shuffle(free)
    events = []
    for seat, index in zip(late, free, strict=False):  # as many markers as are free
        put_all(state["dice"][seat], board_of(state, seat))
        markers[index] = seat
        events.append(say(state, Said("{who} gets turn-order marker {marker}.", who=name(state, seat), marker=index + 1)))
    return events + _start_turns(state, now)


def _start_turns(state: State, now: float) -> list[Event]:
    state["phase"] = TURNS
    return _advance(state, now)


def order(state: State) -> list[Seat]:
    return [s for s in state["tb"]["markers"] if s is not None]


def _advance(state: State, now: float) -> list[Event]:
    """The next player in marker order who has not passed takes a turn; the game turn ends when
    none is left. Players with nothing to resolve, or away, pass on the way."""
    tb = state["tb"]
    if len(standing_sides(state)) <= 1:
        return []  # the round is over; rounds.maybe_end ends it
    seats = order(state)
    start = seats.index(tb["active"]) + 1 if tb["active"] in seats else 0
    events = turn_ends(state, tb["active"]) if tb["active"] is not None else []
    for i in range(len(seats)):
        seat = seats[(start + i) % len(seats)]
        if tb["passed"][seat] or seat not in standing(state):
            continue
        events += turn_begins(state, seat)
        if seat in state["flow"]["away"] or not (resolvable(state, seat) or uses(state, seat)
                                                 or mode_of(state).resolve_choices(state, seat)):
            tb["passed"][seat] = True
            events.append(say(state, Said("{who} is away and passes.", who=name(state, seat)) if seat in state["flow"]["away"]
                              else Said("{who} has nothing to resolve and passes.", who=name(state, seat))))
            events += turn_ends(state, seat)
            continue
        tb["active"], tb["actions_left"], tb["acted"] = seat, TB_ACTIONS, 0
        flow.one(state["flow"], seat, after(now, TB_TURN_SECONDS))
        return events + [say(state, counted("{who}'s turn: {n} action.", "{who}'s turn: {n} actions.", TB_ACTIONS,
                                            who=name(state, seat)), kind="turn")]
    tb["active"] = None
    between = mode_of(state).between_game_turns(state, now)
    return events + (next_game_turn(state, now) if between is None else between)


def next_game_turn(state: State, now: float) -> list[Event]:
    """The next game turn, unless the round has had the mode's last one."""
    tb = state["tb"]
    if tb["game_turn"] >= mode_of(state).tb_game_turns:
        tb["game_turn"] += 1  # past the cap: rounds.maybe_end ends the round
        return []
    return start_game_turn(state, now)


def capped(state: State) -> bool:
    return state["tb"]["game_turn"] > mode_of(state).tb_game_turns


def action_done(state: State, now: float) -> list[Event]:
    """The player on turn resolved an action: one fewer left."""
    tb = state["tb"]
    tb["actions_left"] -= 1
    tb["acted"] += 1
    return proceed(state, now)


def proceed(state: State, now: float) -> list[Event]:
    """After an action or an answer: wait for a defender, go on with the turn, or pass it on."""
    tb = state["tb"]
    if state["pending"] or state["phase"] != TURNS:
        return []
    active = tb["active"]
    if active is None or active not in standing(state) or tb["actions_left"] <= 0 or tb["passed"][active]:
        return _advance(state, now)
    flow.one(state["flow"], active, after(now, TB_TURN_SECONDS))  # each action starts the clock again
    return []


def end_turn(state: State, seat: Seat, now: float) -> list[Event]:
    if state["tb"]["acted"] < 1:
        raise RuleError("Resolve an action first, or pass.")
    state["tb"]["actions_left"] = 0
    return [say(state, Said("{who} ends the turn.", who=name(state, seat)))] + proceed(state, now)


def pass_turn(state: State, seat: Seat, now: float, timed_out: bool = False) -> list[Event]:
    state["tb"]["passed"][seat] = True
    text = (Said("{who} runs out of time and passes until the next realtime phase.", who=name(state, seat)) if timed_out
            else Said("{who} passes until the next realtime phase.", who=name(state, seat)))
    return [say(state, text)] + _advance(state, now)


def turn_timeout(state: State, now: float) -> list[Event]:
    seat = state["tb"]["active"]
    flow.miss(state["flow"], [seat])
    return pass_turn(state, seat, now, timed_out=True)


def after_leave(state: State, seat: Seat, now: float) -> list[Event]:
    """A player left during turn-based play: the phase goes on without them."""
    if state["phase"] == ROLL:
        if not [s for s in unclaimed(state) if s not in state["flow"]["away"]]:
            return _deal_leftovers(state, unclaimed(state), now)
        return []
    if state["phase"] == TURNS and state["tb"]["active"] == seat:
        return _advance(state, now)
    return proceed(state, now)  # an attack on the leaver may have been holding the turn

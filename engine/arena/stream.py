"""The Rainforest's stream (option `rainforest`, rule 29, ARENA.md 2.3 and 4.14).

In the basic rules the stream is ground like any other. In the advanced rules:
- Go with the flow: a Movement that ends in the stream may carry on 1 hex downstream (E),
  facing kept and no die spent, if that hex is open (on the board, no boulder, no figure).
- The four Raging Current tracks at the corners (data.CURRENTS) are shared tracks (shared):
  anyone adds matching dice, which stay locked until the die that fills the track triggers it
  and sends every die home. Everything in the stream then moves (characters and Echo's Guards
  alike), furthest along the way it goes first, so a line of figures moves together: Swell and Rapids carry the figures in the stream 1 and 2 hexes
  E, Backwash 1 hex W; Flood makes the figures beside the stream step in (from the north bank
  SE, else SW; from the south bank NW, else NE; ties on the way go north first). A mover whose
  next hex is blocked stops there (Rapids carries a figure hex by hex). Facing never changes,
  no hits are dealt.

The core asks it through the hooks of engine/arena/terrain.py (`Rainforest`, plugged in by the package).
"""
from __future__ import annotations

from typing import Any

from ..errors import RuleError, Said, counted
from ..hexgrid import DIRECTIONS, Hex, neighbour
from ..protocol import Action, Event, Seat
from ..words import comma_list
from .action_types import ArenaAction
from .board import COMPASS, key, open_hex, turn
from .data import CURRENTS, Current
from .figures import Ref, State, advanced, arena, name, occupied, piece_name, pieces, say, spot
from .shared import lock, new_shared, room
from .terrain import Terrain
from .view_types import CurrentView

# Flood, from each bank of the stream (r below the stream's row: north), the steps tried in order.
SE, SW, NW, NE = 5, 4, 2, 1
FLOOD_STEPS = {-1: (SE, SW), 1: (NW, NE)}


def flowing(state: State) -> bool:
    """Whether the stream does anything: the Rainforest, in the advanced rules."""
    return bool(arena(state).stream) and advanced(state)


def currents(state: State) -> dict[str, Current]:
    """The Raging Current tracks in play (none in the basic rules or on the Bushland)."""
    return CURRENTS if flowing(state) else {}


def new_currents(state: State) -> dict[str, list[Seat | None]]:
    """The Raging Current tracks of a new round, empty: kept on the Rainforest whatever the rules
    (so every Rainforest state has the same shape), used only in the advanced rules."""
    return new_shared(CURRENTS if arena(state).stream else {})


# ---------------------------------------------------------------- go with the flow

def flow_on(state: State, who: Seat | Ref, here: Hex) -> Hex | None:
    """Where going with the flow takes a figure (a seat's character, or any figure's Ref) whose
    Movement ends at `here`; None if it may not."""
    if not flowing(state) or key(here) not in arena(state).stream:
        return None
    on = neighbour(here, arena(state).current)
    return on if open_hex(arena(state), occupied(state, but=who), on) else None


def go_with_the_flow(state: State, who: Seat | Ref, here: Hex) -> Hex:
    """The hex the flow carries the mover to, or RuleError saying why it cannot."""
    if not arena(state).stream:
        raise RuleError("There is no stream here: going with the flow is for the Rainforest.")
    if not flowing(state):
        raise RuleError("The stream flows only in the advanced rules.")
    if key(here) not in arena(state).stream:
        raise RuleError("Only a Movement that ends in the stream can go with the flow.")
    on = flow_on(state, who, here)
    if on is None:
        raise RuleError("The flow is blocked downstream of {hex}: the edge, a {obstacle} or a figure.", hex=here,
                        obstacle=arena(state).obstacle)
    return on


# ---------------------------------------------------------------- Raging Current tracks

def current_room(state: State, seat: Seat, track: str) -> int:
    """How many of `seat`'s pool dice could go on the track now (0 when there is no such track)."""
    tracks = currents(state)
    return room(state, seat, track, tracks[track]) if track in tracks else 0


def add_to_current(state: State, seat: Seat, track: Any, count: Any) -> list[Event]:
    """Lock dice on a Raging Current track; the die that fills it triggers it."""
    tracks = currents(state)
    if not tracks:
        raise RuleError("The Raging Current tracks are for the Rainforest, in the advanced rules.")
    if track not in tracks:
        raise RuleError("The tracks are {tracks}.", tracks=comma_list([t.name for t in tracks.values()]))
    current = tracks[track]
    return lock(state, seat, track, current, count, lambda home: [
        say(state, Said("{who} fills the {track}! {surge} {home}", who=name(state, seat), track=current.name,
                        surge=surge(state, current), home=home), kind="move")])


def surge(state: State, current: Current) -> str:
    """Move the figures the track moves (Guards too); says where each went (or that it was blocked)."""
    flows = arena(state).current
    if current.flood:
        banks = {ref: _bank(state, ref) for ref in pieces(state)}
        ways = {ref: list(FLOOD_STEPS[bank]) for ref, bank in banks.items() if bank is not None}
        movers = list(ways)
        movers.sort(key=lambda ref: (-_downstream(state, ref, flows), spot(state, ref)["hex"][1]))
        steps = 1
    else:
        way = flows if current.shift > 0 else turn(flows, 3)
        movers = [ref for ref in pieces(state) if key(spot(state, ref)["hex"]) in arena(state).stream]
        ways = {ref: [way] for ref in movers}
        movers.sort(key=lambda ref: -_downstream(state, ref, way))
        steps = abs(current.shift)
    said: list[str] = []
    for ref in movers:
        figure = spot(state, ref)
        start = figure["hex"]
        for _ in range(steps):
            to = next((neighbour(figure["hex"], d) for d in ways[ref]
                       if open_hex(arena(state), occupied(state, but=ref), neighbour(figure["hex"], d))), None)
            if to is None:
                break
            figure["hex"] = to
        if figure["hex"] == start:
            said.append(Said("{figure} is blocked and stays at {hex}", figure=piece_name(state, ref), hex=str(start)))
        else:
            said.append(Said("{figure} goes {way} to {hex}", figure=piece_name(state, ref), way=_way(start, figure["hex"]),
                             hex=str(figure["hex"])))
    if not said:
        return Said("Nobody stands beside the stream.") if current.flood else Said("Nobody is in the stream.")
    moved = said[0]
    for more in said[1:]:
        moved = Said("{list}; {item}", list=moved, item=more)
    return Said("{moves}.", moves=moved)


def _bank(state: State, ref: Ref) -> int | None:
    """-1 for a figure on the north bank (the row above the stream), 1 on the south bank, else None."""
    row = next(iter(arena(state).stream))[1]
    offset = spot(state, ref)["hex"][1] - row
    return offset if offset in FLOOD_STEPS else None


def _downstream(state: State, ref: Ref, way: int) -> float:
    """How far along direction `way` a figure stands (pixel dot product): who moves first."""
    q, r = spot(state, ref)["hex"]
    dq, dr = DIRECTIONS[way]
    return (q + r / 2) * (dq + dr / 2) + 0.75 * r * dr


def _way(start: Hex, end: Hex) -> str:
    """'2 hexes E': how a figure moved, in compass words."""
    dq, dr = end[0] - start[0], end[1] - start[1]
    hexes = max(abs(dq), abs(dr), abs(dq + dr))
    d = DIRECTIONS.index((dq // hexes, dr // hexes))
    return counted("{n} hex {direction}", "{n} hexes {direction}", hexes, direction=COMPASS[d])


class Rainforest(Terrain):
    """The Rainforest's stream as the core asks it (engine/arena/terrain.py)."""

    key = "rainforest"
    moves = ("current",)

    def round_tracks(self, state: State) -> dict[str, list[Seat | None]]:
        return new_currents(state)

    def dice_choices(self, state: State, seat: Seat) -> list[Action]:
        return [{"type": "current", "track": k} for k in currents(state) if current_room(state, seat, k)]

    def act(self, state: State, seat: Seat, action: ArenaAction, now: float) -> list[Event]:
        return add_to_current(state, seat, action.get("track"), action.get("count"))

    def carried_to(self, state: State, who: Seat | Ref, here: Hex) -> Hex | None:
        return flow_on(state, who, here)

    def carry(self, state: State, who: Seat | Ref, here: Hex) -> Hex:
        return go_with_the_flow(state, who, here)

    def tracks_view(self, state: State) -> list[CurrentView] | None:
        return [{"key": k, "name": str(c.name), "faces": list(c.faces), "corner": c.corner, "shift": c.shift,
                 "flood": c.flood, "dice": list(state["shared"][k])} for k, c in currents(state).items()] or None

"""Pluma (ARENA.md 2.6): Will of the Wind, Raking Talons and Dive Bomb; Flight and Wing Guard are
her board, Soaring a passive (her paths cross terrain and figures, actions.walk).

- Will of the Wind {"steps": up to 2 compass steps, "facing": f}: she soars up to 2 hexes, then
  faces any direction.
- Raking Talons {"step": compass (optional)}: she moves 1 hex, then every figure in her front arc
  takes 1 hit. Used with Attack dice.
- Dive Bomb {"target", "hex"}: she lands on an open hex next to a figure in her line of sight
  within 4 hexes, facing it, and deals 2 hits and 1 unblockable hit.
Netted, she cannot take a step with any of them (Will of the Wind may still turn her).
"""
from __future__ import annotations

from ...errors import RuleError, Said
from ...hexgrid import distance, neighbour
from ...protocol import Event, Seat
from ..action_types import CardFields
from ..actions import not_netted, walk
from ..board import COMPASS, sector
from ..effects import Effect, Use
from ..figures import Ref, State, piece_name, say, spot
from .kit import (
    adjacent_foes,
    card_n,
    choose,
    facing_field,
    fields,
    hex_text,
    netted,
    open_around,
    sighted_foes,
    step_field,
    strike,
)


def will_of_the_wind(use: Use) -> list[Event]:
    steps = use.action.get("steps", [])
    if len(steps) > use.n("hexes") or any(s not in COMPASS for s in steps):
        raise RuleError("Will of the Wind flies up to {most} compass steps, e.g. ['NE', 'E'].", most=use.n("hexes"))
    facing = facing_field(use.action.get("facing"))
    not_netted(use.state, (use.seat, None), steps)
    here, _ = walk(use.state, use.seat, steps)
    use.me["hex"], use.me["facing"] = here, facing
    return [say(use.state, Said("{who}: Will of the Wind to {hex}, facing {direction}.", who=use.who, hex=hex_text(here),
                                direction=COMPASS[facing]), kind="card")]


def wind_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    """Each open neighbour, and the hex beyond it in the same line; each other facing on the spot."""
    me = state["figures"][seat]
    turns: list[CardFields] = [{"steps": [], "facing": f} for f in range(6) if f != me["facing"]]
    if netted(state, (seat, None)):
        return turns
    out: list[CardFields] = []
    for d in range(6):
        for steps in ([COMPASS[d]], [COMPASS[d]] * 2):
            try:
                walk(state, seat, steps)
            except RuleError:
                continue
            out.append({"steps": steps, "facing": me["facing"]})
    return out + turns


def raking_talons(use: Use) -> list[Event]:
    direction = step_field(use.action.get("step"))
    if direction is not None:
        not_netted(use.state, (use.seat, None), ["E"])
        if direction not in open_around(use.state, use.me["hex"], but=use.seat):
            raise RuleError("Raking Talons moves onto an open hex: {direction} is not.", direction=COMPASS[direction])
        use.me["hex"] = neighbour(use.me["hex"], direction)
    hit = adjacent_foes(use.state, use.seat, (use.seat, None))
    if not hit:
        raise RuleError("Raking Talons needs someone in your front arc after the move.")
    rakes = (Said("{who}: Raking Talons moves {direction} and rakes her front arc.", who=use.who,
                  direction=COMPASS[direction]) if direction is not None
             else Said("{who}: Raking Talons rakes her front arc.", who=use.who))
    events = [say(use.state, rakes, kind="card")]
    for ref in hit:
        events += strike(use, ref, use.n("hits"))
    return events


def talons_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    me = state["figures"][seat]
    out: list[CardFields] = [{}] if adjacent_foes(state, seat, (seat, None)) else []
    if netted(state, (seat, None)):
        return out
    start = me["hex"]
    for d in open_around(state, start, but=seat):
        me["hex"] = neighbour(start, d)
        if adjacent_foes(state, seat, (seat, None)):
            out.append({"step": COMPASS[d]})
    me["hex"] = start
    return out


def _landings(state: State, seat: Seat, ref: Ref) -> list[list[int]]:
    """The open hexes next to a figure she could dive onto."""
    there = spot(state, ref)["hex"]
    return [neighbour(there, d) for d in open_around(state, there, but=seat)]


def dive_bomb(use: Use) -> list[Event]:
    state = use.state
    not_netted(state, (use.seat, None), ["E"])
    ref = choose(state, use.action, sighted_foes(state, use.seat, use.n("range")), "Dive Bomb whom")
    landing = use.action.get("hex")
    if landing is None or landing not in _landings(state, use.seat, ref):
        raise RuleError("Land on an open hex next to {figure}.", figure=piece_name(state, ref))
    use.me["hex"] = list(landing)
    use.me["facing"] = sector(landing, spot(state, ref)["hex"])[0]
    events = [say(state, Said("{who}: Dive Bomb onto {hex}, facing {direction}.", who=use.who, hex=hex_text(landing),
                              direction=COMPASS[use.me["facing"]]), kind="card")]
    return events + strike(use, ref, use.n("hits"), use.n("unblockable"))


def dive_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    if netted(state, (seat, None)):
        return []
    me = state["figures"][seat]
    out: list[CardFields] = []
    for ref in sighted_foes(state, seat, card_n(state, seat, "dive_bomb", "range")):
        nearest = sorted(_landings(state, seat, ref), key=lambda h: distance(h, me["hex"]))
        out += [{**fields(ref), "hex": h} for h in nearest[:2]]
    return out


EFFECTS: dict[str, Effect] = {
    "will_of_the_wind": Effect(will_of_the_wind, wind_choices),
    "raking_talons": Effect(raking_talons, talons_choices),
    "dive_bomb": Effect(dive_bomb, dive_choices),
}

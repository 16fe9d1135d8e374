"""King of the Hill's General Manoeuvre cards (ARENA.md 2.7): they move other figures, never hit
them. Whoever plays one moves the figures it moves (rule 26): the engine moves them as the card
says. A push or pull stops at the edge, terrain or a figure; allies are never moved (4.7).
"""
from __future__ import annotations

from ...errors import RuleError, Said, counted
from ...hexgrid import neighbour
from ...protocol import Event, Seat
from ..action_types import CardFields
from ..board import COMPASS, open_hex, sector
from ..effects import Effect, Use
from ..figures import Ref, State, arena, occupied, piece_name, say, spot
from .kit import adjacent_foes, card_n, choose, fields, netted, shove, sighted_foes


def _moved(state: State, ref: Ref, moved: int, direction: int, blocked: bool) -> str:
    went = (counted("{figure} goes {n} hex {direction}", "{figure} goes {n} hexes {direction}", moved,
                    figure=piece_name(state, ref), direction=COMPASS[direction]) if moved
            else Said("{figure} goes nowhere", figure=piece_name(state, ref)))
    return Said("{moved}, stopped", moved=went) if blocked else went


def _push(use: Use, ref: Ref) -> str:
    direction = sector(use.me["hex"], spot(use.state, ref)["hex"])[0]
    moved, blocked = shove(use.state, ref, direction, use.n("push"))
    return _moved(use.state, ref, moved, direction, blocked)


def shove_card(use: Use) -> list[Event]:
    ref = choose(use.state, use.action, adjacent_foes(use.state, use.seat, (use.seat, None)), "Shove whom")
    return [say(use.state, Said("{who}: Shove! {moved}.", who=use.who, moved=_push(use, ref)), kind="card")]


def sweep(use: Use) -> list[Event]:
    refs = adjacent_foes(use.state, use.seat, (use.seat, None))
    if not refs:
        raise RuleError("Sweep pushes the figures in your front arc: there are none.")
    pushed = [_push(use, ref) for ref in refs]
    moved = pushed[0]
    for more in pushed[1:]:
        moved = Said("{list}; {item}", list=moved, item=more)
    return [say(use.state, Said("{who}: Sweep! {moved}.", who=use.who, moved=moved), kind="card")]


def sprint(use: Use) -> list[Event]:
    if netted(use.state, (use.seat, None)):
        raise RuleError("You are Netted: you cannot move.")
    facing = use.me["facing"]
    moved, blocked = shove(use.state, (use.seat, None), facing, use.n("hexes"))
    return [say(use.state, Said("{who}: Sprint! {moved}.", who=use.who,
                                moved=_moved(use.state, (use.seat, None), moved, facing, blocked)), kind="card")]


def _pullable(state: State, seat: Seat) -> list[Ref]:
    return sighted_foes(state, seat, card_n(state, seat, "pull", "range"))


def pull(use: Use) -> list[Event]:
    ref = choose(use.state, use.action, _pullable(use.state, use.seat), "Pull whom")
    direction = sector(spot(use.state, ref)["hex"], use.me["hex"])[0]
    moved, blocked = shove(use.state, ref, direction, use.n("hexes"))
    return [say(use.state, Said("{who}: Pull! {moved}.", who=use.who, moved=_moved(use.state, ref, moved, direction, blocked)),
                kind="card")]


def spin(use: Use) -> list[Event]:
    ref = choose(use.state, use.action, adjacent_foes(use.state, use.seat, (use.seat, None)), "Spin whom")
    figure = spot(use.state, ref)
    figure["facing"] = (figure["facing"] + use.n("sides")) % 6
    return [say(use.state, Said("{who}: Spin! {figure} now faces {direction}.", who=use.who,
                                figure=piece_name(use.state, ref), direction=COMPASS[figure["facing"]]), kind="card")]


def _adjacent(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    return [fields(r) for r in adjacent_foes(state, seat, (seat, None))]


def _sprints(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    me = state["figures"][seat]
    ahead = neighbour(me["hex"], me["facing"])
    return [{}] if open_hex(arena(state), occupied(state, but=seat), ahead) and not netted(state, (seat, None)) else []


def _sweeps(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    return [{}] if adjacent_foes(state, seat, (seat, None)) else []


EFFECTS: dict[str, Effect] = {
    "shove": Effect(shove_card, _adjacent),
    "sprint": Effect(sprint, _sprints),
    "pull": Effect(pull, lambda state, seat, entry: [fields(r) for r in _pullable(state, seat)]),
    "spin": Effect(spin, _adjacent),
    "sweep": Effect(sweep, _sweeps),
}

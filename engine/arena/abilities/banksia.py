"""Banksia (ARENA.md 2.6): Camouflage, Ambush and Brutal Charge; Thorn Club and Trudge are his
board, Thick Bark a passive (data.py, hits.py).

- Camouflage: Hidden until he attacks, or for 20 s (turn-based: until his next turn).
- Ambush {"target"}: 2 hits to an adjacent front-arc figure, plus 1 unblockable hit when he
  stands in its rear arc or is Hidden.
- Brutal Charge {"hexes": n (optional: all)}: up to 3 hexes straight ahead (4 with the bonus die);
  a figure in his way stops him, takes 3 hits and is pushed 1 hex on if it can be.
"""
from __future__ import annotations

from typing import Any

from ...errors import RuleError, Said
from ...hexgrid import neighbour
from ...protocol import Event, Seat
from ..action_types import CardFields
from ..actions import foes, not_netted
from ..board import COMPASS, in_front, open_hex
from ..data import HIDDEN
from ..effects import Effect, Use
from ..figures import State, arena, occupied, piece_at, piece_name, say, spot
from ..statuses import START, add, has
from .kit import adjacent_foes, choose, fields, hex_text, netted, shove, strike


def camouflage(use: Use) -> list[Event]:
    add(use.state, (use.seat, None), HIDDEN, use.n("seconds"), use.now, START)
    hidden = (Said("{who}: Camouflage! Hidden until his next turn, or until he attacks.", who=use.who)
              if use.state["turn_based"] else
              Said("{who}: Camouflage! Hidden for {seconds} s, or until he attacks.", who=use.who, seconds=use.n("seconds")))
    return [say(use.state, hidden, kind="status")]


def ambush(use: Use) -> list[Event]:
    ref = choose(use.state, use.action, adjacent_foes(use.state, use.seat, (use.seat, None)), "Ambush whom")
    them = spot(use.state, ref)
    unseen = not in_front(them["hex"], them["facing"], use.me["hex"]) or has(use.state, (use.seat, None), HIDDEN)
    return strike(use, ref, use.n("hits"), use.n("unblockable") if unseen else 0)


def _charge_path(state: State, seat: Seat, most: int) -> tuple[list[int], Any]:
    """Where a charge of up to `most` hexes ends, and the figure that stops it (or None)."""
    me = state["figures"][seat]
    here = me["hex"]
    for _ in range(most):
        ahead = neighbour(here, me["facing"])
        stopper = piece_at(state, ahead)
        if stopper is not None:
            return here, stopper
        if not open_hex(arena(state), occupied(state, but=seat), ahead):
            break
        here = ahead
    return here, None


def brutal_charge(use: Use) -> list[Event]:
    state = use.state
    most = use.n("hexes") + use.n("bonus_hexes") * use.bonus
    wanted = use.action.get("hexes", most)
    if not 1 <= wanted <= most:
        raise RuleError("Brutal Charge goes 1 to {most} hexes.", most=most)
    not_netted(state, (use.seat, None), ["E"])
    to, stopper = _charge_path(state, use.seat, wanted)
    if stopper is not None and stopper not in foes(state, use.seat, [stopper]):
        stopper = None
    if to == use.me["hex"] and stopper is None:
        raise RuleError("Brutal Charge needs room ahead, or someone to charge into.")
    use.me["hex"] = to
    charge = (Said("{who}: Brutal Charge to {hex}, into {figure}.", who=use.who, hex=hex_text(to),
                   figure=piece_name(state, stopper)) if stopper
              else Said("{who}: Brutal Charge to {hex}.", who=use.who, hex=hex_text(to)))
    events = [say(state, charge, kind="card")]
    if stopper is not None:
        moved, _ = shove(state, stopper, use.me["facing"], 1)
        if moved:
            events.append(say(state, Said("{figure} is pushed {direction}.", figure=piece_name(state, stopper),
                                          direction=COMPASS[use.me["facing"]])))
        events += strike(use, stopper, use.n("hits"))
    return events


def charge_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    if netted(state, (seat, None)):
        return []
    to, stopper = _charge_path(state, seat, 1)
    return [{}] if to != state["figures"][seat]["hex"] or stopper is not None else []


EFFECTS: dict[str, Effect] = {
    "camouflage": Effect(camouflage),
    "ambush": Effect(ambush, lambda state, seat, entry: [fields(r) for r in adjacent_foes(state, seat, (seat, None))]),
    "brutal_charge": Effect(brutal_charge, charge_choices),
}

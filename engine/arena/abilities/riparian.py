"""Riparian (ARENA.md 2.6): Slippery (reaction), Lunge and Hunting Net; Mend and Mending Tide
are her board and a passive (data.py, hits.py).

- Slippery {"step": compass (optional)}: cancels 2 normal hits of the attack on her, from any
  arc, then she may move 1 hex (not while Netted).
- Lunge {"target"}: a figure 2 hexes away along one of her front lines, the hex between empty:
  she steps into it and deals 2 hits (3 with the bonus die). Range 2: not on a Hidden figure.
- Hunting Net {"target"}: a figure in her line of sight within 3 hexes is Netted (its Move dice
  go back to its pool; it cannot step for 15 s, turn-based through its next turn) and takes 1 hit.
"""
from __future__ import annotations

from ...errors import RuleError, Said, counted
from ...hexgrid import neighbour
from ...protocol import Event, Seat
from ..action_types import CardFields
from ..actions import foes, in_hexes, not_netted
from ..board import COMPASS, front_directions, open_hex
from ..data import HIDDEN, MOVE, NETTED
from ..dice import take_back
from ..effects import Effect, Use
from ..figures import Ref, State, arena, occupied, piece_name, say
from ..statuses import END, add, has
from .kit import card_n, choose, fields, netted, open_around, sighted_foes, step_field, strike


def slippery(use: Use) -> list[Event]:
    assert use.entry is not None, "Slippery answers an attack"
    direction = step_field(use.action.get("step"))
    cancelled = min(use.n("cancels"), use.entry["hits"])
    use.entry["hits"] -= cancelled
    text = counted("{who}: Slippery cancels {n} hit.", "{who}: Slippery cancels {n} hits.", cancelled, who=use.who)
    if direction is not None:
        not_netted(use.state, (use.seat, None), ["E"])
        to = neighbour(use.me["hex"], direction)
        if not open_hex(arena(use.state), occupied(use.state, but=use.seat), to):
            raise RuleError("Slippery slips only onto an open hex: {direction} is not.", direction=COMPASS[direction])
        use.me["hex"] = to
        text = counted("{who}: Slippery cancels {n} hit and slips {direction}.",
                       "{who}: Slippery cancels {n} hits and slips {direction}.", cancelled, who=use.who,
                       direction=COMPASS[direction])
    return [say(use.state, text, kind="card")]


def slippery_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    steps = [] if netted(state, (seat, None)) else open_around(state, state["figures"][seat]["hex"], but=seat)
    return [CardFields(), *(CardFields(step=COMPASS[d]) for d in steps)]


def lunge_targets(state: State, seat: Seat) -> dict[Ref, list[int]]:
    """Figures 2 hexes away on a front line with an open hex between, and that hex."""
    me = state["figures"][seat]
    found: dict[Ref, list[int]] = {}
    for d in front_directions(me["facing"]):
        between = neighbour(me["hex"], d)
        far = between
        for _ in range(card_n(state, seat, "lunge", "range") - 1):
            far = neighbour(far, d)
        if not open_hex(arena(state), occupied(state), between):
            continue
        for ref in foes(state, seat, in_hexes(state, [far])):
            if not has(state, ref, HIDDEN):
                found[ref] = between
    return found


def lunge(use: Use) -> list[Event]:
    not_netted(use.state, (use.seat, None), ["E"])
    reach = lunge_targets(use.state, use.seat)
    ref = choose(use.state, use.action, list(reach), "Lunge at")
    use.me["hex"] = reach[ref]
    events = [say(use.state, Said("{who}: Lunge at {figure}.", who=use.who, figure=piece_name(use.state, ref)), kind="card")]
    return events + strike(use, ref, use.n("hits") + use.n("bonus_hits") * use.bonus)


def hunting_net(use: Use) -> list[Event]:
    state = use.state
    ref = choose(state, use.action, sighted_foes(state, use.seat, use.n("range")), "Net")
    add(state, ref, NETTED, use.n("seconds"), use.now, END)
    said = {"who": use.who, "figure": piece_name(state, ref)}
    if ref[1] is None and state["dice"][ref[0]]["tracks"][MOVE]:
        freed = take_back(state["dice"][ref[0]], MOVE)
        netted = (counted("{who}: Hunting Net! {figure} is Netted through the next turn; {n} Move die back to the pool.",
                          "{who}: Hunting Net! {figure} is Netted through the next turn; {n} Move dice back to the pool.",
                          freed, **said) if state["turn_based"] else
                  counted("{who}: Hunting Net! {figure} is Netted for {seconds} s; {n} Move die back to the pool.",
                          "{who}: Hunting Net! {figure} is Netted for {seconds} s; {n} Move dice back to the pool.",
                          freed, seconds=use.n("seconds"), **said))
    else:
        netted = (Said("{who}: Hunting Net! {figure} is Netted through the next turn.", **said) if state["turn_based"]
                  else Said("{who}: Hunting Net! {figure} is Netted for {seconds} s.", seconds=use.n("seconds"), **said))
    events = [say(state, netted, kind="status")]
    return events + strike(use, ref, use.n("hits"))


EFFECTS: dict[str, Effect] = {
    "slippery": Effect(slippery, slippery_choices, answer_only=True,  # normal hits from any arc
                       offered_when=lambda state, entry: entry["hits"] > 0),
    "lunge": Effect(lunge, lambda state, seat, entry: [] if netted(state, (seat, None)) else
                    [fields(r) for r in lunge_targets(state, seat)]),
    "hunting_net": Effect(hunting_net, lambda state, seat, entry:
                          [fields(r) for r in sighted_foes(state, seat, card_n(state, seat, "hunting_net", "range"))]),
}


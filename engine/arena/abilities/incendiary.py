"""Incendiary (ARENA.md 2.6): Heat 0-3 (0 at the start of each round), Slow Heat, Vented Heat
Blast and Sword Dance; Flame Blade (his Attack may burn 1 Heat for an unblockable hit) and
Kindle (a Parry that cancels a hit gives 1 Heat) are passives (actions.py, hits.py).

- Slow Heat: +2 Heat, never above 3.
- Vented Heat Blast {"heat": X (optional: all)}: spend X Heat; every figure in his front arc
  takes X unblockable hits.
- Sword Dance {"strikes": [{"facing": f, "target": t, "guard": g (optional), "heat": bool}, ...]}:
  up to 3 strikes of 2 hits each on adjacent front-arc figures, turning freely before each; a
  strike that burns 1 Heat is unblockable.
"""
from __future__ import annotations

from typing import Any

from ...errors import RuleError, Said
from ...protocol import Event, Seat
from ..action_types import CardFields, Strike
from ..board import COMPASS
from ..data import HEAT_MAX
from ..effects import Effect, Use
from ..figures import Ref, State, say
from .kit import adjacent_foes, card_n, facing_field, strike, target_of


def slow_heat(use: Use) -> list[Event]:
    if use.me["heat"] >= HEAT_MAX:
        raise RuleError("Your Heat is full ({most}).", most=HEAT_MAX)
    use.me["heat"] = min(HEAT_MAX, use.me["heat"] + use.n("heat"))
    return [say(use.state, Said("{who}: Slow Heat, Heat {heat}.", who=use.who, heat=use.me["heat"]), kind="heat")]


def vented_heat_blast(use: Use) -> list[Event]:
    heat = use.action.get("heat", use.me["heat"])
    if not 1 <= heat <= use.me["heat"]:
        raise (RuleError("Vent 1 to {most} Heat.", most=use.me["heat"]) if use.me["heat"]
               else RuleError("You have no Heat to vent."))
    hit = adjacent_foes(use.state, use.seat, (use.seat, None))
    if not hit:
        raise RuleError("Nobody stands in your front arc.")
    use.me["heat"] -= heat
    events = [say(use.state, Said("{who}: Vented Heat Blast of {heat} Heat!", who=use.who, heat=heat), kind="card")]
    for ref in hit:
        events += strike(use, ref, 0, heat)
    return events


def _strikes(use: Use) -> list[tuple[int, Any, bool]]:
    """The dance checked before anything happens: (facing, figure, burns Heat) per strike."""
    strikes = use.action.get("strikes")
    if strikes is None or not 1 <= len(strikes) <= use.n("strikes"):
        raise RuleError("Sword Dance strikes 1 to {most} times: say each facing and target.", most=use.n("strikes"))
    heat_left, checked = use.me["heat"], []
    start = use.me["facing"]
    for n, s in enumerate(strikes, 1):
        use.me["facing"] = facing_field(s.get("facing"))
        ref = target_of(s)
        if ref not in adjacent_foes(use.state, use.seat, (use.seat, None)):
            use.me["facing"] = start
            raise RuleError("Strike {number}: name a figure next to you in the front arc facing {direction}.", number=n,
                            direction=COMPASS[s["facing"]])
        burn = bool(s.get("heat"))
        heat_left -= use.n("heat") if burn else 0
        if heat_left < 0:
            use.me["facing"] = start
            raise RuleError("Strike {number}: not enough Heat left to burn.", number=n)
        checked.append((use.me["facing"], ref, burn))
    use.me["facing"] = start
    return checked


def sword_dance(use: Use) -> list[Event]:
    events = [say(use.state, Said("{who}: Sword Dance!", who=use.who), kind="card")]
    for facing, ref, burn in _strikes(use):
        use.me["facing"] = facing
        if burn:
            use.me["heat"] -= use.n("heat")
        hits = use.n("hits")
        events += strike(use, ref, 0 if burn else hits, hits if burn else 0)
    return events


def dance_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    """A strike at each figure within reach of some facing, and one dance of every strike
    it may make on them in turn (burning Heat while it lasts)."""
    me, start = state["figures"][seat], state["figures"][seat]["facing"]
    reach: list[tuple[int, Ref]] = []
    for facing in range(6):
        me["facing"] = facing
        reach += [(facing, ref) for ref in adjacent_foes(state, seat, (seat, None)) if ref not in [r for _, r in reach]]
    me["facing"] = start
    if not reach:
        return []
    single: list[CardFields] = [{"strikes": [_strike(f, r)]} for f, r in reach]
    most, heat = card_n(state, seat, "sword_dance", "strikes"), me["heat"]
    dance = [_strike(f, r) | {"heat": n < heat} for n, (f, r) in enumerate((reach * most)[:most])]
    return single + [{"strikes": dance}]


def _strike(facing: int, ref: Ref) -> Strike:
    """A strike at a figure: the facing, then the fields naming the figure (kit.fields)."""
    return {"facing": facing, "target": ref[0]} if ref[1] is None else {"facing": facing, "target": ref[0], "guard": ref[1]}


def _blast_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    heat = state["figures"][seat]["heat"]
    return [{"heat": h} for h in sorted({1, heat})] if heat and adjacent_foes(state, seat, (seat, None)) else []


EFFECTS: dict[str, Effect] = {
    "slow_heat": Effect(slow_heat, lambda state, seat, entry: [{}] if state["figures"][seat]["heat"] < HEAT_MAX
                        else []),
    "vented_heat_blast": Effect(vented_heat_blast, _blast_choices),
    "sword_dance": Effect(sword_dance, dance_choices),
}

"""Echo (ARENA.md 2.6): Call the Guard (innate), Surge, Protect the Chief (reaction) and Luftle
Swarm!; his Guards and their tokens are guards.py, his Luftle figures taking basic actions
actions.py (`by`).

- Call the Guard {"hex", "facing"}: a Guard from the supply stands on an open hex next to Echo.
- Surge {"steps": [per Guard: up to one compass step and one turn, e.g. ["E", "L"], or []]}:
  each Guard on the board moves 1 hex and/or turns 1 side, in Guard order.
- Protect the Chief {"guard": n}: a Guard next to Echo takes all the hits of the attack on him,
  unblockable hits included (it goes back to the supply; the attacker takes a Guard token).
- Luftle Swarm!: every Luftle figure strikes each adjacent enemy in its own front arc once,
  each strike a separate attack of 1 hit.
"""
from __future__ import annotations

from typing import cast

from ...errors import RuleError, Said
from ...hexgrid import distance, neighbour
from ...protocol import Event, Seat
from ..action_types import CardFields
from ..actions import luftles, not_netted, walk
from ..board import COMPASS, TURNS
from ..effects import Effect, Use
from ..figures import State, guards_of, piece_name, say, spot
from ..guards import in_supply, place, placed
from ..hits import land
from .kit import adjacent_foes, facing_field, hex_text, open_around, strike


def call_the_guard(use: Use) -> list[Event]:
    supply = in_supply(use.state, use.seat)
    if not supply:
        raise RuleError("Every Guard is on the board already.")
    where = use.action.get("hex")
    if where is None or where not in [neighbour(use.me["hex"], d) for d in open_around(use.state, use.me["hex"])]:
        raise RuleError("A Guard comes to an open hex next to Echo.")
    facing = facing_field(use.action.get("facing"))
    place(use.state, use.seat, supply[0], where, facing)
    return [say(use.state, Said("{who}: Call the Guard! {guard} stands at {hex}, facing {facing}.", who=use.who,
                                guard=piece_name(use.state, (use.seat, supply[0])), hex=hex_text(where),
                                facing=COMPASS[facing]), kind="card")]


def call_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    """Each open hex next to Echo, the Guard facing away from him."""
    if not in_supply(state, seat):
        return []
    here = state["figures"][seat]["hex"]
    return [{"hex": neighbour(here, d), "facing": d} for d in open_around(state, here)]


def _surge_steps(steps: list[object] | None, guards: int) -> list[list[str]]:
    if not isinstance(steps, list) or len(steps) > guards or not all(
            isinstance(s, list) and len([x for x in s if x in COMPASS]) <= 1 and len([x for x in s if x in TURNS]) <= 1
            and all(x in COMPASS or x in TURNS for x in s) for s in steps):
        raise RuleError("Surge: for each Guard, at most one step and one turn, e.g. [['E', 'L'], [], ['R']].")
    return cast(list[list[str]], steps)


def surge(use: Use) -> list[Event]:
    state = use.state
    steps = _surge_steps(cast(list[object] | None, use.action.get("steps")), len(guards_of(state, use.seat)))
    moved: list[str] = []
    for guard, path in enumerate(steps):
        if not path:
            continue
        if guard not in placed(state, use.seat):
            raise RuleError("Guard {guard} is not on the board.", guard=guard + 1)
        not_netted(state, (use.seat, guard), path)
        here, facing = walk(state, use.seat, path, guard)
        where = spot(state, (use.seat, guard))
        where["hex"], where["facing"] = here, facing
        moved.append(Said("Guard {guard} {path}", guard=guard + 1, path=", ".join(path)))
    if not moved:
        raise RuleError("Surge moves or turns at least one Guard.")
    moves = moved[0]
    for more in moved[1:]:
        moves = Said("{list}; {item}", list=moves, item=more)
    return [say(state, Said("{who}: Surge! {moves}.", who=use.who, moves=moves), kind="card")]


def surge_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    """Every Guard turning left; and every Guard stepping straight ahead where it can."""
    slots = guards_of(state, seat)
    on = placed(state, seat)
    if not on:
        return []
    turn = [["L"] if g in on else [] for g in range(len(slots))]
    ahead: list[list[str]] = [[] for _ in slots]
    for g in on:
        step = [COMPASS[spot(state, (seat, g))["facing"]]]
        try:
            walk(state, seat, step, g)
        except RuleError:
            continue
        ahead[g] = step
        break  # one Guard, so the others' paths stay as they were checked
    out: list[CardFields] = [{"steps": turn}]
    return out + ([{"steps": ahead}] if any(ahead) else [])


def _guard_beside_the_chief(state: State, entry: dict) -> bool:
    """Protect the Chief is offered against hits on Echo while a Guard stands next to him."""
    return entry["hits"] + entry["unblockable"] > 0 and bool(_beside(state, entry["defender"]))


def _beside(state: State, seat: Seat) -> list[int]:
    """Echo's Guards next to him."""
    chief = state["figures"][seat]["hex"]
    return [g for g in placed(state, seat) if distance(spot(state, (seat, g))["hex"], chief) == 1]


def protect_the_chief(use: Use) -> list[Event]:
    entry = use.entry
    assert entry is not None, "Protect the Chief answers an attack"
    guard = use.action.get("guard")
    if guard not in _beside(use.state, use.seat):
        raise RuleError("Name a Guard next to Echo.")
    use.state["pending"].remove(entry)
    entry["guard"], entry["unblockable"], entry["hits"] = guard, entry["hits"] + entry["unblockable"], 0
    text = Said("{who}: Protect the Chief! {guard} takes the hits.", who=use.who,
                guard=piece_name(use.state, (use.seat, guard)))
    return [say(use.state, text, kind="card")] + land(use.state, entry, 0, "")


def luftle_swarm(use: Use) -> list[Event]:
    events = [say(use.state, Said("{who}: Luftle Swarm!", who=use.who), kind="card")]
    for by in luftles(use.state, use.seat):
        for ref in adjacent_foes(use.state, use.seat, (use.seat, by)):
            events += strike(use, ref, use.n("hits"), by=by)
    if len(events) == 1:
        raise RuleError("No Luftle figure has an enemy next to it in its front arc.")
    return events


EFFECTS: dict[str, Effect] = {
    "call_the_guard": Effect(call_the_guard, call_choices),
    "surge": Effect(surge, surge_choices),
    "protect_the_chief": Effect(protect_the_chief, lambda state, seat, entry: [{"guard": g} for g in
                                                                              _beside(state, seat)], answer_only=True,
                                offered_when=_guard_beside_the_chief),
    "luftle_swarm": Effect(luftle_swarm, lambda state, seat, entry: [{}] if any(
        adjacent_foes(state, seat, (seat, by)) for by in luftles(state, seat)) else []),
}

"""Grublic (ARENA.md 2.6): Watch Out! (innate reaction), Leap, Shield Bash and Thunderstomp.

- Watch Out! {"facing": f}: face any direction; as a reaction, against normal hits from the rear,
  so that Parry may answer them (the arc is checked again).
- Leap: 2 hexes straight ahead, whatever stands in the first; the second must be open.
- Shield Bash {"target"}: an adjacent front-arc figure is pushed 1 hex away (2 with the bonus
  die) and takes 1 hit; a push stopped short adds 1 unblockable hit.
- Thunderstomp: 2 hits to every adjacent figure, each a separate attack.
"""
from __future__ import annotations

from ...errors import RuleError, Said, counted
from ...hexgrid import neighbour
from ...protocol import Event, Seat
from ..action_types import CardFields
from ..actions import not_netted
from ..board import COMPASS, in_front, open_hex, sector
from ..effects import Effect, Use
from ..figures import State, arena, occupied, piece_name, say, spot
from .kit import adjacent_foes, choose, facing_field, fields, hex_text, netted, shove, strike


def watch_out(use: Use) -> list[Event]:
    facing = facing_field(use.action.get("facing"))
    if facing == use.me["facing"]:
        raise RuleError("You already face {direction}.", direction=COMPASS[facing])
    use.me["facing"] = facing
    return [say(use.state, Said("{who}: {card} Now facing {direction}.", who=use.who, card=use.track.name,
                                direction=COMPASS[facing]), kind="card")]


def watch_out_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    """Every other facing; answering an attack, only those that face its attacker."""
    me = state["figures"][seat]
    return [{"facing": f} for f in range(6) if f != me["facing"]
            and (entry is None or in_front(me["hex"], f, entry["from"]))]


def _leap_to(state: State, seat: Seat) -> list[int] | None:
    me = state["figures"][seat]
    first = neighbour(me["hex"], me["facing"])
    to = neighbour(first, me["facing"])
    return to if open_hex(arena(state), occupied(state, but=seat), to) else None


def leap(use: Use) -> list[Event]:
    not_netted(use.state, (use.seat, None), ["E"])
    to = _leap_to(use.state, use.seat)
    if to is None:
        raise RuleError("Leap lands 2 hexes straight ahead: that hex must be open.")
    use.me["hex"] = to
    return [say(use.state, Said("{who}: Leap to {hex}.", who=use.who, hex=hex_text(to)), kind="card")]


def shield_bash(use: Use) -> list[Event]:
    state = use.state
    ref = choose(state, use.action, adjacent_foes(state, use.seat, (use.seat, None)), "Shield Bash whom")
    direction = sector(use.me["hex"], spot(state, ref)["hex"])[0]
    wanted = use.n("push") + use.n("bonus_push") * use.bonus
    moved, blocked = shove(state, ref, direction, wanted)
    said = {"who": use.who, "figure": piece_name(state, ref), "direction": COMPASS[direction]}
    bash = (counted("{who}: Shield Bash pushes {figure} {n} hex {direction}, and it is stopped.",
                    "{who}: Shield Bash pushes {figure} {n} hexes {direction}, and it is stopped.", moved, **said)
            if blocked else
            counted("{who}: Shield Bash pushes {figure} {n} hex {direction}.",
                    "{who}: Shield Bash pushes {figure} {n} hexes {direction}.", moved, **said))
    events = [say(state, bash, kind="card")]
    return events + strike(use, ref, use.n("hits"), use.n("blocked_hits") if blocked else 0)


def shield_bash_choices(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    return [fields(r) for r in adjacent_foes(state, seat, (seat, None))]


def thunderstomp(use: Use) -> list[Event]:
    around = adjacent_foes(use.state, use.seat, (use.seat, None), front_only=False)
    if not around:
        raise RuleError("Thunderstomp strikes adjacent figures: nobody stands next to you.")
    events = [say(use.state, Said("{who}: Thunderstomp!", who=use.who), kind="card")]
    for ref in around:
        events += strike(use, ref, use.n("hits"))
    return events


EFFECTS: dict[str, Effect] = {
    "watch_out": Effect(watch_out, watch_out_choices,  # as a reaction: normal hits from the rear, so Parry may answer
                        offered_when=lambda state, entry: entry["hits"] > 0 and not entry["front"]),
    "leap": Effect(leap, lambda state, seat, entry: [{}] if _leap_to(state, seat) is not None
                   and not netted(state, (seat, None)) else []),
    "shield_bash": Effect(shield_bash, shield_bash_choices),
    "thunderstomp": Effect(thunderstomp, lambda state, seat, entry:
                           [{}] if adjacent_foes(state, seat, (seat, None), front_only=False) else []),
}


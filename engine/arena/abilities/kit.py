"""What every innate action and Tribal card effect shares: how its fields are read, and who it can
reach (adjacent figures, figures in sight, pushes). The use being resolved is engine/arena/effects.Use."""
from __future__ import annotations

from ...errors import Either, RuleError
from ...hexgrid import distance, neighbour
from ...protocol import Event, Seat
from ..action_types import ArenaAction, CardFields, Strike
from ..actions import foes, in_hexes
from ..board import COMPASS, front_arc, key, line_of_sight, open_hex
from ..data import HIDDEN, NETTED
from ..effects import Use
from ..figures import Ref, State, arena, card_of, figure_hexes, occupied, piece_name, pieces, spot
from ..guards import placed
from ..hits import call_attack
from ..races import stamp
from ..statuses import has


def card_n(state: State, seat: Seat, key_: str, what: str) -> int:
    """A number of the seat's Tribal card `key_` (for listing its choices)."""
    card = card_of(state, seat, key_)
    assert card is not None, f"no card {key_}"
    return card.n(what)


# ---------------------------------------------------------------- fields

def target_of(action: ArenaAction | Strike) -> Ref | None:
    seat = action.get("target")
    return None if seat is None else (seat, action.get("guard"))


def choose(state: State, action: ArenaAction | Strike, allowed: list[Ref], what: str) -> Ref:
    """The figure the action names, if it is one of `allowed`; else a refusal naming them."""
    ref = target_of(action)
    if ref in allowed:
        assert ref is not None
        return ref
    names = [piece_name(state, r) for r in allowed]
    raise (RuleError("{what}: {targets}.", what=what, targets=Either(names)) if names
           else RuleError("No one to {what} from here.", what=what.lower()))


def fields(ref: Ref) -> CardFields:
    """The action fields naming a figure."""
    return {"target": ref[0]} if ref[1] is None else {"target": ref[0], "guard": ref[1]}


def facing_field(value: int | None) -> int:
    if value is None or not 0 <= value < 6:
        raise RuleError("Face one of the 6 sides: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.")
    return value


def step_field(value: str | None) -> int | None:
    """An optional compass step: its direction, or None for no step."""
    if value is None:
        return None
    if value not in COMPASS:
        raise RuleError("A step is one of {steps}.", steps=", ".join(COMPASS))
    return COMPASS.index(value)


# ---------------------------------------------------------------- reach

def on_board(state: State, ref: Ref) -> bool:
    return ref in pieces(state)


def netted(state: State, ref: Ref) -> bool:
    return has(state, ref, NETTED)


def adjacent_foes(state: State, seat: Seat, ref: Ref, front_only: bool = True) -> list[Ref]:
    """Other players' figures next to `ref`: in its front arc, or all round."""
    me = spot(state, ref)
    hexes = front_arc(me["hex"], me["facing"]) if front_only else [neighbour(me["hex"], d) for d in range(6)]
    return foes(state, seat, in_hexes(state, hexes))


def sighted_foes(state: State, seat: Seat, most: int) -> list[Ref]:
    """Other players' figures in the seat's line of sight within `most` hexes, Hidden ones left
    out (a line-of-sight effect cannot target them)."""
    me = state["figures"][seat]
    seen = [h for h in line_of_sight(arena(state), figure_hexes(state, but=seat), me["hex"], me["facing"])
            if distance(me["hex"], h) <= most]
    return [r for r in foes(state, seat, in_hexes(state, seen)) if not has(state, r, HIDDEN)]


def open_around(state: State, h: list[int], but: Seat | Ref | None = None) -> list[int]:
    """The directions from `h` to an open neighbour (no edge, terrain or figure)."""
    others = occupied(state, but=but)
    return [d for d in range(6) if open_hex(arena(state), others, neighbour(h, d))]


def shove(state: State, ref: Ref, direction: int, hexes: int) -> tuple[int, bool]:
    """Push a figure up to `hexes` in `direction`; returns how far it went and whether the
    edge, terrain or a figure stopped it short."""
    figure = spot(state, ref)
    for moved in range(hexes):
        to = neighbour(figure["hex"], direction)
        if not open_hex(arena(state), occupied(state, but=ref), to):
            return moved, True
        figure["hex"] = to
    return hexes, False


def strike(use: Use, ref: Ref, hits: int, unblockable: int = 0, by: int | None = None) -> list[Event]:
    """A card's attack on one figure (the card pauses everyone until it lands); a figure gone
    meanwhile (an earlier strike knocked it out) is spared."""
    if not on_board(use.state, ref) or (by is not None and by not in placed(use.state, use.seat)):
        return []
    return call_attack(use.state, use.seat, ref[0], use.track.name, None, hits, unblockable, use.now,
                       stamp(use.action), guard=ref[1], by=by, card=use.track.name)


def hex_text(h: list[int]) -> str:
    return f"[{h[0]}, {h[1]}]"


def same(a: list[int], b: list[int]) -> bool:
    return key(a) == key(b)

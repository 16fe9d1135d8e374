"""Zap That Ghost's contract as types: the actions a seat sends and the views it reads.

They are TypedDicts, so they stay the plain JSON dicts the protocol speaks (the log replays
them, a snapshot is their text) while the renderer and the cog get their keys checked. An action
is written as a literal through `as_action` (checked against the union, handed over as the
protocol's dict); a view arrives as the protocol's untyped dict, and `public_view` and `seat_view`
narrow it once, at the edge, instead of every reader trusting its keys.

Every action but the discard may carry the `round` it was made for: one made in an earlier
round (a board or private panel kept from then) is refused by the engine, whatever it names.
`SHAPES` is what `Ghosts.apply` parses every action against (engine/protocol.py), so the rules read
these types without checking a field's kind again.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, TypeGuard

from .errors import Term
from .protocol import EVERY_GAME, PAIR, WHOLE, WORD, Action, Kind, Shape, Shapes, list_of, needed

Cell = list[int]  # [row, col]
Phase = Literal["discard", "race", "attempt", "swap", "over"]


class DiscardAction(TypedDict):
    type: Literal["discard"]
    cards: list[int]


class CallAction(TypedDict):
    type: Literal["call"]
    meeple: str
    round: NotRequired[int]
    at_ms: NotRequired[int]  # when the press was made (ms since the epoch), so losers learn the margin


class ZapAction(TypedDict):
    type: Literal["zap"]
    card: int
    to: Cell
    round: NotRequired[int]


class GiveUpAction(TypedDict):
    type: Literal["give_up"]
    round: NotRequired[int]


class SwapAction(TypedDict):
    type: Literal["swap"]
    card: int
    round: NotRequired[int]


class KeepAction(TypedDict):
    type: Literal["keep"]
    round: NotRequired[int]


GhostsAction = DiscardAction | CallAction | ZapAction | GiveUpAction | SwapAction | KeepAction
CARD = needed(WHOLE)
ROUND = {"round": WHOLE}
SHAPES: Shapes = {
    **EVERY_GAME,
    "discard": {"cards": needed(list_of(WHOLE, Term("a list of card numbers", "kind of value")))},
    "call": {"meeple": needed(WORD), **ROUND},
    "zap": {"card": CARD, "to": needed(Kind(PAIR.holds, Term("a tile, such as [1, 2]", "kind of value"))), **ROUND},
    "give_up": ROUND,
    "swap": {"card": CARD, **ROUND},
    "keep": ROUND,
}
COMMON: Shape = {"at_ms": WHOLE}  # when its player pressed (a call's race)


def as_action(action: GhostsAction) -> Action:
    """A typed action as the protocol's plain dict."""
    return dict(action)


class LostRace(TypedDict):
    """A refused call that lost the race: who called first, what, and when they pressed."""

    winner: int
    meeple: str
    at_ms: int | None  # None when the winning call gave no press time


class CardInfo(TypedDict):
    """A card as a view shows it: what plays a role in this game (no Green Box number)."""

    id: int
    colour: str
    symbol: str
    name: str


# "from" is a keyword, hence the functional form.
LastAttempt = TypedDict("LastAttempt", {
    "seat": int, "meeple": str, "card": CardInfo | None, "from": Cell, "to": Cell | None, "die": int,
    "success": bool, "reason": str,  # "", "no_walk", "no_match", "timeout", "gave_up", "left"
})


class GhostsView(TypedDict):
    """What everyone sees (`Ghosts.view(state, None)`)."""

    game: Literal["ghosts"]
    players: int
    phase: Phase
    round: int  # 0 during the opening discard
    symbols: list[list[str | None]]  # None on the four plain corners
    ghosts: list[list[str | None]]  # the colour of the ghost on each tile
    meeples: dict[str, Cell]
    die: int | None
    roller: int | None
    caller: int | None
    meeple: str | None
    call_ms: int | None  # the winning press time, until the next roll
    scores: list[int]
    captured: list[list[str]]  # ghost colours by seat, in capture order
    target: int
    hand_counts: list[int]
    deadline: float | None
    waiting_for: list[int]
    away: list[int]
    left: list[int]
    last_path: list[Cell] | None  # the walk of the last successful zap
    last_attempt: LastAttempt | None
    ranks: list[int] | None  # once the game is over


class SeatView(GhostsView):
    """What one seated player sees: the public view and their own hand."""

    hand: list[CardInfo]
    must_discard: bool
    may_swap: bool


def _is_view(view: Mapping[str, Any]) -> TypeGuard[GhostsView]:
    return view.get("game") == "ghosts"


def _is_seat_view(view: Mapping[str, Any]) -> TypeGuard[SeatView]:
    return view.get("game") == "ghosts" and "hand" in view


def public_view(view: Mapping[str, Any]) -> GhostsView:
    """`view` typed, after checking it is a Zap That Ghost view."""
    if not _is_view(view):
        raise TypeError("not a Zap That Ghost view")
    return view


def seat_view(view: Mapping[str, Any]) -> SeatView:
    """`view` typed, after checking it is a seated player's Zap That Ghost view."""
    if not _is_seat_view(view):
        raise TypeError("not a seated player's Zap That Ghost view")
    return view

"""Computers at the table: when they act.

Who sits in a seat (a player, a computer, a player's seat a computer keeps) is the session's
(host/session.py). A seat whose player is away is kept by a computer too; its actions are logged
under KEEPER, and the seat stays its player's.

Each computer seat's `Mind` (engine/computers) is stored with the session (`Session.minds`).
After every change each mind looks at its seat's view and plans when it acts next; the session's
stored deadline is the earliest of those plans and the game's own timer, so the scheduler wakes
it like any timer, a restart included.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.computers import KEEPER_LEVEL, Mind, policy_for, think
from engine.protocol import Game, Seat, State

from .session import is_computer, level_of

KEEPER = -1  # the log's user id for an action a computer took for an away player


def minds_at_start(seats: Sequence[int], seed: int) -> list[Mind]:
    """A mind for every computer seat when the game starts."""
    return [Mind.new(seat, level_of(user), seed) for seat, user in enumerate(seats) if is_computer(user)]


def keep_newly_away(minds: list[Mind], seats: Sequence[int], game: Game, before: State, after: State,
                    seed: int) -> list[Seat]:
    """Seats the game has just marked away get a computer at KEEPER_LEVEL; returns those seats.
    Only the moment a seat becomes away counts: a player who took their seat back while the game
    still counts them away is not kept again until the game marks them away anew."""
    kept = {mind.seat for mind in minds}
    newly = [seat for seat in game.away(after) if seat not in game.away(before)
             and seat not in kept and not is_computer(seats[seat])]
    minds.extend(Mind.new(seat, KEEPER_LEVEL, seed ^ 0x4B33) for seat in newly)
    return newly


def think_all(minds: Sequence[Mind], game: Game, state: State, now: float) -> None:
    """After a change: every mind looks at its seat's view and plans its next move."""
    if not minds:
        return
    policy = policy_for(game)
    for mind in minds:
        think(policy, mind, game.view(state, mind.seat), now)


def first_due(minds: Sequence[Mind]) -> Mind | None:
    planned = [mind for mind in minds if mind.due is not None]
    return min(planned, key=lambda mind: (mind.due, mind.seat)) if planned else None


def wake_at(game_deadline: float | None, minds: Sequence[Mind]) -> float | None:
    """The session's stored deadline: the game's own timer or the first computer's plan."""
    times = [t for t in (game_deadline, *(mind.due for mind in minds)) if t is not None]
    return min(times) if times else None

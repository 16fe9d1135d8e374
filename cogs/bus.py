"""Where every change of a table goes out: a click's, a command's and a timer's, on one path.

Whoever changes a table publishes the change here and is done; what the players then see is the
subscribers' business. They subscribe by stage, and stages run in their declared order, so who
hears a change first is written here, not decided by which module happened to subscribe first:
- PRIVATE: the players' own live panels that a change concerns (Eye for an Eye's prompts), before
  the board, so a defender hears of an attack before the channel does;
- PUBLIC: the board brought up to date, the news, the ping, stale panels retired, the end told.

`via` is the click or command that made the change (None for a timer): the board may go out as
its response. `fresh`: the board goes out as a new message answering `via` (a new lobby, `/board`).
A click refused for an out-of-date board goes out too (`Change.stale`): the board is brought up to
date and `via` is shown it privately.
"""
from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable

from host.table import Change

from .services import Interaction


class Stage(enum.IntEnum):
    PRIVATE = 1
    PUBLIC = 2


Subscriber = Callable[[Change, "Interaction | None", bool], Awaitable[None]]


class Bus:
    def __init__(self) -> None:
        self._subscribers: dict[Stage, list[tuple[Subscriber, str | None]]] = {stage: [] for stage in Stage}

    def subscribe(self, stage: Stage, subscriber: Subscriber, *, game: str | None = None) -> None:
        """`subscriber` hears every change at `stage`, or only the changes of tables of `game`."""
        self._subscribers[stage].append((subscriber, game))

    async def publish(self, change: Change, via: Interaction | None = None, *, fresh: bool = False) -> None:
        for stage in Stage:
            for subscriber, game in self._subscribers[stage]:
                if game is None or game == change.session.game:
                    await subscriber(change, via, fresh)

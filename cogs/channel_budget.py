"""Each channel's share of Discord's rate limits, kept by the bot before it asks.

Why: Discord allows about 5 message posts and 5 edits per 5 s in a channel (an edit of a message older
than an hour: 3 per 15 s), and 5 deletes a second. discord.py learns a limit from the answers and
then waits it out inside the request, while the presenter holds its lock, so every board, headline
and ping of the table queues behind it. Here every message the bot posts, edits or deletes in a
channel first takes a slot of that channel's budget: whoever must wait knows for how long before
asking (a board then redraws later, once, for the newest state), and Discord never has to refuse.

A slot is held from when it is taken until `period` after its request finished: Discord's window
for that request opened no earlier than it arrived, so its slot is free only once that window
has surely closed. And the last request of a window is never made (`usable`: 4 of the 5): its
answer says nothing remains, and discord.py then sleeps inside that request until the window
resets (`Ratelimit.__aexit__`), up to 5 s, while its caller holds the board's lock, so a click on
the board waits that long for its answer.

Two kinds of sender. Messages that cannot wait for a better moment (a ping, a headline, a call to a
defender) take a slot as soon as one is free (`slot`). A board can wait, since it is redrawn later
for the newest state, so it asks first (`wait`), and the answer keeps the board from ever waiting
inside its request while the presenter holds the board's lock:
- Evenly: in a busy channel (a slot of the bucket held) a board goes at most every `spacing` (5 s
  over the 4 usable slots: 1.25 s). All the slots at once would leave the next change, a moment
  later, waiting for the whole window (4-5 s on the board); evenly, none waits much longer than
  the spacing.
- Held for the asker: "go now" reserves the slot for the task that asked until it takes it (while it
  draws the board, another message cannot take it) or the task ends.
- A board that moves to a new message retires the old one with an edit at once (cogs/presenter.py,
  `post` then `moved`), so asking for a post asks for that edit's turn too, and holds its slot.

`TABLETOP_CHANNEL_BUDGET=off` runs the bot without the budget (every request asks Discord at once and
discord.py waits out the limits): `python -m bench.discord --budget off` measures what it buys.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Callable

import discord

POST, EDIT, EDIT_OLD, DELETE = "post", "edit", "edit old", "delete"
LIMITS: dict[str, tuple[int, float]] = {POST: (5, 5.0), EDIT: (5, 5.0), EDIT_OLD: (3, 15.0), DELETE: (5, 1.0)}
OLD_MESSAGE = 3600.0  # seconds: an edit of an older message falls in Discord's stricter bucket
IN_FLIGHT = float("inf")  # a slot whose request has not ended: when it frees is not known yet
LOOK_AGAIN = 1.0  # seconds: the longest wait told while every slot's request is still in flight
HELD_FOR = 5.0  # seconds a slot promised to a board stays held if its task never takes it (nor ends)
SWITCH = "TABLETOP_CHANNEL_BUDGET"  # "off": no budget (for benches comparing)
Key = tuple[int, str]  # (channel, kind)


def usable(kind: str) -> int:
    """The requests of a window the bot makes: all but the last (see the module's docstring)."""
    return max(1, LIMITS[kind][0] - 1)


def spacing(kind: str) -> float:
    """The least time between a busy bucket's requests for a board: the usable slots spread evenly
    over the window."""
    return LIMITS[kind][1] / usable(kind)


class ChannelBudget:
    """The slots of every channel's buckets (`LIMITS`): when each is free again, when the last was
    taken, and the slots promised to the boards that asked."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *, enabled: bool | None = None) -> None:
        self.clock = clock
        self.enabled = os.environ.get(SWITCH, "on").lower() != "off" if enabled is None else enabled
        self._slots: dict[Key, list[float]] = {}  # (channel, kind) -> when each slot frees
        self._taken: dict[Key, float] = {}  # (channel, kind) -> when its last slot was taken
        self._promised: dict[Key, dict[asyncio.Task, float]] = {}  # -> the tasks told to go, until when

    @staticmethod
    def edit_kind(message_id: int) -> str:
        """EDIT, or EDIT_OLD for a message older than an hour (its id says when it was made)."""
        age = (discord.utils.utcnow() - discord.utils.snowflake_time(message_id)).total_seconds()
        return EDIT_OLD if age > OLD_MESSAGE else EDIT

    def wait(self, channel_id: int, kind: str) -> float:
        """For a board: seconds until it may go (0: now, and its slot is held for the asking task until
        it takes it). A busy bucket's boards go evenly; a post needs room to retire the old board too."""
        if not self.enabled:
            return 0.0
        kinds = (kind, EDIT) if kind == POST else (kind,)
        wait = max(max(self._spaced(channel_id, k), self._full(channel_id, k)) for k in kinds)
        if wait > 0:
            return wait
        task = asyncio.current_task()
        for k in kinds:
            self._forget_if_quiet((channel_id, k))
            if task is not None:
                self._promised.setdefault((channel_id, k), {})[task] = self.clock() + HELD_FOR
        return 0.0

    @contextlib.asynccontextmanager
    async def slot(self, channel_id: int, kind: str) -> AsyncIterator[None]:
        """Take a slot (the one promised to this task, else the first free), hold it while the
        request runs, and for the bucket's period after."""
        if not self.enabled:
            yield
            return
        task, promised = asyncio.current_task(), self._promised.get((channel_id, kind), {})
        until = None if task is None else promised.pop(task, None)
        if until is None or until <= self.clock():  # no slot kept for this task: the first free one
            while (wait := self._full(channel_id, kind)) > 0:
                await asyncio.sleep(wait)
        slots = self._live(channel_id, kind)
        slots.append(IN_FLIGHT)
        self._taken[(channel_id, kind)] = self.clock()
        try:
            yield
        finally:
            slots.remove(IN_FLIGHT)
            slots.append(self.clock() + LIMITS[kind][1])

    def _full(self, channel_id: int, kind: str) -> float:
        """Seconds until the bucket has a slot that is neither held nor promised to another task (0: now;
        while all are in flight, a moment to look again)."""
        count = usable(kind)
        slots = self._live(channel_id, kind)
        promised = self._others_promised(channel_id, kind)
        if len(slots) + promised < count:
            return 0.0
        frees = sorted(slots)[min(len(slots) - 1, len(slots) + promised - count)] if slots else IN_FLIGHT
        return LOOK_AGAIN if frees == IN_FLIGHT else max(0.0, frees - self.clock())

    def _spaced(self, channel_id: int, kind: str) -> float:
        """Seconds until a board may follow the bucket's last request (0: the bucket is quiet, or the
        spacing has passed)."""
        if not self._live(channel_id, kind):
            return 0.0
        taken = self._taken.get((channel_id, kind))
        return 0.0 if taken is None else max(0.0, taken + spacing(kind) - self.clock())

    def _others_promised(self, channel_id: int, kind: str) -> int:
        """Slots promised to other tasks that may still take them (a task that ended will not)."""
        promised = self._promised.get((channel_id, kind))
        if not promised:
            return 0
        now, me = self.clock(), asyncio.current_task()
        for task in [t for t, until in promised.items() if t.done() or until <= now]:
            del promised[task]
        return sum(1 for task in promised if task is not me)

    def _live(self, channel_id: int, kind: str) -> list[float]:
        """The bucket's held slots, those already free dropped."""
        slots = self._slots.setdefault((channel_id, kind), [])
        now = self.clock()
        slots[:] = [freed_at for freed_at in slots if freed_at > now]  # in place: `slot` holds on to it
        return slots

    def _forget_if_quiet(self, key: Key) -> None:
        """A quiet bucket (no slot held, none promised) keeps nothing."""
        if not self._live(*key) and not self._others_promised(*key):
            self._slots.pop(key, None)
            self._taken.pop(key, None)
            self._promised.pop(key, None)

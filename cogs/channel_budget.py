"""Each channel's share of Discord's rate limits, kept by the bot before it asks.

Why: Discord allows about 5 message posts and 5 edits per 5 s in a channel (an edit of a message older
than an hour: 3 per 15 s), and 5 deletes a second. discord.py learns a limit from the answers and
then waits it out inside the request, while the presenter holds its lock, so every board, headline
and ping of the table queues behind it. Here every message the bot posts, edits or deletes in a
channel first takes a slot of that channel's budget: whoever must wait knows for how long before
asking (a board then redraws later, once, for the newest state), and Discord never has to refuse.

A slot is held from when it is taken until `period` after its request finished: Discord's window
for that request opened no earlier than it arrived, so its slot is free only once that window
has surely closed.
"""
from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable

import discord

POST, EDIT, EDIT_OLD, DELETE = "post", "edit", "edit old", "delete"
LIMITS: dict[str, tuple[int, float]] = {POST: (5, 5.0), EDIT: (5, 5.0), EDIT_OLD: (3, 15.0), DELETE: (5, 1.0)}
OLD_MESSAGE = 3600.0  # seconds: an edit of an older message falls in Discord's stricter bucket
IN_FLIGHT = float("inf")  # a slot whose request has not ended: when it frees is not known yet
LOOK_AGAIN = 1.0  # seconds: the longest wait told while every slot's request is still in flight


class ChannelBudget:
    """The slots of every channel's buckets (`LIMITS`): when each is free again."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._slots: dict[tuple[int, str], list[float]] = {}  # (channel, kind) -> when each slot frees

    @staticmethod
    def edit_kind(message_id: int) -> str:
        """EDIT, or EDIT_OLD for a message older than an hour (its id says when it was made)."""
        age = (discord.utils.utcnow() - discord.utils.snowflake_time(message_id)).total_seconds()
        return EDIT_OLD if age > OLD_MESSAGE else EDIT

    def wait(self, channel_id: int, kind: str) -> float:
        """Seconds until a slot of this bucket is free (0: now; while all are in flight, a moment to look again)."""
        count, _ = LIMITS[kind]
        slots = self._live(channel_id, kind)
        if not slots:
            del self._slots[(channel_id, kind)]  # a quiet channel keeps nothing
            return 0.0
        if len(slots) < count:
            return 0.0
        first = min(slots)
        return LOOK_AGAIN if first == IN_FLIGHT else max(0.0, first - self.clock())

    @contextlib.asynccontextmanager
    async def slot(self, channel_id: int, kind: str) -> AsyncIterator[None]:
        """Wait for a free slot, hold it while the request runs, and for the bucket's period after."""
        while (wait := self.wait(channel_id, kind)) > 0:
            await asyncio.sleep(wait)
        slots = self._live(channel_id, kind)
        slots.append(IN_FLIGHT)
        try:
            yield
        finally:
            slots.remove(IN_FLIGHT)
            slots.append(self.clock() + LIMITS[kind][1])

    def _live(self, channel_id: int, kind: str) -> list[float]:
        """The bucket's held slots, those already free dropped."""
        slots = self._slots.setdefault((channel_id, kind), [])
        now = self.clock()
        slots[:] = [freed_at for freed_at in slots if freed_at > now]  # in place: `slot` holds on to it
        return slots

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

The bot's requests in all: Discord allows a bot 50 requests a second over every channel (the global
limit; answers to interactions do not count). Each request also takes a slot of one bot-wide bucket
(`GLOBAL`), 45 a second, the other 5 left for requests the budget does not see (fetches, the command
sync). Shard processes of one bot share the limit: each gets its shards' part of it (`share`). So a
bot with many busy tables waits for its turn instead of collecting 429s (Cloudflare bars a bot that
collects 10,000 in 10 minutes): a board that must wait redraws later, once, as in a busy channel.

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

POST, EDIT, EDIT_OLD, DELETE, GLOBAL = "post", "edit", "edit old", "delete", "global"
LIMITS: dict[str, tuple[int, float]] = {POST: (5, 5.0), EDIT: (5, 5.0), EDIT_OLD: (3, 15.0), DELETE: (5, 1.0),
                                        GLOBAL: (50, 1.0)}
GLOBAL_KEY = (0, GLOBAL)  # the bot-wide bucket (no channel has id 0)
OLD_MESSAGE = 3600.0  # seconds: an edit of an older message falls in Discord's stricter bucket
IN_FLIGHT = float("inf")  # a slot whose request has not ended: when it frees is not known yet
LOOK_AGAIN = 1.0  # seconds: the longest wait told while every slot's request is still in flight
HELD_FOR = 5.0  # seconds a slot promised to a board stays held if its task never takes it (nor ends)
SWITCH = "TABLETOP_CHANNEL_BUDGET"  # "off": no budget (for benches comparing)
Key = tuple[int, str]  # (channel, kind)


def usable(kind: str) -> int:
    """The requests of a window the bot makes: all but the last of a channel's; nine in ten of the
    global limit, the rest for requests the budget does not see (see the module's docstring)."""
    count = LIMITS[kind][0]
    return max(1, count * 9 // 10 if kind == GLOBAL else count - 1)


def spacing(kind: str) -> float:
    """The least time between a busy bucket's requests for a board: the usable slots spread evenly
    over the window."""
    return LIMITS[kind][1] / usable(kind)


class ChannelBudget:
    """The slots of every channel's buckets (`LIMITS`) and of the bot-wide one: when each is free
    again, when the last was taken, and the slots promised to the boards that asked. `share`: this
    process's part of the global limit (its shards' part of the bot's, host/shards.py)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *, enabled: bool | None = None,
                 share: float = 1.0) -> None:
        self.clock = clock
        self.enabled = os.environ.get(SWITCH, "on").lower() != "off" if enabled is None else enabled
        self.share = share
        self._slots: dict[Key, list[float]] = {}  # (channel, kind) -> when each slot frees
        self._taken: dict[Key, float] = {}  # (channel, kind) -> when its last slot was taken
        self._promised: dict[Key, list[tuple[asyncio.Task, float]]] = {}  # -> the tasks told to go, until when

    @staticmethod
    def edit_kind(message_id: int) -> str:
        """EDIT, or EDIT_OLD for a message older than an hour (its id says when it was made)."""
        age = (discord.utils.utcnow() - discord.utils.snowflake_time(message_id)).total_seconds()
        return EDIT_OLD if age > OLD_MESSAGE else EDIT

    def wait(self, channel_id: int, kind: str, *, retiring: str | None = None) -> float:
        """For a board: seconds until it may go (0: now, and its slots are held for the asking task until
        it takes them). A busy bucket's boards go evenly; a post that moves the board on needs room to
        retire the old one too, with an edit of the `retiring` kind (EDIT, or EDIT_OLD for an old board)."""
        if not self.enabled:
            return 0.0
        keys = [(channel_id, k) for k in ((kind,) if retiring is None else (kind, retiring))]
        wait = max(max(self._spaced(key), self._full(key)) for key in keys)
        wait = max(wait, self._full(GLOBAL_KEY, needed=len(keys)))
        if wait > 0:
            return wait
        for key in (*keys, GLOBAL_KEY):
            self._forget_if_quiet(key)
        task, until = asyncio.current_task(), self.clock() + HELD_FOR
        if task is not None:
            for key in keys + [GLOBAL_KEY] * len(keys):  # the bot-wide bucket: a slot for each request
                self._promised.setdefault(key, []).append((task, until))
        return 0.0

    def board_wait(self, channel_id: int, message_id: int | None, moving_on: bool) -> float:
        """`wait` for a board: a post when it has no message yet, a post that retires the old message when
        it moves on (a new round), else an edit of its message."""
        if message_id is None:
            return self.wait(channel_id, POST)
        kind = self.edit_kind(message_id)
        return self.wait(channel_id, POST, retiring=kind) if moving_on else self.wait(channel_id, kind)

    @contextlib.asynccontextmanager
    async def slot(self, channel_id: int, kind: str) -> AsyncIterator[None]:
        """Take a slot of the channel's bucket and of the bot's (one promised to this task, else the
        first free), hold them while the request runs, and for each bucket's period after."""
        if not self.enabled:
            yield
            return
        keys = ((channel_id, kind), GLOBAL_KEY)
        task = asyncio.current_task()
        unpromised = [key for key in keys if not self._take_promise(key, task)]
        while (wait := max([self._full(key) for key in unpromised], default=0.0)) > 0:
            await asyncio.sleep(wait)
        held = [self._live(key) for key in keys]
        for slots in held:
            slots.append(IN_FLIGHT)
        self._taken[(channel_id, kind)] = self.clock()
        try:
            yield
        finally:
            for (_, bucket), slots in zip(keys, held, strict=True):
                slots.remove(IN_FLIGHT)
                slots.append(self.clock() + LIMITS[bucket][1])

    def _usable(self, key: Key) -> int:
        return max(1, int(usable(GLOBAL) * self.share)) if key == GLOBAL_KEY else usable(key[1])

    def _full(self, key: Key, needed: int = 1) -> float:
        """Seconds until the bucket has `needed` slots that are neither held nor promised to another
        task (0: now; while all are in flight, a moment to look again)."""
        slots = self._live(key)
        over = len(slots) + self._others_promised(key) + needed - self._usable(key)
        if over <= 0:
            return 0.0
        frees = sorted(slots)[min(len(slots), over) - 1] if slots else IN_FLIGHT
        return LOOK_AGAIN if frees == IN_FLIGHT else max(0.0, frees - self.clock())

    def _spaced(self, key: Key) -> float:
        """Seconds until a board may follow the bucket's last request (0: the bucket is quiet, or the
        spacing has passed)."""
        if not self._live(key):
            return 0.0
        taken = self._taken.get(key)
        return 0.0 if taken is None else max(0.0, taken + spacing(key[1]) - self.clock())

    def _take_promise(self, key: Key, task: asyncio.Task | None) -> bool:
        """Whether a slot of the bucket was promised to `task` and still is: it is taken now."""
        promised = self._promised.get(key, [])
        for i, (whose, until) in enumerate(promised):
            if whose is task and until > self.clock():
                del promised[i]
                return True
        return False

    def _others_promised(self, key: Key) -> int:
        """Slots promised to other tasks that may still take them (a task that ended will not)."""
        promised = self._promised.get(key)
        if not promised:
            return 0
        now, me = self.clock(), asyncio.current_task()
        promised[:] = [(task, until) for task, until in promised if not task.done() and until > now]
        return sum(1 for task, _ in promised if task is not me)

    def _live(self, key: Key) -> list[float]:
        """The bucket's held slots, those already free dropped."""
        slots = self._slots.setdefault(key, [])
        now = self.clock()
        slots[:] = [freed_at for freed_at in slots if freed_at > now]  # in place: `slot` holds on to it
        return slots

    def _forget_if_quiet(self, key: Key) -> None:
        """A quiet bucket (no slot held, none promised) keeps nothing."""
        if not self._live(key) and not self._others_promised(key):
            self._slots.pop(key, None)
            self._taken.pop(key, None)
            self._promised.pop(key, None)

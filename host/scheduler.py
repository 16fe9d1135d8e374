"""One task that sleeps until the earliest stored deadline, then lets the table fire it.

Deadlines live in the database, so after a restart the first look at the table finds every
pending timer (and fires those that passed while the bot was down).

After a long outage thousands may have passed. They are fired in rounds of ROUND sessions, most
recently active tables first (host/overdue.py), and while a backlog remains at most CATCH_UP_RATE a
second: each one redraws a board (about 2 requests), and Discord lets a bot send 50 requests a second
in all, of which the bot's own budget uses 45 (cogs/channel_budget.py). Faster, boards would only
queue for the budget while the tables players look at first wait behind them. Between rounds a timer
that passed meanwhile (a game being played now) goes ahead of the tables left hours ago.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging

from .table import Table

log = logging.getLogger(__name__)
MAX_NAP = 60.0  # look again at least this often, in case the clock jumped
MARKS_WAIT = 1.0  # board bookkeeping no move carried is written within about this long
ROUND = 8  # passed deadlines fired per look at the table (the table's FIRE_AT_ONCE: short bursts)
CATCH_UP_RATE = 20.0  # changes a second while a backlog remains: ~2 requests each, 40 of the budget's 45 a second


class Scheduler:
    def __init__(self, table: Table, catch_up_rate: float = CATCH_UP_RATE) -> None:
        self.table = table
        self.catch_up_rate = catch_up_rate
        self._task: asyncio.Task[None] | None = None
        self.up_since: float | None = None  # when it started: a deadline passed before then was missed

    def start(self) -> None:
        if self._task is None:
            self.up_since = self.table.clock()
            self._task = asyncio.create_task(self._run(), name="table-deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            task, self._task = self._task, None
            task.cancel()
            await asyncio.wait({task})  # not `await task`, whose CancelledError would hide a cancel of stop itself

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self.table.wakeup.clear()
            began, changes = loop.time(), 0
            try:
                changes = len(await self.table.fire_due(up_since=self.up_since, most=ROUND))
                if self.table.marks_due_in(MARKS_WAIT) == 0:
                    await self.table.flush_marks()  # board bookkeeping no move has carried
                deadline = await self.table.next_deadline()
            except Exception:  # noqa: BLE001 - one bad session must not stop every timer
                log.exception("firing deadlines failed")
                deadline = None
            nap = MAX_NAP if deadline is None else max(0.0, min(MAX_NAP, deadline - self.table.clock()))
            if (marks := self.table.marks_due_in(MARKS_WAIT)) is not None:
                nap = min(nap, marks)
            if nap == 0 and changes:  # a backlog: drain it at the catch-up's pace, whatever clicks wake us
                await asyncio.sleep(max(0.0, began + changes / self.catch_up_rate - loop.time()))
            elif nap > 0:
                await self._nap(nap)

    async def _nap(self, seconds: float) -> None:
        """Sleep until the table's wakeup or `seconds` pass. Not `asyncio.wait_for`: on Python 3.11
        it swallows a cancel that comes as the wakeup does (CPython gh-86296; 3.12 rebuilt it on
        `asyncio.timeout`), and `stop` then waited for ever on a scheduler that had eaten its cancel."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self.table.wakeup.wait()

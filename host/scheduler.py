"""One task that sleeps until the earliest stored deadline, then lets the table fire it.

Deadlines live in the database, so after a restart the first look at the table finds every
pending timer (and fires at once those that passed while the bot was down).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging

from .table import Table

log = logging.getLogger(__name__)
MAX_NAP = 60.0  # look again at least this often, in case the clock jumped
MARKS_WAIT = 1.0  # board bookkeeping no move carried is written within about this long


class Scheduler:
    def __init__(self, table: Table) -> None:
        self.table = table
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="table-deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            task, self._task = self._task, None
            task.cancel()
            await asyncio.wait({task})  # not `await task`, whose CancelledError would hide a cancel of stop itself

    async def _run(self) -> None:
        while True:
            self.table.wakeup.clear()
            try:
                await self.table.fire_due()
                if self.table.marks_due_in(MARKS_WAIT) == 0:
                    await self.table.flush_marks()  # board bookkeeping no move has carried
                deadline = await self.table.next_deadline()
            except Exception:  # noqa: BLE001 - one bad session must not stop every timer
                log.exception("firing deadlines failed")
                deadline = None
            nap = MAX_NAP if deadline is None else max(0.0, min(MAX_NAP, deadline - self.table.clock()))
            if (marks := self.table.marks_due_in(MARKS_WAIT)) is not None:
                nap = min(nap, marks)
            if nap > 0:
                await self._nap(nap)

    async def _nap(self, seconds: float) -> None:
        """Sleep until the table's wakeup or `seconds` pass. Not `asyncio.wait_for`: on Python 3.11
        it swallows a cancel that comes as the wakeup does (CPython gh-86296; 3.12 rebuilt it on
        `asyncio.timeout`), and `stop` then waited for ever on a scheduler that had eaten its cancel."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self.table.wakeup.wait()

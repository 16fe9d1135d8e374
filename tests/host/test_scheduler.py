"""The scheduler's own task: it naps until the next deadline or a wakeup, and stops when told."""
from __future__ import annotations

import asyncio

from host.scheduler import ROUND, Scheduler


class IdleTable:
    """A table with no deadlines and no bookkeeping due: the scheduler only naps on its wakeup."""

    def __init__(self) -> None:
        self.wakeup = asyncio.Event()
        self.looks = 0

    async def fire_due(self, **_: object) -> list:
        self.looks += 1
        return []

    def marks_due_in(self, _: float) -> float | None:
        return None

    async def next_deadline(self) -> float | None:
        return None

    def clock(self) -> float:
        return 0.0


async def napping(table: IdleTable) -> Scheduler:
    """A started scheduler that has had its first look at the table."""
    scheduler = Scheduler(table)  # type: ignore[arg-type]
    scheduler.start()
    while table.looks == 0:
        await asyncio.sleep(0)
    return scheduler


def test_the_scheduler_stops_when_the_stop_comes_as_a_wakeup_does() -> None:
    """A wakeup and a stop in the same moment (a click's deadline as the bot shuts down): the stop
    wins. asyncio.wait_for on Python 3.11 swallowed that cancel and `stop` waited for ever."""

    async def run() -> bool:
        table = IdleTable()
        scheduler = await napping(table)
        await asyncio.sleep(0.01)  # napping on the wakeup now
        table.wakeup.set()
        await asyncio.sleep(0)  # the wakeup's wait is over...
        stopping = asyncio.create_task(scheduler.stop())  # ...as the stop comes
        done, _ = await asyncio.wait({stopping}, timeout=30)  # a bound for failure only: it stops at once
        return bool(done)

    assert asyncio.run(run()), "the scheduler ate its cancel and never stopped"


def test_a_wakeup_makes_the_scheduler_look_again_at_once() -> None:
    async def run() -> int:
        table = IdleTable()
        scheduler = await napping(table)
        table.wakeup.set()
        for _ in range(100):
            if table.looks > 1:
                break
            await asyncio.sleep(0.001)
        await scheduler.stop()
        return table.looks

    assert asyncio.run(run()) == 2


class BackloggedTable(IdleTable):
    """A table with more passed deadlines than a round takes: every round fires a full round."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[dict] = []

    async def fire_due(self, **bounds: object) -> list:
        self.looks += 1
        self.calls.append(bounds)
        return [object()] * int(bounds["most"])  # type: ignore[call-overload]

    async def next_deadline(self) -> float | None:
        return -1.0  # still passed: a backlog remains


def test_the_scheduler_fires_in_bounded_rounds_and_names_when_it_started() -> None:
    async def run() -> list[dict]:
        table = BackloggedTable()
        scheduler = await napping(table)
        await scheduler.stop()
        return table.calls

    (first,) = asyncio.run(run())
    assert first == {"up_since": 0.0, "most": ROUND}


def test_a_backlog_is_drained_at_the_catch_up_pace_whatever_clicks_wake_it() -> None:
    """While passed deadlines remain, the next round waits for the pace (each round's boards cost
    Discord requests), and a click's wakeup does not bring it forward."""

    async def run() -> int:
        table = BackloggedTable()
        scheduler = Scheduler(table, catch_up_rate=1e-6)  # type: ignore[arg-type]
        scheduler.start()
        while table.looks == 0:
            await asyncio.sleep(0)
        for _ in range(50):
            table.wakeup.set()
            await asyncio.sleep(0)
        await scheduler.stop()
        return table.looks

    assert asyncio.run(run()) == 1

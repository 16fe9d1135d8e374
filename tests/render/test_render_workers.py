"""Drawing in worker processes (render/workers.py): nothing is lost to a worker, and none outlives the bot.

These start processes (a forkserver and its workers); every wait has a generous limit, nothing is timed."""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from render import workers
from render.encode import RenderedImage
from render.text_card import render_text_card
from render.workers import Drawers, Drawing

pytestmark = pytest.mark.process
MODULES = ("render.text_card",)  # what these workers need: a short start
ROOT = Path(__file__).resolve().parents[2]


def card(title: str) -> RenderedImage:
    return render_text_card(title, ["a line", "another"])


def card_in_a_worker_only(title: str) -> RenderedImage:
    """A drawing whose worker dies while drawing it (as a crash or the OOM killer would end it)."""
    if multiprocessing.parent_process() is not None:
        os._exit(1)
    return card(title)


def card_of_this_process(title: str) -> RenderedImage:
    return RenderedImage(card(title).png, str(os.getpid()))


def broken(title: str) -> RenderedImage:
    raise ValueError(f"cannot draw {title}")


async def test_a_board_drawn_in_a_worker_is_the_one_drawn_in_process() -> None:
    drawers = Drawers(1, modules=MODULES)
    try:
        await drawers.start()
        drawn = await drawers.draw(Drawing(card_of_this_process, ("Worker",)))
        assert drawn.png == card("Worker").png
        assert int(drawn.description) in drawers.pids() and int(drawn.description) != os.getpid()
        assert drawers.in_process == 0
    finally:
        drawers.close()


async def test_a_dead_worker_does_not_lose_a_board() -> None:
    drawers = Drawers(1, modules=MODULES)
    try:
        await drawers.start()
        (before,) = drawers.pids()
        drawn = await drawers.draw(Drawing(card_in_a_worker_only, ("Lost",)))
        assert drawn == card("Lost")  # drawn in process instead
        assert drawers.restarts == 1 and drawers.in_process == 1
        await drawers.start()  # another worker took its place
        after = await drawers.draw(Drawing(card_of_this_process, ("Next",)))
        assert int(after.description) in drawers.pids() and int(after.description) != before
    finally:
        drawers.close()


async def test_every_board_a_dead_worker_held_is_drawn() -> None:
    drawers = Drawers(1, modules=MODULES)
    try:
        await drawers.start()
        titles = [f"Board {i}" for i in range(6)]
        drawn = await asyncio.gather(drawers.draw(Drawing(card_in_a_worker_only, ("Lost",))),
                                     *(drawers.draw(Drawing(card, (title,))) for title in titles))
        assert drawn == [card("Lost"), *(card(title) for title in titles)]
    finally:
        drawers.close()


async def test_a_pool_whose_workers_keep_dying_draws_in_process(monkeypatch) -> None:
    monkeypatch.setattr(workers, "MAX_RESTARTS", 1)
    drawers = Drawers(1, modules=MODULES)
    try:
        for _ in range(2):
            await drawers.start()
            assert await drawers.draw(Drawing(card_in_a_worker_only, ("Lost",))) == card("Lost")
        assert drawers.size == 0 and drawers.pids() == []
        assert await drawers.draw(Drawing(card, ("Here",))) == card("Here")
    finally:
        drawers.close()


async def test_a_drawing_that_cannot_be_sent_is_drawn_in_process() -> None:
    drawers = Drawers(1, modules=MODULES)
    try:
        await drawers.start()
        local = lambda: card("Local")  # noqa: E731 - a function pickle cannot name
        assert await drawers.draw(Drawing(local)) == card("Local")
        assert drawers.in_process == 1
    finally:
        drawers.close()


async def test_a_drawing_that_fails_in_a_worker_fails_for_its_caller() -> None:
    drawers = Drawers(1, modules=MODULES)
    try:
        await drawers.start()
        with pytest.raises(ValueError, match="cannot draw Nothing"):
            await drawers.draw(Drawing(broken, ("Nothing",)))
        assert await drawers.draw(Drawing(card, ("After",))) == card("After")  # the worker carries on
        assert drawers.restarts == 0
    finally:
        drawers.close()


async def test_without_workers_boards_are_drawn_in_process() -> None:
    drawers = Drawers(0)
    drawn = await drawers.draw(Drawing(card_of_this_process, ("Threads",)))
    assert int(drawn.description) == os.getpid() and drawers.pids() == []


def gone(pid: int) -> bool:
    """The process has ended: it no longer exists, or only as a zombie (its parent has not reaped it)."""
    try:
        os.kill(pid, 0)
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except (ProcessLookupError, FileNotFoundError):  # it may be reaped between the two looks
        return True


def test_workers_leave_with_a_bot_that_was_killed() -> None:
    script = ("import asyncio, time\n"
              "from render.workers import Drawers\n"
              "async def main():\n"
              "    drawers = Drawers(2, modules=('render.text_card',))\n"
              "    await drawers.start()\n"
              "    print(*drawers.pids(), flush=True)\n"
              "    time.sleep(600)\n"
              "if __name__ == '__main__':\n"
              "    asyncio.run(main())\n")
    bot = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        pids = [int(pid) for pid in bot.stdout.readline().split()]
        assert len(pids) == 2 and not any(gone(pid) for pid in pids)
    finally:
        bot.kill()
        bot.wait(60)
    deadline = time.monotonic() + 60
    while not all(gone(pid) for pid in pids):
        assert time.monotonic() < deadline, f"workers {pids} outlived their bot"
        time.sleep(0.05)

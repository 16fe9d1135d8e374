"""Boards drawn in worker processes: a board is a pure function of its view, so any process can draw it.

Why: drawing is CPU-bound Python that holds the GIL. On threads, a bot draws on one core however many
it has, and every board drawn delays the clicks waiting to be acknowledged. Worker processes draw on
the other cores while the bot's own process answers clicks and talks to Discord.

- `Drawers(workers)`: that many processes, each started by a forkserver where the platform has one,
  else spawned (never forked from the bot, whose threads and sockets would be copied). Each imports
  the drawing modules once, before its first board (their fixed palettes, the font files), then
  tells the bot it is ready; until one is, boards are drawn in process (a start never waits).
- Each worker has a pipe of its own, read by the bot's event loop (no thread, no queue feeder): a
  drawing costs the bot a pickle and two small messages (~0.05 ms), where concurrent.futures'
  ProcessPoolExecutor cost ~0.3 ms of the bot's CPU per drawing, a sixth of what an action costs.
- A worker holds at most DEPTH drawings; the rest wait in the bot, and a free worker takes the
  oldest one of its own tables first (the table's last frame is there: render.encode reuses an
  unchanged one), else the oldest.
- Nothing is lost to a worker: a drawing that cannot be sent (not picklable), or whose worker died,
  is drawn in this process instead, and a dead worker is replaced; after MAX_RESTARTS deaths the
  pool is given up (logged) and every board is drawn in process. A worker exits when the bot's
  process is gone, however it ended (its pipe closes).
- `workers=0`: no processes; boards are drawn on the render threads (render.encode.render_async).

Whatever the process, a drawing gives the same bytes: a test draws boards both ways and compares.
"""
from __future__ import annotations

import asyncio
import collections
import gc
import importlib
import logging
import multiprocessing
import os
import pickle
import signal
import sys
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from render.cache import frames_of
from render.encode import RenderedImage, render_async

log = logging.getLogger(__name__)

MAX_RESTARTS = 5  # dead workers replaced before the pool is given up for in-process drawing
DEPTH = 2  # drawings a worker holds at once: one drawn, one ready to start without waiting for the bot
PREFER = 16  # how far down the waiting drawings a free worker looks for one of its own tables
PROJECT = ("render", "engine", "cogs")  # the packages whose loaded modules a worker imports at start


class Frozen:
    """A clock stopped at one moment: what a drawing that reads the time gets, so the picture drawn in a
    worker (or later on a thread) says what the table saw when it asked for it."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass(frozen=True)
class Drawing:
    """One picture to draw: a function and its arguments (picklable, so any process can draw it) and
    the table whose frames it continues (render.cache.frames_of), if any."""

    draw: Callable[..., RenderedImage]
    args: tuple[Any, ...] = ()
    table: Hashable | None = None

    def __call__(self) -> RenderedImage:
        with frames_of(self.table):
            return self.draw(*self.args)


def _draw_sent(payload: bytes) -> RenderedImage:
    """In a worker: the drawing the bot sent, drawn."""
    drawing: Drawing = pickle.loads(payload)
    return drawing()


def _warm(modules: Sequence[str]) -> None:
    """In a new worker: import what draws (palettes load at import) and read the fonts, once."""
    for name in modules:
        try:
            importlib.import_module(name)
        except Exception:  # a module that cannot load here is imported (and fails) when a drawing needs it
            log.debug("worker could not import %s", name, exc_info=True)
    from render.fonts import font

    font(16), font(16, True)
    gc.freeze()  # what is loaded now stays: collections look only at what drawings make (cheaper)


def _serve(bot: Connection, modules: Sequence[str]) -> None:
    """A worker's life: warm up, say so, then draw what the bot sends until its pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the bot, which stops its workers
    _warm(modules)
    try:
        bot.send_bytes(pickle.dumps(("ready", os.getpid())))
        while True:
            payload = bot.recv_bytes()
            try:
                result: tuple[str, Any] = ("drawn", _draw_sent(payload))
            except Exception as failed:  # the bot's caller sees it, as if drawn there
                result = ("failed", failed)
            try:
                answer = pickle.dumps(result, pickle.HIGHEST_PROTOCOL)
            except Exception:  # an exception that does not pickle: its words do
                answer = pickle.dumps(("failed", RuntimeError(f"{type(result[1]).__name__}: {result[1]}")))
            bot.send_bytes(answer)
    except (EOFError, OSError):
        return  # the bot closed the pipe or is gone


class _Lost(Exception):
    """The worker holding a drawing died (or the pool closed): draw it in process."""


@dataclass
class _Job:
    payload: bytes
    table: Hashable | None
    future: asyncio.Future[RenderedImage]


@dataclass
class _Worker:
    started: asyncio.Future[int]  # its pid once it is up and warm
    process: Any = None  # multiprocessing's process object, once started (off the event loop)
    pipe: Connection | None = None
    stopped: bool = False
    holding: collections.deque[_Job] = field(default_factory=collections.deque)

    @property
    def ready(self) -> bool:
        return self.started.done() and not self.started.cancelled() and self.started.exception() is None


class Drawers:
    """Draws `Drawing`s in `workers` processes (or, with 0, on the render threads); see the module.
    The processes start with the first drawing (or `start()`), on the event loop that asks."""

    def __init__(self, workers: int, *, modules: Sequence[str] | None = None) -> None:
        self.size = max(0, workers)
        self.modules = modules  # what a worker imports at start (default: the project's modules loaded here)
        self.restarts = 0
        self.in_process = 0  # drawings no worker took (none ready yet, not picklable, a worker died)
        self._workers: list[_Worker] = []
        self._waiting: collections.deque[_Job] = collections.deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._context: Any = None

    async def start(self) -> None:
        """Start the workers now and wait until each is up and warm (benches and tests)."""
        self._ensure_started()
        await asyncio.gather(*(worker.started for worker in self._workers), return_exceptions=True)

    async def draw(self, drawing: Drawing) -> RenderedImage:
        """The picture, drawn in a worker when one is ready; never lost to one."""
        if self.size:
            self._ensure_started()
        payload = self._payload(drawing) if any(worker.ready for worker in self._workers) else None
        if payload is None:
            self.in_process += bool(self.size)
            return await render_async(drawing)
        job = _Job(payload, drawing.table, asyncio.get_running_loop().create_future())
        self._waiting.append(job)
        self._dispatch()
        try:
            return await job.future
        except _Lost:
            self.in_process += 1
            return await render_async(drawing)  # its worker died: this board is drawn here

    def pids(self) -> list[int]:
        """The process ids of the workers up and warm now (for benches and tests)."""
        return [worker.started.result() for worker in self._workers if worker.ready]

    def close(self) -> None:
        """Stop the workers; drawings still with them or waiting are drawn in process."""
        for worker in self._workers:
            self._stop(worker)
        self._workers.clear()
        self._fail(self._waiting)

    # ---------------------------------------------------------------- the pool
    @staticmethod
    def _payload(drawing: Drawing) -> bytes | None:
        try:
            return pickle.dumps(drawing, pickle.HIGHEST_PROTOCOL)
        except Exception:  # (pickling raises several kinds) e.g. a function defined inside another
            log.debug("a drawing cannot go to a worker; drawn in process", exc_info=True)
            return None

    def _ensure_started(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # a new event loop (benches and tests run several): new pipes too
            self.close()
            self._loop = loop
        if self.size and not self._workers:
            self._workers = [self._new_worker() for _ in range(self.size)]

    def _dispatch(self) -> None:
        """Hand waiting drawings to free workers: each its own tables' first, else the oldest."""
        for index, worker in enumerate(self._workers):
            while worker.ready and worker.pipe is not None and len(worker.holding) < DEPTH and self._waiting:
                job = next((job for _, job in zip(range(PREFER), self._waiting, strict=False)
                            if job.table is not None and hash(job.table) % len(self._workers) == index),
                           self._waiting[0])
                self._waiting.remove(job)
                if job.future.done():
                    continue  # its caller gave up on it (cancelled)
                try:
                    worker.pipe.send_bytes(job.payload)
                except OSError:
                    self._waiting.appendleft(job)
                    self._lost(worker)
                    return
                worker.holding.append(job)

    def _answer(self, worker: _Worker) -> None:
        """The event loop saw the worker's pipe readable: its readiness, a drawing, or its death."""
        try:
            assert worker.pipe is not None
            kind, value = pickle.loads(worker.pipe.recv_bytes())
        except (EOFError, OSError):
            self._lost(worker)
            return
        if kind == "ready":
            if not worker.started.done():
                worker.started.set_result(value)
        elif worker.holding:
            job = worker.holding.popleft()
            if not job.future.done():
                if kind == "drawn":
                    job.future.set_result(value)
                else:
                    job.future.set_exception(value)
        self._dispatch()

    def _lost(self, worker: _Worker) -> None:
        """A worker's process died: what it held is drawn in process; another takes its place, unless
        too many have died already."""
        if worker not in self._workers:
            return
        self._stop(worker)
        self.restarts += 1
        if self.restarts > MAX_RESTARTS:
            log.error("board workers died %d times; boards are drawn in the bot's own process from now on",
                      self.restarts)
            self.close()
            self.size = 0
            return
        log.warning("a board worker died; starting another (%d so far)", self.restarts)
        self._workers[self._workers.index(worker)] = self._new_worker()
        if not any(other.ready for other in self._workers):
            self._fail(self._waiting)  # nobody left to draw them soon
        self._dispatch()

    def _stop(self, worker: _Worker) -> None:
        if worker.stopped:
            return
        worker.stopped = True
        if worker.pipe is not None:
            if self._loop is not None and not self._loop.is_closed():
                self._loop.remove_reader(worker.pipe.fileno())
            _end(worker.process, worker.pipe)
        if not worker.started.done():
            worker.started.set_exception(_Lost())
            worker.started.exception()  # seen: never logged as unretrieved
        self._fail(worker.holding)

    @staticmethod
    def _fail(jobs: collections.deque[_Job]) -> None:
        while jobs:
            job = jobs.popleft()
            if not job.future.done():
                job.future.set_exception(_Lost())

    def _new_worker(self) -> _Worker:
        """A worker, started off the event loop (the first start of a forkserver imports the drawing
        modules: ~0.6 s, which no click should wait out)."""
        loop = self._loop
        assert loop is not None
        worker = _Worker(loop.create_future())
        modules = tuple(self.modules if self.modules is not None else _project_modules())
        if self._context is None:
            methods = multiprocessing.get_all_start_methods()
            self._context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            if self._context.get_start_method() == "forkserver":
                self._context.set_forkserver_preload(list(modules))  # imported once, shared by every worker

        def started(spawning: asyncio.Future[tuple[Any, Connection]]) -> None:
            if spawning.exception() is not None:
                log.warning("a board worker could not start", exc_info=spawning.exception())
                self._lost(worker)
            elif worker.stopped:  # stopped (closed) while it started
                _end(*spawning.result())
            else:
                worker.process, worker.pipe = spawning.result()
                loop.add_reader(worker.pipe.fileno(), self._answer, worker)

        loop.run_in_executor(None, _spawn, self._context, modules).add_done_callback(started)
        return worker


def _spawn(context: Any, modules: Sequence[str]) -> tuple[Any, Connection]:
    """A worker process and the bot's end of its pipe."""
    mine, theirs = context.Pipe()
    process = context.Process(target=_serve, args=(theirs, modules), name="board-worker", daemon=True)
    process.start()
    theirs.close()
    return process, mine


def _end(process: Any, pipe: Connection) -> None:
    """Close a worker's pipe (it exits when it sees that) and reap it."""
    pipe.close()
    process.join(0.5)
    if process.is_alive():
        process.kill()
        process.join(1)


def _project_modules() -> list[str]:
    """The project's modules this process has loaded: what its drawings may need."""
    return sorted(name for name in list(sys.modules) if name.split(".")[0] in PROJECT)

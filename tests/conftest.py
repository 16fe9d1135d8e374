"""Shared fixtures: the toy games, a store on a temporary database, and a table with a hand clock."""
from __future__ import annotations

import compileall
import gc
import os
from pathlib import Path

import pytest
import simcord.env

from host.databases import open_store
from host.shards import Shards
from host.table import Table

# pytest rewrites the asserts of test_*.py and conftest.py only; the helpers beside them (tests/kit/,
# harness.py, the *_helpers.py...) assert too, and report like the tests with this, which must run
# before any of them is imported.
pytest.register_assert_rewrite("tests.kit", "tests.engine", "tests.host", "tests.render", "tests.cogs",
                               "tests.process")

import tests.kit.toygames  # noqa: E402, F401 - registers the toy games
from tests.kit.databases import BACKENDS, drop_spare_schemas, reused_postgres_schema  # noqa: E402


def pytest_configure(config) -> None:
    """The bot's code byte-compiled once, before the workers start. Every worker imports it and the
    process tests start `bot.py` dozens of times; where PYTHONDONTWRITEBYTECODE is set (as on our CI
    machines) Python writes no bytecode, so each of those compiled it all from source again (a start:
    0.74 s of CPU from source, 0.50 s byte-compiled, `python -m bench.startup`). Elsewhere the files
    are already there and this only checks them."""
    if hasattr(config, "workerinput"):
        return  # a worker: the controller has done it
    root = Path(__file__).resolve().parent.parent
    compileall.compile_file(root / "bot.py", quiet=1)
    for package in ("cogs", "engine", "host", "render"):
        compileall.compile_dir(root / package, quiet=1)
    if config.getoption("numprocesses", None):
        rewrite_tests_once(config, root / "tests")


def rewrite_tests_once(config, tests: Path) -> None:
    """The test modules with their asserts rewritten, written once for all the workers. pytest caches
    a rewritten module beside it, but not where PYTHONDONTWRITEBYTECODE is set: there every worker
    rewrote every test module again (collecting took 9 s of CPU a worker, 7 of them rewriting). The
    workers read what this writes, as pytest does when it wrote it itself. It uses pytest's own
    (private) functions: if they change, this does nothing and the workers rewrite as before."""
    try:
        from _pytest.assertion import rewrite
        state = config.stash[rewrite.assertstate_key]
        for source in tests.rglob("*.py"):
            if "fakediscord" in source.parts:
                continue  # not rewritten: it asserts nothing of a test's
            pyc = rewrite.get_cache_dir(source) / (source.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(source, pyc) is None and rewrite.try_makedirs(pyc.parent):
                try:
                    source_hash, code = rewrite._rewrite_test(source, config)
                except SyntaxError:
                    continue  # pytest reports it, as it collects the file
                rewrite._write_pyc(state, code, source_hash, pyc)
    except (ImportError, AttributeError, KeyError, TypeError, OSError):
        return  # pytest's private functions changed: the workers rewrite as before


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto`: two workers per core. About half of the suite's time is waiting (bot processes
    starting and being killed, timers, sockets), so one worker per core leaves the cores half idle:
    on 2 cores, 7.4 min with 2 workers and 4.8 min with 4, for the same CPU time."""
    return 2 * (os.cpu_count() or 1)


def pytest_collection_modifyitems(config, items) -> None:
    """The tests that start processes (which mostly wait on them) go first to half the workers,
    shared out among them; the other half start on the quick ones at once, so the cores are busy
    from the start and no worker starts a long process test at the end. pytest-xdist's worksteal
    hands the workers equal runs of the list in order (`len(left) // workers left` each)."""
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    waiting = max(1, workers // 2)  # the workers that take the process tests
    process = [item for item in items if item.get_closest_marker("process") is not None]
    rest = [item for item in items if item.get_closest_marker("process") is None]
    ordered: list = []
    for worker in range(workers):
        mine = process[worker::waiting] if worker < waiting else []
        size = (len(items) - len(ordered)) // (workers - worker) - len(mine)
        ordered += mine + rest[:size]
        del rest[:size]
    items[:] = ordered + rest


def pytest_collection_finish(session) -> None:
    """What collecting made (every module imported, every test item) lives to the end of the run, yet each
    full collection of Python's garbage collector walked it again: 18 s of the workers' CPU in all, 9 s with
    it frozen and left out of those walks (as the bot's render workers do after their start)."""
    gc.freeze()


SETTLE_POLL = 0.005  # seconds


@pytest.fixture(autouse=True)
def settle_promptly(monkeypatch):
    """simcord's settle, after every interaction, sleeps `idle` (50 ms) whenever the only work left is
    a callback queued for the loop's next turn (its own note of a task that just ended), though that
    callback runs at once: most clicks of a simcord test waited 50 ms doing nothing, and the suite's
    workers left the cores idle. Polling every 5 ms settles the same work the same way (settle still
    returns only when nothing is runnable), without the wait."""
    settle = simcord.env.Env._settle_internal

    async def promptly(self, *, idle: float = SETTLE_POLL, **kwargs):
        return await settle(self, idle=min(idle, SETTLE_POLL), **kwargs)

    monkeypatch.setattr(simcord.env.Env, "_settle_internal", promptly)


class HandClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> HandClock:
    return HandClock()


@pytest.fixture(params=BACKENDS)
async def database(request, tmp_path):
    """Where a store keeps its rows: an SQLite file, or a PostgreSQL schema holding no rows (tests/kit/databases.py)."""
    if request.param == "sqlite":
        yield tmp_path / "data" / "tabletop.sqlite3"
        return
    async with reused_postgres_schema() as address:
        yield address


@pytest.fixture
async def store(database):
    store = await open_store(database)
    yield store
    await store.close()


@pytest.fixture
async def table(store, clock) -> Table:
    return Table(store, clock=clock)


@pytest.fixture
def hand_clock() -> HandClock:
    return HandClock()


ONE_SHARD = Shards((0,), 1)


@pytest.fixture(params=BACKENDS)
async def bot_database(request, tmp_path):
    """The simcord bot's database: every Discord test runs on an SQLite file and on a PostgreSQL schema."""
    if request.param == "sqlite":
        yield tmp_path / "bot.sqlite3"
        return
    async with reused_postgres_schema() as address:
        yield address


@pytest.fixture(scope="session", autouse=True)
def spare_schemas_dropped():
    """The PostgreSQL schemas this process kept for reuse are dropped when its tests are done."""
    yield
    drop_spare_schemas()


@pytest.fixture
async def simcord_bot(bot_database, hand_clock):
    """The real bot for simcord, on a temporary database, with timers fired by hand."""
    from bot import TabletopBot
    from host.config import Config

    config = Config(token="unused", database=bot_database, run_timers=False,
                    game_modules=("tests.kit.toygames",))
    bot = TabletopBot(config, clock=hand_clock, shards=ONE_SHARD)  # simcord runs one shard, 0 of 1
    yield bot
    if hasattr(bot, "table"):  # simcord detaches the bot without closing it
        await bot.table.close()
    if hasattr(bot, "store"):
        await bot.store.close()
    if bot.leases is not None:  # its shard's lease, free for the next test on this database
        await bot.leases.close()


@pytest.fixture
def world(simcord_env):
    """A server with a games channel and four members."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    users = {name: guild.add_member(simcord_env.create_user(name)) for name in ("ann", "bob", "cat", "dan")}
    return simcord_env, guild, channel, users

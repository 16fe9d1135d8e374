"""PostgreSQL beside SQLite through the project's own table: `python -m bench.databases`.

Prints, in one run on this machine:
1. per action p50/p99 (wall and CPU) of whole games of Treasure of the Dragons played through
   `Table.act` (rules, session row guarded by its version, the event log, results and ratings at
   the end; no Discord, no drawing) on an SQLite file and on PostgreSQL;
2. actions/s with one and with two bot processes on one PostgreSQL database, each process playing
   8 tables at once on its own shard (as `bot.py --shards` runs);
3. the commit rate PostgreSQL sustains with the project's transaction shape (version-guarded UPDATE
   of the session and an INSERT into its event log), 1 and 8 writers.

PostgreSQL comes from TABLETOP_BENCH_POSTGRES (default: the local server, user postgres); the bench
uses a schema of its own and drops it.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import statistics
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import asyncpg

from engine import registry
from engine.rng import Rng
from host.databases import open_store
from host.store import Store
from host.table import Table

GAME = "dragon"
PLAYERS = 4
TABLES_AT_ONCE = 8  # games each process plays side by side, as a bot serves many channels
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"


async def play_games(store: Store, games: int, *, guild: int, seed: int, until: float | None = None) -> list[float]:
    """Whole games through the table; the wall seconds of each accepted action (stops early at `until`)."""
    table = Table(store)
    game = registry.get(GAME)
    chooser = Rng(seed)
    spent: list[float] = []
    for _ in range(games):
        seats = [guild * 10 + s for s in range(1, PLAYERS + 1)]
        opened = await table.open(GAME, guild, int.from_bytes(os.urandom(6)), seats[0])  # a fresh channel
        sid = opened.session.id
        for user in seats[1:]:
            await table.join(sid, user)
        await table.start(sid, seats[0])
        session = await table.get(sid)
        while session.status == "playing":
            state = session.game_state
            waiting = game.waiting_for(state) or list(range(PLAYERS))
            seat = waiting[0]
            legal = game.legal_actions(state, seat)
            if not legal:
                break
            began = time.perf_counter()
            change = await table.act(sid, seats[seat], chooser.choice(legal))
            spent.append(time.perf_counter() - began)
            session = change.session
            if until is not None and time.perf_counter() > until:
                return spent
    return spent


def percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered) * 1000, ordered[int(0.99 * (len(ordered) - 1))] * 1000


async def per_action(database: str | Path, games: int) -> tuple[float, float, float, int]:
    store = await open_store(database)
    try:
        cpu = time.process_time()
        spent = await play_games(store, games, guild=1, seed=7)
        cpu = time.process_time() - cpu
    finally:
        await store.close()
    p50, p99 = percentiles(spent)
    return p50, p99, cpu / len(spent) * 1000, len(spent)


def _process(address: str, shard: int, seconds: float, out: Any) -> None:
    registry.load(())

    async def table_after_table(store: Store, until: float, seed: int) -> int:
        done = 0
        while time.perf_counter() < until:
            done += len(await play_games(store, 1, guild=100 + shard, seed=seed + done, until=until))
        return done

    async def run() -> int:
        store = await open_store(address)
        try:
            until = time.perf_counter() + seconds
            return sum(await asyncio.gather(*(table_after_table(store, until, shard * 1000 + n)
                                              for n in range(TABLES_AT_ONCE))))
        finally:
            await store.close()
    out.put((asyncio.run(run()), time.process_time()))


def processes(address: str, count: int, seconds: float) -> tuple[float, float]:
    """Actions/s of `count` processes together, and their CPU seconds per second."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    workers = [context.Process(target=_process, args=(address, shard, seconds, out)) for shard in range(count)]
    for worker in workers:
        worker.start()
    results = [out.get() for _ in workers]
    for worker in workers:
        worker.join()
    return sum(done for done, _ in results) / seconds, sum(cpu for _, cpu in results) / seconds


async def commit_rate(address: str, writers: int, seconds: float) -> float:
    """Commits/s of the save's shape: UPDATE the session where its version matches, INSERT its log row."""
    pool = await asyncpg.create_pool(address, min_size=writers, max_size=writers)
    try:
        await pool.execute("CREATE TABLE bench_sessions (id BIGINT PRIMARY KEY, state TEXT, version INTEGER)")
        await pool.execute("CREATE TABLE bench_events (session_id BIGINT, seq INTEGER, action TEXT, at DOUBLE PRECISION,"
                           " PRIMARY KEY (session_id, seq))")
        await pool.executemany("INSERT INTO bench_sessions VALUES ($1, $2, 0)",
                               [(n, json.dumps({"cells": list(range(200))})) for n in range(writers)])
        until, counts = time.perf_counter() + seconds, [0] * writers

        async def writer(n: int) -> None:
            async with pool.acquire() as conn:
                while time.perf_counter() < until:
                    async with conn.transaction():
                        await conn.execute("UPDATE bench_sessions SET state = $1, version = version + 1"
                                           " WHERE id = $2 AND version = $3", '{"cells": [1]}', n, counts[n])
                        await conn.execute("INSERT INTO bench_events VALUES ($1, $2, '{}', 0)", n, counts[n])
                    counts[n] += 1
        await asyncio.gather(*(writer(n) for n in range(writers)))
        return sum(counts) / seconds
    finally:
        await pool.execute("DROP TABLE IF EXISTS bench_sessions, bench_events")
        await pool.close()


async def schema(base: str, make: bool) -> str:
    conn = await asyncpg.connect(base)
    try:
        if make:
            name = f"bench_{uuid.uuid4().hex[:12]}"
            await conn.execute(f"CREATE SCHEMA {name}")
            return name
        return ""
    finally:
        await conn.close()


async def drop(base: str, name: str) -> None:
    conn = await asyncpg.connect(base)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per backend for the per-action figures")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each throughput run")
    args = parser.parse_args()
    base = os.environ.get("TABLETOP_BENCH_POSTGRES", DEFAULT_POSTGRES)
    name = asyncio.run(schema(base, True))
    address = f"{base}{'&' if '?' in base else '?'}search_path={name}"
    registry.load(())
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"{GAME} at {PLAYERS} players")
    try:
        with tempfile.TemporaryDirectory() as folder:
            print("\nper action through Table.act   p50 ms   p99 ms   CPU ms/action   actions")
            for label, database in (("SQLite", Path(folder) / "bench.sqlite3"), ("PostgreSQL", address)):
                p50, p99, cpu, count = asyncio.run(per_action(database, args.games))
                print(f"{label:<30} {p50:7.2f}  {p99:7.2f}  {cpu:14.2f}  {count:8}")
        print(f"\nPostgreSQL, processes on shards of their own ({args.seconds:.0f} s each)")
        single = None
        for count in (1, 2):
            rate, cpu = processes(address, count, args.seconds)
            single = single or rate
            print(f"  {count} process{'es' if count > 1 else '  '}: {rate:8.0f} actions/s   "
                  f"{cpu:4.2f} CPU s/s   x{rate / single:.2f}")
        print("\nPostgreSQL commits/s with the save's shape (version-guarded UPDATE + event INSERT)")
        for writers in (1, 8):
            print(f"  {writers} writer{'s' if writers > 1 else ' '}: {asyncio.run(commit_rate(address, writers, args.seconds / 2)):8.0f}")
    finally:
        asyncio.run(drop(base, name))


if __name__ == "__main__":
    main()

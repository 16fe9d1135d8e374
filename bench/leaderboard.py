"""How fast the leaderboards read with millions of stored results.

    python -m bench.leaderboard [--results 10000000] [--players RESULTS/20] [--guilds 200] [--seed 1]
                                [--runs 30] [--writes 200] [--database /tmp/bench.sqlite3]  (kept, reused)

Builds a database through the real migrations and fills it with synthetic finished games, straight in
SQL so that 10M results take minutes: the sessions are planned in Python (game, server, seats, time:
two years of play, more lately; server sizes skewed so one holds a quarter of the players; 2% of games
outside any server), then results, rating_history (rating before and after, per player and game, in
time order), ratings, solo records and names are made by INSERT ... SELECT, 2% of players hidden, and
the standings come from `ratings.rebuild_standings` (the same code that repairs a live database).

Then it times `host.leaderboard.leaderboard` for every scope and period of a rated and a solo game,
the viewer a player far down the board (90% of the way) so their own place is counted: p50 and p99
of wall and CPU milliseconds (CPU of the whole process, the database threads included), players on
the board and the viewer's place. Beside it, in the same run: what the largest board costs counted
the way boards were counted before board_tally (COUNT over the board's index, for its size and for
the players above the viewer), /stats for a busy player, and what keeping standings costs per
finished game (openskill, history, standings and their tally). Target: every board p50 <= 50 ms.
"""
from __future__ import annotations

import argparse
import asyncio
import bisect
import itertools
import math
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from engine import registry
from engine.protocol import Game
from host import leaderboard as boards
from host import ratings
from host.databases import open_store
from host.ratings import BASE, Entry
from host.store import Store, Tx

NOW = 1_800_000_000.0  # Fri 15 Jan 2027, 08:00 UTC
SPAN = 730 * 86_400.0
RATED_GAMES = ("dragon", "ghosts")
SOLO_GAME = "tiger"
MAX_SEATS = 5
BATCH = 100_000
VIEWER_DEPTH = 0.9  # the viewer sits this far down the board
T = TypeVar("T")
Row = tuple[Any, ...]  # one row to insert


# ---------------------------------------------------------------- building

def _hash(*parts: str, salt: int) -> str:
    """SQL for a well-spread non-negative integer from integer SQL expressions (no random(): seeded)."""
    mixed = " * 8 + ".join(f"({p})" for p in parts)
    return f"(((({mixed}) * 2654435761 + {salt}) % 4294967291) * 48271 % 2147483647)"


def _stride(players: int) -> int:
    """A step through the player ids that visits each once (coprime with their number)."""
    stride = 1_000_003
    while math.gcd(stride, players) != 1:
        stride += 2
    return stride


def guild_table(players: int, guilds: int, seed: int) -> list[Row]:
    """(index, members, first member): server i holds ~25% of players / (i + 1)^0.9, at least 8."""
    rng = random.Random(seed)
    return [(g, min(players, max(8, int(players * 0.25 / (g + 1) ** 0.9))), rng.randrange(players))
            for g in range(guilds)]


def plan(results: int, guilds: list[Row], seed: int) -> Iterator[Row]:
    """(session id, guild index, guild id or None, game, seats, first seat, seat step, finished at) per session,
    `results` seats in all; sessions in time order, more of them lately (as a bot grows)."""
    rng = random.Random(seed)
    seats = bytearray()  # seats per session, the last one cut so that they add up to `results`
    total = 0
    while total < results:
        left = results - total
        k = 1 if left == 1 or rng.random() < 0.3 else min(left, rng.randint(2, MAX_SEATS))
        seats.append(k)
        total += k
    cumulative = list(itertools.accumulate(1 / (g + 1) ** 0.9 for g, _, _ in guilds))
    sessions = len(seats)
    for i, k in enumerate(seats):
        g = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
        size = guilds[g][1]
        game = SOLO_GAME if k == 1 else RATED_GAMES[rng.getrandbits(1)]
        at = NOW - SPAN * (1 - (i + 0.5) / sessions) ** 1.3
        yield (i + 1, g, None if rng.random() < 0.02 else 10_000 + g, game, k, rng.randrange(size),
               rng.randint(1, max(1, (size - 1) // (MAX_SEATS - 1))), at)


async def load(store: Store, args: argparse.Namespace) -> dict[str, float]:
    """Fill the database; returns how many rows each table got and the seconds each step took."""
    took: dict[str, float] = {}
    started = time.perf_counter()

    def step(name: str) -> None:
        nonlocal started
        took[name] = time.perf_counter() - started
        started = time.perf_counter()

    for pragma in ("synchronous = OFF", "cache_size = -1000000", "temp_store = MEMORY"):
        await store.fetchall(f"PRAGMA {pragma}")
    # Secondary indexes are built once at the end (a sort) rather than row by row.
    indexes = await store.fetchall(
        "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        " AND tbl_name IN ('results', 'rating_history', 'standings')")
    guilds = guild_table(args.players, args.guilds, args.seed)
    async def build_plan_games(conn: Tx) -> None:
        for index in indexes:
            await conn.execute(f"DROP INDEX {index['name']}")
        await conn.execute("CREATE TEMP TABLE bench_guilds (g INTEGER PRIMARY KEY, size INTEGER, first INTEGER)")
        await conn.executemany("INSERT INTO bench_guilds VALUES (?, ?, ?)", guilds)
        await conn.execute("CREATE TEMP TABLE bench_seats (n INTEGER PRIMARY KEY)")
        await conn.executemany("INSERT INTO bench_seats VALUES (?)", [(n,) for n in range(MAX_SEATS)])
        await conn.execute("CREATE TEMP TABLE bench_plan (id INTEGER PRIMARY KEY, g INTEGER, guild INTEGER,"
                           " game TEXT, k INTEGER, j0 INTEGER, step INTEGER, at REAL)")
        rows = plan(args.results, guilds, args.seed)
        while batch := list(itertools.islice(rows, BATCH)):
            await conn.executemany("INSERT INTO bench_plan VALUES (?, ?, ?, ?, ?, ?, ?, ?)", batch)
    await store.write(build_plan_games)
    step("plan")

    stride, salt = _stride(args.players), args.seed * 7919
    user = f"((gd.first + (p.j0 + s.n * p.step) % gd.size) * {stride}) % {args.players} + 1"
    score = "({h} % 31)"
    mine, theirs = score.format(h=_hash("p.id", "s.n", salt=salt)), score.format(h=_hash("p.id", "o.n", salt=salt))
    margin = f"({_hash('p.id', '7', salt=salt + 1)} % 26 - 10)"
    async def build_results(conn: Tx) -> None:
        await conn.execute(
            "INSERT INTO sessions (id, guild_id, channel_id, game, status, host_id, seats, seed, created_at,"
            " started_at, ended_at) SELECT p.id, p.guild, 20000 + p.g, p.game, 'finished', 0, '[]', p.id,"
            " p.at - 900, p.at - 900, p.at FROM bench_plan p")
        await conn.execute(
            "INSERT INTO results (session_id, user_id, guild_id, game, seat, rank, score, won, players, margin,"
            " finished_at, computers)"
            f" SELECT id, user, guild, game, n, rank, score, CASE WHEN k = 1 THEN margin > 0 ELSE rank = 1 END,"
            " k, CASE WHEN k = 1 THEN margin END, at, 0 FROM ("
            f"  SELECT p.id, {user} AS user, p.guild, p.game, s.n, p.k, p.at, {mine} AS score, {margin} AS margin,"
            f"   1 + (SELECT COUNT(*) FROM bench_seats o WHERE o.n < p.k AND {theirs} > {mine}) AS rank"
            "  FROM bench_plan p CROSS JOIN bench_seats s JOIN bench_guilds gd ON gd.g = p.g WHERE s.n < p.k)")
    await store.write(build_results)
    step("results")
    spread = f"(4 + 26 * ({_hash('session_id', 'user_id', salt=salt + 2)} % 1000000) / 1000000.0)"
    async def build_rating_history(conn: Tx) -> None:
        await conn.execute(
            "INSERT INTO rating_history (session_id, user_id, game, guild_id, rank, players, won, mu, sigma,"
            " rating_before, rating, delta, at) SELECT session_id, user_id, game, guild_id, rank, players, won,"
            f" 25.0, 8.0, {BASE} + total - delta, {BASE} + total, delta, finished_at FROM ("
            "  SELECT *, SUM(delta) OVER (PARTITION BY user_id, game ORDER BY finished_at, session_id) AS total"
            f"  FROM (SELECT *, (players / 2.0 - rank + 0.5) * {spread} AS delta FROM results WHERE players > 1))"
            " ORDER BY session_id, user_id")
    await store.write(build_rating_history)
    step("rating_history")
    async def build_secondary_indexes(conn: Tx) -> None:
        for index in indexes:
            if index["tbl_name"] != "standings":
                await conn.execute(index["sql"])
    await store.write(build_secondary_indexes)
    step("indexes")
    async def build_ratings_records_names(conn: Tx) -> None:
        await conn.execute(
            "INSERT INTO ratings (user_id, game, mu, sigma, rating, games, wins, updated_at)"
            " SELECT user_id, game, 25.0, 8.0, ? + SUM(delta), COUNT(*), SUM(won), MAX(at) FROM rating_history"
            " GROUP BY user_id, game", (BASE,))
        await conn.execute(
            "INSERT INTO solo_records (user_id, game, games, wins, best_margin, best_score, streak, best_streak,"
            " last_at) SELECT user_id, game, COUNT(*), SUM(won), MAX(margin), MAX(score), 0, 0, MAX(finished_at)"
            " FROM results WHERE players = 1 GROUP BY user_id, game")
        await conn.execute("INSERT INTO players (user_id, name, seen_at) SELECT DISTINCT user_id,"
                           " 'player ' || user_id, ? FROM results", (NOW,))
        await conn.execute("INSERT INTO hidden_players (user_id, since) SELECT user_id, ? FROM players"
                           " WHERE user_id % 50 = 7", (NOW,))
    await store.write(build_ratings_records_names)
    step("ratings, records, names")
    async def build_standings(conn: Tx) -> None:
        await ratings.rebuild_standings(conn, NOW)
        for index in indexes:
            if index["tbl_name"] == "standings":
                await conn.execute(index["sql"])
    await store.write(build_standings)
    step("standings")
    await store.fetchall("ANALYZE")
    await store.fetchall("PRAGMA wal_checkpoint(TRUNCATE)")
    await store.fetchall("PRAGMA synchronous = NORMAL")
    step("analyze")
    counts: dict[str, float] = {}
    for name in ("results", "rating_history", "standings", "board_tally", "players", "hidden_players"):
        counts[name] = await store.value(f"SELECT COUNT(*) FROM {name}")
    return counts | {f"{name} s": seconds for name, seconds in took.items()}


# ---------------------------------------------------------------- timing

@dataclass(frozen=True)
class Timing:
    wall_p50: float
    wall_p99: float
    cpu_p50: float
    cpu_p99: float


def _p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[98] if len(values) > 1 else values[0]


async def timed(call: Callable[[], Awaitable[T]], runs: int) -> tuple[Timing, T]:
    """Wall and CPU milliseconds (p50, p99) of `runs` calls after one warm-up, and the last call's value."""
    value = await call()
    walls, cpus = [], []
    for _ in range(max(1, runs)):
        wall, cpu = time.perf_counter(), time.process_time()
        value = await call()
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    return Timing(statistics.median(walls), _p99(walls), statistics.median(cpus), _p99(cpus)), value


def _line(label: str, timing: Timing, rest: str = "") -> str:
    return (f"{label:<30}{timing.wall_p50:>9.2f}{timing.wall_p99:>9.2f}{timing.cpu_p50:>9.2f}{timing.cpu_p99:>9.2f}"
            f"{rest}")


async def far_down(store: Store, game: str, scope: int, period: str) -> int | None:
    """A visible player VIEWER_DEPTH of the way down a board."""
    params = (game, scope, period, ratings.bucket(period, NOW))
    size = await store.value("SELECT COUNT(*) FROM standings WHERE game = ? AND scope = ? AND period = ?"
                             " AND bucket = ?", params)
    row = await store.fetchone(
        "SELECT user_id FROM standings s WHERE game = ? AND scope = ? AND period = ? AND bucket = ?"
        " AND NOT EXISTS (SELECT 1 FROM hidden_players h WHERE h.user_id = s.user_id)"
        " ORDER BY score DESC, wins DESC, games, user_id LIMIT 1 OFFSET ?", (*params, int(size * VIEWER_DEPTH)))
    return row[0] if row else None


async def counted_the_old_way(store: Store, game: str, viewer: int) -> int:
    """The largest board's size and the viewer's place by COUNT over the board's index (before board_tally)."""
    board = " FROM standings s WHERE s.game = ? AND s.scope = 0 AND s.period = 'all' AND s.bucket = 'all'"
    hidden = (" FROM hidden_players h CROSS JOIN standings s ON s.game = ? AND s.scope = 0 AND s.period = 'all'"
              " AND s.user_id = h.user_id WHERE s.bucket = 'all'")
    mine = await store.reads.fetchone(f"SELECT s.score, s.wins, s.games{board} AND s.user_id = ?", (game, viewer))
    assert mine is not None
    ahead = " AND s.score >= ? AND (s.score > ? OR s.wins > ? OR (s.wins = ? AND s.games < ?))"
    values = (mine[0], mine[0], mine[1], mine[1], mine[2])
    size = (await store.reads.value(f"SELECT COUNT(*){board}", (game,))
            - await store.reads.value(f"SELECT COUNT(*){hidden}", (game,)))
    above = (await store.reads.value(f"SELECT COUNT(*){board}{ahead}", (game, *values))
             - await store.reads.value(f"SELECT COUNT(*){hidden}{ahead}", (game, *values)))
    return int(size + above)


async def main(args: argparse.Namespace) -> int:
    registry.load()
    with tempfile.TemporaryDirectory() as folder:
        path = args.database or Path(folder) / "bench.sqlite3"
        reuse = path.exists()
        store = await open_store(path)
        try:
            if reuse:
                print(f"reusing {path}: {await store.value('SELECT COUNT(*) FROM results')} results")
            else:
                wall, cpu = time.perf_counter(), time.process_time()
                counts = await load(store, args)
                print(f"built in {time.perf_counter() - wall:.0f} s wall, {time.process_time() - cpu:.0f} s CPU: "
                      + ", ".join(f"{name} {n:.0f}" for name, n in counts.items() if not name.endswith(" s")))
                print("  steps (s): " + ", ".join(f"{name[:-2]} {n:.0f}" for name, n in counts.items()
                                                  if name.endswith(" s")))
            big_guild = await store.value(
                "SELECT scope FROM board_tally WHERE game = ? AND scope <> 0 AND period = 'all'"
                " GROUP BY scope ORDER BY SUM(players) DESC LIMIT 1", (RATED_GAMES[0],))

            worst = 0.0
            print(f"\n{'board (viewer 90% down)':<30}{'wall p50':>9}{'p99':>9}{'CPU p50':>9}{'p99':>9}"
                  f"{'players':>9}  viewer")
            for game_name in (RATED_GAMES[0], SOLO_GAME):
                game = registry.get(game_name)
                for scope, period in itertools.product(("global", "server"), ratings.PERIODS):
                    guild = big_guild if scope == "server" else None
                    viewer = await far_down(store, game.name, guild or ratings.GLOBAL, period)

                    async def board(game: Game = game, scope: str = scope, period: str = period,
                                    guild: int | None = guild, viewer: int | None = viewer) -> boards.Board:
                        return await boards.leaderboard(store, game, scope=scope, period=period,
                                                        guild_id=guild, viewer=viewer, now=NOW)
                    timing, result = await timed(board, args.runs)
                    worst = max(worst, timing.wall_p50)
                    place = f"#{result.me.position}" if result.me else ("hidden" if result.viewer_hidden else "-")
                    print(_line(f"{game_name} {scope}/{period}", timing, f"{result.players:>9}  {place}"))

            viewer = await far_down(store, RATED_GAMES[0], ratings.GLOBAL, "all")
            if viewer is not None:
                timing, _ = await timed(lambda: counted_the_old_way(store, RATED_GAMES[0], viewer), max(3, args.runs // 5))
                print(_line(f"({RATED_GAMES[0]} global/all: COUNT)", timing, "  size and place by COUNT over the index"))
            busy = await store.value("SELECT user_id FROM results GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1")
            timing, stats = await timed(lambda: boards.player_stats(store, busy), args.runs)
            print(_line(f"/stats ({stats.total_games} games)", timing))

            rng = random.Random(args.seed + 1)
            first_id = await store.value("SELECT COALESCE(MAX(session_id), 0) + 1 FROM rating_history")
            wall, cpu = time.perf_counter(), time.process_time()
            for n in range(args.writes):
                seats = rng.sample(range(1, args.players + 1), rng.randint(2, 5))
                entries = [Entry(u, i + 1, i == 0, float(10 - i)) for i, u in enumerate(seats)]
                await store.write(partial(ratings.record, session_id=first_id + n, game=RATED_GAMES[0],
                                          guild_id=big_guild, entries=entries, at=NOW, solo_board=False))
            print(f"\nrecording a finished game (openskill, history, standings, tally): "
                  f"{(time.perf_counter() - wall) * 1000 / args.writes:.2f} ms wall, "
                  f"{(time.process_time() - cpu) * 1000 / args.writes:.2f} ms CPU per game")
            verdict = "OK" if worst <= 50 else "TOO SLOW"
            print(f"slowest board p50: {worst:.2f} ms wall (target <= 50 ms): {verdict}")
            return 0 if worst <= 50 else 1
        finally:
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=int, default=10_000_000)
    parser.add_argument("--players", type=int, help="default: results / 20 (500,000 at 10M results)")
    parser.add_argument("--guilds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--database", type=Path, help="build the database here and keep it (reused if it exists)")
    arguments = parser.parse_args()
    arguments.players = arguments.players or max(100, arguments.results // 20)
    raise SystemExit(asyncio.run(main(arguments)))

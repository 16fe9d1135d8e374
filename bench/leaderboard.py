"""How fast the leaderboard reads with a million stored results.

    /work/venv/bin/python -m bench.leaderboard [--results 1000000] [--players 50000] [--guilds 200] [--seed 1]
                                               [--database /tmp/bench.sqlite3]  (kept, and reused next time)

Builds a temporary database through the real migrations, loads synthetic finished games (sessions,
results, rating_history for rated games; guild sizes skewed so one server holds a large share; two
years of play; 2% of players hidden), derives ratings, solo records and standings from them
(`ratings.rebuild_standings`, the same code that repairs a live database), then times
`host.leaderboard.leaderboard` for every scope and period (median and worst of the runs, the viewer
a mid-table player so their own position is counted too), a solo board, /stats for a busy
player, and, for comparison, the same board aggregated straight from rating_history. Finally it
records real games (openskill and all) on the full database to show what keeping standings costs
per finished game. Target: every board under 50 ms.
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from engine import registry
from engine.protocol import Game
from host import leaderboard as boards
from host import ratings
from host.ratings import BASE, Entry
from host.store import Store

NOW = 1_800_000_000.0  # Fri 15 Jan 2027, 08:00 UTC
SPAN = 730 * 86_400.0
RATED_GAMES = ("dragon", "ghosts")
SOLO_GAME = "tiger"
BATCH = 50_000
T = TypeVar("T")
Row = tuple[Any, ...]  # one row to insert


def generate(results: int, players: int, guilds: int, seed: int) -> Iterator[tuple[Row, list[Row], list[Row]]]:
    """Yield (session row, result rows, history rows): exactly `results` result rows in all."""
    rng = random.Random(seed)
    weights = [1 / (g + 1) ** 0.9 for g in range(guilds)]
    cumulative = list(itertools.accumulate(weights))
    members = [rng.sample(range(1, players + 1), k=max(8, int(players * 0.25 * w / weights[0])))
               for w in weights]
    shown: dict[tuple[int, str], float] = {}  # (user, game) -> displayed rating
    plans: list[tuple[int, str, list[int]]] = []  # (guild, game, seats) per session
    made = 0
    while made < results:
        g = rng.choices(range(guilds), cum_weights=cumulative)[0]
        left = results - made
        if rng.random() < 0.3 or left == 1:
            plan = (g, SOLO_GAME, [rng.choice(members[g])])
        else:
            plan = (g, rng.choice(RATED_GAMES), rng.sample(members[g], min(left, rng.randint(2, 5))))
        plans.append(plan)
        made += len(plan[2])
    times = sorted(NOW - SPAN * rng.random() ** 1.3 for _ in plans)  # more games lately, as a bot grows
    for session_id, ((g, game, seats), at) in enumerate(zip(plans, times, strict=True), start=1):
        guild = None if rng.random() < 0.02 else 10_000 + g
        scores = [float(rng.randint(0, 30)) for _ in seats]
        ranks = [1 + sum(o > s for o in scores) for s in scores]
        margin = float(rng.randint(-10, 15)) if game == SOLO_GAME else None
        won = [r == 1 for r in ranks] if margin is None else [margin > 0]
        session = (session_id, guild, 20_000 + g, game, "finished", seats[0], str(seats).replace(" ", ""),
                   rng.getrandbits(62), at - 900, at - 900, at)
        rows, history = [], []
        for seat, user in enumerate(seats):
            rows.append((session_id, user, guild, game, seat, ranks[seat], scores[seat], int(won[seat]),
                         len(seats), margin, at))
            if game != SOLO_GAME:
                before = shown.get((user, game), BASE)
                delta = (len(seats) / 2 - ranks[seat] + 0.5) * rng.uniform(4, 30)
                shown[(user, game)] = before + delta
                history.append((session_id, user, game, guild, ranks[seat], len(seats), int(won[seat]), 25.0,
                                8.0, before, before + delta, delta, at))
        yield session, rows, history


async def load(store: Store, args: argparse.Namespace) -> dict[str, int]:
    sessions: list[Row] = []
    results: list[Row] = []
    history: list[Row] = []
    counts = {"sessions": 0, "results": 0, "rating_history": 0}

    async def flush(conn: aiosqlite.Connection) -> None:
        await conn.executemany(
            "INSERT INTO sessions (id, guild_id, channel_id, game, status, host_id, seats, seed, created_at,"
            " started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", sessions)
        await conn.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", results)
        await conn.executemany(
            "INSERT INTO rating_history (session_id, user_id, game, guild_id, rank, players, won, mu, sigma,"
            " rating_before, rating, delta, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", history)
        for name, rows in (("sessions", sessions), ("results", results), ("rating_history", history)):
            counts[name] += len(rows)
            rows.clear()

    async with store.transaction() as conn:
        for session, rows, hist in generate(args.results, args.players, args.guilds, args.seed):
            sessions.append(session)
            results.extend(rows)
            history.extend(hist)
            if len(results) >= BATCH:
                await flush(conn)
        await flush(conn)
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
        await ratings.rebuild_standings(conn, NOW)
    await store.fetchall("ANALYZE")
    for name in ("standings", "players", "hidden_players"):
        counts[name] = await store.value(f"SELECT COUNT(*) FROM {name}")
    return counts


async def timed(call: Callable[[], Awaitable[T]], runs: int) -> tuple[float, float, T]:
    """Median and worst milliseconds of `runs` calls (at least one), and the last call's value."""
    times = []
    for _ in range(max(1, runs)):
        start = time.perf_counter()
        value = await call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times), value


async def main(args: argparse.Namespace) -> int:
    registry.load()
    with tempfile.TemporaryDirectory() as folder:
        path = args.database or Path(folder) / "bench.sqlite3"
        reuse = path.exists()
        store = await Store.open(path)
        try:
            if reuse:
                counts = {"results": await store.value("SELECT COUNT(*) FROM results")}
                print(f"reusing {path}: {counts['results']} results")
            else:
                start = time.perf_counter()
                counts = await load(store, args)
                print(f"loaded in {time.perf_counter() - start:.1f} s: "
                      + ", ".join(f"{n} {name}" for name, n in counts.items()))
            big_guild = await store.value(
                "SELECT guild_id FROM results WHERE guild_id IS NOT NULL GROUP BY guild_id"
                " ORDER BY COUNT(*) DESC LIMIT 1")
            share = await store.value("SELECT COUNT(*) FROM results WHERE guild_id = ?", (big_guild,))
            print(f"largest server: {share} results ({100 * share / counts['results']:.0f}%)")

            worst = 0.0
            print(f"\n{'board':<38}{'median ms':>10}{'worst ms':>10}{'ranked':>9}  viewer")
            for game_name in (*RATED_GAMES[:1], SOLO_GAME):
                game = registry.get(game_name)
                for scope, period in itertools.product(("global", "server"), ("all", "month", "week")):
                    guild = big_guild if scope == "server" else None
                    key = ("s" if scope == "server" else "g", period)
                    middle = await store.fetchone(
                        "SELECT user_id FROM standings WHERE game = ? AND scope = ? AND period = ? AND bucket = ?"
                        " ORDER BY score DESC LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM standings WHERE game = ?"
                        " AND scope = ? AND period = ? AND bucket = ?)",
                        (game.name, guild or 0, period, ratings.bucket(period, NOW)) * 2)
                    viewer = middle[0] if middle else None

                    async def board(game: Game = game, scope: str = scope, period: str = period,
                                    guild: int | None = guild, viewer: int | None = viewer) -> boards.Board:
                        return await boards.leaderboard(store, game, scope=scope, period=period,
                                                        guild_id=guild, viewer=viewer, now=NOW)
                    median, slowest, result = await timed(board, args.runs)
                    worst = max(worst, median)
                    place = f"#{result.me.position}" if result.me else ("hidden" if result.viewer_hidden else "-")
                    print(f"{game_name + ' ' + '/'.join(key):<38}{median:>10.2f}{slowest:>10.2f}"
                          f"{result.players:>9}  {place}")

            busy = await store.value("SELECT user_id FROM results GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1")
            median, slowest, stats = await timed(lambda: boards.player_stats(store, busy), args.runs)
            print(f"{'/stats (busiest player, ' + str(stats.total_games) + ' games)':<38}{median:>10.2f}"
                  f"{slowest:>10.2f}")

            start = time.perf_counter()
            await store.fetchall(
                "SELECT user_id, SUM(delta) AS points, COUNT(*), SUM(won) FROM rating_history WHERE game = ?"
                " GROUP BY user_id ORDER BY points DESC LIMIT 10", (RATED_GAMES[0],))
            print(f"{'(no standings: aggregate history)':<38}{(time.perf_counter() - start) * 1000:>10.2f}")

            rng = random.Random(args.seed + 1)
            first_id = await store.value("SELECT COALESCE(MAX(session_id), 0) + 1 FROM rating_history")
            start = time.perf_counter()
            for n in range(args.writes):
                seats = rng.sample(range(1, args.players + 1), rng.randint(2, 5))
                entries = [Entry(u, i + 1, i == 0, float(10 - i)) for i, u in enumerate(seats)]
                async with store.transaction() as conn:
                    await ratings.record(conn, first_id + n, "dragon", big_guild, entries, NOW, solo_board=False)
            per_game = (time.perf_counter() - start) * 1000 / args.writes
            print(f"\nrecording a finished game (openskill, history, standings): {per_game:.2f} ms per game")
            verdict = "OK" if worst < 50 else "TOO SLOW"
            print(f"slowest board median: {worst:.2f} ms (target < 50 ms): {verdict}")
            return 0 if worst < 50 else 1
        finally:
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=50_000)
    parser.add_argument("--guilds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=25)
    parser.add_argument("--writes", type=int, default=200)
    parser.add_argument("--database", type=Path, help="build the database here and keep it (reused if it exists)")
    raise SystemExit(asyncio.run(main(parser.parse_args())))

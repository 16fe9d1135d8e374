"""Catching up after downtime: clicks answered while thousands of overdue timers are applied.

    python -m bench.restart [--sessions 10000] [--overdue 0.333] [--clicks 5] [--limit 900]

The database holds SESSIONS stored tables as a bot that has run for a while does (finished
games, games in play, open lobbies) and a third of them are games in play whose timer passed
while the bot was down: real game states (Treasure of the Dragons, Zap That Ghost, Eye for an
Eye, Bugs & Co) whose TIMEOUT applies, each in its own channel, with the board message the last
run posted stored in the fake Discord (tests/fakediscord, Discord's rate limits on). Each
overdue table's players last acted at a different time in the two hours before the restart.

`python bot.py` starts on that database. From the moment it is connected, players click
(`--clicks` a second in all): Join and Leave in fresh lobbies opened with /play, and /game board
at overdue tables (a player coming back to look). The catch-up is over when every overdue
table's board was drawn again (a board image sent to its channel); draws counted up to then
include those of timers that came due after the restart (Eye for an Eye's 5 s countdown).

Printed: click acknowledgement p50/p99/max during the catch-up (from the interaction's creation
to the bot's callback; goal p99 <= 200 ms), how long the catch-up took, boards drawn per overdue
table (goal 1: once, for the newest state), the order they were drawn in against how recently
their players acted (rank correlation, 1 = most recently active first), 429s, and CPU time
beside wall time for the bot and for this process (the fake Discord).
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import resource
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine import registry
from engine.protocol import canonical
from host.databases import open_store
from host.store import Tx
from tests.fakediscord import FakeDiscord, InteractionRecord

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT = 300.0
OVERDUE_GAMES = (("dragon", 3), ("ghosts", 4), ("arena", 2), ("bugs", 5))
RESTING_GAMES = (("dragon", 3), ("ghosts", 4), ("bugs", 5), ("arena", 2), ("tiger", 1))
DOWNTIME = 2 * 3600.0  # the overdue tables' players last acted within this long before the restart
LOBBY_CHANNELS = 4  # fresh channels where players open a lobby and click Join / Leave
LOOKS_SHARE = 0.2  # share of the clicks that are /game board at an overdue table
BOARD_PATH = re.compile(r"^/channels/(\d+)/messages(?:/\d+)?$")
CHANNEL_PATH = re.compile(r"^/channels/(\d+)/")


@dataclass
class Overdue:
    """One overdue table: its channel, board message and when its players last acted."""

    session_id: int
    game: str
    channel_id: int
    message_id: int
    last_active: float


@dataclass
class Clicks:
    records: list[InteractionRecord] = field(default_factory=list)
    looked_at: set[int] = field(default_factory=set)  # channels where someone asked for /game board


async def fill(database: Path, fake: FakeDiscord, sessions: int, overdue_share: float,
               rng: random.Random) -> list[Overdue]:
    """SESSIONS rows; `overdue_share` of them games in play whose timer passed, with a board message
    in the fake and a start event at their players' last activity; the rest as bench.startup fills."""
    registry.load()
    now = time.time()
    count = round(sessions * overdue_share)
    overdue_ids = set(rng.sample(range(1, sessions + 1), count))
    rows: list[tuple[object, ...]] = []
    events: list[tuple[object, ...]] = []
    tables: list[Overdue] = []
    resting = {name: canonical(registry.get(name).setup(players, {}, 1, now)) for name, players in RESTING_GAMES}
    for session_id in range(1, sessions + 1):
        if session_id in overdue_ids:
            name, players = OVERDUE_GAMES[len(tables) % len(OVERDUE_GAMES)]
            game = registry.get(name)
            last_active = now - rng.uniform(300.0, DOWNTIME)
            state = game.setup(players, {}, session_id, last_active)
            deadline = game.next_deadline(state)
            assert deadline is not None and deadline < now, f"{name}: a fresh game's timer must have passed"
            channel_id = fake.add_channel(f"table-{session_id}")
            board = await fake._create_message(channel_id, {"embeds": [{"title": registry.get(name).title,
                                                                         "description": "the board before the restart"}]},
                                               [], author_id=fake.bot_user_id)
            seats = [2_000_000 + session_id * 8 + s for s in range(players)]
            rows.append((session_id, fake.guild_id, channel_id, name, "playing", seats[0], json.dumps(seats), "{}",
                         session_id, canonical(state), 5, deadline, int(board["id"]), "[]", last_active - 60,
                         last_active, None, 5))
            events.append((session_id, 1, "lobby", seats[0], None, canonical({"type": "start"}), last_active))
            tables.append(Overdue(session_id, name, channel_id, int(board["id"]), last_active))
            continue
        k = session_id
        name, players = RESTING_GAMES[k % len(RESTING_GAMES)]
        status = "finished" if k % 10 < 6 else "playing" if k % 10 < 9 else "lobby"
        seats = [1000 + k * 8 + s for s in range(players)]
        rows.append((session_id, fake.guild_id, 10**12 + k, name, status, seats[0], json.dumps(seats), "{}", k,
                     None if status == "lobby" else resting[name], 5, now + 3600 if status != "finished" else None,
                     50_000 + k, "[]", now - 7200, None if status == "lobby" else now - 3600,
                     now - 60 if status == "finished" else None, 5))
    store = await open_store(database)

    async def insert(tx: Tx) -> None:
        await tx.executemany(
            "INSERT INTO sessions (id, guild_id, channel_id, game, status, host_id, seats, options, seed, state,"
            " version, deadline, message_id, news, created_at, started_at, ended_at, shown_version)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        await tx.executemany("INSERT INTO events (session_id, seq, kind, user_id, seat, action, at)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?)", events)
    await store.write(insert)
    await store.close()
    return tables


def board_images(fake: FakeDiscord, channels: set[int], start: int = 0) -> tuple[list[tuple[int, int]], int]:
    """(request index, channel) of every board image sent to these channels' messages, in order, from request
    `start` on; and where to start next time (the first request still in flight)."""
    found: list[tuple[int, int]] = []
    index = start
    for index in range(start, len(fake.requests)):
        entry = fake.requests[index]
        if entry.status == 0:
            return found, index
        if entry.files and entry.method in ("POST", "PATCH") and entry.status < 300 and (
                match := BOARD_PATH.match(entry.path)) and int(match.group(1)) in channels:
            found.append((index, int(match.group(1))))
    return found, len(fake.requests)


def requests_by_kind(fake: FakeDiscord, channels: set[int], end: int) -> dict[str, int]:
    """The requests (429s included) to these channels among the first `end`, by method."""
    kinds: dict[str, int] = {}
    for entry in fake.requests[:end]:
        if (match := CHANNEL_PATH.match(entry.path)) and int(match.group(1)) in channels:
            kind = f"{entry.method} {'429' if entry.status == 429 else 'ok'}"
            kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


async def click_along(fake: FakeDiscord, tables: list[Overdue], per_second: float, clicks: Clicks,
                      stop: asyncio.Event, rng: random.Random) -> None:
    """Players clicking at `per_second` in all, open loop (a click does not wait for the one before)."""
    users = [fake.add_user(f"player{n}") for n in range(3)]
    host, guests = users[0], users[1:]
    lobbies = []
    for n in range(LOBBY_CHANNELS):
        channel = fake.add_channel(f"lobby-{n}")
        played = await fake.slash(host, "play", {"game": "dragon"}, channel_id=channel, timeout=120.0)
        clicks.records.append(played)
        join = fake.find_component(played.message or {}, label="Join")
        leave = fake.find_component(played.message or {}, label="Leave")
        if join is None or leave is None:
            raise SystemExit(f"/play gave no lobby with Join and Leave: {played.content!r}")
        lobbies.append((int(played.message["id"]), join["custom_id"], leave["custom_id"]))
    seated = {(lobby, guest): False for lobby in range(len(lobbies)) for guest in guests}
    unseen = [table.channel_id for table in tables]
    rng.shuffle(unseen)
    for tick in itertools.count():
        if stop.is_set():
            return
        if unseen and rng.random() < LOOKS_SHARE:
            channel = unseen.pop()
            clicks.looked_at.add(channel)
            clicks.records.append(await fake.slash(users[tick % len(users)], "game", subcommand="board",
                                                   channel_id=channel, wait=False))
        else:
            lobby, guest = tick % len(lobbies), guests[(tick // len(lobbies)) % len(guests)]
            message_id, join, leave = lobbies[lobby]
            seated[lobby, guest] = not seated[lobby, guest]
            clicks.records.append(await fake.click(guest, message_id, join if seated[lobby, guest] else leave,
                                                   wait=False))
        try:
            await asyncio.wait_for(stop.wait(), 1.0 / per_second)
        except TimeoutError:
            pass


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def rank_correlation(first: list[float], second: list[float]) -> float:
    """Spearman's rank correlation (no ties expected)."""
    def ranks(values: list[float]) -> list[int]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0] * len(values)
        for rank, index in enumerate(order):
            out[index] = rank
        return out
    a, b = ranks(first), ranks(second)
    n = len(a)
    if n < 2:
        return float("nan")
    return 1 - 6 * sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) / (n * (n * n - 1))


async def run(sessions: int, overdue_share: float, per_second: float, limit: float, seed: int) -> dict:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        fake = await FakeDiscord().start()
        cpu_before = resource.getrusage(resource.RUSAGE_SELF)
        tables = await fill(database, fake, sessions, overdue_share, rng)
        channels = {table.channel_id for table in tables}
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TABLETOP_"))}
        env.update(fake.env(), TABLETOP_DATABASE=str(database), LOG_LEVEL="WARNING")
        log_path = Path(folder) / "bot.log"
        started = time.monotonic()
        fake_cpu_start = resource.getrusage(resource.RUSAGE_SELF)
        with open(log_path, "wb") as log_file:
            proc = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), env=env, cwd=str(ROOT),
                                                        stdout=log_file, stderr=log_file)
        clicks, stop = Clicks(), asyncio.Event()
        clicking: asyncio.Task[None] | None = None
        drawn_first: dict[int, float] = {}  # channel -> when its first board image was seen
        drawn_order: dict[int, int] = {}  # channel -> the request that carried its first board image
        images_then: list[int] = []  # the channel of each board image sent during the catch-up
        ready = caught_up = float("nan")
        spent: dict[str, int] = {}
        try:
            await fake.wait_for(lambda: fake.ready_count >= 1 or proc.returncode is not None, READY_TIMEOUT)
            await fake.wait_connected(READY_TIMEOUT)
            ready = time.monotonic()
            clicking = asyncio.create_task(click_along(fake, tables, per_second, clicks, stop, rng))
            scanned = 0
            while time.monotonic() - started < limit:
                found, scanned = board_images(fake, channels, scanned)
                for index, channel in found:
                    drawn_first.setdefault(channel, time.monotonic())
                    drawn_order.setdefault(channel, index)
                    images_then.append(channel)
                if clicking.done():
                    clicking.result()  # its failure ends the bench
                if len(drawn_first) == len(channels):
                    break
                await asyncio.sleep(0.5)
            caught_up = max(drawn_first.values(), default=time.monotonic())
            spent = requests_by_kind(fake, channels - clicks.looked_at, scanned)
            stop.set()
            await clicking
            await fake.wait_for(lambda: all(r.answered_at is not None for r in clicks.records), 60.0)
        except TimeoutError:
            pass
        finally:
            stop.set()
            if clicking is not None and not clicking.done():
                clicking.cancel()
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
            await proc.wait()
            fake_cpu = resource.getrusage(resource.RUSAGE_SELF)
            await fake.close()
        if fake.ready_count < 1:
            raise SystemExit(f"the bot never got ready:\n{log_path.read_text(errors='replace')[-4000:]}")
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        log_text = log_path.read_text(errors="replace")
    per_table = {channel: 0 for channel in channels}
    for channel in images_then:
        per_table[channel] += 1
    untouched = [count for channel, count in per_table.items() if channel not in clicks.looked_at]
    recency = [-table.last_active for table in tables]  # most recently active first
    drawn_at = [drawn_order.get(table.channel_id, 1 << 62) + table.session_id * 1e-9 for table in tables]
    newest = sorted(tables, key=lambda table: -table.last_active)[:max(1, len(tables) // 10)]
    during = [r for r in clicks.records if r.created_at <= caught_up]
    acks = [r.acknowledged_after for r in during if r.acknowledged_after is not None]
    return {
        "sessions": sessions, "overdue": len(tables), "ready": ready - started,
        "caught_up": caught_up - started, "newest_tenth": max(drawn_first.get(t.channel_id, float("inf"))
                                                              for t in newest) - started,
        "drawn": len(drawn_first), "per_table_mean": statistics.fmean(per_table.values()) if per_table else 0.0,
        "per_table_max": max(per_table.values(), default=0),
        "untouched_mean": statistics.fmean(untouched) if untouched else 0.0,
        "order": rank_correlation(recency, drawn_at),
        "by_game": {name: statistics.fmean(per_table[t.channel_id] for t in tables if t.game == name)
                    for name, _ in OVERDUE_GAMES if any(t.game == name for t in tables)},
        "clicks": len(during), "unanswered": sum(1 for r in clicks.records if r.answered_at is None),
        "ack_p50": percentile(acks, 0.50) * 1000, "ack_p99": percentile(acks, 0.99) * 1000,
        "ack_max": max(acks, default=float("nan")) * 1000,
        "bot_cpu": usage.ru_utime + usage.ru_stime, "bot_wall": time.monotonic() - started,
        "fake_cpu": (fake_cpu.ru_utime + fake_cpu.ru_stime) - (fake_cpu_start.ru_utime + fake_cpu_start.ru_stime),
        "fill_cpu": (fake_cpu_start.ru_utime + fake_cpu_start.ru_stime) - (cpu_before.ru_utime + cpu_before.ru_stime),
        "limited": len(fake.rate_limits.limited),
        "limited_global": sum(1 for hit in fake.rate_limits.limited if hit["scope"] == "global"),
        "spent": {kind: count / max(1, len(channels - clicks.looked_at)) for kind, count in sorted(spent.items())},
        "requests": sum(1 for entry in fake.requests if not entry.path.startswith("/interactions/")),
        "tracebacks": log_text.count("Traceback"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.restart", description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--overdue", type=float, default=1 / 3, help="share of the sessions whose timer passed")
    parser.add_argument("--clicks", type=float, default=5.0, help="clicks a second during the catch-up, in all")
    parser.add_argument("--limit", type=float, default=900.0, help="seconds after which the bench gives up")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    f = asyncio.run(run(args.sessions, args.overdue, args.clicks, args.limit, args.seed))
    print(f"restart with {f['sessions']} stored sessions, {f['overdue']} overdue; connected after {f['ready']:.1f} s")
    print(f"catch-up: every overdue board drawn after {f['caught_up']:.1f} s wall ({f['drawn']}/{f['overdue']} drawn);"
          f" the most recently active tenth after {f['newest_tenth']:.1f} s")
    print(f"  boards drawn per overdue table: {f['per_table_mean']:.2f} mean, {f['per_table_max']} max"
          f" ({f['untouched_mean']:.2f} at tables nobody looked at meanwhile; goal 1); by game: "
          + ", ".join(f"{name} {mean:.2f}" for name, mean in f["by_game"].items()))
    print(f"  order: rank correlation with how recently the players acted {f['order']:+.2f}"
          f" (+1 = most recently active first, -1 = oldest first)")
    print("  requests per overdue table until then (tables nobody looked at): "
          + ", ".join(f"{kind} {share:.2f}" for kind, share in f["spent"].items()))
    print(f"clicks during the catch-up: {f['clicks']} (unanswered {f['unanswered']}); acknowledged p50"
          f" {f['ack_p50']:.0f} ms, p99 {f['ack_p99']:.0f} ms (goal <= 200), max {f['ack_max']:.0f} ms")
    print(f"Discord: {f['requests']} REST requests besides interaction answers, {f['limited']} answered 429"
          f" ({f['limited_global']} by the global limit)")
    print(f"CPU: bot {f['bot_cpu']:.1f} s over {f['bot_wall']:.1f} s wall; fake Discord and clicks"
          f" {f['fake_cpu']:.1f} s (filling the database {f['fill_cpu']:.1f} s)")
    if f["tracebacks"]:
        print(f"the bot logged {f['tracebacks']} traceback(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

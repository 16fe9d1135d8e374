"""Throughput and concurrency of one bot process: clicks through the real click path
(`cogs.actions.perform`: host.table.Table, then cogs.presenter.Presenter drawing and editing the
board), against a stand-in Discord whose channels record every message and edit after a small
simulated latency and enforce Discord's rate limits as the fake Discord of the tests does
(tests/fakediscord/ratelimits.py: per channel, per interaction token, the global 50/s; a call past
a limit waits out its `retry_after`, as discord.py does, and is counted).

    python -m bench.throughput [--games dragon,ghosts,tiger,bugs,arena] [--workers 0,1,2]
        [--burst-sessions 100] [--burst-seconds 10] [--sessions 1000] [--rate 200] [--seconds 20]
        [--latency 0.03] [--steady-workers N]

Each run on a fresh temporary database (WAL, as the bot runs), its timers fired by the bot's
scheduler (the presenter shows what they change) and actions chosen as `bench.latency` chooses them:

1. Burst, once per count in `--workers` (board-drawing processes, render/workers.py; 0: the render
   threads): `--burst-sessions` players click as fast as the bot answers, each as soon as their
   board shows their last move. Prints actions per second, each with a board image drawn and
   edited in, the CPU seconds of the bot's process and of its workers beside the wall time, and
   the ratio of actions/s to the first count's (goal, issue 24: >= 1.7x from one worker to two on
   two cores). A machine shared with other work lends the bench fewer cores than it has, so the run
   also prints the CPU an action costs the bot and its workers, and the actions/s that cost allows
   on free cores (`ceiling`). Paced real-time boards (Bugs & Co, Eye for an Eye: one edit every
   second or two at most) sit this one out: they merge moves by design.
2. Steady, with `--steady-workers` (default: the bot's own default): `--sessions` concurrent
   tables whose players click `--rate` times a second in all, each on the board their channel
   shows now (every 2.5-7.5 s a table). Prints the click acknowledgement p50/p99 (target: p99 <
   50 ms), how long a board takes to show a move (a paced board waits for its turn), how many
   clicks were refused as stale because the board had fallen behind (target: none; a board may
   skip versions when edits pile up, the newest wins), and the process's memory (RSS) with that
   many boards, with the render caches' share.

Every run prints the 429s the stand-in gave (goal 0: the bot paces itself).
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import random
import re
import resource
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

from bench.latency import PICKERS, new_game, percentile, seats_for, uniform
from cogs.actions import perform
from cogs.arena.live import Live
from cogs.board_messages import post
from cogs.bus import Bus, Stage
from cogs.components import Ref
from cogs.presenter import Presenter
from cogs.uis import GameUIs, game_uis
from engine import registry
from engine.errors import RuleError
from engine.rng import Rng
from host.databases import open_store
from host.errors import StaleAction, TableError
from host.scheduler import Scheduler
from host.store import Store
from host.table import Table
from render.cache import cached_layer_bytes
from tests.fakediscord.ratelimits import RateLimits

FOOTER = re.compile(r"Table (\d+) · move (\d+)")
GAME_UIS = game_uis(time.time)  # each game's pace, as the bot's UIs have it
# Message and interaction ids are snowflakes of the bench's start, as Discord's are of their moment: the
# budget reads a message's age from its id (an edit of one over an hour old has a stricter limit).
_ids = itertools.count(discord.utils.time_snowflake(discord.utils.utcnow()))


# --------------------------------------------------------------------------- a stand-in Discord
@dataclass
class Board:
    """What a channel shows of a table's board: the newest version drawn, and when it appeared."""

    version: int = -1
    shown_at: float = 0.0
    versioned: bool = True  # its buttons name the version they were drawn for (stale clicks refused)
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class Channel:
    def __init__(self, client: FakeClient, channel_id: int) -> None:
        self.client, self.id = client, channel_id
        self.boards: dict[int, Board] = {}  # by session id (a new round may post a new message)

    def _record(self, message_id: int, payload: dict[str, Any]) -> None:
        embed = payload.get("embed")
        footer = embed.footer.text if embed is not None and embed.footer else ""
        found = FOOTER.search(footer or "")
        if found is None:
            return
        board = self.boards.setdefault(int(found[1]), Board())
        board.version, board.shown_at = max(board.version, int(found[2])), time.perf_counter()
        view = payload.get("view")
        refs = [Ref.parse(getattr(item, "custom_id", "") or "") for item in (view.children if view else [])]
        board.versioned = any(ref is not None and ref.version is not None for ref in refs)
        board.changed.set()
        board.changed = asyncio.Event()
        self.client.edits += 1

    async def send(self, content: str | None = None, **payload: Any) -> SimpleNamespace:
        await self.client.request("POST", f"/channels/{self.id}/messages", {"cid": str(self.id)})
        message_id = next(_ids)
        self.client.created[message_id] = time.monotonic()
        self._record(message_id, payload)
        return SimpleNamespace(id=message_id, channel=self)

    def get_partial_message(self, message_id: int) -> PartialMessage:
        return PartialMessage(self, message_id)

    async def history(self, limit: int = 100):  # the presenter looks for lost boards at start-up
        return
        yield


class PartialMessage:
    def __init__(self, channel: Channel, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    @property
    def _route(self) -> tuple[str, dict[str, str]]:
        return f"/channels/{self.channel.id}/messages/{self.id}", {"cid": str(self.channel.id), "mid": str(self.id)}

    async def edit(self, **payload: Any) -> None:
        await self.channel.client.request("PATCH", *self._route)
        self.channel._record(self.id, payload)

    async def delete(self) -> None:
        await self.channel.client.request("DELETE", *self._route)


class FakeClient:
    """What the presenter and the click path use of a discord.Client, and the stand-in's rate limits."""

    def __init__(self, latency: float, workers: int = 0) -> None:
        self.latency = latency
        self.config = SimpleNamespace(render_workers=workers)  # read by the presenter, as the bot's settings are
        self.user = SimpleNamespace(id=1)
        self.channels: dict[int, Channel] = {}
        self.edits = 0
        self.limits = RateLimits()
        self.limited = 0  # 429s the stand-in gave
        self.created: dict[int, float] = {}  # message id -> when it was posted (old messages have a stricter limit)
        self.table: Table
        self.uis: GameUIs
        self.changes: Bus
        self.presenter: Presenter
        self.arena_live: Live

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.channels.setdefault(channel_id, Channel(self, channel_id))

    async def request(self, method: str, path: str, params: dict[str, str], *, counted: bool = True) -> None:
        """One call to Discord: within its route's limit and the global one (`counted`), else waited out
        and tried again as discord.py does; then the simulated latency."""
        route = self.limits.limit_of(method, path, params, self._age)
        while (verdict := self.limits.check(route, counted)).retry_after > 0:
            self.limited += 1
            await asyncio.sleep(verdict.retry_after)
        await asyncio.sleep(self.latency)

    def _age(self, message_id: int) -> float | None:
        posted = self.created.get(message_id)
        return None if posted is None else time.monotonic() - posted


class Response:
    def __init__(self, interaction: Interaction) -> None:
        self.interaction = interaction
        self._done = False

    def is_done(self) -> bool:
        return self._done

    async def defer(self, **_: Any) -> None:
        self._done = True
        self.interaction.acknowledged = time.perf_counter()

    async def send_message(self, *_: Any, **__: Any) -> None:
        await self.defer()

    async def edit_message(self, **payload: Any) -> None:
        """The board as the answer to a click on it (UPDATE_MESSAGE): no channel request."""
        await self.defer()
        await asyncio.sleep(self.interaction.client.latency)
        self.interaction.channel._record(self.interaction.message.id, payload)


class Interaction:
    """A button click as the click path reads it."""

    type = discord.InteractionType.component
    locale = discord.Locale.american_english  # what Discord sends for an English client

    def __init__(self, client: FakeClient, user_id: int, message_id: int, channel: Channel) -> None:
        self.client, self.id, self.channel, self.channel_id = client, next(_ids), channel, channel.id
        self.user = SimpleNamespace(id=user_id, display_name=f"Player {user_id}")
        self.message = SimpleNamespace(id=message_id, flags=SimpleNamespace(ephemeral=False))
        self.extras: dict[str, Any] = {}
        self.response = Response(self)
        self.followup = SimpleNamespace(send=self._followup)
        self.created = time.perf_counter()
        self.acknowledged: float | None = None

    async def _followup(self, *_: Any, **__: Any) -> SimpleNamespace:
        await self.client.request("POST", f"/webhooks/1/{self.id}", {"token": str(self.id)}, counted=False)
        return SimpleNamespace(id=next(_ids))  # the message it posted


# --------------------------------------------------------------------------- tables and players
@dataclass
class Stats:
    acks: list[float] = field(default_factory=list)
    shown: list[float] = field(default_factory=list)  # click to the board showing the move
    applied: int = 0
    stale: int = 0
    refused: int = 0
    limited: int = 0  # 429s the stand-in Discord gave
    cpu: float = 0.0  # CPU seconds of the bot's own process
    workers_cpu: float = 0.0  # CPU seconds of its board-drawing workers
    in_process: int = 0  # boards drawn in the bot's process although it has workers (none ready, one died)
    window_actions: int = 0  # actions applied within the burst's seconds (the last boards' tail left out)
    window_edits: int = 0


@dataclass
class Seat:
    """One table's players, seen from its channel."""

    game: str
    session_id: int
    channel: Channel


async def start(client: FakeClient, game: str, channel_id: int) -> int:
    session_id = await new_game(client.table, game, seats_for(game, 3), channel_id)
    await post(client.presenter, await client.table.get(session_id))
    return session_id


async def open_tables(client: FakeClient, games: list[str], count: int, first_channel: int) -> list[Seat]:
    """`count` tables in play, their players' names known (as for players who played before)."""
    seats = []
    for i in range(count):
        game, channel_id = games[i % len(games)], first_channel + i
        seats.append(Seat(game, await start(client, game, channel_id), client.get_partial_messageable(channel_id)))
    for user in range(100, 100 + max(seats_for(game, 3) for game in games)):
        await client.table.remember_name(user, f"Player {user}")
    return seats


async def click(client: FakeClient, seat: Seat, rng: Rng, stats: Stats) -> int | None:
    """One player clicks a legal move on the board their channel shows; the version it made."""
    table = client.table
    session = await table.get(seat.session_id)
    if session.status != "playing":
        seat.session_id = await start(client, seat.game, seat.channel.id)
        return None
    game, state = registry.get(seat.game), session.state
    assert state is not None
    waiting = game.waiting_for(state) or range(len(session.seats))
    moves = [(s, a) for s in waiting for a in game.legal_actions(state, s)]
    if not moves:
        return None
    player, action = PICKERS.get(seat.game, uniform)(state, moves, rng)
    board = seat.channel.boards[seat.session_id]
    shown = board.version if board.versioned else None  # unversioned buttons (private panels) are never stale
    interaction = Interaction(client, session.seats[player], session.message_id or 0, seat.channel)
    try:
        change = await perform(interaction, lambda: table.act(  # type: ignore[arg-type]
            seat.session_id, interaction.user.id, action, interaction.id, expected_version=shown))
    except StaleAction:
        stats.stale += 1
        return None
    except (TableError, RuleError):
        stats.refused += 1
        return None
    finally:
        if interaction.acknowledged is not None:
            stats.acks.append(interaction.acknowledged - interaction.created)
    stats.applied += 1
    return change.session.version


SHOWN_WITHIN = 60.0  # s: a board that takes longer has been lost, which the bench must say, not wait for


async def until_shown(seat: Seat, session_id: int, version: int, since: float, stats: Stats) -> None:
    board = seat.channel.boards[session_id]
    while board.version < version:
        try:
            async with asyncio.timeout(SHOWN_WITHIN):  # not wait_for: on 3.11 it may swallow a cancel
                await board.changed.wait()
        except TimeoutError:
            raise AssertionError(f"table {session_id}: move {version} never shown (the board shows {board.version})") from None
    stats.shown.append(board.shown_at - since)


async def setup(games: list[str], latency: float, folder: str,
                workers: int = 0) -> tuple[FakeClient, Store, Scheduler]:
    """The table, presenter and scheduler of a bot on a fresh database, each game's cog loaded, its
    board-drawing workers started and warm."""
    registry.load()
    store = await open_store(Path(folder) / "bench.sqlite3")
    client = FakeClient(latency, workers)
    client.table = Table(store)
    client.uis = game_uis(client.table.clock)
    client.changes = Bus()  # the bot's services, composed as bot.py composes them
    client.presenter = Presenter(client, client.table, client.uis)  # type: ignore[arg-type]
    client.arena_live = Live(client)  # type: ignore[arg-type]
    client.changes.subscribe(Stage.PRIVATE, client.arena_live.on_change, game="arena")
    client.changes.subscribe(Stage.PUBLIC, client.presenter.on_change)
    client.table.listeners.append(client.changes.publish)
    scheduler = Scheduler(client.table)
    scheduler.start()
    await client.presenter.pictures.drawers.start()
    return client, store, scheduler


async def close(client: FakeClient, store: Store, scheduler: Scheduler) -> None:
    await scheduler.stop()
    await client.table.close()
    await store.close()
    client.presenter.pictures.close()


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of live processes (Linux /proc; 0 elsewhere)."""
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def burst(games: list[str], sessions: int, seconds: float, latency: float,
                workers: int = 0) -> tuple[Stats, float, int]:
    """Players who click again as soon as their board shows their move. Only games whose board
    is edited for every move take part: a paced real-time board merges moves by design."""
    with tempfile.TemporaryDirectory() as folder:
        client, store, scheduler = await setup(games, latency, folder, workers)
        games = [game for game in games if not GAME_UIS[game].min_edit_seconds]
        seats = await open_tables(client, games, sessions, 1)
        stats, rng = Stats(), Rng(1)
        edits_before, limited_before = client.edits, client.limited
        pids = client.presenter.pictures.drawers.pids()
        cpu_before, workers_before = time.process_time(), cpu_seconds(pids)
        started = time.perf_counter()
        deadline = started + seconds

        async def window() -> None:
            """The figures at the deadline: the last boards still on their way do not count."""
            await asyncio.sleep(seconds)
            stats.window_actions, stats.window_edits = stats.applied, client.edits - edits_before
            stats.cpu, stats.workers_cpu = time.process_time() - cpu_before, cpu_seconds(pids) - workers_before
            stats.limited = client.limited - limited_before

        measured = asyncio.create_task(window())

        async def player(seat: Seat) -> None:
            while time.perf_counter() < deadline:
                clicked, session_id = time.perf_counter(), seat.session_id
                version = await click(client, seat, rng, stats)
                if version is not None:
                    await until_shown(seat, session_id, version, clicked, stats)

        await asyncio.gather(*(player(seat) for seat in seats))
        await measured
        elapsed = time.perf_counter() - started
        stats.in_process = client.presenter.pictures.drawers.in_process
        edits = client.edits - edits_before
        await close(client, store, scheduler)
    return stats, elapsed, edits


async def steady(games: list[str], sessions: int, rate: float, seconds: float,
                 latency: float, workers: int = 0) -> tuple[Stats, float, float]:
    """Many tables, each clicked on every 2.5-7.5 s (`rate` clicks a second in all)."""
    with tempfile.TemporaryDirectory() as folder:
        client, store, scheduler = await setup(games, latency, folder, workers)
        seats = await open_tables(client, games, sessions, 100_000)
        stats, rng, pace = Stats(), Rng(2), random.Random(2)
        mean_gap = sessions / rate
        started = time.perf_counter()
        deadline = started + seconds
        waiting: set[asyncio.Task[None]] = set()

        async def show_of(seat: Seat, session_id: int, version: int, clicked: float) -> None:
            await until_shown(seat, session_id, version, clicked, stats)

        async def player(seat: Seat) -> None:
            await asyncio.sleep(pace.uniform(0, mean_gap))  # tables start out of step
            while time.perf_counter() < deadline:
                clicked, session_id = time.perf_counter(), seat.session_id
                version = await click(client, seat, rng, stats)
                if version is not None:
                    task = asyncio.create_task(show_of(seat, session_id, version, clicked))
                    waiting.add(task)
                    task.add_done_callback(waiting.discard)
                pause = clicked + pace.uniform(0.5, 1.5) * mean_gap - time.perf_counter()
                await asyncio.sleep(max(0.0, min(pause, deadline - time.perf_counter())))

        await asyncio.gather(*(player(seat) for seat in seats))
        elapsed = time.perf_counter() - started
        async with asyncio.timeout(30):
            await asyncio.gather(*waiting)
        stats.limited = client.limited
        rss = _rss_mib()
        await close(client, store, scheduler)
    return stats, elapsed, rss


def _rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ceiling(bot_ms: float, workers_ms: float, workers: int, cores: int) -> float:
    """Actions a second the measured CPU per action allows on `cores` free cores: the bot's process is
    one thread of Python (it has one core at most), its workers share the rest with it."""
    if not workers:
        return 1000 / (bot_ms + workers_ms)
    return 1000 * min(1 / bot_ms, workers / workers_ms, cores / (bot_ms + workers_ms))


def ms(values: list[float], p: float) -> str:
    return f"{percentile(values, p) * 1000:.1f} ms" if values else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="dragon,ghosts,tiger,bugs,arena")
    parser.add_argument("--workers", default="0,1,2", help="board-drawing processes of each burst run (0: threads)")
    parser.add_argument("--burst-sessions", type=int, default=100)
    parser.add_argument("--burst-seconds", type=float, default=10)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--latency", type=float, default=0.03, help="simulated Discord latency per call (s)")
    parser.add_argument("--steady-workers", type=int, default=min(2, os.cpu_count() or 1),
                        help="board-drawing processes of the steady run (default: up to 2, one per core)")
    args = parser.parse_args()
    games = args.games.split(",")

    unpaced = ",".join(game for game in games if not GAME_UIS[game].min_edit_seconds)
    print(f"burst: {args.burst_sessions} players ({unpaced}) clicking as fast as their boards come back, "
          f"{args.burst_seconds:g} s a run, against the rate-limited stand-in; {os.cpu_count()} cores")
    first, cores, ceilings, rates = None, len(os.sched_getaffinity(0)), [], {}
    for workers in (int(n) for n in args.workers.split(",")):
        stats, _, _ = asyncio.run(burst(games, args.burst_sessions, args.burst_seconds, args.latency, workers))
        wall, actions = args.burst_seconds, max(1, stats.window_actions)
        rate = rates[workers] = stats.window_actions / wall
        first = first or (workers, rate)
        bot_ms, workers_ms = stats.cpu / actions * 1000, stats.workers_cpu / actions * 1000
        ceilings.append(f"{workers} worker(s) {ceiling(bot_ms, workers_ms, workers, cores):.0f}")
        print(f"  {workers} worker(s): {rate:.0f} actions/s, {stats.window_edits / wall:.0f} board images/s "
              f"({rate / first[1]:.2f}x {first[0]} worker(s)); {wall:g} s wall, CPU {stats.cpu:.1f} s bot + "
              f"{stats.workers_cpu:.1f} s workers ({(stats.cpu + stats.workers_cpu) / wall:.2f} cores busy), "
              f"a {bot_ms:.2f} ms + {workers_ms:.2f} ms action; {stats.in_process} boards drawn in the bot's process; "
              f"ack p50 {ms(stats.acks, 50)} p99 {ms(stats.acks, 99)}; board shown p50 {ms(stats.shown, 50)} "
              f"p99 {ms(stats.shown, 99)}; stale {stats.stale}, refused {stats.refused}, 429s {stats.limited}",
              flush=True)
    print(f"  CPU per action allows at most, on {cores} free cores (actions/s): {', '.join(ceilings)}")
    if rates.get(1) and 2 in rates:
        print(f"  2 workers / 1 worker: {rates[2] / rates[1]:.2f}x actions/s (goal >= 1.7x on two cores)")

    stats, elapsed, rss = asyncio.run(steady(games, args.sessions, args.rate, args.seconds, args.latency,
                                             args.steady_workers))
    print(f"steady: {args.sessions} tables ({args.games}), {args.rate:.0f} clicks/s asked for, {elapsed:.1f} s, "
          f"{args.steady_workers} worker(s)")
    print(f"  {stats.applied / elapsed:.0f} actions/s; ack p50 {ms(stats.acks, 50)} p99 {ms(stats.acks, 99)}; "
          f"board shown p50 {ms(stats.shown, 50)} p99 {ms(stats.shown, 99)}; "
          f"stale {stats.stale}, refused {stats.refused}, 429s {stats.limited}")
    print(f"  RSS with {args.sessions} boards: {rss:.0f} MiB (cached layers {cached_layer_bytes() / 2**20:.1f} MiB; "
          "the workers' caches are theirs)")


if __name__ == "__main__":
    main()

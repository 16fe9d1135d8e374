"""Throughput and concurrency of one bot process: clicks through the real click path
(`cogs.actions.perform`: host.table.Table, then cogs.presenter.Presenter drawing and editing the
board), against a stand-in Discord whose channels record every message and edit after a small
simulated latency.

    python -m bench.throughput [--games dragon,ghosts,tiger,bugs,arena] [--burst-sessions 100]
        [--burst-seconds 10] [--sessions 1000] [--rate 200] [--seconds 20] [--latency 0.03]

Two runs, each on a fresh temporary database (WAL, as the bot runs), its timers fired by the
bot's scheduler (the presenter shows what they change) and actions chosen as `bench.latency`
chooses them:

1. Burst: `--burst-sessions` players click as fast as the bot answers, each as soon as their
   board shows their last move. Prints actions per second, each with a board image drawn and
   edited in (target: >= 250/s). Paced real-time boards (Bugs & Co, Eye for an Eye: one edit
   every second or two at most) sit this one out: they merge moves by design.
2. Steady: `--sessions` concurrent tables whose players click `--rate` times a second in all,
   each on the board their channel shows now (every 2.5-7.5 s a table). Prints the click
   acknowledgement p50/p99 (target: p99 < 50 ms), how long a board takes to show a move (a
   paced board waits for its turn), how many clicks were refused as stale because the board had
   fallen behind (target: none; a board may skip versions when edits pile up, the newest
   wins), and the process's memory (RSS) with that many boards, with the render caches' share.
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
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
from discord.ext import commands

from bench.latency import PICKERS, new_game, percentile, seats_for, uniform
from cogs.actions import perform
from cogs.game_ui import ui_for
from cogs.presenter import Presenter
from cogs.refs import Ref
from engine import registry
from engine.errors import RuleError
from engine.rng import Rng
from host.databases import open_store
from host.errors import StaleAction, TableError
from host.scheduler import Scheduler
from host.store import Store
from host.table import Table
from render.cache import cached_layer_bytes
from render.encode import render_async  # noqa: F401  (the presenter draws through it)

FOOTER = re.compile(r"Table (\d+) · move (\d+)")
_ids = itertools.count(10**15)


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
        await asyncio.sleep(self.client.latency)
        message_id = next(_ids)
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

    async def edit(self, **payload: Any) -> None:
        await asyncio.sleep(self.channel.client.latency)
        self.channel._record(self.id, payload)

    async def delete(self) -> None:
        await asyncio.sleep(self.channel.client.latency)


class FakeClient:
    """What the presenter and the click path use of a discord.Client."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.user = SimpleNamespace(id=1)
        self.channels: dict[int, Channel] = {}
        self.edits = 0
        self.table: Table
        self.presenter: Presenter
        self.arena_live: Any = None  # Eye for an Eye's live panels, once its cog is loaded

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self.channels.setdefault(channel_id, Channel(self, channel_id))


class BenchBot(commands.Bot):
    """An unconnected bot for the cogs to load on, whose channels are the stand-in Discord's: what
    a cog posts by itself (Eye for an Eye's call to a defender) lands there too."""

    arena_live: Any  # set by Eye for an Eye's cog when it loads

    def __init__(self, client: FakeClient) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.none())
        self.fake, self.table = client, client.table

    def get_partial_messageable(self, id: int, **_: Any) -> Channel:  # type: ignore[override]
        return self.fake.get_partial_messageable(id)


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
        await asyncio.sleep(self.client.latency)
        return SimpleNamespace(id=next(_ids))  # the message it posted


# --------------------------------------------------------------------------- tables and players
@dataclass
class Stats:
    acks: list[float] = field(default_factory=list)
    shown: list[float] = field(default_factory=list)  # click to the board showing the move
    applied: int = 0
    stale: int = 0
    refused: int = 0


@dataclass
class Seat:
    """One table's players, seen from its channel."""

    game: str
    session_id: int
    channel: Channel


async def start(client: FakeClient, game: str, channel_id: int) -> int:
    session_id = await new_game(client.table, game, seats_for(game, 3), channel_id)
    await client.presenter.post(await client.table.get(session_id))
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


async def setup(games: list[str], latency: float, folder: str) -> tuple[FakeClient, Store, Scheduler]:
    """The table, presenter and scheduler of a bot on a fresh database, each game's cog loaded."""
    registry.load()
    store = await open_store(Path(folder) / "bench.sqlite3")
    client = FakeClient(latency)
    client.table = Table(store)
    client.presenter = Presenter(client, client.table)  # type: ignore[arg-type]
    bot = BenchBot(client)
    for name in games:
        await bot.load_extension(f"cogs.{name}")  # registers each game's UI, as the bot does
    if "arena" in games:
        client.arena_live = bot.arena_live  # the presenter tells it each change first, as in the bot
    client.table.listeners.append(client.presenter.on_timer)
    scheduler = Scheduler(client.table)
    scheduler.start()
    return client, store, scheduler


async def close(client: FakeClient, store: Store, scheduler: Scheduler) -> None:
    await scheduler.stop()
    await client.table.close()
    await store.close()


async def burst(games: list[str], sessions: int, seconds: float, latency: float) -> tuple[Stats, float, int]:
    """Players who click again as soon as their board shows their move. Only games whose board
    is edited for every move take part: a paced real-time board merges moves by design."""
    with tempfile.TemporaryDirectory() as folder:
        client, store, scheduler = await setup(games, latency, folder)
        games = [game for game in games if not ui_for(game).min_edit_seconds]
        seats = await open_tables(client, games, sessions, 1)
        stats, rng = Stats(), Rng(1)
        edits_before = client.edits
        started = time.perf_counter()
        deadline = started + seconds

        async def player(seat: Seat) -> None:
            while time.perf_counter() < deadline:
                clicked, session_id = time.perf_counter(), seat.session_id
                version = await click(client, seat, rng, stats)
                if version is not None:
                    await until_shown(seat, session_id, version, clicked, stats)

        await asyncio.gather(*(player(seat) for seat in seats))
        elapsed = time.perf_counter() - started
        edits = client.edits - edits_before
        await close(client, store, scheduler)
    return stats, elapsed, edits


async def steady(games: list[str], sessions: int, rate: float, seconds: float,
                 latency: float) -> tuple[Stats, float, float]:
    """Many tables, each clicked on every 2.5-7.5 s (`rate` clicks a second in all)."""
    with tempfile.TemporaryDirectory() as folder:
        client, store, scheduler = await setup(games, latency, folder)
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
        rss = _rss_mib()
        await close(client, store, scheduler)
    return stats, elapsed, rss


def _rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ms(values: list[float], p: float) -> str:
    return f"{percentile(values, p) * 1000:.1f} ms" if values else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="dragon,ghosts,tiger,bugs,arena")
    parser.add_argument("--burst-sessions", type=int, default=100)
    parser.add_argument("--burst-seconds", type=float, default=10)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--latency", type=float, default=0.03, help="simulated Discord latency per call (s)")
    args = parser.parse_args()
    games = args.games.split(",")

    stats, elapsed, edits = asyncio.run(burst(games, args.burst_sessions, args.burst_seconds, args.latency))
    unpaced = ",".join(game for game in games if not ui_for(game).min_edit_seconds)
    print(f"burst: {args.burst_sessions} players ({unpaced}) clicking as fast as their boards come back, "
          f"{elapsed:.1f} s")
    print(f"  {stats.applied / elapsed:.0f} actions/s, {edits / elapsed:.0f} board images/s; "
          f"ack p50 {ms(stats.acks, 50)} p99 {ms(stats.acks, 99)}; board shown p50 {ms(stats.shown, 50)} "
          f"p99 {ms(stats.shown, 99)}; stale {stats.stale}, refused {stats.refused}")

    stats, elapsed, rss = asyncio.run(steady(games, args.sessions, args.rate, args.seconds, args.latency))
    print(f"steady: {args.sessions} tables ({args.games}), {args.rate:.0f} clicks/s asked for, {elapsed:.1f} s")
    print(f"  {stats.applied / elapsed:.0f} actions/s; ack p50 {ms(stats.acks, 50)} p99 {ms(stats.acks, 99)}; "
          f"board shown p50 {ms(stats.shown, 50)} p99 {ms(stats.shown, 99)}; "
          f"stale {stats.stale}, refused {stats.refused}")
    print(f"  RSS with {args.sessions} boards: {rss:.0f} MiB (cached layers {cached_layer_bytes() / 2**20:.1f} MiB)")


if __name__ == "__main__":
    main()

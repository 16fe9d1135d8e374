"""Per-action latency in process, by stage: engine apply, table (load, apply, persist), render,
and the Discord response payload (embed, buttons, file) built.

    python -m bench.latency [--game dragon|all] [--actions 400] [--players 3] [--compare-naive]

Random legal actions on a temporary database (WAL, as the bot runs); prints p50 and p99 of
each stage in milliseconds, the board image size and the mix of actions taken. Eye for an Eye
plays as people do (`bench.arena_mix`: rolls, allocations, moves, attacks, parries), half the
actions in real-time matches and half in turn-based ones. With `--compare-naive`, every action's
board is drawn a second time the naive way (full redraw, no cache, RGBA PNG with
optimize=True) in the same run, and the run ends with one line per game:

    G: p50 X ms, p99 Y ms, naive p50 Z ms, speedup W.Wx

(the naive figure is the same action's engine, table and payload time plus the naive render).
Targets (issue 11): p50 <= 5 ms, p99 <= 15 ms and a speedup of at least 5x for every game.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bench import arena_mix
from cogs.components import view_of
from cogs.game_ui import ui_for
from cogs.pictures import as_file
from engine import registry
from engine.rng import Rng
from host.databases import open_store
from host.table import Table
from render.cache import naive

# The games with a board of their own (a cog module of the same name), in the order run by "all".
BOARD_GAMES = ("dragon", "ghosts", "tiger", "bugs", "arena")

Choice = tuple[int, dict[str, Any]]
Picker = Callable[[dict[str, Any], Sequence[Choice], Rng], Choice]


def uniform(state: dict[str, Any], choices: Sequence[Choice], rng: Rng) -> Choice:
    return rng.choice(choices)


# How a game's actions are chosen (uniformly unless a game's random play is unlike a table's),
# and the options its matches are played with: the actions are shared out evenly between them.
PICKERS: dict[str, Picker] = {"arena": arena_mix.pick}
MODES: dict[str, tuple[tuple[str, ...], ...]] = {"arena": ((), ("turn_based",))}
MIX: dict[str, Counter[str]] = {}  # by game, the kinds of action its last run took


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def new_game(table: Table, game: str, players: int, channel: int, turned_on: Sequence[str] = ()) -> int:
    change = await table.open(game, 1, channel, 100, turned_on=turned_on)
    for user in range(101, 100 + players):
        await table.join(change.session.id, user)
    if change.session.status == "lobby":
        await table.start(change.session.id, 100)
    return change.session.id


async def load_ui(game_name: str, table: Table) -> None:
    """Load the game's cog on an unconnected bot, which registers its UI as the bot does. What a
    cog listens for on the table (timers, to tell players' panels) needs a Discord: dropped."""
    unconnected = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    unconnected.table = table  # type: ignore[attr-defined]  # as bot.py sets it
    await unconnected.load_extension(f"cogs.{game_name}")
    table.listeners.clear()


class BenchClock:
    """The table's clock: the wall clock, moved on to a game's deadline when nobody may act
    (a countdown), so timed phases pass without the bench sleeping through them."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead

    def skip_to(self, moment: float) -> None:
        self.ahead += max(0.0, moment - self())


def seats_for(game_name: str, wanted: int) -> int:
    game = registry.get(game_name)
    return max(game.min_players, min(game.max_players, wanted))


async def run(game_name: str, actions: int, players: int, compare_naive: bool = False) -> dict[str, list[float]]:
    """Time `actions` actions of `game_name` at `players` seats, by stage (seconds); also the
    board sizes in KiB (`png_kib`). The kinds of action taken are counted in `MIX`."""
    registry.load()
    stages: dict[str, list[float]] = {"engine": [], "table": [], "render": [], "payload": [], "total": []}
    if compare_naive:
        stages["naive render"] = []
        stages["naive total"] = []
    sizes: list[int] = []
    MIX[game_name] = Counter()
    chooser = Rng(7)
    modes = MODES.get(game_name, ((),))
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "bench.sqlite3")
        clock = BenchClock()
        table = Table(store, clock=clock)
        await load_ui(game_name, table)
        channel = 0
        for i, turned_on in enumerate(modes):
            sid = None
            while len(stages["total"]) < actions * (i + 1) // len(modes):
                if sid is None or (await table.get(sid)).status != "playing":
                    channel += 1
                    sid = await new_game(table, game_name, players, channel, turned_on)
                size = await _timed_action(table, sid, game_name, chooser, stages)
                if size is None:  # nobody may act: the game's timer passes (a timer, not a click: untimed)
                    deadline = (await table.get(sid)).deadline
                    assert deadline is not None, f"{game_name} is stuck: no legal action and no timer"
                    clock.skip_to(deadline)
                    await table.fire_due()
                else:
                    sizes.append(size)
        await store.close()
    stages["png_kib"] = [s / 1024 for s in sizes]
    return stages


async def _timed_action(table: Table, sid: int, game_name: str, chooser: Rng,
                        stages: dict[str, list[float]]) -> int | None:
    """Choose and apply one action, timing each stage (and the naive render when asked);
    returns the board's PNG size, or None when nobody may act now."""
    game, ui = registry.get(game_name), ui_for(game_name)
    session = await table.get(sid)
    state = session.state
    assert state is not None
    players = len(session.seats)
    choices = [(seat, a) for seat in range(players) for a in game.legal_actions(state, seat)]
    if not choices:
        return None
    seat, action = PICKERS.get(game_name, uniform)(state, choices, chooser)
    MIX[game_name][action["type"]] += 1
    user = session.seats[seat]

    started = time.perf_counter()
    game.apply(state, seat, action, table.clock())
    stages["engine"].append(time.perf_counter() - started)

    started = time.perf_counter()
    change = await table.act(sid, user, action)
    after_table = time.perf_counter()
    names = await table.names(change.session.seats)
    image = ui.render(change.session, game, names)
    after_render = time.perf_counter()
    embed = ui.embed(change.session, game, names)
    embed.set_image(url=f"attachment://{image.filename}")
    view_of(ui.items(change.session, game) if change.session.status == "playing" else [])
    as_file(image)
    done = time.perf_counter()

    stages["table"].append(after_table - started)
    stages["render"].append(after_render - after_table)
    stages["payload"].append(done - after_render)
    stages["total"].append(done - started)
    if "naive render" in stages:
        with naive():
            naive_started = time.perf_counter()
            ui.render(change.session, game, names)
            naive_render = time.perf_counter() - naive_started
        stages["naive render"].append(naive_render)
        stages["naive total"].append(stages["total"][-1] - stages["render"][-1] + naive_render)
    return len(image.png)


def summary(game_name: str, stages: dict[str, list[float]]) -> str:
    """The closing line: the pipeline's p50 and p99, the naive p50 and the speedup."""
    p50, p99 = percentile(stages["total"], 50) * 1000, percentile(stages["total"], 99) * 1000
    naive_p50 = percentile(stages["naive total"], 50) * 1000
    return f"{game_name}: p50 {p50:.2f} ms, p99 {p99:.2f} ms, naive p50 {naive_p50:.2f} ms, speedup {naive_p50 / p50:.1f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dragon", help="a game's name, or 'all' for every board game")
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--players", type=int, default=3, help="clamped to what each game allows")
    parser.add_argument("--compare-naive", action="store_true",
                        help="also draw every board the naive way and print the speedup")
    args = parser.parse_args()
    registry.load()
    games = BOARD_GAMES if args.game == "all" else (args.game,)
    lines = []
    for game_name in games:
        players = seats_for(game_name, args.players)
        stages = asyncio.run(run(game_name, args.actions, players, args.compare_naive))
        print(f"{game_name}, {players} players, {args.actions} actions")
        for name, values in stages.items():
            if name == "png_kib":
                print(f"  board PNG: median {statistics.median(values):.1f} KiB, max {max(values):.1f} KiB")
            else:
                print(f"  {name:12s} p50 {percentile(values, 50) * 1000:7.2f} ms   "
                      f"p99 {percentile(values, 99) * 1000:7.2f} ms")
        mix = MIX[game_name]
        print("  actions: " + ", ".join(f"{kind} {n}" for kind, n in mix.most_common()))
        if args.compare_naive:
            lines.append(summary(game_name, stages))
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()

"""Per-action latency in process, by stage: engine apply, table (load, apply, persist), render,
and the Discord response payload (embed, buttons, file) built.

    python -m bench.latency [--game dragon|all] [--actions 400] [--players 3] [--compare-naive]

Random legal actions on a temporary database (WAL, as the bot runs); prints p50 and p99 of
each stage in milliseconds and the board image size. With `--compare-naive`, every action's
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
from pathlib import Path

import discord
from discord.ext import commands

from cogs.components import view_of
from cogs.game_ui import ui_for
from cogs.presenter import as_file
from engine import registry
from engine.rng import Rng
from host.store import Store
from host.table import Table
from render.cache import naive

# The games with a board of their own (a cog module of the same name), in the order run by "all".
BOARD_GAMES = ("dragon", "ghosts", "tiger", "bugs")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def new_game(table: Table, game: str, players: int, channel: int) -> int:
    change = await table.open(game, 1, channel, 100)
    for user in range(101, 100 + players):
        await table.join(change.session.id, user)
    if change.session.status == "lobby":
        await table.start(change.session.id, 100)
    return change.session.id


def seats_for(game_name: str, wanted: int) -> int:
    game = registry.get(game_name)
    return max(game.min_players, min(game.max_players, wanted))


async def run(game_name: str, actions: int, players: int, compare_naive: bool = False) -> dict[str, list[float]]:
    registry.load()
    unconnected = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await unconnected.load_extension(f"cogs.{game_name}")  # registers the game's UI, as the bot does
    game = registry.get(game_name)
    ui = ui_for(game_name)
    stages: dict[str, list[float]] = {"engine": [], "table": [], "render": [], "payload": [], "total": []}
    if compare_naive:
        stages["naive render"] = []
        stages["naive total"] = []
    sizes: list[int] = []
    chooser = Rng(7)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        table = Table(store)
        channel = 1
        sid = await new_game(table, game_name, players, channel)
        while len(stages["total"]) < actions:
            session = await table.get(sid)
            if session.status != "playing":
                channel += 1
                sid = await new_game(table, game_name, players, channel)
                continue
            state = session.state
            assert state is not None
            choices = [(seat, a) for seat in range(players) for a in game.legal_actions(state, seat)]
            seat, action = chooser.choice(choices)
            user = session.seats[seat]

            started = time.perf_counter()
            game.apply(state, seat, action, time.time())
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
            sizes.append(len(image.png))
            if compare_naive:
                with naive():
                    naive_started = time.perf_counter()
                    ui.render(change.session, game, names)
                    naive_render = time.perf_counter() - naive_started
                stages["naive render"].append(naive_render)
                stages["naive total"].append(stages["total"][-1] - stages["render"][-1] + naive_render)
        await store.close()
    stages["png_kib"] = [s / 1024 for s in sizes]
    return stages


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
        if args.compare_naive:
            lines.append(summary(game_name, stages))
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()

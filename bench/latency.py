"""Per-action latency in process, by stage: engine apply, table (load, apply, persist), render,
and the Discord response payload (embed, buttons, file) built.

    python -m bench.latency [--game dragon] [--actions 400] [--players 3]

Random legal actions on a temporary database (WAL, as the bot runs); prints p50 and p99 of
each stage in milliseconds and the board image size.
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


async def run(game_name: str, actions: int, players: int) -> dict[str, list[float]]:
    registry.load()
    unconnected = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await unconnected.load_extension(f"cogs.{game_name}")  # registers the game's UI, as the bot does
    game = registry.get(game_name)
    ui = ui_for(game_name)
    stages: dict[str, list[float]] = {"engine": [], "table": [], "render": [], "payload": [], "total": []}
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
            choices = [(seat, a) for seat in range(players) for a in game.legal_actions(session.state, seat)]
            seat, action = chooser.choice(choices)
            user = session.seats[seat]

            started = time.perf_counter()
            game.apply(session.state, seat, action, time.time())
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
        await store.close()
    stages["png_kib"] = [s / 1024 for s in sizes]
    return stages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dragon")
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()
    stages = asyncio.run(run(args.game, args.actions, args.players))
    print(f"{args.game}, {args.players} players, {args.actions} actions")
    for name, values in stages.items():
        if name == "png_kib":
            print(f"  board PNG: median {statistics.median(values):.1f} KiB, max {max(values):.1f} KiB")
        else:
            print(f"  {name:8s} p50 {percentile(values, 50) * 1000:7.2f} ms   p99 {percentile(values, 99) * 1000:7.2f} ms")


if __name__ == "__main__":
    main()

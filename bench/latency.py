"""Per-action latency in process, beside the physical floor of an action and a plain naive pipeline.

    python -m bench.latency [--game dragon|all] [--actions 400] [--players 3] [--passes 2] [--compare-naive]

Random legal actions on a temporary database (WAL, as the bot runs). Each action goes through the
current pipeline: the table (load, apply, persist), the board picture as the presenter gets it
(cogs.pictures.BoardPictures: a table's unchanged board is not drawn again, an unchanged picture
not encoded again; drawn here, in this process, as with TABLETOP_RENDER_WORKERS=0: the worker
processes are `bench.throughput`'s subject) and the Discord response payload (embed, buttons,
file). Eye for an Eye plays as people do (`bench.arena_mix`), half the actions in real-time
matches and half in turn-based ones.

With `--compare-naive`, the same run then measures, for every action the pipeline took (after it,
so that neither disturbs the other's caches):
- the floor: what no pipeline can skip: this board's palette PNG encoded with ISA-L (its pixels
  already palette indices), one SQLite WAL commit of the state, one JSON round trip of the state;
- the plain naive pipeline: the same table and payload, the board drawn with every cache off and
  saved with `image.save(buffer, "PNG")` as drawn, Pillow's defaults (what a naive bot does).

Each game is measured twice in the process (`--passes`), on new deals each time: first as a bot
just started meets it, then as a bot that has been up a while does, with the words, sprites and
layers its boards share drawn before (the first pass's extra time is mostly drawing those, new
lines of text above all). Both are printed.

Every figure is p50 / p99 of wall time and of CPU time (the process's, all threads), so a run on a
busy machine still says something; compare ratios within one run. The run ends with one line per
game and pass (`summary`): goals (issue 24) p50 <= 4x the floor, and >= 8x faster than the plain
naive, for a bot that has been up (the last pass).
"""
from __future__ import annotations

import argparse
import asyncio
import io
import json
import sqlite3
import statistics
import struct
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from bench import arena_mix
from cogs.components import view_of
from cogs.game_ui import GameUI
from cogs.pictures import BoardPictures, as_file
from cogs.uis import game_uis
from engine import registry
from engine.computers.tiger import par
from engine.rng import Rng
from host.databases import open_store
from host.session import Session
from host.table import Table
from render.cache import naive
from render.encode import RenderedImage

_deflate: Any
try:
    from isal import isal_zlib as _deflate
except ImportError:  # pragma: no cover - a dependency; the floor is then zlib's level 1
    _deflate = zlib

# The games with a board of their own (a cog module of the same name), in the order run by "all".
BOARD_GAMES = ("dragon", "ghosts", "tiger", "bugs", "arena")
FLOOR_GOAL = 4.0  # p50 at most this many times the floor
NAIVE_GOAL = 8.0  # p50 at least this many times faster than the plain naive pipeline

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


class Timer:
    """Wall and CPU time of one stretch of code (CPU: the whole process's, every thread)."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def split(self) -> tuple[float, float]:
        """Seconds of wall and CPU time since the last split (or the start)."""
        wall, cpu = time.perf_counter(), time.process_time()
        spent = (wall - self.wall, cpu - self.cpu)
        self.wall, self.cpu = wall, cpu
        return spent


class Floor:
    """The physical floor of one action: this board's palette PNG deflated by ISA-L (its pixels already
    palette indices), one SQLite WAL commit of the state, one JSON round trip of the state."""

    def __init__(self, folder: Path) -> None:
        self.db = sqlite3.connect(folder / "floor.sqlite3", isolation_level=None)
        for pragma in ("journal_mode = WAL", "synchronous = NORMAL"):  # as the store opens its database
            self.db.execute(f"PRAGMA {pragma}").fetchall()
        self.db.execute("CREATE TABLE sessions (id INTEGER PRIMARY KEY, state TEXT, version INTEGER)")
        self.db.execute("INSERT INTO sessions VALUES (1, '{}', 0)")

    def close(self) -> None:
        self.db.close()

    def measure(self, png: bytes, state: dict[str, Any]) -> dict[str, tuple[float, float]]:
        """(wall, CPU) seconds of each step for this board and state."""
        rows, colours, size = _palette_rows(png)
        clock = Timer()
        pixels = _deflate.compress(rows, 1)
        _png_of(size, colours, pixels)
        encode = clock.split()
        text = json.dumps(state)
        self.db.execute("BEGIN")
        self.db.execute("UPDATE sessions SET state = ?, version = version + 1 WHERE id = 1", (text,))
        self.db.execute("COMMIT")
        commit = clock.split()
        json.loads(json.dumps(state))
        round_trip = clock.split()
        return {"encode": encode, "commit": commit, "json": round_trip}


def _palette_rows(png: bytes) -> tuple[bytes, bytes, tuple[int, int]]:
    """A board's pixels as the rows a palette PNG deflates (a filter byte, then indices), its colours
    and size: the input of the floor's encode, prepared untimed."""
    image: Image.Image = Image.open(io.BytesIO(png))
    if image.mode != "P":
        image = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
    framed = Image.new("P", (image.width + 1, image.height), 0)
    framed.paste(image, (1, 0))
    return framed.tobytes(), bytes(image.getpalette() or [])[:768], image.size


def _png_of(size: tuple[int, int], colours: bytes, pixels: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))

    header = struct.pack(">IIBBBBB", size[0], size[1], 8, 3, 0, 0, 0)
    return b"".join((b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", header), chunk(b"PLTE", colours), chunk(b"IDAT", pixels),
                     chunk(b"IEND", b"")))


Stages = dict[str, list[float]]


async def run(game_name: str, actions: int, players: int, compare_naive: bool = False) -> Stages:
    """Time `actions` actions of `game_name` at `players` seats, by stage (seconds; `<stage> cpu` for
    CPU time); also the board sizes in KiB (`png_kib`) and, with `compare_naive`, the floor's steps
    and the naive pipeline. The kinds of action taken are counted in `MIX`."""
    registry.load()
    stages: Stages = {}
    MIX[game_name] = Counter()
    chooser = Rng(7)
    modes = MODES.get(game_name, ((),))
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(Path(folder) / "bench.sqlite3")
        floor = Floor(Path(folder)) if compare_naive else None
        clock = BenchClock()
        table = Table(store, clock=clock)
        pictures = BoardPictures(workers=0)
        ui = game_uis(clock)[game_name]  # the game's UI as the bot builds it, on the table's clock
        channel, boards = 0, []
        for i, turned_on in enumerate(modes):
            sid = None
            while len(stages.get("total", ())) < actions * (i + 1) // len(modes):
                if sid is None or (await table.get(sid)).status != "playing":
                    channel += 1
                    sid = await new_game(table, game_name, players, channel, turned_on)
                    if game_name == "tiger":  # the bot works a deal's par out in a thread as it is played
                        started = await table.get(sid)  # (cogs/tiger_par.py): not on the path of a move
                        await asyncio.to_thread(par, started.setup_options(), started.seed)
                timed = await _timed_action(table, sid, ui, chooser, pictures)
                if timed is None:  # nobody may act: the game's timer passes (a timer, not a click: untimed)
                    deadline = (await table.get(sid)).deadline
                    assert deadline is not None, f"{game_name} is stuck: no legal action and no timer"
                    clock.skip_to(deadline)
                    await table.fire_due()
                    continue
                figures, board = timed
                boards.append(board)
                for name, value in figures.items():
                    stages.setdefault(name, []).append(value)
        if floor is not None:  # after the pipeline's run, so neither disturbs the other's caches
            for i, board in enumerate(boards):
                for name, value in _floor_and_naive(ui, board, floor).items():
                    stages.setdefault(name, []).append(value)
                stages.setdefault("naive total", []).append(
                    stages["total"][i] - stages["render"][i] + stages["naive render"][i])
                stages.setdefault("naive total cpu", []).append(
                    stages["total cpu"][i] - stages["render cpu"][i] + stages["naive render cpu"][i])
            floor.close()
        await store.close()
    return stages


Board = tuple[Session, list[str], RenderedImage]  # an action's session after it, the names, its board


def _floor_and_naive(ui: GameUI, board: Board, floor: Floor) -> dict[str, float]:
    """The floor of one action (its board and state) and its board drawn the plain naive way."""
    session, names, image = board
    assert session.state is not None
    out: dict[str, float] = {}
    steps = floor.measure(image.png, session.state)
    for step, (wall, _) in steps.items():
        out[f"floor {step}"] = wall
    out["floor"] = sum(wall for wall, _ in steps.values())
    out["floor cpu"] = sum(cpu for _, cpu in steps.values())
    with naive():
        clock = Timer()
        ui.render(session, registry.get(session.game), names)
        out["naive render"], out["naive render cpu"] = clock.split()
    return out


async def _timed_action(table: Table, sid: int, ui: GameUI, chooser: Rng,
                        pictures: BoardPictures) -> tuple[dict[str, float], Board] | None:
    """Choose and apply one action, timing each stage; with the board it made, or None when nobody
    may act now."""
    game_name = ui.game_name
    game = registry.get(game_name)
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
    out: dict[str, float] = {}

    clock = Timer()
    game.apply(state, seat, action, table.clock())
    out["engine"], _ = clock.split()

    clock = Timer()
    change = await table.act(sid, user, action)
    out["table"], out["table cpu"] = clock.split()
    names = await table.names(change.session.seats)
    image = pictures.draw_here(ui, change.session, game, names)
    out["render"], out["render cpu"] = clock.split()
    embed = ui.embed(change.session, game, names)
    embed.set_image(url=f"attachment://{image.filename}")
    view_of(ui.items(change.session, game) if change.session.status == "playing" else [])
    as_file(image)
    out["payload"], out["payload cpu"] = clock.split()
    out["total"] = out["table"] + out["render"] + out["payload"]
    out["total cpu"] = out["table cpu"] + out["render cpu"] + out["payload cpu"]
    out["png_kib"] = len(image.png) / 1024
    return out, (change.session, names, image)


def ms(values: list[float], p: float) -> float:
    return percentile(values, p) * 1000


def summary(game_name: str, stages: Stages) -> str:
    """The closing line: the pipeline's p50 and p99 (wall, and CPU), the floor and the plain naive
    p50, and the two ratios the goals are set on."""
    p50, p99, cpu = ms(stages["total"], 50), ms(stages["total"], 99), ms(stages["total cpu"], 50)
    naive_p50 = ms(stages["naive total"], 50)
    floor_p50 = ms(stages["floor"], 50)
    return (f"{game_name}: p50 {p50:.2f} ms (CPU {cpu:.2f}), p99 {p99:.2f} ms, floor p50 {floor_p50:.2f} ms, "
            f"p50/floor {p50 / floor_p50:.1f}x, naive p50 {naive_p50:.2f} ms, speedup {naive_p50 / p50:.1f}x")


def _row(name: str, stages: Stages, key: str) -> str:
    wall, cpu = stages[key], stages.get(f"{key} cpu")
    line = f"  {name:13s} wall p50 {ms(wall, 50):7.2f} ms  p99 {ms(wall, 99):7.2f} ms"
    if cpu is not None:
        line += f"   CPU p50 {ms(cpu, 50):7.2f} ms  p99 {ms(cpu, 99):7.2f} ms"
    return line


def report(game_name: str, players: int, actions: int, stages: Stages) -> list[str]:
    lines = [f"{game_name}, {players} players, {actions} actions"]
    if "floor" in stages:
        lines.append(_row("floor", stages, "floor") + "   (" + ", ".join(
            f"{step} {ms(stages[f'floor {step}'], 50):.2f}" for step in ("encode", "commit", "json")) + " ms at p50)")
        lines.append(_row("naive", stages, "naive total"))
    lines.append(_row("current", stages, "total"))
    for stage in ("engine", "table", "render", "payload"):
        lines.append(_row(f"  {stage}", stages, stage))
    if "naive render" in stages:
        lines.append(_row("  naive render", stages, "naive render"))
    sizes = stages["png_kib"]
    lines.append(f"  board PNG: median {statistics.median(sizes):.1f} KiB, max {max(sizes):.1f} KiB")
    lines.append("  actions: " + ", ".join(f"{kind} {n}" for kind, n in MIX[game_name].most_common()))
    if "floor" in stages:
        p50 = ms(stages["total"], 50)
        lines.append(f"  p50/floor {p50 / ms(stages['floor'], 50):.1f}x (goal <= {FLOOR_GOAL:g}x), "
                     f"CPU {ms(stages['total cpu'], 50) / ms(stages['floor cpu'], 50):.1f}x; "
                     f"naive/current {ms(stages['naive total'], 50) / p50:.1f}x (goal >= {NAIVE_GOAL:g}x), "
                     f"CPU {ms(stages['naive total cpu'], 50) / ms(stages['total cpu'], 50):.1f}x")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dragon", help="a game's name, or 'all' for every board game")
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--players", type=int, default=3, help="clamped to what each game allows")
    parser.add_argument("--passes", type=int, default=2,
                        help="times each game is measured, on new deals: the first as a bot just started, "
                             "the later ones as a bot that has been up")
    parser.add_argument("--compare-naive", action="store_true",
                        help="also measure the floor and the plain naive pipeline, and print the ratios")
    args = parser.parse_args()
    registry.load()
    games = BOARD_GAMES if args.game == "all" else (args.game,)
    closing_lines = []
    for game_name in games:
        players = seats_for(game_name, args.players)
        for number in range(1, args.passes + 1):
            stages = asyncio.run(run(game_name, args.actions, players, args.compare_naive))
            moment = "first pass: just started" if number == 1 else f"pass {number}: up a while"
            print(f"[{moment}] " + "\n".join(report(game_name, players, args.actions, stages)), flush=True)
            if args.compare_naive:
                closing_lines.append(summary(f"{game_name} ({moment})", stages))
    for line in closing_lines:
        print(line)


if __name__ == "__main__":
    main()

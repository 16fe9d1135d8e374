"""Does every game stay inside Discord's rate limits? The real bot (`python bot.py`) against the fake
Discord of the tests (tests/fakediscord, rate limits on), played by people who click what the
board and their private panels show (bench/discord_players.py says how, game by game).

    python -m bench.discord [--games dragon,bugs,ghosts,tiger,arena,arena-turns] [--paces human,bot]
                            [--seconds 20] [--budget on|off] [--trace]

Every game at its largest table: Treasure of the Dragons 5 players (turns), Bugs & Co 8 (real time),
Zap That Ghost 6 (real time, a new board each round), Eye of the Tiger 1 (solo, every move on a
panel), Eye for an Eye 6 in real time (`arena`) and turn-based (`arena-turns`).

Paces: human, one action per second per player (a turn game: the player on turn), and bot, five.
A player waits for the answer to its click before the next (a person cannot click faster than
the panel redraws), and where the controls carry the board's version, for the board to show the
last move.

Prints per game and pace: actions applied (and the pace reached), 429s (goal 0), Discord
requests per action, split into channel-limited ones (message posts, edits and deletes: 5 per 5 s
per channel) and interaction responses (callbacks and webhook edits and follow-ups: the channel's
limit does not count them), with the median over 5-second slices (goal <= 1.0 channel request per
action); board lag from a click to the board message showing its move (p50/p99, goal p99 <= 2.5 s
at bot pace); how long clicks waited for their answer (Discord fails a click not answered in 3 s);
and the global-limit estimate: requests counted by the 50/s global limit per action, so how many
actions per second the bot can serve in all before that limit binds. CPU seconds of the bot beside
wall time. A table of every run and the goals it misses closes the output.

`--budget off` starts the bot with its channel budget switched off (TABLETOP_CHANNEL_BUDGET=off,
cogs/channel_budget.py): every post, edit and delete goes to Discord at once and discord.py waits
out the limits, the figures before the budget. `--trace` prints each run's channel requests and
moves in time order, and the moves made and refused: where a lag comes from.
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import functools
import os
import random
import re
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cogs.channel_budget import SWITCH
from tests.fakediscord import FakeDiscord
from tests.process.harness import Harness

from .discord_players import PACES, TABLES, Click, Db, Run

SLICE = 5.0  # seconds per slice of the per-action request median
SETTLE = 5.0  # seconds after the last click for the boards to catch up before the counts close
FOOTER = re.compile(r"move (\d+)$")
CHANNEL_LIMITED = re.compile(r"^/channels/(\d+)/messages(/\d+)?$")
INTERACTION = re.compile(r"^/(interactions|webhooks)/")
GLOBAL_LIMIT = 50.0
ANSWER_LIMIT = 3.0  # seconds Discord gives a bot to answer a click
GOALS = {"median": 1.0, "lag p99": 2.5}  # channel requests per action (median of slices); seconds, at bot pace


# ------------------------------------------------------------------------------ what the fake saw


class Timed(list):
    """`fake.requests`, each entry stamped with when it arrived."""

    def append(self, entry: Any) -> None:
        entry.at = time.monotonic()
        super().append(entry)


@dataclass
class Shown:
    at: float
    channel_id: int
    message_id: int
    move: int


def watch_boards(fake: FakeDiscord) -> list[Shown]:
    """Every public message created or edited with a board footer ("Table 3 · move 12"), and when."""
    shown: list[Shown] = []

    def note(message: dict) -> None:
        if message.get("_ephemeral"):
            return
        footer = ((message.get("embeds") or [{}])[0].get("footer") or {}).get("text") or ""
        if match := FOOTER.search(footer):
            shown.append(Shown(time.monotonic(), int(message["channel_id"]), int(message["id"]), int(match[1])))

    create, edit = fake._create_message, fake._edit_message

    async def created(*args: Any, **kwargs: Any) -> dict:
        message = await create(*args, **kwargs)
        note(message)
        return message

    async def edited(*args: Any, **kwargs: Any) -> dict:
        message = await edit(*args, **kwargs)
        note(message)
        return message

    fake._create_message, fake._edit_message = created, edited
    return shown


# ------------------------------------------------------------------------------ figures


@dataclass
class Figures:
    table: str
    players: int
    pace: str
    seconds: float
    cpu: float
    actions: int
    refused: int
    limited: int
    channel: int
    interaction: int
    other: int
    counted_globally: int
    slice_ratios: list[float]
    lags: list[float]
    unshown: int
    answers: list[float]  # seconds from each click to its answer (Discord fails a click unanswered in 3 s)

    @property
    def median(self) -> float:
        return statistics.median(self.slice_ratios) if self.slice_ratios else float("nan")

    @property
    def lag_p99(self) -> float:
        return pct(self.lags, 99) if self.lags else float("nan")

    def line(self) -> str:
        per = max(self.actions, 1)
        lag = (f"p50 {pct(self.lags, 50):.2f} s, p99 {pct(self.lags, 99):.2f} s, max {max(self.lags):.2f} s"
               if self.lags else "none")
        return (f"{self.table:11} {self.pace:5} {self.players} players: {self.actions} actions in "
                f"{self.seconds:.0f} s ({self.actions / self.seconds:.1f}/s; {self.refused} moves refused), "
                f"bot CPU {self.cpu:.1f} s\n"
                f"    429s: {self.limited}\n"
                f"    requests per action: {self.channel / per:.2f} channel-limited (median over {SLICE:g} s slices "
                f"{self.median:.2f}), {self.interaction / per:.2f} interaction responses, {self.other / per:.2f} other\n"
                f"    board lag: {lag} ({len(self.lags)} actions; {self.unshown} never shown)\n"
                f"    clicks answered: p99 {pct(self.answers, 99) if self.answers else float('nan'):.2f} s, "
                f"{self.late} of {len(self.answers)} after {ANSWER_LIMIT:g} s (Discord fails them)\n"
                f"    global limit: {self.counted_globally / per:.2f} counted requests per action -> "
                f"{capacity(self.counted_globally, self.actions)}")

    @property
    def late(self) -> int:
        return sum(1 for a in self.answers if a > ANSWER_LIMIT)

    def missed(self) -> list[str]:
        """The goals this run misses (the lag's only at bot pace)."""
        out = [f"{self.limited} 429s"] if self.limited else []
        if not self.median <= GOALS["median"]:
            out.append(f"median {self.median:.2f} requests per action")
        if self.pace == "bot" and not self.lag_p99 <= GOALS["lag p99"]:
            out.append(f"lag p99 {self.lag_p99:.2f} s")
        if self.late:
            out.append(f"{self.late} clicks answered after {ANSWER_LIMIT:g} s")
        return out

    def row(self) -> str:
        rate = GLOBAL_LIMIT * self.actions / self.counted_globally if self.counted_globally else float("inf")
        answered = pct(self.answers, 99) if self.answers else float("nan")
        return (f"| {self.table}, {self.pace} | {self.actions / self.seconds:.1f} | {self.limited} | {self.median:.2f} "
                f"| {self.lag_p99:.2f} s | {answered:.2f} s | {rate:,.0f} | {'; '.join(self.missed()) or 'met'} |")


def capacity(counted: int, actions: int) -> str:
    if not actions:
        return "no actions"
    if not counted:
        return "the global limit never binds (no counted requests)"
    return f"about {GLOBAL_LIMIT * actions / counted:.0f} actions/s in all before 50 requests/s"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def bot_cpu(pid: int) -> float:
    """User + system CPU seconds of a live process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(run: Run, requests: list, limited: list, shown: list[Shown], started: float, ended: float,
            seconds: float, cpu: float, trace: bool = False) -> Figures:
    window = [r for r in requests if started <= r.at <= ended]
    channel = [r for r in window if r.method in ("POST", "PATCH", "DELETE")
               and (path := CHANNEL_LIMITED.match(r.path)) and int(path[1]) == run.channel_id]
    interaction = [r for r in window if INTERACTION.match(r.path)]
    counted = [r for r in window if not INTERACTION.match(r.path)]  # callbacks and webhooks are not counted
    versions = run.db.versions([c.rec.id for c in run.clicks])
    applied = [c for c in run.clicks if c.rec.id in versions]
    lags, unshown = [], 0
    boards = [s for s in shown if s.channel_id == run.channel_id]
    for click in applied:
        first = next((s.at for s in boards if s.at >= click.at and s.move >= versions[click.rec.id]), None)
        if first is None:
            unshown += 1
        else:
            lags.append(first - click.at)
    ratios = []
    slice_start = started
    while slice_start + SLICE <= ended - SETTLE + 1e-9:
        acts = sum(1 for c in applied if slice_start <= c.at < slice_start + SLICE)
        calls = sum(1 for r in channel if slice_start <= r.at < slice_start + SLICE)
        if acts:
            ratios.append(calls / acts)
        slice_start += SLICE
    if trace:
        print_trace(started, channel, applied, versions, boards, run.db.kinds(),
                    [c for c in run.clicks if c.meant and c.rec.id not in versions])
    return Figures(run.table.title, run.table.players, run.pace, seconds, cpu, len(applied),
                   sum(1 for c in run.clicks if c.meant and c.rec.id not in versions),
                   sum(1 for hit in limited if started <= hit.get("at", started) <= ended),
                   len(channel), len(interaction), len(window) - len(channel) - len(interaction), len(counted),
                   ratios, lags, unshown,
                   [a for c in run.clicks if (a := c.rec.acknowledged_after) is not None and started <= c.at <= ended])


def print_trace(started: float, channel: list, applied: list[Click], versions: dict[int, int],
                boards: list[Shown], kinds: dict[int, str], refused: list[Click]) -> None:
    """The run's channel requests and moves in time order (`--trace`): where a lag comes from."""
    lines = [(r.at, f"{r.method:6} {r.path.rsplit('/', 2)[-2:]} {str((r.json or {}).get('content') or '')[:50]!r}")
             for r in channel]
    for click in applied:
        shown = next((s.at for s in boards if s.at >= click.at and s.move >= versions[click.rec.id]), None)
        lag = "never shown" if shown is None else f"shown after {shown - click.at:.2f} s"
        lines.append((click.at, f"move {versions[click.rec.id]} ({kinds.get(click.rec.id)}), {lag}"))
    for at, text in sorted(lines):
        print(f"    {at - started:7.2f} {text}")
    print("    moves made:", dict(collections.Counter(kinds.get(c.rec.id) for c in applied).most_common()))
    print("    refused:", dict(collections.Counter(c.rec.payload.get("data", {}).get("custom_id", "?").split(":")[-1]
                                                for c in refused).most_common(12)))


# ------------------------------------------------------------------------------ main


async def bench(tables: list[str], paces: list[str], seconds: float, seed: int, budget: bool,
                trace: bool = False) -> list[Figures]:
    out: list[Figures] = []
    most = max(TABLES[t].players for t in tables)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake, Harness(fake, Path(tmp)) as harness:
            fake.requests = Timed()
            shown = watch_boards(fake)
            limited_at = StampedList(fake.rate_limits.limited)
            fake.rate_limits.limited = limited_at
            for k in range(3, most):
                fake.add_user(f"player{k + 1}")
            names = ["alice", "bob", "carol"] + [f"player{k + 1}" for k in range(3, most)]
            users = [fake.user_id(name) for name in names]
            if not budget:  # the bot started with its channel budget switched off
                harness.env = functools.partial(Harness.env, harness, **{SWITCH: "off"})
            run_proc = await harness.start_connected()
            db = Db(harness.database)
            for name in tables:
                for pace in paces:
                    table = TABLES[name]
                    channel = fake.add_channel(f"{name}-{pace}")
                    run = Run(fake, db, table, pace, channel, users[:table.players], random.Random(seed))
                    cpu0 = bot_cpu(run_proc.proc.pid)
                    started = time.monotonic()
                    run.until = started + seconds
                    await table.driver(run)
                    played = time.monotonic() - started
                    await asyncio.sleep(SETTLE)  # the last boards catch up
                    ended = time.monotonic()
                    cpu = bot_cpu(run_proc.proc.pid) - cpu0
                    figures = measure(run, fake.requests, limited_at, shown, started, ended, played, cpu, trace)
                    print(figures.line(), flush=True)
                    out.append(figures)
                    await run.close_table()
            fake.rejected[:] = [r for r in fake.rejected if r["status"] != 429]  # counted above
    return out


class StampedList(list):
    """`rate_limits.limited`, each 429 stamped with when it was given."""

    def __init__(self, items: list) -> None:
        super().__init__(items)

    def append(self, item: Any) -> None:
        item["at"] = time.monotonic()
        super().append(item)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(TABLES), help=f"tables to play, of: {', '.join(TABLES)}")
    parser.add_argument("--paces", default="human,bot")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play per game and pace")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", choices=("on", "off"), default="on",
                        help="off: the bot runs without its channel budget (the figures before it)")
    parser.add_argument("--trace", action="store_true", help="print every channel request and move of each run")
    args = parser.parse_args()
    tables = [g for g in args.games.split(",") if g]
    paces = [p for p in args.paces.split(",") if p]
    print(f"bench.discord: the bot as a process against the rate-limited fake Discord, channel budget {args.budget}; "
          f"{args.seconds:g} s of play per game and pace (human: {PACES['human']:g}, bot: {PACES['bot']:g} actions/s "
          "per player); interaction responses count against neither a channel's limit nor the global one, as on "
          "Discord", flush=True)
    wall, cpu = time.monotonic(), resource.getrusage(resource.RUSAGE_SELF).ru_utime
    figures = asyncio.run(bench(tables, paces, args.seconds, args.seed, args.budget == "on", args.trace))
    actions = sum(f.actions for f in figures)
    counted = sum(f.counted_globally for f in figures)
    print(f"\ngoals: 0 429s; median channel requests per action <= {GOALS['median']:g}; board lag p99 <= "
          f"{GOALS['lag p99']:g} s at bot pace\n"
          "| table, pace | actions/s | 429s | channel requests per action (median) | board lag p99 "
          "| click answered p99 | actions/s before the global limit | goals |\n|---|---|---|---|---|---|---|---|")
    for f in figures:
        print(f.row())
    print(f"all runs: {sum(f.limited for f in figures)} 429s; {capacity(counted, actions)} "
          f"({counted} counted requests for {actions} actions); bench {time.monotonic() - wall:.0f} s wall, "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu:.1f} s CPU of its own")


if __name__ == "__main__":
    main()

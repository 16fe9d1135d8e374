"""Does every game stay inside Discord's rate limits? The real bot (`python bot.py`) against the fake
Discord of the tests (tests/fakediscord, rate limits on), played by drivers that click what the
board and the private panels show, as people do.

    python -m bench.discord [--games dragon,bugs] [--paces human,bot] [--seconds 20]

Games, each at its largest table:
- Treasure of the Dragons, 5 players, turns: the player whose turn it is picks a card from the
  board's menus (or stops, or handles the spider). Its controls carry the board's version, so a
  player can only click once the board shows the last move: a lagging board slows the table.
- Bugs & Co, 8 players, real time: each player opens their private panel from the board and then
  grabs places and keeps (1 in 6) or puts back tiles on it, all at once; the board follows.
  (Its board is edited through the channel: every move is made on a private panel.)

Paces: human, one action per second per player (a turn game: the player on turn), and bot, five.
A driver waits for the answer to its click before the next (a person cannot click faster than
the panel redraws). Legal moves are read from the bot's database, read-only.

Prints per game and pace: actions applied (and the pace reached), 429s (goal 0), Discord
requests per action, split into channel-limited ones (message posts, edits and deletes: 5 per 5 s
per channel) and interaction responses (callbacks and webhook edits and follow-ups: the channel's
limit does not count them), with the median over 5-second slices (goal <= 1.0 channel request per
action); board lag from a click to the board message showing its move (p50/p99, goal p99 <= 2.5 s
at bot pace); and the global-limit estimate: requests counted by the 50/s global limit per action,
so how many actions per second the bot can serve in all before that limit binds. CPU seconds of
the bot beside wall time.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import resource
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.fakediscord import FakeDiscord, InteractionRecord
from tests.process.harness import Harness

PACES = {"human": 1.0, "bot": 5.0}  # actions per second per player
PLAYERS = {"dragon": 5, "bugs": 8}
SLICE = 5.0  # seconds per slice of the per-action request median
SETTLE = 5.0  # seconds after the last click for the boards to catch up before the counts close
STEP = 60.0  # upper bound of one wait for the bot (a busy machine slows the run; it does not end it)
FOOTER = re.compile(r"move (\d+)$")
CHANNEL_LIMITED = re.compile(r"^/channels/(\d+)/messages(/\d+)?$")
INTERACTION = re.compile(r"^/(interactions|webhooks)/")
GLOBAL_LIMIT = 50.0


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


class Db:
    """The bot's database, read-only, one connection per query."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def rows(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        with contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10)) as db:
            db.row_factory = sqlite3.Row
            return [dict(row) for row in db.execute(sql, params)]

    def session_in(self, channel_id: int) -> dict[str, Any] | None:
        rows = self.rows("SELECT * FROM sessions WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return rows[0] if rows else None

    def versions(self, interaction_ids: list[int]) -> dict[int, int]:
        """Interaction id -> the session version its action made (its event's seq, counted as versions are)."""
        found: dict[int, int] = {}
        for row in self.rows("SELECT e.interaction_id AS iid, e.seq AS seq, s.version - m.top AS offset"
                             " FROM events e JOIN sessions s ON s.id = e.session_id JOIN"
                             " (SELECT session_id, MAX(seq) AS top FROM events GROUP BY session_id) m"
                             " ON m.session_id = e.session_id WHERE e.interaction_id IS NOT NULL"):
            found[row["iid"]] = row["seq"] + row["offset"]
        wanted = set(interaction_ids)
        return {iid: v for iid, v in found.items() if iid in wanted}


# ------------------------------------------------------------------------------ one run


@dataclass
class Click:
    rec: InteractionRecord
    at: float


@dataclass
class Run:
    fake: FakeDiscord
    db: Db
    game: str
    pace: str
    channel_id: int
    users: list[int]
    rng: random.Random
    until: float = 0.0
    clicks: list[Click] = field(default_factory=list)

    @property
    def interval(self) -> float:
        return 1.0 / PACES[self.pace]

    async def click(self, user: int, message_id: int | str, custom_id: str, values: list[str] | None = None,
                    *, counted: bool = True) -> InteractionRecord:
        """Send a click or a pick, and wait for its answer."""
        if values is None:
            rec = await self.fake.click(user, message_id, custom_id, wait=False)
        else:
            rec = await self.fake.select(user, message_id, custom_id, values, wait=False)
        if counted:
            self.clicks.append(Click(rec, time.monotonic()))
        await self.fake.wait_for(lambda: rec.callback_type is not None, STEP)
        return rec

    def session(self) -> dict[str, Any] | None:
        return self.db.session_in(self.channel_id)

    def board_shows(self, version: int) -> bool:
        """Whether the table's board message shows this move (or a later one)."""
        session = self.session()
        return session is not None and board_shows(self.board(session), version)

    def board(self, session: dict[str, Any]) -> dict | None:
        if session["message_id"] is None:
            return None
        with contextlib.suppress(KeyError):
            return self.fake.message(session["message_id"])
        return None

    async def open_table(self) -> dict[str, Any]:
        """/play by the first user, the others join, the host starts; the session in play."""
        played = await self.fake.slash(self.users[0], "play", {"game": self.game}, channel_id=self.channel_id,
                                       timeout=STEP)
        assert played.message is not None, f"/play {self.game} opened no lobby"
        lobby = int(played.message["id"])
        for user in self.users[1:]:
            join = labelled(self.fake.message(lobby), "Join")
            assert join is not None, "the lobby has no Join button"
            await self.click(user, lobby, join["custom_id"])
        await self.fake.wait_for(lambda: (start := labelled(self.fake.message(lobby), "Start")) is not None
                                 and not start.get("disabled"), STEP)
        start = labelled(self.fake.message(lobby), "Start")
        assert start is not None, "the lobby has no Start button"
        await self.click(self.users[0], lobby, start["custom_id"])
        return await self.fake.wait_for(lambda: (s := self.session()) is not None and s["status"] == "playing" and s,
                                        STEP)

    async def close_table(self) -> None:
        session = self.session()
        if session is not None and session["status"] in ("lobby", "playing"):
            await self.fake.slash(self.users[0], "game", {}, subcommand="abort", channel_id=self.channel_id,
                                  timeout=STEP)


def labelled(message: dict | None, label: str, *, prefix: bool = False) -> dict | None:
    """The enabled button with this label (or a label starting with it)."""
    for comp in FakeDiscord.components(message or {}):
        text = comp.get("label") or ""
        if comp.get("type") == 2 and not comp.get("disabled") and (text.startswith(label) if prefix else text == label):
            return comp
    return None


def selects(message: dict | None) -> list[dict]:
    return [c for c in FakeDiscord.components(message or {}) if c.get("type") == 3 and not c.get("disabled")]


def board_shows(board: dict | None, version: int) -> bool:
    footer = ((board or {}).get("embeds") or [{}])[0].get("footer") or {}
    match = FOOTER.search(footer.get("text") or "")
    return match is not None and int(match[1]) >= version


# ------------------------------------------------------------------------------ the drivers


async def pause_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.monotonic()))


async def drive_dragon(run: Run) -> None:
    """The player on turn acts at the pace; a new game when one ends."""
    await run.open_table()
    next_at = time.monotonic()
    while time.monotonic() < run.until:
        found = run.session()
        session = found if found is not None and found["status"] == "playing" else await run.open_table()
        version = session["version"]
        try:  # the controls carry the version: only a board showing the last move can be clicked
            await run.fake.wait_for(lambda: run.board_shows(version), STEP)  # noqa: B023 - awaited here
        except TimeoutError:
            continue
        await pause_until(next_at)
        next_at = max(next_at + run.interval, time.monotonic())
        found = run.session()
        board = None if found is None else run.board(found)
        if found is None or found["status"] != "playing" or found["version"] != version or board is None:
            continue
        session = found
        state = json.loads(session["state"])
        user = json.loads(session["seats"])[state["flow"]["seats"][0]]  # whose turn (engine/flow.py)
        offered = [(menu, option["value"]) for menu in selects(board) for option in menu["options"]]
        leave, stop = labelled(board, "Leave the spider"), labelled(board, "Stop and collect")
        if state["phase"] == "spider" and leave is not None and (not offered or run.rng.random() < 0.5):
            await run.click(user, board["id"], leave["custom_id"])
        elif stop is not None and state["revealed"] and (len(state["revealed"]) >= 3 or run.rng.random() < 0.3):
            await run.click(user, board["id"], stop["custom_id"])
        elif offered:
            menu, value = run.rng.choice(offered)
            await run.click(user, board["id"], menu["custom_id"], [value])


async def drive_bugs(run: Run) -> None:
    """Every player at once: open the panel, then grab, keep or put back on it at the pace."""
    session = await run.open_table()
    opener = await run.fake.wait_for(lambda: labelled(run.board(run.session() or session), "Grab a tile"), STEP)
    board = run.board(run.session() or session)
    assert board is not None

    async def player(user: int) -> None:
        opened = await run.click(user, board["id"], opener["custom_id"], counted=False)
        assert opened.message is not None, "Grab a tile opened no panel"
        panel_id = opened.message["id"]
        next_at = time.monotonic() + run.rng.uniform(0.0, run.interval)
        while time.monotonic() < run.until:
            await pause_until(next_at)
            next_at = max(next_at + run.interval, time.monotonic())
            panel = run.fake.message(panel_id)
            keep, back = labelled(panel, "Keep it"), labelled(panel, "Put it back", prefix=True)
            grab = [(menu, option["value"]) for menu in selects(panel) for option in menu["options"]
                    if keep is None]
            if keep is not None and back is not None:
                await run.click(user, panel_id, (keep if run.rng.random() < 1 / 6 else back)["custom_id"])
            elif grab:
                menu, value = run.rng.choice(grab)
                await run.click(user, panel_id, menu["custom_id"], [value])
            else:
                return  # stopped, or the game is over

    await asyncio.gather(*(player(user) for user in run.users))


DRIVERS: dict[str, Callable[[Run], Awaitable[None]]] = {"dragon": drive_dragon, "bugs": drive_bugs}


# ------------------------------------------------------------------------------ figures


@dataclass
class Figures:
    game: str
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

    def line(self) -> str:
        per = max(self.actions, 1)
        lag = (f"p50 {pct(self.lags, 50):.2f} s, p99 {pct(self.lags, 99):.2f} s, max {max(self.lags):.2f} s"
               if self.lags else "none")
        median = statistics.median(self.slice_ratios) if self.slice_ratios else float("nan")
        return (f"{self.game:7} {self.pace:5} {PLAYERS[self.game]} players: {self.actions} actions in "
                f"{self.seconds:.0f} s ({self.actions / self.seconds:.1f}/s; {self.refused} clicks refused), "
                f"bot CPU {self.cpu:.1f} s\n"
                f"    429s: {self.limited}\n"
                f"    requests per action: {self.channel / per:.2f} channel-limited (median over {SLICE:g} s slices "
                f"{median:.2f}), {self.interaction / per:.2f} interaction responses, {self.other / per:.2f} other\n"
                f"    board lag: {lag} ({len(self.lags)} actions; {self.unshown} never shown)\n"
                f"    global limit: {self.counted_globally / per:.2f} counted requests per action -> "
                f"{capacity(self.counted_globally, self.actions)}")


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
            seconds: float, cpu: float) -> Figures:
    window = [r for r in requests if started <= r.at <= ended]
    channel = [r for r in window if r.method in ("POST", "PATCH", "DELETE") and CHANNEL_LIMITED.match(r.path)]
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
    return Figures(run.game, run.pace, seconds, cpu, len(applied), len(run.clicks) - len(applied),
                   sum(1 for hit in limited if started <= hit.get("at", started) <= ended),
                   len(channel), len(interaction), len(window) - len(channel) - len(interaction), len(counted),
                   ratios, lags, unshown)


# ------------------------------------------------------------------------------ main


async def bench(games: list[str], paces: list[str], seconds: float, seed: int) -> list[Figures]:
    out: list[Figures] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake, Harness(fake, Path(tmp)) as harness:
            fake.requests = Timed()
            shown = watch_boards(fake)
            limited_at = StampedList(fake.rate_limits.limited)
            fake.rate_limits.limited = limited_at
            for k in range(3, max(PLAYERS.values())):
                fake.add_user(f"player{k + 1}")
            names = ["alice", "bob", "carol"] + [f"player{k + 1}" for k in range(3, max(PLAYERS.values()))]
            users = [fake.user_id(name) for name in names]
            run_proc = await harness.start_connected()
            db = Db(harness.database)
            for game in games:
                for pace in paces:
                    channel = fake.add_channel(f"{game}-{pace}")
                    run = Run(fake, db, game, pace, channel, users[:PLAYERS[game]], random.Random(seed))
                    cpu0 = bot_cpu(run_proc.proc.pid)
                    started = time.monotonic()
                    run.until = started + seconds
                    await DRIVERS[game](run)
                    played = time.monotonic() - started
                    await asyncio.sleep(SETTLE)  # the last boards catch up
                    ended = time.monotonic()
                    cpu = bot_cpu(run_proc.proc.pid) - cpu0
                    figures = measure(run, fake.requests, limited_at, shown, started, ended, played, cpu)
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
    parser.add_argument("--games", default="dragon,bugs")
    parser.add_argument("--paces", default="human,bot")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play per game and pace")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    paces = [p for p in args.paces.split(",") if p]
    print(f"bench.discord: the bot as a process against the rate-limited fake Discord; {args.seconds:g} s of play "
          f"per game and pace (human: {PACES['human']:g}, bot: {PACES['bot']:g} actions/s per player); interaction "
          "responses count against neither a channel's limit nor the global one, as on Discord", flush=True)
    wall, cpu = time.monotonic(), resource.getrusage(resource.RUSAGE_SELF).ru_utime
    figures = asyncio.run(bench(games, paces, args.seconds, args.seed))
    actions = sum(f.actions for f in figures)
    counted = sum(f.counted_globally for f in figures)
    print(f"all runs: {sum(f.limited for f in figures)} 429s; {capacity(counted, actions)} "
          f"({counted} counted requests for {actions} actions); bench {time.monotonic() - wall:.0f} s wall, "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu:.1f} s CPU of its own")


if __name__ == "__main__":
    main()

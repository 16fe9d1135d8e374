"""The players of `bench.discord`: people at a table, as the fake Discord lets them act. Each clicks
only what a message shows (the board, their private panel), at a pace, and waits for the answer to
a click before the next (a person cannot click faster than the panel redraws). What to click is
read from the board and the panel as a person reads them; where a person would think about the
game (which meeple reaches a ghost), the rules are asked with the table's state, read-only from
the bot's database: the game's engine lists the legal moves, which is quick and picks only legal ones.

One driver per table kind, each at its largest table:
- Treasure of the Dragons (5, turns): the player on turn picks a card from the board's menus, stops,
  or handles the spider. Its controls carry the board's version, so a lagging board slows the table.
- Bugs & Co (8, real time): each player opens their panel once, then grabs, keeps (1 in 6) or puts
  back tiles on it, all at once; the board follows through the channel.
- Zap That Ghost (6, real time): the opening discard on a panel; in the race whoever holds a zap
  (a card matching a ghost that a meeple reaches in exactly the die's steps) presses that meeple,
  and zaps on their panel (card, tile, Zap!); a player without one now and then calls anyway and
  gives up; in the swap the others keep (or, 1 in 4, swap a card on a panel). A new board each round.
- Eye of the Tiger (solo): Buy… a card from the panel (confirming when it asks), or Fight… when the
  panel's first fight can be won (1 in 2), Keep all cards when the deck is used up; a new game when
  one ends. Its controls carry the version: the player waits for the board like Dragon's.
- Eye for an Eye (6, real time, and turn-based): each player opens their panel once and clicks what
  it offers enabled (the engine greys the rest): answer an attack with the most Parry, Ready, attack,
  heal when hurt, walk a step, Auto, roll, allocate; turn-based also Done, a turn-order marker and
  End turn. Pass is never pressed (it would end the round).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from cogs.arena.draft import CODES, STEPS
from engine.arena.actions import walk
from engine.arena.board import front_arc
from engine.arena.figures import standing
from engine.errors import RuleError
from engine.ghosts import reachable
from engine.greenbox import CARDS
from engine.hexgrid import distance
from tests.fakediscord import FakeDiscord, InteractionRecord
from tests.kit.read_only_db import ReadOnlyDb

PACES = {"human": 1.0, "bot": 5.0}  # actions per second per player
STEP = 60.0  # upper bound of one wait for the bot (a busy machine slows the run; it does not end it)
LOOK = 0.1  # seconds between looks at the table while a player has nothing to do
FOOTER_MOVE = "move "


@dataclass(frozen=True)
class Table:
    """A kind of table the bench plays: the game, its players and options, and how people play it."""

    game: str
    players: int
    options: str | None
    driver: Callable[[Run], Awaitable[None]]
    title: str


class Db(ReadOnlyDb):
    """The bot's database, read-only, one connection per query."""

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

    def kinds(self) -> dict[int, str]:
        """Interaction id -> the type of the action it made (for `--trace`)."""
        return {row["iid"]: json.loads(row["action"]).get("type", "?") for row in
                self.rows("SELECT interaction_id AS iid, action FROM events WHERE interaction_id IS NOT NULL")}


@dataclass
class Click:
    rec: InteractionRecord
    at: float
    meant: bool  # meant as a move (a click that only opens or changes a panel is not)


@dataclass
class Run:
    fake: FakeDiscord
    db: Db
    table: Table
    pace: str
    channel_id: int
    users: list[int]
    rng: random.Random
    until: float = 0.0
    clicks: list[Click] = field(default_factory=list)

    @property
    def interval(self) -> float:
        return 1.0 / PACES[self.pace]

    def playing(self) -> bool:
        return time.monotonic() < self.until

    async def click(self, user: int, message_id: int | str, custom_id: str, values: list[str] | None = None,
                    *, meant: bool | None = True) -> InteractionRecord:
        """Send a click or a pick, and wait for its answer. `meant` None: a move if it made one (a
        button that makes a move or only opens a view, as the engine allows)."""
        if values is None:
            rec = await self.fake.click(user, message_id, custom_id, wait=False)
        else:
            rec = await self.fake.select(user, message_id, custom_id, values, wait=False)
        click = Click(rec, time.monotonic(), meant is not False)
        self.clicks.append(click)
        await self.fake.wait_for(lambda: rec.callback_type is not None, STEP)
        if meant is None:  # the move, if any, was saved before the answer
            click.meant = bool(self.db.versions([rec.id]))
        return rec

    def unmeant(self, rec: InteractionRecord) -> None:
        """This click turned out to only change the panel."""
        for click in reversed(self.clicks):
            if click.rec is rec:
                click.meant = False
                return

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

    def message(self, message_id: int | str) -> dict | None:
        with contextlib.suppress(KeyError):
            return self.fake.message(message_id)
        return None

    async def open_table(self) -> dict[str, Any]:
        """/play by the first user, the others join, the host starts (a solo game starts at once);
        the session in play."""
        options = {"game": self.table.game} | ({"options": self.table.options} if self.table.options else {})
        played = await self.fake.slash(self.users[0], "play", options, channel_id=self.channel_id, timeout=STEP)
        assert played.message is not None, f"/play {self.table.game} opened no lobby"
        lobby = int(played.message["id"])
        if len(self.users) > 1:
            for user in self.users[1:]:
                join = labelled(self.fake.message(lobby), "Join")
                assert join is not None, "the lobby has no Join button"
                await self.click(user, lobby, join["custom_id"], meant=False)
            await self.fake.wait_for(lambda: (start := labelled(self.fake.message(lobby), "Start")) is not None
                                     and not start.get("disabled"), STEP)
            start = labelled(self.fake.message(lobby), "Start")
            assert start is not None, "the lobby has no Start button"
            await self.click(self.users[0], lobby, start["custom_id"], meant=False)
        return await self.fake.wait_for(lambda: (s := self.session()) is not None and s["status"] == "playing" and s,
                                        STEP)

    async def close_table(self) -> None:
        session = self.session()
        if session is not None and session["status"] in ("lobby", "playing"):
            await self.fake.slash(self.users[0], "game", {}, subcommand="abort", channel_id=self.channel_id,
                                  timeout=STEP)


def labelled(message: dict | None, label: str, *, prefix: bool = False, within: bool = False) -> dict | None:
    """The enabled button with this label (or a label starting with it, or holding it)."""
    for comp in FakeDiscord.components(message or {}):
        text = comp.get("label") or ""
        found = label in text if within else text.startswith(label) if prefix else text == label
        if comp.get("type") == 2 and not comp.get("disabled") and found:
            return comp
    return None


def selects(message: dict | None) -> list[dict]:
    return [c for c in FakeDiscord.components(message or {}) if c.get("type") == 3 and not c.get("disabled")]


def control(comp: dict) -> str:
    """What a panel control does, from its custom_id (`tt:<session>:<version>:<panel>:<control>~<draft>`)."""
    return comp["custom_id"].split(":", 4)[-1].partition("~")[0]


def controls(message: dict | None) -> dict[str, dict]:
    """The message's enabled controls by what they do."""
    return {control(c): c for c in FakeDiscord.components(message or {})
            if c.get("custom_id") and not c.get("disabled") and c.get("type") in (2, 3)}


def board_shows(board: dict | None, version: int) -> bool:
    footer = ((board or {}).get("embeds") or [{}])[0].get("footer") or {}
    text = footer.get("text") or ""
    at = text.rfind(FOOTER_MOVE)
    return at >= 0 and text[at + len(FOOTER_MOVE):].isdigit() and int(text[at + len(FOOTER_MOVE):]) >= version


async def pause_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.monotonic()))


async def playing_session(run: Run) -> dict[str, Any]:
    """The table's game in play: a new one (by the first player) once the last has ended."""
    found = run.session()
    return found if found is not None and found["status"] == "playing" else await run.open_table()


# ------------------------------------------------------------------------------ turn games, one click a move


async def drive_dragon(run: Run) -> None:
    """The player on turn acts at the pace; a new game when one ends."""
    await run.open_table()
    next_at = time.monotonic()
    while run.playing():
        session = await playing_session(run)
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


async def drive_tiger(run: Run) -> None:
    """One player: Buy…, Fight… or Keep all cards, each once the board shows the last move."""
    user = run.users[0]
    await run.open_table()
    next_at = time.monotonic()
    while run.playing():
        session = await playing_session(run)
        version = session["version"]
        try:  # the openers carry the version, as Dragon's menus do
            await run.fake.wait_for(lambda: run.board_shows(version), STEP)  # noqa: B023 - awaited here
        except TimeoutError:
            continue
        await pause_until(next_at)
        next_at = max(next_at + run.interval, time.monotonic())
        board = run.board(session)
        if board is None:
            continue
        keep, fight, buy = labelled(board, "Keep all cards"), labelled(board, "Fight…"), labelled(board, "Buy…")
        if keep is not None:
            await run.click(user, board["id"], keep["custom_id"])
        elif fight is not None and run.rng.random() < 0.5 and await tiger_fight(run, user, board, fight):
            continue
        elif buy is not None:
            await tiger_buy(run, user, board, buy)


async def tiger_fight(run: Run, user: int, board: dict, opener: dict) -> bool:
    """Open Fight…: confirm the fight the panel starts with, if it can be won; whether one was fought."""
    panel = (await run.click(user, board["id"], opener["custom_id"], meant=False)).message
    confirm = labelled(panel, "Confirm", prefix=True)
    if panel is None or confirm is None:
        return False
    await run.click(user, panel["id"], confirm["custom_id"])
    return True


async def tiger_buy(run: Run, user: int, board: dict, opener: dict) -> None:
    """Open Buy…, pick a card (bought at once), and confirm when the panel asks more."""
    panel = (await run.click(user, board["id"], opener["custom_id"], meant=False)).message
    cards = controls(panel).get("card")
    if panel is None or cards is None:
        return
    picked = await run.click(user, panel["id"], cards["custom_id"], [run.rng.choice(cards["options"])["value"]],
                             meant=None)  # a buy, unless the panel asks more
    confirm = labelled(run.message(panel["id"]), "Confirm:", prefix=True)
    if picked.callback_type is not None and confirm is not None:
        await run.click(user, panel["id"], confirm["custom_id"])


# ------------------------------------------------------------------------------ real-time games


async def drive_bugs(run: Run) -> None:
    """Every player at once: open the panel, then grab, keep or put back on it at the pace."""
    session = await run.open_table()
    opener = await run.fake.wait_for(lambda: labelled(run.board(run.session() or session), "Grab a tile"), STEP)
    board = run.board(run.session() or session)
    assert board is not None

    async def player(user: int) -> None:
        opened = await run.click(user, board["id"], opener["custom_id"], meant=False)
        assert opened.message is not None, "Grab a tile opened no panel"
        panel_id = opened.message["id"]
        next_at = time.monotonic() + run.rng.uniform(0.0, run.interval)
        while run.playing():
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


def ghost_zaps(state: dict[str, Any], seat: int) -> dict[str, list[tuple[int, list[int]]]]:
    """Per meeple, the seat's zaps (card, tile) this roll: a card matching the ghost on a tile
    the meeple ends on in exactly the die's steps."""
    found: dict[str, list[tuple[int, list[int]]]] = {}
    for meeple, start in state["meeples"].items():
        for r, c in reachable(start, state["die"] or 0):
            for card in state["hands"][seat]:
                if state["ghosts"][r][c] == CARDS[card].colour and state["symbols"][r][c] == CARDS[card].symbol:
                    found.setdefault(meeple, []).append((card, [r, c]))
    return found


async def drive_ghosts(run: Run) -> None:
    """Every player at once at the pace: the discard, the race with a zap in hand, the swap."""
    await run.open_table()

    async def player(seat: int, user: int) -> None:
        next_at = time.monotonic() + run.rng.uniform(0.0, run.interval)
        while run.playing():
            session = run.session()
            if session is None or session["status"] != "playing":
                if seat == 0:
                    await run.open_table()
                await asyncio.sleep(LOOK)
                continue
            state, board = json.loads(session["state"]), run.board(session)
            acted = board is not None and time.monotonic() >= next_at and await ghost_move(run, seat, user,
                                                                                           state, board)
            if acted:
                next_at = max(next_at + run.interval, time.monotonic())
            else:
                await asyncio.sleep(max(LOOK, min(next_at - time.monotonic(), run.interval)))

    await asyncio.gather(*(player(seat, user) for seat, user in enumerate(run.users)))


async def ghost_move(run: Run, seat: int, user: int, state: dict[str, Any], board: dict) -> bool:
    """This player's move now, if they have one; whether they clicked."""
    phase = state["phase"]
    if phase == "discard" and seat in state["discard_pending"]:
        panel = (await run.click(user, board["id"], labelled_id(board, "Discard 2"), meant=False)).message
        cards = controls(panel).get("cards")
        if panel is None or cards is None:
            return False
        values = run.rng.sample([o["value"] for o in cards["options"]], 2)
        await run.click(user, panel["id"], cards["custom_id"], values)
        return True
    if phase == "race":
        zaps = ghost_zaps(state, seat)
        if not zaps and run.rng.random() >= 0.05:
            return False  # nothing to zap: another player may have something
        meeple = run.rng.choice(sorted(zaps)) if zaps else run.rng.choice(sorted(state["meeples"]))
        call = labelled(board, meeple.capitalize())
        if call is None:
            return False
        called = await run.click(user, board["id"], call["custom_id"])
        await ghost_attempt(run, user, called, zaps.get(meeple, []))
        return True
    if phase == "swap" and seat != state["caller"] and seat not in state["swap_done"]:
        swap = labelled(board, "Swap a card")
        if swap is not None and run.rng.random() < 0.25:
            panel = (await run.click(user, board["id"], swap["custom_id"], meant=False)).message
            card = controls(panel).get("card")
            if panel is not None and card is not None:
                await run.click(user, panel["id"], card["custom_id"], [run.rng.choice(card["options"])["value"]])
                return True
        keep = labelled(board, "Keep my cards")
        if keep is not None:
            await run.click(user, board["id"], keep["custom_id"])
            return True
    return False


def labelled_id(message: dict | None, label: str) -> str:
    found = labelled(message, label)
    if found is None:
        raise LookupError(f"no enabled {label!r} button")
    return str(found["custom_id"])


async def ghost_attempt(run: Run, user: int, called: InteractionRecord, zaps: list[tuple[int, list[int]]]) -> None:
    """The caller's panel (sent after a won call): card, tile and Zap!, or Give up without a zap."""
    with contextlib.suppress(TimeoutError):
        await run.fake.wait_for(lambda: called.followup_ids, 5.0)
    if not called.followup_ids:
        return  # someone was faster
    panel_id = called.followup_ids[-1]
    if not zaps:
        give_up = labelled(run.message(panel_id), "Give up")
        if give_up is not None:
            await run.click(user, panel_id, give_up["custom_id"])
        return
    card, (r, c) = run.rng.choice(zaps)
    picks = [("card", str(card)), (f"tile{r // 3}", f"{r}-{c}")]
    for name, value in picks:
        menu = controls(run.message(panel_id)).get(name)
        if menu is None:
            return
        await run.click(user, panel_id, menu["custom_id"], [value], meant=False)
    zap = labelled(run.message(panel_id), "Zap!")
    if zap is not None:
        await run.click(user, panel_id, zap["custom_id"])


# Eye for an Eye: what a player clicks on their panel, first found first (controls the engine greys are disabled).
ARENA_MOVES = ("ready", "atk", "heal", "auto", "roll", "done", "end")
NOT_MOVES = {"ref", "qty", "ap", "info", "x", "back", "undo", "pass", "fire", "by", "flow", "pl"}


async def drive_arena(run: Run) -> None:
    """Every player opens their panel, then plays what it offers at the pace."""
    session = await run.open_table()
    opener = await run.fake.wait_for(lambda: labelled(run.board(run.session() or session), "Open my board",
                                                      within=True), STEP)
    board = run.board(run.session() or session)
    assert board is not None

    async def player(user: int) -> None:
        opened = await run.click(user, board["id"], opener["custom_id"], meant=False)
        assert opened.message is not None, "Open my board opened no panel"
        panel_id = opened.message["id"]
        next_at = time.monotonic() + run.rng.uniform(0.0, run.interval)
        idle_since = time.monotonic()
        while run.playing():
            await pause_until(next_at)
            if await arena_move(run, user, panel_id):
                next_at = max(next_at + run.interval, time.monotonic())
                idle_since = time.monotonic()
                continue
            if time.monotonic() - idle_since > 3.0 and (refresh := controls(run.message(panel_id)).get("ref")):
                await run.click(user, panel_id, refresh["custom_id"], meant=False)  # a person looks again
                idle_since = time.monotonic()
            await asyncio.sleep(LOOK)

    await asyncio.gather(*(player(user) for user in run.users))


async def arena_move(run: Run, user: int, panel_id: int) -> bool:
    """One move on the panel, if it offers one: the clicks it takes (a target, a step and Go) are made."""
    panel = run.message(panel_id)
    offered = controls(panel)
    parries = sorted((k for k in offered if k[:1] == "p" and k[1:].isdigit()), key=lambda k: int(k[1:]))
    markers = sorted(k for k in offered if k.startswith("mk"))
    if parries or "take" in offered:  # an attack waits on this player
        await run.click(user, panel_id, offered[parries[-1] if parries else "take"]["custom_id"])
        return True
    if markers:
        await run.click(user, panel_id, offered[markers[0]]["custom_id"])
        return True
    targets = [k for k in offered if k[:1] == "t" and k[1:2].isdigit()]
    if targets:  # the TARGET view, or a single target named on the Attack button
        await run.click(user, panel_id, offered[run.rng.choice(targets)]["custom_id"])
        return True
    if "who" in offered:
        await run.click(user, panel_id, offered["who"]["custom_id"], meant=False)
        return await arena_move(run, user, panel_id)
    if "mv" in offered and run.rng.random() < 0.3:
        await run.click(user, panel_id, offered["mv"]["custom_id"], meant=False)
        return await arena_walk(run, user, panel_id)
    steps = [k for k in offered if k[:1] == "s" and len(k) == 2]
    if steps:  # a MOVE view left open
        return await arena_walk(run, user, panel_id)
    for move in ARENA_MOVES:
        if move in offered and (move != "heal" or run.rng.random() < 0.5):
            await run.click(user, panel_id, offered[move]["custom_id"], meant=None if move == "done" else True)
            return True
    allocate = offered.get("al")
    if allocate is not None and allocate.get("options"):
        await run.click(user, panel_id, allocate["custom_id"], [run.rng.choice(allocate["options"])["value"]])
        return True
    return False


async def arena_walk(run: Run, user: int, panel_id: int) -> bool:
    """In the MOVE view: one step the engine allows, then Go if the path did not go by itself."""
    offered = controls(run.message(panel_id))
    steps = [k for k in offered if k[:1] == "s" and len(k) == 2]
    if not steps:
        if "x" in offered:
            await run.click(user, panel_id, offered["x"]["custom_id"], meant=False)
        return False
    stepped = await run.click(user, panel_id, offered[arena_step(run, user, steps)]["custom_id"])
    go = controls(run.message(panel_id)).get("go")
    if stepped.callback_type is not None and go is not None:
        run.unmeant(stepped)  # the step only queued: Go makes the move
        await run.click(user, panel_id, go["custom_id"])
    return True


def arena_step(run: Run, user: int, steps: list[str]) -> str:
    """The step (or turn) that brings a foe into the figure's front arc, else nearest to one: a player
    closes in to fight (random steps seldom meet anyone)."""
    session = run.session()
    if session is None:
        return run.rng.choice(steps)
    state, seats = json.loads(session["state"]), json.loads(session["seats"])
    seat = seats.index(user) if user in seats else None
    foes = [state["figures"][i]["hex"] for i in standing(state) if i != seat]
    if seat is None or not foes:
        return run.rng.choice(steps)

    def score(step: str) -> tuple[int, int, float]:
        try:
            at, facing = walk(state, seat, [STEPS[CODES.index(step[1:])]])
        except RuleError:
            return (2, 99, 0.0)
        facing_foe = any(foe in front_arc(at, facing) for foe in foes)
        return (0 if facing_foe else 1, min(distance(at, foe) for foe in foes), run.rng.random())

    return min(steps, key=score)


TABLES: dict[str, Table] = {t.title: t for t in (
    Table("dragon", 5, None, drive_dragon, "dragon"),
    Table("bugs", 8, None, drive_bugs, "bugs"),
    Table("ghosts", 6, None, drive_ghosts, "ghosts"),
    Table("tiger", 1, None, drive_tiger, "tiger"),
    Table("arena", 6, None, drive_arena, "arena"),
    Table("arena", 6, "turn_based", drive_arena, "arena-turns"),
)}

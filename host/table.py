"""The table service: every change to a session goes load -> check -> apply -> save, under lock.

- One asyncio lock per session (and per channel while a lobby opens), so clicks are serialised
  and a real-time race is decided by the order the table applies them.
- Every accepted change bumps the session version and appends to the event log in the same
  transaction that stores the new snapshot; the interaction id on the log row makes a retried
  delivery a no-op.
- Timers are stored deadlines; `fire_due` applies TIMEOUT (or expires a lobby) when they pass.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.errors import RuleError
from engine.protocol import LEAVE, TIMEOUT, Action, Event, Game, Outcome, canonical
from engine.replay import LoggedAction, replay

from . import ratings  # ratings and solo records, in the transaction that ends the game
from .errors import ChannelBusy, SessionNotFound, StaleAction, TableError
from .session import ABORTED, ACTIVE, FINISHED, LOBBY, PLAYING, Session
from .store import Store

log = logging.getLogger(__name__)
LOBBY_SECONDS = 30 * 60  # an idle lobby closes itself so the channel is free again
MAX_ECHO = 40  # a refusal quotes at most this much of what the player typed
MAX_ID = 2**63 - 1  # SQLite's largest integer
TIMEOUT_RETRY = 30.0  # seconds before a refused timeout is tried again


@dataclass
class Change:
    """What one accepted (or repeated) action did."""

    session: Session
    events: list[Event] = field(default_factory=list)
    duplicate: bool = False
    outcome: Outcome | None = None
    actor: int | None = None  # the user whose click or command made it; None for timers
    started: bool = False  # the lobby became a game

    @property
    def ended(self) -> bool:
        return self.session.status in (FINISHED, ABORTED)


Listener = Callable[[Change], Awaitable[None]]


class Table:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 lobby_seconds: float = LOBBY_SECONDS) -> None:
        self.store = store
        self.clock = clock
        self.lobby_seconds = lobby_seconds
        self._locks: dict[object, asyncio.Lock] = {}
        self.listeners: list[Listener] = []  # told of changes nobody clicked for (timers)
        self.wakeup = asyncio.Event()  # set when a deadline may have moved
        self._names_written: dict[int, str] = {}

    def _lock(self, key: object) -> asyncio.Lock:
        return self._locks.setdefault(key, asyncio.Lock())

    # ---------------------------------------------------------------- reading

    async def get(self, session_id: int) -> Session:
        if not 0 < session_id <= MAX_ID:  # a forged or garbled button; SQLite could not even look
            raise SessionNotFound("That game no longer exists.")
        row = await self.store.fetchone("SELECT * FROM sessions WHERE id = ?", (session_id,))
        if row is None:
            raise SessionNotFound("That game no longer exists.")
        return Session.from_row(row)

    async def active_in(self, channel_id: int) -> Session | None:
        row = await self.store.fetchone(
            "SELECT * FROM sessions WHERE channel_id = ? AND status IN (?, ?)", (channel_id, *ACTIVE))
        return None if row is None else Session.from_row(row)

    async def history(self, channel_id: int, limit: int = 10) -> list[tuple[Session, list[int]]]:
        """The last games played here (finished or aborted; not lobbies that never started), with winners."""
        rows = await self.store.fetchall(
            "SELECT s.*, (SELECT group_concat(r.user_id) FROM results r WHERE r.session_id = s.id AND r.won = 1)"
            " AS winners FROM sessions s WHERE s.channel_id = ? AND s.status IN (?, ?) AND s.started_at IS NOT NULL"
            " ORDER BY s.ended_at DESC, s.id DESC LIMIT ?", (channel_id, FINISHED, ABORTED, limit))
        return [(Session.from_row(row), [int(u) for u in (row["winners"] or "").split(",") if u]) for row in rows]

    async def remember_name(self, user_id: int, name: str) -> None:
        if self._names_written.get(user_id) == name:
            return  # one write per name change, not per click
        self._names_written[user_id] = name
        async with self.store.transaction() as conn:
            await conn.execute(
                "INSERT INTO players (user_id, name, seen_at) VALUES (?, ?, ?) ON CONFLICT (user_id)"
                " DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at", (user_id, name, self.clock()))

    async def names(self, user_ids: list[int]) -> list[str]:
        """Display names in the given order; a player never seen is 'Player N'."""
        marks = ",".join("?" * len(user_ids))
        rows = await self.store.fetchall(f"SELECT user_id, name FROM players WHERE user_id IN ({marks})", user_ids)
        known = {r["user_id"]: r["name"] for r in rows}
        return [known.get(u, f"Player {i + 1}") for i, u in enumerate(user_ids)]

    async def next_deadline(self) -> float | None:
        row = await self.store.fetchone("SELECT MIN(deadline) FROM sessions WHERE deadline IS NOT NULL")
        return None if row is None else row[0]

    async def log(self, session_id: int) -> list[LoggedAction]:
        rows = await self.store.fetchall(
            "SELECT seat, action, at FROM events WHERE session_id = ? AND kind = 'game' ORDER BY seq",
            (session_id,))
        return [LoggedAction(r["seat"], json.loads(r["action"]), r["at"]) for r in rows]

    async def replayed_state(self, session_id: int) -> dict[str, Any] | None:
        """The game rebuilt from seed and log; equal to the snapshot when all is well."""
        session = await self.get(session_id)
        if session.started_at is None:
            return None
        game = registry.get(session.game)
        return replay(game, len(session.seats), session.options, session.seed, session.started_at,
                      await self.log(session_id))

    # ---------------------------------------------------------------- lobby

    async def open(self, game_name: str, guild_id: int | None, channel_id: int, host_id: int,
                   interaction_id: int | None = None, turned_on: Iterable[str] = ()) -> Change:
        """A lobby with the host seated, `turned_on` options on; a solo game starts at once."""
        game = registry.get(game_name)
        options = {o.key: o.default for o in game.options}
        for key in turned_on:
            if key not in options:
                known = ", ".join(o.key for o in game.options) or "none"
                shown = key if len(key) <= MAX_ECHO else key[:MAX_ECHO] + "..."
                raise TableError(f"{game.title} has no such option: '{shown}'. Its options: {known}.")
            options[key] = True
        async with self._lock(("channel", channel_id)):
            if interaction_id is not None and (done := await self._handled(interaction_id)):
                return Change(done, duplicate=True)
            busy = await self.active_in(channel_id)
            if busy is not None:
                raise ChannelBusy("A game is already running in this channel.", busy)
            now = self.clock()
            async with self.store.transaction() as conn:
                cursor = await conn.execute(
                    "INSERT INTO sessions (guild_id, channel_id, game, status, host_id, seats, options, seed,"
                    " deadline, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, game.name, LOBBY, host_id, json.dumps([host_id]),
                     json.dumps(options), secrets.randbits(62), now + self.lobby_seconds, now))
                session_id = cursor.lastrowid
                await self._log(conn, session_id, 0, "lobby", host_id, 0, {"type": "open"}, now, interaction_id)
        self.wakeup.set()
        if game.max_players == 1:
            return await self.start(session_id, host_id, None)
        return Change(await self.get(session_id))

    async def join(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            if user_id in session.seats:
                raise TableError("You already have a seat at this table.")
            if len(session.seats) >= game.max_players:
                raise TableError(f"The table is full ({game.max_players} players).")
            session.seats.append(user_id)
            session.deadline = self.clock() + self.lobby_seconds
            return "join"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def leave(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        """Leave a lobby; leaving a game in play is the game's LEAVE action."""
        session = await self.get(session_id)
        if session.status == PLAYING:
            return await self.act(session_id, user_id, dict(LEAVE), interaction_id)

        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            if user_id not in session.seats:
                raise TableError("You are not seated at this table.")
            session.seats.remove(user_id)
            if not session.seats:
                self._end(session, ABORTED, "Everybody left the lobby.")
            elif user_id == session.host_id:
                session.host_id = session.seats[0]
                session.add_news([f"<@{user_id}> left; <@{session.host_id}> is the host now."])
            return "leave"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def toggle_option(self, session_id: int, user_id: int, key: str,
                            interaction_id: int | None = None) -> Change:
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            self._require_host(session, user_id, "change the options")
            if key not in session.options:
                raise TableError("This game has no such option.")
            session.options[key] = not session.options[key]
            return "option"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def cancel(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        def change(session: Session, game: Game) -> str:
            self._require_lobby(session)
            self._require_host(session, user_id, "cancel the lobby")
            self._end(session, ABORTED, "The host cancelled the lobby.")
            return "cancel"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def start(self, session_id: int, user_id: int, interaction_id: int | None = None) -> Change:
        def change(session: Session, game: Game) -> str:
            if session.status == PLAYING:
                raise TableError("The game has already started.")
            self._require_lobby(session)
            self._require_host(session, user_id, "start the game")
            if len(session.seats) < game.min_players:
                raise TableError(f"{game.title} needs at least {game.min_players} players.")
            now = self.clock()
            session.state = game.setup(len(session.seats), session.options, session.seed, now)
            session.status, session.started_at = PLAYING, now
            session.deadline = game.next_deadline(session.state)
            session.add_news([f"{game.title} begins."])
            return "start"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def abort(self, session_id: int, user_id: int, may_manage: bool,
                    interaction_id: int | None = None) -> Change:
        """The host, or someone allowed to manage the channel, ends the game; no results count."""
        def change(session: Session, game: Game) -> str:
            if not session.active:
                raise TableError("That game has already ended.")
            if user_id != session.host_id and not may_manage:
                raise TableError("Only the host or someone who can manage this channel can end the game.")
            self._end(session, ABORTED, "The game was ended early; no results were recorded.")
            return "abort"
        return await self._lobby_change(session_id, user_id, interaction_id, change)

    async def set_ping(self, session_id: int, message_id: int | None, pinged: list[int]) -> None:
        """Remember the message that pinged `pinged` (not a game change: the version stays)."""
        async with self.store.transaction() as conn:
            await conn.execute("UPDATE sessions SET ping_message_id = ?, pinged = ? WHERE id = ?",
                               (message_id, json.dumps(pinged), session_id))

    async def set_message(self, session_id: int, message_id: int, board_key: str | None, shown_version: int) -> None:
        """Remember where the board now lives and which version it shows (not a game change)."""
        async with self.store.transaction() as conn:
            await conn.execute("UPDATE sessions SET message_id = ?, board_key = ?, shown_version = ? WHERE id = ?",
                               (message_id, board_key, shown_version, session_id))

    async def set_shown(self, session_id: int, shown_version: int) -> None:
        async with self.store.transaction() as conn:
            await conn.execute("UPDATE sessions SET shown_version = max(shown_version, ?) WHERE id = ?",
                               (shown_version, session_id))

    async def boards_behind(self, ended_within: float = 24 * 3600) -> list[Session]:
        """Sessions whose board message is missing or older than the session: active ones, and
        ones that ended lately (the crash came between the last move and its announcement)."""
        rows = await self.store.fetchall(
            "SELECT * FROM sessions WHERE (status IN (?, ?) AND (message_id IS NULL OR shown_version < version))"
            " OR (status IN (?, ?) AND started_at IS NOT NULL AND message_id IS NOT NULL"
            " AND shown_version < version AND ended_at > ?) ORDER BY id",
            (*ACTIVE, FINISHED, ABORTED, self.clock() - ended_within))
        return [Session.from_row(row) for row in rows]

    # ---------------------------------------------------------------- play

    async def act(self, session_id: int, user_id: int | None, action: Action,
                  interaction_id: int | None = None, expected_version: int | None = None) -> Change:
        """Apply one game action for `user_id` (None: the table itself)."""
        async with self._lock(session_id):
            if interaction_id is not None and (done := await self._handled(interaction_id)):
                return Change(done, duplicate=True)
            session = await self.get(session_id)
            if session.status != PLAYING:
                raise TableError("That game is not being played any more." if session.status != LOBBY
                                 else "The game has not started yet.")
            seat = None if user_id is None else session.seat_of(user_id)
            if user_id is not None and seat is None:
                raise TableError("You are watching this game: only seated players can act.")
            if expected_version is not None and expected_version != session.version:
                raise StaleAction("That board is out of date; here is the current one.", session)
            return await self._apply(session, user_id, seat, action, interaction_id)

    async def fire_due(self) -> list[Change]:
        """Apply every deadline that has passed; tell the listeners what changed."""
        now = self.clock()
        rows = await self.store.fetchall(
            "SELECT id FROM sessions WHERE deadline IS NOT NULL AND deadline <= ? ORDER BY deadline", (now,))
        changes = []
        for row in rows:
            change = await self._fire(row["id"])
            if change is not None:
                changes.append(change)
                for listener in list(self.listeners):
                    await listener(change)
        return changes

    async def _fire(self, session_id: int) -> Change | None:
        async with self._lock(session_id):
            session = await self.get(session_id)
            now = self.clock()
            if session.deadline is None or session.deadline > now:
                return None  # someone acted first and moved the timer
            if session.status == LOBBY:
                game = registry.get(session.game)
                self._end(session, ABORTED, "The lobby closed: nobody started the game in time.")
                await self._save(session, game, "lobby", None, None, {"type": "expire"}, None)
                return Change(session)
            if session.status == PLAYING:
                try:
                    return await self._apply(session, None, None, dict(TIMEOUT), None)
                except RuleError as refused:
                    # Try again at the game's own deadline, and soon at the latest: a refusal
                    # must never stop a game's timers for good.
                    retry = now + TIMEOUT_RETRY
                    game_deadline = registry.get(session.game).next_deadline(session.state)
                    if game_deadline is not None and now < game_deadline < retry:
                        retry = game_deadline
                    log.warning("session %s refused its timeout (%s); trying again at %.0f", session_id, refused, retry)
                    await self._save_deadline(session_id, retry)
                    return None
            await self._save_deadline(session_id, None)
            return None

    # ---------------------------------------------------------------- internals

    async def _apply(self, session: Session, user_id: int | None, seat: int | None,
                     action: Action, interaction_id: int | None) -> Change:
        game = registry.get(session.game)
        now = self.clock()
        try:
            new_state, events = game.apply(session.state, seat, action, now)
        except RuleError as refused:  # nothing changed; say it with the players' names
            raise RuleError(session.name_seats(str(refused))) from None
        session.state = new_state
        session.deadline = game.next_deadline(new_state)
        session.add_news([e.text for e in events if e.private_to is None])
        outcome = game.outcome(new_state)
        if outcome is not None:
            self._end(session, FINISHED, outcome.summary)
        await self._save(session, game, "game", user_id, seat, action, interaction_id, now, outcome)
        return Change(session, events, outcome=outcome, actor=user_id)

    async def _lobby_change(self, session_id: int, user_id: int, interaction_id: int | None,
                            change: Callable[[Session, Game], str]) -> Change:
        async with self._lock(session_id):
            if interaction_id is not None and (done := await self._handled(interaction_id)):
                return Change(done, duplicate=True)
            session = await self.get(session_id)
            game = registry.get(session.game)
            kind = change(session, game)
            seat = session.seat_of(user_id)
            await self._save(session, game, "lobby", user_id, seat, {"type": kind}, interaction_id)
            return Change(session, actor=user_id, started=kind == "start")

    async def _save(self, session: Session, game: Game, kind: str, user_id: int | None, seat: int | None,
                    action: Action, interaction_id: int | None, now: float | None = None,
                    outcome: Outcome | None = None) -> None:
        now = self.clock() if now is None else now
        async with self.store.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE sessions SET status = ?, host_id = ?, seats = ?, options = ?, state = ?, version = version + 1,"
                " deadline = ?, news = ?, started_at = ?, ended_at = ?, summary = ? WHERE id = ? AND version = ?",
                (session.status, session.host_id, json.dumps(session.seats), json.dumps(session.options),
                 None if session.state is None else canonical(session.state), session.deadline,
                 json.dumps(session.news), session.started_at, session.ended_at, session.summary,
                 session.id, session.version))
            if cursor.rowcount != 1:
                raise RuntimeError(f"session {session.id} changed outside its lock")
            session.version += 1
            async with conn.execute("SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE session_id = ?",
                                    (session.id,)) as cursor:
                (next_seq,) = await cursor.fetchone()
            await self._log(conn, session.id, next_seq, kind, user_id, seat, action, now, interaction_id)
            if outcome is not None:
                await self._record_results(conn, session, game, outcome, now)
        self.wakeup.set()

    @staticmethod
    async def _log(conn: Any, session_id: int, seq: int, kind: str, user_id: int | None, seat: int | None,
                   action: Action, now: float, interaction_id: int | None) -> None:
        await conn.execute(
            "INSERT INTO events (session_id, seq, kind, user_id, seat, action, at, interaction_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (session_id, seq, kind, user_id, seat, canonical(action), now, interaction_id))

    @staticmethod
    async def _record_results(conn: Any, session: Session, game: Game, outcome: Outcome, now: float) -> None:
        winners = set(outcome.winners())
        for seat, user_id in enumerate(session.seats):
            await conn.execute(
                "INSERT INTO results (session_id, user_id, guild_id, game, seat, rank, score, won, players,"
                " margin, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (session.id, user_id, session.guild_id, game.name, seat, outcome.ranks[seat],
                 outcome.scores[seat], int(seat in winners), len(session.seats), outcome.margin, now))
        await ratings.record_finished(conn, session, game, outcome, now)

    async def _save_deadline(self, session_id: int, deadline: float | None) -> None:
        async with self.store.transaction() as conn:
            await conn.execute("UPDATE sessions SET deadline = ? WHERE id = ?", (deadline, session_id))

    async def _handled(self, interaction_id: int) -> Session | None:
        row = await self.store.fetchone("SELECT session_id FROM events WHERE interaction_id = ?", (interaction_id,))
        return None if row is None else await self.get(row["session_id"])

    def _end(self, session: Session, status: str, summary: str) -> None:
        """Close the session; the summary joins the news unless an event already said it."""
        summary = session.name_seats(summary)
        session.status, session.summary = status, summary
        session.ended_at, session.deadline = self.clock(), None
        if not any(summary in line for line in session.news):
            session.add_news([summary])

    @staticmethod
    def _require_lobby(session: Session) -> None:
        if session.status == PLAYING:
            raise TableError("The game has already started.")
        if session.status != LOBBY:
            raise TableError("This lobby is closed.")

    @staticmethod
    def _require_host(session: Session, user_id: int, what: str) -> None:
        if user_id != session.host_id:
            raise TableError(f"Only the host can {what}.")


__all__ = ["Change", "Table", "TableError", "RuleError", "LOBBY_SECONDS"]

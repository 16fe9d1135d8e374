"""Every SQL statement about sessions, their event log and their players, in one place.

The table decides; this module only reads and writes rows. A move is saved by `save` in one
transaction (one trip to SQLite's database thread): the session row, guarded by its version,
and the log row, whose unique interaction id turns a retried delivery into `Duplicate`.
"""
from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from engine.protocol import ActionLike, canonical

from .session import ABORTED, ACTIVE, FINISHED, Session, summary_stored
from .shards import ALL_SHARDS, Shards
from .store import Store, Tx, UniqueViolation


class Duplicate(Exception):
    """This interaction was saved before (a double click or a retried delivery)."""


@dataclass(frozen=True)
class LogRow:
    """One accepted change, as the event log keeps it."""

    kind: str  # "lobby" or "game"
    user_id: int | None
    seat: int | None
    action: ActionLike
    at: float
    interaction_id: int | None


_UPDATE = ("UPDATE sessions SET status = ?, host_id = ?, seats = ?, options = ?, picks = ?, state = ?,"
           " version = version + 1, deadline = ?, news = ?, started_at = ?, ended_at = ?, summary = ?, minds = ?,"
           " language = ?"
           " WHERE id = ? AND version = ?")
_LOG = ("INSERT INTO events (session_id, seq, kind, user_id, seat, action, at, interaction_id)"
        " VALUES (?, (SELECT COALESCE(MAX(seq), -1) + 1 FROM events WHERE session_id = ?), ?, ?, ?, ?, ?, ?)")


Marks = dict[int, tuple[int, int | None, list[int]]]  # session id -> (shown version, ping message, pinged)
_MARKS = ("UPDATE sessions SET shown_version = CASE WHEN shown_version > ? THEN shown_version ELSE ? END,"
          " ping_message_id = ?, pinged = ? WHERE id = ?")


def _marks_params(marks: Marks) -> list[tuple[Any, ...]]:
    return [(shown, shown, ping, json.dumps(pinged), session_id)
            for session_id, (shown, ping, pinged) in marks.items()]


def _log_params(session_id: int, row: LogRow) -> tuple[Any, ...]:
    return (session_id, session_id, row.kind, row.user_id, row.seat, canonical(row.action), row.at, row.interaction_id)


def canonical_list(items: list[dict[str, Any]]) -> str:
    return json.dumps(items, sort_keys=True, separators=(",", ":"))


def _is_repeat(error: UniqueViolation) -> bool:
    return "interaction_id" in str(error)


class SessionRows:
    """The rows of the sessions this process owns: those of its shards (host/shards.py)."""

    def __init__(self, store: Store, shards: Shards = ALL_SHARDS) -> None:
        self.store = store
        self.mine = shards.sql("guild_id")  # an SQL condition: the session is on one of our shards

    # ------------------------------------------------------------ reading

    async def load(self, session_id: int) -> Session | None:
        row = await self.store.fetchone("SELECT * FROM sessions WHERE id = ?", (session_id,))
        return None if row is None else Session.from_row(row)

    async def active_in(self, channel_id: int) -> Session | None:
        row = await self.store.fetchone(
            "SELECT * FROM sessions WHERE channel_id = ? AND status IN (?, ?)", (channel_id, *ACTIVE))
        return None if row is None else Session.from_row(row)

    async def handled(self, interaction_id: int | None) -> int | None:
        """The session an interaction was saved for, if it was (no interaction: a timer, never saved)."""
        if interaction_id is None:
            return None
        row = await self.store.fetchone("SELECT session_id FROM events WHERE interaction_id = ?", (interaction_id,))
        return None if row is None else row["session_id"]

    async def history(self, channel_id: int, limit: int) -> list[tuple[Session, list[int]]]:
        """The last games played here (finished or aborted; not lobbies that never started), with winners."""
        rows = await self.store.fetchall(
            "SELECT * FROM sessions WHERE channel_id = ? AND status IN (?, ?) AND started_at IS NOT NULL"
            " ORDER BY ended_at DESC, id DESC LIMIT ?", (channel_id, FINISHED, ABORTED, limit))
        sessions = [Session.from_row(row) for row in rows]
        winners: dict[int, list[int]] = {session.id: [] for session in sessions}
        if winners:
            marks = ",".join("?" * len(winners))
            for row in await self.store.fetchall(
                    f"SELECT session_id, user_id FROM results WHERE won = 1 AND session_id IN ({marks})"
                    " ORDER BY session_id, rank, seat", list(winners)):
                winners[row["session_id"]].append(row["user_id"])
        return [(session, winners[session.id]) for session in sessions]

    async def standings(self, session_id: int) -> list[tuple[int, int, float]]:
        """(rank, user id, score) of a finished game, best first."""
        rows = await self.store.fetchall(
            "SELECT user_id, rank, score FROM results WHERE session_id = ? ORDER BY rank, seat", (session_id,))
        return [(r["rank"], r["user_id"], r["score"]) for r in rows]

    async def boards_behind(self, ended_since: float) -> list[Session]:
        """Sessions whose board message is missing or older than the session: active ones, and
        ones that ended since `ended_since` (a crash between the last move and its announcement)."""
        rows = await self.store.fetchall(
            "SELECT * FROM sessions WHERE ((status IN (?, ?) AND (message_id IS NULL OR shown_version < version))"
            " OR (status IN (?, ?) AND started_at IS NOT NULL AND message_id IS NOT NULL"
            f" AND shown_version < version AND ended_at > ?)) AND {self.mine} ORDER BY id",
            (*ACTIVE, FINISHED, ABORTED, ended_since))
        return [Session.from_row(row) for row in rows]

    async def count_open(self) -> int:
        """Lobbies and games being played, on this process's shards."""
        return int(await self.store.value(
            f"SELECT COUNT(*) FROM sessions WHERE status IN (?, ?) AND {self.mine}", ACTIVE))

    async def next_deadline(self) -> float | None:
        deadline: float | None = await self.store.value(
            f"SELECT MIN(deadline) FROM sessions WHERE deadline IS NOT NULL AND {self.mine}")
        return deadline

    async def log(self, session_id: int) -> list[Any]:
        return await self.store.fetchall(
            "SELECT seat, action, at FROM events WHERE session_id = ? AND kind = 'game' ORDER BY seq", (session_id,))

    async def names(self, user_ids: list[int]) -> dict[int, str]:
        marks = ",".join("?" * len(user_ids))
        rows = await self.store.fetchall(f"SELECT user_id, name FROM players WHERE user_id IN ({marks})", user_ids)
        return {r["user_id"]: r["name"] for r in rows}

    # ------------------------------------------------------------ writing

    async def create(self, session: Session, opened: LogRow) -> int:
        """Insert a new lobby and its first log row; returns the session id."""
        async def work(tx: Tx) -> int:
            session_id = int(await tx.value(
                "INSERT INTO sessions (guild_id, channel_id, game, status, host_id, seats, options, picks, seed,"
                " deadline, news, created_at, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (session.guild_id, session.channel_id, session.game, session.status, session.host_id,
                 json.dumps(session.seats), json.dumps(session.options), json.dumps(session.picks),
                 session.seed, session.deadline, json.dumps(session.news), session.created_at, session.language)))
            await self._insert_log(tx, session_id, opened)
            return session_id
        return await self.store.write(work)

    async def save(self, session: Session, change: LogRow, finish: Callable[[Tx], Awaitable[None]] | None = None,
                   marks: Marks | None = None) -> None:
        """Store `session` (whose `version` is the one it was loaded at) and log `change`.

        Raises Duplicate when the interaction was saved before; `finish`, if given, is run in the
        same transaction (results and ratings of a game that just ended); `marks`, pending board
        bookkeeping of any sessions, are written in the same trip.
        """
        params = (session.status, session.host_id, json.dumps(session.seats), json.dumps(session.options),
                  json.dumps(session.picks), None if session.state is None else canonical(session.state),
                  session.deadline, json.dumps(session.news), session.started_at, session.ended_at,
                  summary_stored(session.summary),
                  canonical_list(session.minds), session.language, session.id, session.version)

        async def work(tx: Tx) -> None:
            self._update(await tx.execute(_UPDATE, params), session.id)
            await self._insert_log(tx, session.id, change)
            if finish is not None:
                await finish(tx)
            if marks:
                await tx.executemany(_MARKS, _marks_params(marks))
        await self.store.write(work)

    async def set_message(self, session_id: int, message_id: int, board_key: str | None, shown_version: int) -> None:
        await self.store.write(lambda tx: tx.execute(
            "UPDATE sessions SET message_id = ?, board_key = ?, shown_version = ? WHERE id = ?",
            (message_id, board_key, shown_version, session_id)))

    async def set_marks(self, marks: Marks) -> None:
        """Record what each board message shows and its ping, many sessions in one hop."""
        await self.store.write(lambda tx: tx.executemany(_MARKS, _marks_params(marks)))

    async def set_minds(self, session_id: int, minds: list[dict[str, Any]], deadline: float | None) -> None:
        """A computer's plan changed with no move (it found nothing to do, or took its seat back):
        not a game change, so the version stays."""
        await self.store.write(lambda tx: tx.execute(
            "UPDATE sessions SET minds = ?, deadline = ? WHERE id = ?", (canonical_list(minds), deadline, session_id)))

    async def set_deadline(self, session_id: int, deadline: float | None) -> None:
        await self.store.write(lambda tx: tx.execute(
            "UPDATE sessions SET deadline = ? WHERE id = ?", (deadline, session_id)))

    async def remember_name(self, user_id: int, name: str, now: float) -> None:
        await self.store.write(lambda tx: tx.execute(
            "INSERT INTO players (user_id, name, seen_at) VALUES (?, ?, ?) ON CONFLICT (user_id)"
            " DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at", (user_id, name, now)))

    # ------------------------------------------------------------ internals

    @staticmethod
    def _update(rowcount: int, session_id: int) -> None:
        if rowcount != 1:
            raise RuntimeError(f"session {session_id} changed outside its lock")

    @staticmethod
    async def _insert_log(tx: Tx, session_id: int, row: LogRow) -> None:
        try:
            await tx.execute(_LOG, _log_params(session_id, row))
        except UniqueViolation as error:
            if _is_repeat(error):
                raise Duplicate() from error
            raise

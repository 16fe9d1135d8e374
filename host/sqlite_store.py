"""The SQLite backend: one file, WAL, one write transaction at a time, the default.

A change runs in one trip to aiosqlite's database thread: the `Tx` given to the work answers
at once (its methods are coroutines that never suspend), so the work's coroutine is driven to
its end right there, however many statements it runs. Awaiting each statement instead would be
a hop to the thread and back per statement.
"""
from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Coroutine, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from .store import (
    BUSY_MS,
    MIGRATIONS_DIR,
    DatabaseFault,
    Store,
    StoreError,
    UniqueViolation,
    Work,
    first_column,
    read_migrations,
)

T = TypeVar("T")


def fault_cause(error: sqlite3.Error) -> str:
    """The cause of a database failure, in words for a log line and a player."""
    text = str(error).lower()
    causes = (("locked", "the database is busy (locked by another program)"),
              ("busy", "the database is busy (locked by another program)"),
              ("readonly", "the database file is read-only"), ("read-only", "the database file is read-only"),
              ("full", "the disk is full"), ("disk i/o", "a disk I/O error"),
              ("malformed", "the database file is damaged"), ("unable to open", "the database file cannot be opened"))
    return next((cause for key, cause in causes if key in text), f"database error: {error}")


def translated(error: sqlite3.Error) -> DatabaseFault:
    if isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error):
        return UniqueViolation(str(error))
    return DatabaseFault(fault_cause(error))


def run_at_once(awaitable: Awaitable[T]) -> T:
    """The result of a coroutine that never suspends; one that does is a mistake, refused."""
    coroutine = cast(Coroutine[Any, Any, T], awaitable)
    try:
        coroutine.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coroutine.close()
    raise RuntimeError("a database change awaited something other than its transaction")


class SqliteTx:
    """The transaction's statements, run in the database thread."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        try:
            return self.conn.execute(sql, tuple(params)).rowcount
        except sqlite3.Error as error:
            raise translated(error) from error

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            self.conn.executemany(sql, rows)
        except sqlite3.Error as error:
            raise translated(error) from error

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any:
        try:
            return self.conn.execute(sql, tuple(params)).fetchone()
        except sqlite3.Error as error:
            raise translated(error) from error

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        try:
            return self.conn.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error as error:
            raise translated(error) from error

    async def value(self, sql: str, params: Iterable[Any] = ()) -> Any:
        return first_column(await self.fetchone(sql, params), sql)

    async def serialise(self, topic: str) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file against other writers."""


class SqliteReads:
    """Reading rows through one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any:
        try:
            async with self.conn.execute(sql, tuple(params)) as cursor:
                return await cursor.fetchone()
        except sqlite3.Error as error:
            raise translated(error) from error

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        try:
            async with self.conn.execute(sql, tuple(params)) as cursor:
                return list(await cursor.fetchall())
        except sqlite3.Error as error:
            raise translated(error) from error

    async def value(self, sql: str, params: Iterable[Any] = ()) -> Any:
        return first_column(await self.fetchone(sql, params), sql)


class SqliteStore(SqliteReads, Store):
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str = ":memory:") -> None:
        super().__init__(conn)
        self.path = path
        self._write_lock = asyncio.Lock()
        self.closed = False
        # Long reads (leaderboards, /stats) go through their own read-only connection: WAL lets
        # them run beside the writes, so a board of many players never holds up a move's save.
        self.reads = self

    @classmethod
    async def open(cls, path: str | Path, migrations: Path = MIGRATIONS_DIR,
                   busy_ms: int = BUSY_MS) -> SqliteStore:
        files = read_migrations(migrations)
        try:
            if str(path) != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"cannot open the database {path}: {error}") from None
        conn.row_factory = aiosqlite.Row
        store = cls(conn, str(path))
        try:
            for pragma in (f"busy_timeout = {busy_ms}", "journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON"):
                await conn.execute_fetchall(f"PRAGMA {pragma}")  # read to the end so no statement stays open
            await store.migrate(files)
            await store.set_meta("opened_at", str(time.time()))  # a write now: a locked or read-only file is found at start
        except (sqlite3.Error, DatabaseFault) as error:
            await conn.close()
            cause = fault_cause(error) if isinstance(error, sqlite3.Error) else str(error)
            raise StoreError(f"cannot use the database {path}: {cause}") from None
        except BaseException:
            await conn.close()
            raise
        if str(path) != ":memory:":  # a memory database is one connection's alone
            reader = await aiosqlite.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
            reader.row_factory = aiosqlite.Row
            await reader.execute(f"PRAGMA busy_timeout = {busy_ms}")
            store.reads = SqliteReads(reader)
        return store

    async def close(self) -> None:
        self.closed = True
        if isinstance(self.reads, SqliteReads) and self.reads is not self:
            await self.reads.conn.close()
        await self.conn.close()

    async def schema_version(self) -> int:
        return int(await self.value("PRAGMA user_version"))

    async def migrate(self, files: list[tuple[int, Path, str]]) -> None:
        """Apply the migrations newer than the schema, each in one transaction with its version."""
        current = await self.schema_version()
        for number, path, text in files:
            if number <= current:
                continue
            script = f"BEGIN;\n{text}\nPRAGMA user_version = {number};\nCOMMIT;"
            try:
                await self.conn.executescript(script)
            except sqlite3.Error as error:
                if self.conn.in_transaction:
                    await self.conn.execute("ROLLBACK")
                raise StoreError(f"migration {path.name} failed ({error}); the database stays at version "
                                 f"{current}") from None
            current = number

    async def write(self, work: Work[T]) -> T:
        """aiosqlite has no public call that runs a function in its thread, so this uses its
        `_execute`, the one every public method goes through."""
        async with self._write_lock:
            return await self.conn._execute(self._transact, work)

    def _transact(self, work: Work[T]) -> T:
        raw = self.conn._conn  # the sqlite3 connection, used only from aiosqlite's thread
        try:
            raw.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise translated(error) from error
        try:
            result = run_at_once(work(SqliteTx(raw)))
            raw.execute("COMMIT")
        except BaseException as error:
            raw.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise translated(error) from error
            raise
        return result

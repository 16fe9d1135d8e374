"""The SQLite connection: migrations at start-up, WAL, and one write transaction at a time.

Migrations are the numbered files in migrations/ (0001_name.sql, ...), applied in order, each
in one transaction that also sets `PRAGMA user_version`, so a crash mid-migration leaves the
database at the previous version.
"""
from __future__ import annotations

import asyncio
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_-]+\.sql$")
# A migration runs inside the transaction the store opens for it; one that ends or opens a
# transaction of its own would be applied in part.
_TRANSACTION_CONTROL = re.compile(r"^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b", re.IGNORECASE)


T = TypeVar("T")
BUSY_MS = 5000  # how long a statement waits for another program's lock before it fails


class StoreError(RuntimeError):
    """The database cannot be used; the message says why in one line."""


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    """The numbered migrations in order; any other file there is a mistake, refused by name."""
    found = []
    for path in sorted(directory.iterdir()):
        if path.name.startswith((".", "__")):
            continue  # hidden files and caches are not meant as migrations
        match = _MIGRATION_NAME.match(path.name)
        if not match:
            raise StoreError(f"{path.name} in {directory} is not a migration: name migrations like 0004_what_it_does.sql")
        found.append((int(match.group(1)), path))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise StoreError(f"migrations must be numbered 0001 upwards without gaps or repeats, found {numbers}")
    return found


def statements(script: str) -> list[str]:
    """The complete SQL statements of a script (a trigger's body stays inside its statement)."""
    found, pending = [], ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            found.append(pending)
            pending = ""
    return found


def _without_comments(sql: str) -> str:
    return re.sub(r"--[^\n]*|/\*.*?\*/", " ", sql, flags=re.DOTALL)


def check_migration(path: Path, script: str) -> None:
    """Refuse a migration that controls transactions itself (it would be applied in part)."""
    for statement in statements(script):
        if match := _TRANSACTION_CONTROL.match(_without_comments(statement)):
            raise StoreError(f"migration {path.name} contains its own {match.group(1).upper()}: remove it, "
                             "each migration already runs in one transaction")


def fault_cause(error: sqlite3.Error) -> str:
    """The cause of a database failure, in words for a log line and a player."""
    text = str(error).lower()
    causes = (("locked", "the database is busy (locked by another program)"),
              ("busy", "the database is busy (locked by another program)"),
              ("readonly", "the database file is read-only"), ("read-only", "the database file is read-only"),
              ("full", "the disk is full"), ("disk i/o", "a disk I/O error"),
              ("malformed", "the database file is damaged"), ("unable to open", "the database file cannot be opened"))
    return next((cause for key, cause in causes if key in text), f"database error: {error}")


class Queries:
    """Reading rows through one connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, tuple(params)) as cursor:
            return await cursor.fetchone()

    async def value(self, sql: str, params: Iterable[Any] = ()) -> Any:
        """The first column of the row a query always returns (a count, a sum, a pragma)."""
        row = await self.fetchone(sql, params)
        if row is None:
            raise StoreError(f"expected a row from: {sql}")
        return row[0]

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())


class Store(Queries):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__(conn)
        self._write_lock = asyncio.Lock()
        self.closed = False
        # Long reads (leaderboards, /stats) go through their own read-only connection: WAL lets
        # them run beside the writes, so a board of many players never holds up a move's save.
        self.reads: Queries = self

    @classmethod
    async def open(cls, path: str | Path, migrations: Path = MIGRATIONS_DIR, busy_ms: int = BUSY_MS) -> Store:
        """Open (creating) the database and bring its schema up to date; StoreError says why not."""
        files = [(number, file, file.read_text()) for number, file in migration_files(migrations)]
        for _, file, script in files:
            check_migration(file, script)
        try:
            if str(path) != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(f"cannot open the database {path}: {error}") from None
        conn.row_factory = aiosqlite.Row
        store = cls(conn)
        try:
            for pragma in (f"busy_timeout = {busy_ms}", "journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON"):
                await store.fetchall(f"PRAGMA {pragma}")  # read to the end so no statement stays open
            await store.migrate(files)
            await store.set_meta("opened_at", str(time.time()))  # a write now: a locked or read-only file is found at start
        except sqlite3.Error as error:
            await conn.close()
            raise StoreError(f"cannot use the database {path}: {fault_cause(error)}") from None
        except BaseException:
            await conn.close()
            raise
        if str(path) != ":memory:":  # a memory database is one connection's alone
            reader = await aiosqlite.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
            reader.row_factory = aiosqlite.Row
            await reader.execute(f"PRAGMA busy_timeout = {busy_ms}")
            store.reads = Queries(reader)
        return store

    async def close(self) -> None:
        self.closed = True
        if self.reads is not self:
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

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` in one transaction in one trip to the database thread.

        A move is several statements; awaiting each is a hop to aiosqlite's thread and back.
        aiosqlite has no public call that runs a function in its thread, so this uses its
        `_execute`, the one every public method goes through.
        """
        async with self._write_lock:
            return await self.conn._execute(self._transact, work)

    def _transact(self, work: Callable[[sqlite3.Connection], T]) -> T:
        raw = self.conn._conn  # the sqlite3 connection, used only from aiosqlite's thread
        raw.execute("BEGIN IMMEDIATE")
        try:
            result = work(raw)
        except BaseException:
            raw.execute("ROLLBACK")
            raise
        raw.execute("COMMIT")
        return result

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One writer at a time on the shared connection; commit on success, roll back on error."""
        async with self._write_lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

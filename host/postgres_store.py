"""The PostgreSQL backend (asyncpg): one database shared by every bot process.

Statements are written with SQLite's `?` placeholders and numbered (`$1`, `$2`...) here, once per
statement text. The schema version lives in `schema_version`; migrations run under an advisory
lock, so processes started together apply each one once.

Writes of different sessions run side by side on the pool (each session is changed by one process,
under its lock); rows that many sessions share (ratings, records, standings) are read and written
under `Tx.serialise`, a transaction-scoped advisory lock, so two games finishing at once in two
processes both count.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from .store import (
    MIGRATIONS_DIR,
    DatabaseFault,
    Store,
    StoreError,
    UniqueViolation,
    Work,
    first_column,
    migration_files,
    read_migrations,
)

T = TypeVar("T")
POSTGRES_MIGRATIONS = "postgresql"  # the folder inside migrations/ with this dialect's files
POOL_SIZE = 8
# Advisory locks are the server's, not a schema's: their keys name the schema, so two bots (or two
# test runs) in different schemas of one database never wait for each other.
ADVISORY_KEY = "hashtextextended(current_schema() || ':' || ?, 0)"


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`?` placeholders as `$1, $2, ...` (a `?` inside a quoted string stays)."""
    out, n, quote = [], 0, ""
    for char in sql:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(char)
    return "".join(out)


def fault_cause(error: BaseException) -> str:
    """The cause of a PostgreSQL failure, in words for a log line and a player."""
    if isinstance(error, (OSError, asyncpg.InterfaceError, asyncpg.ConnectionDoesNotExistError)):
        return "the database server cannot be reached"
    if isinstance(error, asyncpg.DiskFullError):
        return "the database server's disk is full"
    if isinstance(error, asyncpg.ReadOnlySQLTransactionError):
        return "the database is read-only"
    if isinstance(error, (asyncpg.DeadlockDetectedError, asyncpg.LockNotAvailableError)):
        return "the database is busy"
    return f"database error: {error}"


def translated(error: BaseException) -> DatabaseFault:
    if isinstance(error, asyncpg.UniqueViolationError):
        return UniqueViolation(f"{error} ({error.constraint_name})")
    return DatabaseFault(fault_cause(error))


FAULTS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)
_RETRYABLE = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
RETRIES = 3


def _changed(status: str) -> int:
    """Rows changed, from a command status such as 'UPDATE 1' or 'INSERT 0 3'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PgQueries:
    """Statements on one connection (a transaction's) or on any of the pool's."""

    def __init__(self, conn: asyncpg.Connection | asyncpg.Pool) -> None:
        self.conn = conn

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any:
        try:
            return await self.conn.fetchrow(numbered(sql), *params)
        except FAULTS as error:
            raise translated(error) from error

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        try:
            return list(await self.conn.fetch(numbered(sql), *params))
        except FAULTS as error:
            raise translated(error) from error

    async def value(self, sql: str, params: Iterable[Any] = ()) -> Any:
        return first_column(await self.fetchone(sql, params), sql)


class PgTx(PgQueries):
    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        try:
            return _changed(await self.conn.execute(numbered(sql), *params))
        except FAULTS as error:
            raise translated(error) from error

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(numbered(sql), [tuple(row) for row in rows])
        except FAULTS as error:
            raise translated(error) from error

    async def serialise(self, topic: str) -> None:
        await self.execute(f"SELECT pg_advisory_xact_lock({ADVISORY_KEY})", (topic,))


class PostgresStore(PgQueries, Store):
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        super().__init__(pool)
        self.pool = pool
        self.closed = False
        self.reads = self  # every connection reads a snapshot: a long read never waits for a write

    @classmethod
    async def open(cls, url: str, migrations: Path = MIGRATIONS_DIR) -> PostgresStore:
        files = read_migrations(migrations / POSTGRES_MIGRATIONS)
        if [number for number, _, _ in files] != [number for number, _ in migration_files(migrations)]:
            raise StoreError(f"{migrations / POSTGRES_MIGRATIONS} must hold a file for every migration in {migrations}")
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
            raise StoreError(f"cannot open the database {_safe(url)}: {fault_cause(error)} ({error})") from None
        store = cls(pool)
        try:
            await store.migrate(files)
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        self.closed = True
        await self.pool.close()

    async def schema_version(self) -> int:
        return int(await self.value("SELECT COALESCE(MAX(version), 0) FROM schema_version"))

    async def migrate(self, files: list[tuple[int, Path, str]]) -> None:
        """Apply the migrations newer than the schema, each in one transaction with its version."""
        async with self.pool.acquire() as conn:
            await conn.execute(f"SELECT pg_advisory_lock({numbered(ADVISORY_KEY)})", "migrations")
            try:
                await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
                for number, path, text in files:
                    if number <= current:
                        continue
                    try:
                        async with conn.transaction():
                            await conn.execute(text)
                            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                    except asyncpg.PostgresError as error:
                        raise StoreError(f"migration {path.name} failed ({error}); the database stays at version "
                                         f"{current}") from None
                    current = number
            finally:
                await conn.execute(f"SELECT pg_advisory_unlock({numbered(ADVISORY_KEY)})", "migrations")

    async def write(self, work: Work[T]) -> T:
        """A transaction the server chose to break (a deadlock between processes) is run again: it
        kept nothing, and `work` only builds statements from values it was given."""
        for attempt in range(RETRIES + 1):
            try:
                async with self.pool.acquire() as conn, conn.transaction():
                    return await work(PgTx(conn))
            except DatabaseFault as fault:
                if not isinstance(fault.__cause__, _RETRYABLE) or attempt == RETRIES:
                    raise
            except FAULTS as error:
                raise translated(error) from error
        raise AssertionError("unreachable")


def _safe(url: str) -> str:
    """The address without its password, for a message."""
    return _PASSWORD.sub(r"\1***@", url)


_PASSWORD = re.compile(r"(://[^:/@]+:)[^@]*@")

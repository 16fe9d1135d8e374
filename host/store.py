"""The database behind the table: what every backend offers, and which one a setting picks.

`TABLETOP_DATABASE` is a file path (SQLite, the default: nothing to install) or a
`postgresql://` address (several bot processes sharing one database). Both speak the same
SQL (the portable subset: `?` placeholders, `ON CONFLICT`, `RETURNING`, `CASE` instead of
scalar `max`), so the modules that read and write rows never ask which one they talk to.

A change is `await store.write(work)`: `work` is an async function of a `Tx` that runs in one
transaction, committed when it returns and rolled back when it raises. Reads outside a change
go through `store` itself; long reads (leaderboards, /stats) through `store.reads`, which never
waits for a write.

Migrations are the numbered files in migrations/ (0001_name.sql, ...), applied in order, each
in one transaction with the schema version, so a crash mid-migration leaves the previous version.
PostgreSQL's types and triggers differ from SQLite's, so each number has a PostgreSQL file of the
same name in migrations/postgresql/; a test builds both from zero and compares the schemas.
"""
from __future__ import annotations

import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_-]+\.sql$")
# A migration runs inside the transaction the store opens for it; one that ends or opens a
# transaction of its own would be applied in part.
_TRANSACTION_CONTROL = re.compile(r"^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b", re.IGNORECASE)

_DOLLAR_QUOTED = re.compile(r"\$(\w*)\$.*?\$\1\$", re.DOTALL)

T = TypeVar("T")
BUSY_MS = 5000  # how long a statement waits for another program's lock before it fails


class StoreError(RuntimeError):
    """The database cannot be used; the message says why in one line."""


class DatabaseFault(RuntimeError):
    """A statement failed (busy, disk full, connection lost...): the message says why, in words
    for a log line and a player. Nothing of the change it belonged to was kept."""


class UniqueViolation(DatabaseFault):
    """A row would repeat a unique key; the message names the constraint or its columns."""


class Queries(Protocol):
    """Reading rows."""

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any: ...

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]: ...

    async def value(self, sql: str, params: Iterable[Any] = ()) -> Any:
        """The first column of the row a query always returns (a count, a sum)."""


class Tx(Queries, Protocol):
    """One transaction: reads see its own writes."""

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def serialise(self, topic: str) -> None:
        """Hold `topic` until this transaction ends: every other transaction that asks for it, in
        any process, waits (read-modify-writes of shared rows such as ratings)."""


Work = Callable[[Tx], Awaitable[T]]


def first_column(row: Any, sql: str) -> Any:
    if row is None:
        raise StoreError(f"expected a row from: {sql}")
    return row[0]


def is_postgres(database: str | Path) -> bool:
    return str(database).startswith(("postgresql://", "postgres://"))


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    """The numbered migrations in order; any other file there is a mistake, refused by name."""
    found = []
    for path in sorted(directory.iterdir()):
        if path.name.startswith((".", "__")) or path.is_dir():
            continue  # hidden files, caches and the other dialect's folder are not meant as migrations
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
    """Refuse a migration that controls transactions itself (it would be applied in part). A
    PostgreSQL function's body ($$...$$) is code run later, not a statement of the migration."""
    for statement in statements(_DOLLAR_QUOTED.sub("''", script)):
        if match := _TRANSACTION_CONTROL.match(_without_comments(statement)):
            raise StoreError(f"migration {path.name} contains its own {match.group(1).upper()}: remove it, "
                             "each migration already runs in one transaction")


def read_migrations(directory: Path) -> list[tuple[int, Path, str]]:
    files = [(number, file, file.read_text()) for number, file in migration_files(directory)]
    for _, file, script in files:
        check_migration(file, script)
    return files


class Store(ABC):
    """A database with the schema of migrations/, whichever backend holds it (host/databases.py
    opens the one a setting names)."""

    dialect: str  # "sqlite" or "postgresql"
    closed: bool = False
    reads: Queries  # a connection for long reads that never waits for (nor holds up) a write

    @abstractmethod
    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any: ...

    @abstractmethod
    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]: ...

    async def value(self, sql: str, params: Iterable[Any] = ()) -> Any:
        return first_column(await self.fetchone(sql, params), sql)

    @abstractmethod
    async def write(self, work: Work[T]) -> T:
        """Run `work` in one transaction: committed when it returns, rolled back when it raises."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def close(self) -> None: ...

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_meta(self, key: str, value: str) -> None:
        await self.write(lambda tx: tx.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value)))

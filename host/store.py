"""The SQLite connection: migrations at start-up, WAL, and one write transaction at a time.

Migrations are the numbered files in migrations/ (0001_name.sql, ...), applied in order, each
in one transaction that also sets `PRAGMA user_version`, so a crash mid-migration leaves the
database at the previous version.
"""
from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[\w-]+\.sql$")


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[tuple[int, Path]]:
    found = []
    for path in directory.iterdir():
        match = _MIGRATION_NAME.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    found.sort()
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 0001 upwards without gaps, found {numbers}")
    return found


class Store:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, migrations: Path = MIGRATIONS_DIR) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        store = cls(conn)
        try:
            for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON", "busy_timeout = 5000"):
                await store.fetchall(f"PRAGMA {pragma}")  # read to the end so no statement stays open
            await store.migrate(migrations)
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        await self.conn.close()

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0])

    async def migrate(self, directory: Path = MIGRATIONS_DIR) -> None:
        current = await self.schema_version()
        for number, path in migration_files(directory):
            if number <= current:
                continue
            script = f"BEGIN;\n{path.read_text()}\nPRAGMA user_version = {number};\nCOMMIT;"
            try:
                await self.conn.executescript(script)
            except Exception:
                if self.conn.in_transaction:
                    await self.conn.execute("ROLLBACK")
                raise

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

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, tuple(params)) as cursor:
            return await cursor.fetchone()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else row["value"]

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

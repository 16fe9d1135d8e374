"""Open the store a setting names: a `postgresql://` address or an SQLite file (the default)."""
from __future__ import annotations

from pathlib import Path

from .sqlite_store import SqliteStore
from .store import BUSY_MS, MIGRATIONS_DIR, Store, is_postgres


async def open_store(database: str | Path, migrations: Path = MIGRATIONS_DIR, busy_ms: int = BUSY_MS) -> Store:
    """Open (creating) the database and bring its schema up to date; StoreError says why not."""
    if is_postgres(database):
        from .postgres_store import PostgresStore  # asyncpg is imported only by those who use it
        return await PostgresStore.open(str(database), migrations)
    return await SqliteStore.open(database, migrations, busy_ms)

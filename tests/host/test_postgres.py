"""PostgreSQL beside SQLite: the same schema from the migrations, and shared rows that stay right
when several bot processes finish games at the same moment."""
from __future__ import annotations

import asyncio

import pytest

from host.databases import open_store
from host.store import MIGRATIONS_DIR, Store, StoreError, migration_files
from host.table import Table
from tests.kit.databases import postgres_schema
from tests.kit.ratings_play import ANN, BOB, CAT, DAN, play_tally

TYPES = {"integer": "integer", "bigint": "integer", "real": "real", "double precision": "real", "text": "text"}


async def sqlite_schema(store: Store) -> dict[str, object]:
    tables = [r["name"] for r in await store.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    columns = {}
    for table in tables:
        for c in await store.fetchall(f"PRAGMA table_info({table})"):
            columns[table, c["name"]] = (TYPES[c["type"].lower()], bool(c["notnull"] or c["pk"]), c["pk"] > 0)
    indexes = {(r["tbl_name"], r["name"]) for r in await store.fetchall(
        "SELECT tbl_name, name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}
    return {"columns": columns, "indexes": indexes}


async def postgres_schema_of(store: Store) -> dict[str, object]:
    columns = {}
    for c in await store.fetchall(
            "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable,"
            " EXISTS (SELECT 1 FROM information_schema.key_column_usage k JOIN information_schema.table_constraints t"
            "  ON t.constraint_name = k.constraint_name AND t.table_schema = k.table_schema"
            "  WHERE t.constraint_type = 'PRIMARY KEY' AND k.table_schema = c.table_schema"
            "  AND k.table_name = c.table_name AND k.column_name = c.column_name) AS pk"
            " FROM information_schema.columns c WHERE c.table_schema = current_schema()"
            " AND c.table_name <> 'schema_version'"):
        columns[c["table_name"], c["column_name"]] = (TYPES[c["data_type"]], c["is_nullable"] == "NO", c["pk"])
    indexes = {(r["tablename"], r["indexname"]) for r in await store.fetchall(
        "SELECT tablename, indexname FROM pg_indexes WHERE schemaname = current_schema()"
        " AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'")}
    return {"columns": columns, "indexes": indexes}


async def test_the_migrations_build_the_same_schema_on_both_backends(tmp_path):
    sqlite = await open_store(tmp_path / "db.sqlite3")
    try:
        expected = await sqlite_schema(sqlite)
    finally:
        await sqlite.close()
    async with postgres_schema() as address:
        postgres = await open_store(address)
        try:
            assert await postgres.schema_version() == len(migration_files())
            found = await postgres_schema_of(postgres)
        finally:
            await postgres.close()
    assert found["columns"] == expected["columns"]
    assert found["indexes"] == expected["indexes"]


async def test_a_failing_postgres_migration_leaves_the_previous_version(tmp_path):
    folder = tmp_path / "migrations"
    (folder / "postgresql").mkdir(parents=True)
    for name, text in (("0001_init.sql", None), ("0002_broken.sql", "CREATE TABLE extra (x INTEGER);\nNOT SQL;")):
        for dialect in (folder, folder / "postgresql"):
            source = MIGRATIONS_DIR if dialect == folder else MIGRATIONS_DIR / "postgresql"
            (dialect / name).write_text(text if text is not None else (source / name).read_text())
    async with postgres_schema() as address:
        with pytest.raises(StoreError, match="0002_broken.sql failed"):
            await open_store(address, migrations=folder)
        (folder / "0002_broken.sql").unlink()
        (folder / "postgresql" / "0002_broken.sql").unlink()
        store = await open_store(address, migrations=folder)
        try:
            assert await store.schema_version() == 1
            assert await store.fetchone("SELECT 1 FROM information_schema.tables WHERE table_name = 'extra'"
                                        " AND table_schema = current_schema()") is None
        finally:
            await store.close()


async def test_games_finished_at_once_by_two_processes_all_count_in_ratings(clock):
    """Two bot processes (two stores on one database) finish games of the same four players at the
    same moment: every game is rated once, and each rating starts from the one before it."""
    async with postgres_schema() as address:
        first, second = await open_store(address), await open_store(address)
        try:
            tables = [Table(first, clock=clock), Table(second, clock=clock)]
            pairs = [[ANN, BOB], [CAT, DAN], [BOB, CAT], [DAN, ANN]]
            await asyncio.gather(*(
                play_tally(tables[n % 2], pairs[n % 4], pairs[n % 4][n % 2], guild=100 + n, channel=200 + n)
                for n in range(16)))
            games = {r["user_id"]: r["games"] for r in await first.fetchall(
                "SELECT user_id, games FROM ratings WHERE game = 'tally'")}
            assert games == {ANN: 8, BOB: 8, CAT: 8, DAN: 8}
            for user in (ANN, BOB, CAT, DAN):
                history = await first.fetchall(
                    "SELECT rating_before, rating FROM rating_history WHERE user_id = ? ORDER BY at, session_id",
                    (user,))
                chain = {(round(r["rating_before"], 9), round(r["rating"], 9)) for r in history}
                befores = {b for b, _ in chain}
                afters = {a for _, a in chain}
                assert len(befores - afters) == 1, f"player {user}: every rating but the first follows another"
            final = await first.value("SELECT rating FROM ratings WHERE user_id = ?", (ANN,))
            assert final == pytest.approx(1500 + await first.value(
                "SELECT SUM(delta) FROM rating_history WHERE user_id = ?", (ANN,)))
        finally:
            await first.close()
            await second.close()

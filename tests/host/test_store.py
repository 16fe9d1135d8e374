"""Migrations and the store's transactions."""
from __future__ import annotations

import asyncio
import contextlib
import sqlite3

import pytest

from host.databases import open_store
from host.sessions import SessionRows
from host.store import MIGRATIONS_DIR, migration_files


async def test_migrations_build_the_schema_from_an_empty_database(tmp_path):
    store = await open_store(tmp_path / "new" / "db.sqlite3")
    try:
        assert await store.schema_version() == len(migration_files())
        tables = {r["name"] for r in await store.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"sessions", "events", "results", "meta"} <= tables
        mode = await store.fetchone("PRAGMA journal_mode")
        assert mode[0] == "wal"
    finally:
        await store.close()


async def test_migrations_are_applied_once(tmp_path):
    path = tmp_path / "db.sqlite3"
    store = await open_store(path)
    await store.set_meta("k", "v")
    await store.close()
    again = await open_store(path)  # re-running must not fail on existing tables nor lose data
    try:
        assert await again.get_meta("k") == "v"
    finally:
        await again.close()


async def test_a_failing_migration_leaves_the_previous_version(tmp_path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_init.sql").write_text((MIGRATIONS_DIR / "0001_init.sql").read_text())
    (folder / "0002_broken.sql").write_text("CREATE TABLE extra (x INTEGER);\nTHIS IS NOT SQL;")
    with pytest.raises(Exception):
        await open_store(tmp_path / "db.sqlite3", migrations=folder)
    with contextlib.closing(sqlite3.connect(tmp_path / "db.sqlite3")) as db:  # look without migrating
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'extra'").fetchone() is None


def test_migration_numbers_must_have_no_gaps(tmp_path):
    (tmp_path / "0001_a.sql").write_text("")
    (tmp_path / "0003_c.sql").write_text("")
    with pytest.raises(RuntimeError, match="without gaps"):
        migration_files(tmp_path)


async def test_a_failed_transaction_is_rolled_back(store):
    async def insert_then_fail(tx):
        await tx.execute("INSERT INTO meta (key, value) VALUES ('a', 'b')")
        1 / 0
    with pytest.raises(ZeroDivisionError):
        await store.write(insert_then_fail)
    assert await store.get_meta("a") is None


async def test_a_lobby_saved_before_lobby_choices_loads_with_no_picks(tmp_path):
    """0004 adds the picks column: a session stored by an older version reads as 'nobody picked'."""
    older = tmp_path / "older"
    older.mkdir()
    for _, path in migration_files()[:3]:
        (older / path.name).write_text(path.read_text())
    database = tmp_path / "db.sqlite3"
    store = await open_store(database, migrations=older)
    await store.write(lambda conn: conn.execute(
        "INSERT INTO sessions (channel_id, game, status, host_id, seats, seed, created_at)"
        " VALUES (20, 'arena', 'lobby', 1, '[1]', 7, 0)"))
    await store.close()
    store = await open_store(database)
    try:
        session = await SessionRows(store).load(1)
        assert session is not None and session.picks == {} and session.setup_options() == session.options
    finally:
        await store.close()


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_long_reads_have_their_own_connection_beside_a_write_under_way(store):
    """Leaderboards and /stats read through `store.reads`: a write transaction in progress does not
    hold them up, and they see only what is committed."""
    assert store.reads is not store and store.reads.conn is not store.conn
    writer = sqlite3.connect(store.path, isolation_level=None)  # another writer, holding the file's write lock
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("INSERT INTO players (user_id, name, seen_at) VALUES (1, 'Ann', 0)")
        assert await store.reads.value("SELECT COUNT(*) FROM players") == 0, "not committed yet"
        writer.execute("COMMIT")
    finally:
        writer.close()
    assert await store.reads.value("SELECT COUNT(*) FROM players") == 1


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
async def test_postgres_reads_see_only_committed_rows_beside_a_write_under_way(store):
    """On PostgreSQL every connection reads a snapshot: a write under way holds no read up."""
    inserted, release = asyncio.Event(), asyncio.Event()

    async def slow_write(tx):
        await tx.execute("INSERT INTO players (user_id, name, seen_at) VALUES (1, 'Ann', 0)")
        inserted.set()
        await release.wait()
    writing = asyncio.create_task(store.write(slow_write))
    await asyncio.wait_for(inserted.wait(), 60)
    assert await store.reads.value("SELECT COUNT(*) FROM players") == 0, "not committed yet"
    release.set()
    await writing
    assert await store.reads.value("SELECT COUNT(*) FROM players") == 1

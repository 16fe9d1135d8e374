"""Faults are explained, never "something went wrong": the database, migrations, timers, ids, logs."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3

import asyncpg
import pytest

from engine import registry
from engine.errors import RuleError
from host.databases import open_store
from host.errors import SessionNotFound
from host.postgres_store import PgTx
from host.sqlite_store import SqliteTx
from host.store import StoreError, migration_files
from tests.cogs.discord_helpers import message_in


def copy_migrations(folder, *extra: tuple[str, str]):
    folder.mkdir()
    for _, path in migration_files():
        (folder / path.name).write_text(path.read_text())
    for name, text in extra:
        (folder / name).write_text(text)
    return folder


async def test_a_misnamed_file_in_migrations_is_refused_by_name(tmp_path):
    folder = copy_migrations(tmp_path / "migrations", ("4_more.sql", "CREATE TABLE extra (x INTEGER);"))
    with pytest.raises(StoreError, match="4_more.sql .* is not a migration"):
        await open_store(tmp_path / "db.sqlite3", migrations=folder)


async def test_a_migration_with_its_own_commit_is_refused_before_anything_is_applied(tmp_path):
    number = len(migration_files()) + 1
    folder = copy_migrations(tmp_path / "migrations", (
        f"{number:04d}_sneaky.sql", "CREATE TABLE extra (x INTEGER);\nCOMMIT;\nCREATE TABLE other (y INTEGER);"))
    with pytest.raises(StoreError, match="contains its own COMMIT"):
        await open_store(tmp_path / "db.sqlite3", migrations=folder)
    assert not (tmp_path / "db.sqlite3").exists(), "nothing may be applied, not even the earlier migrations"


async def test_a_trigger_body_with_begin_and_end_is_a_fine_migration(tmp_path):
    number = len(migration_files()) + 1
    trigger = ("CREATE TABLE audit (key TEXT);\n"
               "CREATE TRIGGER meta_audit AFTER INSERT ON meta BEGIN INSERT INTO audit VALUES (new.key); END;")
    folder = copy_migrations(tmp_path / "migrations", (f"{number:04d}_audit.sql", trigger))
    store = await open_store(tmp_path / "db.sqlite3", migrations=folder)
    try:
        await store.set_meta("k", "v")
        assert "k" in [row["key"] for row in await store.fetchall("SELECT key FROM audit")]
    finally:
        await store.close()


async def test_a_broken_migration_is_one_readable_error_naming_the_file(tmp_path):
    number = len(migration_files()) + 1
    folder = copy_migrations(tmp_path / "migrations", (f"{number:04d}_broken.sql", "THIS IS NOT SQL;"))
    with pytest.raises(StoreError, match=rf"migration {number:04d}_broken.sql failed .* stays at version {number - 1}"):
        await open_store(tmp_path / "db.sqlite3", migrations=folder)


async def test_a_database_locked_by_another_program_is_explained(tmp_path):
    path = tmp_path / "db.sqlite3"
    await (await open_store(path)).close()
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as other:
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StoreError, match="database is busy"):
            store = await open_store(path, busy_ms=50)
            await store.close()


async def test_session_ids_beyond_sqlite_integers_are_no_such_game(table):
    for forged in (2**63, 2**64 + 5, 0):
        with pytest.raises(SessionNotFound, match="no longer exists"):
            await table.get(forged)


async def test_a_timeout_the_engine_refuses_is_tried_again_not_dropped(table, clock, monkeypatch):
    change = await table.open("tally", 1, 2, 10)
    await table.join(change.session.id, 11)
    await table.start(change.session.id, 10)
    game = registry.get("tally")
    refusals = iter([RuleError("not yet")])
    real_play = game.play

    def refuse_once(state, seat, action, now):
        if seat is None:
            with contextlib.suppress(StopIteration):
                raise next(refusals)
        return real_play(state, seat, action, now)

    monkeypatch.setattr(game, "play", refuse_once)
    clock.advance(61)
    assert await table.fire_due() == []
    session = await table.get(change.session.id)
    assert session.deadline is not None and clock.now < session.deadline <= clock.now + 30, "the timer stopped"
    clock.advance(31)
    (fired,) = await table.fire_due()
    assert fired.session.state["total"] == 1, "the retried timeout moved the game on"


DRIVER_FAULTS = [  # (backend, what its driver raises, what the player and the log are told)
    ("sqlite", sqlite3.OperationalError("attempt to write a readonly database"), "read-only"),
    ("sqlite", sqlite3.OperationalError("database or disk is full"), "disk is full"),
    ("sqlite", sqlite3.OperationalError("disk I/O error"), "disk I/O error"),
    ("sqlite", sqlite3.OperationalError("database is locked"), "busy"),
    ("postgresql", asyncpg.exceptions.ReadOnlySQLTransactionError("cannot execute INSERT in a read-only transaction"),
     "read-only"),
    ("postgresql", asyncpg.exceptions.DiskFullError("could not extend file: No space left on device"), "disk is full"),
    ("postgresql", asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
     "cannot be reached"),
]


def fail_every_statement(monkeypatch, store, error: Exception) -> None:
    """Every statement of a change raises the driver's `error` (a new lobby's row is inserted
    RETURNING its id, so reads of a transaction fail too)."""
    async def failing(self, sql, params=()):
        raise error

    tx = SqliteTx if store.dialect == "sqlite" else PgTx
    for statement in ("execute", "fetchone"):
        monkeypatch.setattr(tx, statement, failing)


@pytest.mark.parametrize("bot_database, error, cause", DRIVER_FAULTS, indirect=["bot_database"],
                         ids=[f"{backend}-{cause}" for backend, _, cause in DRIVER_FAULTS])
async def test_a_database_fault_is_told_privately_and_changes_nothing(world, simcord_bot, monkeypatch, caplog,
                                                                       error, cause):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    before = message_in(channel, lobby.id).embeds[0].fields[0].value

    fail_every_statement(monkeypatch, simcord_bot.store, error)
    with caplog.at_level(logging.ERROR):
        result = await u["bob"].click(lobby, label="Join")
    assert result.ephemeral and "cannot save games right now" in result.response.content
    assert cause in result.response.content and "Something went wrong" not in result.response.content
    assert message_in(channel, lobby.id).embeds[0].fields[0].value == before
    assert any(cause in record.getMessage() for record in caplog.records), "the log does not name the cause"


@pytest.mark.parametrize("bot_database", ["sqlite"], indirect=True)  # PRAGMA query_only is SQLite's
async def test_a_truly_read_only_database_is_explained_and_nothing_changes(world, simcord_bot):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    await simcord_bot.store.fetchall("PRAGMA query_only = ON")  # SQLite now refuses every write
    result = await u["bob"].click(lobby, label="Join")
    assert result.ephemeral and "read-only" in result.response.content
    await simcord_bot.store.fetchall("PRAGMA query_only = OFF")
    session = await simcord_bot.table.active_in(channel.id)
    assert session.seats == [u["ann"].id]


async def test_a_slash_command_hit_by_a_database_fault_is_explained(world, simcord_bot, monkeypatch):
    env, guild, channel, u = world
    full = (sqlite3.OperationalError("database or disk is full") if simcord_bot.store.dialect == "sqlite"
            else asyncpg.exceptions.DiskFullError("could not extend file: No space left on device"))
    fail_every_statement(monkeypatch, simcord_bot.store, full)
    result = await u["ann"].slash(channel, "play", game="tally")
    assert result.ephemeral and "disk is full" in (result.response.content or result.followups[-1].content)
    assert await simcord_bot.table.active_in(channel.id) is None


async def test_a_slow_click_is_acknowledged_before_discord_gives_up(world, simcord_bot, monkeypatch):
    """A click held up longer than ACK_AFTER is deferred first, so its answer can still come."""
    from cogs import replies

    env, guild, channel, u = world
    monkeypatch.setattr(replies, "ACK_AFTER", 0.05)
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    happened = []
    real_join, real_think = simcord_bot.table.join, replies._think

    async def slow_join(*args, **kwargs):
        await asyncio.sleep(0.3)  # a database held by another program
        happened.append("joined")
        return await real_join(*args, **kwargs)

    async def thinking(interaction, *, public):
        happened.append("acknowledged")
        await real_think(interaction, public=public)

    monkeypatch.setattr(simcord_bot.table, "join", slow_join)
    monkeypatch.setattr(replies, "_think", thinking)
    result = await u["bob"].click(lobby, label="Join")
    assert happened[:2] == ["acknowledged", "joined"] and result.acknowledged
    assert f"<@{u['bob'].id}>" in message_in(channel, lobby.id).embeds[0].fields[0].value


def test_discord_payload_logs_stay_above_debug():
    import bot

    root = logging.getLogger()
    saved = root.level, list(root.handlers)
    try:
        root.handlers.clear()
        bot.configure_logging("DEBUG")
        assert logging.getLogger("discord.http").getEffectiveLevel() == logging.INFO
        assert logging.getLogger("discord.gateway").getEffectiveLevel() == logging.INFO
        assert logging.getLogger("host.table").getEffectiveLevel() == logging.DEBUG
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        logging.getLogger("discord").setLevel(logging.NOTSET)


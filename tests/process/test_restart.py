"""The bot as a real process: `python bot.py` against the fake Discord, SIGKILLed and started again.

Why: persistence is only proven when a *different* process, on the same database, carries on
what a dead one left: old buttons still work, stored deadlines still fire, commands are not
re-synced for nothing, and configuration mistakes end with one readable line instead of a
traceback.  Every wait is bounded and every process is killed in ``finally``; on failure the
bot's stdout/stderr and the fake's event log are printed.
"""
from __future__ import annotations

import contextlib
import socket
import sqlite3
import time

import pytest

from tests.fakediscord import FakeDiscord
from tests.process.harness import (
    MAIN,
    START_TIMEOUT,
    STEP_TIMEOUT,
    Harness,
    assert_no_traceback,
    button,
    click_start,
    description,
    open_tally_with_two,
    players_field,
    title,
    two_in_a_lobby,
)

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

EXIT_CONFIG = 2


# ------------------------------------------------------------------------------ helpers


# ------------------------------------------------------------------------------ tests


async def test_a_lobby_survives_sigkill(fake, tmp_path):
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    async with Harness(fake, tmp_path) as harness:
        first = await harness.start_connected()
        lobby_id = await open_tally_with_two(fake, ann, bob)

        await harness.crash(first)
        second = await harness.start_connected()
        assert fake.ready_count == 2
        assert second.proc.pid != first.proc.pid

        await click_start(fake, ann, lobby_id)  # a button the dead process drew
        board = fake.message(lobby_id)
        assert title(board) == "Tally"
        assert board["attachments"] and board["attachments"][0].get("description"), \
            "the board image has no text description"
        assert button(board, "Add 1") and button(board, "Add 2")
        seats = players_field(board)
        assert f"<@{ann}>" in seats and f"<@{bob}>" in seats, f"a seat was lost: {seats!r}"

        added = await fake.click(ann, lobby_id, button(board, "Add 2")["custom_id"], timeout=STEP_TIMEOUT)
        assert added.callback_type is not None and not added.followup_ids, "Add 2 was refused"
        await fake.wait_for(lambda: "total 2" in description(fake.message(lobby_id)), STEP_TIMEOUT)
        seats = players_field(fake.message(lobby_id))
        assert f"<@{ann}>" in seats and f"▶ 2. <@{bob}>" in seats, f"turn did not pass to Bob: {seats!r}"

        assert_no_traceback(first, second)
        fake.assert_clean()


async def test_characters_picked_in_a_lobby_survive_sigkill(fake, tmp_path):
    """The picks are stored with the lobby, and its character select still works in a new process."""
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    async with Harness(fake, tmp_path) as harness:
        first = await harness.start_connected()
        lobby_id = await two_in_a_lobby(fake, "arena", ann, bob)
        characters = FakeDiscord.find_component(fake.message(lobby_id), type=3)
        assert characters is not None and characters["placeholder"] == "Choose your character"
        await fake.select(ann, lobby_id, characters["custom_id"], ["riparian"], timeout=STEP_TIMEOUT)
        await fake.wait_for(lambda: "· Riparian" in players_field(fake.message(lobby_id)), STEP_TIMEOUT)

        await harness.crash(first)
        second = await harness.start_connected()
        chosen = await fake.select(bob, lobby_id, characters["custom_id"], ["echo"], timeout=STEP_TIMEOUT)
        assert chosen.callback_type is not None and not chosen.followup_ids, "the select the dead process drew"
        await fake.wait_for(lambda: "· Echo" in players_field(fake.message(lobby_id)), STEP_TIMEOUT)
        await fake.click(ann, lobby_id, button(fake.message(lobby_id), "Start")["custom_id"], timeout=STEP_TIMEOUT)
        await fake.wait_for(lambda: title(fake.message(lobby_id)).startswith("Eye for an Eye ·"), STEP_TIMEOUT)
        seats = players_field(fake.message(lobby_id))
        assert f"<@{ann}> · Riparian ·" in seats and f"<@{bob}> · Echo ·" in seats, seats
        assert_no_traceback(first, second)
        fake.assert_clean()


async def test_commands_are_not_synced_again_when_unchanged(fake, tmp_path):
    async with Harness(fake, tmp_path) as harness:
        assert fake.command_puts == 0
        first = await harness.start_connected()
        assert fake.command_puts == 1
        assert fake.command_put_log[0][0] is None, "without DISCORD_DEV_GUILD the sync is global"
        assert {"play", "rules", "game"} <= {c["name"] for c in fake.commands()}

        await harness.crash(first)
        second = await harness.start_connected()
        assert fake.command_puts == 1, "commands were synced again although nothing changed"
        assert "commands unchanged" in second.stdout

        await harness.crash(second)
        await harness.start_connected("--sync")
        assert fake.command_puts == 2, "--sync did not force a sync"
        fake.assert_clean()


async def test_missing_token_exits_2_with_one_line(tmp_path):
    workdir = tmp_path / "elsewhere"  # no .env here to supply a token
    workdir.mkdir()
    async with Harness(None, tmp_path) as harness:
        env = harness.env(DISCORD_TOKEN=None, PYTHONPATH=str(MAIN))
        run = await harness.start(env=env, cwd=workdir)
        assert await run.wait(START_TIMEOUT) == EXIT_CONFIG
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, f"expected one line on stderr, got:\n{run.stderr}"
        assert "DISCORD_TOKEN" in lines[0] and "Traceback" not in run.stderr
        assert run.stdout == ""
        assert not harness.database.exists(), "the bot opened its database without a token"


async def test_rejected_token_exits_2_with_one_line(fake, tmp_path):
    async with Harness(fake, tmp_path) as harness:
        run = await harness.start(env=harness.env(DISCORD_TOKEN="not-the-token"))
        assert await run.wait(START_TIMEOUT) == EXIT_CONFIG
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, f"expected one line on stderr, got:\n{run.stderr}"
        assert "rejected DISCORD_TOKEN" in lines[0]
        assert "Traceback" not in run.stdout and " ERROR " not in run.stdout
        me = [r for r in fake.requests if r.path.endswith("/users/@me")]
        assert me and me[0].status == 401
        assert fake.ready_count == 0


async def test_a_timer_that_passed_while_down_fires_at_start(fake, tmp_path):
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    async with Harness(fake, tmp_path) as harness:
        first = await harness.start_connected()
        lobby_id = await open_tally_with_two(fake, ann, bob)
        await click_start(fake, ann, lobby_id)
        board = fake.message(lobby_id)
        assert "total" not in description(board) and f"▶ 1. <@{ann}>" in players_field(board)
        await harness.crash(first)

        # The 60 s turn timer "ran out" while the bot was down: the game's own deadline (in its state)
        # and the table's copy of it (the column the scheduler reads) both lie in the past.
        with contextlib.closing(sqlite3.connect(harness.database)) as db, db:
            (deadline,) = db.execute("SELECT deadline FROM sessions WHERE status = 'playing'").fetchone()
            assert deadline > time.time() + 30, "the turn timer should still be far away"
            passed = time.time() - 1
            updated = db.execute("UPDATE sessions SET deadline = ?, state = json_set(state, '$.deadline', ?)"
                                 " WHERE status = 'playing'", (passed, passed))
            assert updated.rowcount == 1
        edits, interactions = fake.message(lobby_id)["_edits"], len(fake.interactions)

        second = await harness.start_connected()
        await fake.wait_for(lambda: "total 1" in description(fake.message(lobby_id)), STEP_TIMEOUT)
        board = fake.message(lobby_id)
        assert board["_edits"] > edits and len(fake.interactions) == interactions, "nobody clicked: the bot did it"
        seats = players_field(board)
        assert f"▶ 2. <@{bob}>" in seats and f"▶ 1. <@{ann}>" not in seats, f"turn did not move to Bob: {seats!r}"

        with contextlib.closing(sqlite3.connect(harness.database)) as db:
            (deadline,) = db.execute("SELECT deadline FROM sessions WHERE status = 'playing'").fetchone()
            timeouts = db.execute("SELECT COUNT(*) FROM events WHERE kind = 'game' AND user_id IS NULL"
                                  " AND action LIKE '%timeout%'").fetchone()[0]
        assert timeouts == 1, "the timeout was not logged once as the table's own action"
        assert deadline is not None and deadline > time.time() + 30, "Bob's turn has no fresh timer"
        assert_no_traceback(first, second)
        fake.assert_clean()


async def test_unreachable_discord_exits_2_with_one_line(tmp_path):
    """Nothing listens where Discord should be: one readable line, not a traceback."""
    with socket.socket() as probe:  # a free port on loopback, closed again so nothing answers there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with Harness(None, tmp_path) as harness:
        env = harness.env(DISCORD_TOKEN="some-token", DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10",
                          DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/gateway")
        run = await harness.start(env=env)
        assert await run.wait(START_TIMEOUT) == EXIT_CONFIG
        lines = [line for line in run.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, f"expected one line on stderr, got:\n{run.stderr}"
        assert "Cannot reach Discord" in lines[0] and "Traceback" not in run.stderr + run.stdout

"""The bot as a real process: `python bot.py` against the fake Discord, SIGKILLed and started again.

Why: persistence is only proven when a *different* process, on the same database, carries on
what a dead one left: old buttons still work, stored deadlines still fire, commands are not
re-synced for nothing, and configuration mistakes end with one readable line instead of a
traceback.  Every wait is bounded and every process is killed in ``finally``; on failure the
bot's stdout/stderr and the fake's event log are printed.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sqlite3
import sys
import time
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

MAIN = Path(__file__).resolve().parent.parent
BOT = MAIN / "bot.py"
# Upper bounds only: every wait ends as soon as its condition holds, so these cost nothing when the
# bot is quick and keep a busy machine (a CI runner with both cores taken) from failing the tests.
START_TIMEOUT = 120.0  # a cold start of `python bot.py` until connected (or until it exits on its own)
STEP_TIMEOUT = 60.0  # one click answered, one board edited, one process reaped
EXIT_CONFIG = 2


def clean_environ() -> dict[str, str]:
    """The test's environment without any bot setting that could leak in from outside."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TABLETOP_", "LOG_LEVEL"))}


class BotProcess:
    """One `python bot.py` run; stdout/stderr go to files in tmp_path (kept for failure reports)."""

    def __init__(self, name: str, tmp_path: Path, env: dict[str, str], args: tuple[str, ...] = (),
                 cwd: Path = MAIN) -> None:
        self.name, self.env, self.args, self.cwd = name, env, args, cwd
        self.stdout_path = tmp_path / f"{name}.stdout"
        self.stderr_path = tmp_path / f"{name}.stderr"
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> BotProcess:
        with open(self.stdout_path, "wb") as out, open(self.stderr_path, "wb") as err:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, str(BOT), *self.args, env=self.env, cwd=str(self.cwd), stdout=out, stderr=err)
        return self

    @property
    def stdout(self) -> str:
        return self.stdout_path.read_text(errors="replace") if self.stdout_path.exists() else ""

    @property
    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace") if self.stderr_path.exists() else ""

    async def wait(self, timeout: float = START_TIMEOUT) -> int:
        assert self.proc is not None
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def kill(self) -> None:
        """SIGKILL: no clean-up code of the bot runs, as in a crash or an OOM kill."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.send_signal(signal.SIGKILL)
            await asyncio.wait_for(self.proc.wait(), STEP_TIMEOUT)

    def report(self) -> str:
        rc = None if self.proc is None else self.proc.returncode
        return (f"===== {self.name} (pid {self.proc.pid if self.proc else '-'}, rc {rc}) stdout =====\n"
                f"{self.stdout}\n===== {self.name} stderr =====\n{self.stderr}")


class Harness:
    """Starts bot processes on one database; kills them all and reports their output on failure."""

    def __init__(self, fake: FakeDiscord | None, tmp_path: Path) -> None:
        self.fake = fake
        self.tmp_path = tmp_path
        self.database = tmp_path / "db.sqlite3"
        self.runs: list[BotProcess] = []

    def env(self, **overrides: str | None) -> dict[str, str]:
        env = clean_environ()
        if self.fake is not None:
            env.update(self.fake.env())
        env.update(TABLETOP_DATABASE=str(self.database), TABLETOP_GAME_MODULES="tests.toygames",
                   LOG_LEVEL="INFO", PYTHONUNBUFFERED="1")
        for key, value in overrides.items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value
        return env

    async def start(self, *args: str, env: dict[str, str] | None = None, cwd: Path = MAIN) -> BotProcess:
        run = BotProcess(f"bot{len(self.runs) + 1}", self.tmp_path, env or self.env(), args, cwd)
        self.runs.append(run)
        return await run.start()

    async def start_connected(self, *args: str) -> BotProcess:
        """Start a bot and wait until the fake has sent it READY (setup_hook, so any sync, is done)."""
        assert self.fake is not None
        fake, count = self.fake, self.fake.ready_count + 1
        run = await self.start(*args)
        # Connected, or given up on: a bot that exits before it connects fails the test at once.
        await fake.wait_for(lambda: fake.ready_count >= count or run.proc.returncode is not None, START_TIMEOUT)
        if run.proc.returncode is not None and fake.ready_count < count:
            raise AssertionError(f"{run.name} exited with {run.proc.returncode} before it connected")
        await fake.wait_connected(STEP_TIMEOUT, count=count)
        return run

    async def crash(self, run: BotProcess) -> None:
        await run.kill()
        if self.fake is not None:
            await self.fake.wait_disconnected(STEP_TIMEOUT)

    async def __aenter__(self) -> Harness:
        return self

    async def __aexit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is not None:
                for run in self.runs:
                    print(run.report())
                if self.fake is not None:
                    print("===== fake Discord events =====")
                    print("\n".join(self.fake.events[-80:]))
        finally:
            for run in self.runs:
                await run.kill()


@pytest.fixture
async def fake():
    async with FakeDiscord() as server:
        yield server


# ------------------------------------------------------------------------------ helpers


async def two_in_a_lobby(fake: FakeDiscord, game: str, host: int, guest: int) -> int:
    """`/play game` by the host and Join by the guest, on a live bot; the lobby's message id once
    its Start button works."""
    played = await fake.slash(host, "play", {"game": game}, timeout=STEP_TIMEOUT)
    lobby_id = int(played.message["id"])
    await fake.click(guest, lobby_id, button(played.message, "Join")["custom_id"], timeout=STEP_TIMEOUT)
    await fake.wait_for(lambda: not button(fake.message(lobby_id), "Start").get("disabled"), STEP_TIMEOUT)
    return lobby_id


def button(message: dict, label: str) -> dict:
    found = FakeDiscord.find_component(message, label=label)
    labels = [c.get("label") for c in FakeDiscord.components(message)]
    assert found is not None, f"no button {label!r} on message {message['id']}; it has {labels}"
    return found


def description(message: dict) -> str:
    return (message.get("embeds") or [{}])[0].get("description") or ""


def title(message: dict) -> str:
    return (message.get("embeds") or [{}])[0].get("title") or ""


def players_field(message: dict) -> str:
    fields = (message.get("embeds") or [{}])[0].get("fields") or []
    return "\n".join(f["value"] for f in fields if f["name"] in ("Players",) or f["name"].startswith("Seats"))


async def open_tally_with_two(fake: FakeDiscord, host: int, guest: int) -> int:
    """Host runs /play game:tally, guest clicks Join; returns the lobby message id."""
    played = await fake.slash(host, "play", {"game": "tally"}, timeout=STEP_TIMEOUT)
    lobby = played.message
    assert lobby is not None and not played.ephemeral, f"/play gave no public lobby: {played}"
    assert title(lobby) == "Tally - lobby"
    lobby_id = int(lobby["id"])
    assert fake.last_message(ephemeral=False) is lobby  # the lobby is in the channel for everyone
    joined = await fake.click(guest, lobby_id, button(lobby, "Join")["custom_id"], timeout=STEP_TIMEOUT)
    assert joined.callback_type is not None and not joined.followup_ids, "Join was refused"
    await fake.wait_for(lambda: f"<@{guest}>" in players_field(fake.message(lobby_id)), STEP_TIMEOUT)
    return lobby_id


async def click_start(fake: FakeDiscord, host: int, lobby_id: int):
    start = button(fake.message(lobby_id), "Start")
    assert not start.get("disabled"), "Start is still disabled with two players seated"
    started = await fake.click(host, lobby_id, start["custom_id"], timeout=STEP_TIMEOUT)
    assert started.callback_type is not None, "the Start click was not answered"
    assert not started.followup_ids, f"Start was refused: {[m['content'] for m in started.followups]}"
    await fake.wait_for(lambda: title(fake.message(lobby_id)) == "Tally"
                        and FakeDiscord.find_component(fake.message(lobby_id), label="Add 2"), STEP_TIMEOUT)
    return started


def assert_no_traceback(*runs: BotProcess) -> None:
    for run in runs:
        logged = run.stdout + run.stderr
        assert "Traceback" not in logged, f"{run.name} logged a traceback:\n{logged}"


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

        # The 60 s turn timer "ran out" while the bot was down.
        with contextlib.closing(sqlite3.connect(harness.database)) as db, db:
            (deadline,) = db.execute("SELECT deadline FROM sessions WHERE status = 'playing'").fetchone()
            assert deadline > time.time() + 30, "the turn timer should still be far away"
            updated = db.execute("UPDATE sessions SET deadline = ? WHERE status = 'playing'", (time.time() - 1,))
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

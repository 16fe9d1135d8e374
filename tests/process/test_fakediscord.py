"""Self-test of the fake Discord (tests/fakediscord/) against a real discord.py process.

Why: the bot's end-to-end tests depend on the fake behaving like Discord for
discord.py; this runs tests/process/fake_client_app.py as a subprocess, SIGKILLs it and
restarts it, and checks that a button on a message posted by the dead process still
works.  Every wait is bounded; subprocesses are killed in ``finally``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import tempfile
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord, InteractionTimeout

pytestmark = [pytest.mark.asyncio, pytest.mark.process]  # starts real processes: slow, scheduled first

APP = Path(__file__).with_name("fake_client_app.py")
# Upper bounds only (each wait ends as soon as its condition holds), generous for a busy machine.
START_TIMEOUT = 120.0  # a cold start of the app until connected, or until it exits on its own
STEP_TIMEOUT = 60.0  # a killed process reaped, its websocket seen closed


class BotProcess:
    """The demo app as a subprocess, output captured to a temp file for failure reports."""

    def __init__(self, fake: FakeDiscord, token: str | None = None) -> None:
        self.fake = fake
        self.token = token or fake.token
        self.proc: asyncio.subprocess.Process | None = None
        self.log = tempfile.NamedTemporaryFile(prefix="fake_client_app_", suffix=".log", delete=False)

    async def start(self) -> BotProcess:
        env = {**os.environ, **self.fake.env(), "DISCORD_TOKEN": self.token,
               "FAKE_GUILD_ID": str(self.fake.guild_id), "PYTHONUNBUFFERED": "1"}
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, str(APP), env=env, stdout=self.log, stderr=asyncio.subprocess.STDOUT,
            cwd=str(APP.parents[2]))
        return self

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")

    async def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await asyncio.wait_for(self.proc.wait(), STEP_TIMEOUT)

    async def cleanup(self) -> None:
        try:
            await self.kill()
        finally:
            self.log.close()
            try:
                os.unlink(self.log.name)
            except OSError:
                pass


async def test_slash_click_kill_restart_click_old_message() -> None:
    async with FakeDiscord() as fake:
        alice = fake.user_id("alice")
        bot = await BotProcess(fake).start()
        try:
            await fake.wait_connected(START_TIMEOUT)
            assert fake.command_puts == 1 and fake.command("hello", fake.guild_id) is not None

            rec = await fake.slash(alice, "hello", {"who": "tester"})
            assert rec.callback_type == 4
            assert rec.content.startswith("hello tester count=0")
            assert not rec.ephemeral
            button = fake.find_component(rec.message, custom_id_prefix="demo:")
            assert button is not None and button["custom_id"] == "demo:0" and button["label"] == "Count 0"
            msg_id = int(rec.message["id"])
            assert fake.messages()[-1] is rec.message  # stored in the channel

            clicked = await fake.click(alice, msg_id, "demo:0")
            assert clicked.callback_type == 7
            assert clicked.message is fake.message(msg_id)
            first_pid = bot.proc.pid
            assert fake.message(msg_id)["content"] == f"count=1 pid={first_pid}"
            assert fake.find_component(fake.message(msg_id), label="Count 1")["custom_id"] == "demo:1"

            # SIGKILL: the websocket just drops; the fake must notice and keep all messages.
            await bot.kill()
            await fake.wait_disconnected(STEP_TIMEOUT)
            ready_before = fake.ready_count
            await bot.start()
            await fake.wait_connected(START_TIMEOUT, count=ready_before + 1)
            assert bot.proc.pid != first_pid

            again = await fake.click(alice, msg_id, "demo:1")  # button on the OLD message
            assert again.callback_type == 7
            assert fake.message(msg_id)["content"] == f"count=2 pid={bot.proc.pid}"
            assert fake.message(msg_id)["_edits"] == 2
            assert fake.command_puts == 2  # the app syncs on every start

            with pytest.raises(LookupError):  # stale custom_id is no longer on the message
                await fake.click(alice, msg_id, "demo:0", timeout=1)

            fake.assert_clean()
        except BaseException:
            print(bot.output())
            print("\n".join(fake.events))
            raise
        finally:
            await bot.cleanup()


async def test_wrong_token_gets_401_and_app_exits_nonzero() -> None:
    async with FakeDiscord() as fake:
        bot = await BotProcess(fake, token="definitely-not-the-token").start()
        try:
            rc = await asyncio.wait_for(bot.proc.wait(), START_TIMEOUT)
            assert rc != 0, bot.output()
            assert "LoginFailure" in bot.output()
            me = [r for r in fake.requests if r.path == "/users/@me"]
            assert me and me[0].status == 401
            assert fake.ready_count == 0
        finally:
            await bot.cleanup()


async def test_unanswered_interaction_times_out_without_bot() -> None:
    """No bot connected: slash() must fail fast and clearly instead of hanging."""
    async with FakeDiscord() as fake:
        with pytest.raises((LookupError, ConnectionError, asyncio.TimeoutError, InteractionTimeout)):
            await fake.slash(fake.user_id("alice"), "hello", timeout=0.5)

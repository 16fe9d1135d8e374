"""The bot as a real process: `python bot.py` run against the fake Discord on one database (`Harness`,
which kills every run and prints their output on failure), and the clicks and readings the process
tests share."""
from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from tests.fakediscord import FakeDiscord

MAIN = Path(__file__).resolve().parents[2]  # the repository (this is tests/process/harness.py)
BOT = MAIN / "bot.py"
# Upper bounds only: every wait ends as soon as its condition holds, so these cost nothing when the
# bot is quick and keep a busy machine (a CI runner with both cores taken) from failing the tests.
START_TIMEOUT = 120.0  # a cold start of `python bot.py` until connected (or until it exits on its own)
STEP_TIMEOUT = 60.0  # one click answered, one board edited, one process reaped


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
        env.update(TABLETOP_DATABASE=str(self.database), TABLETOP_GAME_MODULES="tests.kit.toygames",
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

    async def start_connected_shards(self, shard_ids: Sequence[int], *args: str,
                                     env: dict[str, str] | None = None) -> BotProcess:
        """Start a shard process (e.g. `--shards 1 --shard-count 2`) and wait until the fake has sent READY
        to a session on each of `shard_ids`; other processes may be connected meanwhile."""
        assert self.fake is not None
        fake = self.fake
        wanted = {shard: fake.shard_ready_counts[shard] + 1 for shard in shard_ids}
        run = await self.start(*args, env=env)

        def readied() -> bool:
            return all(fake.shard_ready_counts[shard] >= count for shard, count in wanted.items())

        # Connected, or given up on: a process that exits before it connects fails the test at once.
        await fake.wait_for(lambda: readied() or run.proc.returncode is not None, START_TIMEOUT)
        if not readied():
            raise AssertionError(f"{run.name} exited with {run.proc.returncode} before shards {list(shard_ids)} "
                                 f"connected")
        for shard, count in wanted.items():
            await fake.wait_shard_ready(shard, STEP_TIMEOUT, count=count)
        return run

    async def crash_shards(self, run: BotProcess, shard_ids: Sequence[int]) -> None:
        """SIGKILL a shard process and wait until its shards have no live session (the others keep theirs)."""
        await run.kill()
        if self.fake is not None:
            for shard in shard_ids:
                await self.fake.wait_shard_disconnected(shard, STEP_TIMEOUT)

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


def assert_clean_after_crashes(fake: FakeDiscord) -> None:
    """`fake.assert_clean()`, except the refusals a crash makes legitimate: deleting the last ping
    message again (a process died after deleting it and before saving that it had), and a 429 (a
    new process cannot know how much of a rate limit's window the dead one used; it learns from
    its first answer, waits and retries, as on Discord)."""
    fake.rejected[:] = [r for r in fake.rejected if r["status"] != 429]

    def retired_again(rejected: dict) -> bool:
        match = re.fullmatch(r"/channels/\d+/messages/(\d+)", rejected["path"])
        if rejected["method"] != "DELETE" or rejected["status"] != 404 or match is None:
            return False
        with contextlib.suppress(KeyError):
            return bool(fake.message(match.group(1))["_deleted"])
        return False

    fake.rejected[:] = [r for r in fake.rejected if not retired_again(r)]
    fake.assert_clean()


def seats(message: dict) -> str:
    fields = (message.get("embeds") or [{}])[0].get("fields") or []
    return "\n".join(f["value"] for f in fields if f["name"].startswith("Seats"))


async def join_on(fake: FakeDiscord, user: int, message_id: int) -> None:
    joined = await fake.click(user, message_id, button(fake.message(message_id), "Join")["custom_id"],
                              timeout=STEP_TIMEOUT)
    # 7: the lobby redrawn as the click's own answer (6: acknowledged, the lobby edited through the channel)
    assert joined.callback_type in (6, 7) and not joined.followup_ids, f"Join refused: {joined.followups}"
    await fake.wait_for(lambda: f"<@{user}>" in seats(fake.message(message_id)), STEP_TIMEOUT)

"""Eye for an Eye through a real restart: `python bot.py` against the fake Discord, SIGKILLed during
the countdown before a round and again in the middle of the round, started again on the same database.

The countdown ends on time and the round's 5-minute clock runs from its end. The round and its clock
go on: the stored deadline is the one the dead process set, a panel the dead process drew still acts,
and the board's button opens a fresh panel. (What the bot kept in memory, the
players' latest panel interactions, is gone: until a player opens their panel again, an attack on
them is announced by a mention instead.)
"""
from __future__ import annotations

import contextlib
import json
import sqlite3
import time

import pytest

from engine.arena.data import COUNTDOWN_SECONDS, ROUND_SECONDS
from tests.fakediscord import FakeDiscord
from tests.process.harness import (
    STEP_TIMEOUT,
    Harness,
    assert_clean_after_crashes,
    assert_no_traceback,
    button,
    two_in_a_lobby,
)

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

OPEN, READY, ROLL = "🎮 Open my board", "✅ Ready", "🎲 Roll"
ON_TIME = 2.0  # seconds a timer may fire after its stored deadline


def playing(database) -> dict:
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as db:
        db.row_factory = sqlite3.Row
        row = db.execute("SELECT id, version, deadline, state FROM sessions WHERE status = 'playing'").fetchone()
    return {**dict(row), "state": json.loads(row["state"])}


async def click(fake: FakeDiscord, user: int, message_id: int, label: str):
    done = await fake.click(user, message_id, button(fake.message(message_id), label)["custom_id"],
                            timeout=STEP_TIMEOUT)
    assert done.callback_type is not None, f"{label} was not answered"
    return done


async def test_a_round_and_its_clock_go_on_after_sigkill(fake, tmp_path):
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    async with Harness(fake, tmp_path) as harness:
        first = await harness.start_connected()
        board_id = await two_in_a_lobby(fake, "arena", ann, bob)
        await click(fake, ann, board_id, "Start")
        await fake.wait_for(lambda: FakeDiscord.find_component(fake.message(board_id), label=OPEN), STEP_TIMEOUT)
        panels = {}
        for user in (ann, bob):  # each opens a private panel and says ready: the countdown starts
            opened = await click(fake, user, board_id, OPEN)
            assert opened.ephemeral and READY in [c.get("label") for c in FakeDiscord.components(opened.message)]
            panels[user] = int(opened.message["id"])
            await click(fake, user, panels[user], READY)
        counting = playing(harness.database)
        assert counting["state"]["phase"] == "countdown" and counting["deadline"] > time.time()

        await harness.crash(first)  # killed during the countdown: its deadline is stored
        second = await harness.start_connected()
        connected = time.time()
        await fake.wait_for(lambda: playing(harness.database)["state"]["phase"] == "fight",
                            COUNTDOWN_SECONDS + STEP_TIMEOUT)
        started = time.time()
        round_clock = playing(harness.database)["deadline"] - ROUND_SECONDS
        # Due at its stored deadline; at once on starting if the restart outlasted it (a busy machine).
        due = max(counting["deadline"], connected)
        print(f"\nrestarted {connected - counting['deadline']:+.1f} s from the countdown's end, which came "
              f"{round_clock - due:+.2f} s after it was due")
        assert counting["deadline"] <= round_clock <= min(started, due + ON_TIME), \
            "the countdown ended on time, and the round's clock runs from its end"
        # The new process never saw the panels, so it could not push the round to them; a Refresh does.
        for user in (ann, bob):
            await click(fake, user, panels[user], "🔄 Refresh")
        rolled = await click(fake, ann, panels[ann], ROLL)
        assert not rolled.followup_ids and rolled.callback_type == 7, "the panel redraws itself"
        before = playing(harness.database)
        assert None not in before["state"]["dice"][0]["pool"] and before["deadline"] > 0

        await harness.crash(second)  # and in the middle of the round
        third = await harness.start_connected()
        after = playing(harness.database)
        assert (after["version"], after["deadline"], after["state"]) == \
            (before["version"], before["deadline"], before["state"]), "the round and its clock are as they were"

        # Bob's panel, drawn by the dead process, still acts; the round clock does not move.
        answered = await click(fake, bob, panels[bob], ROLL)
        assert answered.callback_type == 7 and "Pool:" in fake.message(panels[bob])["content"]
        await fake.wait_for(lambda: playing(harness.database)["version"] == before["version"] + 1, STEP_TIMEOUT)
        now = playing(harness.database)
        assert None not in now["state"]["dice"][1]["pool"] and now["deadline"] == before["deadline"]
        reopened = await click(fake, ann, board_id, OPEN)  # the board's button opens a fresh panel
        assert reopened.ephemeral and "Pool:" in reopened.content
        assert_no_traceback(first, second, third)
        assert_clean_after_crashes(fake)

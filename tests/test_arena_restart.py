"""Eye for an Eye through a real restart: `python bot.py` against the fake Discord, SIGKILLed in the
middle of a real-time round and started again on the same database.

The round and its clock go on: the stored deadline is the one the dead process set, a panel the dead
process drew still acts, and the board's button opens a fresh panel. (What the bot kept in memory, the
players' latest panel interactions, is gone: until a player opens their panel again, an attack on
them is announced by a mention instead.)
"""
from __future__ import annotations

import contextlib
import json
import sqlite3

import pytest

from engine.arena.data import COUNTDOWN_SECONDS
from tests.fakediscord import FakeDiscord
from tests.test_restart import STEP_TIMEOUT, Harness, assert_no_traceback, button

OPEN, READY, ROLL = "🎮 Open my board", "✅ Ready", "🎲 Roll"


@pytest.fixture
async def fake():
    async with FakeDiscord() as server:
        yield server


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
        played = await fake.slash(ann, "play", {"game": "arena"}, timeout=STEP_TIMEOUT)
        board_id = int(played.message["id"])
        await click(fake, bob, board_id, "Join")
        await fake.wait_for(lambda: not button(fake.message(board_id), "Start").get("disabled"), STEP_TIMEOUT)
        await click(fake, ann, board_id, "Start")
        await fake.wait_for(lambda: FakeDiscord.find_component(fake.message(board_id), label=OPEN), STEP_TIMEOUT)
        panels = {}
        for user in (ann, bob):  # each opens a private panel and says ready: "Yarra Mark!"
            opened = await click(fake, user, board_id, OPEN)
            assert opened.ephemeral and READY in [c.get("label") for c in FakeDiscord.components(opened.message)]
            panels[user] = int(opened.message["id"])
            await click(fake, user, panels[user], READY)
        await fake.wait_for(lambda: playing(harness.database)["state"]["phase"] == "fight",
                            COUNTDOWN_SECONDS + STEP_TIMEOUT)
        await fake.wait_for(lambda: ROLL in [c.get("label") for c in FakeDiscord.components(fake.message(panels[ann]))],
                            STEP_TIMEOUT)  # the round start reached Ann's panel by itself
        rolled = await click(fake, ann, panels[ann], ROLL)
        assert not rolled.followup_ids and rolled.callback_type == 7, "the panel redraws itself"
        before = playing(harness.database)
        assert None not in before["state"]["dice"][0]["pool"] and before["deadline"] > 0

        await harness.crash(first)
        second = await harness.start_connected()
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
        assert_no_traceback(first, second)
        fake.assert_clean()

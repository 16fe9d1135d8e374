"""A computer's pending move survives the death of the bot: its plan is a stored deadline, so a new
process on the same database carries it out (the toy game `tally`, its easy computer waiting 20 s)."""
from __future__ import annotations

import contextlib
import json
import sqlite3
import time

import pytest

from tests.process.harness import (
    STEP_TIMEOUT,
    Harness,
    assert_clean_after_crashes,
    assert_no_traceback,
    button,
    click_start,
    description,
    players_field,
    title,
)

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first


async def test_a_computers_move_pending_at_a_sigkill_is_made_by_the_next_process(fake, tmp_path):
    ann = fake.user_id("alice")
    async with Harness(fake, tmp_path) as harness:
        first = await harness.start_connected()
        played = await fake.slash(ann, "play", {"game": "tally"}, timeout=STEP_TIMEOUT)
        lobby_id = int(played.message["id"])
        offered = await fake.click(ann, lobby_id, button(played.message, "🤖 Computers")["custom_id"],
                                   timeout=STEP_TIMEOUT)
        levels = offered.followups[0] if offered.followups else offered.message
        assert levels is not None, f"no levels offered: {offered}"
        added = await fake.click(ann, int(levels["id"]), button(levels, "Add computer (easy)")["custom_id"],
                                 timeout=STEP_TIMEOUT)
        assert not added.followup_ids, "adding a computer was refused"
        await fake.wait_for(lambda: "Computer (easy)" in players_field(fake.message(lobby_id)), STEP_TIMEOUT)
        await click_start(fake, ann, lobby_id)
        await fake.click(ann, lobby_id, button(fake.message(lobby_id), "Add 1")["custom_id"], timeout=STEP_TIMEOUT)
        await fake.wait_for(lambda: "total 1" in description(fake.message(lobby_id)), STEP_TIMEOUT)
        assert "▶ 2. Computer (easy)" in players_field(fake.message(lobby_id))
        await harness.crash(first)

        with contextlib.closing(sqlite3.connect(harness.database)) as db, db:
            (minds, deadline) = db.execute("SELECT minds, deadline FROM sessions WHERE status = 'playing'").fetchone()
            (mind,) = json.loads(minds)
            assert mind["due"] == deadline, "the computer's plan is the session's stored deadline"
            moves = db.execute("SELECT COUNT(*) FROM events WHERE kind = 'game' AND user_id < 0").fetchone()[0]
            assert moves == 0, "the computer had not moved yet"
            mind["due"] = time.time() - 1  # its 20 s "passed" while the bot was down
            db.execute("UPDATE sessions SET minds = ?, deadline = ? WHERE status = 'playing'",
                       (json.dumps([mind]), mind["due"]))

        second = await harness.start_connected()
        await fake.wait_for(lambda: "total 2" in description(fake.message(lobby_id)), STEP_TIMEOUT)
        board = fake.message(lobby_id)
        assert title(board) == "Tally" and f"▶ 1. <@{ann}>" in players_field(board), "the turn came back to Ann"
        with contextlib.closing(sqlite3.connect(harness.database)) as db:
            row = db.execute("SELECT user_id, seat FROM events WHERE kind = 'game' ORDER BY seq DESC").fetchone()
        assert row[0] < 0 and row[1] == 1, f"the last move is not the computer's own: {row}"
        assert_no_traceback(first, second)
        assert_clean_after_crashes(fake)

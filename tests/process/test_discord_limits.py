"""The bot as a process against the rate-limited fake Discord: a table of Treasure of the Dragons
played as fast as its board allows stays inside Discord's limits. Every move, a click on the board,
is answered with the new board (UPDATE_MESSAGE, not counted by the channel's limit), the channel
sees no ping churn while everyone is at the table, and Discord never answers 429.
(`python -m bench.discord` measures the same for every game, at human and bot pace.)"""
from __future__ import annotations

import contextlib
import json
import random
import re
import sqlite3

import pytest

from tests.fakediscord import FakeDiscord
from tests.process.harness import STEP_TIMEOUT, Harness, assert_no_traceback, button

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

MOVES = 30
USERS = ("alice", "bob", "carol")


def session_row(database) -> dict:
    with contextlib.closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=10)) as db:
        db.row_factory = sqlite3.Row
        return dict(db.execute("SELECT * FROM sessions ORDER BY id DESC LIMIT 1").fetchone())


def shows(message: dict, version: int) -> bool:
    footer = ((message.get("embeds") or [{}])[0].get("footer") or {}).get("text") or ""
    return footer.endswith(f"move {version}")


def channel_calls(fake: FakeDiscord) -> list:
    """Message posts, edits and deletes through the channel: what its 5-per-5-s limits count."""
    return [r for r in fake.requests if r.method in ("POST", "PATCH", "DELETE")
            and re.fullmatch(r"/channels/\d+/messages(/\d+)?", r.path)]


async def test_a_fast_dragon_table_stays_inside_discords_limits(fake, tmp_path):
    rng = random.Random(24)
    users = [fake.user_id(name) for name in USERS]
    async with Harness(fake, tmp_path) as harness:
        run = await harness.start_connected()
        played = await fake.slash(users[0], "play", {"game": "dragon"}, timeout=STEP_TIMEOUT)
        board_id = int(played.message["id"])
        for user in users[1:]:
            await fake.click(user, board_id, button(fake.message(board_id), "Join")["custom_id"], timeout=STEP_TIMEOUT)
        await fake.click(users[0], board_id, button(fake.message(board_id), "Start")["custom_id"], timeout=STEP_TIMEOUT)
        await fake.wait_for(lambda: session_row(harness.database)["status"] == "playing", STEP_TIMEOUT)
        calls_before, answers = len(channel_calls(fake)), []
        for _ in range(MOVES):
            session = session_row(harness.database)
            if session["status"] != "playing":
                break
            await fake.wait_for(lambda s=session: shows(fake.message(board_id), s["version"]), STEP_TIMEOUT)
            state, board = json.loads(session["state"]), fake.message(board_id)
            user = json.loads(session["seats"])[state["flow"]["seats"][0]]  # the seat on turn (engine/flow.py)
            menus = [(c["custom_id"], o["value"]) for c in FakeDiscord.components(board) if c.get("type") == 3
                     for o in c["options"]]
            if state["phase"] == "spider":
                rec = await fake.click(user, board_id, button(board, "Leave the spider")["custom_id"], timeout=STEP_TIMEOUT)
            elif state["revealed"] and (len(state["revealed"]) >= 2 or not menus):
                rec = await fake.click(user, board_id, button(board, "Stop and collect")["custom_id"], timeout=STEP_TIMEOUT)
            else:
                custom_id, value = rng.choice(menus)
                rec = await fake.select(user, board_id, custom_id, [value], timeout=STEP_TIMEOUT)
            answers.append(rec.callback_type)
        moves = len(answers)
        calls = channel_calls(fake)[calls_before:]
        print(f"\n{moves} moves as fast as the board shows them: answers {sorted(set(answers))}, "
              f"{len(calls)} channel requests ({[r.method for r in calls]}), "
              f"{len(fake.rate_limits.limited)} answered 429")
        assert moves >= 20
        assert answers == [7] * moves, "a move on the board was not answered with the new board"
        assert not [r for r in calls if r.method == "PATCH"], "the board was edited through the channel"
        assert len(calls) <= 1, f"ping churn: {[(r.method, r.path) for r in calls]}"  # the start's ping taken down
        assert fake.rate_limits.limited == []
        assert_no_traceback(run)
        fake.assert_clean()

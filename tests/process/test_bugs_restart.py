"""Bugs & Co as a real process: two grabs of one tile at the same moment, then the countdown survives
a SIGKILL. `python bot.py` plays against the fake Discord (tests/fakediscord) with raw custom ids,
as tests/process/test_restart.py plays Tally; the last trophy starts the countdown (ten beats of 2 s, each a
stored timer), the bot is killed at once and started again, and the countdown must go on beat by beat on
the board and end on time, its board brought up to date.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time

import pytest

from engine.bugs import BEAT_SECONDS, COUNTDOWN_BEATS, COUNTDOWN_SECONDS
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

ON_TIME = 2.0  # seconds the end may come after the stored deadline


def description(message: dict) -> str:
    return (message.get("embeds") or [{}])[0].get("description") or ""


def place_select(panel: dict, kind: str, place: int) -> dict:
    """The panel's select (`g`: grab) offering `place` (0-based)."""
    for comp in FakeDiscord.components(panel):
        if f":bugs_play:{kind}" in comp.get("custom_id", "") and str(place) in [o["value"] for o in comp["options"]]:
            return comp
    raise AssertionError(f"no select offers place {place + 1}: {panel.get('content')!r}")


def board_text(fake: FakeDiscord, board_id: int) -> str:
    """The board image's alt text: what it shows, in words."""
    return " ".join(a.get("description") or "" for a in fake.message(board_id).get("attachments") or [])


def stored(database) -> tuple[dict, float | None]:
    """The playing session's state and deadline as the database holds them."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        row = db.execute("SELECT state, deadline FROM sessions WHERE state IS NOT NULL ORDER BY id DESC").fetchone()
    return json.loads(row[0]), row[1]


def ended_at(database) -> float:
    with contextlib.closing(sqlite3.connect(database)) as db:
        (ended,) = db.execute("SELECT ended_at FROM sessions WHERE state IS NOT NULL ORDER BY id DESC").fetchone()
    return ended


async def open_panel(fake: FakeDiscord, user: int, board_id: int) -> dict:
    opened = await fake.click(user, board_id, button(fake.message(board_id), "Grab a tile")["custom_id"],
                              timeout=STEP_TIMEOUT)
    assert opened.ephemeral and FakeDiscord.components(opened.message), opened.content
    return opened.message


async def test_a_race_and_the_countdown_through_a_sigkill(fake, tmp_path):
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    async with Harness(fake, tmp_path) as harness:
        first = await harness.start_connected()
        board_id = await two_in_a_lobby(fake, "bugs", ann, bob)
        await fake.click(ann, board_id, button(fake.message(board_id), "Start")["custom_id"], timeout=STEP_TIMEOUT)
        await fake.wait_for(lambda: FakeDiscord.find_component(fake.message(board_id), label="Grab a tile"),
                            STEP_TIMEOUT)

        # Both pick place 1 at the same moment: the table gives it to one, the other is told in their panel.
        panels = {user: await open_panel(fake, user, board_id) for user in (ann, bob)}
        races = [await fake.select(user, panel["id"], place_select(panel, "g", 0)["custom_id"], ["0"], wait=False)
                 for user, panel in panels.items()]
        await asyncio.gather(*(race.wait(lambda r: r.callback_type is not None, STEP_TIMEOUT) for race in races))
        await fake.wait_for(lambda: all("Place 1" in fake.message(p["id"])["content"] or "faster"
                                        in fake.message(p["id"])["content"] for p in panels.values()), STEP_TIMEOUT)
        state, _ = stored(harness.database)
        winner = next(s for s, held in enumerate(state["holding"]) if held is not None)
        loser = (ann, bob)[1 - winner]
        assert state["holding"][winner]["place"] == 0 and state["holding"][1 - winner] is None
        told = fake.message(panels[loser]["id"])["content"]
        assert told.startswith("❌ Someone was faster") and f"<@{(ann, bob)[winner]}>" in told
        assert all(not m["_ephemeral"] or m["id"] in {p["id"] for p in panels.values()} for m in fake.messages()), \
            "a refusal came as a new message instead of in the panel"

        # The winner keeps the tile; the loser takes the last trophy: the countdown starts.
        winner_panel = fake.message(panels[(ann, bob)[winner]]["id"])
        await fake.click((ann, bob)[winner], winner_panel["id"], button(winner_panel, "Keep it")["custom_id"],
                         timeout=STEP_TIMEOUT)
        loser_panel = fake.message(panels[loser]["id"])
        await fake.click(loser, loser_panel["id"], button(loser_panel, "Take the 3 trophy and stop")["custom_id"],
                         timeout=STEP_TIMEOUT)
        state, first_beat = stored(harness.database)
        deadline = state["countdown_at"]
        assert state["phase"] == "countdown" and state["beats"] == COUNTDOWN_BEATS
        assert first_beat == deadline - (COUNTDOWN_BEATS - 1) * BEAT_SECONDS  # the stored timer: the first beat
        assert deadline - time.time() > COUNTDOWN_SECONDS - 3, "too slow to kill the bot mid-countdown"
        await harness.crash(first)

        second = await harness.start_connected()
        connected = time.time()
        if connected < deadline - 2 * BEAT_SECONDS - 1:  # as a rule the new process takes the countdown over...
            assert stored(harness.database)[0]["phase"] == "countdown", "the game ended early"
            await fake.wait_for(lambda: any(f"{left} of 10 beats left" in board_text(fake, board_id) for left in (1, 2)),
                                deadline - time.time() + STEP_TIMEOUT)  # beat by beat on the board
        due = max(deadline, connected)  # ...unless the restart outlasted it (a busy machine): it ends at once
        await fake.wait_for(lambda: any(a.get("filename") == "scores.png" for m in fake.messages()
                                        for a in m.get("attachments") or []), due - time.time() + STEP_TIMEOUT)
        ended = ended_at(harness.database)  # by the table's clock; the scores picture is drawn after
        print(f"\nrestarted {connected - deadline:+.1f} s from the countdown's end, which came {ended - due:+.2f} s "
              "after it was due")
        assert deadline - 0.5 <= ended <= due + ON_TIME, f"the game ended {ended - deadline:+.1f} s from its deadline"
        state, after = stored(harness.database)
        assert state["phase"] == "over" and state["end"] == "countdown" and after is None

        # The board is up to date: the table lost its buttons, the scores and the standings followed.
        await fake.wait_for(lambda: "is over" in (fake.last_message(ephemeral=False).get("content") or ""),
                            STEP_TIMEOUT)
        public = fake.messages(ephemeral=False)
        assert not FakeDiscord.components(fake.message(board_id))
        scores = next(m for m in public if any(a.get("filename") == "scores.png" for a in m.get("attachments") or []))
        (image,) = scores["attachments"]
        assert "Alice's hand:" in image["description"] and "Bob's hand:" in image["description"]
        assert "The countdown is over" in description(scores)
        assert public.index(scores) == len(public) - 2  # then the end announcement
        assert_no_traceback(first, second)
        assert_clean_after_crashes(fake)  # the ping deleted just before the kill is deleted again: 404

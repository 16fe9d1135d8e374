"""A whole game's log, as an operator reads it: at INFO it holds no ERROR and no traceback, even when
Discord delivers the same interaction twice (it may, after a gateway resume); and a board edit that
Discord fails past discord.py's own tries is tried again until the board is current."""
from __future__ import annotations

import re

import pytest

from tests.fakediscord import FakeDiscord
from tests.process.harness import STEP_TIMEOUT, Harness, button, click_start, description, open_tally_with_two

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first


async def test_a_whole_game_delivered_twice_in_places_logs_no_error_and_no_traceback(fake, tmp_path):
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    async with Harness(fake, tmp_path) as harness:
        run = await harness.start_connected()
        lobby_id = await open_tally_with_two(fake, ann, bob)
        await click_start(fake, ann, lobby_id)
        turn, total = ann, 0
        while "wins" not in description(fake.message(lobby_id)):
            clicked = await fake.click(turn, lobby_id, button(fake.message(lobby_id), "Add 2")["custom_id"],
                                       timeout=STEP_TIMEOUT)
            total += 2
            await fake.wait_for(lambda: f"total {total}" in description(fake.message(lobby_id))  # noqa: B023
                                or "wins" in description(fake.message(lobby_id)), STEP_TIMEOUT)
            if total == 4:  # Discord sends this click again: applied once, the second answer refused
                refused = len(fake.rejected)
                await fake.redeliver(clicked)
                await fake.wait_for(lambda: len(fake.rejected) > refused, STEP_TIMEOUT)  # noqa: B023
                assert fake.rejected[-1]["status"] == 400 and fake.rejected[-1]["path"].endswith("/callback")
            turn = bob if turn == ann else ann
        await fake.wait_for(lambda: "delivered again" in run.stdout, STEP_TIMEOUT)
        assert "reaches 10 and wins" in description(fake.message(lobby_id)), "the click sent twice counted twice"
        logged = run.stdout + run.stderr
        assert not re.search(r" (ERROR|CRITICAL) ", logged), f"the log holds an error:\n{logged}"
        assert "Traceback" not in logged, f"the log holds a traceback:\n{logged}"


async def test_a_board_edit_discord_fails_five_times_is_tried_again_until_the_board_is_current(fake, tmp_path):
    """discord.py tries a 500 five times itself (about 25 s), then gives up; the bot tries again. The change
    comes from a command (/game abort): a click on the board would carry the board in its own answer."""
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    async with Harness(fake, tmp_path) as harness:
        run = await harness.start_connected()
        lobby_id = await open_tally_with_two(fake, ann, bob)
        await click_start(fake, ann, lobby_id)
        fake.inject_error("PATCH", r"^/channels/\d+/messages/\d+$", 500, times=5)
        await fake.slash(ann, "game", {}, subcommand="abort", timeout=STEP_TIMEOUT)
        await fake.wait_for(lambda: not FakeDiscord.components(fake.message(lobby_id)), 3 * STEP_TIMEOUT)
        assert "trying again" in run.stdout and "Traceback" not in run.stdout + run.stderr, run.stdout

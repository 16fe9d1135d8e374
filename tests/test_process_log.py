"""A whole game's log, as an operator reads it: at INFO it holds no ERROR and no traceback, even when
Discord delivers the same interaction twice (it may, after a gateway resume)."""
from __future__ import annotations

import re

import pytest

from tests.test_restart import STEP_TIMEOUT, Harness, button, click_start, description, fake, open_tally_with_two

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

__all__ = ["fake"]  # the fixture, shared with the restart tests


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

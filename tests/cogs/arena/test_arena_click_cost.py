"""How many project files an Eye for an Eye panel click enters (tests/kit/click_reach.py)."""
from __future__ import annotations

import pytest

from tests.cogs.arena.arena_helpers import begin
from tests.kit.click_reach import ClickReach

pytestmark = pytest.mark.usefixtures("at_once")


async def test_an_eye_for_an_eye_roll_enters_no_more_files_than_today(world, simcord_bot):
    env, guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"))
    with ClickReach() as reach:
        await table.click("ann", "🎲 Roll")
    print(f"\nan Eye for an Eye Roll enters {len(reach.files)} files: {sorted(reach.files)}")
    assert "engine/arena/dice.py" in reach.files and "cogs/arena/panel.py" in reach.files  # the tracer sees it all
    # 60: 59 before issue 24, plus cogs/channel_budget.py, which every board edit through the channel consults
    assert len(reach.files) <= 60, "issue 21's target is 25"

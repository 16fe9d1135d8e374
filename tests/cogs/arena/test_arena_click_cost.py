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
    # 55: the board's picture is not drawn again for a roll (ArenaUI.pictured), so render/arena.py,
    # render/arena_modes.py and render/canvas.py are not entered (60 before)
    assert len(reach.files) <= 55, "issue 21's target is 25"

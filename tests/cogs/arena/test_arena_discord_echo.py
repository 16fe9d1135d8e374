"""Echo's Guards in the core game on Discord (ARENA.md 4.16): his panel has Call the Guard beside the
basic actions, it places a Guard in 2 clicks as under the advanced rules, his Guard takes his Attack
through the figure cycle, and the board names his Guards. Played in process, Ann (Grublic) and Cat (Echo)."""
from __future__ import annotations

import pytest

from tests.cogs.arena.arena_helpers import NE, SW, A, D, E, M, S, begin, board_of, log_lines, put
from tests.cogs.discord_helpers import buttons

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py)

ECHO = 1


async def test_echo_calls_a_guard_in_the_core_game_and_it_takes_his_attack(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "cat"), characters=("grublic", "echo"))
    state = await table.state()
    assert not state["advanced"] and state["guards"][ECHO] == [None] * 4
    assert "✨ Call the Guard 0/2" in buttons(table.panel("cat")), "his innate action has its button"
    assert not any("Watch Out" in label for label in buttons(table.panel("ann"))), "Grublic's waits for advanced"

    await put(table, ann=([-3, 1], E), cat=([1, -1], SW))
    await table.roll("cat", S, S, D, D, A, auto=False)
    await table.choose("cat", "a:call_the_guard")
    await table.click("cat", "✨ Call the Guard 2/2")
    assert "Echo's Guard 1" in await table.click("cat", "↙ SW")
    assert (await table.state())["guards"][ECHO][0] == {"hex": [0, 0], "facing": SW, "statuses": {}}
    board = await board_of(simcord_bot, channel)
    assert "Guards 1 at E5 facing SW" in board.attachments[0].description

    await put(table, ann=([-1, 1], NE))
    await table.roll("cat", A, A, D, D, M, auto=False)
    await table.choose("cat", "a:attack")
    await table.click("cat", "🐦 Echo acts")
    await table.click("cat", "⚔ Attack → Grublic")
    assert "Echo's Guard 1 ({1}): Attack 2 on Grublic ({0})" in log_lines(await table.state())

"""The interactions a new player needs for a first hit, counted on the panel through Discord (issue 23's
before/after figures): open the panel, roll, allocate, attack; and a Move of 2 steps. The legend comes
with the first panel by itself and the greyed buttons say why, so none of them costs a click."""
from __future__ import annotations

import pytest

from engine.rng import rig
from tests.cogs.arena.arena_helpers import A, D, E, H, M, W, begin, log_lines, put

pytestmark = pytest.mark.usefixtures("at_once")


async def test_a_first_hit_takes_four_interactions_and_a_two_step_move_three(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"))
    await put(table, ann=([0, 0], E), bob=([1, 0], W))
    counted: dict[str, int] = {}

    async def count(what: str, *labels: str, select: str | None = None) -> str:
        before = table.clicks["ann"]
        for label in labels:
            await table.click("ann", label)
        if select is not None:
            await table.choose("ann", select)
        counted[what] = table.clicks["ann"] - before
        return log_lines(await table.state())

    await table.open("ann")  # Open my board: a fresh panel, 1 interaction
    counted["open the panel"] = 1
    rig(await table.state(), A, A, D, H, M)
    await count("roll", "🎲 Roll")
    await count("allocate", select="a:attack")
    assert "Spear Thrust 2 on Riparian" in await count("attack", "⚔ Attack → Riparian")
    rig(await table.state(), M, M, H, H, D)
    await count("roll again", "🎲 Roll")
    await count("allocate again", select="a:move")
    assert "(NE, L)" in await count("move 2 steps", "👣 Move…", "↗ NE", "⟲ Left")
    first_hit = counted["open the panel"] + counted["roll"] + counted["allocate"] + counted["attack"]
    print(f"\nEye for an Eye clicks: {counted}; a first hit: {first_hit}")
    assert (first_hit, counted["move 2 steps"]) == (4, 3)

"""Faults Discord causes: a board edit Discord fails is tried again until the board is current."""
from __future__ import annotations

import asyncio

from tests.cogs.discord_helpers import message_in, open_table


def shown_move(channel, board_id) -> int:
    return int(message_in(channel, board_id).embeds[0].footer.text.rsplit(" ", 1)[1])


async def test_a_board_edit_discord_fails_five_times_is_tried_again_until_the_board_is_current(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await open_table(u, channel, "tally", ("ann", "bob"))
    simcord_bot.presenter.retry_seconds = (0.01, 0.02, 0.04)  # the waits' lengths are not under test
    before = shown_move(channel, board_id)
    env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=5)
    clicked = await u["ann"].click(message_in(channel, board_id), label="Add 1")
    assert not clicked.ephemeral, "the player was told of a fault: the move was made, only its board lagged"
    session = await simcord_bot.table.active_in(channel.id)
    for _ in range(6000):  # each pass lets the bot's retry run; it stops once the board is current
        if shown_move(channel, board_id) == session.version:
            break
        await asyncio.sleep(0.01)
        await env.settle()
    assert shown_move(channel, board_id) == session.version == before + 1
    assert (await simcord_bot.table.get(session.id)).shown_version == session.version


async def test_game_abort_answers_truthfully_when_discord_refuses_the_board(world, simcord_bot):
    env, guild, channel, u = world
    await open_table(u, channel, "tally", ("ann", "bob"))
    env.inject_error("PATCH", "/channels/*/messages/*", status=403, times=None)  # say, a permission taken away
    aborted = await u["ann"].slash(channel, "game abort")
    assert aborted.response.content == "You ended the game.", "the game ended, but the player was told otherwise"
    assert await simcord_bot.table.active_in(channel.id) is None

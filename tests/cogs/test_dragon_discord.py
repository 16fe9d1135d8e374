"""Treasure of the Dragons played through Discord, in process: three users in one channel."""
from __future__ import annotations

from cogs.pings import AROUND_SECONDS
from engine.dragon import turn_of
from tests.cogs.discord_helpers import (
    assert_people_named_and_pinged,
    message_in,
    pinged,
    public_texts,
)
from tests.kit.dragon_play import (
    SEAT_ORDER,
    cells_of,
    label,
    menu_with,
    open_dragon,
    plan_a_collecting_turn,
    reveal,
    state_of,
)


async def test_a_whole_game_by_three_users(world, simcord_bot, hand_clock):
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    turns = 0
    while (state := await state_of(simcord_bot, channel)) is not None:
        player = u[SEAT_ORDER[turn_of(state)]]
        plan = plan_a_collecting_turn(state)
        assert plan, "cards are left that cannot be collected"
        for cell in plan:
            await reveal(player, channel, board_id, cell)
        hand_clock.advance(AROUND_SECONDS + 1)  # a slow table: the next player is away meanwhile (cogs/pings.py)
        await player.click(message_in(channel, board_id), label="Stop and collect")
        turns += 1
        assert turns < 60
        if (after := await state_of(simcord_bot, channel)) is not None:  # the next player, and only they, is pinged
            assert pinged(env, channel.last_message) == {u[SEAT_ORDER[turn_of(after)]].id}
    board = message_in(channel, board_id)
    assert not board.components  # a finished game has no buttons
    announcement = channel.last_message
    assert "is over" in announcement.content
    assert all(f"<@{u[name].id}>" in announcement.content for name in SEAT_ORDER)
    assert "collects" in board.embeds[0].description  # announcements name what was collected
    assert "ann" in board.attachments[0].description  # the board names players by display name
    assert_people_named_and_pinged(env, channel, [u[name] for name in SEAT_ORDER])


async def test_cards_covered_again_are_shown_nowhere(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    state = await state_of(simcord_bot, channel)
    # Ann turns over one doll and two rings, then stops: the lone doll is covered again.
    doll = cells_of(state, "doll")[0]
    rings = cells_of(state, "ring")[:2]
    for cell in (doll, *rings):
        await reveal(u["ann"], channel, board_id, cell)
    during = message_in(channel, board_id).attachments[0].description
    assert label(doll) in during  # while the turn runs, the board shows it
    await u["ann"].click(message_in(channel, board_id), label="Stop and collect")
    # Bob turns over a crate, then a dragon: the turn ends with nothing, both covered again.
    state = await state_of(simcord_bot, channel)
    crate, dragon = cells_of(state, "crate")[0], cells_of(state, "dragon")[0]
    await reveal(u["bob"], channel, board_id, crate)
    await reveal(u["bob"], channel, board_id, dragon)
    after = public_texts(channel)
    assert label(doll) not in after  # covered again when Ann stopped: nobody is shown it again
    assert "collects 2 rings" in after and "doll" not in after.lower().replace("dolls", "")
    # The cards that ended Bob's turn are shown to everyone (GAMES.md), until the next reveal.
    assert f"turned over a dragon at {label(dragon)} with a crate at {label(crate)} face up" in after
    grid = (await state_of(simcord_bot, channel))["grid"]
    assert grid[doll[0]][doll[1]] == "doll"  # still there, face down
    state = await state_of(simcord_bot, channel)
    next_cell = next(cell for cell in cells_of(state, "ring", "dragon", "ball", "car", "doll")
                     if cell not in (doll, crate, dragon))
    await reveal(u["cat"], channel, board_id, next_cell)
    board_text = message_in(channel, board_id).attachments[0].description
    for cell in (doll, crate, dragon):
        assert label(cell) not in board_text, "a covered card is still shown after the next reveal"


async def test_only_the_player_on_turn_may_turn_over_a_card(world, simcord_bot):
    """Issue 23: the row menu is gone (every card is in a card menu); a card chosen out of turn is
    refused privately, by the engine, and names whose turn it is."""
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    board = message_in(channel, board_id)
    menu = menu_with(board, [3, 0])
    result = await u["bob"].select(board, ["3-0"], custom_id=menu.custom_id)
    assert result.ephemeral and f"<@{u['ann'].id}>'s turn" in result.response.content
    watcher = await u["dan"].select(message_in(channel, board_id), ["3-0"], custom_id=menu.custom_id)
    assert watcher.ephemeral and "watching" in watcher.response.content
    assert (await state_of(simcord_bot, channel))["revealed"] == []


async def test_an_idle_player_stops_when_the_timer_runs_out(world, simcord_bot, hand_clock):
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    state = await state_of(simcord_bot, channel)
    rings = cells_of(state, "ring")[:2]
    for cell in rings:
        await reveal(u["ann"], channel, board_id, cell)
    hand_clock.advance(91)
    await simcord_bot.table.fire_due()
    await env.settle()
    state = await state_of(simcord_bot, channel)
    assert turn_of(state) == 1 and state["collected"][0].get("ring") == 2
    assert "collects 2 rings" in message_in(channel, board_id).embeds[0].description

"""Issue 23, Treasure of the Dragons: any covered card in one interaction, and a Now field.

Before, the board showed one row's seven cells as buttons and a row menu to switch rows: over
whole games played by `test_dragon_discord`'s collecting players, 1.63 interactions a reveal
(233 of 368 reveals needed the row menu first). Now every card the player may pick is in a card
menu (one, or two of up to 25), and choosing it turns it over.
"""
from __future__ import annotations

import discord

from cogs.components import Ref, TableSelect, view_of
from engine.dragon import SIZE, turn_of
from tests.cogs.discord_helpers import buttons, message_in, selects
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

ALL_LABELS = [label([r, c]) for r in range(SIZE) for c in range(SIZE)]


def offered(board) -> list[str]:
    """Every cell the board's menus offer, menu after menu, in their order."""
    return [option.label for menu in selects(board) for option in menu.options]


def now_of(board) -> str:
    return next(field.value for field in board.embeds[0].fields if field.name == "Now")


async def test_every_covered_card_is_in_a_card_menu_within_discords_limits(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    board = message_in(channel, board_id)
    menus = selects(board)
    assert len(board.components) <= 5 and all(len(menu.options) <= 25 for menu in menus)
    assert offered(board) == ALL_LABELS  # all 49, once each, in reading order (A1, B1, ... G7)
    assert [menu.placeholder for menu in menus] == ["Turn over a card: A1 to D4", "Turn over a card: E4 to G7"]
    state = await state_of(simcord_bot, channel)
    # Not a spider: a spider ends the turn and the board then offers where to move it, not cards.
    cell = next([r, c] for r in range(SIZE) for c in range(SIZE) if state["grid"][r][c] != "spider")
    await reveal(u["ann"], channel, board_id, cell)
    board = message_in(channel, board_id)
    assert offered(board) == [name for name in ALL_LABELS if name != label(cell)]  # a card face up is not offered again
    assert not buttons(board)["Stop and collect"].disabled


async def test_a_whole_game_turns_over_every_card_in_one_interaction(world, simcord_bot):
    """Each reveal is one menu choice that the table applies at once; printed: the game's count."""
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    reveals = interactions = 0
    while (state := await state_of(simcord_bot, channel)) is not None:
        player = u[SEAT_ORDER[turn_of(state)]]
        for cell in plan_a_collecting_turn(state):
            version = (await simcord_bot.table.active_in(channel.id)).version
            board = message_in(channel, board_id)
            menu = menu_with(board, cell)
            result = await player.select(board, [f"{cell[0]}-{cell[1]}"], custom_id=menu.custom_id)
            interactions += 1
            reveals += 1
            assert not result.ephemeral, result.response.content
            assert (await simcord_bot.table.active_in(channel.id)).version == version + 1, "the card was not turned"
        await player.click(message_in(channel, board_id), label="Stop and collect")
    print(f"\n{reveals} reveals took {interactions} interactions")
    assert reveals and interactions == reveals


async def test_the_now_field_names_the_player_on_turn_and_what_they_may_do(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    ann, bob = f"<@{u['ann'].id}>", f"<@{u['bob'].id}>"
    assert now_of(message_in(channel, board_id)) == f"{ann}: turn over a card (choose it in a menu below)."
    rings = cells_of(await state_of(simcord_bot, channel), "ring")[:2]
    for cell in rings:
        await reveal(u["ann"], channel, board_id, cell)
    board = message_in(channel, board_id)
    assert now_of(board) == f"{ann}: turn over a card or stop (2 turned over this turn; a stop now collects 2 rings)."
    assert f"{ann} · 0 cards" in board.embeds[0].fields[0].value
    await u["ann"].click(board, label="Stop and collect")
    board = message_in(channel, board_id)
    assert now_of(board).startswith(f"{bob}: turn over a card")
    assert f"{ann} · 2 cards" in board.embeds[0].fields[0].value


async def test_a_spider_is_moved_to_an_empty_cell_with_one_choice(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    state = await state_of(simcord_bot, channel)
    ring, spider = cells_of(state, "ring")[0], cells_of(state, "spider")[0]
    await reveal(u["ann"], channel, board_id, ring)
    await u["ann"].click(message_in(channel, board_id), label="Stop and collect")  # the ring's cell is now empty
    await reveal(u["bob"], channel, board_id, spider)
    board = message_in(channel, board_id)
    assert now_of(board) == (f"<@{u['bob'].id}> turned over a spider: move it to an empty cell (in the menu below) "
                             "or leave it where it is.")
    (menu,) = selects(board)
    assert menu.placeholder == f"Move the spider to: {label(ring)}" and offered(board) == [label(ring)]
    refused = await u["cat"].select(board, [f"{ring[0]}-{ring[1]}"], custom_id=menu.custom_id)
    assert refused.ephemeral and (await state_of(simcord_bot, channel))["phase"] == "spider"
    await u["bob"].select(message_in(channel, board_id), [f"{ring[0]}-{ring[1]}"], custom_id=menu.custom_id)
    state = await state_of(simcord_bot, channel)
    assert turn_of(state) == 2 and state["grid"][ring[0]][ring[1]] == "spider"
    assert f"moves the spider to {label(ring)}" in message_in(channel, board_id).embeds[0].description


async def test_leave_the_spider_still_ends_the_turn(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    spider = cells_of(await state_of(simcord_bot, channel), "spider")[0]
    await reveal(u["ann"], channel, board_id, spider)
    board = message_in(channel, board_id)
    assert not selects(board)  # no cell is empty yet: nowhere to move it
    assert "no cell is empty, so leave it where it is" in now_of(board)
    await u["ann"].click(board, label="Leave the spider")
    assert turn_of(await state_of(simcord_bot, channel)) == 1


async def test_a_row_menu_left_from_an_older_board_gets_the_card_menus(world, simcord_bot):
    """A board drawn before this layout (a row menu, seven buttons) may still be up after an update:
    its row menu changes nothing in the game and brings up today's card menus."""
    env, guild, channel, u = world
    board_id = await open_dragon(u, channel)
    session = await simcord_bot.table.active_in(channel.id)
    old = view_of([TableSelect(Ref(session.id, "row", "", session.version), placeholder="Row 1",
                               options=[discord.SelectOption(label=f"Row {r + 1}", value=str(r)) for r in range(SIZE)])])
    await simcord_bot.get_channel(channel.id).get_partial_message(board_id).edit(view=old)
    (row_menu,) = selects(message_in(channel, board_id))
    result = await u["ann"].select(message_in(channel, board_id), ["3"], custom_id=row_menu.custom_id)
    assert not result.ephemeral
    assert offered(message_in(channel, board_id)) == ALL_LABELS
    assert (await simcord_bot.table.active_in(channel.id)).version == session.version

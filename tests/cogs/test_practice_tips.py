"""Practice: one person at a table of computers gets a tip on the board at each step, saying what
they can do now and why (issue 23). Tables of several people get none."""
from __future__ import annotations

import pytest

from engine.grid import label
from tests.cogs.discord_helpers import message_in, open_table, selects

TIP = "💡 Practice tip"


def tip_of(board) -> str | None:
    return next((f.value for f in board.embeds[0].fields if f.name == TIP), None)


async def practice_board(user, channel, bot, game: str):
    await user.slash(channel, "play", game=game, practice=True)
    session = await bot.table.active_in(channel.id)
    return session, message_in(channel, session.message_id)


async def test_a_practice_dragon_turn_says_what_a_stop_collects_and_what_another_card_risks(world, simcord_bot):
    env, _guild, channel, u = world
    session, board = await practice_board(u["ann"], channel, simcord_bot, "dragon")
    assert "Turn over a card" in tip_of(board) and "spider" in tip_of(board)
    grid = session.state["grid"]
    ring = label(next([r, c] for r in range(7) for c in range(7) if grid[r][c] == "ring"))
    menu = next(menu for menu in selects(board) if any(option.label == ring for option in menu.options))
    value = next(option.value for option in menu.options if option.label == ring)
    await u["ann"].select(board, [value], custom_id=menu.custom_id)  # turns the ring over
    tip = tip_of(message_in(channel, board.id))
    assert tip.startswith("Stop now to collect 1 ring.") and "Another card risks a spider" in tip


@pytest.mark.parametrize("game, words", [("ghosts", "Keep the cards that match a ghost"),
                                         ("bugs", "Grab a tile to look at it"),
                                         ("arena", "press ✅ Ready")])
async def test_every_practice_board_has_a_tip(world, simcord_bot, game, words):
    env, _guild, channel, u = world
    _, board = await practice_board(u["ann"], channel, simcord_bot, game)
    assert words in (tip_of(board) or ""), board.embeds[0].fields


async def test_a_table_of_people_gets_no_tip(world, simcord_bot):
    env, _guild, channel, u = world
    board_id = await open_table(u, channel, "dragon", ("ann", "bob"))
    assert tip_of(message_in(channel, board_id)) is None

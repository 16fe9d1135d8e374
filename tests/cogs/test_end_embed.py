"""The end of a game as its players read it: a solo game says won or lost and the score (not a
one-line standings list, "1. @Ann (12)"), and an aborted game's end message pings nobody while a
finished one pings its players."""
from __future__ import annotations

from tests.cogs.discord_helpers import buttons, message_in, pinged


def end_of(channel):
    end = channel.last_message
    assert "is over" in end.content
    (embed,) = end.embeds
    return end, embed, {field.name: field.value for field in embed.fields}


async def test_a_solo_game_given_up_says_lost_with_the_score(world, simcord_bot):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="patience")
    board = channel.last_message
    await u["ann"].click(board, label="Draw")
    drawn = (await simcord_bot.table.get((await simcord_bot.table.active_in(channel.id)).id)).state["sum"]
    await u["ann"].slash(channel, "game leave")
    end, embed, said = end_of(channel)
    assert embed.title == "Patience is over: lost"
    assert said["Result"] == f"<@{u['ann'].id}> lost · score {drawn}"
    assert "Final standings" not in said, "one player has no standings to list"
    assert pinged(env, end) == {u["ann"].id}


async def test_a_solo_game_played_out_says_whether_it_was_won(world, simcord_bot):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="patience")
    board_id = channel.last_message.id
    session_id = (await simcord_bot.table.active_in(channel.id)).id
    while "Draw" in buttons(message_in(channel, board_id)):
        await u["ann"].click(message_in(channel, board_id), label="Draw")
    total = (await simcord_bot.table.get(session_id)).state["sum"]
    verdict = "won" if total == 21 else "lost"
    end, embed, said = end_of(channel)
    assert embed.title == f"Patience is over: {verdict}"
    assert said["Result"] == f"<@{u['ann'].id}> {verdict} · score {total}"


async def test_an_aborted_game_pings_nobody(world):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    await u["bob"].click(lobby, label="Join")
    await u["ann"].click(lobby, label="Start")
    await u["ann"].slash(channel, "game abort")
    end, embed, said = end_of(channel)
    assert pinged(env, end) == set(), "the players are named, not called back for a game that ended early"
    assert f"<@{u['bob'].id}>" in end.content and "Final standings" not in said


async def test_a_finished_game_pings_its_players_and_no_watcher(world):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    await u["bob"].click(lobby, label="Join")
    await u["ann"].click(lobby, label="Start")
    turn = "ann"
    while "Add 2" in buttons(board := message_in(channel, lobby.id)):
        await u[turn].click(board, label="Add 2")
        turn = "bob" if turn == "ann" else "ann"
    end, embed, said = end_of(channel)
    assert pinged(env, end) == {u["ann"].id, u["bob"].id}
    assert said["Final standings"].startswith(f"1. <@{u['ann'].id}>")

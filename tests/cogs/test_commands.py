"""The shared commands played as users would, several users in one channel (simcord)."""
from __future__ import annotations

import discord
import pytest

from engine import registry
from engine.errors import RuleError
from tests.cogs.discord_helpers import buttons, message_in


async def test_play_opens_a_lobby_and_friends_join(world):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    assert "Tally - lobby" in lobby.embeds[0].title
    await u["bob"].click(lobby, label="Join")
    lobby = channel.last_message
    seats = lobby.embeds[0].fields[0]
    assert f"<@{u['ann'].id}>" in seats.value and f"<@{u['bob'].id}>" in seats.value


async def open_tally(u, channel, *joiners):
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    for name in joiners:
        await u[name].click(lobby, label="Join")
    return channel.last_message


async def play_tally_to_the_end(u, channel):
    """Ann and Bob each add 2 in turn; Ann reaches 10 first."""
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Start")
    turn = "ann"
    while buttons(board := message_in(channel, lobby.id)):
        await u[turn].click(board, label="Add 2")
        turn = "bob" if turn == "ann" else "ann"
    return message_in(channel, lobby.id)


async def test_a_whole_game_through_the_buttons(world):
    env, guild, channel, u = world
    board = await play_tally_to_the_end(u, channel)
    assert board.attachments and board.attachments[0].description  # every image has a text description
    assert "wins" in board.embeds[0].description
    announcement = channel.last_message
    assert "is over" in announcement.content
    (standings,) = [f.value for f in announcement.embeds[0].fields if f.name == "Final standings"]
    assert standings.index(f"1. <@{u['ann'].id}>") < standings.index(f"<@{u['bob'].id}>")


async def test_history_lists_the_last_games_with_winners(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Cancel")
    await play_tally_to_the_end(u, channel)
    result = await u["cat"].slash(channel, "game history")
    lines = result.response.embeds[0].description.splitlines()
    assert f"won by <@{u['ann'].id}>" in lines[0]
    assert len(lines) == 1, "a cancelled lobby is not a game played"


async def test_second_play_in_a_busy_channel_says_where_the_game_is(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel)
    result = await u["bob"].slash(channel, "play", game="tally")
    assert result.ephemeral
    assert "already running" in result.response.content and str(lobby.id) in result.response.content


def test_an_unknown_game_name_gets_a_friendly_answer():
    """Discord offers only the games as choices; a name typed by other means is still answered kindly."""
    with pytest.raises(RuleError, match="no game called 'chess'"):
        registry.find("chess")
    with pytest.raises(RuleError, match=r"no game called 'x{40}\.\.\.'"):
        registry.find("x" * 5000)


def test_game_names_are_forgiving_about_case_spaces_and_titles():
    assert registry.find(" ghosts ").name == registry.find("Ghosts").name == registry.find("zap that ghost").name == "ghosts"
    assert registry.find("Treasure  of the Dragons").name == "dragon"


async def test_the_game_option_offers_every_game_as_a_fixed_choice(world):
    env, guild, channel, u = world
    for command in ("play", "rules", "leaderboard"):
        (synced,) = [c for c in env.backend.visible_commands(user_id=u["ann"].id, channel_id=channel.id)
                     if c["name"] == command]
        (game,) = [o for o in synced["options"] if o["name"] == "game"]
        choices = {c["value"]: c["name"] for c in game["choices"]}
        assert choices["ghosts"].startswith("Zap That Ghost · ") and choices["dragon"].startswith("Treasure of the Dragons · ")
        assert not game.get("autocomplete")


async def test_a_watcher_click_changes_nothing(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Start")
    before = message_in(channel, lobby.id).embeds[0].footer.text
    result = await u["cat"].click(message_in(channel, lobby.id), label="Add 1")
    assert result.ephemeral and "watching" in result.response.content
    assert message_in(channel, lobby.id).embeds[0].footer.text == before


async def test_out_of_turn_click_is_refused_privately(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Start")
    result = await u["bob"].click(message_in(channel, lobby.id), label="Add 1")
    assert result.ephemeral and "not your turn" in result.response.content


async def test_a_click_on_an_old_board_gets_the_current_one(world, simcord_bot):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Start")
    session = await simcord_bot.table.active_in(channel.id)
    # Ann's move lands while Bob's client still shows the board from before it.
    await simcord_bot.table.act(session.id, u["ann"].id, {"type": "add", "n": 1})
    result = await u["bob"].click(message_in(channel, lobby.id), label="Add 1")
    assert result.ephemeral and "out of date" in result.response.content
    assert "total" in result.response.attachments[0].description  # the current board, privately
    assert (await simcord_bot.table.get(session.id)).state["total"] == 1  # Bob's stale click did nothing


async def test_posting_the_board_again_blanks_the_old_one(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Start")
    await u["cat"].slash(channel, "game board")
    fresh = channel.last_message
    old = message_in(channel, lobby.id)
    assert "moved here" in old.content and str(fresh.id) in old.content
    assert not old.embeds and not old.attachments and not old.components
    await u["ann"].click(fresh, label="Add 1")
    assert "total 1" in message_in(channel, fresh.id).embeds[0].description


async def test_lobby_limits_hold_through_the_buttons(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob", "cat")
    full = await u["dan"].click(lobby, label="Join")
    assert full.ephemeral and "full" in full.response.content
    again = await u["bob"].click(lobby, label="Join")
    assert again.ephemeral and "already have a seat" in again.response.content
    not_host = await u["bob"].click(lobby, label="Start")
    assert not_host.ephemeral and "Only the host" in not_host.response.content


async def test_start_is_disabled_until_the_minimum(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel)
    assert buttons(lobby)["Start"].disabled is True
    await u["bob"].click(lobby, label="Join")
    assert not buttons(message_in(channel, lobby.id))["Start"].disabled


async def test_host_toggles_an_option_in_the_lobby(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Steps of 2 and 4: off")
    assert "Steps of 2 and 4: on" in buttons(message_in(channel, lobby.id))


async def test_a_solo_game_starts_at_once(world):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="patience")
    board = channel.last_message
    assert board.attachments and "Draw" in buttons(board)


async def test_rules_are_private(world):
    env, guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="tally")
    assert result.ephemeral and "Reach 10" in result.response.embeds[0].description


async def test_abort_needs_the_host_or_manage_channels(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Start")
    refused = await u["bob"].slash(channel, "game abort")
    assert refused.ephemeral and "Only the host" in refused.response.content
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    await mod.slash(channel, "game abort")
    assert "no results were recorded" in channel.last_message.embeds[0].description
    await u["ann"].slash(channel, "play", game="tally")  # the channel is free again
    assert "Tally - lobby" in channel.last_message.embeds[0].title


async def test_a_turn_timer_moves_the_board_on(world, simcord_bot, hand_clock):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Start")
    hand_clock.advance(61)
    await simcord_bot.table.fire_due()
    await env.settle()
    assert "total 1" in message_in(channel, lobby.id).embeds[0].description


async def test_leaving_mid_game_skips_the_player(world):
    env, guild, channel, u = world
    lobby = await open_tally(u, channel, "bob")
    await u["ann"].click(lobby, label="Start")
    result = await u["bob"].slash(channel, "game leave")
    assert result.ephemeral
    assert "is over" in channel.last_message.content


async def test_a_broken_command_gets_a_friendly_answer(world, simcord_bot, monkeypatch):
    env, guild, channel, u = world

    async def broken(channel_id):
        raise RuntimeError("disk on fire")
    monkeypatch.setattr(simcord_bot.table, "history", broken)
    result = await u["ann"].slash(channel, "game history")
    assert result.ephemeral and "Something went wrong" in result.response.content
    env.errors.clear()  # the failure was logged, as it should be


async def test_options_can_be_turned_on_with_play(world):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally", options="double")
    assert "Steps of 2 and 4: on" in buttons(channel.last_message)


async def test_an_unknown_option_is_refused_and_opens_nothing(world, simcord_bot):
    env, guild, channel, u = world
    result = await u["ann"].slash(channel, "play", game="tally", options="turbo")
    assert result.ephemeral and "no such option: 'turbo'" in result.response.content and "double" in result.response.content
    assert await simcord_bot.table.active_in(channel.id) is None


async def test_option_autocomplete_lists_the_chosen_games_options(world):
    env, guild, channel, u = world
    choices = await u["ann"].autocomplete(channel, "play", "options", "", game="tally")
    assert [c["value"] for c in choices] == ["double"]

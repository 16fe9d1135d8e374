"""Players are named, the one who must act is pinged (watchers never), and the rough edges
new players met: links, long options, DMs, lobby hosts, news, history and plurals."""
from __future__ import annotations

import pytest

from cogs.pings import AROUND_SECONDS
from tests.cogs.discord_helpers import buttons, message_in
from tests.kit.toygames import Tally


def pinged(env, message) -> set[int]:
    """Who Discord notified for this message (simcord resolves the allowed mentions)."""
    return set(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


def bot_messages(channel, board_id):
    return [m for m in channel.history() if m.id != board_id and m.author.bot]


async def start_tally(u, channel, *joiners, host="ann"):
    await u[host].slash(channel, "play", game="tally")
    lobby = channel.last_message
    for name in joiners:
        await u[name].click(lobby, label="Join")
    await u[host].click(lobby, label="Start")
    return lobby.id


async def test_the_start_pings_every_seated_player_and_no_watcher(world):
    env, guild, channel, u = world
    await start_tally(u, channel, "bob")
    start = channel.last_message
    assert "begins" in start.content
    assert pinged(env, start) == {u["ann"].id, u["bob"].id}  # cat and dan are watching


async def test_the_player_whose_turn_it_is_is_pinged_in_one_message_that_replaces_the_last(world, hand_clock):
    """When they are away from the table: a player who clicked there lately is not pinged (cogs/pings.py)."""
    env, guild, channel, u = world
    board_id = await start_tally(u, channel, "bob")
    hand_clock.advance(AROUND_SECONDS + 1)  # bob has not clicked since he joined
    await u["ann"].click(message_in(channel, board_id), label="Add 1")
    ping = channel.last_message
    assert pinged(env, ping) == {u["bob"].id}
    assert f"<@{u['bob'].id}>" in ping.content and str(board_id) in ping.content  # a link to the board
    hand_clock.advance(AROUND_SECONDS + 1)  # ann wandered off meanwhile
    await u["bob"].click(message_in(channel, board_id), label="Add 1")
    assert pinged(env, channel.last_message) == {u["ann"].id}
    pings = [m for m in bot_messages(channel, board_id) if "your move" in m.content or "begins" in m.content]
    assert len(pings) == 1, "old ping messages stay in the channel"


async def test_a_timer_that_moves_the_turn_pings_the_next_player(world, simcord_bot, hand_clock):
    env, guild, channel, u = world
    await start_tally(u, channel, "bob")
    hand_clock.advance(61)
    await simcord_bot.table.fire_due()
    await env.settle()
    assert pinged(env, channel.last_message) == {u["bob"].id}


async def test_the_end_is_an_embed_with_standings_that_names_and_pings_the_players(world):
    env, guild, channel, u = world
    board_id = await start_tally(u, channel, "bob")
    turn = "ann"
    while buttons(board := message_in(channel, board_id)):
        await u[turn].click(board, label="Add 2")
        turn = "bob" if turn == "ann" else "ann"
    end = channel.last_message
    (embed,) = end.embeds
    assert "is over" in embed.title and "Seat" not in embed.description
    assert embed.description.startswith(f"<@{u['ann'].id}> wins")
    standings = next(f.value for f in embed.fields if f.name == "Final standings")
    assert standings.splitlines()[0].startswith(f"1. <@{u['ann'].id}>")
    assert pinged(env, end) == {u["ann"].id, u["bob"].id}
    news = message_in(channel, board_id).embeds[0].description.splitlines()
    assert len(news) == len(set(news)), f"a result line is repeated in the news: {news}"
    assert not [m for m in bot_messages(channel, board_id) if "your move" in m.content], "a stale ping stayed"


async def test_board_moved_link_names_the_server(world):
    env, guild, channel, u = world
    board_id = await start_tally(u, channel, "bob")
    await u["bob"].slash(channel, "game board")
    old = message_in(channel, board_id)
    assert f"https://discord.com/channels/{guild.id}/{channel.id}/" in old.content and "@me" not in old.content


async def test_over_long_options_get_no_such_option(world, simcord_bot):
    env, guild, channel, u = world
    result = await u["ann"].slash(channel, "play", game="tally", options="x" * 3000)
    assert result.ephemeral and "no such option" in result.response.content
    assert len(result.response.content) < 300
    assert await simcord_bot.table.active_in(channel.id) is None


async def test_a_multiplayer_game_without_computers_cannot_open_in_a_dm_but_a_solo_game_can(world, monkeypatch):
    env, guild, channel, u = world
    monkeypatch.setattr(Tally, "computer", None)  # friends are needed: nobody can join a DM
    eve = env.create_user("eve")
    refused = await eve.slash("play", game="tally")
    assert refused.ephemeral and "server channel" in refused.response.content
    await eve.slash("play", game="patience")
    board = eve.dm_channel.last_message
    assert board.embeds and board.embeds[0].title.startswith("Patience")


async def test_a_game_with_computers_opens_in_a_dm_and_plays_with_them(world):
    env, guild, channel, u = world
    eve = env.create_user("eve")
    await eve.slash("play", game="tally", practice=True)
    board = eve.dm_channel.last_message
    assert board.embeds and board.embeds[0].title.startswith("Tally")
    assert "Computer (easy)" in board.embeds[0].fields[0].value


async def test_when_the_host_leaves_the_lobby_names_the_new_host(world):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    await u["bob"].click(lobby, label="Join")
    await u["ann"].click(lobby, label="Leave")
    text = message_in(channel, lobby.id).embeds[0].description
    assert f"<@{u['bob'].id}> is the host now" in text and "opened a table" not in text


async def test_an_aborted_board_waits_on_nobody(world):
    env, guild, channel, u = world
    board_id = await start_tally(u, channel, "bob")
    await u["ann"].slash(channel, "game abort")
    board = message_in(channel, board_id)
    players = next(f.value for f in board.embeds[0].fields if f.name == "Players")
    assert "▶" not in players and not board.components
    assert "ended early" in board.attachments[0].description


async def test_a_solo_game_footer_says_1_player(world):
    env, guild, channel, u = world
    result = await u["ann"].slash(channel, "rules", game="patience")
    assert result.response.embeds[0].footer.text.startswith("1 player ·")


INSTRUCTIONS = ("press", "Your move", "your turn", "Race!", "Buy", "Discard 2", "Stop now")


@pytest.mark.parametrize("game", ["ghosts", "tiger", "dragon"])
async def test_an_aborted_game_board_says_so_and_asks_nobody_to_act(world, game):
    """Issue 9 item 10: after /game abort, no prompt, no waiting marker, in the embed and the alt text."""
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game=game)
    board_id = channel.last_message.id
    if game != "tiger":
        await u["bob"].click(channel.last_message, label="Join")
        await u["ann"].click(channel.last_message, label="Start")
    await u["ann"].slash(channel, "game abort")
    board = message_in(channel, board_id)
    embed = board.embeds[0]
    shown = "\n".join([embed.description or ""] + [f"{f.name}: {f.value}" for f in embed.fields])
    assert "▶" not in shown and not board.components
    alt = board.attachments[0].description
    assert "ended early" in alt.lower() or "aborted" in alt.lower()
    for words in INSTRUCTIONS:
        assert words not in shown and words not in alt, f"{words!r} still asks someone to act"

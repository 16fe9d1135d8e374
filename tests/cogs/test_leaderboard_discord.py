"""/leaderboard, /stats and /privacy as users use them, in process (simcord), after real games."""
from __future__ import annotations

from tests.cogs.discord_helpers import answer, buttons, message_in, play_tally_through_buttons
from tests.kit.ratings_play import DAY, play_tally


def lines_of(result) -> list[str]:
    return result.followups[-1].embeds[0].description.splitlines() if result.followups else \
        result.response.embeds[0].description.splitlines()


async def test_the_leaderboard_after_games_played_through_the_buttons(world):
    env, guild, channel, u = world
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="bob")
    await play_tally_through_buttons(u, channel, ["ann", "bob", "cat"], winner="bob")
    result = await u["dan"].slash(channel, "leaderboard", game="tally")
    shown = answer(result)
    assert not result.ephemeral
    lines = lines_of(result)
    assert lines[0].startswith(f"**1.** <@{u['bob'].id}>") and "**1" in lines[0] and "2 games" in lines[0]
    assert f"<@{u['ann'].id}>" in lines[1] or f"<@{u['cat'].id}>" in lines[1]
    assert "You have no games on this board yet." in lines[-1]  # Dan has not played
    embed = shown.embeds[0]
    assert embed.title == "Tally leaderboard" and "This server" in embed.author.name
    assert "1500" in embed.footer.text
    (image,) = shown.attachments
    assert image.filename == "leaderboard.png" and image.description.splitlines()[2].startswith("1. bob: rating 1")
    assert embed.image.url == "attachment://leaderboard.png"


async def test_the_caller_outside_the_top_10_sees_their_own_place(world, simcord_bot):
    env, guild, channel, u = world
    table = simcord_bot.table
    for i in range(11):  # eleven winners and eleven losers, somewhere in this server
        await play_tally(table, [500 + i, 600 + i], winner=500 + i, guild=guild.id, channel=9000 + i)
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="bob")
    result = await u["ann"].slash(channel, "leaderboard", game="tally")
    lines = lines_of(result)
    assert len(lines) == 12 and lines[-2] == "…"
    assert f"<@{u['ann'].id}>" in lines[-1] and lines[-1].endswith("← you") and "**13.**" in lines[-1]
    description = answer(result).attachments[0].description
    assert description.splitlines()[-1].startswith("13. ann:") and description.endswith("(you)")


async def test_server_scope_shows_only_games_played_in_that_server(world):
    env, guild, channel, u = world
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="ann")
    other = env.create_guild("Elsewhere")
    other_channel = other.create_text_channel("games")
    cat = other.add_member(u["cat"].user)
    here_elsewhere = await cat.slash(other_channel, "leaderboard", game="tally")
    assert lines_of(here_elsewhere) == ["No games on this board yet."]
    everywhere = await cat.slash(other_channel, "leaderboard", game="tally", scope="global")
    assert [line.split(" · ")[0] for line in lines_of(everywhere)[:2]] == [
        f"**1.** <@{u['ann'].id}>", f"**2.** <@{u['bob'].id}>"]
    assert "Global" in answer(everywhere).embeds[0].author.name


async def test_periods_follow_when_games_finished(world, hand_clock):
    env, guild, channel, u = world
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="ann")
    hand_clock.advance(40 * DAY)
    await play_tally_through_buttons(u, channel, ["cat", "dan"], winner="dan")
    month = lines_of(await u["ann"].slash(channel, "leaderboard", game="tally", period="month"))
    assert month[0].startswith(f"**1.** <@{u['dan'].id}> · wins **1** · 1 game · 100% won · rating +")
    assert not any(f"<@{u['ann'].id}>" in line for line in month)
    all_time = lines_of(await u["ann"].slash(channel, "leaderboard", game="tally", period="all"))
    assert sum(f"<@{u[n].id}>" in line for line in all_time for n in ("ann", "bob", "cat", "dan")) == 4
    hand_clock.advance(8 * DAY)
    week = await u["ann"].slash(channel, "leaderboard", game="tally", period="week")
    assert lines_of(week) == ["No games on this board yet."]
    assert "This week" in answer(week).embeds[0].author.name


async def test_privacy_hides_a_player_from_global_boards_only(world):
    env, guild, channel, u = world
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="bob")
    hidden = await u["bob"].slash(channel, "privacy")
    assert hidden.ephemeral and "now hidden" in hidden.response.content
    glob = lines_of(await u["ann"].slash(channel, "leaderboard", game="tally", scope="global"))
    assert not any(f"<@{u['bob'].id}>" in line for line in glob)
    assert glob[0].startswith(f"**1.** <@{u['ann'].id}>")
    server = lines_of(await u["ann"].slash(channel, "leaderboard", game="tally", scope="server"))
    assert server[0].startswith(f"**1.** <@{u['bob'].id}>")
    own = lines_of(await u["bob"].slash(channel, "leaderboard", game="tally", scope="global"))
    assert own[-1].startswith("You are hidden from global boards")
    shown = await u["bob"].slash(channel, "privacy")
    assert shown.ephemeral and "visible" in shown.response.content
    glob = lines_of(await u["ann"].slash(channel, "leaderboard", game="tally", scope="global"))
    assert glob[0].startswith(f"**1.** <@{u['bob'].id}>")


async def test_stats_show_games_ratings_results_and_a_chart(world):
    env, guild, channel, u = world
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="ann")
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="bob")
    result = await u["ann"].slash(channel, "stats")
    assert not result.ephemeral
    shown = answer(result)
    embed = shown.embeds[0]
    assert "2 games · 1 win" in embed.description
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Tally"].startswith("Rating **1") and "2 games · 1 win (50%)" in fields["Tally"]
    recent = fields["Recent results"].splitlines()
    assert recent[0].startswith("Tally: 2nd of 2 · rating −") and recent[1].startswith("Tally: 1st of 2 · rating +")
    (chart,) = shown.attachments
    assert chart.filename == "rating.png" and "Tally: 1500 to" in chart.description
    other = answer(await u["cat"].slash(channel, "stats", user=u["bob"]))
    assert other.embeds[0].title.startswith("bob") and "2 games" in other.embeds[0].description


async def test_stats_of_a_hidden_player_show_others_only_this_server(world):
    env, guild, channel, u = world
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="bob")
    other = env.create_guild("Elsewhere")
    other_channel = other.create_text_channel("games")
    elsewhere = {name: other.add_member(u[name].user) for name in ("ann", "bob")}
    await play_tally_through_buttons(elsewhere, other_channel, ["ann", "bob"], winner="bob")
    await u["bob"].slash(channel, "privacy")
    seen_by_ann = answer(await u["ann"].slash(channel, "stats", user=u["bob"])).embeds[0]
    assert "1 game ·" in seen_by_ann.description and "only games played in this server" in seen_by_ann.footer.text
    own = answer(await u["bob"].slash(channel, "stats")).embeds[0]
    assert "2 games" in own.description and not own.footer.text


async def test_aborted_games_never_reach_the_board(world):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    await u["bob"].click(lobby, label="Join")
    await u["ann"].click(message_in(channel, lobby.id), label="Start")
    await u["ann"].click(message_in(channel, lobby.id), label="Add 2")
    await u["ann"].slash(channel, "game abort")
    assert lines_of(await u["ann"].slash(channel, "leaderboard", game="tally")) == ["No games on this board yet."]
    nothing = await u["ann"].slash(channel, "stats")
    assert nothing.ephemeral and "has not finished a game" in nothing.response.content


async def test_a_solo_game_gets_a_wins_board_and_a_record(world, simcord_bot):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="patience")
    board = channel.last_message
    while "Draw" in buttons(message_in(channel, board.id)):
        await u["ann"].click(message_in(channel, board.id), label="Draw")
    won = (await simcord_bot.table.store.fetchone("SELECT won FROM results"))[0]
    result = await u["ann"].slash(channel, "leaderboard", game="patience")
    (line,) = lines_of(result)
    assert line.startswith(f"**1.** <@{u['ann'].id}> · wins **{won}** · 1 game ·")
    assert "Ranked by wins" in answer(result).embeds[0].footer.text
    stats = answer(await u["ann"].slash(channel, "stats")).embeds[0]
    fields = {f.name: f.value for f in stats.fields}
    assert fields["Patience"].startswith(f"1 game · {won} win{'' if won == 1 else 's'} (") and f"streak {won}" in fields["Patience"]
    assert not stats.image.url  # no rated games, no chart


async def test_friendly_answers_for_bots(world):
    env, guild, channel, u = world
    robot = guild.add_member(env.create_user("robot", bot=True))
    bot_stats = await u["ann"].slash(channel, "stats", user=robot)
    assert bot_stats.ephemeral and "Bots do not play" in bot_stats.response.content

"""/help: one private page with the games (players, solo / turns / real time, length), how to start
and the commands; a message mentioning the bot gets the same page; the game picker carries the hints."""
from __future__ import annotations

import pytest

GAMES = {"ghosts": "Zap That Ghost · 2-6 · real time", "tiger": "Eye of the Tiger · solo",
         "dragon": "Treasure of the Dragons · 2-5 · turns", "bugs": "Bugs & Co · 2-8 · real time",
         "arena": "Eye for an Eye · 2-6 · real time"}


def fields(embed) -> dict[str, str]:
    return {field.name: field.value for field in embed.fields}


def assert_the_help_page(embed) -> None:
    said = fields(embed)
    games = next(value for name, value in said.items() if name.startswith("Games"))
    for key, hint in GAMES.items():
        title, *facts = hint.split(" · ")
        line = next(line for line in games.splitlines() if f"`{key}`" in line)
        assert title in line and all(fact in line for fact in facts) and " min" in line, line
    start = said["How to start"]
    assert "practice:True" in start and "🤖 Computers" in start and "🌐" in start and "Rematch" in start and "📜 Rules" in start
    commands = said["Commands"]
    for command in ("/play", "/rules", "/help", "/game abort", "/game leave", "/leaderboard", "/stats"):
        assert f"`{command}`" in commands, command
    assert len(embed) <= 6000 and all(len(value) <= 1024 for value in said.values())


async def test_help_is_one_private_page_of_games_how_to_start_and_commands(world):
    env, _guild, channel, u = world
    result = await u["ann"].slash(channel, "help")
    assert result.ephemeral
    (embed,) = result.response.embeds
    assert_the_help_page(embed)


async def test_a_message_mentioning_the_bot_gets_the_help_page(world, simcord_bot):
    env, _guild, channel, u = world
    assert not simcord_bot.intents.message_content, "no privileged intent: Discord sends mentions' content anyway"
    await u["ann"].send(channel, "what can we play?")
    assert not channel.last_message.author.bot, "a message that does not mention the bot gets no answer"
    asked = await u["ann"].send(channel, f"{simcord_bot.user.mention} how does this work?")
    answer = channel.last_message
    assert answer.author.id == simcord_bot.user.id and answer.reference.message_id == asked.id
    assert_the_help_page(answer.embeds[0])
    assert not env.errors, "no text command is looked for"


@pytest.mark.parametrize("command", ["play", "rules", "leaderboard"])
async def test_the_game_picker_says_who_plays_how_and_how_long(world, command):
    env, _guild, channel, u = world
    synced = env.backend.visible_commands(user_id=u["ann"].id, channel_id=channel.id)
    (game,) = [o for c in synced if c["name"] == command for o in c["options"] if o["name"] == "game"]
    shown = {choice["value"]: choice["name"] for choice in game["choices"]}
    for key, hint in GAMES.items():
        assert shown[key].startswith(hint) and " min" in shown[key] and len(shown[key]) <= 100, shown[key]

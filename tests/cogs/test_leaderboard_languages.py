"""/leaderboard, /stats and /privacy in the reader's language: a board or stats posted in a channel read in
the server's language (in a DM, the user's), what only the caller sees in the caller's; every word (the
embeds, the pictures' descriptions) is translated, places are written the reader's way ('2nd', '2.', '2e'),
and the English pages read as they did."""
from __future__ import annotations

import pytest

from cogs.leaderboard_words import ordinal
from tests.cogs.discord_helpers import answer
from tests.kit.catalogues import catalogues  # noqa: F401  (the fixture naming the catalogues read)
from tests.kit.english_words import NB, SHIPPED, english_left, message_texts, users_speak_their_servers_language
from tests.kit.ratings_play import DAY, play_tally, resign_patience
from tests.kit.user_locales import user_locales  # noqa: F401  (the fixture naming users' own locales)
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

SEATS = ("ann", "bob", "cat")
NAMES = ["Tally", "Patience", *SEATS, "UTC"]  # the toy games keep their titles; the players; the time zone
ALSO_SHARED = {"de": {"server", "bots", "jan"}, "fr": {"bots"}}  # "Server", "Bots" and "Jan." are German too


@pytest.fixture
def speaking(monkeypatch, catalogues):  # noqa: F811
    """German and French players on their own servers: their Discord and their server speak one language."""
    users_speak_their_servers_language(monkeypatch)


def server(env, code: str | None):
    guild = env.create_guild(preferred_locale=code) if code else env.create_guild()
    channel = guild.create_text_channel("games")
    return guild, channel, {name: guild.add_member(env.create_user(name)) for name in SEATS}


def shown(result) -> list[str]:
    """Every word of an answer: its message (embeds, picture descriptions) and its embeds' authors."""
    message = answer(result).message
    return message_texts(message) + [embed.author.name for embed in message.embeds if embed.author.name]


async def games_played(bot, clock, guild, channel, users) -> None:
    """Ann and Bob each win a game of tally (rated), a week apart; Ann resigns a game of patience (solo)."""
    table = bot.table
    ann, bob = users["ann"].id, users["bob"].id
    for name in ("ann", "bob"):
        await table.remember_name(users[name].id, name)
    await play_tally(table, [ann, bob], winner=bob, guild=guild.id, channel=channel.id)
    clock.advance(8 * DAY)
    await play_tally(table, [ann, bob], winner=ann, guild=guild.id, channel=channel.id)
    await resign_patience(table, ann, guild=guild.id, channel=channel.id)


async def everything_read(env, bot, clock, code: str | None) -> list[str]:
    """Every board, stats page and private answer of these commands, on a server in `code`."""
    guild, channel, u = server(env, code)
    await games_played(bot, clock, guild, channel, u)
    robot = guild.add_member(env.create_user("robot", bot=True))
    results = [await u["ann"].slash(channel, "leaderboard", game="tally"),
               await u["cat"].slash(channel, "leaderboard", game="tally", scope="global", period="week"),
               await u["ann"].slash(channel, "leaderboard", game="patience"),
               await u["ann"].slash(channel, "stats"),
               await u["ann"].slash(channel, "stats", user=robot),
               await u["cat"].slash(channel, "stats"),
               await u["bob"].slash(channel, "privacy"),
               await u["bob"].slash(channel, "leaderboard", game="tally", scope="global"),
               await u["bob"].slash(channel, "privacy")]
    return [text for result in results for text in shown(result)]


@pytest.mark.usefixtures("speaking")
@pytest.mark.parametrize("code", SHIPPED)
async def test_boards_stats_and_privacy_on_a_german_or_french_server_show_no_english_word(
        simcord_env, simcord_bot, hand_clock, code):
    english = await everything_read(simcord_env, simcord_bot, hand_clock, None)
    translated = await everything_read(simcord_env, simcord_bot, hand_clock, code)
    left = english_left(translated, english, code, NAMES) - ALSO_SHARED[code]
    assert not left, left


@pytest.mark.usefixtures("speaking")
async def test_the_german_board_and_stats_read_as_a_german_player_expects(simcord_env, simcord_bot, hand_clock):
    guild, channel, u = server(simcord_env, "de")
    await games_played(simcord_bot, hand_clock, guild, channel, u)
    board = answer(await u["ann"].slash(channel, "leaderboard", game="tally"))
    (embed,) = board.embeds
    assert embed.title == "Tally – Bestenliste" and embed.author.name == "Dieser Server · Insgesamt · 2 Spieler"
    assert "Wertung **1" in embed.description and f"2 Partien · 50{NB}% gewonnen" in embed.description
    assert embed.footer.text.startswith("Rangfolge nach 1500 + den auf diesem Server gewonnenen")
    picture = board.attachments[0].description
    assert "Spieler" in picture and ": Wertung 1" in picture and f", 2 Partien, 50{NB}% gewonnen" in picture
    stats = answer(await u["ann"].slash(channel, "stats")).embeds[0]
    assert stats.title == "ann: Statistik" and "3 Partien · 1 Sieg" in stats.description
    fields = {f.name: f.value for f in stats.fields}
    recent = fields["Letzte Ergebnisse"].splitlines()
    assert recent[1].startswith("Tally: 1. von 2 · Wertung +") and recent[2].startswith("Tally: 2. von 2 · Wertung −")
    assert recent[0].startswith("Patience: verloren (Punktzahl ")
    week = answer(await u["cat"].slash(channel, "leaderboard", game="tally", scope="global", period="week"))
    assert "; seit Mo., 18. Jan. (UTC); wer /privatsphäre gewählt hat" in week.embeds[0].footer.text


@pytest.mark.usefixtures("speaking")
async def test_a_french_page_places_players_and_punctuates_the_french_way(simcord_env, simcord_bot, hand_clock):
    guild, channel, u = server(simcord_env, "fr")
    await games_played(simcord_bot, hand_clock, guild, channel, u)
    stats = answer(await u["ann"].slash(channel, "stats"))
    fields = {f.name: f.value for f in stats.embeds[0].fields}
    recent = fields["Derniers résultats"].splitlines()
    assert recent[1].startswith(f"Tally{NB}: 1er sur 2 · cote +") and recent[2].startswith(f"Tally{NB}: 2e sur 2")
    assert f"(50{NB}%)" in fields["Tally"] and fields["Tally"].startswith("Cote **1")
    assert stats.attachments[0].description.startswith(f"ann{NB}: évolution de la cote\nTally{NB}: de 1500 à ")
    board = answer(await u["cat"].slash(channel, "leaderboard", game="tally", scope="global", period="week"))
    assert f"parties jouées partout{NB}; depuis le lun. 18 janv. (UTC){NB}; les joueurs ayant choisi " \
           "/confidentialité n’y figurent pas." in board.embeds[0].footer.text


async def test_a_public_answer_reads_in_the_servers_language_a_private_one_in_the_callers(
        simcord_env, simcord_bot, hand_clock, server_locales, user_locales, catalogues):  # noqa: F811
    guild, channel, u = server(simcord_env, None)  # an English server
    await games_played(simcord_bot, hand_clock, guild, channel, u)
    user_locales[u["ann"].id] = "de"
    board = answer(await u["ann"].slash(channel, "leaderboard", game="tally")).embeds[0]
    assert board.title == "Tally leaderboard" and "This server" in board.author.name
    hidden = await u["ann"].slash(channel, "privacy")
    assert hidden.ephemeral and hidden.response.content.startswith("Du bist jetzt in den weltweiten Bestenlisten")
    robot = guild.add_member(simcord_env.create_user("robot", bot=True))
    refused = await u["ann"].slash(channel, "stats", user=robot)
    assert refused.response.content == "Bots spielen hier nicht, also haben sie keine Statistik."


async def test_in_a_dm_the_board_reads_in_the_users_language(
        simcord_env, simcord_bot, hand_clock, user_locales, catalogues):  # noqa: F811
    guild, channel, u = server(simcord_env, None)
    await games_played(simcord_bot, hand_clock, guild, channel, u)
    eve = simcord_env.create_user("eve")
    user_locales[eve.id] = "fr"
    board = answer(await eve.slash("leaderboard", game="tally"))
    assert board.embeds[0].title == "Tally – classement" and board.embeds[0].author.name.startswith("Partout · ")
    refused = await eve.slash("leaderboard", game="tally", scope="server")
    assert refused.ephemeral and refused.response.content == (
        f"Les classements de serveur n’existent que sur un serveur{NB}; essaie `portée:Partout`.")


def test_a_place_is_written_the_readers_way():
    places = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111]
    assert [ordinal(n, "en-US") for n in places] == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st",
                                                     "22nd", "23rd", "101st", "111th"]
    assert [ordinal(n, "de") for n in places[:4]] == ["1.", "2.", "3.", "4."]
    assert [ordinal(n, "fr") for n in places[:4]] == ["1er", "2e", "3e", "4e"]

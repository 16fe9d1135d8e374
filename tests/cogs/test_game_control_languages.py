"""/game board, /game abort, /game leave and /game history in the reader's language: what only the caller
sees (there is no game, you ended it, you left it, nothing was played here) in the caller's, the channel's
history in the server's (in a DM, the user's), with the games' titles as the reader's language names them
and no English word left; the English answers as they were."""
from __future__ import annotations

import pytest

from cogs.language import ptext
from tests.cogs.discord_helpers import answer
from tests.kit.catalogues import catalogues  # noqa: F401  (the fixture naming the catalogues read)
from tests.kit.english_words import NB, SHIPPED, english_left, message_texts, users_speak_their_servers_language
from tests.kit.ratings_play import play_tally, resign_patience
from tests.kit.user_locales import user_locales  # noqa: F401  (the fixture naming users' own locales)
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

NAMES = ["Tally", "Patience", "Treasure of the Dragons", "ann", "bob"]  # titles kept (toy games), English's, players


@pytest.fixture
def speaking(monkeypatch, catalogues):  # noqa: F811
    """German and French players on their own servers: their Discord and their server speak one language."""
    users_speak_their_servers_language(monkeypatch)


def server(env, code: str | None):
    guild = env.create_guild(preferred_locale=code) if code else env.create_guild()
    return guild, guild.create_text_channel("games"), {name: guild.add_member(env.create_user(name))
                                                       for name in ("ann", "bob")}


async def every_answer(env, bot, code: str | None) -> list[str]:
    """Each answer of /game: with no game, a lobby left and aborted, a game won, a solo game lost, a game
    ended early, then the history, and the history of a channel where nothing was played."""
    guild, channel, u = server(env, code)
    table, ann, bob = bot.table, u["ann"].id, u["bob"].id
    results = [await u["bob"].slash(channel, "game abort"), await u["bob"].slash(channel, "game board")]
    lobby = (await table.open("tally", guild.id, channel.id, ann, language=code or "en")).session.id
    await table.join(lobby, bob)
    results += [await u["bob"].slash(channel, "game leave"), await u["ann"].slash(channel, "game abort")]
    await play_tally(table, [ann, bob], winner=bob, guild=guild.id, channel=channel.id)
    await resign_patience(table, ann, guild=guild.id, channel=channel.id)
    dragon = (await table.open("dragon", guild.id, channel.id, ann, language=code or "en")).session.id
    await table.join(dragon, bob)
    await table.start(dragon, ann)
    results += [await u["ann"].slash(channel, "game abort"), await u["bob"].slash(channel, "game history"),
                await u["bob"].slash(guild.create_text_channel("quiet"), "game history")]
    return [text for result in results for text in message_texts(answer(result).message)]


@pytest.mark.usefixtures("speaking")
@pytest.mark.parametrize("code", SHIPPED)
async def test_game_commands_on_a_german_or_french_server_show_no_english_word(simcord_env, simcord_bot, code):
    english = await every_answer(simcord_env, simcord_bot, None)
    translated = await every_answer(simcord_env, simcord_bot, code)
    left = english_left(translated, english, code, [*NAMES, ptext(code, "game title", "Treasure of the Dragons")])
    assert not left, left


@pytest.mark.usefixtures("speaking")
async def test_the_german_history_names_the_games_and_results_in_german(simcord_env, simcord_bot):
    guild, channel, u = server(simcord_env, "de")
    assert (await u["ann"].slash(channel, "game abort")).response.content == (
        "In diesem Kanal läuft keine Partie. Starte eine mit `/spielen`.")
    table, ann, bob = simcord_bot.table, u["ann"].id, u["bob"].id
    await play_tally(table, [ann, bob], winner=bob, guild=guild.id, channel=channel.id)
    dragon = (await table.open("dragon", guild.id, channel.id, ann, language="de")).session.id
    await table.join(dragon, bob)
    await table.start(dragon, ann)
    assert (await u["ann"].slash(channel, "game abort")).response.content == "Du hast die Partie beendet."
    (embed,) = answer(await u["bob"].slash(channel, "game history")).embeds
    lines = embed.description.splitlines()
    assert embed.title == "Letzte Partien hier"
    assert lines[0].startswith("**Schatz der Drachen** <t:") and lines[0].endswith(": vorzeitig beendet")
    assert lines[1].endswith(f": gewonnen von <@{bob}>")


@pytest.mark.usefixtures("speaking")
async def test_a_french_history_puts_a_no_break_space_before_its_colons(simcord_env, simcord_bot):
    guild, channel, u = server(simcord_env, "fr")
    await resign_patience(simcord_bot.table, u["ann"].id, guild=guild.id, channel=channel.id)
    (embed,) = answer(await u["bob"].slash(channel, "game history")).embeds
    assert embed.title == "Dernières parties ici" and embed.description.endswith(f"{NB}: personne n’a gagné")


async def test_the_history_reads_in_the_servers_language_and_a_refusal_in_the_callers(
        simcord_env, simcord_bot, server_locales, user_locales, catalogues):  # noqa: F811
    guild, channel, u = server(simcord_env, "fr")
    user_locales[u["ann"].id] = "de"  # a German player on a French server
    await play_tally(simcord_bot.table, [u["ann"].id, u["bob"].id], winner=u["ann"].id, guild=guild.id,
                     channel=channel.id)
    assert answer(await u["ann"].slash(channel, "game history")).embeds[0].title == "Dernières parties ici"
    refused = await u["ann"].slash(channel, "game leave")
    assert refused.ephemeral and refused.response.content.startswith("In diesem Kanal läuft keine Partie.")


async def test_in_a_dm_the_history_reads_in_the_users_language(
        simcord_env, simcord_bot, user_locales, catalogues):  # noqa: F811
    eve = simcord_env.create_user("eve")
    user_locales[eve.id] = "fr"
    await eve.slash("play", game="patience")
    await eve.slash("game abort")
    (embed,) = answer(await eve.slash("game history")).embeds
    assert embed.title == "Dernières parties ici" and embed.description.endswith(f"{NB}: arrêtée plus tôt")

"""The host changes the table's language in the lobby (🌐): the lobby, and after Start the board and the
channel's messages, read in the new language; anyone else is refused in their own language, and a
language the bot does not ship is refused without changing anything. Also the lobby's own words that
come from a game's data (Eye for an Eye's character menu) and the table's refusals, in German and French."""
from __future__ import annotations

import pytest

from cogs import markup
from cogs.language import ptext
from engine import registry
from engine.protocol import CHOICE_WORDS
from host.errors import TableError
from host.table import Table
from tests.cogs.discord_helpers import buttons, message_in, selects, server
from tests.kit.user_locales import user_locales  # noqa: F401  (the fixture naming users' own locales)
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

GAME = "dragon"
ANN, BOB = 1, 2


async def switch_language(user, channel, lobby_id: int, name: str):
    """The host presses 🌐 and picks `name` ('Deutsch') in the private answer."""
    lobby = message_in(channel, lobby_id)
    globe = next(label for label in buttons(lobby) if label.startswith("🌐"))
    offered = await user.click(lobby, label=globe)
    assert offered.ephemeral, "the languages are offered privately"
    await user.click(offered.response, label=name)
    return message_in(channel, lobby_id)


async def test_the_host_switches_an_english_table_to_german_and_the_board_follows(
        simcord_env, simcord_bot, server_locales):
    channel, users = server(simcord_env, None)
    await users["ann"].slash(channel, "play", game=GAME)
    lobby_id = channel.last_message.id
    assert "🌐 English" in buttons(channel.last_message)
    lobby = await switch_language(users["ann"], channel, lobby_id, "Deutsch")
    assert lobby.embeds[0].title == "Schatz der Drachen – Spieltisch"
    assert "🌐 Deutsch" in buttons(lobby) and ptext("de", "button", "Join") in buttons(lobby)
    assert (await simcord_bot.table.active_in(channel.id)).language == "de"
    await users["bob"].click(lobby, label=ptext("de", "button", "Join"))
    await users["ann"].click(message_in(channel, lobby_id), label=ptext("de", "button", "Start"))
    board = message_in(channel, (await simcord_bot.table.active_in(channel.id)).message_id)
    assert board.embeds[0].title.startswith("Schatz der Drachen"), "the game reads in the table's language"


async def test_the_languages_offered_name_themselves_and_grey_the_tables_own(simcord_env, simcord_bot, server_locales):
    channel, users = server(simcord_env, "fr")
    await users["ann"].slash(channel, "play", game=GAME)
    lobby = channel.last_message
    offered = await users["ann"].click(lobby, label="🌐 Français")
    shown = buttons(offered.response.message)
    assert set(shown) == {"English", "Deutsch", "Français"} and shown["Français"].disabled
    assert not shown["English"].disabled


async def bob_seated_at_a_lobby_of_ann(simcord_env, locales: dict[int, str], code: str):
    """Ann opens a lobby on a server in `code`, and Bob, whose Discord speaks it too, joins it."""
    channel, users = server(simcord_env, code)
    locales[users["bob"].id] = code
    await users["ann"].slash(channel, "play", game=GAME)
    lobby = channel.last_message
    await users["bob"].click(lobby, label=ptext(code, "button", "Join"))
    return channel, users, message_in(channel, lobby.id)


async def test_only_the_host_changes_the_language_and_is_told_so_in_their_own(
        simcord_env, simcord_bot, server_locales, user_locales):  # noqa: F811
    channel, users, lobby = await bob_seated_at_a_lobby_of_ann(simcord_env, user_locales, "de")
    refused = await users["bob"].click(lobby, label="🌐 Deutsch")
    assert refused.ephemeral and refused.response.content == "Nur der Gastgeber kann die Sprache des Tisches ändern."
    assert (await simcord_bot.table.active_in(channel.id)).language == "de", "nothing changed"


async def test_a_language_the_bot_does_not_ship_is_refused_and_nothing_changes(store, clock):
    table = Table(store, clock=clock)
    sid = (await table.open(GAME, 10, 20, ANN, language="fr")).session.id
    with pytest.raises(TableError, match="no language 'xx'"):
        await table.set_language(sid, ANN, "xx", ("en", "de", "fr"))
    with pytest.raises(TableError, match="Only the host"):
        await table.set_language(sid, BOB, "de", ("en", "de", "fr"))
    assert (await Table(store, clock=clock).get(sid)).language == "fr"
    await table.set_language(sid, ANN, "de", ("en", "de", "fr"))
    assert (await Table(store, clock=clock).get(sid)).language == "de", "stored"


@pytest.mark.parametrize(("code", "prompt", "note"), [
    ("de", "Wähle deinen Charakter", "Leicht, für Neulinge"),
    ("fr", "Choisis ton personnage", "Facile, pour débuter"),
])
async def test_the_character_menu_reads_in_the_tables_language(simcord_env, simcord_bot, server_locales,
                                                               code, prompt, note):
    channel, users = server(simcord_env, code)
    await users["ann"].slash(channel, "play", game="arena")
    lobby = channel.last_message
    (menu,) = [s for s in selects(lobby) if s.placeholder == prompt]
    assert (menu.options[0].label, menu.options[0].description) == ("Grublic", note)
    assert ptext(code, CHOICE_WORDS, "Choose your character") == prompt
    assert f"{prompt} " in lobby.embeds[0].description


async def test_a_refusal_of_the_table_reads_in_the_clickers_language(
        simcord_env, simcord_bot, server_locales, user_locales):  # noqa: F811
    channel, users, lobby = await bob_seated_at_a_lobby_of_ann(simcord_env, user_locales, "fr")
    refused = await users["bob"].click(lobby, label=ptext("fr", "button", "Start"))
    assert refused.ephemeral and refused.response.content == "Seul l’hôte peut lancer la partie."


async def test_a_choice_refused_for_its_options_joins_them_in_the_readers_language(store, clock):
    registry.load()  # the table opens a game by name
    table = Table(store, clock=clock)
    sid = (await table.open("arena", 10, 20, ANN)).session.id
    with pytest.raises(TableError) as caught:
        await table.choose(sid, ANN, "generals", "shove+sprint")
    assert markup.refusal(caught.value) == ("The pair of general manoeuvres is chosen only with the options "
                                            "advanced and hill or domination on.")
    assert markup.refusal(caught.value, "de") == ("Diese Wahl (Paar Allgemeiner Manöver) gibt es nur mit den "
                                                  "Optionen advanced und hill oder domination.")
    assert (await table.get(sid)).picks == {}, "nothing picked"


async def test_a_table_in_a_direct_message_reads_in_its_players_language(simcord_env, simcord_bot, user_locales):  # noqa: F811
    """A DM has no server locale: the table takes the language of the one who opened it."""
    eve = simcord_env.create_user("eve")
    user_locales[eve.id] = "de"
    await eve.slash("play", game=GAME)
    lobby = eve.dm_channel.last_message
    assert lobby.embeds[0].title == "Schatz der Drachen – Spieltisch"

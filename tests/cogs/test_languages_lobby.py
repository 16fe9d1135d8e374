"""The lobby in the table's language: a table takes its server's locale when /play opens it and keeps it
(stored with the session, kept by a rematch), and its lobby (embed, buttons, computers' names) reads in it
with no English word left; a server in any other locale keeps the English lobby."""
from __future__ import annotations

import re

import pytest

from cogs.language import ptext, text
from engine import registry
from host.table import Table
from tests.cogs.discord_helpers import buttons, message_in, server
from tests.kit.english_words import SHIPPED, english_left_on_page, page_text
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

GAME = "dragon"  # Treasure of the Dragons: computers, no options (the options' labels are the engine's words yet)
ANN, BOB = 1, 2
ALSO_SHARED = {"de": set(), "fr": {"a"}}  # beside slice 1's words: French "a" (il a ouvert) is English "a"
MARKUP = re.compile(r"<[^<>]*>")  # mentions and live timestamps (`<t:1800000000:R>`): Discord shows them localised




async def lobby_with_a_computer(channel, users):
    """Ann opens a lobby, adds an easy computer (the level buttons read in her own locale: en-US)
    and Bob joins: every sentence, field and button a lobby shows."""
    await users["ann"].slash(channel, "play", game=GAME)
    lobby = channel.last_message
    offered = await users["ann"].click(lobby, label=next(label for label in buttons(lobby) if label.startswith("🤖")))
    await users["ann"].click(offered.response, label="Add computer (easy)")
    return message_in(channel, lobby.id)


def lobby_text(message) -> str:
    (embed,) = message.embeds
    labels = [child.label or child.placeholder or "" for row in message.components for child in row.children]
    return MARKUP.sub(" ", "\n".join([page_text(embed), *labels]))


@pytest.mark.parametrize("code", SHIPPED)
async def test_a_lobby_opened_in_a_german_or_french_server_has_no_english_word_left(
        simcord_env, simcord_bot, server_locales, code):
    english_channel, english_users = server(simcord_env, None)
    english = lobby_text(await lobby_with_a_computer(english_channel, english_users))
    channel, users = server(simcord_env, code)
    page = lobby_text(lobby := await lobby_with_a_computer(channel, users))
    left = english_left_on_page(page, english, code) - ALSO_SHARED[code]
    assert not left, left
    assert ptext(code, "game title", "Treasure of the Dragons") in lobby.embeds[0].title
    assert {ptext(code, "button", word) for word in ("Join", "Leave", "Start", "Cancel", "🤖 Computers",
                                                     "📜 Rules")} <= set(buttons(lobby))
    await users["bob"].click(lobby, label=ptext(code, "button", "Join"))
    assert f"<@{users['bob'].id}>" in message_in(channel, lobby.id).embeds[0].fields[0].value, "the button works"


async def test_the_german_lobby_reads_as_a_german_player_expects(simcord_env, simcord_bot, server_locales):
    channel, users = server(simcord_env, "de")
    lobby = await lobby_with_a_computer(channel, users)
    (embed,) = lobby.embeds
    assert embed.title == "Schatz der Drachen – Spieltisch"
    assert embed.fields[0].name == "Plätze (2/5)"
    assert f"1. <@{users['ann'].id}> (Gastgeber)" in embed.fields[0].value
    assert "2. Computer (leicht)" in embed.fields[0].value
    assert embed.footer.text.startswith("2–5 Spieler · Tisch ")
    assert "Drück **Mitspielen**, um Platz zu nehmen" in embed.description


async def test_a_french_lobby_names_the_computer_in_french(simcord_env, simcord_bot, server_locales):
    channel, users = server(simcord_env, "fr")
    seats = (await lobby_with_a_computer(channel, users)).embeds[0].fields[0].value
    assert "2. Ordinateur (facile)" in seats and "(hôte)" in seats


async def test_a_server_in_another_locale_keeps_the_english_lobby(simcord_env, simcord_bot, server_locales):
    channel, users = server(simcord_env, "es-ES")
    lobby = await lobby_with_a_computer(channel, users)
    (embed,) = lobby.embeds
    assert embed.title == "Treasure of the Dragons - lobby"
    assert embed.fields[0].name == "Seats (2/5)" and "2. Computer (easy)" in embed.fields[0].value
    assert {"Join", "Leave", "Start", "Cancel", "🌐 English", "🤖 Computers", "📜 Rules"} <= set(buttons(lobby))
    assert (await simcord_bot.table.active_in(channel.id)).language == "en"


async def test_the_table_keeps_its_servers_language(simcord_env, simcord_bot, server_locales):
    channel, users = server(simcord_env, "fr")
    await users["ann"].slash(channel, "play", game=GAME)
    assert (await simcord_bot.table.active_in(channel.id)).language == "fr"


async def test_the_tables_language_survives_a_restart(store, clock):
    first = Table(store, clock=clock)
    sid = (await first.open(GAME, 10, 20, ANN, language="de")).session.id
    restarted = Table(store, clock=clock)  # a new process on the same database
    assert (await restarted.get(sid)).language == "de"


async def test_a_rematch_keeps_the_tables_language(store, clock):
    table = Table(store, clock=clock)
    sid = (await table.open(GAME, 10, 20, ANN, language="fr")).session.id
    await table.join(sid, BOB)
    await table.cancel(sid, ANN)
    again = await table.rematch(sid, BOB)
    assert again.session.language == "fr"
    assert (await Table(store, clock=clock).get(again.session.id)).language == "fr", "stored too"


async def test_a_table_opened_without_a_language_is_english(store, clock):
    registry.load()  # the table opens a game by name
    table = Table(store, clock=clock)
    sid = (await table.open(GAME, 10, 20, ANN)).session.id
    assert (await Table(store, clock=clock).get(sid)).language == "en"


@pytest.mark.parametrize("code", SHIPPED)
async def test_a_games_option_toggles_read_in_the_tables_language(simcord_env, simcord_bot, server_locales, code):
    """Eye for an Eye's lobby has the most options: each toggle says its option in the table's language."""
    channel, users = server(simcord_env, code)
    await users["ann"].slash(channel, "play", game="arena")
    labels = set(buttons(channel.last_message))
    for option in registry.get("arena").options:
        translated = ptext(code, "game option", option.label)
        shown = text(code, "{option}: {state}", option=translated, state=ptext(code, "option state", "off"))
        assert translated != option.label and shown in labels, option.key
    options = channel.last_message.embeds[0].fields[1]
    assert options.name == text(code, "Options"), "the lobby's list of options, beside its toggles"
    for option in registry.get("arena").options:
        assert f"{ptext(code, 'game option', option.label)}: **" in options.value, option.key

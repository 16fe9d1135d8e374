"""Treasure of the Dragons played to its end on a German and on a French server: every word the players
see (messages, boards' embeds and buttons, the pictures' descriptions, pings, the end) is in the table's
language; the same game on an English server gives the English words to look for."""
from __future__ import annotations

import pytest

from cogs.language import ptext, text
from cogs.panels import WATCHING
from cogs.pings import AROUND_SECONDS
from engine.dragon import turn_of
from tests.cogs.discord_helpers import message_in, server
from tests.kit.dragon_play import cells_of, label, menu_with, plan_a_collecting_turn, reveal, state_of
from tests.kit.english_words import SHIPPED, users_speak_their_servers_language
from tests.kit.played_games import Played, no_english_left, played
from tests.kit.user_locales import user_locales  # noqa: F401  (the fixture naming users' own locales)
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

SEATS = ("ann", "bob")
TITLE = "Treasure of the Dragons"
STARTED = f"{TITLE} begins."  # the table's first news line in English


class Table(Played):
    """Two players at a dragon table, and every text the channel showed them, move by move (a board is
    edited in place, so each of its states is read when it is shown)."""

    def word(self, english: str) -> str:
        return ptext(self.language, "button", english)

    async def state(self):
        return await state_of(self.bot, self.channel)

    async def player(self):
        return self.users[SEATS[turn_of(await self.state())]]

    async def reveal(self, cell) -> None:
        await reveal(await self.player(), self.channel, self.board_id, cell)
        self.look()

    async def click(self, english: str) -> None:
        player = await self.player()
        self.clock.advance(AROUND_SECONDS + 1)  # a slow table: the next player is away and is pinged
        result = await player.click(message_in(self.channel, self.board_id), label=self.word(english))
        assert not result.ephemeral, result.response.content
        self.look()

    async def play(self) -> None:
        """Every kind of turn: a collecting stop, a dragon waking among treasure, a spider moved, a spider
        left where it is; then collecting turns until only the spiders are left."""
        await self.open("dragon", SEATS)
        state = await self.state()
        for cell in cells_of(state, "ring")[:2]:
            await self.reveal(cell)
        await self.click("Stop and collect")
        state = await self.state()
        await self.reveal(cells_of(state, "crate")[0])
        await self.reveal(cells_of(state, "dragon")[0])
        state = await self.state()
        emptied = next([r, c] for r in range(7) for c in range(7) if state["grid"][r][c] is None)
        await self.reveal(cells_of(state, "spider")[0])
        await self.reveal(emptied)  # the spider's menu: it moves to an empty cell
        await self.reveal(cells_of(await self.state(), "spider")[0])
        await self.click("Leave the spider")
        turns = 0
        while (state := await self.state()) is not None:
            for cell in plan_a_collecting_turn(state):
                await self.reveal(cell)
            await self.click("Stop and collect")
            turns += 1
            assert turns < 60


@pytest.mark.parametrize("code", SHIPPED)
async def test_a_whole_dragon_game_on_a_german_or_french_server_shows_no_english_word(
        simcord_env, simcord_bot, hand_clock, server_locales, monkeypatch, code):  # noqa: F811 (the fixture)
    users_speak_their_servers_language(monkeypatch)  # what a player reads privately reads in their language too
    table = await no_english_left(Table, simcord_env, simcord_bot, hand_clock, code,
                                  [ptext(code, "game title", TITLE), *SEATS])
    end = table.channel.last_message
    assert f"**{ptext(code, 'game title', TITLE)}**" in end.content
    assert ptext(code, "button", "Rematch") in [child.label for row in end.components for child in row.children]
    described = [text for text in table.seen if label([0, 0]) in text and ptext(code, "game title", TITLE) in text]
    assert described, "the board's picture was described in the table's language"


async def test_the_german_board_uses_the_games_german_words(simcord_env, simcord_bot, hand_clock, server_locales):  # noqa: F811
    table = await played(Table, simcord_env, simcord_bot, hand_clock, "de")
    seen = "\n".join(table.seen)
    for word in ("Aufhören und einsammeln", "Spinne liegen lassen", "Jetzt", "Spieler", "Karte aufdecken:",
                 "Spinne", "Drache", "Endstand", "Tisch "):
        assert word in seen, word


async def test_the_english_game_reads_as_before(simcord_env, simcord_bot, hand_clock, server_locales):  # noqa: F811
    table = await played(Table, simcord_env, simcord_bot, hand_clock, None)
    seen = "\n".join(table.seen)
    for words in ("Stop and collect", "Leave the spider", "Now", "Players", "Turn over a card: ", "Final standings",
                  "Table ", "is over", "your move in", "📜 Rules", "Treasure of the Dragons, turn 1."):
        assert words in seen, words


async def test_the_first_news_line_reads_in_the_tables_language(simcord_env, simcord_bot, hand_clock,
                                                                server_locales):  # noqa: F811
    channel, users = server(simcord_env, "de")
    table = Table(simcord_env, simcord_bot, hand_clock, channel, users, "de")
    await table.open("dragon", SEATS)
    assert not [text for text in table.seen if STARTED in text]
    assert any("Schatz der Drachen beginnt." in text for text in table.seen), "the game's German title, then its verb"


async def test_a_computer_is_named_in_the_tables_language_on_its_board(simcord_env, simcord_bot,
                                                                       server_locales):  # noqa: F811
    """One person practising on a French server: the board's players name the computer in French."""
    channel, users = server(simcord_env, "fr")
    await users["ann"].slash(channel, "play", game="dragon", practice=True)
    players = channel.last_message.embeds[0].fields[0].value
    assert "Ordinateur (facile)" in players and "Computer" not in players, players


async def test_a_watchers_click_is_refused_in_their_language(simcord_env, simcord_bot, hand_clock, server_locales,
                                                             user_locales):  # noqa: F811
    """Someone not seated, whose Discord speaks German, clicks a card: told in German that only the players act."""
    channel, users = server(simcord_env, "de")
    table = Table(simcord_env, simcord_bot, hand_clock, channel, users, "de")
    await table.open("dragon", SEATS)
    watcher = channel.guild.add_member(simcord_env.create_user("cat"))
    user_locales[watcher.id] = "de"
    cell = cells_of(await table.state(), "ring")[0]
    board = message_in(channel, table.board_id)
    menu = menu_with(board, cell)
    value = next(option.value for option in menu.options if option.label == label(cell))
    refused = await watcher.select(board, [value], custom_id=menu.custom_id)
    assert refused.ephemeral and refused.response.content == text("de", WATCHING)
    assert "watching" not in refused.response.content

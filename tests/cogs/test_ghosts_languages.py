"""Zap That Ghost played to its end on a German and on a French server by two players who speak its
language: every word they see (the boards' embeds, buttons and pictures' descriptions, the private
discard, attempt, swap and hand panels and the news they are told alone, the end) is in the table's
language; the same game on an English server gives the English words to look for."""
from __future__ import annotations

import pytest

from cogs.language import ptext
from tests.cogs.ghosts_helpers import board_of, discard_all, play_to_the_end
from tests.kit.english_words import SHARED, SHIPPED, users_speak_their_servers_language
from tests.kit.played_games import Played, no_english_left, played
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

SEATS = ("ann", "bob")
TITLE = "Zap That Ghost"


@pytest.fixture
def speaking(monkeypatch):
    users_speak_their_servers_language(monkeypatch)


class Game(Played):
    """Ann and Bob at a ghosts table; Bob looks at his hand once."""

    async def play(self) -> None:
        await self.open("ghosts", SEATS)
        hand = await self.users["bob"].click(await board_of(self.bot, self.channel),
                                             label=ptext(self.language, "button", "My hand"))
        self.look(hand.response.message)
        await discard_all(self.bot, self.channel, self.users, SEATS, self.language, self.look)
        self.look()
        await play_to_the_end(self.env, self.bot, self.channel, self.users, self.clock, SEATS, self.language,
                              self.look)
        self.look()


@pytest.mark.usefixtures("speaking")
@pytest.mark.parametrize("code", SHIPPED)
async def test_a_whole_ghosts_game_on_a_german_or_french_server_shows_no_english_word(
        simcord_env, simcord_bot, hand_clock, code):
    await no_english_left(Game, simcord_env, simcord_bot, hand_clock, code, [TITLE, *SEATS])
    assert "meeple" in SHARED[code]  # the pawn's name in every language's board games


@pytest.mark.usefixtures("speaking")
async def test_the_german_game_uses_german_words(simcord_env, simcord_bot, hand_clock):
    seen = "\n".join((await played(Game, simcord_env, simcord_bot, hand_clock, "de")).seen)
    for word in ("Meine Hand", "2 abwerfen", "Deine Hand", "Rot", "Fangen!", "Geist", "Meeple", "Runde",
                 "Karte tauschen", "Meine Karten behalten", "Reihe 1", "Ecke"):
        assert word in seen, word


@pytest.mark.usefixtures("speaking")
async def test_the_english_game_reads_as_before(simcord_env, simcord_bot, hand_clock):
    seen = "\n".join((await played(Game, simcord_env, simcord_bot, hand_clock, None)).seen)
    for words in ("My hand", "Discard 2", "Your hand: ", "Red", "Zap!", "zaps the", "meeple", "round 1",
                  "Swap a card", "Keep my cards", "Row 1: ", "corner", "Zap That Ghost, round", "is over"):
        assert words in seen, words

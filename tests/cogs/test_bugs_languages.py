"""Bugs & Co played to its end on a German and on a French server by two players who speak its language
(Bugs & Co is a French game): every word they see (the board's embed, button and picture's description,
their private panels with the tile they look at, the headlines, the scoring, the end) is in the table's
language; the same game on an English server gives the English words to look for."""
from __future__ import annotations

import pytest

from tests.cogs.bugs_helpers import play_a_short_game, session_of
from tests.kit.english_words import SHIPPED, users_speak_their_servers_language
from tests.kit.played_games import Played, no_english_left, played
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

SEATS = ("ann", "bob")
TITLE = "Bugs & Co"


@pytest.fixture
def speaking(monkeypatch, simcord_env, simcord_bot):
    """Players who speak their server's language, and boards edited at once (simcord would otherwise
    wait out the board's 1 s pace after every click)."""
    users_speak_their_servers_language(monkeypatch)
    monkeypatch.setattr(simcord_bot.uis["bugs"], "min_edit_seconds", 0.0)


class Game(Played):
    """Ann and Bob at a Bugs & Co table."""

    async def play(self) -> None:
        await self.open("bugs", SEATS)
        await play_a_short_game(self.env, self.bot, self.channel, self.users, self.clock, SEATS, self.language,
                                self.look)
        assert await session_of(self.bot, self.channel) is None
        self.look()


@pytest.mark.usefixtures("speaking")
@pytest.mark.parametrize("code", SHIPPED)
async def test_a_whole_bugs_game_on_a_german_or_french_server_shows_no_english_word(
        simcord_env, simcord_bot, hand_clock, code):
    await no_english_left(Game, simcord_env, simcord_bot, hand_clock, code, [TITLE, *SEATS])


WORDS = {  # the game's own words in each language, and English as it always read
    "fr": ("Prendre une tuile", "La garder", "bestiole", "trophée", "série", "scores finaux", "Place 1", "Ta tuile"),
    "de": ("Plättchen schnappen", "Behalten", "Käfer", "Trophäe", "Set", "Endstand", "Platz 1", "Dein Plättchen"),
    None: ("Grab a tile", "Keep it", " bug, two eyes", "trophy", "(set)", "Bugs & Co, final scores", "Place 1",
           "Your tile from place", "every hand revealed", "is over"),
}


@pytest.mark.usefixtures("speaking")
@pytest.mark.parametrize("locale", list(WORDS))
async def test_the_game_reads_in_its_own_words_and_english_as_before(simcord_env, simcord_bot, hand_clock, locale):
    seen = "\n".join((await played(Game, simcord_env, simcord_bot, hand_clock, locale)).seen)
    for words in WORDS[locale]:
        assert words in seen, words

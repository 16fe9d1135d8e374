"""Eye of the Tiger played to its end on a German and on a French server: every word the player sees
(the board's embed and buttons, the picture's description, the private Buy, Fight and Thin panels and
the notes they become, the end) is in the table's language; the same game on an English server gives
the English words to look for."""
from __future__ import annotations

import pytest

from cogs.language import ptext
from engine import registry
from tests.cogs.discord_helpers import message_in, selects, server
from tests.kit.english_words import SHIPPED, english_left, message_texts, users_speak_their_servers_language
from tests.kit.tiger_play import open_tiger, play_a_turn, session_of
from tests.kit.user_locales import user_locales  # noqa: F401  (the fixture naming users' own locales)
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

TITLE = "Eye of the Tiger"


@pytest.fixture(autouse=True)
def speaking(monkeypatch):
    """Players who speak their server's language: the board reads in the table's, the panels in the player's."""
    users_speak_their_servers_language(monkeypatch)


class Game:
    """Ann alone at a tiger table in `channel`, and every text she was shown, move by move (the board
    is edited in place, so each of its states is read when it is shown; panels are private)."""

    def __init__(self, bot, channel, users) -> None:
        self.bot, self.channel, self.ann = bot, channel, users["ann"]
        self.seen: list[str] = []
        self.language = "en"

    def look(self) -> None:
        for message in self.channel.history():
            self.seen += message_texts(message)

    def panel(self, panel) -> None:
        self.seen += message_texts(panel.message)

    async def play(self) -> None:
        board_id = await open_tiger({"ann": self.ann}, self.channel)
        self.language = (await session_of(self.bot, self.channel)).language
        self.look()
        game, turns, thinned = registry.get("tiger"), 0, False
        while (session := await session_of(self.bot, self.channel)) is not None:
            await play_a_turn(self.ann, self.channel, board_id, game, session.state, thinned, self.language,
                              look=self.panel)
            thinned = thinned or session.state["phase"] == "thin"
            self.look()
            turns += 1
            assert turns < 150
        self.board = message_in(self.channel, board_id)


async def played(simcord_env, simcord_bot, locale: str | None) -> Game:
    channel, users = server(simcord_env, locale)
    game = Game(simcord_bot, channel, users)
    await game.play()
    return game


@pytest.mark.parametrize("code", SHIPPED)
async def test_a_whole_tiger_game_on_a_german_or_french_server_shows_no_english_word(
        simcord_env, simcord_bot, server_locales, code):  # noqa: F811 (the fixture)
    english = await played(simcord_env, simcord_bot, None)
    game = await played(simcord_env, simcord_bot, code)
    assert game.language == code and english.language == "en"
    left = english_left(game.seen, english.seen, code, [TITLE, "ann"])
    assert not left, " ".join(sorted(left))
    assert game.board.attachments[0].description.startswith(ptext(code, "game title", TITLE))
    assert ptext(code, "board", "Par") in [field.name for field in game.board.embeds[0].fields]


async def test_the_german_game_uses_the_games_german_words(simcord_env, simcord_bot, server_locales):  # noqa: F811
    seen = "\n".join((await played(simcord_env, simcord_bot, "de")).seen)
    for word in ("Kaufen…", "Kämpfen…", "Tipp", "Zug 1", "Gold", "Feld III", "Stapel", "Vorrat", "Stärke",
                 "Besiegt", "Monsterablage", "Richtwert", "Du kaufst", "Bestätigen"):
        assert word in seen, word


async def test_the_english_game_reads_as_before(simcord_env, simcord_bot, server_locales):  # noqa: F811
    seen = "\n".join((await played(simcord_env, simcord_bot, None)).seen)
    for words in ("Buy…", "Fight…", "Hint", "First turn: **Buy** a card.", "Turn 1 · ", "Eye of the Tiger, turn 1.",
                  "Pile: ", "Field III (3 light)", "Supply: red", "**Buy** · you have", "Choose a card to buy",
                  "Par for this deal: ", "You buy", "is over"):
        assert words in seen, words


async def test_an_english_player_on_a_german_server_reads_the_board_in_german_and_the_panels_in_english(
        simcord_env, simcord_bot, server_locales, user_locales):  # noqa: F811
    channel, users = server(simcord_env, "de")
    user_locales[users["ann"].id] = "en-US"
    board_id = await open_tiger({"ann": users["ann"]}, channel)
    board = message_in(channel, board_id)
    assert board.embeds[0].title.startswith(ptext("de", "game title", TITLE))
    panel = await users["ann"].click(board, label=ptext("de", "button", "Buy…"))
    assert panel.ephemeral and "Choose a card to buy" in [s.placeholder for s in selects(panel.response.message)]

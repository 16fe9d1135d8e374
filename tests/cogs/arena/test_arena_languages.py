"""Eye for an Eye played to its end on a German and on a French server: a quick match of two players, from
the Start to the end (the board's embed, buttons and picture description, the private panels and the legend,
the news and headlines), reads in the table's language; the same match on an English server gives the
English words to look for, and reads as before.

The lobby is read as it opens, its option toggles and character menus included. The game's own names
(its characters, tracks, cards, options and modes, Yarra Mark!) and the compass letters stay as the game
writes them."""
from __future__ import annotations

import pytest

from cogs.language import ptext
from engine.arena.data import COUNTDOWN_SECONDS, QUICK_ROUND_SECONDS
from engine.rng import rig
from tests.cogs.arena.arena_helpers import A, D, E, H, M, R, W, mine, put, session_of
from tests.cogs.arena.arena_matches import wait
from tests.cogs.discord_helpers import message_in, selects, server
from tests.kit.arena_words import names_kept as kept_names
from tests.kit.english_words import SHIPPED, message_texts, users_speak_their_servers_language
from tests.kit.played_games import Played, no_english_left, played
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py)

TITLE = "Eye for an Eye"
PLAYERS = {"ann": "grublic", "bob": "riparian"}


def names_kept() -> list[str]:
    """What every language writes as the game does, and the players' names (tests/kit/arena_words.py)."""
    return kept_names(tuple(PLAYERS))


class Match(Played):
    """Ann (Grublic) and Bob (Riparian) at a quick match in `channel`, and every text they were shown from
    the Start on, their private panels included (each board state is read when it is shown)."""

    def __init__(self, env, bot, clock, channel, users, locale: str | None) -> None:
        super().__init__(env, bot, clock, channel, users, locale)
        self.reading: str | None = None  # the players' own language, when it is not the table's
        self.panels: dict[str, int] = {}

    def word(self, english: str) -> str:
        return ptext(self.language, "button", english)

    def panel_word(self, english: str) -> str:
        return ptext(self.reading or self.language, "button", english)

    def look(self, message=None) -> None:
        """A message as it is shown now, else every message of the channel as each player sees it (their
        private ones too)."""
        if message is not None:
            self.seen += message_texts(message)
            return
        for name in PLAYERS:
            for shown in self.channel.history(viewer=self.users[name]):
                self.seen += message_texts(shown)

    async def state(self):
        return (await session_of(self.bot, self.channel)).state

    def panel(self, name: str):
        return mine(self.channel, self.users[name], self.panels[name])

    async def click(self, name: str, label: str) -> None:
        done = await self.users[name].click(self.panel(name), label=label)
        assert done.response.id == self.panels[name], done.response.content
        self.look()

    async def roll(self, name: str, *faces: int) -> None:
        rig(await self.state(), *faces)
        await self.click(name, self.panel_word("🎲 Roll"))
        await self.click(name, self.panel_word("⚡ Auto"))

    async def sit_down(self) -> None:
        """Ann opens the quick match, Bob joins, each picks their character, and both open their boards."""
        await self.users["ann"].slash(self.channel, "play", game="arena", options="quick")
        lobby_id = self.channel.last_message.id
        self.look()
        self.language = (await self.bot.table.active_in(self.channel.id)).language
        await self.users["bob"].click(message_in(self.channel, lobby_id), label=self.word("Join"))
        for name, character in PLAYERS.items():
            lobby = message_in(self.channel, lobby_id)
            (select,) = [s for s in selects(lobby) if any(o.value == character for o in s.options)]
            await self.users[name].select(lobby, [character], custom_id=select.custom_id)
        await self.users["ann"].click(message_in(self.channel, lobby_id), label=self.word("Start"))
        for name in PLAYERS:
            opened = await self.users[name].click(message_in(self.channel, lobby_id), label=self.word("🎮 Open my board"))
            assert opened.ephemeral, opened.response.content
            self.panels[name] = opened.response.id
            await self.click(name, self.panel_word("✅ Ready"))
        await self.env.settle()
        self.look()

    async def play(self) -> None:
        """Round 1: Ann strikes Bob from the front, Bob's Auto-Parry answers; both rounds run out."""
        await self.sit_down()
        await wait(self, COUNTDOWN_SECONDS)
        assert (await self.state())["phase"] == "fight"
        await put(self, ann=([0, 0], E), bob=([1, 0], W))
        await self.roll("bob", D, D, M, H, R)
        await self.roll("ann", A, A, A, A, H)
        await self.click("ann", f"{self.panel_word('⚔ Attack')} → Riparian")
        await wait(self, QUICK_ROUND_SECONDS + 1)
        self.look()
        for name in PLAYERS:
            await self.click(name, self.panel_word("✅ Ready"))
        await wait(self, COUNTDOWN_SECONDS)
        await wait(self, QUICK_ROUND_SECONDS + 1)
        assert await session_of(self.bot, self.channel) is None, "the quick match is over"
        self.look()


@pytest.fixture
def speaking(monkeypatch) -> None:
    """The players' own locale is their server's (the legend, a private answer, is in theirs)."""
    users_speak_their_servers_language(monkeypatch)


@pytest.mark.parametrize("code", SHIPPED)
async def test_a_whole_match_on_a_german_or_french_server_shows_no_english_word(
        simcord_env, simcord_bot, hand_clock, server_locales, speaking, code):  # noqa: F811 (the fixture)
    match = await no_english_left(Match, simcord_env, simcord_bot, hand_clock, code, names_kept())
    described = [text for text in match.seen if ptext(code, "game title", TITLE) in text and "Grublic" in text]
    assert described, "the board's picture is described in the table's language"


async def test_the_german_match_reads_in_german(simcord_env, simcord_bot, hand_clock, server_locales,
                                                speaking):  # noqa: F811
    seen = "\n".join((await played(Match, simcord_env, simcord_bot, hand_clock, "de")).seen)
    for words in ("Mein Tableau öffnen", "Runde 1 von 2", "Spieler", "Vorrat", "Frontbereich", "Würfeln", "Becher",
                  "Die Runde dauert 3 Minuten", "gewinnt die Partie mit"):
        assert words in seen, words


async def test_the_english_match_reads_as_before(simcord_env, simcord_bot, hand_clock, server_locales):  # noqa: F811
    seen = "\n".join((await played(Match, simcord_env, simcord_bot, hand_clock, None)).seen)
    for words in ("🎮 Open my board", "round 1 of 2", "Players", "Pool: ", "in your front arc", "🎲 Roll", "cup ",
                  "Yarra Mark! The round runs 3 minutes.", "wins the match with", "Spear Thrust 4 on Riparian",
                  "Eye for an Eye on the Bushland, real time.", "Table "):
        assert words in seen, words


async def test_a_players_panel_reads_in_their_own_language_and_the_board_in_the_tables(
        simcord_env, simcord_bot, hand_clock, server_locales):  # noqa: F811
    """Players whose Discord speaks English, on a German server: the public board is German, their own
    panels (answers to their clicks) English."""
    channel, users = server(simcord_env, "de")
    match = Match(simcord_env, simcord_bot, hand_clock, channel, users, "de")
    match.reading = "en"
    await match.sit_down()
    panel = match.panel("ann").content
    assert "(you)" in panel and "Everyone is in place" in panel, panel
    board = message_in(channel, (await session_of(simcord_bot, channel)).message_id)
    assert "Spieler" in [field.name for field in board.embeds[0].fields]

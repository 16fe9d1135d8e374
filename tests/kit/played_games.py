"""A whole game played through simcord on a server in a language, and every text its players saw:
the shared frame of the games' language tests (tests/cogs/test_<game>_languages.py)."""
from __future__ import annotations

from collections.abc import Callable

from cogs.language import ptext
from tests.cogs.discord_helpers import message_in, server
from tests.kit.english_words import english_left, message_texts


async def open_in(users, channel, game: str, seats, language: str, look: Callable[[], None] = lambda: None) -> int:
    """The first player runs /play (`look` is shown the lobby then), the others join, the host starts,
    the lobby's buttons read in `language` (the server's); returns the lobby's (then the board's) id."""
    await users[seats[0]].slash(channel, "play", game=game)
    lobby = channel.last_message
    look()
    for name in seats[1:]:
        await users[name].click(lobby, label=ptext(language, "button", "Join"))
    await users[seats[0]].click(message_in(channel, lobby.id), label=ptext(language, "button", "Start"))
    return lobby.id


class Played:
    """Players at a table in `channel` of a server in `locale` (None: English), and every text they
    were shown, public or private; a game's `play` clicks it through and shows `look` what it sees."""

    def __init__(self, env, bot, clock, channel, users, locale: str | None) -> None:
        self.env, self.bot, self.clock, self.channel, self.users = env, bot, clock, channel, users
        self.seen: list[str] = []
        self.server_language, self.language = (locale or "en")[:2], "en"
        self.board_id = 0

    def look(self, message=None) -> None:
        """A message as it is shown now (a private one), else every message of the channel."""
        for shown in [message] if message is not None else self.channel.history():
            self.seen += message_texts(shown)

    async def open(self, game: str, seats) -> None:
        """The table opened (its lobby read) and started by `seats`; its board (the lobby's message) is
        `board_id`."""
        self.board_id = await open_in(self.users, self.channel, game, seats, self.server_language, self.look)
        self.language = (await self.bot.table.active_in(self.channel.id)).language
        self.look()

    async def play(self) -> None:
        raise NotImplementedError


async def played(kind: type[Played], env, bot, clock, locale: str | None) -> Played:
    """A whole game of `kind` on a fresh server in `locale`."""
    channel, users = server(env, locale)
    game = kind(env, bot, clock, channel, users, locale)
    await game.play()
    return game


def english_words_left(game: Played, english: Played, code: str, names) -> str:
    """The English game's words still in the translated one (names aside), for an assertion's message."""
    assert game.language == code and english.language == "en"
    return " ".join(sorted(english_left(game.seen, english.seen, code, names)))


async def no_english_left(kind: type[Played], env, bot, clock, code: str, names) -> Played:
    """A whole game of `kind` on a server in `code`, checked against the same game on an English server:
    none of the English game's words is left (names aside). Returns the translated game."""
    english = await played(kind, env, bot, clock, None)
    game = await played(kind, env, bot, clock, code)
    left = english_words_left(game, english, code, names)
    assert not left, left
    return game

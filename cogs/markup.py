"""Discord markup for a session: links to its board, mentions, who may be pinged, live times,
and the words for a lost race."""
from __future__ import annotations

import functools
import marshal
import math
from collections.abc import Iterable, Sequence

import discord

from engine.protocol import fill
from host.errors import Refused
from host.session import USER_FIELD, NewsLine, Session, computer_name, humans, is_computer, level_of, read

from .language import N_, SOURCE, language_of, ptext, said_text, text


def message_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A link that opens the message; `@me` only where there is no server (a DM)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def board_link(session: Session) -> str:
    return message_link(session.guild_id, session.channel_id, session.message_id)


KEPT = N_("(away, played by the computer)")  # said of a seat a computer keeps for its away player


def kept(language: object) -> str:
    """`KEPT` in the reader's language."""
    return text(language, KEPT)


def seat_names(session: Session, names: Sequence[str]) -> list[str]:
    """The seats' names as boards show them: a kept seat says the computer plays it (in the table's language)."""
    by_computer = session.kept_by_computer()
    return [f"{name} {kept(session.language)}" if seat in by_computer else name for seat, name in enumerate(names)]


def seated(session: Session, seat: int) -> str:
    """Who sits in a seat, as a board's player list says it: their mention (or a computer's name),
    and that a computer plays it while they are away."""
    name = who(session.seats[seat], session.language)
    return f"{name} {kept(session.language)}" if seat in session.kept_by_computer() else name


def who(user: int, language: object = None) -> str:
    """How a message names someone seated: a mention, or a computer's own name (no user has it), in
    the reader's `language` ('Ordinateur 2 (facile)'; English without one)."""
    if not is_computer(user):
        return f"<@{user}>"
    if language in (SOURCE, None):
        return computer_name(user)
    number, level = -user // 10, level_word(language, level_of(user))
    if number == 1:
        return text(language, "Computer ({level})", level=level)
    return text(language, "Computer {number} ({level})", number=number, level=level)


def level_word(locale: object, level: str) -> str:
    """A computer's level as the reader says it ('leicht', 'difficile')."""
    words = {"easy": ptext(locale, "level", "easy"), "normal": ptext(locale, "level", "normal"),
             "hard": ptext(locale, "level", "hard")}
    return words.get(level, level)


def mentions(user_ids: Iterable[int], language: object = None) -> str:
    return " ".join(who(user, language) for user in user_ids)


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Only these users are notified, whoever else the text names (watchers and computers never are)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(user) for user in humans(list(user_ids))])


def mentioning(words: str, seats: Sequence[int], language: object = None) -> str:
    """An engine or table text with its fields (seats, users) filled in as mentions (computers named
    in `language`)."""
    named = fill(words, [who(user, language) for user in seats])
    return USER_FIELD.sub(lambda field: who(int(field.group(1)), language), named)


def said(session: Session, text: NewsLine, reader: object = None) -> str:
    """A text about this session (an event, a news line as stored, a refusal, the summary) as players
    read it: in the table's language, or in a `reader`'s locale for a private answer (an engine's words
    by their id, engine/errors.py), then the mentions."""
    return _read_by(text, session.language if reader is None else language_of(reader), session.seats)


def _read_by(text: NewsLine, language: str | None, seats: Sequence[int]) -> str:
    line = read(text)
    words = str(line) if language in (SOURCE, None) else said_text(language, line)  # English: as written
    return mentioning(words, seats, language)


def news(session: Session) -> str:
    """The table's last lines of news as its players read them. Every board's embed shows them again,
    and reading a line anew (its words made, translated, its mentions filled in) cost more than the rest
    of the embed, so each is kept as read (`_news_line`), by its stored form's bytes: marshal's version 2,
    the fastest serialiser of plain data whose bytes do not depend on reference counts."""
    seats = tuple(session.seats)
    return "\n".join(_news_line(marshal.dumps(line, 2), session.language, seats) for line in session.news)


@functools.lru_cache(maxsize=4096)
def _news_line(stored: bytes, language: str, seats: tuple[int, ...]) -> str:
    return _read_by(marshal.loads(stored), language, seats)


def summary(session: Session) -> str | None:
    return None if session.summary is None else said(session, session.summary)


def stamp(at: float | None) -> str:
    """A moment as Discord's live relative timestamp ("in 4 minutes"), rounded up; "-" for none."""
    return f"<t:{math.ceil(at)}:R>" if at else "-"


def too_slow(what: str, first_ms: int | None, pressed_ms: int, language: object = None) -> str:
    """A click that lost a race, told to its player: `what` the winner did first, and by how many ms
    from the two press times (`components.pressed_ms`), which may disagree with the table's arrival order;
    in the reader's `language` (English without one)."""
    if first_ms is None:
        return text(language, "⏱ Too late: {what} first.", what=what)
    if pressed_ms >= first_ms:
        return text(language, "⏱ Too slow: {what}, **{ms} ms** before you.", what=what, ms=pressed_ms - first_ms)
    return text(language, "⏱ {what}: that click reached the table first, although yours was stamped {ms} ms earlier.",
                what=what, ms=first_ms - pressed_ms)


def refusal(error: Exception, locale: object = None) -> str:
    """What a refusal says, in the reader's language (English without a locale): an engine refusal by
    its id and values (`RuleError.said`); its seats named as the table tells us who holds them."""
    words = said_text(locale, getattr(error, "said", None) or str(error))
    return mentioning(words, error.seats, locale) if isinstance(error, Refused) else words

"""A game's rules as a book of short private pages: page 1 says how to win, beside a picture of a real
board (the game's own renderer drawing a freshly set-up game), then one page per part of the rules,
turned with Previous / Next.

One long embed was ten phone screens for Eye for an Eye; a page here holds a part or a few short
ones, one phone screen (cogs/rules_pages.py cuts them). The same
book answers `/rules` and the 📜 Rules button of every lobby and board (`rules_button`), with the
rules of the options on at the table as its last pages.

The page buttons carry the whole book in their custom_id (game, options on, page, language), so they work
on any private message after any restart, and nothing is kept per reader.

The rules texts, in the reader's language, come from cogs/rules_texts.py; the pages are cut at the
translation's own headings.
"""
from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, cast

import discord

from engine import registry
from engine.computers import has_policy
from engine.errors import RuleError
from engine.protocol import Game
from host.session import PLAYING, Session
from render.encode import RenderedImage

from . import replies
from .components import view_of
from .game_ui import DEFAULT_UI, GameUI
from .guide import GUIDES, goal, has_quick, title
from .help import typed
from .language import SOURCE, language_of, ptext, text
from .lobby_ui import seats_wanted
from .markup import refusal
from .pictures import as_file, picture
from .rules_pages import heading_of, packed, parts
from .rules_texts import (
    ADVANCED,
    OPTION_PAGES,
    advanced_title,
    game_rules,
    in_language,
    option_rules,
    option_title,
    rules_title,
)
from .services import Interaction

TITLE_CHARS = 256  # Discord's limit for an embed's title
SAMPLE_NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eli", "Fay")
SAMPLE_SEED = 7

@dataclass(frozen=True)
class Page:
    title: str
    text: str
    picture: bool = False  # the first page shows a freshly set-up board


@dataclass(frozen=True)
class Book:
    """Which rules a reader asked for: a game's, with the options on at a table (`mask`: bits in
    the order of `game.options`), each option's own rules as pages after the core."""

    game: str
    mask: int = 0
    language: str = SOURCE  # 'de', 'fr' or 'en': kept when the pages turn, whoever's locale it came from

    @classmethod
    def of(cls, game: Game, options_on: Iterable[str] = (), locale: object = None) -> Book:
        on = set(options_on)
        return cls(game.name, sum(1 << i for i, option in enumerate(game.options) if option.key in on),
                   language_of(locale))

    def options_on(self, game: Game) -> list[str]:
        return [option.key for i, option in enumerate(game.options) if self.mask >> i & 1]

    def custom_id(self, page: int) -> str:
        return f"rp:{self.game}:{self.mask}:{page}:{self.language}"


def first_page(game: Game, locale: object = None) -> Page:
    guide = GUIDES.get(game.name)
    how = [text(locale, "**How to win**") + "\n" + in_language(goal(game), locale), ""]
    at_table = [seats_wanted(locale, game)]
    if guide is not None:
        at_table += [text(locale, guide.pace)] if guide.pace != "solo" else []
        at_table.append(text(locale, "about {minutes} minutes", minutes=guide.minutes)
                        + (text(locale, " (a quick match about {minutes})", minutes=guide.quick_minutes)
                           if has_quick(game, guide) else ""))
    how.append(text(locale, "**At the table:** {facts}", facts=" · ".join(at_table)))
    start = f"`{typed(locale, 'play', ('game', game.name))}`"
    if game.max_players == 1:
        how.append(text(locale, "**Start:** {start} (it starts at once).", start=start))
    else:
        how.append(text(locale, "**Start:** {start}; friends press **{join}**, the host presses **{begin}**.",
                        start=start, join=ptext(locale, "button", "Join"), begin=ptext(locale, "button", "Start")))
        if has_policy(game):
            practice = f"`{typed(locale, 'play', ('game', game.name), ('practice', 'True'))}`"
            how.append(text(locale, "**To learn alone:** {practice} (against an easy computer).", practice=practice))
    how.append(text(locale, "Press **{next}** for the rules, part by part.", next=ptext(locale, "button", "Next ▶")))
    return Page(rules_title(game, locale), "\n".join(how), picture=True)


def pages(game: Game, book: Book) -> list[Page]:
    """Page 1 (how to win), the core rules' parts, then each option on's own rules, in the book's language."""
    locale, name = book.language, title(game, book.language)
    out = [first_page(game, locale)]
    for page in packed(game_rules(game, locale)):
        headings = ", ".join(h for block in parts(page) if (h := heading_of(block)) and h != name)
        out.append(Page(rules_title(game, locale) + (f" · {headings}" if headings else ""), page))
    for key in book.options_on(game):
        rules = option_rules(game.name, key)
        if rules is None or rules in game.rules:  # turn-based play is in Eye for an Eye's core rules already
            continue
        heading = advanced_title(game, locale) if key == ADVANCED else rules_title(
            game, locale, option_title(game, key, locale))
        out += [Page(heading, page) for page in packed(in_language(rules, locale))]
    return out


def footer(game: Game, index: int, count: int, locale: object = None) -> str:
    """'2-6 players · page 2 of 7 · ...': where the reader is, and the other pages /rules has."""
    said = [seats_wanted(locale, game), text(locale, "page {page} of {pages}", page=index + 1, pages=count),
            typed(locale, "play", ("game", game.name))]
    said += other_pages(game, locale)
    return " · ".join(said)


def other_pages(game: Game, locale: object = None) -> list[str]:
    """How to ask /rules for the game's other pages: 'advanced rules: /rules game:arena advanced:True', ..."""
    said = []
    if option_rules(game.name, ADVANCED):
        said.append(text(locale, "advanced rules: {command}",
                         command=typed(locale, "rules", ("game", game.name), ("advanced", "True"))))
    if OPTION_PAGES.get(game.name):
        said.append(text(locale, "an option's rules: {command}",
                         command=typed(locale, "rules", ("game", game.name), ("option", "…"))))
    return said


def sample_session(game: Game, options_on: Iterable[str], language: str = SOURCE) -> Session | None:
    """A game freshly set up, for its picture: 3 players where it takes them (else the nearest
    count), the options on where they allow that many, else none; None if it cannot be set up. It reads
    in the reader's `language` (its picture's words and description)."""
    counts = sorted(range(game.min_players, game.max_players + 1), key=lambda n: (abs(n - 3), n))
    now = time.time()
    for options in ({key: True for key in options_on}, {}):
        for players in counts:
            try:
                state = game.setup(players, dict(options), SAMPLE_SEED, now)
            except RuleError:
                continue
            return Session(id=0, guild_id=None, channel_id=0, game=game.name, status=PLAYING, host_id=0,
                           seats=list(range(1, players + 1)), options=options, seed=SAMPLE_SEED, state=state,
                           version=0, deadline=None, message_id=None, board_key=None, news=[], created_at=now,
                           language=language)
    return None


def draw_sample(ui: GameUI, session: Session, game: Game) -> RenderedImage:
    names = [SAMPLE_NAMES[seat % len(SAMPLE_NAMES)] for seat in range(len(session.seats))]
    return ui.render(session, game, names)


async def sample_picture(ui: GameUI, game: Game, book: Book) -> RenderedImage | None:
    """The board of a freshly set-up game, drawn off the event loop (None: it cannot be drawn)."""
    session = sample_session(game, book.options_on(game), book.language)
    if session is None:
        return None
    return await picture(f"the sample {game.name} board", draw_sample, ui, session, game)


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"rp:(?P<game>[a-z0-9_]{1,40}):(?P<mask>[0-9]{1,9}):(?P<page>[0-9]{1,3})"
                          r"(?::(?P<language>[a-z]{2}))?"):
    """Previous / Next on a private rules page: the book and the page it turns to."""

    def __init__(self, book: Book, page: int, *, label: str, disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=book.custom_id(page), disabled=disabled))
        self.book, self.page = book, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> PageButton:
        language = match["language"] or language_of(interaction.locale)  # a page sent before languages: the reader's
        return cls(Book(match["game"], int(match["mask"]), language), int(match["page"]), label="")

    async def callback(self, interaction: discord.Interaction) -> None:
        ours = cast(Interaction, interaction)
        async with replies.in_time(ours):
            try:
                game = registry.get(self.book.game)
            except RuleError as gone:
                await replies.tell(interaction, refusal(gone, self.book.language))
                return
            ui = ours.client.uis.get(game.name, DEFAULT_UI)
            await replies.edit(interaction, **await page_payload(ui, game, self.book, self.page, editing=True))


async def page_payload(ui: GameUI, game: Game, book: Book, index: int, *, editing: bool) -> dict[str, Any]:
    """The message of one page: its embed, its picture (page 1), the page buttons."""
    book_pages = pages(game, book)
    index = max(0, min(index, len(book_pages) - 1))
    page = book_pages[index]
    embed = discord.Embed(title=page.title[:TITLE_CHARS], description=page.text, colour=discord.Colour.blurple())
    embed.set_footer(text=footer(game, index, len(book_pages), book.language))
    payload: dict[str, Any] = {"embed": embed}
    image = await sample_picture(ui, game, book) if page.picture else None
    if image is not None:
        embed.set_image(url=f"attachment://{image.filename}")
        payload["attachments" if editing else "files"] = [as_file(image)]
    elif editing:
        payload["attachments"] = []
    if len(book_pages) > 1:
        last = len(book_pages) - 1  # a disabled button still needs an id of its own: it names its own page
        payload["view"] = view_of([
            PageButton(book, max(index - 1, 0), label=ptext(book.language, "button", "◀ Previous"), disabled=index == 0),
            PageButton(book, min(index + 1, last), label=ptext(book.language, "button", "Next ▶"),
                       disabled=index == last)])
    elif editing:
        payload["view"] = None
    return payload


async def show_book(interaction: Interaction, game: Game, book: Book, note: str | None = None) -> None:
    """The book's first page, privately."""
    await replies.tell(interaction, note, **await page_payload(interaction.client.uis.get(game.name, DEFAULT_UI), game, book, 0,
                                                                   editing=False))

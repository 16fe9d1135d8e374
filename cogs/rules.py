"""/rules: a game's rules privately, as a book of short pages (cogs/rules_book.py) turned with
Previous / Next; `option:` a game option's own rules page (`advanced:True` is `option:advanced`).
The 📜 Rules button of every lobby and board opens the same book, with the table's options.
Everything is in the reader's language: `/rules` in the user's Discord locale or the `language` they pick,
a button's book in the clicking user's locale (the rules texts paragraph by paragraph: cogs/rules_book.py).

An option's rules are a page of their own: Eye for an Eye's advanced rules are as long again as
its core. The game protocol holds one rules text, so the option pages are named in the book's
module, by game. An option whose rules the core text already explains (Eye for an Eye's
turn-based play) gets that paragraph as its page. `rules_embed` and `options_embed` give the
rules as whole embeds, for Eye for an Eye's own board button.
"""
from __future__ import annotations

from collections.abc import Collection

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import RuleError
from engine.protocol import Game

from . import replies
from .actions import table_of
from .components import Ref
from .games import offer_games
from .guide import title
from .help import LANGUAGE_CHOICES, typed
from .language import text
from .lobby_ui import seats_wanted
from .markup import refusal
from .rules_book import Book, PageButton, other_pages, show_book
from .rules_pages import packed
from .rules_texts import (
    ADVANCED,
    OPTION_PAGES,
    advanced_title,
    game_rules,
    option_page,
    option_rules,
    option_title,
    rules_title,
)
from .services import Bot, Interaction

EMBED_LIMIT = 4000  # a page's description (Discord allows 4096)
FIELD_LIMIT = 1024  # an option's rules beside others, as one field (or more: German and French run longer)
GO_ON = "\u200b"  # the name of a field that goes on with the text above it (Discord wants a name)


def advanced_rules(game: str) -> str | None:
    return option_rules(game, ADVANCED)


def rules_embed(game: Game, *, advanced: bool = False, option: str | None = None,
                locale: object = None) -> discord.Embed:
    """The rules of `game` as one embed: its summary, or an option's page (`advanced`: the
    advanced rules'); the footer says how to ask for the other pages. In `locale`'s language."""
    option = ADVANCED if advanced else option
    page = None if option is None else option_page(game, option, locale)
    if option is not None and page is not None:
        heading = advanced_title(game, locale) if option == ADVANCED else rules_title(
            game, locale, option_title(game, option, locale))
        said = [text(locale, "The core rules: {command}", command=typed(locale, "rules", ("game", game.name))),
                typed(locale, "play", ("game", game.name), ("options", option))]
    else:
        heading, page = rules_title(game, locale), game_rules(game, locale)
        said = [typed(locale, "play", ("game", game.name)), *other_pages(game, locale)]
    return whole_text(heading, page).set_footer(text=" · ".join([seats_wanted(locale, game), *said]))


def whole_text(heading: str, page: str) -> discord.Embed:
    """An embed holding all of `page`: what the description cannot hold goes on in fields, cut at its
    parts (the advanced rules fit a description in English, not in German or French)."""
    first, *rest = [page] if len(page) <= EMBED_LIMIT else packed(page, EMBED_LIMIT)
    embed = discord.Embed(title=heading, description=first, colour=discord.Colour.blurple())
    for piece in packed("\n".join(rest), FIELD_LIMIT) if rest else []:
        embed.add_field(name=GO_ON, value=piece, inline=False)
    return embed


def options_embed(game: Game, options: Collection[str], locale: object = None) -> discord.Embed | None:
    """The rules of the options on in a game, a field each, beside its core rules: those the core
    text does not already hold, and not the advanced rules (a page of their own). None if none."""
    keys = [key for key in options if key != ADVANCED and (page := option_rules(game.name, key))
            and page not in (game.rules or "")]
    if not keys:
        return None
    embed = discord.Embed(title=text(locale, "{game}: this game's options", game=title(game, locale)),
                          colour=discord.Colour.blurple())
    for key in keys:
        for i, piece in enumerate(packed(option_page(game, key, locale) or "", FIELD_LIMIT)):
            embed.add_field(name=option_title(game, key, locale) if i == 0 else GO_ON, value=piece, inline=False)
    return embed


async def option_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete the chosen game's options that have a rules page."""
    try:
        game = registry.find(str(getattr(interaction.namespace, "game", "") or ""))
    except RuleError:
        return []
    return [app_commands.Choice(name=f"{o.key} ({o.label})"[:100], value=o.key) for o in game.options
            if o.key in OPTION_PAGES.get(game.name, {}) and current.strip().lower() in o.key][:25]


class Rules(commands.Cog):
    def __init__(self) -> None:
        offer_games(self.rules)

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="The game", advanced="Its advanced rules (Eye for an Eye's Tribal cards)",
                           option="One of its options' own rules",
                           language="The language of these pages (yours in Discord, if left out)")
    @app_commands.autocomplete(option=option_names)
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def rules(self, interaction: Interaction, game: str, advanced: bool = False,
                    option: str | None = None, language: str | None = None) -> None:
        locale = language or interaction.locale
        try:
            chosen = registry.find(game)
        except RuleError as unknown:
            await replies.tell(interaction, refusal(unknown, locale))
            return
        asked = ADVANCED if advanced else (option or "").strip().lower() or None
        note = None if asked is None or option_rules(chosen.name, asked) is not None else missing_page(
            chosen, asked, locale)
        if asked is not None and note is None:
            await replies.tell(interaction, embed=rules_embed(chosen, option=asked, locale=locale))
        else:
            await show_book(interaction, chosen, Book.of(chosen, locale=locale), note)


def missing_page(game: Game, asked: str, locale: object) -> str:
    """Why the reader gets the core rules instead of the page they asked for."""
    name = title(game, locale)
    if asked == ADVANCED:
        return text(locale, "{game} has no advanced rules: here are its rules.", game=name)
    pages = ", ".join(OPTION_PAGES.get(game.name, {}))
    if pages:
        return text(locale, "{game} has no option `{option}` with rules of its own (those that have: {options}): "
                            "here are its rules.", game=name, option=asked, options=pages)
    return text(locale, "{game} has no option `{option}` with rules of its own: here are its rules.",
                game=name, option=asked)


async def rules_click(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """📜 Rules on a lobby or a board: the book of its game, with the options on at that table, in the
    clicking user's language (the table's may be another)."""
    session = await table_of(interaction).get(ref.session_id)
    game = registry.get(session.game)
    await show_book(interaction, game, Book.of(game, [key for key, on in session.options.items() if on],
                                               interaction.locale))


async def setup(bot: Bot) -> None:
    bot.add_dynamic_items(PageButton)
    await bot.add_cog(Rules())


async def teardown(bot: Bot) -> None:
    bot.remove_dynamic_items(PageButton)

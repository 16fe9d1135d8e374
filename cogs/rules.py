"""/rules: a game's rules privately, as a book of short pages (cogs/rules_book.py) turned with
Previous / Next; `option:` a game option's own rules page (`advanced:True` is `option:advanced`).
The 📜 Rules button of every lobby and board opens the same book, with the table's options.

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
from engine.words import player_count

from . import replies
from .actions import table_of
from .components import Ref
from .games import offer_games
from .rules_book import ADVANCED, OPTION_PAGES, Book, PageButton, option_rules, option_title, show_book
from .services import Bot, Interaction

EMBED_LIMIT = 4000  # a page's description (Discord allows 4096)
FIELD_LIMIT = 1024  # an option's rules beside others, as one field


def advanced_rules(game: str) -> str | None:
    return option_rules(game, ADVANCED)


def rules_embed(game: Game, *, advanced: bool = False, option: str | None = None) -> discord.Embed:
    """The rules of `game` as one embed: its summary, or an option's page (`advanced`: the
    advanced rules'); the footer says how to ask for the other pages."""
    option = ADVANCED if advanced else option
    page = None if option is None else option_rules(game.name, option)
    if option is not None and page is not None:
        what = "advanced rules" if option == ADVANCED else option_title(game, option)
        title, text = f"{game.title}: {what}", page
        footer = f"The core rules: /rules game:{game.name} · /play game:{game.name} options:{option}"
    else:
        title, text = f"{game.title}: rules", game.rules or "No rules summary yet."
        footer = f"/play game:{game.name}"
        if advanced_rules(game.name):
            footer += f" · advanced rules: /rules game:{game.name} advanced:True"
        if OPTION_PAGES.get(game.name):
            footer += f" · an option's rules: /rules game:{game.name} option:…"
    embed = discord.Embed(title=title, description=text[:EMBED_LIMIT], colour=discord.Colour.blurple())
    return embed.set_footer(text=f"{player_count(game.min_players, game.max_players)} · {footer}")


def options_embed(game: Game, options: Collection[str]) -> discord.Embed | None:
    """The rules of the options on in a game, a field each, beside its core rules: those the core
    text does not already hold, and not the advanced rules (a page of their own). None if none."""
    pages = {key: page for key in options if key != ADVANCED and (page := option_rules(game.name, key))
             and page not in (game.rules or "")}
    if not pages:
        return None
    embed = discord.Embed(title=f"{game.title}: this game's options", colour=discord.Colour.blurple())
    for key, page in pages.items():
        embed.add_field(name=option_title(game, key), value=page[:FIELD_LIMIT], inline=False)
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
                           option="One of its options' own rules")
    @app_commands.autocomplete(option=option_names)
    async def rules(self, interaction: Interaction, game: str, advanced: bool = False,
                    option: str | None = None) -> None:
        try:
            chosen = registry.find(game)
        except RuleError as unknown:
            await replies.tell(interaction, str(unknown))
            return
        asked = ADVANCED if advanced else (option or "").strip().lower() or None
        note = None
        if asked is not None and option_rules(chosen.name, asked) is None:
            pages = ", ".join(OPTION_PAGES.get(chosen.name, {}))
            note = (f"{chosen.title} has no advanced rules: here are its rules." if asked == ADVANCED else
                    f"{chosen.title} has no option `{asked}` with rules of its own"
                    + (f" (those that have: {pages})" if pages else "") + ": here are its rules.")
        if asked is not None and note is None:
            await replies.tell(interaction, embed=rules_embed(chosen, option=asked))
        else:
            await show_book(interaction, chosen, Book.of(chosen), note)


async def rules_click(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """📜 Rules on a lobby or a board: the book of its game, with the options on at that table."""
    session = await table_of(interaction).get(ref.session_id)
    game = registry.get(session.game)
    await show_book(interaction, game, Book.of(game, [key for key, on in session.options.items() if on]))


async def setup(bot: Bot) -> None:
    bot.add_dynamic_items(PageButton)
    await bot.add_cog(Rules())


async def teardown(bot: Bot) -> None:
    bot.remove_dynamic_items(PageButton)

"""/rules: a game's rules summary, privately; `advanced:True` for its advanced rules.

A game's rules fit one embed description; advanced rules (Eye for an Eye's Tribal cards) are a
page of their own, as long again, so they are asked for apart: two such embeds together would
pass Discord's 6000 characters in one message. The game protocol holds one rules text, so the
advanced ones are named here, by game (a fixed table: this module is an extension that discord.py
loads afresh, so nothing registered into it would outlive a reload).
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.arena.rules import ADVANCED as ARENA_ADVANCED
from engine.errors import RuleError
from engine.protocol import Game
from engine.words import player_count

from . import replies
from .games import offer_games

EMBED_LIMIT = 4000
ADVANCED_RULES: dict[str, str] = {"arena": ARENA_ADVANCED}  # a game's advanced rules, by its name


def advanced_rules(game: str) -> str | None:
    return ADVANCED_RULES.get(game)


def rules_embed(game: Game, *, advanced: bool = False) -> discord.Embed:
    """The rules of `game` as one embed: its summary, or its advanced rules; the footer says how
    to ask for the other page when there is one."""
    more = advanced_rules(game.name)
    if advanced and more:
        title, text = f"{game.title}: advanced rules", more
        footer = f"The core rules: /rules game:{game.name}"
    else:
        title, text = f"{game.title}: rules", game.rules or "No rules summary yet."
        footer = f"/play game:{game.name}" + (f" · advanced rules: /rules game:{game.name} advanced:True"
                                               if more else "")
    embed = discord.Embed(title=title, description=text[:EMBED_LIMIT], colour=discord.Colour.blurple())
    return embed.set_footer(text=f"{player_count(game.min_players, game.max_players)} · {footer}")


class Rules(commands.Cog):
    def __init__(self) -> None:
        offer_games(self.rules)

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="The game", advanced="Its advanced rules (Eye for an Eye's Tribal cards)")
    async def rules(self, interaction: discord.Interaction, game: str, advanced: bool = False) -> None:
        try:
            chosen = registry.find(game)
        except RuleError as unknown:
            await replies.tell(interaction, str(unknown))
            return
        none = advanced and advanced_rules(chosen.name) is None
        await replies.tell(interaction, f"{chosen.title} has no advanced rules: here are its rules." if none else None,
                           embed=rules_embed(chosen, advanced=advanced))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules())

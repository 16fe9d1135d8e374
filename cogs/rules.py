"""/rules: a game's rules summary, privately."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import RuleError
from engine.words import player_count

from . import replies
from .games import offer_games

EMBED_LIMIT = 4000


class Rules(commands.Cog):
    def __init__(self) -> None:
        offer_games(self.rules)

    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="The game")
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        try:
            chosen = registry.find(game)
        except RuleError as unknown:
            await replies.tell(interaction, str(unknown))
            return
        text = chosen.rules or "No rules summary yet."
        embed = discord.Embed(title=f"{chosen.title}: rules", description=text[:EMBED_LIMIT],
                              colour=discord.Colour.blurple())
        embed.set_footer(text=f"{player_count(chosen.min_players, chosen.max_players)} · /play game:{chosen.name}")
        await replies.tell(interaction, embed=embed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules())

"""/rules: a game's rules summary, privately."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine import registry
from engine.errors import RuleError

from . import replies
from .lobby import game_names

EMBED_LIMIT = 4000


class Rules(commands.Cog):
    @app_commands.command(name="rules", description="How a game is played")
    @app_commands.describe(game="The game")
    @app_commands.autocomplete(game=game_names)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        try:
            chosen = registry.get(game)
        except RuleError as unknown:
            await replies.tell(interaction, str(unknown))
            return
        text = chosen.rules or "No rules summary yet."
        embed = discord.Embed(title=f"{chosen.title}: rules", description=text[:EMBED_LIMIT],
                              colour=discord.Colour.blurple())
        embed.set_footer(text=f"{chosen.min_players}-{chosen.max_players} players · /play game:{chosen.name}")
        await replies.tell(interaction, embed=embed)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Rules())

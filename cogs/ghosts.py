"""Placeholder until the ghosts cog lands: the game plays with the default buttons."""
from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    return None

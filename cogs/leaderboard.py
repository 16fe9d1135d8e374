"""Placeholder until the leaderboard cog lands."""
from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    return None

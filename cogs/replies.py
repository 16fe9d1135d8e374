"""Answering an interaction whether or not it has been answered already."""
from __future__ import annotations

from typing import Any

import discord

QUIET = discord.AllowedMentions.none()


async def tell(interaction: discord.Interaction, text: str | None = None, **kwargs: Any) -> None:
    """A private (ephemeral) answer to the person who clicked or typed."""
    kwargs.setdefault("allowed_mentions", QUIET)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def acknowledge(interaction: discord.Interaction) -> None:
    """Tell Discord the click was handled when the answer is an edit made elsewhere."""
    if not interaction.response.is_done():
        await interaction.response.defer()

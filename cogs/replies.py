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
    """Tell Discord the interaction was handled when the visible answer is made elsewhere.

    A click just acknowledges (the board is edited); a command gets a private "thinking"
    answer that a later `tell` fills in.
    """
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)

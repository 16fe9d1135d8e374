"""The bot as the cogs see it: an interaction whose client is our bot, so its services are typed.

The bot class, the composition root, lives in bot.py and imports the cogs; the cogs name it for
the type checker only. discord.py types an item's callback for any client; ours is the only one
that registers the table's items, so their callbacks cast the interaction to `Interaction`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import discord

if TYPE_CHECKING:
    from bot import TabletopBot

Bot: TypeAlias = "TabletopBot"
Interaction: TypeAlias = discord.Interaction["TabletopBot"]

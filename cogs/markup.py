"""Discord markup for a session: links to its board, mentions, and who may be pinged."""
from __future__ import annotations

from collections.abc import Iterable

import discord

from host.session import Session


def message_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A link that opens the message; `@me` only where there is no server (a DM)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def board_link(session: Session) -> str:
    return message_link(session.guild_id, session.channel_id, session.message_id)


def mentions(user_ids: Iterable[int]) -> str:
    return " ".join(f"<@{user}>" for user in user_ids)


def pinging(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Only these users are notified, whoever else the text names (watchers never are)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(user) for user in user_ids])

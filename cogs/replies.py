"""Answering an interaction: privately, in time, once.

Discord drops an interaction that is not acknowledged within 3 seconds. Most answers come in
milliseconds, but a stalled database can hold a click for longer; `in_time` acknowledges it
after ACK_AFTER seconds so the answer can still come. Every answer goes through this module,
under one lock per interaction, so that guard and the handler never both answer.
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import discord

from host.store import DatabaseFault

from .language import text

QUIET = discord.AllowedMentions.none()
PUBLIC = {"public": True}  # a command's extras: its answer is for the channel, so a slow one thinks in public
ACK_AFTER = 2.0  # seconds of work after which the interaction is acknowledged first
ALREADY_ANSWERED = 40060  # Discord's code for a second answer to one interaction


def delivered_again(error: BaseException) -> bool:
    """Discord refused an answer because the interaction was answered already: it delivered the same
    interaction twice (after a gateway resume). The table applied it once; nothing is wrong."""
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ANSWERED


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    return interaction.extras.setdefault("reply_lock", asyncio.Lock())


async def tell(interaction: discord.Interaction, text: str | None = None, **kwargs: Any) -> int | None:
    """A private (ephemeral) answer to the person who clicked or typed. The id of its message when
    it is a follow-up; None when it is the interaction's original response (`@original`)."""
    kwargs.setdefault("allowed_mentions", QUIET)
    if text is not None:
        kwargs["content"] = text
    async with _lock(interaction):
        if interaction.extras.pop("thinking_in_public", False):
            await interaction.delete_original_response()  # a public "thinking..." must not carry a private answer
        if interaction.response.is_done():
            return (await interaction.followup.send(ephemeral=True, wait=True, **kwargs)).id
        await interaction.response.send_message(ephemeral=True, **kwargs)
        return None


async def edit(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Edit the message whose component was used (a private panel refreshing itself, or the board as the
    answer to a click on it): the interaction's own response, which no channel limit counts."""
    async with _lock(interaction):
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)


async def think(interaction: discord.Interaction, *, public: bool) -> None:
    """Show "thinking..." (a public one is replaced by the first follow-up); nothing if answered."""
    async with _lock(interaction):
        await _think(interaction, public=public)


async def _think(interaction: discord.Interaction, *, public: bool) -> None:
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=not public, thinking=True)
        interaction.extras["thinking_in_public"] = public


async def acknowledge(interaction: discord.Interaction) -> None:
    """Tell Discord the interaction was handled when the visible answer is made elsewhere.

    A click just acknowledges (the board is edited); a command gets a private "thinking"
    answer that a later `tell` fills in.
    """
    await think(interaction, public=False)


async def sent_publicly(interaction: discord.Interaction, **payload: Any) -> discord.Message:
    """A public answer (a lobby, a board); after a private "thinking..." it goes to the channel."""
    async with _lock(interaction):
        if interaction.extras.pop("thinking_in_public", False):
            return await interaction.followup.send(**payload, wait=True)
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
            return await interaction.followup.send(**payload, wait=True)
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):  # commands and buttons live where messages do
        raise TypeError(f"interaction {interaction.id} came from {channel!r}, which takes no messages")
    message = await channel.send(**payload)
    await tell(interaction, text(interaction.locale, "Done: it is in the channel."))
    return message


@contextlib.asynccontextmanager
async def in_time(interaction: discord.Interaction, *, public: bool = False) -> AsyncIterator[None]:
    """Acknowledge the interaction if the work inside takes longer than ACK_AFTER seconds."""
    async def guard() -> None:
        await asyncio.sleep(ACK_AFTER)
        async with _lock(interaction):
            await _think(interaction, public=public)

    task = asyncio.create_task(guard())
    try:
        yield
    finally:
        if _lock(interaction).locked() and not task.done():
            with contextlib.suppress(discord.HTTPException):
                await task  # it is acknowledging right now: let it finish
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, discord.HTTPException):
            await task


def channel_locale(interaction: discord.Interaction) -> object:
    """Who reads an answer posted in the channel: the server's locale, or in a DM (no server) the user's."""
    return interaction.guild_locale or interaction.locale


def cannot_save(error: DatabaseFault, locale: object) -> str:
    """What a player is told when the database failed their action, in their `locale`."""
    return text(locale, "The bot cannot save games right now ({error}), so that was not done. "
                        "Please try again in a minute.", error=error)

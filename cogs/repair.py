"""At start-up: redraw the boards a crash left behind, post the lobbies that never were.

A board is behind when the bot died after saving a move and before drawing it; a game that
ended that way has not been announced either. A board posted just before the crash whose id was
never saved still has live buttons: the lobby's is adopted as the board, any other loses its
buttons. It runs before the gateway connects, so no click races it.
"""
from __future__ import annotations

import logging

import discord

from host.session import Session
from host.table import Change

from .board_messages import adopt, post
from .components import Ref
from .presenter import Presenter

log = logging.getLogger(__name__)
ORPHAN_SEARCH = 25  # recent channel messages searched for a board whose id was never saved


async def repair_boards(presenter: Presenter) -> int:
    """Repair every session whose board is behind; how many were repaired."""
    repaired = 0
    for session in await presenter.table.boards_behind():
        try:
            ours = await messages_with_buttons(presenter.client, session)
            if session.message_id is None:
                if not ours:
                    await post(presenter, session)
                    repaired += 1
                    continue
                await adopt(presenter, session, ours[0])
            for stray in ours:
                if stray != session.message_id:
                    await presenter.client.get_partial_messageable(session.channel_id).get_partial_message(
                        stray).edit(view=None)
            await presenter.show(Change(session))
            repaired += 1
        except discord.HTTPException:
            log.warning("could not repair the board of session %s", session.id, exc_info=True)
    return repaired


async def messages_with_buttons(client: discord.Client, session: Session) -> list[int]:
    """Recent messages of ours carrying this session's buttons, newest first."""
    channel = client.get_partial_messageable(session.channel_id)
    me = client.user.id if client.user else None
    found = []
    async for message in channel.history(limit=ORPHAN_SEARCH):
        refs = [Ref.parse(getattr(child, "custom_id", None) or "") for row in message.components
                for child in getattr(row, "children", [])]
        if message.author.id == me and any(ref and ref.session_id == session.id for ref in refs):
            found.append(message.id)
    return found

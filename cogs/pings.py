"""Pings: an edited board notifies nobody, so when the game comes to wait on one player (a turn,
a call to answer), a short message pings that player alone; it replaces the previous ping
message, so the channel keeps at most one. The player whose own click made the change, and
watchers, are never pinged. The start and the end ping every seated player.
"""
from __future__ import annotations

import logging

import discord

from engine import registry
from host.session import Session
from host.table import Change, Table

from .game_ui import ui_for
from .markup import board_link, mentions, pinging, who
from .services import Bot

log = logging.getLogger(__name__)


class Pings:
    """The one ping message of each table: who it called, and replacing it."""

    def __init__(self, client: Bot, table: Table) -> None:
        self.client = client
        self.table = table

    async def call(self, session: Session, change: Change) -> None:
        """Tell the player the game now waits on, in a message that replaces the last ping."""
        game = registry.get(session.game)
        waiting = [session.seats[seat] for seat in game.waiting_for(session.game_state)
                   if not session.computer_plays(seat)]
        # everyone at once is a race, nobody's turn, unless each owes a move of their own
        due = waiting if len(waiting) == 1 or ui_for(session.game).calls_everyone(session, game) else []
        if change.started:
            text = f"**{game.title}** begins! {mentions(session.seats)}"
            if due:
                text += f"\n{who(due[0])} goes first."
            await self.replace(session, text, session.seats, due)
        elif due != session.pinged:
            if not due or due == [change.actor]:  # nobody to call, or they are at the table already
                await self.replace(session, None, [], due)
            elif set(due) < set(session.pinged):  # some of those called have moved: the rest were called
                session.pinged = due
                await self.table.set_ping(session.id, session.ping_message_id, due)
            else:
                await self.replace(session, f"{mentions(due)}, your move in **{game.title}**: "
                                                  f"{board_link(session)}", due, due)

    async def replace(self, session: Session, text: str | None, notify: list[int], due: list[int]) -> None:
        """Delete the last ping message, post `text` (if any) notifying `notify`, remember `due`."""
        channel = self.client.get_partial_messageable(session.channel_id)
        if session.ping_message_id is not None:
            try:
                await channel.get_partial_message(session.ping_message_id).delete()
            except discord.HTTPException:
                log.info("the last ping of session %s was already gone", session.id)
        message = None if text is None else await channel.send(text, allowed_mentions=pinging(notify))
        session.ping_message_id, session.pinged = (None if message is None else message.id), due
        await self.table.set_ping(session.id, session.ping_message_id, due)

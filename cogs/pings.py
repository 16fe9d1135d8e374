"""Pings: an edited board notifies nobody, so when the game comes to wait on a player who is not
at the table (a turn, a call to answer), a short message pings that player; it replaces the
previous ping message, so the channel keeps at most one, and it goes once nobody it called is
still waited on. Watchers are never pinged. The start and the end ping every seated player. A ping
reads in the table's language.

No churn: a player who acted at this table, or was pinged, in the last AROUND_SECONDS is at the
table and sees the board change, so their turn coming round posts nothing. At a lively table the
channel then gets no ping at all between the start and the end; a player who wandered off is
pinged as before.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from engine import registry
from host.session import Session
from host.table import Change, Table

from .channel_budget import DELETE, POST, ChannelBudget
from .game_ui import DEFAULT_UI
from .language import ptext, text
from .markup import board_link, mentions, pinging, who
from .services import Bot

if TYPE_CHECKING:
    from .uis import GameUIs

log = logging.getLogger(__name__)
AROUND_SECONDS = 45.0  # how long after their last click (or ping) a player counts as at the table


class Pings:
    """The one ping message of each table: who it called, and replacing it; and who is around."""

    def __init__(self, client: Bot, table: Table, uis: GameUIs, budget: ChannelBudget | None = None) -> None:
        self.client = client
        self.table = table
        self.uis = uis
        self.budget = budget or ChannelBudget()
        self._seen: dict[int, dict[int, float]] = {}  # session id -> user -> table clock of their last click or ping

    def saw(self, session: Session, change: Change) -> None:
        """Whoever made this change is at the table now."""
        if change.actor is not None and not change.duplicate:
            self._seen.setdefault(session.id, {})[change.actor] = self.table.clock()

    def around(self, session_id: int, user: int) -> bool:
        seen = self._seen.get(session_id, {}).get(user)
        return seen is not None and self.table.clock() - seen <= AROUND_SECONDS

    def forget(self, session_id: int) -> None:
        """The game is over: nobody is waited on there any more."""
        self._seen.pop(session_id, None)

    async def call(self, session: Session, change: Change) -> None:
        """Tell the players the game now waits on and who are not around, in a message that replaces
        the last ping; take down a ping whose players were all answered."""
        game = registry.get(session.game)
        waiting = [session.seats[seat] for seat in game.waiting_for(session.game_state)
                   if not session.computer_plays(seat)]
        # everyone at once is a race, nobody's turn, unless each owes a move of their own
        due = waiting if len(waiting) == 1 or self.uis.get(session.game, DEFAULT_UI).calls_everyone(session, game) else []
        language = session.language
        title = ptext(language, "game title", game.title)
        if change.started:
            said = text(language, "**{game}** begins! {players}", game=title, players=mentions(session.seats))
            if due:
                said += "\n" + text(language, "{who} goes first.", who=who(due[0], language))
            await self.replace(session, said, session.seats, due)
            return
        called = [user for user in session.pinged if user in due]  # still waited on, called by the live ping
        away = [user for user in due if user not in called and not self.around(session.id, user)]
        if away:
            await self.replace(session, text(language, "{players}, your move in **{game}**: {link}",
                                             players=mentions(called + away), game=title, link=board_link(session)),
                               away, called + away)
        elif session.ping_message_id is not None and not called and due != session.pinged:
            await self.replace(session, None, [], [])  # it calls nobody the game waits on now: it would mislead
        elif called != session.pinged:  # some of those called have moved: the rest stay called by the same message
            session.pinged = called
            await self.table.set_ping(session.id, session.ping_message_id, called)

    async def replace(self, session: Session, text: str | None, notify: list[int], due: list[int]) -> None:
        """Delete the last ping message, post `text` (if any) notifying `notify`, remember `due`."""
        channel = self.client.get_partial_messageable(session.channel_id)
        if session.ping_message_id is not None:
            try:
                async with self.budget.slot(session.channel_id, DELETE):
                    await channel.get_partial_message(session.ping_message_id).delete()
            except discord.HTTPException:
                log.info("the last ping of session %s was already gone", session.id)
        message = None
        if text is not None:
            async with self.budget.slot(session.channel_id, POST):
                message = await channel.send(text, allowed_mentions=pinging(notify))
            now = self.table.clock()
            for user in notify:  # just pinged: they know, and need no second ping for a while
                self._seen.setdefault(session.id, {})[user] = now
        session.ping_message_id, session.pinged = (None if message is None else message.id), due
        await self.table.set_ping(session.id, session.ping_message_id, due)

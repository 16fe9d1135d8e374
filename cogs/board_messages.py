"""A board's messages over a game: a fresh one posted (the first board, a new round, one deleted), the
board moved on to it (the old message keeps its picture as a record, or says where the board went), a
message adopted whose id a crash kept from being saved, the end announced, and a private copy of the
board for a stale click. The presenter (cogs/presenter.py) keeps the current message in step with its
session and calls these; none of them is on the way of an ordinary click.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

import discord

from host.session import Session
from host.table import Table

from . import replies
from .channel_budget import POST, ChannelBudget
from .endings import end_message
from .game_ui import DEFAULT_UI
from .language import text
from .markup import board_link, message_link
from .pings import Pings
from .services import Bot, Interaction

if TYPE_CHECKING:
    from .uis import GameUIs

log = logging.getLogger(__name__)


class Boards(Protocol):
    """What the messages use of the presenter (which calls them, so is not imported here)."""

    client: Bot
    table: Table
    uis: GameUIs
    budget: ChannelBudget
    pings: Pings

    async def payload(self, session: Session, *, editing: bool) -> dict[str, Any]: ...

    def board_key(self, session: Session) -> str | None: ...


async def post(boards: Boards, session: Session, *, keep_old: bool = False) -> discord.Message:
    """A fresh board message in the session's channel; it becomes the one kept up to date."""
    channel = boards.client.get_partial_messageable(session.channel_id)
    payload = await boards.payload(session, editing=False)
    async with boards.budget.slot(session.channel_id, POST):
        message = await channel.send(**payload)
    await moved(boards, session, message, keep_old=keep_old)
    return message


async def moved(boards: Boards, session: Session, message: discord.Message, *, keep_old: bool = False) -> None:
    """The board now lives in `message`. The old one loses its buttons and, unless it is kept as a
    record (a finished round), its picture too, so no stale board stays."""
    old = session.message_id
    await boards.table.set_message(session.id, message.id, boards.board_key(session), session.version)
    link = message_link(session.guild_id, session.channel_id, message.id)
    if old is None or old == message.id:
        return
    channel = boards.client.get_partial_messageable(session.channel_id)
    change: dict[str, Any] = {"view": None}
    if not keep_old:
        change.update(content=text(session.language, "This board moved here: {link}", link=link), embed=None,
                      attachments=[])
    try:
        async with boards.budget.slot(session.channel_id, boards.budget.edit_kind(old)):
            await channel.get_partial_message(old).edit(**change)
    except discord.HTTPException:
        log.warning("could not retire the old board %s of session %s", old, session.id)


async def adopt(boards: Boards, session: Session, message_id: int) -> None:
    """The board is this message (whose id a crash kept from being saved); redraw it next."""
    await boards.table.set_message(session.id, message_id, boards.board_key(session), -1)
    session.message_id, session.shown_version = message_id, -1


async def announce_end(boards: Boards, session: Session) -> None:
    """The end message (cogs/endings.py) in the channel, the last ping taken down first."""
    payload = await end_message(boards.table, session)
    await boards.pings.replace(session, None, [], [])
    boards.pings.forget(session.id)
    channel = boards.client.get_partial_messageable(session.channel_id)
    async with boards.budget.slot(session.channel_id, POST):
        await channel.send(**payload)


async def show_privately(boards: Boards, interaction: Interaction, session: Session, note: str) -> None:
    """An ephemeral copy of the current board, for stale clicks and watchers (a link instead, where a
    copy could outlive what it shows)."""
    session = await boards.table.get(session.id)
    if not boards.uis.get(session.game, DEFAULT_UI).private_board_copies:
        await replies.tell(interaction, text(interaction.locale, "That click is out of date. The board is here: {link}",
                                             link=board_link(session)))
        return
    await replies.tell(interaction, note, **await boards.payload(session, editing=False))

"""Keeps each table's board message in step with its session, has whoever must act pinged
(cogs/pings.py), and announces the end (the board's messages over a game: cogs/board_messages.py).

Edits are coalesced per session: whoever gets the presenter lock draws the *current* state,
so a burst of clicks ends with the newest board, never an older one drawn late. Images are
drawn off the event loop.

Within Discord's limits: a click on the board message itself gets the new board as its own
response (UPDATE_MESSAGE), which the channel's limit does not count. Everything else the table
sends to its channel (board edits and posts, headlines, pings, the end) takes a slot of the
channel's budget first (cogs/channel_budget.py); a board that must wait for one is not drawn then
but once, later, for the newest state, instead of waiting out Discord's limit inside discord.py
while the board's lock is held.
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from engine import registry
from host.session import ABORTED, FINISHED, LOBBY, PLAYING, Session
from host.table import Change, Table

from . import replies
from .board_messages import adopt, announce_end, moved, post, show_privately
from .channel_budget import POST, ChannelBudget
from .game_ui import DEFAULT_UI, Board, with_rules
from .language import text
from .live_panels import LivePanels
from .lobby_ui import lobby_board
from .markup import said, seat_names
from .pictures import BoardPictures
from .pings import Pings
from .services import Bot, Interaction

if TYPE_CHECKING:
    from .uis import GameUIs

log = logging.getLogger(__name__)
RETRY_SECONDS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)  # waits before redrawing a board Discord failed, then every 30 s


class Presenter:
    def __init__(self, client: Bot, table: Table, uis: GameUIs) -> None:
        self.client = client
        self.table = table
        self.uis = uis
        config = getattr(client, "config", None)  # the bot's settings (none on a bench's stand-in client)
        self.pictures = BoardPictures(getattr(config, "render_workers", 0))  # drawn once per view, in workers
        self._locks: dict[int, asyncio.Lock] = {}  # session id -> its board's lock
        self._news_locks: dict[int, asyncio.Lock] = {}  # session id -> the lock of its headlines and pings, in order
        self._edited_at: dict[int, float] = {}  # session id -> loop time of its last board edit
        self._later: dict[int, asyncio.Task[None]] = {}  # one waiting redraw per throttled board
        self._failures: dict[int, int] = {}  # session id -> board edits Discord failed in a row
        shards = getattr(client, "own_shards", None)  # a shard process has its shards' part of the global limit
        self.budget = ChannelBudget(share=1.0 if shards is None else shards.share)  # Discord's limits, kept
        self.pings = Pings(client, table, uis, self.budget)
        self.panels = LivePanels(table)  # each player's live private panel, retired when its moment passed
        self.retry_seconds: tuple[float, ...] = RETRY_SECONDS

    async def board(self, session: Session) -> Board:
        game = registry.get(session.game)
        if session.status == LOBBY or session.state is None:
            return lobby_board(session, game)
        ui = self.uis.get(session.game, DEFAULT_UI)
        names = seat_names(session, await self.table.names(session.seats))
        embed = ui.embed(session, game, names)
        if session.status == PLAYING and (seat := session.learner) is not None and \
                (tip := ui.coach(session, game, seat, game.view(session.game_state, seat))):
            embed.add_field(name=text(session.language, "💡 Practice tip"), value=said(session, tip)[:1024],
                            inline=False)
        board = Board(embed, await self.pictures.board(ui, session, game, names))
        if session.status not in (FINISHED, ABORTED):
            board.items = with_rules(session, ui.items(session, game))
        return board

    async def payload(self, session: Session, *, editing: bool) -> dict[str, Any]:
        return (await self.board(session)).payload(editing=editing)

    async def on_change(self, change: Change, via: Interaction | None, fresh: bool) -> None:
        """The bus's public stage (cogs/bus.py): a change shown to the channel. A click on the board
        itself gets the new board as its answer (the channel's limit does not count it); `fresh`
        posts the board as a new message answering `via`; a `stale` click is answered with the board privately."""
        if change.stale is not None:
            await self.show(change)
            if via is not None:
                await show_privately(self, via, change.session, change.stale)
            return
        if fresh and via is not None:
            if not change.duplicate:
                posted = await replies.sent_publicly(via, **await self.payload(change.session, editing=False))
                await moved(self, change.session, posted)
            return
        message = via.message if via is not None else None
        on_board = message is not None and not message.flags.ephemeral and \
            change.session.message_id in (None, message.id)  # None: adopted below
        if via is not None and (change.duplicate or not on_board):
            await replies.acknowledge(via)  # the board, if it changes, is edited through the channel
        if via is not None and change.duplicate:
            return
        if message is not None and on_board and change.session.message_id is None:
            await adopt(self, change.session, message.id)  # the lobby was posted, but a crash lost its id
        try:
            await self.show(change, via=via if on_board else None)
        except discord.HTTPException:  # the move stands: the next change (or a retry) redraws
            log.warning("session %s: move %s could not be shown", change.session.id, change.session.version,
                        exc_info=True)
        finally:
            if via is not None:
                await replies.acknowledge(via)  # nothing if answered already

    async def show(self, change: Change, via: Interaction | None = None) -> None:
        """After a change: the board brought up to date, the news, the ping, the live panels, and
        the end announced, in this order (a game's private panels heard of it first: cogs/bus.py).

        `via`: the click that made the change. When it was made on the board message itself, its own
        response carries the new board; either way it is acknowledged once the board was seen to."""
        session = change.session
        try:
            await self._bring_board(session.id, via)
        finally:
            if via is not None:
                await replies.acknowledge(via)  # nothing when the board was its answer
        if not change.duplicate:
            async with self._news_locks.setdefault(session.id, asyncio.Lock()):
                current = await self.table.get(session.id)
                self.pings.saw(current, change)
                await self._headlines(current, change)
                if current.status == PLAYING:
                    await self.pings.call(current, change)
        if not change.duplicate and session.id in self.panels.held:  # none held: none to retire
            await self.panels.follow(await self.table.get(session.id))
        if change.ended and not change.duplicate and session.started_at is not None:
            await announce_end(self, await self.table.get(session.id))

    async def _bring_board(self, session_id: int, via: Interaction | None) -> None:
        """The board up to date: through `via`'s own response when it was a click on the board, else
        through the channel when the game's pace and the channel's budget allow it now, else once
        later (for the newest board then)."""
        async with self._locks.setdefault(session_id, asyncio.Lock()):
            current = await self.table.get(session_id)
            if current.message_id is None or not current.board_behind:
                return
            paced = self._throttle(current)
            if via is not None and not paced and self._carries(via, current) and \
                    await self._redraw_through(via, current):
                return
            if via is not None:
                await replies.acknowledge(via)  # the board goes through the channel: answer the click first
            wait = max(paced, self.budget.board_wait(current.channel_id, current.message_id,
                                                      self.board_key(current) != current.board_key))
            if wait > 0:
                self._redraw_in(current.id, wait)
            else:
                await self._redraw_or_retry(current)

    def _carries(self, via: Interaction, session: Session) -> bool:
        """Whether this click's own response can show the board: it was made on the board message,
        the board stays in that message, and the click was not answered otherwise."""
        message = via.message
        if message is None or message.id != session.message_id or self.board_key(session) != session.board_key:
            return False
        return not via.response.is_done() or via.response.type is discord.InteractionResponseType.deferred_message_update

    async def _redraw_through(self, via: Interaction, session: Session) -> bool:
        """The board as the click's response (UPDATE_MESSAGE, or an edit of @original once deferred);
        False when Discord refused it, so the channel redraws it instead."""
        try:
            await replies.edit(via, **await self.payload(session, editing=True))
        except discord.HTTPException as refused:
            log.info("session %s: the click's response could not carry the board (%s); the channel will",
                     session.id, refused)
            return False
        if session.status == PLAYING:
            self._edited_at[session.id] = asyncio.get_running_loop().time()
        await self.table.set_shown(session.id, session.version)
        return True

    def _throttle(self, session: Session) -> float:
        """Seconds to wait before this board may be edited again (0: now). An ended game or a
        board moving to a new message is never kept waiting."""
        interval = 0.0 if session.state is None else self.uis.get(session.game, DEFAULT_UI).min_edit_seconds
        if not interval or not session.active or self.board_key(session) != session.board_key:
            return 0.0
        since = asyncio.get_running_loop().time() - self._edited_at.get(session.id, float("-inf"))
        return max(0.0, interval - since)

    def _redraw_in(self, session_id: int, wait: float) -> None:
        """Redraw later, once, whatever changes meanwhile: the newest board then wins. Only the
        board: the news, pings and end of what changed were told when it changed."""
        if session_id in self._later:
            return

        async def later() -> None:
            await asyncio.sleep(wait)
            self._later.pop(session_id, None)
            try:
                await self.show(Change(await self.table.get(session_id), duplicate=True))
            except discord.HTTPException:
                log.warning("could not redraw the board of session %s", session_id, exc_info=True)

        self._later[session_id] = asyncio.create_task(later())

    async def _redraw_or_retry(self, session: Session) -> None:
        """Redraw the board; when Discord fails it (5xx) even after discord.py's own tries, try again
        later, waiting longer each time, until the board is current (a newer change may do it first)."""
        try:
            await self._redraw(session)
        except discord.HTTPException as failed:
            if failed.status < 500:
                raise
            failures = self._failures[session.id] = self._failures.get(session.id, 0) + 1
            wait = self.retry_seconds[min(failures, len(self.retry_seconds)) - 1]
            log.warning("Discord failed the board of session %s (%s, %d time(s) in a row); trying again in %g s",
                        session.id, failed.status, failures, wait)
            self._redraw_in(session.id, wait)
        else:
            self._failures.pop(session.id, None)

    async def _headlines(self, session: Session, change: Change) -> None:
        lines = [said(session, line) for line in self.uis.get(session.game, DEFAULT_UI).headlines(change)] if session.state else []
        if lines:
            channel = self.client.get_partial_messageable(session.channel_id)
            async with self.budget.slot(session.channel_id, POST):
                await channel.send("\n".join(lines)[:2000], allowed_mentions=replies.QUIET)

    async def _redraw(self, session: Session) -> None:
        """Edit the board in place, or post a fresh one when it moved on (a new round) or is gone."""
        if session.status == PLAYING:  # the pace counts from edits of a game in play, not of its lobby
            self._edited_at[session.id] = asyncio.get_running_loop().time()
        channel = self.client.get_partial_messageable(session.channel_id)
        try:
            if session.message_id is None or self.board_key(session) != session.board_key:
                await post(self, session, keep_old=True)
            else:
                payload = await self.payload(session, editing=True)
                async with self.budget.slot(session.channel_id, self.budget.edit_kind(session.message_id)):
                    await channel.get_partial_message(session.message_id).edit(**payload)
                await self.table.set_shown(session.id, session.version)
        except discord.NotFound:  # the board was deleted: post a fresh one
            await post(self, session)

    def board_key(self, session: Session) -> str | None:
        if session.state is None or session.status == LOBBY:
            return None
        return self.uis.get(session.game, DEFAULT_UI).board_key(session, registry.get(session.game))

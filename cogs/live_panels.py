"""One live private panel per player and table; a panel whose moment has passed says so.

Each press of an opener posts a new private panel. Left alone, the older ones would keep
live-looking buttons (and, in Bugs & Co, the picture of a tile since kept, which a player may never
look at again). So the bot remembers each player's live panel and the latest interaction that drew
it (only an interaction's token, alive 15 minutes, can edit a private message): opening a new panel
retires the older, and after every change a panel whose moment has passed (the game ended, the
player left, the version it was drawn for is gone, or the panel would not open now) is edited to say
so, with no controls and no picture. A click on a panel takes it over while it is answered (the
click path redraws it or leaves it as a note). Memory only: a restart forgets the panels, whose
clicks are then refused as before.
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

import discord

from engine import registry
from host.session import PLAYING, Session
from host.table import Table

from . import replies
from .language import N_, language_of, text
from .markup import said
from .panels import Panel, Seat
from .redraw import Drawn
from .services import Interaction

log = logging.getLogger(__name__)
TOKEN_LIFE = 15 * 60 - 30  # seconds an interaction can edit its messages (Discord: 15 minutes), less a margin
REPLACED = N_("This panel was replaced by a newer one (below).")  # each read in the table's language
OVER = N_("This game is over: see the channel.")
GONE = N_("You left this game.")
PASSED = N_("⌛ This panel's moment has passed")


@dataclass
class Held:
    """A live panel: what it is, and how to edit its message."""

    panel: Panel
    interaction: Interaction  # the latest interaction that posted or redrew it
    followup_id: int | None  # its message, when that interaction posted it as a follow-up; None: `@original`
    version: int  # the session version it was drawn for
    since: float = field(default_factory=time.monotonic)  # when that interaction came (its token lives 15 min)

    async def leave(self, text: str) -> None:
        """Its message becomes `text` alone: no controls, no picture."""
        if self.followup_id is None:
            await self.interaction.edit_original_response(content=text, view=None, attachments=[],
                                                          allowed_mentions=replies.QUIET)
        else:
            await self.interaction.followup.edit_message(self.followup_id, content=text, view=None, attachments=[],
                                                         allowed_mentions=replies.QUIET)


class LivePanels:
    """Each player's live panel per session, retired when replaced or when its moment passed."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.held: dict[int, dict[int, Held]] = {}  # session id -> user id -> the live panel

    async def posted(self, session: Session, panel: Panel, interaction: Interaction,
                     followup_id: int | None, drawn: Drawn) -> None:
        """A new panel was posted for the player who clicked: their older one is retired."""
        older = self._drop(session.id, interaction.user.id)
        if drawn.items:  # a panel without controls is a note already: nothing to retire later
            self.held.setdefault(session.id, {})[interaction.user.id] = Held(panel, interaction, followup_id,
                                                                             session.version)
        if older is not None:
            await self._retire(older, text(session.language, REPLACED))

    def redrawn(self, session: Session, panel: Panel, interaction: Interaction, drawn: Drawn) -> None:
        """The player's click redrew the panel in place: it is live, editable through that click (if
        it still has controls)."""
        if drawn.items:
            self.held.setdefault(session.id, {})[interaction.user.id] = Held(panel, interaction, None, session.version)

    def taken(self, session_id: int, interaction: Interaction) -> None:
        """A click on the player's panel is being answered: its path redraws the panel or leaves it
        as a note, so nothing else edits it meanwhile."""
        self._drop(session_id, interaction.user.id)

    async def follow(self, session: Session) -> None:
        """After a change: retire every panel of the session whose moment has passed."""
        for user, held in list(self.held.get(session.id, {}).items()):
            if (reason := self.passed(session, user, held)) is not None:
                self._drop(session.id, user)
                await self._retire(held, reason)

    def _drop(self, session_id: int, user: int) -> Held | None:
        """Forget a player's live panel (a table whose players hold none is forgotten too)."""
        panels = self.held.get(session_id, {})
        held = panels.pop(user, None)
        if not panels:
            self.held.pop(session_id, None)
        return held

    def passed(self, session: Session, user: int, held: Held) -> str | None:
        """Why this panel is no longer live (None: it is)."""
        seat, language = session.seat_of(user), language_of(held.interaction.locale)  # the panel's reader's
        if held.panel.pushed and session.status != PLAYING:
            return None  # its game tells it the end itself
        if session.status != PLAYING:
            return text(language, OVER)
        if seat is None:
            return text(language, GONE)
        passed = text(language, PASSED)
        if held.panel.versioned and held.version != session.version:
            moved_on = text(language, "the game moved on. Open a fresh one from the board.")
            return f"{passed}: {moved_on}"
        if held.panel.any_time:
            return None
        game = registry.get(session.game)
        reason = held.panel.refusal(Seat(session, game, seat, game.view(session.game_state, seat), self.table.clock(),
                                         language))
        return None if reason is None else f"{passed}: {said(session, reason, language)}"

    @staticmethod
    async def _retire(held: Held, text: str) -> None:
        """The panel's message becomes `text` alone, if its interaction can still edit it."""
        if time.monotonic() - held.since > TOKEN_LIFE:
            return
        try:
            await held.leave(text)
        except discord.HTTPException as refused:  # dismissed by the player, or the token expired
            log.info("could not retire a panel of %s: %s", held.interaction.user.id, refused)

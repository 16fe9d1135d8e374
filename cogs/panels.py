"""Private panels: the one kit every game's private choices are built with.

A panel is an ephemeral message for one seated player: a few lines and controls drawn from
the game's legal actions and that player's view (never the raw state). An opener button on the
board posts it; a pick in it either redraws it by editing it (nothing happens to the game) or
names an engine action, which is made at once; the panel then becomes a note of what happened,
or, `in_place`, redraws itself with what happened on top (a panel used all game long). How
its message is posted, edited in place and left as a note is cogs/redraw.py's.

The choice so far (the draft) travels in the custom_id of every control, so a panel keeps
working after a restart: a short string, or a typed `Draft` whose fields the controls set. A
`versioned` panel also carries the session version and is refused, with the current board, once
the game moved on; panels used while others act at the same time (a race, a simultaneous
discard) are not versioned and rely on the engine's refusal instead.

A panel opens only for a seat the game waits on (unless its `refusal` says otherwise); the
clicks themselves, and the seat checks they pass once, are cogs/clicks.py's. Why a move is
refused is the engine's `explain`.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

import discord

from engine.errors import Said
from engine.protocol import Action, Game, State, View, seat_name
from host.session import Session
from host.table import Change

from .components import Ref, TableButton, TableSelect
from .drafts import PER_SELECT, Draft, clip
from .language import N_, SOURCE, text
from .markup import said
from .redraw import Drawn

OPEN = "open"
CONFIRM = "go"  # the control of a panel's Confirm button: the move the draft has come to
WATCHING = N_("You are watching this game: only seated players can act.")


@dataclass(frozen=True)
class Seat:
    """The player a panel is for, and what they may see; `language`: what their panel reads in, their own
    (their Discord's locale, as for every private answer), whatever the table's."""

    session: Session
    game: Game
    seat: int
    view: View
    now: float
    language: str = SOURCE

    @property
    def state(self) -> State:
        """For engine helpers that take the state (previews); panels read `view` otherwise."""
        return self.session.game_state

    @cached_property
    def legal(self) -> list[Action]:
        """The moves the engine offers this player now (perhaps a representative few of many)."""
        return self.game.legal_actions(self.state, self.seat)

    def explain(self, action: Mapping[str, Any]) -> str | None:
        """Why the engine would refuse this player `action` now (None: it would not). A move the
        engine offers needs no trial run: a panel greys many buttons, and most are offered."""
        if dict(action) in self.legal:
            return None
        return self.game.explain(self.state, self.seat, action, self.now)


class Panel(ABC):
    """One kind of private panel of a game; subclasses draw it and say what a pick means."""

    name: ClassVar[str]  # the custom_id action, unique across games: "tiger_buy"
    versioned: ClassVar[bool] = True
    any_time: ClassVar[bool] = False  # opens whether or not the game waits on the player
    again: ClassVar[bool] = False  # after its move, a fresh panel opens if it still may (a re-deal)
    in_place: ClassVar[bool] = False  # after its move it is redrawn, what happened on top, instead of a note
    pushed: ClassVar[bool] = False  # its game pushes news to it to the end itself (Eye for an Eye's live panels)
    probe: ClassVar[Mapping[str, Any] | None] = None  # a move the panel is for: it opens when the engine offers one
    choice: ClassVar[type[Draft] | None] = None  # its typed draft, whose fields the controls set by default

    def opener(self, session: Session, label: str, *, style: discord.ButtonStyle = discord.ButtonStyle.primary,
               disabled: bool = False, row: int | None = None, emoji: str | None = None) -> TableButton:
        """The board button that opens this panel."""
        return TableButton(self._ref(session, OPEN, ""), label=label, style=style, disabled=disabled, row=row,
                           emoji=emoji)

    def button(self, seat: Seat, label: str, control: str, draft: object, *,
               style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False,
               row: int | None = None, emoji: str | None = None) -> TableButton:
        return TableButton(self._ref(seat.session, control, draft), label=label[:80], style=style,
                           disabled=disabled, row=row, emoji=emoji)

    def confirm(self, seat: Seat, label: str, draft: object, *, ready: bool, row: int = 4,
                style: discord.ButtonStyle = discord.ButtonStyle.success, emoji: str | None = None) -> TableButton:
        """The button that makes the move the draft has come to (control CONFIRM), greyed until `ready`."""
        return self.button(seat, label, CONFIRM, draft, style=style, disabled=not ready, row=row, emoji=emoji)

    def select(self, seat: Seat, control: str, draft: object, options: list[discord.SelectOption], *,
               placeholder: str | None = None, min_values: int = 1, max_values: int = 1,
               row: int | None = None) -> TableSelect:
        """A select of the first 25 options, their texts trimmed to Discord's 100 characters; for a
        typed draft, those it holds in the control's field are shown chosen."""
        shown = options[:PER_SELECT]
        for o in shown:
            o.label, o.description = clip(o.label), o.description and clip(o.description)
            o.default = o.default or isinstance(draft, Draft) and draft.holds(control, o.value)
        return TableSelect(self._ref(seat.session, control, draft), options=shown, placeholder=placeholder,
                           min_values=min_values, max_values=min(max_values, len(shown)), row=row)

    def spread(self, seat: Seat, control: str, draft: object, options: list[discord.SelectOption], *,
               placeholder: str, max_values: int, first_row: int = 0) -> list[TableSelect]:
        """A multiple choice too long for one select: selects of 25 options from row `first_row` to
        row 3, the last row left for buttons (controls `<control>0`, `<control>1`...), each allowing
        none; `spread_pick` reads a pick in one."""
        parts = [options[i:i + PER_SELECT] for i in range(0, len(options), PER_SELECT)][:4 - first_row]
        return [self.select(seat, f"{control}{k}", draft, part, min_values=0, max_values=max_values,
                            row=first_row + k,
                            placeholder=placeholder + (f" ({k * PER_SELECT + 1}-{k * PER_SELECT + len(part)})"
                                                       if len(parts) > 1 else ""))
                for k, part in enumerate(parts)]

    def _ref(self, session: Session, control: str, draft: object) -> Ref:
        return Ref(session.id, self.name, f"{control}~{draft}", session.version if self.versioned else None)

    # ---------------------------------------------------------------- what a game's panel says

    def refusal(self, seat: Seat) -> str | None:
        """Why this panel does not open now (None: it opens). With a `probe`: it opens when the engine
        offers the player a move of the probe's type, else the engine's refusal of the probe says why;
        by default: not your turn."""
        if self.probe is not None:
            kinds = {a["type"] for a in seat.legal}
            return None if self.probe["type"] in kinds else seat.explain(self.probe) or N_("Not now.")
        waiting = seat.game.waiting_for(seat.state)
        if self.any_time or seat.seat in waiting:
            return None
        if len(waiting) == 1:
            return Said("It is not your turn: {seat} is to play.", seat=seat_name(waiting[0]))
        return N_("It is not your turn.")

    def start(self, seat: Seat) -> str:
        """The draft a freshly opened panel starts from: a typed draft's `opening`, else ""."""
        return "" if self.choice is None else str(self.choice.opening(seat.view))

    @abstractmethod
    def draw(self, seat: Seat, draft: str) -> Drawn:
        """The panel for this draft."""

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        """A control was used: the new draft (the panel is redrawn) or the action to make now. By
        default the control sets its field of the typed draft, then `act` says whether that makes a
        move (a panel without a typed draft shows the same)."""
        if self.choice is None:
            return draft
        choice = self.choice.parse(draft).picked(control, values)
        return self.act(seat, choice, control) or str(choice)

    def act(self, seat: Seat, choice: Any, control: str) -> Action | None:
        """The move a typed draft makes after a pick in `control` (a Confirm, a last choice), or None."""
        return None

    def done(self, change: Change, language: str) -> str:
        """What the panel says once its move is made, in its reader's `language`: the move's public news
        by default."""
        return _told(change, (None,), language)[:1900] or text(language, "Done.")

    def news(self, change: Change, seat: Seat) -> str:
        """What an `in_place` panel says on top after its move: the news for everyone and for its player."""
        return _told(change, (None, seat.seat), seat.language)


def _told(change: Change, to: tuple[int | None, ...], language: str) -> str:
    return "\n".join(said(change.session, e.text, language) for e in change.events if e.private_to in to)

"""Private panels: the one kit every game's private choices are built with.

A panel is an ephemeral message for one seated player: a few lines and controls drawn from
the game's legal actions and that player's view (never the raw state). An opener button on the
board posts it; a pick in it either redraws it by editing it (nothing happens to the game) or
names an engine action, which is made at once; the panel then becomes a note of what happened.

The choice so far (the draft, a short string each panel encodes its own way) travels in the
custom_id of every control, so a panel keeps working after a restart. A `versioned` panel also
carries the session version and is refused, with the current board, once the game moved on;
panels used while others act at the same time (a race, a simultaneous discard) are not
versioned and rely on the engine's refusal instead.

Seat checks happen once, here: watchers are refused, and a panel opens only for a seat the game
waits on (unless the panel says otherwise). Why a move is refused is the engine's `explain`.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import discord

from engine import registry
from engine.protocol import Action, Game, State, View, seat_name
from host.errors import StaleAction, TableError
from host.session import PLAYING, Session
from host.table import Change
from render.encode import RenderedImage, render_async

from . import replies
from .actions import perform, table_of
from .components import TableButton, TableSelect, handles, view_of
from .markup import said
from .presenter import as_file
from .refs import Ref

OPEN = "open"
WATCHING = "You are watching this game: only seated players can act."
PER_SELECT = 25  # options in one select (Discord's limit)
TEXT_LIMIT = 100  # characters in an option's label or description (Discord's limit)


def option(label: str, value: object, *, default: bool = False, description: str | None = None,
           emoji: str | None = None) -> discord.SelectOption:
    """A select option; `Panel.select` trims its texts to Discord's limit."""
    return discord.SelectOption(label=label, value=str(value), default=default, description=description or None,
                                emoji=emoji)


def _clip(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[:TEXT_LIMIT - 1] + "…"


def fields(draft: str, n: int) -> list[str]:
    """A draft made of `n` fields joined by "-" (say "2-4.9-"), the missing ones empty."""
    return (draft.split("-") + [""] * n)[:n]


def spread_pick(options: list[discord.SelectOption], control: str, chosen: list[str], values: list[str]) -> list[str]:
    """The choice after a pick in one select of `Panel.spread` (control `<name><k>`): that
    select's options as picked, the others' as they were."""
    k = int(control[len(control.rstrip("0123456789")):] or 0)
    shown = {o.value for o in options[k * PER_SELECT:(k + 1) * PER_SELECT]}
    return [v for v in chosen if v not in shown] + [v for v in values if v in shown]


@dataclass
class Drawn:
    """What a panel shows: text, controls, and perhaps a picture (drawn off the event loop)."""

    text: str
    items: list[discord.ui.Item] = field(default_factory=list)
    image: Callable[[], RenderedImage] | None = None


@dataclass(frozen=True)
class Seat:
    """The player a panel is for, and what they may see."""

    session: Session
    game: Game
    seat: int
    view: View
    now: float

    @property
    def state(self) -> State:
        """For engine helpers that take the state (previews); panels read `view` otherwise."""
        return self.session.game_state

    def explain(self, action: Action) -> str | None:
        """Why the engine would refuse this player `action` now (None: it would not)."""
        return self.game.explain(self.state, self.seat, action, self.now)


class Panel(ABC):
    """One kind of private panel of a game; subclasses draw it and say what a pick means."""

    name: ClassVar[str]  # the custom_id action, unique across games: "tiger_buy"
    versioned: ClassVar[bool] = True
    any_time: ClassVar[bool] = False  # opens whether or not the game waits on the player
    again: ClassVar[bool] = False  # after its move, a fresh panel opens if it still may (a re-deal)

    def opener(self, session: Session, label: str, *, style: discord.ButtonStyle = discord.ButtonStyle.primary,
               disabled: bool = False, row: int | None = None, emoji: str | None = None) -> TableButton:
        """The board button that opens this panel."""
        return TableButton(self._ref(session, OPEN, ""), label=label, style=style, disabled=disabled, row=row,
                           emoji=emoji)

    def button(self, seat: Seat, label: str, control: str, draft: str, *,
               style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False,
               row: int | None = None, emoji: str | None = None) -> TableButton:
        return TableButton(self._ref(seat.session, control, draft), label=label[:80], style=style,
                           disabled=disabled, row=row, emoji=emoji)

    def select(self, seat: Seat, control: str, draft: str, options: list[discord.SelectOption], *,
               placeholder: str | None = None, min_values: int = 1, max_values: int = 1,
               row: int | None = None) -> TableSelect:
        """A select of the first 25 options, their texts trimmed to Discord's 100 characters."""
        shown = options[:PER_SELECT]
        for o in shown:
            o.label, o.description = _clip(o.label), o.description and _clip(o.description)
        return TableSelect(self._ref(seat.session, control, draft), options=shown, placeholder=placeholder,
                           min_values=min_values, max_values=min(max_values, len(shown)), row=row)

    def spread(self, seat: Seat, control: str, draft: str, options: list[discord.SelectOption], *,
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

    def _ref(self, session: Session, control: str, draft: str) -> Ref:
        return Ref(session.id, self.name, f"{control}~{draft}", session.version if self.versioned else None)

    # ---------------------------------------------------------------- what a game's panel says

    def refusal(self, seat: Seat) -> str | None:
        """Why this panel does not open now (None: it opens). By default: not your turn."""
        waiting = seat.game.waiting_for(seat.state)
        if self.any_time or seat.seat in waiting:
            return None
        if len(waiting) == 1:
            return f"It is not your turn: {seat_name(waiting[0])} is to play."
        return "It is not your turn."

    async def offer(self, interaction: discord.Interaction, seat: Seat) -> None:
        """Open this panel for `seat` now (after a board move that calls for it)."""
        await _post(interaction, self.draw(seat, self.start(seat)))

    def start(self, seat: Seat) -> str:
        """The draft a freshly opened panel starts from."""
        return ""

    @abstractmethod
    def draw(self, seat: Seat, draft: str) -> Drawn:
        """The panel for this draft."""

    @abstractmethod
    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        """A control was used: the new draft (the panel is redrawn) or the action to make now."""

    def done(self, change: Change) -> str:
        """What the panel says once its move is made: the move's public news by default."""
        texts = [said(change.session, e.text) for e in change.events if e.private_to is None]
        return "\n".join(texts)[:1900] or "Done."


_panels: dict[str, Panel] = {}


def register_panels(*panels: Panel) -> None:
    for panel in panels:
        _panels[panel.name] = panel
        handles(panel.name)(on_panel)


async def seat_for(interaction: discord.Interaction, session: Session) -> Seat:
    """The clicking player as a seat of this game in play; watchers and ended games refused."""
    if session.status != PLAYING:
        raise TableError("This game is over." if session.started_at else "The game has not started yet.")
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        raise TableError(WATCHING)
    game = registry.get(session.game)
    return Seat(session, game, seat, game.view(session.game_state, seat), table_of(interaction).clock())


async def on_panel(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    """Every click on every panel, and on the board buttons that open one."""
    panel = _panels[ref.action]
    table = table_of(interaction)
    session = await table.get(ref.session_id)
    seat = await seat_for(interaction, session)
    if ref.version is not None and ref.version != session.version:
        raise StaleAction("That panel is out of date; here is the current board.", session)
    control, _, draft = ref.arg.partition("~")
    if control == OPEN:
        if reason := panel.refusal(seat):
            raise TableError(said(session, reason))
        await _post(interaction, panel.draw(seat, panel.start(seat)))
        return
    picked = panel.pick(seat, draft, control, values)
    if isinstance(picked, str):
        await _redraw(interaction, panel.draw(seat, picked))
        return
    if reason := seat.explain(picked):
        raise TableError(said(session, reason))
    change = await perform(interaction, lambda: table.act(session.id, interaction.user.id, picked, interaction.id,
                                                          expected_version=ref.version))
    if change.duplicate:
        return
    await replies.edit(interaction, content=panel.done(change), view=None, attachments=[])
    if panel.again and change.session.status == PLAYING:
        after = await seat_for(interaction, change.session)
        if panel.refusal(after) is None:
            await panel.offer(interaction, after)


async def _post(interaction: discord.Interaction, drawn: Drawn) -> None:
    extra: dict[str, Any] = {"view": view_of(drawn.items)} if drawn.items else {}
    if drawn.image is not None:
        extra["file"] = as_file(await render_async(drawn.image))
    await replies.tell(interaction, drawn.text, **extra)


async def _redraw(interaction: discord.Interaction, drawn: Drawn) -> None:
    files = [] if drawn.image is None else [as_file(await render_async(drawn.image))]
    await replies.edit(interaction, content=drawn.text, view=view_of(drawn.items) if drawn.items else None,
                       attachments=files)

"""Clicks on the panel: the kit opens it; every other click redraws it in place (`move_in_place`).

A click names an action (made at once, in arrival order, with the time the player clicked) or
changes the draft. What happened goes on top of the redrawn panel: the action's news, the
engine's refusal, or, when another player's earlier click made it impossible, who was first and
by how many ms (engine/arena/races decides; `race_words` says it). The panel is kept in memory
so news can reach it later (live.py), and reaches the players it concerns before the board.
"""
from __future__ import annotations

from engine import registry
from engine.arena.races import lost_race
from engine.arena.view_types import as_view
from engine.protocol import Action
from host.session import Session

from .. import replies
from ..clicks import move_in_place, on_panel
from ..components import Ref
from ..panels import OPEN, Seat
from ..services import Interaction
from .draft import INFO, after_move
from .legend import legend_embed
from .live import live_of
from .panel import PANEL
from .words import READER, race_words


async def on_click(interaction: Interaction, seat: Seat, ref: Ref, values: list[str]) -> None:
    """A click of `seat`'s player on the panel or on the board button that opens it; the panel answers in
    the clicking player's language (`READER`)."""
    reading = READER.set(interaction.locale)
    try:
        await clicked(interaction, seat, ref, values)
    finally:
        READER.reset(reading)


async def clicked(interaction: Interaction, seat: Seat, ref: Ref, values: list[str]) -> None:
    live = live_of(interaction.client)
    control = ref.arg.partition("~")[0]
    if control == OPEN:
        await on_panel(interaction, PANEL, seat, ref, values)
        live.keep(ref.session_id, seat.seat, interaction, "")
        if not defending(seat.session, seat.seat) and live.introduce(ref.session_id, seat.seat):
            await tell_legend(interaction, seat.session)
        return
    if control == INFO:  # the panel stays as it is: the legend is a message of its own
        await tell_legend(interaction, seat.session)
        return
    moved = await move_in_place(interaction, PANEL, seat, ref, values, after=after_move, lost=lost_by)
    live.keep(ref.session_id, moved.seat.seat, interaction, moved.draft)
    if moved.change is not None and not moved.change.duplicate:
        await interaction.client.changes.publish(moved.change)


def lost_by(session: Session, seat: int | None, action: Action, clicked_ms: int, language: str) -> str | None:
    """The words for a refused action that lost a race to an earlier click, if it did."""
    if seat is None or (race := lost_race(session.game_state, seat, action)) is None:
        return None
    view = registry.get(session.game).view(session.game_state, seat)
    return race_words(view, seat, race, clicked_ms, language)


def defending(session: Session, seat: int) -> bool:
    """An attack waits on the seat's answer: the panel opened on it, and the legend waits for a calmer open."""
    view = as_view(session.public_view())
    return any(p["defender"] == seat and p["deadline"] is not None for p in view["pending"])


async def tell_legend(interaction: Interaction, session: Session) -> None:
    """The legend of the panel's signs, privately (the panel's first open, or its ℹ Legend button), in the
    clicking player's language."""
    view = as_view(session.public_view())
    await replies.tell(interaction, embed=legend_embed(view, interaction.locale))

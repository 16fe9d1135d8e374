"""Clicks on private panels: where every panel's clicks go, and the seat checks they pass.

The kit (cogs/panels.py) says what a panel draws and what a pick means; this module takes the
click: it checks the clicking player is seated in a game in play (watchers are refused once,
here), refuses a stale `versioned` panel with the current board, opens, redraws or acts, and
leaves the panel as a note, or, `in_place`, redraws it with what happened on top.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import registry
from engine.errors import RuleError
from host.errors import StaleAction, TableError
from host.session import PLAYING, Session
from host.table import Change

from . import markup
from .actions import Lost, perform, table_of
from .components import Ref, pressed_ms
from .markup import said
from .panels import OPEN, WATCHING, Panel, Seat
from .redraw import leave_note
from .services import Interaction


async def seat_for(interaction: Interaction, session: Session) -> Seat:
    """The clicking player as a seat of this game in play; watchers and ended games refused."""
    if session.status != PLAYING:
        raise TableError("This game is over." if session.started_at else "The game has not started yet.")
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        raise TableError(WATCHING)
    game = registry.get(session.game)
    return Seat(session, game, seat, game.view(session.game_state, seat), table_of(interaction).clock())


async def on_panel(interaction: Interaction, panel: Panel, ref: Ref, values: list[str]) -> None:
    """Every click on `panel`, and on the board button that opens it."""
    table = table_of(interaction)
    control, _, draft = ref.arg.partition("~")
    if panel.in_place and control != OPEN:
        moved = await move_in_place(interaction, panel, ref, values)
        if moved.change is not None and not moved.change.duplicate:
            await interaction.client.changes.publish(moved.change)
        return
    session = await table.get(ref.session_id)
    seat = await seat_for(interaction, session)
    if ref.version is not None and ref.version != session.version:
        raise StaleAction("That panel is out of date; here is the current board.", session)
    if control == OPEN:
        if reason := panel.refusal(seat):
            raise TableError(said(session, reason))
        await offer(interaction, panel, seat)
        return
    live = interaction.client.presenter.panels
    picked = panel.pick(seat, draft, control, values)
    if isinstance(picked, str):
        if not panel.versioned and (reason := panel.refusal(seat)):  # others acted meanwhile
            raise TableError(said(session, reason))
        drawn = panel.draw(seat, picked)
        await drawn.redraw(interaction)
        live.redrawn(session, panel, interaction, drawn)
        return
    if reason := seat.explain(picked):
        raise TableError(said(session, reason))
    live.taken(session.id, interaction)
    change = await perform(interaction, lambda: table.act(session.id, interaction.user.id, picked, interaction.id,
                                                          expected_version=ref.version))
    if change.duplicate:
        return
    await leave_note(interaction, panel.done(change))
    if panel.again and change.session.status == PLAYING:
        after = await seat_for(interaction, change.session)
        if panel.refusal(after) is None:
            await offer(interaction, panel, after)


async def offer(interaction: Interaction, panel: Panel, seat: Seat) -> None:
    """Open `panel` for `seat` now (its opener, or a board move that calls for it); it becomes the
    player's one live panel at this table, and their older one is retired."""
    drawn = panel.draw(seat, panel.start(seat))
    posted = await drawn.post(interaction)
    await interaction.client.presenter.panels.posted(seat.session, panel, interaction, posted, drawn)


@dataclass(frozen=True)
class Moved:
    """What a click on an `in_place` panel did: its player, the draft it shows now, the change made."""

    seat: Seat
    draft: str
    change: Change | None


async def move_in_place(interaction: Interaction, panel: Panel, ref: Ref, values: list[str], *,
                        after: Callable[[str], str] = lambda control: "", lost: Lost = lambda *_: None) -> Moved:
    """A click on a panel that stays open: the action it names is made at once, with the time the
    player clicked (a race is told by how much); the panel is redrawn in place, from the draft
    `after(control)` gives, with on top what happened: the move's news, the refusal, or `lost`'s
    words for a move an earlier click made impossible. The caller brings the board up to date."""
    table, (control, _, draft) = table_of(interaction), ref.arg.partition("~")
    seat = await seat_for(interaction, await table.get(ref.session_id))
    live = interaction.client.presenter.panels
    live.taken(ref.session_id, interaction)
    change, picked, note, clicked = None, None, "", pressed_ms(interaction)
    try:
        picked = panel.pick(seat, draft, control, values)
        if isinstance(picked, str):
            draft = picked
        else:
            picked = {**picked, "at_ms": clicked}
            await table.remember_name(interaction.user.id, interaction.user.display_name)
            change = await table.act(ref.session_id, interaction.user.id, picked, interaction.id)
            draft, note = after(control), panel.news(change, seat.seat)
    except TableError as refused:
        note = f"❌ {markup.refusal(refused)}"
    except RuleError as refused:
        race = lost(await table.get(ref.session_id), seat.seat, picked, clicked) if isinstance(picked, dict) else None
        note = race or f"❌ {markup.refusal(refused)}"
    session = await table.get(ref.session_id)
    note = said(session, note)
    if session.status != PLAYING:
        await leave_note(interaction, f"{note}\nThe game is over: see the channel.".strip())
    else:
        drawn = panel.draw(await seat_for(interaction, session), draft)
        await drawn.redraw(interaction, note)
        live.redrawn(session, panel, interaction, drawn)
    return Moved(seat, draft, change)

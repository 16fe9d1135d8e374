"""Clicks on the panel: the kit opens it; every other click redraws it in place.

A click names an action (made at once, in arrival order, with the time the player clicked) or
changes the draft. What happened goes on top of the redrawn panel: the action's news, the
engine's refusal, or, when another player's earlier click made it impossible, who was first and
by how many ms (engine/arena/races decides; `race_words` says it).
"""
from __future__ import annotations

import discord

from engine.arena.races import lost_race
from engine.errors import RuleError
from engine.protocol import Action
from host.errors import TableError
from host.table import Change

from .. import replies
from ..actions import table_of
from ..panels import OPEN, Seat, on_panel, seat_for
from ..presenter import presenter_of
from ..refs import Ref
from .draft import after_move
from .live import live_of
from .panel import PANEL
from .words import race_words


def clicked_ms(interaction: discord.Interaction) -> int:
    """When the player clicked: the interaction's snowflake timestamp, in ms since 1970."""
    return (interaction.id >> 22) + discord.utils.DISCORD_EPOCH


async def on_click(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    control, _, draft = ref.arg.partition("~")
    table = table_of(interaction)
    live = live_of(interaction.client)
    if control == OPEN:
        await on_panel(interaction, ref, values)
        live.keep(ref.session_id, (await table.get(ref.session_id)).seat_of(interaction.user.id), interaction, "")
        return
    seat = await seat_for(interaction, await table.get(ref.session_id))
    change: Change | None = None
    picked: str | Action = draft
    try:
        picked = PANEL.pick(seat, draft, control, values)
        if isinstance(picked, str):
            draft, note = picked, ""
        else:
            await table.remember_name(interaction.user.id, interaction.user.display_name)
            change = await table.act(ref.session_id, interaction.user.id, {**picked, "at_ms": clicked_ms(interaction)},
                                     interaction.id)
            draft = after_move(control)
            note = "\n".join(e.text for e in change.events if e.private_to in (None, seat.seat))
    except RuleError as refused:
        race = await lost_by(interaction, seat, picked) if isinstance(picked, dict) else None
        note = race or f"❌ {refused}"
    except TableError as refused:
        note = f"❌ {refused}"
    session = await table.get(ref.session_id)
    await replies.edit(interaction, **live.payload(session, seat.seat, draft, note))
    live.keep(session.id, seat.seat, interaction, draft)
    if change is not None and not change.duplicate:
        await live.tell(change, actor=seat.seat)
        await presenter_of(interaction.client).show(change)


async def lost_by(interaction: discord.Interaction, seat: Seat, action: Action) -> str | None:
    """The words for a refused action that lost a race to an earlier click, if it did."""
    state = (await table_of(interaction).get(seat.session.id)).game_state
    race = lost_race(state, seat.seat, action)
    view = seat.game.view(state, seat.seat)
    return None if race is None else race_words(view, seat.seat, race, clicked_ms(interaction))

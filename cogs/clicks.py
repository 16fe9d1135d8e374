"""Every click on a table's button or menu, from the custom_id to the table and back, in one function.

The custom_id names the session and the control (`cogs.refs`); the control is looked up once, in the
table's own controls (lobby, rules, rematch) or its game's (`GameUI.controls`), and answered: a `Move`
is made through the table, a `Panel` opens, redraws or acts, a handler answers in its own way. What
the click changed goes out on the bus (cogs/bus.py); a refusal or a fault is told to the one who
clicked, privately, in their language.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping

import discord

from engine.errors import RuleError
from host.errors import StaleAction, TableError
from host.session import Session
from host.store import DatabaseFault
from host.table import Change

from . import markup, replies
from .actions import make_move
from .components import Ref
from .game_ui import DEFAULT_UI, RULES, Control, Handler, Move
from .lobby import LOBBY_CONTROLS, lobby_click, offer_levels, rematch_click
from .panel_clicks import on_panel
from .panels import Panel
from .rules import rules_click
from .services import Interaction

log = logging.getLogger(__name__)
TABLE_CONTROLS: Mapping[str, Handler] = {
    **{control: lobby_click for control in LOBBY_CONTROLS},
    "rematch": rematch_click,
    "bots": offer_levels,
    RULES: rules_click,
}


async def route(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """The one entry of every click (TableButton and TableSelect call it through the bot)."""
    async with replies.in_time(interaction):
        try:
            await _answer(interaction, ref, values)
        except discord.HTTPException as refused:  # also from an answer to a refusal or a fault below
            if replies.delivered_again(refused):
                log.info("click %s (interaction %s) was delivered again; it was applied once", ref, interaction.id)
            else:
                log.exception("Discord refused a reply for %s", ref)


async def _answer(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """Answer the click's control; a refusal or a fault is told to the player who clicked."""
    bot = interaction.client
    try:
        session = await bot.table.get(ref.session_id)
        check_origin(interaction, session)
        control = control_of(interaction, session, ref)
        if (back := await bot.table.take_back(ref.session_id, interaction.user.id)) is not None:
            await bot.changes.publish(back)  # any click of an away player takes their seat back
        match control:
            case Move():
                await make_move(interaction, control, ref, values)
            case Panel():
                await on_panel(interaction, control, ref, values)
            case _:
                await control(interaction, ref, values)
    except StaleAction as stale:
        await bot.changes.publish(Change(stale.session))  # a crash may have left the board behind: redraw it
        await bot.presenter.show_privately(interaction, stale.session, str(stale))
    except (TableError, RuleError) as refused:
        await replies.tell(interaction, markup.refusal(refused))
    except DatabaseFault as fault:
        log.error("click %s not saved: %s", ref, fault)
        await replies.tell(interaction, replies.cannot_save(fault))
    except discord.HTTPException:
        raise
    except Exception:
        log.exception("click %s failed", ref)
        await replies.tell(interaction, "Something went wrong on our side; please try again.")


def control_of(interaction: Interaction, session: Session, ref: Ref) -> Control:
    control = TABLE_CONTROLS.get(ref.action) or interaction.client.uis.get(session.game, DEFAULT_UI).controls().get(ref.action)
    if control is None:
        raise TableError("That button does nothing any more.")
    return control


def check_origin(interaction: Interaction, session: Session) -> None:
    """Refuse a click that no real client can send: one on another player's private message (it would
    act with their panel's draft and redraw it with the clicker's view), or one from a channel other
    than its game's. Discord only ever delivers such clicks forged."""
    message = interaction.message
    if message is not None and message.flags.ephemeral and message.interaction_metadata is not None \
            and message.interaction_metadata.user.id != interaction.user.id:
        raise TableError("That panel belongs to another player: open your own from the board.")
    if session.channel_id != interaction.channel_id:
        raise TableError("That button belongs to a game in another channel.")

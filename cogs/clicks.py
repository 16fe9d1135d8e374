"""Every click on a table's button or menu, from the custom_id to the table and back, in one function.

The custom_id names the session and the control (cogs/components.py); the control is looked up once,
in the table's own controls (lobby, rules, rematch) or its game's (`GameUI.controls`), and answered: a
`Move` is made through the table, a `Panel` opens, redraws or acts (`on_panel`), a handler answers in
its own way. A `Move`, a `Panel` and a `Seated` handler are for the players of the game in play: the
seat is checked once, at one gate (`seat_for`, where watchers and ended games are refused), and handed
on. What the click changed goes out on the bus (cogs/bus.py); a refusal or a fault is told to the one
who clicked, privately, in their language.

Private panels (the kit is cogs/panels.py): a stale `versioned` panel is refused with the current
board; a pick opens, redraws or acts, and leaves the panel as a note or, `in_place`, redraws it with
what happened on top.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import discord

from engine import registry
from engine.errors import RuleError
from host.errors import StaleAction, TableError
from host.session import PLAYING, Session
from host.store import DatabaseFault
from host.table import Change

from . import markup, replies
from .actions import Lost, make_move, perform, table_of
from .components import Ref, pressed_ms
from .game_ui import DEFAULT_UI, RULES, Control, Handler, Move, Seated
from .language import language_of, text
from .live_panels import OVER
from .lobby import LOBBY_CONTROLS, lobby_click, offer_computers, offer_languages, rematch_click
from .markup import said
from .panels import OPEN, WATCHING, Panel, Seat
from .redraw import leave_note
from .rules import rules_click
from .services import Interaction

log = logging.getLogger(__name__)
TABLE_CONTROLS: Mapping[str, Handler] = {
    **{control: lobby_click for control in LOBBY_CONTROLS},
    "rematch": rematch_click,
    "bots": offer_computers,
    "languages": offer_languages,
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
            session = back.session
        if not isinstance(control, Move | Panel | Seated):
            await control(interaction, ref, values)  # the table's own controls, and any a watcher may use
            return
        seat = await seat_for(interaction, session)  # the one seat check: watchers and ended games are refused here
        match control:
            case Move():
                await make_move(interaction, control, seat, ref, values)
            case Panel():
                await on_panel(interaction, control, seat, ref, values)
            case Seated():
                await control.answer(interaction, seat, ref, values)
    except StaleAction as stale:  # a crash may have left the board behind: it is redrawn, and shown to the clicker
        await bot.changes.publish(Change(stale.session, stale=markup.refusal(stale, interaction.locale)), interaction)
    except (TableError, RuleError) as refused:
        await replies.tell(interaction, markup.refusal(refused, interaction.locale))
    except DatabaseFault as fault:
        log.error("click %s not saved: %s", ref, fault)
        await replies.tell(interaction, replies.cannot_save(fault, interaction.locale))
    except discord.HTTPException:
        raise
    except Exception:
        log.exception("click %s failed", ref)
        await replies.tell(interaction, text(interaction.locale, "Something went wrong on our side; please try again."))


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


async def seat_for(interaction: Interaction, session: Session) -> Seat:
    """The clicking player as a seat of this game in play; watchers and ended games refused."""
    if session.status != PLAYING:
        raise TableError("This game is over.") if session.started_at else TableError("The game has not started yet.")
    seat = session.seat_of(interaction.user.id)
    if seat is None:
        raise TableError(WATCHING)
    game = registry.get(session.game)
    return Seat(session, game, seat, game.view(session.game_state, seat), table_of(interaction).clock(),
                language_of(interaction.locale))


async def on_panel(interaction: Interaction, panel: Panel, seat: Seat, ref: Ref, values: list[str]) -> None:
    """Every click of `seat`'s player on `panel`, and on the board button that opens it."""
    table = table_of(interaction)
    control, _, draft = ref.arg.partition("~")
    if panel.in_place and control != OPEN:
        moved = await move_in_place(interaction, panel, seat, ref, values)
        if moved.change is not None and not moved.change.duplicate:
            await interaction.client.changes.publish(moved.change)
        return
    session = seat.session
    if ref.version is not None and ref.version != session.version:
        raise StaleAction("That panel is out of date; here is the current board.", session)
    if control == OPEN:
        if reason := panel.refusal(seat):
            raise TableError(said(session, reason, interaction.locale))
        await offer(interaction, panel, seat)
        return
    live = interaction.client.presenter.panels
    picked = panel.pick(seat, draft, control, values)
    if isinstance(picked, str):
        if not panel.versioned and (reason := panel.refusal(seat)):  # others acted meanwhile
            raise TableError(said(session, reason, interaction.locale))
        drawn = panel.draw(seat, picked)
        await drawn.redraw(interaction)
        live.redrawn(session, panel, interaction, drawn)
        return
    if reason := seat.explain(picked):
        raise TableError(said(session, reason, interaction.locale))
    live.taken(session.id, interaction)
    change = await perform(interaction, lambda: table.act(session.id, interaction.user.id, picked, interaction.id,
                                                          expected_version=ref.version))
    if change.duplicate:
        return
    await leave_note(interaction, panel.done(change, seat.language))
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


async def move_in_place(interaction: Interaction, panel: Panel, seat: Seat, ref: Ref, values: list[str], *,
                        after: Callable[[str], str] = lambda control: "", lost: Lost = lambda *_: None) -> Moved:
    """A click of `seat`'s player on a panel that stays open: the action it names is made at once, with
    the time the player clicked (a race is told by how much); the panel is redrawn in place, from the
    draft `after(control)` gives, with on top what happened: the move's news, the refusal, or `lost`'s
    words for a move an earlier click made impossible. The caller brings the board up to date."""
    table, (control, _, draft) = table_of(interaction), ref.arg.partition("~")
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
            draft, note = after(control), panel.news(change, seat)
    except TableError as refused:
        note = f"❌ {markup.refusal(refused, interaction.locale)}"
    except RuleError as refused:
        race = (lost(await table.get(ref.session_id), seat.seat, picked, clicked, seat.language)
                if isinstance(picked, dict) else None)
        note = race or f"❌ {markup.refusal(refused, interaction.locale)}"
    session = await table.get(ref.session_id)
    note = said(session, note, seat.language)
    if session.status != PLAYING:
        await leave_note(interaction, f"{note}\n{text(seat.language, OVER)}".strip())
    else:
        drawn = panel.draw(await seat_for(interaction, session), draft)
        await drawn.redraw(interaction, note)
        live.redrawn(session, panel, interaction, drawn)
    return Moved(seat, draft, change)

"""The one path from a click to the table and back: apply, answer, bring the board up to date."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from engine import registry
from engine.errors import RuleError
from engine.protocol import Action
from host.errors import StaleAction, TableError
from host.session import PLAYING, Session
from host.table import Change, Table

from . import replies
from .components import pressed_ms
from .game_ui import ui_for
from .markup import said
from .presenter import presenter_of
from .refs import Ref
from .services import Interaction

log = logging.getLogger(__name__)


def table_of(interaction: Interaction) -> Table:
    return interaction.client.table


def channel_of(interaction: Interaction) -> int:
    """The channel a command or click came from (Discord sends one with every command and click)."""
    if interaction.channel_id is None:
        raise TableError("Games are played in a channel or a direct message.")
    return interaction.channel_id


async def perform(interaction: Interaction, call: Callable[[], Awaitable[Change]]) -> Change:
    """Run a table call for this interaction; refusals propagate to `components.route`."""
    table = table_of(interaction)
    await table.remember_name(interaction.user.id, interaction.user.display_name)
    change = await call()  # saved before Discord hears anything of it
    message = interaction.message
    on_board = message is not None and not message.flags.ephemeral and \
        change.session.message_id in (None, message.id)  # None: adopted below
    if change.duplicate or not on_board:
        await replies.acknowledge(interaction)  # the board, if it changes, is edited through the channel
    if change.duplicate:
        return change
    presenter = presenter_of(interaction.client)
    if change.session.message_id is None and message is not None and not message.flags.ephemeral:
        await presenter.adopt(change.session, message.id)  # the lobby was posted, but a crash lost its id
    try:  # a click on the board itself gets the new board as its answer (the channel's limit does not count it)
        await presenter.show(change, via=interaction if on_board else None)
    except discord.HTTPException as refused:  # the move stands: say so, and let the next change redraw
        log.warning("session %s: the board of move %s could not be shown: %s", change.session.id,
                    change.session.version, refused)
    await replies.acknowledge(interaction)  # nothing if answered already
    seat = change.session.seat_of(interaction.user.id)
    for event in change.events:
        if event.private_to is not None and event.private_to == seat:
            await replies.tell(interaction, said(change.session, event.text))
    return change


Lost = Callable[[Session, int | None, Action, int], str | None]  # the session now, the seat, its refused move, its ms


async def perform_race(interaction: Interaction, session_id: int, action: Action, lost: Lost) -> Change:
    """`perform` a move that races others' (it carries the time the player clicked): a refusal
    that lost the race says, in `lost`'s words, who was first and by how many ms."""
    table, clicked = table_of(interaction), pressed_ms(interaction)
    raced = {**action, "at_ms": clicked}
    try:
        return await perform(interaction, lambda: table.act(session_id, interaction.user.id, raced, interaction.id))
    except RuleError:
        session = await table.get(session_id)  # it now holds the move that won
        words = lost(session, session.seat_of(interaction.user.id), raced, clicked)
        if words is None:
            raise  # not a lost race: the engine's own words
        raise TableError(said(session, words)) from None


async def game_click(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """A click on a game board: the game's UI says which engine action it means."""
    table = table_of(interaction)
    session = await table.get(ref.session_id)
    if session.status != PLAYING:
        raise TableError("This game is over." if session.started_at else "The game has not started yet.")
    if ref.version is not None and ref.version != session.version:
        raise StaleAction("That board is out of date; here is the current one.", session)
    game = registry.get(session.game)
    ui = ui_for(session.game)
    if await ui.handle_locally(interaction, session, game, ref, values):
        return
    action = ui.action_for(session, game, ref, values)
    if action is None:
        raise TableError("That button does nothing now.")
    await perform(interaction, lambda: table.act(session.id, interaction.user.id, action,
                                                 interaction.id, expected_version=ref.version))

"""A click's change made through the table: applied, published (cogs/bus.py), its private news told."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from engine.errors import RuleError
from engine.protocol import Action
from host.errors import StaleAction, TableError
from host.session import Session
from host.table import Change, Table

from . import replies
from .components import Ref, pressed_ms
from .game_ui import Move
from .language import language_of
from .markup import said
from .panels import Seat
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
    await interaction.client.changes.publish(change, interaction)
    if change.duplicate:
        return change
    seat = change.session.seat_of(interaction.user.id)
    for event in change.events:
        if event.private_to is not None and event.private_to == seat:
            await replies.tell(interaction, said(change.session, event.text, interaction.locale))  # theirs alone
    return change


Lost = Callable[[Session, int | None, Action, int, str], str | None]  # the session now, the seat, its refused move,
# its ms, the language its player reads


async def perform_race(interaction: Interaction, session_id: int, action: Action, lost: Lost) -> Change:
    """`perform` a move that races others' (it carries the time the player clicked): a refusal
    that lost the race says, in `lost`'s words, who was first and by how many ms."""
    table, clicked = table_of(interaction), pressed_ms(interaction)
    raced = {**action, "at_ms": clicked}
    try:
        return await perform(interaction, lambda: table.act(session_id, interaction.user.id, raced, interaction.id))
    except RuleError:
        session = await table.get(session_id)  # it now holds the move that won
        words = lost(session, session.seat_of(interaction.user.id), raced, clicked, language_of(interaction.locale))
        if words is None:
            raise  # not a lost race: the engine's own words
        raise TableError(said(session, words, interaction.locale)) from None


async def make_move(interaction: Interaction, move: Move, seat: Seat, ref: Ref, values: list[str]) -> None:
    """A click of `seat`'s player on a board control that makes a move: the game's UI says which."""
    table, session = table_of(interaction), seat.session
    if ref.version is not None and ref.version != session.version:
        raise StaleAction("That board is out of date; here is the current one.", session)
    action = move.action(session, seat.game, ref, values)
    if action is None:
        raise TableError("That button does nothing now.")
    await perform(interaction, lambda: table.act(session.id, interaction.user.id, action,
                                                 interaction.id, expected_version=ref.version))

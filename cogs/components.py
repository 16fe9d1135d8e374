"""The table's buttons and selects: DynamicItems, so a click works after any restart.

The custom_id carries everything (`cogs.refs`); a click is routed by its action name to the
handler registered for it, or to the game handler for everything else.
"""
from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord

from engine.errors import RuleError
from host.errors import StaleAction, TableError
from host.store import DatabaseFault
from host.table import Change

from . import markup, replies
from .refs import BUTTON_TEMPLATE, SELECT_TEMPLATE, Ref
from .services import Interaction

log = logging.getLogger(__name__)
Handler = Callable[[Interaction, Ref, list[str]], Awaitable[None]]
_handlers: dict[str, Handler] = {}
_fallback: list[Handler] = []


def handles(*actions: str) -> Callable[[Handler], Handler]:
    """Decorator: route clicks with these action names to the handler."""
    def register(handler: Handler) -> Handler:
        for action in actions:
            _handlers[action] = handler
        return handler
    return register


def handles_the_rest(handler: Handler) -> Handler:
    _fallback[:] = [handler]
    return handler


async def route(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    handler = _handlers.get(ref.action) or (_fallback[0] if _fallback else None)
    async with replies.in_time(interaction):
        try:
            await _answer(interaction, handler, ref, values)
        except discord.HTTPException as refused:  # also from an answer to a refusal or a fault below
            if replies.delivered_again(refused):
                log.info("click %s (interaction %s) was delivered again; it was applied once", ref, interaction.id)
            else:
                log.exception("Discord refused a reply for %s", ref)


async def _answer(interaction: Interaction, handler: Handler | None, ref: Ref, values: list[str]) -> None:
    """Run the click's handler; a refusal or a fault is told to the player who clicked."""
    try:
        if handler is None:
            raise TableError("That button does nothing any more.")
        await check_origin(interaction, ref)
        if (back := await interaction.client.table.take_back(ref.session_id, interaction.user.id)) is not None:
            await interaction.client.presenter.show(back)  # any click of an away player takes their seat back
        await handler(interaction, ref, values)
    except StaleAction as stale:
        presenter = interaction.client.presenter
        await presenter.show(Change(stale.session))  # a crash may have left the board behind: redraw it
        await presenter.show_privately(interaction, stale.session, str(stale))
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


async def check_origin(interaction: Interaction, ref: Ref) -> None:
    """Refuse a click that no real client can send: one on another player's private message (it would
    act with their panel's draft and redraw it with the clicker's view), or one from a channel other
    than its game's. Discord only ever delivers such clicks forged."""
    message = interaction.message
    if message is not None and message.flags.ephemeral and message.interaction_metadata is not None \
            and message.interaction_metadata.user.id != interaction.user.id:
        raise TableError("That panel belongs to another player: open your own from the board.")
    table = interaction.client.table
    if (await table.get(ref.session_id)).channel_id != interaction.channel_id:
        raise TableError("That button belongs to a game in another channel.")


def pressed_ms(interaction: Interaction) -> int:
    """When the click was made (ms since the epoch), from its snowflake: a race's margin is told
    from these, not from when the clicks reached the table."""
    return (interaction.id >> 22) + discord.utils.DISCORD_EPOCH


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(self, ref: Ref, *, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None, emoji: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=ref.custom_id,
                                           disabled=disabled, row=row, emoji=emoji))
        self.ref = ref

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TableButton:
        if isinstance(item, discord.ui.Button):  # the clicked button, as Discord sent it
            return cls(Ref.from_match(match), label=item.label or "", style=item.style)
        return cls(Ref.from_match(match), label="")

    async def callback(self, interaction: discord.Interaction) -> None:
        await route(cast(Interaction, interaction), self.ref, [])  # only our bot registers these items


class TableSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(self, ref: Ref, *, options: list[discord.SelectOption], placeholder: str | None = None,
                 min_values: int = 1, max_values: int = 1, row: int | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=ref.select_id, options=options, placeholder=placeholder,
                                           min_values=min_values, max_values=max_values, row=row))
        self.ref = ref

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TableSelect:
        options = item.options if isinstance(item, discord.ui.Select) else []
        return cls(Ref.from_match(match), options=options or [discord.SelectOption(label="-")])

    async def callback(self, interaction: discord.Interaction) -> None:
        await route(cast(Interaction, interaction), self.ref, list(self.item.values))  # discord.py fills them in before the callback


def view_of(items: list[discord.ui.Item]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view

"""The table's buttons and selects: DynamicItems, so a click works after any restart.

The custom_id carries everything: `tt:<session>:<version or ->:<action>:<arg>` (a `Ref`). Selects
use the prefix `ts` instead: discord.py keys dynamic items by their pattern, so a button class and a
select class need patterns of their own. The session id lets a click outlive a restart; the version
(when present) lets the table refuse a click on a board that has changed since it was drawn. Every
click goes to the bot's one click path (cogs/clicks.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, cast

import discord

from .services import Interaction

_FIELDS = r":(?P<sid>[0-9]+):(?P<ver>[0-9]+|-):(?P<action>[a-z_]+):(?P<arg>[^:]{0,40})"
BUTTON_TEMPLATE = "tt" + _FIELDS
SELECT_TEMPLATE = "ts" + _FIELDS
_PATTERN = re.compile("(?:tt|ts)" + _FIELDS)
MAX_CUSTOM_ID = 100


@dataclass(frozen=True)
class Ref:
    session_id: int
    action: str
    arg: str = ""
    version: int | None = None

    @property
    def custom_id(self) -> str:
        """The id for a button."""
        return self._custom_id("tt")

    @property
    def select_id(self) -> str:
        return self._custom_id("ts")

    def _custom_id(self, prefix: str) -> str:
        ver = "-" if self.version is None else str(self.version)
        text = f"{prefix}:{self.session_id}:{ver}:{self.action}:{self.arg}"
        if len(text) > MAX_CUSTOM_ID or not _PATTERN.fullmatch(text):
            raise ValueError(f"not a valid table custom_id: {text!r}")
        return text

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Ref:
        ver = match["ver"]
        return cls(int(match["sid"]), match["action"], match["arg"], None if ver == "-" else int(ver))

    @classmethod
    def parse(cls, custom_id: str) -> Ref | None:
        match = _PATTERN.fullmatch(custom_id)
        return None if match is None else cls.from_match(match)


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
        ours = cast(Interaction, interaction)
        await ours.client.clicked(ours, self.ref, [])  # only our bot registers these items


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
        ours = cast(Interaction, interaction)
        await ours.client.clicked(ours, self.ref, list(self.item.values))  # discord.py fills them in before the callback


class Controls(discord.ui.View):
    """A message's controls. Every item is dynamic (found again by its custom id), so the view never
    times out, not even on a private message: there discord.py would give it Discord's 15 minutes and
    keep it, with a task asleep on it, all that time for every panel a player opens."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @property
    def timeout(self) -> None:
        return None

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        """Refused: see the class."""


def view_of(items: list[discord.ui.Item]) -> discord.ui.View:
    view = Controls()
    for item in items:
        view.add_item(item)
    return view

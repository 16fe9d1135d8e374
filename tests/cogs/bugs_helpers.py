"""Bugs & Co through Discord, in process: a player's private panel opened from the board, a place
grabbed, a button pressed, and what the engine's state says (to choose places and check the table)."""
from __future__ import annotations

import re

from engine.bugs import design_of
from tests.cogs.discord_helpers import message_in, selects

DESIGN_WORDS = re.compile(r"\b(red|yellow|green|blue|purple) (round|long|square|spiky|pointy) bug")


async def session_of(bot, channel):
    return await bot.table.active_in(channel.id)


async def state_of(bot, channel):
    return (await session_of(bot, channel)).state


async def board_of(bot, channel):
    return message_in(channel, (await session_of(bot, channel)).message_id)


def mine(channel, user, message_id):
    """A message as `user` sees it now (their own ephemeral messages included)."""
    return next(m for m in channel.history(viewer=user) if m.id == message_id)


async def open_panel(bot, channel, user) -> int:
    """Click 1: the board's Grab a tile opens the player's private panel; returns its id."""
    opened = await user.click(await board_of(bot, channel), label="Grab a tile")
    assert opened.ephemeral, opened.response.content
    assert opened.response.embeds == [] and not DESIGN_WORDS.search(opened.response.content)
    return opened.response.id


def place_select(message, kind: str, place: int):
    """The select (`g`: grab, `p`: put back on an empty place) that offers `place`."""
    return next(s for s in selects(message) if f":bugs_play:{kind}" in s.custom_id
                and str(place) in {o.value for o in s.options})


async def grab(channel, user, panel_id, place):
    message = mine(channel, user, panel_id)
    return await user.select(message, [str(place)], custom_id=place_select(message, "g", place).custom_id)


async def press(channel, user, panel_id, label):
    return await user.click(mine(channel, user, panel_id), label=label)


def face_down(state, wanted=lambda design: True):
    return [p for p, tile in enumerate(state["places"]) if tile is not None and wanted(design_of(tile).id)]

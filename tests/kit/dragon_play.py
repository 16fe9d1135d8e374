"""Treasure of the Dragons at a simcord table: open it, read its state, turn over a card as a player
would (one choice in the card menu that lists it), and what an all-knowing player collects."""
from __future__ import annotations

import string

from engine.dragon import SIZE
from tests.cogs.discord_helpers import message_in, open_table, selects

SEAT_ORDER = ("ann", "bob", "cat")


async def open_dragon(u, channel):
    return await open_table(u, channel, "dragon", SEAT_ORDER)


async def state_of(bot, channel):
    session = await bot.table.active_in(channel.id)
    return session.state if session else None


def cells_of(state, *kinds):
    return [[r, c] for r in range(SIZE) for c in range(SIZE) if state["grid"][r][c] in kinds]


def label(cell) -> str:
    return f"{string.ascii_uppercase[cell[1]]}{cell[0] + 1}"


def menu_with(board, cell):
    """The board's card menu that offers this cell (by the label a player reads)."""
    return next(menu for menu in selects(board) if label(cell) in [option.label for option in menu.options])


async def reveal(user, channel, board_id, cell):
    """Choose the cell in the card menu that lists it, as a player would: one interaction."""
    board = message_in(channel, board_id)
    menu = menu_with(board, cell)
    value = next(option.value for option in menu.options if option.label == label(cell))
    result = await user.select(board, [value], custom_id=menu.custom_id)
    assert not result.ephemeral, result.response.content


def plan_a_collecting_turn(state):
    """What an omniscient player reveals to collect something this turn."""
    for kind in ("ring", "dragon"):
        if cells := cells_of(state, kind):
            return cells[:3]
    for kind, size in (("ball", 2), ("car", 2), ("doll", 2), ("candlestick", 3), ("crate", 4)):
        cells = cells_of(state, kind)
        if len(cells) >= size:
            return cells[:size]
    return []

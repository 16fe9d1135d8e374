"""Reading messages as a user sees them in simcord."""
from __future__ import annotations

import discord


def message_in(channel, message_id: int):
    """The message as it is now (the channel's own copy, with every edit)."""
    return next(m for m in channel.history() if m.id == message_id)


def buttons(message) -> dict[str, discord.Button]:
    """Label -> button of a message."""
    return {child.label: child for row in message.components for child in row.children
            if isinstance(child, discord.Button)}


def selects(message) -> list[discord.SelectMenu]:
    return [child for row in message.components for child in row.children
            if isinstance(child, discord.SelectMenu)]


async def open_table(users: dict, channel, game: str, seat_order: tuple[str, ...]) -> int:
    """The first player runs /play, the others join, the host starts; returns the board's id."""
    await users[seat_order[0]].slash(channel, "play", game=game)
    lobby = channel.last_message
    for name in seat_order[1:]:
        await users[name].click(lobby, label="Join")
    await users[seat_order[0]].click(lobby, label="Start")
    return lobby.id

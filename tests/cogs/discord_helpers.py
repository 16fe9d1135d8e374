"""Reading messages as a user sees them in simcord."""
from __future__ import annotations

import asyncio
import re

import discord

from tests.kit.ratings_play import tally_moves


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


def pinged(env, message) -> set[int]:
    """Who Discord notified for this message (simcord resolves the allowed mentions)."""
    return set(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


def public_texts(channel) -> str:
    """Everything anyone can read in the channel: contents, embeds, image descriptions."""
    texts = []
    for message in channel.history():
        texts.append(message.content or "")
        for embed in message.embeds:
            texts += [embed.title or "", embed.description or ""] + [f.value for f in embed.fields]
        texts += [a.description or "" for a in message.attachments]
    return "\n".join(texts)


def assert_people_named_and_pinged(env, channel, seated: list) -> None:
    """A finished game as players read it: nobody is "Seat N", the end is an embed with the final
    standings naming every player, and it pinged the players and no watcher."""
    texts = public_texts(channel)
    assert not re.search(r"\bSeat \d", texts), "a player is called 'Seat N'"
    end = channel.last_message
    (embed,) = end.embeds
    assert "is over" in embed.title
    standings = next(f.value for f in embed.fields if f.name in ("Final standings", "Result"))  # Result: solo
    assert all(f"<@{user.id}>" in standings for user in seated)
    assert pinged(env, end) == {user.id for user in seated}


def view_timers() -> list[asyncio.Task]:
    """discord.py's tasks that wait out a view's timeout: each view sent privately held one for 15
    minutes (cogs/components.Controls)."""
    return [task for task in asyncio.all_tasks() if "timeout_task" in task.get_coro().__qualname__]


def forget_panels(bot) -> None:
    """What a restart forgets: the players' live panels. The game then no longer retires them when it
    moves past them, so their controls stay, and a click on one is refused by the table instead."""
    bot.presenter.panels.held.clear()


async def play_tally_through_buttons(u, channel, seats: list[str], winner: str) -> None:
    """Open, join, start and play a whole game of tally by clicking, so that `winner` reaches 10."""
    await u[seats[0]].slash(channel, "play", game="tally")
    lobby = channel.last_message
    for name in seats[1:]:
        await u[name].click(lobby, label="Join")
    await u[seats[0]].click(message_in(channel, lobby.id), label="Start")
    for i, n in enumerate(tally_moves(len(seats), seats.index(winner))):
        result = await u[seats[i % len(seats)]].click(message_in(channel, lobby.id), label=f"Add {n}")
        assert not result.ephemeral, result.response.content
    assert not buttons(message_in(channel, lobby.id))  # the game is over


def answer(result):
    """The visible answer of a deferred command (its follow-up), else the direct response."""
    return result.followups[-1] if result.followups else result.response


def server(env, locale: str | None):
    """A server in `locale` (None: Discord's default, en-US) with a games channel and two members."""
    guild = env.create_guild(preferred_locale=locale) if locale else env.create_guild()
    channel = guild.create_text_channel("games")
    users = {name: guild.add_member(env.create_user(name)) for name in ("ann", "bob")}
    return channel, users

"""Shared by tests/cogs/arena/test_arena_matches.py: a whole match of an Eye for an Eye mode, as users play it.

A match opens with /play and its options, players act on the board and their private panels, and
time passes by the hand clock: `wait` fires every deadline that falls due (a round's clock, the
Burraparay calls, the pause between rounds), one after another, as the bot's scheduler would.
The test arranges positions and dice (arena_helpers.py's `put` and `rig`) where its
story needs them; everything else is a click.
"""
from __future__ import annotations

import re

from engine.arena.data import BETWEEN_SECONDS, COUNTDOWN_SECONDS, ROUND_SECONDS
from tests.cogs.arena.arena_helpers import Table, session_of
from tests.cogs.discord_helpers import assert_people_named_and_pinged, buttons, pinged


async def wait(table: Table, seconds: float) -> None:
    """Time passes: every deadline due by then fires, in order (a firing may set the next)."""
    table.bot.clock.advance(seconds)
    while await table.bot.table.fire_due():
        await table.env.settle()
    await table.env.settle()


async def next_round(table: Table) -> int:
    """The results are read and the countdown runs: the next round's fight begins. Its number."""
    await wait(table, BETWEEN_SECONDS + 1)
    await wait(table, COUNTDOWN_SECONDS)
    state = await table.state()
    assert state["phase"] in ("fight", "roll"), state["phase"]
    return state["round"]


async def play_out(table: Table) -> dict:
    """Nobody acts any more: the round running now and every round left run out by their clocks.
    Returns the match's final state."""
    session = await session_of(table.bot, table.channel)
    await wait(table, ROUND_SECONDS + 1)
    while await session_of(table.bot, table.channel) is not None:
        await next_round(table)
        await wait(table, ROUND_SECONDS + 1)
    return (await table.bot.table.get(session.id)).state


async def press(table: Table, name: str, starting: str) -> str:
    """Click the one button of the player's panel whose label starts so (a shared track's label
    goes on to say how full it is); returns the panel's text."""
    (label,) = [label for label in buttons(table.panel(name)) if label.startswith(starting)]
    return await table.click(name, label)


def the_end(table: Table, winner: str, score: str) -> str:
    """The match is over: the end embed names the winner by mention (never 'Seat N') with their
    score ('12 points', '9 VP'), the final standings name every player, and only the players were
    pinged. Returns the embed's description."""
    env, channel = table.env, table.channel
    assert_people_named_and_pinged(env, channel, [table.u[name] for name in table.panels])
    (embed,) = channel.last_message.embeds
    assert re.search(rf"<@{table.u[winner].id}>\)? (and .* )?wins? the match with {score}", embed.description), \
        embed.description
    return embed.description


def pings(table: Table) -> list[tuple[str, set[str]]]:
    """Every message in the channel that pinged someone: its first words and who (by name)."""
    names = {user.id: name for name, user in table.u.items()}
    return [((m.content or "")[:60], {names[i] for i in pinged(table.env, m)})
            for m in table.channel.history() if pinged(table.env, m)]


def only_the_end_pinged(table: Table) -> None:
    """Panels were open all along, so nobody needed a ping until the end, which pings the players."""
    assert pings(table) == [(pings(table)[-1][0], set(table.panels))], pings(table)

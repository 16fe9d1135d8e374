"""Zap That Ghost through Discord, in process: a table of three opened, the board and a user's own
messages found, and everyone's discard made as a player would."""
from __future__ import annotations

from engine.greenbox import CARDS
from tests.cogs.discord_helpers import message_in, open_table, selects

SEAT_ORDER = ("ann", "bob", "cat")


async def open_ghosts(u, channel):
    await open_table(u, channel, "ghosts", SEAT_ORDER)


async def session_of(bot, channel):
    return await bot.table.active_in(channel.id)


async def board_of(bot, channel):
    session = await session_of(bot, channel)
    return message_in(channel, session.message_id)


def mine(channel, user, message_id):
    """A message as `user` sees it now (their own ephemeral messages included)."""
    return next(m for m in channel.history(viewer=user) if m.id == message_id)


def matching(state, cid) -> bool:
    card = CARDS[cid]
    return any(state["ghosts"][r][c] == card.colour and state["symbols"][r][c] == card.symbol
               for r in range(6) for c in range(6))


async def discard_all(bot, channel, u):
    """Everyone presses Discard 2 and drops the two cards matching least, as a player would."""
    for seat, name in enumerate(SEAT_ORDER):
        user = u[name]
        shown = await user.click(await board_of(bot, channel), label="Discard 2")
        assert shown.ephemeral and "Choose the **2** cards" in shown.response.content
        message = shown.response
        for _ in range(20):
            state = (await session_of(bot, channel)).state
            hand = state["hands"][seat]
            drop = sorted(hand, key=lambda cid: matching(state, cid))[:2]
            (select,) = selects(mine(channel, user, message.id))
            done = await user.select(mine(channel, user, message.id), [str(c) for c in drop],
                                     custom_id=select.custom_id)
            assert done.ephemeral or done.followups and all(f.ephemeral for f in done.followups)
            state = (await session_of(bot, channel)).state
            if state["phase"] != "discard" or seat not in state["discard_pending"]:
                break
            message = next(f for f in done.followups if selects(f.message))  # re-dealt: a new select
        else:
            raise AssertionError("never kept a hand")

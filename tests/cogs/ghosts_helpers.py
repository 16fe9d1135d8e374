"""Zap That Ghost through Discord, in process: a table opened, the board and a user's own messages
found, everyone's discard made as a player would, and whole rounds played by an omniscient table,
the buttons read in the table's language."""
from __future__ import annotations

from cogs.language import ptext, said_text
from engine.ghosts import DISCARD_COUNT, MEEPLES, RACE_SECONDS, colour_word, find_walk, reachable
from engine.greenbox import CARDS
from engine.grid import label
from tests.cogs.discord_helpers import message_in, selects
from tests.kit.played_games import open_in

SEAT_ORDER = ("ann", "bob", "cat")


async def open_ghosts(u, channel, seats=SEAT_ORDER, language="en"):
    """The first player runs /play, the others join, the host starts (buttons read in `language`)."""
    await open_in(u, channel, "ghosts", seats, language)


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


def meeple_label(language: str, meeple: str) -> str:
    """A meeple's race button: its colour as the table's language names it ('Red', 'Rot')."""
    return said_text(language, colour_word(meeple)).capitalize()


def _look(look, message) -> None:
    if look is not None:
        look(message)


async def discard_all(bot, channel, u, seats=SEAT_ORDER, language="en", look=None):
    """Everyone presses Discard 2 and drops the two cards matching least, as a player would; `look` is
    shown each private message as it is drawn."""
    for seat, name in enumerate(seats):
        user = u[name]
        shown = await user.click(await board_of(bot, channel), label=ptext(language, "button", "Discard {n}",
                                                                            n=DISCARD_COUNT))
        assert shown.ephemeral and "**2**" in shown.response.content
        assert language != "en" or "Choose the **2** cards" in shown.response.content
        message = shown.response
        for _ in range(20):
            _look(look, mine(channel, user, message.id))
            state = (await session_of(bot, channel)).state
            hand = state["hands"][seat]
            drop = sorted(hand, key=lambda cid: matching(state, cid))[:2]
            (select,) = selects(mine(channel, user, message.id))
            done = await user.select(mine(channel, user, message.id), [str(c) for c in drop],
                                     custom_id=select.custom_id)
            assert done.ephemeral or done.followups and all(f.ephemeral for f in done.followups)
            for followup in done.followups:
                _look(look, followup.message)
            state = (await session_of(bot, channel)).state
            if state["phase"] != "discard" or seat not in state["discard_pending"]:
                break
            message = next(f for f in done.followups if selects(f.message))  # re-dealt: a new select
        else:
            raise AssertionError("never kept a hand")


def plan_a_zap(state):
    """What an omniscient table does: a seat, a meeple, a card and a tile that zap (leader first)."""
    die = state["die"]
    for seat in sorted(range(state["players"]), key=lambda s: (-len(state["captured"][s]), s)):
        for meeple in MEEPLES:
            start = state["meeples"][meeple]
            for r, c in reachable(start, die):
                for cid in state["hands"][seat]:
                    card = CARDS[cid]
                    if state["ghosts"][r][c] == card.colour and state["symbols"][r][c] == card.symbol:
                        assert find_walk(start, [r, c], die) is not None
                        return seat, meeple, cid, [r, c]
    return None


async def zap(channel, user, controls_id, cid, tile, language="en", look=None):
    """Choose the card, then the tile, then Zap!, in the caller's private message."""
    message = mine(channel, user, controls_id)
    _look(look, message)
    card_select = selects(message)[0]
    await user.select(message, [str(cid)], custom_id=card_select.custom_id)
    _, top, bottom = selects(mine(channel, user, controls_id))  # the picks travel in the custom ids
    tile_select = top if tile[0] < 3 else bottom
    await user.select(mine(channel, user, controls_id), [f"{tile[0]}-{tile[1]}"], custom_id=tile_select.custom_id)
    message = mine(channel, user, controls_id)
    _look(look, message)
    assert f"**{label(tile)}**" in message.content
    assert language != "en" or f"Tile: **{label(tile)}**" in message.content
    result = await user.click(message, label=ptext(language, "button", "Zap!"))
    assert not result.followups or all(f.ephemeral for f in result.followups)
    return result


async def play_to_the_end(env, bot, channel, u, hand_clock, seats=SEAT_ORDER, language="en", look=None,
                          on_zap=None):
    """Rounds until the game ends: the die is rolled again while nobody can zap; else the seat that can
    calls, zaps in private, and the others keep their cards, one of them swapping one every other round.
    `look` is shown each board before it is clicked and each private message; `on_zap(retired panel,
    zap result)` checks each zap; returns how many zaps and swaps were made."""
    rounds = zaps = swaps = 0
    while (session := await session_of(bot, channel)) is not None:
        state = session.state
        rounds += 1
        assert rounds < 60
        assert state["phase"] == "race"
        plan = plan_a_zap(state)
        if plan is None:  # nobody can zap this roll: let the race timer roll again
            hand_clock.advance(RACE_SECONDS + 1)
            await bot.table.fire_due()
            await env.settle()
            continue
        seat, meeple, cid, tile = plan
        caller = u[seats[seat]]
        board = await board_of(bot, channel)
        _look(look, board)
        called = await caller.click(board, label=meeple_label(language, meeple))
        (controls,) = [f for f in called.followups if selects(f.message)]
        assert controls.ephemeral
        result = await zap(channel, caller, controls.id, cid, tile, language, look)
        zaps += 1
        retired = mine(channel, caller, controls.id)
        _look(look, retired)
        for followup in result.followups:
            _look(look, followup.message)
        if on_zap is not None:
            on_zap(retired, result)
        session = await session_of(bot, channel)
        if session is None:
            break
        assert session.state["phase"] == "swap"
        for other, name in enumerate(seats):
            if other == seat:
                continue
            user = u[name]
            board = await board_of(bot, channel)
            _look(look, board)
            if other == (seat + 1) % len(seats) and rounds % 2:  # one player swaps a card in private
                opened = await user.click(board, label=ptext(language, "button", "Swap a card"))
                assert opened.ephemeral
                _look(look, opened.response.message)
                hand = (await session_of(bot, channel)).state["hands"][other]
                (select,) = selects(opened.response.message)
                done = await user.select(opened.response.message, [str(hand[0])], custom_id=select.custom_id)
                assert done.followups and all(f.ephemeral for f in done.followups)
                for followup in done.followups:
                    _look(look, followup.message)
                swaps += 1
            else:
                kept = await user.click(board, label=ptext(language, "button", "Keep my cards"))
                assert not kept.ephemeral, kept.response.content
    return zaps, swaps

"""Zap That Ghost played through Discord, in process: three users race in one channel, Dan watches."""
from __future__ import annotations

import discord

from engine.ghosts import ATTEMPT_SECONDS, RACE_SECONDS, card_name
from engine.grid import label
from engine.words import plural
from tests.cogs.discord_helpers import (
    assert_people_named_and_pinged,
    buttons,
    forget_panels,
    message_in,
    selects,
)
from tests.cogs.ghosts_helpers import (
    SEAT_ORDER,
    board_of,
    discard_all,
    matching,
    mine,
    open_ghosts,
    plan_a_zap,
    play_to_the_end,
    session_of,
    zap,
)

PRIVATE_WORDS = ("Your hand", "You keep", "New hand", "You draw", "You discard")


def public_texts(channel):
    texts = []
    for message in channel.history():
        assert not message.flags.ephemeral
        texts.append(message.content or "")
        for embed in message.embeds:
            texts += [embed.title or "", embed.description or ""] + [f.value for f in embed.fields]
        texts += [(a.filename or "") + " " + (a.description or "") for a in message.attachments]
    return "\n".join(texts)


async def test_the_first_press_wins_and_the_others_learn_by_how_many_ms(world, simcord_bot):
    env, _guild, channel, u = world
    await open_ghosts(u, channel)
    await discard_all(simcord_bot, channel, u)
    before = await session_of(simcord_bot, channel)
    assert before.state["phase"] == "race"
    board = await board_of(simcord_bot, channel)
    assert {"Red", "Blue", "Yellow", "Green", "My hand"} <= set(buttons(board))

    watcher = await u["dan"].click(board, label="Red")  # a watcher's press changes nothing
    assert watcher.ephemeral and "watching" in watcher.response.content
    assert (await session_of(simcord_bot, channel)).version == before.version

    first = await u["bob"].click(board, label="Blue")
    assert first.followups and first.followups[0].ephemeral  # the caller's private controls
    assert "You called the **blue** meeple" in first.followups[0].content
    await env.advance_time(0.137)
    second = await u["cat"].click(board, label="Red")
    assert second.ephemeral
    assert f"<@{u['bob'].id}>" in second.response.content and "137 ms" in second.response.content
    again = await u["bob"].click(board, label="Green")  # a double click counts once
    assert again.ephemeral and "already called" in again.response.content

    session = await session_of(simcord_bot, channel)
    assert session.state["phase"] == "attempt" and session.state["caller"] == 1
    assert session.state["meeple"] == "blue"
    calls = [e for e in await simcord_bot.table.log(session.id) if e.action["type"] == "call"]
    assert len(calls) == 1 and calls[0].action["at_ms"] > 0
    assert session.version == before.version + 1
    board = await board_of(simcord_bot, channel)
    assert "calls the blue meeple" in board.embeds[0].description and f"<@{u['bob'].id}>" in \
        board.embeds[0].description
    shown = buttons(board)  # the race is over: only the called colour keeps its colour
    assert shown["Blue"].style is discord.ButtonStyle.primary and shown["Red"].style is discord.ButtonStyle.secondary

    # Only the caller may play; the board button reopens the private controls for them.
    other = await u["ann"].click(board, label="Play a card (caller)")
    assert other.ephemeral and "plays a card now" in other.response.content
    reopened = await u["bob"].click(board, label="Play a card (caller)")
    assert reopened.ephemeral and len(selects(reopened.response.message)) == 3


async def test_my_hand_is_private_and_a_watcher_has_none(world, simcord_bot):
    _env, _guild, channel, u = world
    await open_ghosts(u, channel)
    board = await board_of(simcord_bot, channel)
    shown = await u["cat"].click(board, label="My hand")
    state = (await session_of(simcord_bot, channel)).state
    assert shown.ephemeral
    (image,) = shown.response.attachments
    assert image.filename == "hand.png" and image.description.startswith("Your hand: 1:")
    assert all(card_name(cid) in shown.response.content for cid in state["hands"][2])
    watcher = await u["dan"].click(board, label="My hand")
    assert watcher.ephemeral and "watching" in watcher.response.content
    assert not any(m.flags.ephemeral for m in channel.history())
    assert all(word not in public_texts(channel) for word in PRIVATE_WORDS)


async def test_nobody_calls_so_the_die_is_rolled_again(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    await open_ghosts(u, channel)
    await discard_all(simcord_bot, channel, u)
    old = await session_of(simcord_bot, channel)
    old_board = old.message_id
    hand_clock.advance(RACE_SECONDS + 1)
    await simcord_bot.table.fire_due()
    await env.settle()
    new = await session_of(simcord_bot, channel)
    assert new.state["phase"] == "race" and new.state["round"] == old.state["round"] + 1
    assert new.state["quiet_rolls"] == 1
    assert new.message_id != old_board  # a fresh board message for the new round
    board = message_in(channel, new.message_id)
    assert "Nobody called. The die is rolled again." in board.embeds[0].description
    assert f"round {new.state['round']}" in board.embeds[0].title
    assert "Red" in buttons(board)
    assert not message_in(channel, old_board).components  # the old round's board keeps no buttons
    stale = await u["ann"].click(message_in(channel, new.message_id), label="Red")
    assert not stale.ephemeral or "faster" not in stale.response.content


async def test_a_whole_game_by_three_users(world, simcord_bot, hand_clock, monkeypatch):
    monkeypatch.setattr("host.table.secrets.randbits", lambda bits: 1)  # the same deal every run: the rules
    # promise no number of zaps, and a random deal once ended after 7 (30 other seeds: 8 to 10); this one takes 8
    env, _guild, channel, u = world
    await open_ghosts(u, channel)
    await discard_all(simcord_bot, channel, u)

    def zapped(retired, result):
        assert not retired.components and "zaps the" in retired.content
        assert any("You draw" in f.content for f in result.followups)

    zaps, swaps = await play_to_the_end(env, simcord_bot, channel, u, hand_clock, on_zap=zapped)
    assert zaps >= 8 and swaps >= 1
    history = channel.history()
    announcement = history[-1]
    assert "is over" in announcement.content
    assert all(f"<@{u[name].id}>" in announcement.content for name in SEAT_ORDER)
    final = [m for m in history if m.attachments and "Zap That Ghost" in (m.embeds[0].title or "")][-1]  # a board
    assert not final.components  # a finished game has no buttons
    assert "ann" in final.attachments[0].description  # the board names players by display name
    assert_people_named_and_pinged(env, channel, [u[name] for name in SEAT_ORDER])
    texts = public_texts(channel)
    assert "zaps the" in texts and "hand.png" not in texts
    assert all(word not in texts for word in PRIVATE_WORDS)
    # The watcher saw nothing private either.
    assert all(not m.flags.ephemeral for m in channel.history(viewer=u["dan"]))


async def test_a_tile_no_walk_reaches_is_a_public_miss_and_old_controls_are_spent(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    await open_ghosts(u, channel)
    await discard_all(simcord_bot, channel, u)
    called = await u["ann"].click(await board_of(simcord_bot, channel), label="Yellow")
    (controls,) = [f for f in called.followups if selects(f.message)]
    state = (await session_of(simcord_bot, channel)).state
    start, card = state["meeples"]["yellow"], state["hands"][0][0]  # a walk never ends where it began
    await zap(channel, u["ann"], controls.id, card, start)
    state = (await session_of(simcord_bot, channel)).state
    assert state["phase"] == "swap" and card in state["hands"][0] and state["meeples"]["yellow"] == start
    board = await board_of(simcord_bot, channel)
    assert f"to {label(start)}: no walk of exactly {plural(state['die'], 'step')}" in board.embeds[0].description
    assert "no walk" in mine(channel, u["ann"], controls.id).content

    # Bob and Cat keep; in the next round Bob calls and lets the attempt timer run out.
    for name in ("bob", "cat"):
        await u[name].click(await board_of(simcord_bot, channel), label="Keep my cards")
    called = await u["bob"].click(await board_of(simcord_bot, channel), label="Green")
    (late,) = [f for f in called.followups if selects(f.message)]
    forget_panels(simcord_bot)  # (else the timeout retires Bob's panel: tests/cogs/test_live_panels.py)
    hand_clock.advance(ATTEMPT_SECONDS + 1)
    await simcord_bot.table.fire_due()
    await env.settle()
    state = (await session_of(simcord_bot, channel)).state
    assert state["phase"] == "swap" and state["last_attempt"]["reason"] == "timeout"
    assert "ran out of time" in (await board_of(simcord_bot, channel)).embeds[0].description
    give_up = await u["bob"].click(mine(channel, u["bob"], late.id), label="Give up")
    assert give_up.ephemeral and "That attempt is over" in give_up.response.content
    # The caller does not swap: the engine's own words, with the player's name.
    refused = await u["bob"].click(await board_of(simcord_bot, channel), label="Swap a card")
    assert refused.ephemeral and "The caller does not swap" in refused.response.content


async def test_a_hand_matching_too_little_is_dealt_again_in_private(world, simcord_bot, monkeypatch):
    _env, _guild, channel, u = world
    monkeypatch.setattr("host.table.secrets.randbits", lambda bits: 20)  # a seed where Ann holds 3 matches
    await open_ghosts(u, channel)
    state = (await session_of(simcord_bot, channel)).state
    hand = state["hands"][0]
    drop = [cid for cid in hand if matching(state, cid)][:2]
    assert sum(matching(state, cid) for cid in hand) - len(drop) < 2
    shown = await u["ann"].click(await board_of(simcord_bot, channel), label="Discard 2")
    (select,) = selects(shown.response.message)
    done = await u["ann"].select(shown.response.message, [str(c) for c in drop], custom_id=select.custom_id)
    assert done.followups and all(f.ephemeral for f in done.followups)
    assert any(f.content.startswith("New hand:") for f in done.followups)
    (again,) = [f for f in done.followups if selects(f.message)]  # a fresh select for the new hand
    assert "too few matching" in mine(channel, u["ann"], shown.response.id).content
    state = (await session_of(simcord_bot, channel)).state
    assert 0 in state["discard_pending"] and len(state["hands"][0]) == 6
    assert {o.value for o in selects(again.message)[0].options} == {str(c) for c in state["hands"][0]}
    keep_best = sorted(state["hands"][0], key=lambda cid: matching(state, cid))[:2]
    await u["ann"].select(again.message, [str(c) for c in keep_best], custom_id=selects(again.message)[0].custom_id)
    state = (await session_of(simcord_bot, channel)).state
    assert 0 not in state["discard_pending"] or len(state["hands"][0]) == 6
    texts = public_texts(channel)
    assert "gets a new hand of 6" in texts and all(word not in texts for word in PRIVATE_WORDS)


async def test_a_restart_in_the_middle_of_a_round_carries_on(world, simcord_bot, hand_clock):
    """The bot restarts (a new process's worth of objects on the same database) after the call:
    the caller's private controls and the board's buttons still work, and nothing is lost."""
    from bot import TabletopBot

    env, _guild, channel, u = world
    await open_ghosts(u, channel)
    await discard_all(simcord_bot, channel, u)
    while (plan := plan_a_zap((await session_of(simcord_bot, channel)).state)) is None:
        hand_clock.advance(RACE_SECONDS + 1)
        await simcord_bot.table.fire_due()
        await env.settle()
    seat, meeple, cid, tile = plan
    caller = u[SEAT_ORDER[seat]]
    called = await caller.click(await board_of(simcord_bot, channel), label=meeple.capitalize())
    (controls,) = [f for f in called.followups if selects(f.message)]
    before = await session_of(simcord_bot, channel)

    reborn = TabletopBot(simcord_bot.config, clock=hand_clock, shards=simcord_bot.own_shards)
    await simcord_bot.store.close()
    await simcord_bot.leases.close()  # as the end of its process would: the shard is free again
    await env.restart_bot(reborn)
    try:
        after = await session_of(reborn, channel)
        assert (after.version, after.state) == (before.version, before.state)  # nothing lost
        hand = await u["dan"].click(await board_of(reborn, channel), label="My hand")
        assert "watching" in hand.response.content  # the board's buttons answer after the restart
        await zap(channel, caller, controls.id, cid, tile)  # the pre-restart private controls too
        state = (await session_of(reborn, channel)).state
        assert len(state["captured"][seat]) == len(before.state["captured"][seat]) + 1
        assert state["phase"] in ("swap", "race")
    finally:
        await reborn.store.close()
        if reborn.leases is not None:
            await reborn.leases.close()

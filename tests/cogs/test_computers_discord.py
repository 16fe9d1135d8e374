"""Computers through Discord, in process: the host seats them from the lobby, they play through the
table on its timers, are named for what they are, and are never pinged; one person alone plays every
multiplayer game to its end with computers, and a computer keeps an away player's seat until a click
of theirs hands it back."""
from __future__ import annotations

import pytest

from engine import registry
from host.session import is_computer
from tests.cogs.discord_helpers import (
    assert_people_named_and_pinged,
    buttons,
    message_in,
    pinged,
    public_texts,
    selects,
)

MAX_WAKES = 20_000  # timer firings before a game with computers must have ended
COMPUTERS = "🤖 Computers"  # the lobby button that offers the host computers to add or remove


async def add_computer(user, channel, lobby_id: int, level: str):
    """The host presses "Computers" and picks the level in the private answer."""
    offered = await user.click(message_in(channel, lobby_id), label=COMPUTERS)
    assert offered.ephemeral, "the levels are offered privately"
    return await user.click(offered.response, label=f"Add computer ({level})")


async def run_timers_to_the_end(bot, clock, channel) -> None:
    """Nobody clicks: the clock jumps to each stored deadline (a computer's move or a game timer)."""
    for _ in range(MAX_WAKES):
        session = await bot.table.active_in(channel.id)
        if session is None:
            return
        clock.now = max(clock.now, session.deadline or clock.now)
        await bot.table.fire_due()
    raise AssertionError(f"the game did not end after {MAX_WAKES} timer firings")


async def test_the_host_adds_and_removes_computers_and_the_lobby_names_them(world, simcord_bot):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    offered = await u["ann"].click(lobby, label=COMPUTERS)
    assert offered.ephemeral and buttons(offered.response.message)["Remove computer"].disabled, "no computer to remove yet"
    offered = await u["bob"].click(lobby, label=COMPUTERS)
    assert offered.ephemeral and "Only the host" in offered.response.content
    await add_computer(u["ann"], channel, lobby.id, "hard")
    await add_computer(u["ann"], channel, lobby.id, "easy")
    seats = message_in(channel, lobby.id).embeds[0].fields[0].value
    assert "2. Computer (hard)" in seats and "3. Computer 2 (easy)" in seats
    assert not buttons(message_in(channel, lobby.id))[COMPUTERS].disabled, "full, but a computer may be removed"
    panel = await u["ann"].click(message_in(channel, lobby.id), label=COMPUTERS)
    assert buttons(panel.response.message)["Add computer (easy)"].disabled, "the table is full"
    await u["ann"].click(panel.response, label="Remove computer")
    seats = message_in(channel, lobby.id).embeds[0].fields[0].value
    assert "Computer (hard)" in seats and "Computer 2" not in seats


async def test_one_person_and_a_computer_play_to_the_end_and_only_the_person_is_pinged(
        world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    await add_computer(u["ann"], channel, lobby.id, "normal")
    await u["ann"].click(message_in(channel, lobby.id), label="Start")
    assert pinged(env, channel.last_message) == {u["ann"].id}, "the start pings the person only"
    while (session := await simcord_bot.table.active_in(channel.id)) is not None:
        if session.state["turn"] == 0:
            result = await u["ann"].click(message_in(channel, lobby.id), label="Add 1")
            assert not result.ephemeral, result.response.content
        else:
            hand_clock.now = session.deadline
            await simcord_bot.table.fire_due()
    assert "Computer (normal)" in public_texts(channel)
    assert "<@-" not in public_texts(channel), "a computer was mentioned as if it were a user"
    assert_people_named_and_pinged(env, channel, [u["ann"]])
    standings = channel.last_message.embeds[0].fields[0].value
    assert "Computer (normal)" in standings


async def run_timers_until_kept(bot, clock, channel, seat: int) -> None:
    """Nobody clicks until the game has marked `seat` away and a computer keeps it."""
    for _ in range(MAX_WAKES):
        session = await bot.table.active_in(channel.id)
        assert session is not None, "the game ended before the player was marked away"
        if seat in session.kept_by_computer():
            return
        clock.now = max(clock.now, session.deadline or clock.now)
        await bot.table.fire_due()
    raise AssertionError("the player was never marked away")


@pytest.mark.usefixtures("public_views_checked")  # the board, its embed and buttons only read their shared view
@pytest.mark.parametrize("game, options", [("dragon", ""), ("ghosts", ""), ("bugs", ""), ("arena", "turn_based")])
async def test_one_person_alone_plays_a_whole_game_with_computers(world, simcord_bot, hand_clock, monkeypatch,
                                                                  game, options):
    """Ann walks away from her game with two computers: the game marks her away, a computer keeps
    her seat (the board says so), her next click takes it back, and the game reaches its end.
    (Real-time Eye for an Eye marks away only a defender who lets attacks pass; its turns do.)"""
    env, _guild, channel, u = world
    monkeypatch.setattr(simcord_bot.uis[game], "min_edit_seconds", 0.0)  # every change on the board at once
    title = registry.get(game).title
    await u["ann"].slash(channel, "play", game=game, options=options)
    lobby = channel.last_message
    await add_computer(u["ann"], channel, lobby.id, "hard")
    await add_computer(u["ann"], channel, lobby.id, "easy")
    await u["ann"].click(message_in(channel, lobby.id), label="Start")
    session = await simcord_bot.table.active_in(channel.id)
    assert [is_computer(user) for user in session.seats] == [False, True, True]

    await run_timers_until_kept(simcord_bot, hand_clock, channel, 0)
    session = await simcord_bot.table.active_in(channel.id)
    board = message_in(channel, session.message_id)
    assert "(away, played by the computer)" in board.embeds[0].fields[0].value
    enabled = [label for label, button in buttons(board).items() if not button.disabled]
    if enabled:
        await u["ann"].click(board, label=enabled[0])  # any click of hers
    else:  # a board of menus only (Treasure of the Dragons on another's turn): a choice in one
        menu = selects(board)[0]
        await u["ann"].select(board, [menu.options[0].value], custom_id=menu.custom_id)
    session = await simcord_bot.table.active_in(channel.id)
    assert session is None or session.kept_by_computer() == [], "her click did not take her seat back"
    if session is not None:
        assert "(away, played by the computer)" not in message_in(channel, session.message_id).embeds[0].fields[0].value

    await run_timers_to_the_end(simcord_bot, hand_clock, channel)
    end = channel.last_message
    assert end.embeds[0].title == f"{title} is over"
    assert pinged(env, end) == {u["ann"].id}
    texts = public_texts(channel)
    assert "Computer (hard)" in texts and "Computer 2 (easy)" in texts and "<@-" not in texts


async def test_rematch_on_the_end_opens_a_lobby_with_the_same_table_in_one_click(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    await u["bob"].click(lobby, label="Join")
    await add_computer(u["ann"], channel, lobby.id, "hard")
    await u["ann"].click(message_in(channel, lobby.id), label="Start")
    while (session := await simcord_bot.table.active_in(channel.id)) is not None:
        hand_clock.now = max(hand_clock.now, session.deadline)
        await simcord_bot.table.fire_due()
    end = channel.last_message
    assert "Rematch" in buttons(end)
    watcher = await u["cat"].click(end, label="Rematch")
    assert watcher.ephemeral and "Only the players" in watcher.response.content
    await u["bob"].click(end, label="Rematch")
    rematch = channel.last_message
    assert rematch.id != lobby.id and rematch.embeds[0].title == "Tally - lobby"
    seats = rematch.embeds[0].fields[0].value
    assert seats.index("Computer (hard)") < seats.index(f"<@{u['ann'].id}>"), "Ann went first; now she is last"
    assert f"<@{u['bob'].id}> (host)" in seats
    await u["bob"].click(rematch, label="Start")
    session = await simcord_bot.table.active_in(channel.id)
    assert session.status == "playing" and len(session.seats) == 3


async def test_practice_starts_a_game_against_an_easy_computer_in_one_command(world, simcord_bot):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="dragon", practice=True)
    session = await simcord_bot.table.active_in(channel.id)
    assert session.status == "playing" and session.seats[0] == u["ann"].id
    board = message_in(channel, session.message_id)
    assert "Computer (easy)" in board.embeds[0].fields[0].value
    refused = await u["ann"].slash(channel, "play", game="tiger", practice=True)
    assert refused.ephemeral and "no computer players" in refused.response.content

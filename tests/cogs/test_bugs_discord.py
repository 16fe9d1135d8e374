"""Bugs & Co played through Discord, in process: four users grab, look, keep and race at once.

Each player works in one private panel, opened from the board's **Grab a tile**: a place select
grabs, the panel shows the tile, Keep / Put back / Take trophy decide, and the panel offers the
places again. The tests read the engine's state only to choose places as a player who knew the
tiles would, and to check what the table did.
"""
from __future__ import annotations

import math

import pytest

from engine import registry
from engine.bugs import BEAT_SECONDS, COUNTDOWN_BEATS, design_of
from tests.cogs.bugs_helpers import (
    DESIGN_WORDS,
    board_of,
    face_down,
    full_designs,
    grab,
    mine,
    open_panel,
    place_select,
    press,
    session_of,
    state_of,
)
from tests.cogs.discord_helpers import (
    assert_people_named_and_pinged,
    buttons,
    message_in,
    open_table,
    public_texts,
    selects,
)

SEAT_ORDER = ("ann", "bob", "cat", "dan")
GAME = registry.get("bugs")


@pytest.fixture(autouse=True)
def at_once(request, monkeypatch, world, simcord_bot):
    """Boards edited at once: simcord would otherwise wait out the board's 1 s pace after every
    click (the pace test keeps the pace). The pace is changed on this bot's UI (cogs/uis.py)."""
    if "paced" not in request.node.name:
        monkeypatch.setattr(simcord_bot.uis["bugs"], "min_edit_seconds", 0.0)


async def put_back_on(channel, user, panel_id, place):
    message = mine(channel, user, panel_id)
    return await user.select(message, [str(place)], custom_id=place_select(message, "p", place).custom_id)


async def assert_the_board_counts_the_beats_down(env, bot, channel, hand_clock):
    """Every beat of two seconds, the table's timer redraws the board with one beat fewer; the
    game goes on until the last beat ends. The news is not filled with beats."""
    news = (await board_of(bot, channel)).embeds[0].description
    for left in range(COUNTDOWN_BEATS - 1, 0, -1):
        hand_clock.advance(BEAT_SECONDS - 0.5)
        assert await bot.table.fire_due() == []  # not yet
        hand_clock.advance(0.5)
        assert len(await bot.table.fire_due()) == 1
        await env.settle()
        board = await board_of(bot, channel)
        assert f"Last trophy taken: {left} of 10 beats left" in board.attachments[0].description
        assert f"**{left} of 10 beats**" in next(f.value for f in board.embeds[0].fields if f.name == "Now")
        assert board.embeds[0].description == news
    hand_clock.advance(BEAT_SECONDS - 0.5)
    assert await bot.table.fire_due() == []
    assert (await state_of(bot, channel))["phase"] == "countdown"  # the last beat runs on


def everything_seen(channel, users) -> str:
    """What anyone can read: the channel, and every user's own private messages, with alt texts."""
    texts = [public_texts(channel)]
    for user in users:
        for message in channel.history(viewer=user):
            if message.flags.ephemeral:
                texts += [message.content or ""] + [(a.filename or "") + " " + (a.description or "")
                                                    for a in message.attachments]
    return "\n".join(texts)


def assert_no_hand_shown(channel, users):
    """Nobody holds a tile now, so no message, picture or description may name a design."""
    seen = everything_seen(channel, users)
    assert not DESIGN_WORDS.search(seen), DESIGN_WORDS.search(seen)
    assert "tile.png" not in seen and "scores.png" not in seen


async def test_a_whole_game_by_four_users(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    users = [u[name] for name in SEAT_ORDER]
    first_board = await open_table(u, channel, "bugs", SEAT_ORDER)
    board = message_in(channel, first_board)
    assert set(buttons(board)) == {"Grab a tile", "📜 Rules"}
    assert "ann" in board.attachments[0].description and "38 places" in board.attachments[0].description
    panels = {name: await open_panel(simcord_bot, channel, u[name]) for name in SEAT_ORDER}
    assert len(selects(mine(channel, u["ann"], panels["ann"]))) == 2  # 38 places: two selects of 19

    # Each player collects one design: a put back on its own place, one on an empty place, then a set and a stray.
    targets = dict(zip(SEAT_ORDER, full_designs(await state_of(simcord_bot, channel))[:4], strict=True))
    for seat, name in enumerate(SEAT_ORDER):
        user, panel, target = u[name], panels[name], targets[name]
        state = await state_of(simcord_bot, channel)
        place = face_down(state, lambda d: d not in targets.values())[0]
        await grab(channel, user, panel, place)
        shown = mine(channel, user, panel)
        name_of = design_of(state["places"][place]).name
        assert f"Place {place + 1}: {name_of}" in shown.content  # the tile, by name and picture
        (picture,) = shown.attachments
        assert picture.filename == "tile.png" and name_of in picture.description
        assert (await state_of(simcord_bot, channel))["holding"][seat]["place"] == place
        await press(channel, user, panel, f"Put it back on place {place + 1}")
        assert "back face down on place" in mine(channel, user, panel).content
        assert not mine(channel, user, panel).attachments  # the picture goes with the tile
        for _ in range(3):
            await grab(channel, user, panel, face_down(await state_of(simcord_bot, channel), target.__eq__)[0])
            await press(channel, user, panel, "Keep it")
        stray = face_down(await state_of(simcord_bot, channel), lambda d: d not in targets.values())[0]
        await grab(channel, user, panel, stray)
        await press(channel, user, panel, "Keep it")
        state = await state_of(simcord_bot, channel)
        assert len(state["hands"][seat]) == 4 and state["holding"][seat] is None
        if seat == 0:
            assert_no_hand_shown(channel, users)
    # Dan moves a tile onto an empty place.
    state = await state_of(simcord_bot, channel)
    empty = next(p for p, tile in enumerate(state["places"]) if tile is None)
    place = face_down(state)[0]
    tile = state["places"][place]
    await grab(channel, u["dan"], panels["dan"], place)
    await put_back_on(channel, u["dan"], panels["dan"], empty)
    state = await state_of(simcord_bot, channel)
    assert state["places"][empty] == tile and state["places"][place] is None
    board = await board_of(simcord_bot, channel)
    assert "4 kept" in board.embeds[0].fields[0].value and "ann: keeps 4 tiles" in board.attachments[0].description
    assert_no_hand_shown(channel, users)

    # Trophies: Ann, Bob, Cat stop; the last one starts the countdown: ten beats, the board counting them.
    for name in ("ann", "bob", "cat"):
        await press(channel, u[name], panels[name], next(label for label in buttons(mine(channel, u[name], panels[name]))
                                                         if label.startswith("Take the")))
        assert "You have stopped playing" in mine(channel, u[name], panels[name]).content
    state = await state_of(simcord_bot, channel)
    assert state["phase"] == "countdown" and state["trophy"][:3] == [3, 2, 1]
    # trophies and the countdown get messages of their own; Dan, the one left to move, just moved: no ping
    headline = channel.history()[-1]
    assert not headline.embeds and "That was the last trophy" in headline.content
    assert f"<@{u['cat'].id}> takes the 1-point trophy" in headline.content
    assert "10 beats of 2 seconds (20 s)" in headline.content
    board = await board_of(simcord_bot, channel)
    now = next(f.value for f in board.embeds[0].fields if f.name == "Now")
    assert f"**10 of 10 beats** (2 s each) left: everybody stops <t:{math.ceil(state['countdown_at'])}:R>" in now
    assert "Last trophy taken: 10 of 10 beats left" in board.attachments[0].description
    stopped = await u["ann"].click(board, label="Grab a tile")
    assert stopped.ephemeral and "You took a trophy: you have stopped playing." in stopped.response.content
    await grab(channel, u["dan"], panels["dan"], face_down(state)[0])  # held when time runs out: it goes back
    assert "10 of 10 beats" in mine(channel, u["dan"], panels["dan"]).content
    await assert_the_board_counts_the_beats_down(env, simcord_bot, channel, hand_clock)
    session = await session_of(simcord_bot, channel)
    hand_clock.advance(BEAT_SECONDS)
    await simcord_bot.table.fire_due()
    await env.settle()

    # The end: the old board keeps its picture without buttons; every hand in one scoring image; the standings.
    assert await session_of(simcord_bot, channel) is None
    old = message_in(channel, first_board)
    assert not old.components and old.attachments[0].filename == "bugs.png"
    history = channel.history()
    scores = history[-2]
    assert scores.id != first_board and not scores.components
    (image,) = scores.attachments
    assert image.filename == "scores.png" and image.description.startswith("Bugs & Co, final scores")
    assert all(f"{name}'s hand:" in image.description for name in SEAT_ORDER)
    assert "(set)" in image.description
    assert "Now" not in [f.name for f in scores.embeds[0].fields]  # an ended game asks nobody to act
    assert "every hand revealed" in scores.embeds[0].title
    final = (await simcord_bot.table.get(session.id)).state
    assert final["phase"] == "over" and final["end"] == "countdown" and final["holding"] == [None] * 4
    left_open = mine(channel, u["dan"], panels["dan"])  # a panel left open says the game is over, with no controls
    assert left_open.content == "This game is over: see the channel." and not left_open.components
    # Ann: a set, a stray, trophy 3 = 5; Bob 4; Cat 3; Dan 2: the standings and the leaderboard rows.
    standings = await simcord_bot.table.standings(session.id)
    assert [(rank, user) for rank, user, _ in standings] == [(i + 1, u[n].id) for i, n in enumerate(SEAT_ORDER)]
    assert [score for _, _, score in standings] == [5, 4, 3, 2]
    assert_people_named_and_pinged(env, channel, users)


async def test_two_grabs_of_one_tile_the_first_wins_the_other_learns_who_and_by_how_much(world, simcord_bot):
    env, _guild, channel, u = world
    await open_table(u, channel, "bugs", SEAT_ORDER)
    ann = await open_panel(simcord_bot, channel, u["ann"])
    bob = await open_panel(simcord_bot, channel, u["bob"])
    place = face_down(await state_of(simcord_bot, channel))[5]
    # Both panels show the place face down; Ann's pick reaches the table first, Bob's 42 ms later.
    await grab(channel, u["ann"], ann, place)
    await env.advance_time(0.042)
    late = await grab(channel, u["bob"], bob, place)
    assert late.response.ephemeral and late.response.id == bob  # told in Bob's own panel, no new message
    assert not late.followups
    panel = mine(channel, u["bob"], bob)
    assert panel.content.startswith(f"❌ Someone was faster: <@{u['ann'].id}> holds the tile from place {place + 1}.")
    assert "Their grab came 42 ms before yours." in panel.content  # who, and by how much
    state = await state_of(simcord_bot, channel)
    assert state["holding"][0]["place"] == place and state["holding"][1] is None and state["hands"][1] == []
    assert all(str(place) not in {o.value for o in s.options} for s in selects(panel))  # redrawn: not offered
    other = face_down(state)[0]
    await grab(channel, u["bob"], bob, other)  # Bob lost nothing: he grabs another at once
    assert (await state_of(simcord_bot, channel))["holding"][1]["place"] == other
    assert "faster" not in public_texts(channel)  # the loser is told privately only


async def test_a_hand_is_never_shown_before_the_end(world, simcord_bot):
    env, _guild, channel, u = world
    users = [u[name] for name in SEAT_ORDER]
    await open_table(u, channel, "bugs", SEAT_ORDER)
    panels = {name: await open_panel(simcord_bot, channel, u[name]) for name in SEAT_ORDER}
    for round_ in range(3):
        for seat, name in enumerate(SEAT_ORDER):
            state = await state_of(simcord_bot, channel)
            await grab(channel, u[name], panels[name], face_down(state)[seat])
            await press(channel, u[name], panels[name], "Keep it")
            panel = mine(channel, u[name], panels[name])
            assert f"{round_ + 1} tile" in panel.content and not panel.attachments
        assert_no_hand_shown(channel, users)
    # The owner opens a fresh panel and reads the board: counts only.
    fresh = await open_panel(simcord_bot, channel, u["ann"])
    assert "you keep 3 tiles" in mine(channel, u["ann"], fresh).content
    assert_no_hand_shown(channel, users)
    state = await state_of(simcord_bot, channel)
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        assert "hands" not in view and view["kept"] == [3, 3, 3, 3]
    # A tile held is its holder's alone: the board says only where.
    await grab(channel, u["bob"], panels["bob"], face_down(state)[0])
    assert not DESIGN_WORDS.search(public_texts(channel))
    assert DESIGN_WORDS.search(mine(channel, u["bob"], panels["bob"]).content)


async def test_a_watcher_is_refused_and_changes_nothing(world, simcord_bot):
    env, _guild, channel, u = world
    await open_table(u, channel, "bugs", ("ann", "bob", "cat"))
    before = await session_of(simcord_bot, channel)
    watcher = await u["dan"].click(await board_of(simcord_bot, channel), label="Grab a tile")
    assert watcher.ephemeral and "watching" in watcher.response.content
    after = await session_of(simcord_bot, channel)
    assert after.version == before.version and not selects(watcher.response.message)


async def test_click_counts_grab_in_two_a_whole_cycle_in_three(world, simcord_bot):
    env, _guild, channel, u = world
    await open_table(u, channel, "bugs", SEAT_ORDER)
    clicks = 0

    async def click(call):
        nonlocal clicks
        clicks += 1
        return await call

    opened = await click(u["ann"].click(await board_of(simcord_bot, channel), label="Grab a tile"))
    panel = opened.response.id
    place = face_down(await state_of(simcord_bot, channel))[0]
    await click(grab(channel, u["ann"], panel, place))
    state = await state_of(simcord_bot, channel)
    assert clicks == 2 and state["holding"][0]["place"] == place  # a grab: open + place
    assert mine(channel, u["ann"], panel).attachments[0].filename == "tile.png"  # looked at, no extra click
    await click(press(channel, u["ann"], panel, "Keep it"))
    assert clicks == 3 and (await state_of(simcord_bot, channel))["hands"][0]  # grab, look, decide: 3
    # From the open panel: a grab is one click, a decision one more (here: back onto an empty place).
    empty = place
    place = face_down(await state_of(simcord_bot, channel))[0]
    await click(grab(channel, u["ann"], panel, place))
    await click(put_back_on(channel, u["ann"], panel, empty))
    state = await state_of(simcord_bot, channel)
    assert clicks == 5 and state["places"][empty] is not None and state["places"][place] is None
    assert len([m for m in channel.history(viewer=u["ann"]) if m.flags.ephemeral]) == 1  # one panel, edited


async def test_an_aborted_game_says_so_and_asks_nobody(world, simcord_bot):
    env, _guild, channel, u = world
    board_id = await open_table(u, channel, "bugs", ("ann", "bob"))
    await u["ann"].slash(channel, "game abort")
    board = message_in(channel, board_id)
    assert not board.components and "ended early" in board.attachments[0].description
    assert "Now" not in [f.name for f in board.embeds[0].fields]


async def test_a_burst_of_grabs_on_the_paced_board_ends_with_the_newest_board(world, simcord_bot):
    env, _guild, channel, u = world
    assert simcord_bot.uis["bugs"].min_edit_seconds == 1.0
    await open_table(u, channel, "bugs", ("ann", "bob"))
    panels = {name: await open_panel(simcord_bot, channel, u[name]) for name in ("ann", "bob")}
    for seat, name in enumerate(("ann", "bob")):  # each within a second of the last board edit
        await grab(channel, u[name], panels[name], face_down(await state_of(simcord_bot, channel))[seat])
    await env.settle()
    session = await session_of(simcord_bot, channel)
    board = await board_of(simcord_bot, channel)
    assert board.embeds[0].footer.text.endswith(f"move {session.version}")
    assert "Held: place 1 by ann, place 3 by bob." in board.attachments[0].description


async def test_disrupting_the_table_a_swap_is_one_pick_like_a_put_back_and_shows_nobody_a_tile(world, simcord_bot):
    env, _guild, channel, u = world
    users = [u[name] for name in SEAT_ORDER]
    await open_table(u, channel, "bugs", SEAT_ORDER)
    clicks = 0

    async def click(call):
        nonlocal clicks
        clicks += 1
        return await call

    state = await state_of(simcord_bot, channel)
    mine_place, bobs, target = face_down(state)[:3]
    ann = await click(open_panel(simcord_bot, channel, u["ann"]))
    bob = await open_panel(simcord_bot, channel, u["bob"])
    await grab(channel, u["bob"], bob, bobs)
    await click(grab(channel, u["ann"], ann, mine_place))
    held, there = state["places"][mine_place], state["places"][target]
    panel = mine(channel, u["ann"], ann)
    offered = {o.value: o.label for s in selects(panel) if ":bugs_play:p" in s.custom_id for o in s.options}
    # Every place but her own (the button) and Bob's: no place is empty yet, all are face down.
    assert set(offered) == {str(p) for p in range(len(state["places"]))} - {str(mine_place), str(bobs)}
    assert offered[str(target)] == f"Place {target + 1} (swap: its tile goes to place {mine_place + 1})"

    await click(put_back_on(channel, u["ann"], ann, target))  # one pick, as many clicks as Put it back
    state = await state_of(simcord_bot, channel)
    assert clicks == 3 and state["places"][target] == held and state["places"][mine_place] == there
    assert state["holding"][0] is None and state["hands"][0] == []
    panel = mine(channel, u["ann"], ann)
    assert not panel.attachments and not DESIGN_WORDS.search(panel.content)  # the swapped-in tile is not shown
    move = (f"<@{u['ann'].id}> puts the tile from place {mine_place + 1} on place {target + 1} and the tile that "
            f"lay there on place {mine_place + 1}, both face down.")
    assert move in panel.content
    await env.settle()
    board = await board_of(simcord_bot, channel)
    assert move in board.embeds[0].description  # everyone sees where tiles went...
    assert f"Last move: ann swapped the tiles of places {mine_place + 1} and {target + 1}." in \
        board.attachments[0].description
    await press(channel, u["bob"], bob, f"Put it back on place {bobs + 1}")
    assert_no_hand_shown(channel, users)  # ...and nobody which tiles


async def test_a_swap_onto_a_tile_someone_grabbed_meanwhile_is_refused_in_the_panel(world, simcord_bot):
    env, _guild, channel, u = world
    await open_table(u, channel, "bugs", SEAT_ORDER)
    ann = await open_panel(simcord_bot, channel, u["ann"])
    bob = await open_panel(simcord_bot, channel, u["bob"])
    first, second = face_down(await state_of(simcord_bot, channel))[:2]
    await grab(channel, u["ann"], ann, first)
    stale = mine(channel, u["ann"], ann)  # drawn while place `second` lay face down
    await grab(channel, u["bob"], bob, second)
    before = await state_of(simcord_bot, channel)
    refused = await u["ann"].select(stale, [str(second)], custom_id=place_select(stale, "p", second).custom_id)
    assert refused.response.id == ann and not refused.followups
    assert f"<@{u['bob'].id}> holds the tile of place {second + 1} now" in mine(channel, u["ann"], ann).content
    assert await state_of(simcord_bot, channel) == before  # Ann still holds her tile; nothing moved

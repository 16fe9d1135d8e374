"""One live private panel per player and table; a panel whose moment has passed says so.

Each press of an opener posts a new private panel. The older one is retired (its text says a newer
one replaced it, its controls and picture go), and after every change a panel the game moved past
is edited to say so, so no old panel keeps live-looking buttons, and a kept Bugs & Co tile is never
visible again anywhere.
"""
from __future__ import annotations

import pytest

from cogs.live_panels import OVER, PASSED, REPLACED
from tests.cogs.bugs_helpers import DESIGN_WORDS, face_down, grab, mine, open_panel, press, state_of
from tests.cogs.discord_helpers import buttons, forget_panels, message_in, selects
from tests.cogs.picks import start_picks


def retired(channel, user, message_id) -> str:
    """The panel's text, once it has no controls and no picture left (else the test fails)."""
    panel = mine(channel, user, message_id)
    assert not panel.components and not panel.attachments, f"the panel is still live: {panel.content!r}"
    return panel.content


async def test_opening_a_new_panel_retires_the_older_one(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    first = await u["ann"].click(message_in(channel, board_id), label="Choose...")
    assert selects(first.response.message), "the first panel opened without its controls"
    second = await u["ann"].click(message_in(channel, board_id), label="Quick...")
    assert second.ephemeral and selects(second.response.message)
    assert retired(channel, u["ann"], first.response.id) == REPLACED
    assert selects(mine(channel, u["ann"], second.response.id)), "the newer panel lost its controls"


async def test_a_panel_the_game_moved_past_is_edited_to_say_so(world, simcord_bot, hand_clock):
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    opened = await u["ann"].click(message_in(channel, board_id), label="Choose...")
    hand_clock.advance(61)  # Ann's turn timer runs out while her panel is open: the table adds 1
    await simcord_bot.table.fire_due()
    await env.settle()
    assert retired(channel, u["ann"], opened.response.id).startswith(PASSED)


async def test_every_live_panel_says_the_game_is_over_when_it_ends(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    opened = await u["ann"].click(message_in(channel, board_id), label="Choose...")
    await u["ann"].slash(channel, "game abort")
    assert retired(channel, u["ann"], opened.response.id) == OVER


async def test_a_panel_the_bot_forgot_in_a_restart_is_still_refused_when_the_game_moved_past(
        world, simcord_bot, hand_clock):
    """The ledger is memory: after a restart an old panel keeps its controls, and the table refuses them."""
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    opened = await u["ann"].click(message_in(channel, board_id), label="Choose...")
    forget_panels(simcord_bot)
    hand_clock.advance(61)
    await simcord_bot.table.fire_due()
    await env.settle()
    (select,) = selects(opened.response.message)
    late = await u["ann"].select(opened.response, ["2"], custom_id=select.custom_id)
    assert late.ephemeral and "out of date" in (late.followups[-1].content if late.followups else late.response.content)
    session = await simcord_bot.table.active_in(channel.id)
    assert session.state["total"] == 1 and session.state["turn"] == 1


async def test_a_click_on_a_forgotten_panel_of_an_ended_game_is_refused(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await start_picks(simcord_bot, u, channel)
    opened = await u["ann"].click(message_in(channel, board_id), label="Choose...")
    forget_panels(simcord_bot)
    await u["ann"].slash(channel, "game abort")
    (select,) = selects(opened.response.message)
    late = await u["ann"].select(opened.response, ["2"], custom_id=select.custom_id)
    assert late.ephemeral and "This game is over." in late.response.content


@pytest.fixture
def bugs_at_once(monkeypatch, world, simcord_bot):
    monkeypatch.setattr(simcord_bot.uis["bugs"], "min_edit_seconds", 0.0)  # boards edited at once (the pace is not under test)


async def test_a_kept_bugs_tile_is_never_visible_again_even_through_an_older_panel(world, simcord_bot,
                                                                                     bugs_at_once):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="bugs")
    lobby = channel.last_message
    await u["bob"].click(lobby, label="Join")
    await u["ann"].click(lobby, label="Start")
    older = await open_panel(simcord_bot, channel, u["ann"])
    place = face_down(await state_of(simcord_bot, channel))[0]
    shown = await grab(channel, u["ann"], older, place)
    name = DESIGN_WORDS.search(shown.response.content)
    assert name and mine(channel, u["ann"], older).attachments, "the grab did not show the tile"
    board = message_in(channel, (await simcord_bot.table.active_in(channel.id)).message_id)
    newer = (await u["ann"].click(board, label="Grab a tile")).response.id  # it shows the tile she holds
    assert "Keep it" in buttons(mine(channel, u["ann"], newer))
    await press(channel, u["ann"], newer, "Keep it")
    assert retired(channel, u["ann"], older) == REPLACED
    for message in channel.history(viewer=u["ann"]):  # everything Ann can read, her private messages included
        texts = [message.content or ""] + [e.description or "" for e in message.embeds]
        texts += [f.value for e in message.embeds for f in e.fields] + [a.description or "" for a in message.attachments]
        assert name.group(0) not in "\n".join(texts), f"the kept tile is named in {message.content!r}"
        if message.flags.ephemeral:
            assert not message.attachments, f"a private message still shows a picture: {message.content!r}"

"""Issue 23's smaller things, played through Discord: forgiving option names, autocomplete that does not repeat
itself, counts in the right number, a rating change that reads as one, and whole alt texts."""
from __future__ import annotations

import re

import pytest

from engine import registry
from engine.bugs import COUNTDOWN_SECONDS, DESIGNS, design_of
from engine.rng import rig
from engine.words import plural
from render.encode import MAX_DESCRIPTION
from tests.cogs import bugs_helpers
from tests.cogs.bugs_helpers import face_down, grab, mine, open_panel, press, state_of
from tests.cogs.discord_helpers import answer, buttons, open_table, play_tally_through_buttons, selects
from tests.cogs.ghosts_helpers import board_of, discard_all, open_ghosts, session_of


async def test_option_names_are_read_whatever_their_case_and_spaces(world, simcord_bot):
    env, guild, channel, u = world
    result = await u["ann"].slash(channel, "play", game="arena", options=" Advanced , TURN-based")
    assert not result.ephemeral, result.response.content
    lobby = await simcord_bot.table.active_in(channel.id)
    assert lobby is not None and lobby.options["advanced"] and lobby.options["turn_based"]
    assert not lobby.options["alliances"]


async def test_a_capitalised_option_of_a_toy_game_is_turned_on(world):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally", options="Double")
    assert "Steps of 2 and 4: on" in buttons(channel.last_message)


async def test_option_autocomplete_offers_only_the_options_not_yet_typed(world):
    env, guild, channel, u = world
    keys = [o.key for o in registry.get("arena").options]
    choices = await u["ann"].autocomplete(channel, "play", "options", "advanced,", game="arena")
    values = [c["value"] for c in choices]
    assert values == [f"advanced,{key}" for key in keys if key != "advanced"]
    choices = await u["ann"].autocomplete(channel, "play", "options", "Advanced, hill,", game="arena")
    offered = [c["value"].rpartition(",")[2] for c in choices]
    assert offered and "advanced" not in offered and "hill" not in offered


async def test_one_game_is_one_game_on_the_leaderboard_picture_and_the_rating_chart(world):
    env, guild, channel, u = world
    await play_tally_through_buttons(u, channel, ["ann", "bob"], winner="bob")
    board = answer(await u["ann"].slash(channel, "leaderboard", game="tally"))
    described = board.attachments[0].description
    assert "1 game," in described and "1 games" not in described
    chart = answer(await u["ann"].slash(channel, "stats")).attachments[0].description
    assert "over 1 game " in chart and "1 games" not in chart


async def test_a_die_of_one_asks_for_one_step(world, simcord_bot):
    env, guild, channel, u = world
    await open_ghosts(u, channel)
    rig((await session_of(simcord_bot, channel)).state, 1)  # the die rolled after the discard shows 1
    await discard_all(simcord_bot, channel, u)
    called = await u["ann"].click(await board_of(simcord_bot, channel), label="Yellow")
    (controls,) = [f for f in called.followups if selects(f.message)]
    assert "exactly **1 orthogonal step**," in controls.content
    embed = (await board_of(simcord_bot, channel)).embeds[0]
    board = "\n".join([embed.description or "", *(f.value for f in embed.fields)])
    assert "exactly 1 step." in board and "1 steps" not in board


async def test_a_rating_change_in_the_recent_results_is_named_as_one(world):
    env, guild, channel, u = world
    await play_tally_through_buttons(u, channel, ["ann", "bob", "cat"], winner="bob")
    shown = answer(await u["ann"].slash(channel, "stats"))
    (recent,) = [f.value for f in shown.embeds[0].fields if f.name == "Recent results"]
    assert re.fullmatch(r"Tally: (2nd|3rd) of 3 · rating −\d+ <t:\d+:R>", recent), recent


@pytest.fixture
def bugs_at_once(monkeypatch, world, simcord_bot):
    """The Bugs & Co board edited at once (tests/cogs/test_bugs_discord.py says why)."""
    monkeypatch.setattr(simcord_bot.uis["bugs"], "min_edit_seconds", 0.0)


def embed_length(embed) -> int:
    """What Discord counts against an embed's 6,000 characters."""
    return sum(len(text or "") for text in (embed.title, embed.description, embed.footer.text if embed.footer else "",
                                             *(f.name + f.value for f in embed.fields)))


async def test_the_final_scores_of_eight_full_hands_lose_no_player_and_no_tile(world, simcord_bot, hand_clock,
                                                                              bugs_at_once):
    env, guild, channel, u = world
    names = [f"Player {i} with a long display nam"[:32] for i in range(8)]
    players = [guild.add_member(env.create_user(f"p{i}"), nick=name) for i, name in enumerate(names)]
    order = tuple(f"p{i}" for i in range(8))
    await open_table(dict(zip(order, players, strict=True)), channel, "bugs", order)
    state = await state_of(simcord_bot, channel)
    # Every tile kept, each alone of its design in its hand: the most words a final score can take.
    places = sorted(face_down(state), key=lambda p: design_of(state["places"][p]).id)
    panels = [await open_panel(simcord_bot, channel, player) for player in players]
    for i, place in enumerate(places):
        await grab(channel, players[i % 8], panels[i % 8], place)
        await press(channel, players[i % 8], panels[i % 8], "Keep it")
    state = await state_of(simcord_bot, channel)
    assert not face_down(state) and sum(len(hand) for hand in state["hands"]) == len(places) == 68
    for seat in range(5):  # the five trophies: the last starts the countdown
        panel = mine(channel, players[seat], panels[seat])
        await press(channel, players[seat], panels[seat], next(b for b in buttons(panel) if b.startswith("Take the")))
    session_id = (await bugs_helpers.session_of(simcord_bot, channel)).id
    hand_clock.advance(COUNTDOWN_SECONDS + 1)
    await simcord_bot.table.fire_due()
    await env.settle()

    scores = channel.history()[-2]
    (image,) = scores.attachments
    assert image.filename == "scores.png" and len(image.description) <= MAX_DESCRIPTION
    final = registry.get("bugs").view((await simcord_bot.table.get(session_id)).state, None)
    for seat, name in enumerate(names):  # every player, with their place and points, in the alt text
        assert f"{name}: {plural(final['scores'][seat], 'point')}" in image.description, name
    embed = scores.embeds[0]
    hands = {f.name: f.value for f in embed.fields}
    for seat, name in enumerate(names):  # and every tile, in the message when the alt text has no room
        told = hands[f"{name}'s hand"] if f"{name}'s hand" in hands else image.description
        designs = [DESIGNS[group["design"]] for group in final["hands"][seat]["groups"]]
        assert designs and all(f"{d.colour} {d.shape}" in told for d in designs), name
    assert embed_length(embed) <= 6000 and all(len(f.value) <= 1024 for f in embed.fields)

"""A whole match of each Eye for an Eye mode, played by simulated users in process (issue 14).

Each match opens with /play and the mode's options, runs through every round to the end embed,
and its mode's own rule happens through clicks on the board and the private panels: the advanced
rules' Tribal card and a reaction answered from the prompt; ... Positions and dice are arranged
(test set-up) where the story needs them; time is the hand clock (tests/arena_matches.py).
"""
from __future__ import annotations

from cogs.arena.panel import ARROW
from engine.arena.board import ARENAS, COMPASS, turn
from engine.arena.data import BURRAPARAY_WINDOWS
from engine.hexgrid import neighbour
from tests.arena_matches import only_the_end_pinged, play_out, the_end, wait
from tests.discord_helpers import buttons
from tests.test_arena_discord import NE, SW, A, D, E, H, M, R, S, W, at_once, begin, board_of, log_lines, put

__all__ = ["at_once"]  # boards are edited at once


async def test_an_advanced_match_a_tribal_card_and_watch_out_from_the_prompt(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), characters=("grublic", "riparian"),
                        advanced=True)
    grublic, riparian = 0, 1
    # Ann readies Leap with a Ready die, fills it with a Special die and leaps two hexes ahead.
    await put(table, ann=([-3, 1], E), bob=([3, -3], W))
    await table.roll("ann", R, S, D, D, H, auto=False)
    assert "readies Leap" in await table.choose("ann", "a:leap")
    await table.roll("ann", S, S, S, S, S, auto=False)
    await table.choose("ann", "a:leap")
    assert ": Leap to [-1, 1]." in await table.click("ann", "I ● Leap 1/1✨")
    assert (await table.state())["figures"][grublic]["hex"] == [-1, 1]

    # Bob sneaks up behind her; her innate Watch Out! turns her to face him from the pushed prompt.
    await put(table, ann=([0, 0], E), bob=([-1, 0], E))
    await table.roll("ann", S, S, D, D, M, auto=False)
    await table.choose("ann", "a:watch_out")
    await table.roll("bob", A, A, M, M, D)
    await table.click("bob", "⚔ Attack → Grublic")
    prompt = table.panel("ann")
    assert "Riparian: Attack on you (rear)" in prompt.content and "⚡ Watch Out! → face W" in buttons(prompt)
    await table.click("ann", "⚡ Watch Out! → face W")
    state = await table.state()
    assert state["figures"][grublic]["facing"] == W and "Grublic ({0}): Watch Out! Now facing W." in log_lines(state)

    # Now Bob stands in her front arc: her Spear Thrust lands, and the round runs out.
    await table.roll("ann", A, A, A, A, H)
    assert "Spear Thrust 4 on Riparian" in await table.click("ann", "⚔ Attack → Riparian")
    cups = (await table.state())["cups"]
    assert cups[grublic] > cups[riparian]
    state = await play_out(table)
    assert state["round"] == 3, "a match of 2 players is 3 rounds"
    the_end(table, "ann", f"{state['points'][grublic]} points")
    only_the_end_pinged(table)


async def test_a_domination_match_the_flowers_area_scores_at_burraparay(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat"), domination=True, advanced=True)
    flower = (await table.state())["mode"]["flower"]
    board = await board_of(simcord_bot, channel)
    assert f"The Ceremonial Flower is {flower}: hold the {flower} area." in board.embeds[0].description
    assert f"Flower: {flower}, its area" in board.attachments[0].description

    # Ann walks onto the flower's area before the first call (its time is a secret): from the hex
    # inward of the area's middle hex, a step out onto it and a turn.
    (_, middle, _), inward = ARENAS["bushland"].areas[flower]
    outward = turn(inward, 3)
    await put(table, ann=(neighbour(list(middle), inward), outward))
    await table.roll("ann", M, M, H, H, D)
    await table.click("ann", "👣 Move…")
    await table.click("ann", ARROW[COMPASS[outward]])
    await table.click("ann", "⟲ Left")
    assert (await table.state())["figures"][0]["hex"] == list(middle)
    await wait(table, BURRAPARAY_WINDOWS[0][1])  # the first call, not the second
    state = await table.state()
    news = (await board_of(simcord_bot, channel)).embeds[0].description
    assert f"Burraparay! Grublic (<@{u['ann'].id}>) holds the {flower} area: 3 VP." in news, "1 + 2 players off it"
    assert state["mode"]["vp"] == [3, 0, 0] and state["mode"]["flower"] != flower, "the next flower is flipped"

    state = await play_out(table)
    assert state["round"] == 4, "a match of 3 players is 4 rounds"
    assert state["points"] == [3, 0, 0], "nobody held a flower's area at the other calls"
    the_end(table, "ann", "3 VP")
    only_the_end_pinged(table)


async def test_an_alliances_match_on_the_rainforest_allies_are_spared_and_the_stream_carries(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat", "dan"), alliances=True, rainforest=True,
                        advanced=True)
    state = await table.state()
    assert state["teams"] == [[0, 1], [2, 3]] and state["arena"] == "rainforest"
    # Ann and Bob each face the other both in their front arcs and Cat of the other team: their
    # Attack goes to Cat alone, in 1 click, and adds to the team cup.
    await put(table, ann=([0, 0], E), bob=([1, -1], SW), cat=([1, 0], W), dan=([-3, 3], NE))
    for name in ("ann", "bob"):
        await table.roll(name, A, A, A, A, H)
        shown = [label for label in buttons(table.panel(name)) if label.startswith("⚔")]
        assert shown == ["⚔ Attack → Banksia"], f"{name}'s ally is no target"
        await table.click(name, "⚔ Attack → Banksia")
    state = await table.state()
    assert state["cups"] == [4, 4, 0, 0] and state["figures"][2]["health"] == 7

    state = await play_out(table)
    assert state["round"] == 5, "a match of 4 players is 5 rounds, Alliances too"
    assert state["points"][0] == state["points"][1] > state["points"][2] == state["points"][3]
    assert f"<@{u['bob'].id}>" in the_end(table, "ann", f"{state['points'][0]} points"), "allies win together"
    only_the_end_pinged(table)

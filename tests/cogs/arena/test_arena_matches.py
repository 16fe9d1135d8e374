"""A whole match of each Eye for an Eye mode, played by simulated users in process (issue 14).

Each match opens with /play and the mode's options, runs through every round to the end embed,
and its mode's own rule happens through clicks on the private panels (cogs/arena/extras.py names
the mode controls): the advanced rules' Tribal card and a reaction answered from the prompt;
Alliances on the Rainforest, an ally never a target, a Movement going with the flow and a Raging
Current filled by two players; Domination, the flower's area scoring at Burraparay! (real time)
and a turn-based declaration; King of the Hill, dice on the hill card and its scoring; the
Ceremony, a Nymphlet caught from the Attack button and another scampering. Every match is
played with the advanced rules, as the issue's simulate commands are. Positions and dice are
arranged (test set-up) where the story needs them; time is the hand clock (arena_matches.py).
"""
from __future__ import annotations

import pytest

from cogs.arena.panel import ARROW
from engine.arena.board import ARENAS, COMPASS, front_arc, turn
from engine.arena.data import BURRAPARAY_WINDOWS
from engine.hexgrid import neighbour
from engine.rng import rig
from render.arena_words import hex_label
from tests.cogs.arena.arena_helpers import NE, SW, A, D, E, H, M, R, S, W, begin, board_of, log_lines, put
from tests.cogs.arena.arena_matches import only_the_end_pinged, pings, play_out, press, the_end, wait
from tests.cogs.discord_helpers import buttons

# boards edited at once (conftest.py), and no public view changed by the panels, boards and words that
# share it (tests/cogs/conftest.py), for every test here
pytestmark = pytest.mark.usefixtures("at_once", "public_views_checked")


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
    assert ": Leap to D6." in await table.click("ann", "I ● Leap 1/1✨")  # [-1, 1], as players say it
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

    # Bob steps SW into the stream with 🌊 Flow on in the MOVE view: the flow carries him 1 hex E.
    await put(table, bob=([4, -1], SW))
    await table.roll("bob", M, H, H, D, D)
    await table.click("bob", "👣 Move…")
    await table.click("bob", "🌊 Flow: off")
    await table.click("bob", "↙ SW")
    state = await table.state()
    assert state["figures"][1]["hex"] == [4, 0], "one step to [3, 0], then the flow"
    assert "Riparian ({1}): Movement 1 (SW), goes with the flow to [4, 0]" in log_lines(state)

    # Ann stands in the stream; she and Dan, of the other team, fill the Swell (two Move dice)
    # together: it carries every figure in the stream 1 hex downstream, as far as it can go.
    await put(table, ann=([-1, 0], E))
    await table.roll("ann", M, M, H, H, D, auto=False)
    await table.click("ann", "Qty: All")
    assert "locks 1 die on the Swell (1 of 2)" in await press(table, "ann", "🌊 Swell (stream 1 downstream) 0/2 +1👣")
    await table.roll("dan", M, A, A, H, D, auto=False)
    swept = await press(table, "dan", "🌊 Swell (stream 1 downstream) 1/2 +1👣")
    assert f"Pluma (<@{u['dan'].id}>) fills the Swell!" in swept
    assert f"Grublic (<@{u['ann'].id}>) goes 1 hex E to E5" in swept  # [0, 0], as players say it
    assert f"Banksia (<@{u['cat'].id}>) is blocked and stays at F5" in swept, "a boulder downstream"
    state = await table.state()
    assert state["figures"][0]["hex"] == [0, 0] and state["shared"]["swell"] == [None, None], "the dice went home"

    state = await play_out(table)
    assert state["round"] == 5, "a match of 4 players is 5 rounds, Alliances too"
    assert state["points"][0] == state["points"][1] > state["points"][2] == state["points"][3]
    assert f"<@{u['bob'].id}>" in the_end(table, "ann", f"{state['points'][0]} points"), "allies win together"
    only_the_end_pinged(table)


def spot_facing(state, owner: int):
    """(a Nymphlet of `owner`, a free hex beside it, the facing towards it) where the front arc
    holds that Nymphlet alone."""
    bushland = ARENAS["bushland"]
    pieces = {tuple(n["hex"]) for n in state["tokens"]} | {tuple(f["hex"]) for f in state["figures"]}
    for nymphlet in (n for n in state["tokens"] if n["owner"] == owner):
        for side in range(6):
            here, facing = neighbour(nymphlet["hex"], side), turn(side, 3)
            if tuple(here) in bushland.hexes and tuple(here) not in bushland.impassable | pieces and \
                    [tuple(h) for h in front_arc(here, facing) if tuple(h) in pieces] == [tuple(nymphlet["hex"])]:
                yield nymphlet, here, facing


async def test_a_ceremony_match_a_nymphlet_caught_by_clicking_attack(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), ceremony=True, advanced=True)
    state = await table.state()
    assert len(state["tokens"]) == 6, "3 Nymphlets each with 2 players"
    # Ann stands beside one of Bob's Nymphlets, facing it, with nothing else in her front arc (the
    # areas are dealt from the match's seed: the test finds such a spot).
    nymphlet, where, facing = next(spot_facing(state, owner=1))
    await put(table, ann=(where, facing))
    await table.roll("ann", A, A, H, H, D)
    where = hex_label(nymphlet["hex"])  # the panel names hexes as players say them
    caught = await table.click("ann", "⚔ Attack → Nymphlet of Riparian")  # the only target: 1 click
    assert f"catches Riparian (<@{u['bob'].id}>)'s Nymphlet at {where}: 2 VP. 5 Nymphlets left." in caught
    assert "2 VP this round" in table.panel("ann").content

    # Bob's Nymphlet card: a Move die on Scamper, which of his Nymphlets, and its step.
    await table.roll("bob", M, H, H, D, D, auto=False)
    await table.choose("bob", "a:scamper")
    assert "**Scamper** · which Nymphlet?" in await table.click("bob", "🐾 Scamper 1/2👣")
    first = min(tuple(n["hex"]) for n in (await table.state())["tokens"] if n["owner"] == 1)
    text = await table.click("bob", f"⭐ Nymphlet at {hex_label(first)}")
    assert "your Nymphlet moves 1 hex a Scamper die (0 of 1)" in text
    step = next(label for label, b in buttons(table.panel("bob")).items() if label[-2:].strip() in COMPASS
                and not b.disabled)
    assert f"Riparian (<@{u['bob'].id}>)'s Nymphlet scampers from {hex_label(first)}" in await table.click("bob", step)

    state = await play_out(table)
    assert state["points"] == [2, 0], "a catch is 2 VP; nobody was knocked out"
    the_end(table, "ann", "2 VP")
    only_the_end_pinged(table)


async def test_a_hill_match_dice_on_the_hill_card_from_the_panels_and_the_hill_scores(world, simcord_bot):
    env, _guild, channel, u = world
    # The lobby offers the characters and, beside them, the General Manoeuvres (left to chance).
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), characters=("grublic", "riparian"),
                        hill=True, advanced=True)
    state = await table.state()
    assert all(len(hand) == 3 for hand in state["hands"]), "a Band I card and 2 General Manoeuvres each"
    await put(table, ann=([1, -1], W), bob=([3, -3], SW))  # Ann on the hill, Bob off it
    ann, bob = f"Grublic (<@{u['ann'].id}>)", f"Riparian (<@{u['bob'].id}>)"
    # Ann fills the hill card (a Move, a Ready and a Special die) in 1 click: Climbing the Hill!
    await table.roll("ann", M, R, S, H, D, auto=False)
    climbed = await press(table, "ann", "⛰ Hill card 0/3 +3 (next fill climbs)")
    assert f"{ann} fills the hill card: Climbing the Hill! The next fill scores." in climbed
    # Bob locks a Move die on it; Ann's Ready and Special dice fill it again: King of the Hill!
    # scores whoever stands on the hill, 1 VP plus 1 for each player off it.
    await table.roll("bob", M, H, H, D, D, auto=False)
    assert f"{bob} locks 1 die on the hill card (1 of 3)." in await press(table, "bob", "⛰ Hill card 0/3 +1")
    await table.roll("ann", R, S, H, D, A, auto=False)
    scored = await press(table, "ann", "⛰ Hill card 1/3 +2 (next fill scores)")
    assert f"Dice home: {ann}, {bob}." in scored
    assert f"King of the Hill! {ann} is on the hill: 2 VP." in scored
    assert "2 VP this round" in table.panel("ann").content

    state = await play_out(table)
    assert state["points"] == [2, 0]
    the_end(table, "ann", "2 VP")
    only_the_end_pinged(table)


async def test_a_turn_based_domination_game_turn_ends_in_a_declaration_that_scores(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), domination=True, advanced=True,
                        turn_based=True)
    flower = (await table.state())["mode"]["flower"]
    ann = f"Grublic (<@{u['ann'].id}>)"
    rig(await table.state(), M, M, H, H, H, D, D)
    await table.click("ann", "🎲 Roll (3 left)")
    await table.click("ann", "✔ Done")
    await table.click("ann", "1st")
    rig(await table.state(), A, A, A, A, A, A, A)  # 4 on Attack, 3 left in his pool to declare with
    await table.click("bob", "🎲 Roll (3 left)")
    await table.click("bob", "✔ Done")
    await table.click("bob", "2nd")
    # Ann's turn: a step out onto the flower's area and a turn; then nobody has more to do.
    (_, middle, _), inward = ARENAS["bushland"].areas[flower]
    outward = turn(inward, 3)
    await put(table, ann=(neighbour(list(middle), inward), outward))
    await table.click("ann", "👣 Move…")
    await table.click("ann", ARROW[COMPASS[outward]])
    await table.click("ann", "⟲ Left")
    assert f"Burraparay? The flower is {flower}: declare Trigger or Not" in await table.click("ann", "End turn")
    asked = table.panel("bob")
    assert f"**Burraparay?** The flower is **{flower}**." in asked.content
    assert {"⚡ Trigger", "✋ Not", "🎲 Roll 0", "🎲 Roll 3"} <= set(buttons(asked))
    assert buttons(asked)["🎲 Roll 1"].disabled, "Trigger or Not first"

    # Ann declares Trigger rolling 2 dice, Bob Not rolling 1 (2 clicks each): Attack and her own
    # Special beat his Defence, and the flower's area scores.
    await table.click("ann", "⚡ Trigger")
    assert "waiting for Riparian" in await table.click("ann", "🎲 Roll 2")
    await table.click("bob", "✋ Not")
    rig(await table.state(), A, S, D)
    said = await table.click("bob", "🎲 Roll 1")
    assert "Trigger 2, Not 1: scoring!" in said and f"Burraparay! {ann} holds the {flower} area: 2 VP." in said
    state = await table.state()
    assert state["mode"]["vp"] == [2, 0] and state["phase"] == "roll" and state["tb"]["game_turn"] == 2
    assert state["dice"][0]["pool"][:2] == ["A", "S"], "the declared dice count as rolled"
    assert pings(table) == [], "every panel was open: nobody needed a ping"

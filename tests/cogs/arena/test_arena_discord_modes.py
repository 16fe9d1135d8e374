"""The game modes' controls on Eye for an Eye's private panel, clicked by users in process (simcord):
the Rainforest's 🌊 Flow and Raging Current tracks, King of the Hill's hill card, the Ceremony's
Nymphlets (caught by the Attack, moved by Scamper) and turn-based Domination's declaration; the
header's VP and team cup. As in test_arena_discord.py, figures are set down and dice rigged on
the stored state (test set-up); everything else is clicked. Each control changes the state as
its rule says, and a refused click answers with the engine's reason and changes nothing.
"""
from __future__ import annotations

import copy

import pytest

from engine.arena.board import AREAS
from engine.rng import rig
from tests.cogs.arena.arena_helpers import SW, A, D, E, H, M, R, S, begin, log_lines, put
from tests.cogs.discord_helpers import buttons, forget_panels

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py), for every test here

ANN, BOB = 0, 1


def labelled(panel, start: str) -> str:
    """The label of the panel's one button starting with `start`."""
    (label,) = [label for label in buttons(panel) if label.startswith(start)]
    return label


async def unchanged(table, name: str, label: str, reason: str) -> None:
    """A click the engine refuses: its reason on the panel, the game state as it was."""
    before = copy.deepcopy(await table.state())
    assert f"❌ {reason}" in await table.click(name, label)
    after = await table.state()
    assert {k: v for k, v in after.items() if k != "log"} == {k: v for k, v in before.items() if k != "log"}


# ---------------------------------------------------------------- the Rainforest (advanced rules)

async def test_flow_is_greyed_until_the_path_may_end_in_the_stream_then_go_sends_it(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), advanced=True, rainforest=True)
    await put(table, ann=([0, 2], E), bob=([3, -3], SW))
    await table.roll("ann", M, M, A, D, H, auto=False)
    await table.choose("ann", "a:move")
    text = await table.click("ann", "👣 Move…")
    flow = buttons(table.panel("ann"))["🌊 Flow: off"]
    assert flow.disabled, "no step from [0, 2] ends in the stream"
    assert "🌊 Only a Movement that ends in the stream can go with the flow." in text

    await table.click("ann", "↖ NW")  # to [0, 1]: one more step may end in the stream
    assert not buttons(table.panel("ann"))["🌊 Flow: off"].disabled
    await table.click("ann", "🌊 Flow: off")
    shown = buttons(table.panel("ann"))
    assert "🌊 Flow: on" in shown and shown["⟳ Right"].disabled, "a last step ending on the bank cannot flow"
    assert shown["↗ NE"].disabled, "the flow from [1, 0] is blocked by the boulder at [2, 0]"

    await unchanged(table, "ann", "✔ Go (1)", "Only a Movement that ends in the stream can go with the flow.")
    await table.click("ann", "↖ NW")  # the second Move die: the path goes, with the flow
    state = await table.state()
    assert state["figures"][ANN]["hex"] == [1, 0] and state["dice"][ANN]["tracks"]["move"] == 0
    assert "goes with the flow to [1, 0]" in log_lines(state)


async def test_the_current_tracks_take_dice_by_qty_and_the_filled_swell_moves_the_stream(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), advanced=True, rainforest=True)
    await put(table, ann=([0, 2], E), bob=([-1, 0], E))
    await table.roll("ann", M, M, S, S, A, auto=False)
    panel = table.panel("ann")
    assert {"🌊 Swell (stream 1 downstream) 0/2 +2👣", "🌊 Rapids (stream 2 downstream) 0/3 +2👣",
            "🌊 Backwash (stream 1 upstream) 0/2 +2✨", "🌊 Flood (banks step in) 0/3 +2✨"} <= set(buttons(panel))

    await table.click("ann", "Qty: All")
    await table.click("ann", "🌊 Rapids (stream 2 downstream) 0/3 +1👣")  # Qty 1: one die
    state = await table.state()
    assert state["shared"]["rapids"] == [ANN, None, None] and state["dice"][ANN]["pool"].count("M") == 1
    assert "locks 1 die on the Rapids (1 of 3)" in log_lines(state)

    for _ in range(3):
        await table.click("ann", labelled(table.panel("ann"), "Qty"))  # All -> 1 -> 2 -> 3
    await unchanged(table, "ann", "🌊 Swell (stream 1 downstream) 0/2 +3👣",
                    "The Swell can take 1 more die of yours now.")
    await table.click("ann", "Qty: 3")
    await table.click("ann", "Qty: 4")  # back to All
    await table.click("ann", "🌊 Swell (stream 1 downstream) 0/2 +1👣")
    rig(await table.state(), M, M, M)
    await table.click("ann", "🎲 Roll")
    await table.click("ann", "🌊 Swell (stream 1 downstream) 1/2 +1👣")  # the die that fills it
    state = await table.state()
    assert state["shared"]["swell"] == [None, None] and state["figures"][BOB]["hex"] == [0, 0]
    assert "fills the Swell!" in log_lines(state)


# ---------------------------------------------------------------- King of the Hill

async def test_the_hill_card_climbs_then_scores_for_the_player_on_the_hill(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), hill=True)
    await put(table, ann=([0, 0], E), bob=([3, -3], SW))
    await table.roll("ann", M, R, S, A, D, auto=False)
    for _ in range(4):
        await table.click("ann", labelled(table.panel("ann"), "Qty"))
    await unchanged(table, "ann", "⛰ Hill card 0/3 +4 (next fill climbs)",
                    "The hill card can take 3 more dice of yours now.")
    await table.click("ann", "Qty: 4")
    await table.click("ann", "⛰ Hill card 0/3 +3 (next fill climbs)")
    state = await table.state()
    assert state["mode"]["fills"] == 1 and "Climbing the Hill!" in log_lines(state)

    rig(state, M, R, S, A, D)
    await table.click("ann", "🎲 Roll")
    text = await table.click("ann", "⛰ Hill card 0/3 +3 (next fill scores)")
    state = await table.state()
    assert state["mode"]["vp"] == [2, 0], "1 VP, and 1 for Bob off the hill"
    assert "2 VP this round · 0 VP in all" in text


# ---------------------------------------------------------------- the Nymphlet Ceremony

async def ceremony(env, bot, channel, u):
    """Ann at the centre facing E, one of Bob's Nymphlets just ahead of her at [1, 0]."""
    table = await begin(env, bot, channel, u, ("ann", "bob"), ceremony=True)
    await put(table, ann=([0, 0], E), bob=([3, -3], SW))
    state = await table.state()
    ahead = next(n for n in state["tokens"] if n["owner"] == BOB)
    ahead["hex"] = [1, 0]
    return table, state["tokens"].index(ahead)


async def test_a_nymphlet_among_the_targets_is_caught_and_scores(world, simcord_bot):
    env, _guild, channel, u = world
    table, _ = await ceremony(env, simcord_bot, channel, u)
    await table.roll("ann", A, A, D, D, H)
    assert "⚔ Attack → Nymphlet of Riparian" in buttons(table.panel("ann")), "the only target: 1 click"
    assert "in your front arc: Riparian's Nymphlet" in table.panel("ann").content, "a catch stands there"

    await put(table, bob=([1, -1], SW))
    await table.click("ann", "🔄 Refresh")
    await table.click("ann", "⚔ Attack")
    assert {"⚔ Riparian", "⚔ Nymphlet of Riparian"} <= set(buttons(table.panel("ann")))
    text = await table.click("ann", "⚔ Nymphlet of Riparian")
    state = await table.state()
    assert len(state["tokens"]) == 5 and state["mode"]["vp"] == [2, 0]
    assert "catches" in log_lines(state) and "2 VP this round · 0 VP in all" in text


async def test_scamper_moves_a_chosen_nymphlet_and_a_catch_on_it_comes_too_late(world, simcord_bot):
    env, _guild, channel, u = world
    table, index = await ceremony(env, simcord_bot, channel, u)
    await table.roll("ann", A, A, D, D, H)
    assert "⚔ Attack → Nymphlet of Riparian" in buttons(table.panel("ann"))

    await table.roll("bob", M, M, D, D, H, auto=False)
    await table.choose("bob", "a:scamper")
    assert "**Scamper** · which Nymphlet?" in await table.click("bob", "🐾 Scamper 2/2👣")
    await table.click("bob", "⭐ Nymphlet at F5")  # [1, 0]
    shown = buttons(table.panel("bob"))
    assert shown["➡ E"].disabled and shown["⬅ W"].disabled, "a stone at [2, 0], Ann at [0, 0]"
    await table.click("bob", "↘ SE")
    await table.click("bob", "➡ E")  # the second Scamper die: it goes
    state = await table.state()
    assert state["tokens"][index]["hex"] == [2, 1] and state["dice"][BOB]["tracks"]["scamper"] == 0
    assert "Nymphlet scampers from [1, 0] to [2, 1]" in log_lines(state)

    # Ann's panel, drawn before, still offers the catch (a scamper is news for nobody): too late.
    await unchanged(table, "ann", "⚔ Attack → Nymphlet of Riparian", "A Nymphlet is caught from an adjacent hex.")


# ---------------------------------------------------------------- Domination, turn-based

async def test_both_domination_declarations_are_clicked_and_the_trigger_scores(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob"), domination=True, turn_based=True)
    for name, marker in (("ann", "1st"), ("bob", "2nd")):
        await table.click(name, "✔ Done")
        await table.click(name, marker)
    state = await table.state()
    assert state["phase"] == "declare", "nobody had anything to resolve: both passed"
    await put(table, ann=(list(AREAS[state["mode"]["flower"]][0][0]), E))  # on the flower's area

    panel = await table.click("ann", "🔄 Refresh")
    assert "**Burraparay?**" in panel
    shown = buttons(table.panel("ann"))
    assert shown["🎲 Roll 2"].disabled, "Trigger or Not first"
    await table.click("ann", "⚡ Trigger")
    first = table.panels["ann"]
    forget_panels(simcord_bot)  # (else the second panel retires the first: tests/cogs/test_live_panels.py)
    await table.open("ann")  # a second panel (another device): Ann declares there
    await table.click("ann", "⚡ Trigger")
    text = await table.click("ann", "🎲 Roll 2")
    assert "You declared **Trigger**, rolling 2 dice; waiting for Riparian." in text
    table.panels["ann"] = first  # the first panel still offers the dice
    await unchanged(table, "ann", "🎲 Roll 1", "You have declared; waiting for the others.")

    await table.click("bob", "✋ Not")
    rig(await table.state(), A, A, D)  # Ann's two dice, then Bob's one
    await table.click("bob", "🎲 Roll 1")
    state = await table.state()
    assert "Trigger 2, Not 1: scoring!" in log_lines(state) and state["mode"]["vp"] == [2, 0]
    assert "2 VP this round" in table.panel("ann").content


# ---------------------------------------------------------------- Alliances

async def test_the_header_shows_the_team_cup_in_alliances(world, simcord_bot):
    env, _guild, channel, u = world
    table = await begin(env, simcord_bot, channel, u, ("ann", "bob", "cat", "dan"), alliances=True)
    assert "cup 0 (team cup 0) · 0 points" in table.panel("ann").content

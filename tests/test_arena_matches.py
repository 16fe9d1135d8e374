"""A whole match of each Eye for an Eye mode, played by simulated users in process (issue 14).

Each match opens with /play and the mode's options, runs through every round to the end embed,
and its mode's own rule happens through clicks on the board and the private panels: the advanced
rules' Tribal card and a reaction answered from the prompt; ... Positions and dice are arranged
(test set-up) where the story needs them; time is the hand clock (tests/arena_matches.py).
"""
from __future__ import annotations

from tests.arena_matches import only_the_end_pinged, play_out, the_end
from tests.discord_helpers import buttons
from tests.test_arena_discord import A, D, E, H, M, R, S, W, at_once, begin, log_lines, put

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

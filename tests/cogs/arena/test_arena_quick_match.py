"""Eye for an Eye's quick match and its lobby, through Discord, in process (issue 23).

A new group of four opens a table with /play, joins, turns the quick match on and picks characters in
the lobby, then plays through the board and their private panels: a blow in the first round, then
both rounds of 3 minutes run out (time is the hand clock) and the end embed names the winner, all
within the quick match's 7 minutes. In the lobby, switching one game mode on switches the one that
was on off, so Start no longer refuses two modes.
"""
from __future__ import annotations

import pytest

from engine.arena.data import COUNTDOWN_SECONDS, QUICK_ROUND_SECONDS, SEAT_ORDER
from engine.arena.match import EyeForAnEye
from engine.arena.rules import QUICK_MINUTES
from tests.cogs.arena.arena_helpers import A, D, E, H, M, R, Table, W, put, session_of
from tests.cogs.arena.arena_matches import the_end, wait
from tests.cogs.discord_helpers import buttons, message_in, selects

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py), for every test here

LABEL = {o.key: o.label for o in EyeForAnEye.options}
NAMES = ("ann", "bob", "cat", "dan")


def options_field(lobby) -> str:
    return next(f.value for f in lobby.embeds[0].fields if f.name == "Options")


async def test_a_lobby_click_on_a_mode_turns_the_mode_that_was_on_off(world, simcord_bot):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="arena")
    lobby_id = channel.last_message.id
    await u["bob"].click(message_in(channel, lobby_id), label="Join")
    await u["ann"].click(message_in(channel, lobby_id), label=f"{LABEL['domination']}: off")
    assert f"{LABEL['domination']}: on" in buttons(message_in(channel, lobby_id))

    await u["ann"].click(message_in(channel, lobby_id), label=f"{LABEL['hill']}: off")
    lobby = message_in(channel, lobby_id)
    shown = buttons(lobby)
    assert {f"{LABEL['hill']}: on", f"{LABEL['domination']}: off", f"{LABEL['ceremony']}: off"} <= set(shown)
    assert f"{LABEL['domination']}: **off**" in options_field(lobby) and f"{LABEL['hill']}: **on**" in options_field(lobby)

    started = await u["ann"].click(lobby, label="Start")
    assert "Pick one mode" not in (started.response.content or "")
    session = await session_of(simcord_bot, channel)
    assert session.status == "playing" and session.state["game_mode"] == "hill"


async def test_a_new_group_of_four_plays_a_quick_match_to_its_end(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="arena")
    lobby_id = channel.last_message.id
    for name in NAMES[1:]:
        await u[name].click(message_in(channel, lobby_id), label="Join")
    await u["ann"].click(message_in(channel, lobby_id), label=f"{LABEL['quick']}: off")
    assert f"{LABEL['quick']}: **on**" in options_field(message_in(channel, lobby_id))
    for name, character in zip(NAMES, SEAT_ORDER, strict=False):
        lobby = message_in(channel, lobby_id)
        (select,) = [s for s in selects(lobby) if s.placeholder == "Choose your character"]
        await u[name].select(lobby, [character], custom_id=select.custom_id)
    opened_at = hand_clock.now
    await u["ann"].click(message_in(channel, lobby_id), label="Start")

    table = Table(env, simcord_bot, channel, u)
    for name in NAMES:  # each opens their panel from the board and says they are ready
        await table.open(name)
        await table.click(name, "✅ Ready")
    await env.settle()
    state = await table.state()
    assert state["rounds"] == 2 and state["phase"] == "countdown"
    await wait(table, COUNTDOWN_SECONDS)
    assert [m.content for m in channel.history() if (m.content or "").startswith("Yarra Mark!")] == \
        ["Yarra Mark! The round runs 3 minutes."]

    # Round 1: Ann (Grublic) faces Bob (Riparian) and strikes first with four Attack dice; the
    # others roll and allocate too. Then the 3 minutes run out.
    await put(table, ann=([0, 0], E), bob=([1, 0], W))
    await table.roll("ann", A, A, A, A, H)
    assert "Spear Thrust 4 on Riparian" in await table.click("ann", "⚔ Attack → Riparian")
    await table.roll("bob", D, D, M, H, R)
    await table.roll("cat", M, M, H, H, R)
    await table.roll("dan", A, D, M, H, R)
    assert (await table.state())["cups"] == [4, 0, 0, 0]
    await wait(table, QUICK_ROUND_SECONDS + 1)
    state = await table.state()
    assert state["round"] == 2 and state["phase"] == "start" and state["points"] == [4, 3, 3, 3]

    # Round 2: everyone is ready at once from the panel, and the round runs its 3 minutes: the match is over.
    for name in NAMES:
        await table.click(name, "✅ Ready")
    await wait(table, COUNTDOWN_SECONDS)
    assert (await table.state())["phase"] == "fight"
    await wait(table, QUICK_ROUND_SECONDS + 1)
    assert await session_of(simcord_bot, channel) is None, "the match is over after its second round"
    the_end(table, "ann", "8 points")
    assert hand_clock.now - opened_at <= QUICK_MINUTES * 60, "a quick match takes minutes, not 20"


async def test_a_real_time_round_ends_when_everyone_has_passed_from_their_panels(world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="arena", options="quick")
    lobby_id = channel.last_message.id
    await u["bob"].click(message_in(channel, lobby_id), label="Join")
    await u["ann"].click(message_in(channel, lobby_id), label="Start")
    table = Table(env, simcord_bot, channel, u)
    for name in ("ann", "bob"):
        await table.open(name)
        await table.click(name, "✅ Ready")
    await env.settle()
    await wait(table, COUNTDOWN_SECONDS)
    assert (await table.state())["phase"] == "fight"

    said = await table.click("ann", "🏳 Pass")
    assert "passes: done for this round" in said and "the round ends when" in said
    assert "🏳 Passed" in buttons(table.panel("ann")), "her panel shows she has passed"
    state = await table.state()
    assert state["phase"] == "fight" and state["round"] == 1, "Bob has not passed: the round goes on"
    await table.click("bob", "🏳 Pass")
    await env.settle()
    state = await table.state()
    assert state["phase"] != "fight", "both passed: the round ended at once"
    told = "\n".join(m.content or "" for m in channel.history())
    assert "everyone still standing has passed" in told

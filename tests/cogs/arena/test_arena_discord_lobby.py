"""Eye for an Eye's lobby on Discord: its options, each player's character (with the rulebook's
difficulty), in Alliances each player's team, and with King of the Hill or Domination and the
advanced rules each player's pair of General Manoeuvres.

Eye for an Eye has eight options (turn_based, advanced, alliances, rainforest, domination, hill,
ceremony and quick); Discord allows five buttons a row, so the toggles (then "Computers" and
the rules) spill over rows 1-2 and the character select follows them, then the General
Manoeuvres' select: five rows, Discord's most.
Played in process (simcord), as the host sees the lobby.
"""
from __future__ import annotations

import pytest

from engine.arena.manoeuvres import GENERALS
from engine.arena.match import EyeForAnEye
from engine.protocol import Option
from host.errors import TableError
from tests.cogs.discord_helpers import buttons, message_in, selects

BUILT = {option.key for option in EyeForAnEye.options}
SEVEN = (*EyeForAnEye.options, *(Option(key, f"Mode {key}") for key in ("alliances", "rainforest", "domination",
                                                                        "ceremony", "hill") if key not in BUILT))


def rows_of(message) -> list[list[str]]:
    """Each row of the message: its buttons' labels, or 'select' for a select."""
    return [[getattr(child, "label", None) or "select" for child in row.children] for row in message.components]


async def test_eight_options_spill_over_rows_and_the_character_select_follows(world, monkeypatch):
    env, _guild, channel, u = world
    assert len(SEVEN) == 8, "the seven of the rulebook and the quick match"
    monkeypatch.setattr(EyeForAnEye, "options", SEVEN)
    await u["ann"].slash(channel, "play", game="arena")
    lobby = channel.last_message
    rows = rows_of(lobby)
    assert rows[0] == ["Join", "Leave", "Start", "Cancel", "🌐 English"]
    toggles = rows[1] + rows[2]  # the eight options, then "Computers" and the rules
    assert [len(row) for row in rows[1:3]] == [5, 5] and rows[3] == ["select"]
    assert all(label.endswith(": off") for label in toggles[:8])
    assert toggles[8:] == ["🤖 Computers", "📜 Rules"]
    assert len(selects(lobby)[0].options) == 6, "the six characters"

    last = SEVEN[-1].label  # a mode still to come, or the last one built
    await u["ann"].click(lobby, label=f"{last}: off")
    assert f"{last}: on" in buttons(message_in(channel, lobby.id))
    assert f"{last}: **on**" in message_in(channel, lobby.id).embeds[0].fields[1].value


async def test_an_option_label_too_long_for_a_button_is_cut(world, monkeypatch):
    env, _guild, channel, u = world
    monkeypatch.setattr(EyeForAnEye, "options", (Option("advanced", "Advanced " + "very " * 30 + "long"),))
    await u["ann"].slash(channel, "play", game="arena")
    (label,) = [label for label in buttons(channel.last_message) if label.startswith("Advanced")]
    assert len(label) <= 80 and label.endswith("…: off")


# ------------------------------------------------------------------ King of the Hill's General Manoeuvres

ADVANCED, HILL = (next(o.label for o in EyeForAnEye.options if o.key == key) for key in ("advanced", "hill"))
PAIRS = "Choose your pair of general manoeuvres"


def select_named(message, placeholder: str):
    return next((s for s in selects(message) if s.placeholder == placeholder), None)


async def lobby_of_two(channel, u, *turned_on: str) -> int:
    """Ann opens an Eye for an Eye lobby, Bob joins, Ann turns these options on; returns the lobby's id."""
    await u["ann"].slash(channel, "play", game="arena")
    lobby_id = channel.last_message.id
    await u["bob"].click(message_in(channel, lobby_id), label="Join")
    for label in turned_on:
        await u["ann"].click(message_in(channel, lobby_id), label=f"{label}: off")
    return lobby_id


async def test_a_player_picks_shove_and_sprint_in_the_lobby_with_the_hill_on_and_is_dealt_them(world, simcord_bot):
    env, _guild, channel, u = world
    ann = u["ann"]
    lobby_id = await lobby_of_two(channel, u, ADVANCED)
    assert select_named(message_in(channel, lobby_id), PAIRS) is None, "offered only with King of the Hill on"

    await ann.click(message_in(channel, lobby_id), label=f"{HILL}: off")
    lobby = message_in(channel, lobby_id)
    assert rows_of(lobby)[3:] == [["select"], ["select"]], "the character select, then the pairs: five rows"
    assert f"{PAIRS} below; whoever does not gets a random one." in lobby.embeds[0].description
    pairs = select_named(lobby, PAIRS)
    assert len(pairs.options) == 10 and pairs.options[0].label == "Shove & Sprint"

    await ann.select(lobby, ["shove+sprint"], custom_id=pairs.custom_id)
    lobby = message_in(channel, lobby_id)
    assert lobby.embeds[0].fields[0].value.splitlines()[0] == f"1. <@{ann.id}> (host) · Shove & Sprint"
    assert len(select_named(lobby, PAIRS).options) == 10, "another player may pick the same pair"

    await ann.click(lobby, label="Start")
    session = await simcord_bot.table.active_in(channel.id)
    assert session.state["hands"][0][1:] == ["shove", "sprint"]
    assert "+".join(session.state["hands"][1][1:]) in GENERALS.values, "Bob gets a random pair"
    assert await simcord_bot.table.replayed_state(session.id) == session.state


async def test_general_manoeuvres_are_not_picked_while_king_of_the_hill_is_off(world, simcord_bot):
    """A select still open when the host turns the hill off is refused; a pick made before does not count."""
    env, _guild, channel, u = world
    ann, bob = u["ann"], u["bob"]
    lobby_id = await lobby_of_two(channel, u, ADVANCED, HILL)
    await bob.select(message_in(channel, lobby_id), ["pull+spin"],
                     custom_id=select_named(message_in(channel, lobby_id), PAIRS).custom_id)
    await ann.click(message_in(channel, lobby_id), label=f"{HILL}: on")
    assert "Pull & Spin" not in message_in(channel, lobby_id).embeds[0].fields[0].value

    table, session = simcord_bot.table, await simcord_bot.table.active_in(channel.id)
    with pytest.raises(TableError, match="chosen only with the options advanced and hill or domination on"):
        await table.choose(session.id, ann.id, "generals", "shove+sprint")
    await ann.click(message_in(channel, lobby_id), label="Start")
    session = await table.active_in(channel.id)
    assert "generals" not in session.picks and "hands" not in session.state


# ------------------------------------------------------------------ the character menu, Domination's Manoeuvres, teams

DOMINATION, ALLIANCES = (next(o.label for o in EyeForAnEye.options if o.key == key)
                          for key in ("domination", "alliances"))


async def test_the_character_menu_shows_each_difficulty_and_the_four_for_new_players_first(world):
    env, _guild, channel, u = world
    lobby_id = await lobby_of_two(channel, u)
    menu = select_named(message_in(channel, lobby_id), "Choose your character")
    assert [(o.label, o.description) for o in menu.options] == [
        ("Grublic", "Easy, for new players"), ("Riparian", "Easy, for new players"),
        ("Banksia", "Easy, for new players"), ("Pluma", "Easy, for new players"), ("Incendiary", "Medium"),
        ("Echo", "Hard")]


async def test_domination_with_the_advanced_rules_offers_the_general_manoeuvres_and_deals_them(world, simcord_bot):
    env, _guild, channel, u = world
    ann = u["ann"]
    lobby_id = await lobby_of_two(channel, u, ADVANCED, DOMINATION)
    pairs = select_named(message_in(channel, lobby_id), PAIRS)
    assert pairs is not None and len(pairs.options) == 10
    await ann.select(message_in(channel, lobby_id), ["pull+spin"], custom_id=pairs.custom_id)
    await ann.click(message_in(channel, lobby_id), label="Start")
    session = await simcord_bot.table.active_in(channel.id)
    assert session.state["game_mode"] == "domination" and session.state["hands"][0][1:] == ["pull", "spin"]


TEAM = "Choose your team"


async def test_players_pick_their_team_in_the_lobby_and_the_rest_are_placed_evenly_at_start(world, simcord_bot):
    env, _guild, channel, u = world
    ann, bob, cat, dan = (u[name] for name in ("ann", "bob", "cat", "dan"))
    lobby_id = await lobby_of_two(channel, u)
    for player in (cat, dan):
        await player.click(message_in(channel, lobby_id), label="Join")
    assert select_named(message_in(channel, lobby_id), TEAM) is None, "offered only with Alliances on"
    await ann.click(message_in(channel, lobby_id), label=f"{ALLIANCES}: off")
    teams = select_named(message_in(channel, lobby_id), TEAM)
    assert [o.label for o in teams.options] == ["Team A", "Team B", "Team C"]
    assert ("Choose your team below; whoever does not is placed at Start to make the teams even."
            in message_in(channel, lobby_id).embeds[0].description)
    await ann.select(message_in(channel, lobby_id), ["B"], custom_id=teams.custom_id)
    await dan.select(message_in(channel, lobby_id), ["B"], custom_id=teams.custom_id)
    seats = message_in(channel, lobby_id).embeds[0].fields[0].value.splitlines()
    assert seats[0].endswith("· Team B") and seats[3].endswith("· Team B")
    await ann.click(message_in(channel, lobby_id), label="Start")
    session = await simcord_bot.table.active_in(channel.id)
    assert session.state["teams"] == [[1, 2], [0, 3]], "Bob and Cat, who did not pick, make the other team"
    assert await simcord_bot.table.replayed_state(session.id) == session.state


async def test_a_team_no_even_split_can_mend_is_refused_at_start_with_the_reason(world, simcord_bot):
    env, _guild, channel, u = world
    ann, cat, dan = (u[name] for name in ("ann", "cat", "dan"))
    lobby_id = await lobby_of_two(channel, u)
    for player in (cat, dan):
        await player.click(message_in(channel, lobby_id), label="Join")
    await ann.click(message_in(channel, lobby_id), label=f"{ALLIANCES}: off")
    teams = select_named(message_in(channel, lobby_id), TEAM)
    for player in (ann, u["bob"], cat):
        await player.select(message_in(channel, lobby_id), ["A"], custom_id=teams.custom_id)
    refused = await ann.click(message_in(channel, lobby_id), label="Start")
    assert refused.ephemeral and "Team B has 1 with 4 players" in refused.response.content  # three picked Team A
    assert (await simcord_bot.table.active_in(channel.id)).status == "lobby"


async def test_a_choice_whose_menu_finds_no_row_is_not_asked_for(world):
    """Alliances, the advanced rules and the hill on: the team and character menus take the last two rows,
    so the lobby does not ask for a pair of General Manoeuvres it offers no menu for; it says what happens."""
    env, _guild, channel, u = world
    lobby_id = await lobby_of_two(channel, u, ADVANCED, HILL, ALLIANCES)
    lobby = message_in(channel, lobby_id)
    assert select_named(lobby, PAIRS) is None
    text = lobby.embeds[0].description
    assert f"{PAIRS} below" not in text
    assert "No room for a pair of general manoeuvres menu with these options: whoever does not gets a random one." \
        in text

"""Lobby choices: each player picks for themselves before the start (Eye for an Eye: a character).

The engine declares the choice and sets up the picks it is given; in the lobby, a select offers
the values nobody holds, the seats show each pick, and the board of the game shows the characters.
The table's side (refusals, leaving, the random fill at the start, a restart) is in tests/host/test_table.py.
"""
from __future__ import annotations

import pytest

from engine import registry
from engine.arena.data import CHARACTERS, SEAT_ORDER
from engine.arena.match import EyeForAnEye
from engine.errors import RuleError
from engine.protocol import Choice
from tests.cogs.discord_helpers import message_in, selects

GAME = EyeForAnEye()
CHARACTER = GAME.choices[0]
COLOUR = Choice("colour", "Colour", {"red": "Red", "blue": "Blue"}, unique=False)


# ------------------------------------------------------------------ the engine


def test_eye_for_an_eye_offers_its_six_characters_each_to_one_player():
    assert dict(CHARACTER.values) == {c.key: c.name for c in CHARACTERS.values()}
    assert CHARACTER.key == "character" and CHARACTER.unique


def test_every_player_plays_the_character_picked_in_the_lobby():
    state = GAME.setup(3, {"turn_based": False, "character": ["echo", "pluma", "grublic"]}, 5, 0.0)
    assert state["chars"] == ["echo", "pluma", "grublic"]
    assert state["figures"][0]["health"] == CHARACTERS["echo"].health


def test_without_picks_the_seats_take_the_default_order():
    assert GAME.setup(4, {}, 5, 0.0)["chars"] == list(SEAT_ORDER[:4])


def test_picks_that_are_unknown_shared_or_too_few_are_refused():
    for picks in (["echo", "gandalf"], ["echo", "echo"], ["echo"]):
        with pytest.raises(RuleError):
            GAME.setup(2, {"character": picks}, 5, 0.0)


def test_the_random_fill_gives_free_values_and_keeps_the_picks():
    for seed in range(200):
        filled = CHARACTER.fill([None, "pluma", None, None, "echo", None], seed)
        assert filled[1] == "pluma" and filled[4] == "echo"
        assert sorted(filled) == sorted(CHARACTER.values), "six players hold the six characters"


def test_the_random_fill_is_drawn_from_the_seed():
    picks = [None, "banksia", None]
    assert CHARACTER.fill(picks, 42) == CHARACTER.fill(picks, 42)
    assert len({tuple(CHARACTER.fill(picks, seed)) for seed in range(50)}) > 1, "the seed decides"


def test_a_choice_that_is_not_unique_may_give_two_players_the_same_value():
    assert COLOUR.picks({"colour": ["red", "red"]}, 2) == ["red", "red"]
    assert any(len(set(COLOUR.fill([None, None, None], seed))) < 3 for seed in range(20))


def test_every_unique_choice_has_a_value_for_every_seat():
    registry.load()
    for name in registry.names():
        game = registry.get(name)
        for choice in game.choices:
            assert not choice.unique or len(choice.values) >= game.max_players, (name, choice.key)


# ------------------------------------------------------------------ on Discord


def seats_field(message) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name.startswith(("Seats", "Players")))


def character_select(message):
    (select,) = [s for s in selects(message) if s.placeholder == "Choose your character"]
    return select


async def test_players_pick_their_characters_in_the_lobby_and_play_them(world, simcord_bot):
    env, _guild, channel, u = world
    ann, bob, cat = u["ann"], u["bob"], u["cat"]
    await ann.slash(channel, "play", game="arena")
    lobby_id = channel.last_message.id
    await bob.click(message_in(channel, lobby_id), label="Join")

    lobby = message_in(channel, lobby_id)
    assert "Choose your character below; whoever does not gets a random one." in lobby.embeds[0].description
    offered = [o.label for o in character_select(lobby).options]
    assert offered == ["Grublic", "Riparian", "Banksia", "Pluma", "Incendiary", "Echo"]

    await ann.select(lobby, ["pluma"], custom_id=character_select(lobby).custom_id)
    lobby = message_in(channel, lobby_id)
    assert seats_field(lobby).splitlines()[0] == f"1. <@{ann.id}> (host) · Pluma"
    assert "Pluma" not in [o.label for o in character_select(lobby).options], "a held character is not offered"

    watcher = await cat.select(lobby, ["echo"], custom_id=character_select(lobby).custom_id)
    assert watcher.ephemeral and "Join the table first" in watcher.response.content

    await bob.select(lobby, ["echo"], custom_id=character_select(lobby).custom_id)
    assert seats_field(message_in(channel, lobby_id)).splitlines()[1] == f"2. <@{bob.id}> · Echo"

    await ann.click(message_in(channel, lobby_id), label="Start")
    board = message_in(channel, lobby_id)
    players = seats_field(board).splitlines()
    assert f"1. <@{ann.id}> · Pluma ·" in players[0] and f"2. <@{bob.id}> · Echo ·" in players[1]
    session = await simcord_bot.table.active_in(channel.id)
    assert session.state["chars"] == ["pluma", "echo"]
    assert await simcord_bot.table.replayed_state(session.id) == session.state

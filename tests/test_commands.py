"""The shared commands played as users would, several users in one channel (simcord)."""
from __future__ import annotations

import dataclasses

import discord
import pytest

from bot import TabletopBot
from host.config import Config
from tests.conftest import HandClock


@pytest.fixture
def hand_clock() -> HandClock:
    return HandClock()


@pytest.fixture
def simcord_bot(tmp_path, hand_clock):
    config = Config(token="unused", database=tmp_path / "db.sqlite3", run_timers=False,
                    game_modules=("tests.toygames",))
    return TabletopBot(config, clock=hand_clock)


@pytest.fixture
def world(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    users = {name: guild.add_member(simcord_env.create_user(name)) for name in ("ann", "bob", "cat", "dan")}
    return simcord_env, guild, channel, users


def buttons(message) -> dict[str, dict]:
    out = {}
    for row in message.components:
        for c in row.get("components", []):
            if c.get("type") == 2:
                out[c["label"]] = c
    return out


async def test_play_opens_a_lobby_and_friends_join(world):
    env, guild, channel, u = world
    result = await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    assert "Tally - lobby" in lobby.embeds[0].title
    await u["bob"].click(lobby, label="Join")
    lobby = channel.last_message
    seats = lobby.embeds[0].fields[0]
    assert f"<@{u['ann'].id}>" in seats.value and f"<@{u['bob'].id}>" in seats.value

"""Who may click: forged interactions, which no real client can send, refused by the bot.

The fake Discord lets a test click another player's private (ephemeral) panel and claim that a
click came from another channel; the bot must refuse both and change nothing.
"""
from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord
from tests.process.harness import STEP_TIMEOUT, Harness, button, join_on, seats

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first


def visible(message: dict) -> tuple[str, list]:
    return message.get("content") or "", message.get("components") or []


async def test_a_click_on_another_players_private_panel_is_refused_and_changes_nothing(fake, tmp_path):
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    async with Harness(fake, tmp_path) as harness:
        await harness.start_connected()
        played = await fake.slash(ann, "play", {"game": "ghosts"}, timeout=STEP_TIMEOUT)
        board_id = int(played.message["id"])
        await join_on(fake, bob, board_id)
        await fake.click(ann, board_id, button(fake.message(board_id), "Start")["custom_id"], timeout=STEP_TIMEOUT)
        await fake.wait_for(lambda: FakeDiscord.find_component(fake.message(board_id), label="Discard 2"),
                            STEP_TIMEOUT)
        panel = await fake.click(bob, board_id, button(fake.message(board_id), "Discard 2")["custom_id"],
                                 timeout=STEP_TIMEOUT)
        assert panel.ephemeral and "Choose the **2** cards" in panel.content
        before = visible(panel.message)
        select = FakeDiscord.find_component(panel.message, custom_id_prefix="ts:")
        forged = await fake.select(ann, panel.message["id"], select["custom_id"],
                                   [o["value"] for o in select["options"][:2]], timeout=STEP_TIMEOUT)
        assert forged.ephemeral and "another player" in forged.content, forged.content
        assert visible(fake.message(panel.message["id"])) == before, "the owner's panel was redrawn"
        mine = await fake.click(ann, board_id, button(fake.message(board_id), "Discard 2")["custom_id"],
                                timeout=STEP_TIMEOUT)
        assert "Choose the **2** cards" in mine.content, "Ann's own discard was made by the forged click"


async def test_a_click_claiming_another_channel_is_refused_and_changes_nothing(fake, tmp_path):
    ann, bob = fake.user_id("alice"), fake.user_id("bob")
    elsewhere = fake.add_channel("elsewhere")
    async with Harness(fake, tmp_path) as harness:
        await harness.start_connected()
        played = await fake.slash(ann, "play", {"game": "tally"}, timeout=STEP_TIMEOUT)
        lobby_id = int(played.message["id"])
        await join_on(fake, bob, lobby_id)
        forged = await fake.click(bob, lobby_id, button(fake.message(lobby_id), "Leave")["custom_id"],
                                  timeout=STEP_TIMEOUT, from_channel=elsewhere)
        assert forged.ephemeral and "another channel" in forged.content, forged.content
        assert f"<@{bob}>" in seats(fake.message(lobby_id)), "the forged Leave took Bob's seat"

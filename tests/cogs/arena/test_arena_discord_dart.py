"""The Ceremony's Dart through Discord, in process: Ann (Grublic) attacks one of Bob's (Riparian's)
Nymphlets and Bob's REACT prompt asks him to Dart or take it (ARENA.md 2.7, 3.3).

As in test_arena_discord.py, figures, Nymphlets and dice are set on the stored state (test
set-up); the catch, the answer and the timers are clicked and fired. The panel draws the prompt
(panel.py draw_react): "on your Nymphlet at q,r", one "🐾 Dart n" button a Dart die (never rolled,
turn-based too) and "Take the hits".
"""
from __future__ import annotations

import pytest

from cogs.arena.words import answer_label, unanswered
from engine.arena.data import REACT_SECONDS
from tests.cogs.arena.arena_helpers import A, D, E, H, M, begin, log_lines, put
from tests.cogs.discord_helpers import buttons, pinged
from tests.kit.arena_log import log_text
from tests.kit.arena_setup import give

pytestmark = pytest.mark.usefixtures("at_once")  # boards edited at once (conftest.py), for every test here

BOB = 1
TAKE = "Take the hits"


async def ceremony(env, bot, channel, u):
    """Ann at the centre facing E with an Attack die, one of Bob's Nymphlets just ahead of her at
    [1, 0], Bob far off with 2 Defence dice on his Nymphlet card's Dart."""
    table = await begin(env, bot, channel, u, ("ann", "bob"), ceremony=True)
    await put(table, ann=([0, 0], E), bob=([3, -3], 4))
    state = await table.state()
    ahead = next(n for n in state["tokens"] if n["owner"] == BOB)
    ahead["hex"] = [1, 0]
    give(state, BOB, dart=2)
    await table.roll("ann", A, D, D, H, M)  # redraws her panel: the Nymphlet is the only target
    return table


def dart_answers(prompt) -> list[str]:
    """The prompt's Dart buttons: one a Dart die that could cancel a hit."""
    return [label for label in buttons(prompt) if label.startswith("🐾 Dart")]


async def test_a_catch_prompts_the_owner_who_darts_and_the_nymphlet_stays(world, simcord_bot):
    env, _guild, channel, u = world
    table = await ceremony(env, simcord_bot, channel, u)
    await table.click("ann", "⚔ Attack → Nymphlet of Riparian")  # Spear Thrust 1: 1 hit

    prompt = table.panel("bob")  # pushed into Bob's live panel: no click of his
    assert "Grublic: Spear Thrust on your Nymphlet at F5**: 1 hit." in prompt.content  # [1, 0]
    assert "on you (" not in prompt.content and "(front)" not in prompt.content, "a Nymphlet has no facing"
    assert dart_answers(prompt) == ["🐾 Dart 1"] and TAKE in buttons(prompt), "Dart 1 (one a hit) or take it"
    assert not [label for label in buttons(prompt) if "Parry" in label or "Roll" in label]
    assert not [m for m in channel.history() if "your move" in (m.content or "")], "his panel was the call"

    await table.click("bob", "🐾 Dart 1")
    state = await table.state()
    assert "Riparian ({1})'s Nymphlet at [1, 0]: Dart 1; no hit lands, it stays." in log_lines(state)
    assert len(state["tokens"]) == 6 and state["dice"][BOB]["tracks"]["dart"] == 1 and not state["pending"]
    assert state["mode"]["vp"] == [0, 0]


async def test_an_owner_who_does_nothing_gets_auto_parrys_dart_when_the_window_runs_out(
        world, simcord_bot, hand_clock):
    env, _guild, channel, u = world
    table = await ceremony(env, simcord_bot, channel, u)
    await env.advance_time(15 * 60 + 1)  # Bob's panel token has expired: he is called in public
    await table.click("ann", "⚔ Attack → Nymphlet of Riparian")

    mention = channel.last_message
    assert mention.content.startswith(f"<@{u['bob'].id}>, your Nymphlet is attacked!"), "not Bob himself"
    assert pinged(env, mention) == {u["bob"].id} and "Answer the attack" in buttons(mention)
    assert (await table.state())["pending"][0]["nymphlet"] is not None

    await table.fire(REACT_SECONDS + 0.5, hand_clock)
    state = await table.state()
    assert log_text(state)[-1] == "Riparian ({1})'s Nymphlet at [1, 0]: Dart 1; no hit lands, it stays."
    assert len(state["tokens"]) == 6 and state["dice"][BOB]["tracks"]["dart"] == 1 and not state["pending"]
    assert mention.id not in [m.id for m in channel.history()], "the answered prompt is gone"


def test_a_turn_based_catch_is_answered_with_dart_which_is_never_rolled():
    """Turn-based, Parry rolls Defence dice, but Dart does not: its button is "Dart n", and when
    the window runs out Auto-Parry's switch spends Dart, one a hit, or (off) the hits land."""
    me = {"tracks": [{"key": "dart", "name": "Dart"}, {"key": "parry", "name": "Parry"}], "auto_parry": True}
    catch, attack = {"nymphlet": 0}, {"nymphlet": None}
    assert answer_label(me, catch, True, 2) == "🐾 Dart 2" and answer_label(me, attack, True, 2) == "🎲 Roll 2 Defence"
    assert unanswered(me, catch, True, 2) == "Dart 2 answers for you."
    assert unanswered(me | {"auto_parry": False}, catch, True, 2) == "the hits land."
    assert unanswered(me, attack, True, 2) == "every Defence die is rolled."

"""Eye for an Eye, advanced rules: Incendiary's Heat, passives and Tribal cards (ARENA.md 2.6)."""
from __future__ import annotations

from engine.arena.data import HEAT_MAX
from tests.engine.arena.advanced_setup import GAME, begun, face_off, listed, ready
from tests.kit.arena_setup import NW, SE, E, W, do, give, health, put, refused


def incendiary(*cards, heat=0, **dice):
    """Incendiary (seat 0) at (0,0) facing E, Grublic (seat 1) at (1,0) facing W, Banksia (seat 2)
    behind him at (-1,0) facing him (his Thick Bark only helps from his rear)."""
    state = face_off("incendiary", "grublic", "banksia")
    put(state, 2, [-1, 0], E)
    ready(state, 0, *cards, **dice)
    state["figures"][0]["heat"] = heat
    return state


def test_heat_starts_each_round_at_zero_and_holds_at_most_three():
    state = begun("incendiary", "grublic")
    assert state["figures"][0]["heat"] == 0 and HEAT_MAX == 3
    assert GAME.view(state, 0)["seats"][0]["heat"] == 0


def test_flame_blade_burns_one_heat_for_one_more_unblockable_hit():
    state = incendiary(heat=2, attack=2)
    give(state, 1, parry=2)
    assert {"type": "attack", "target": 1, "dice": 2, "heat": True} in listed(state, 0, "attack")
    state, texts = do(state, 0, type="attack", target=1, heat=True)
    assert "Flame Blade 2 on Grublic ({1}), from the front: 2 hits and 1 unblockable hit." in texts[0]
    assert health(state, 1) == 14 and state["figures"][0]["heat"] == 1


def test_flame_blade_needs_heat_and_is_incendiarys_alone():
    state = incendiary(attack=2)
    refused(state, 0, "needs 1 Heat", type="attack", target=1, heat=True)
    give(state, 1, attack=1)
    put(state, 1, [1, 0], W)
    refused(state, 1, "Only Incendiary", type="attack", target=0, heat=True)


def test_kindle_gives_one_heat_when_his_parry_cancels_a_hit():
    state = incendiary(parry=2)
    give(state, 1, attack=1)
    state, texts = do(state, 1, type="attack", target=0)
    assert texts[-1] == "Incendiary ({0}): Kindle, Heat 1." and state["figures"][0]["heat"] == 1


def test_kindle_never_heats_past_three():
    state = incendiary(heat=3, parry=2)
    give(state, 1, attack=1)
    state, texts = do(state, 1, type="attack", target=0)
    assert state["figures"][0]["heat"] == 3 and not any("Kindle" in t for t in texts)


def test_slow_heat_gives_two_heat_up_to_three():
    state = incendiary("slow_heat", heat=0, slow_heat=1)
    state, texts = do(state, 0, type="use", track="slow_heat")
    assert texts == ["Incendiary ({0}): Slow Heat, Heat 2."]
    ready(state, 0, "slow_heat", slow_heat=1)
    state, _ = do(state, 0, type="use", track="slow_heat")
    assert state["figures"][0]["heat"] == 3
    ready(state, 0, "slow_heat", slow_heat=1)
    refused(state, 0, "Heat is full", type="use", track="slow_heat")
    assert listed(state, 0, "use") == []


def test_vented_heat_blast_spends_x_heat_for_x_unblockable_hits_on_every_front_figure():
    state = incendiary("vented_heat_blast", heat=2, vented_heat_blast=2)
    put(state, 2, [0, 1], NW)  # Banksia now in his front arc too
    give(state, 1, parry=2)
    state, texts = do(state, 0, type="use", track="vented_heat_blast", heat=2)
    assert texts[0] == "Incendiary ({0}): Vented Heat Blast of 2 Heat!"
    assert health(state, 1) == 13 and health(state, 2) == 13 and state["figures"][0]["heat"] == 0
    assert state["dice"][1]["tracks"]["parry"] == 2  # nothing to Parry


def test_vented_heat_blast_needs_heat():
    state = incendiary("vented_heat_blast", heat=0, vented_heat_blast=2)
    refused(state, 0, "no Heat to vent", type="use", track="vented_heat_blast")
    state["figures"][0]["heat"] = 1
    refused(state, 0, "Vent 1 to 1 Heat", type="use", track="vented_heat_blast", heat=2)


def test_sword_dance_strikes_up_to_three_times_for_two_hits_turning_before_each():
    state = incendiary("sword_dance", sword_dance=3)
    strikes = [{"facing": 0, "target": 1}, {"facing": 3, "target": 2}, {"facing": 0, "target": 1}]
    state, texts = do(state, 0, type="use", track="sword_dance", strikes=strikes)
    assert texts[0] == "Incendiary ({0}): Sword Dance!"
    assert health(state, 1) == 11 and health(state, 2) == 13 and state["figures"][0]["facing"] == 0


def test_a_sword_dance_strike_burning_heat_is_unblockable():
    state = incendiary("sword_dance", heat=1, sword_dance=3)
    give(state, 1, parry=4)
    state, texts = do(state, 0, type="use", track="sword_dance",
                      strikes=[{"facing": 0, "target": 1, "heat": True}, {"facing": 0, "target": 1}])
    assert "2 unblockable hits" in texts[1] and health(state, 1) == 13
    assert state["figures"][0]["heat"] == 0 and state["dice"][1]["tracks"]["parry"] == 2


def test_a_sword_dance_strike_must_reach_its_target():
    state = incendiary("sword_dance", sword_dance=3)
    refused(state, 0, "Strike 1", type="use", track="sword_dance", strikes=[{"facing": SE, "target": 2}])
    refused(state, 0, "1 to 3 times", type="use", track="sword_dance", strikes=[{"facing": 0, "target": 1}] * 4)
    refused(state, 0, "not enough Heat", type="use", track="sword_dance",
            strikes=[{"facing": 0, "target": 1, "heat": True}])
    assert state["figures"][0]["facing"] == 0

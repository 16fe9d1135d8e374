"""Eye for an Eye, advanced rules: Riparian's passive and Tribal cards (ARENA.md 2.6)."""
from __future__ import annotations

from engine.arena.data import NETTED
from engine.rng import rig
from tests.engine.arena.advanced_setup import GAME, begun, face_off, hurt, listed, ready
from tests.kit.arena_setup import NOW, Df, E, W, do, give, health, put, refused


def test_mending_tide_heals_one_when_a_parry_cancels_two_or_more_hits():
    state = face_off("grublic", "riparian")
    hurt(state, 1, 10)
    give(state, 1, parry=3)
    give(state, 0, attack=3)
    state, texts = do(state, 0, type="attack", target=1)
    assert texts[-1] == "Riparian ({1}): Mending Tide, +1 health (11)." and health(state, 1) == 11


def test_mending_tide_needs_two_hits_cancelled():
    state = face_off("grublic", "riparian")
    hurt(state, 1, 10)
    give(state, 1, parry=2)
    give(state, 0, attack=1)
    state, texts = do(state, 0, type="attack", target=1)
    assert health(state, 1) == 10 and not any("Mending Tide" in t for t in texts)


def test_mending_tide_is_an_advanced_rule():
    state = begun("grublic", "riparian", advanced=False)
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    hurt(state, 1, 10)
    give(state, 1, parry=2)
    give(state, 0, attack=2)
    state, _ = do(state, 0, type="attack", target=1)
    assert health(state, 1) == 10


def slippery_window(hits=3, parry=0, auto_parry=True, **extra):
    """Grublic strikes Riparian (Slippery ready with its Special die) for `hits` hits."""
    state = face_off("grublic", "riparian", auto_parry=auto_parry)
    ready(state, 1, "slippery", slippery=1, parry=parry, **extra)
    give(state, 0, attack=hits)
    return do(state, 0, type="attack", target=1)


def test_slippery_is_offered_when_hit_and_cancels_two_normal_hits_from_any_arc():
    state, texts = slippery_window(hits=3)
    assert texts[-1] == "Spear Thrust on you: 3 hits from the front. Slippery or take it (4 s)."
    assert {"type": "react", "track": "slippery", "step": "SE"} in listed(state, 1, "react")
    state, texts = do(state, 1, type="react", track="slippery")
    assert texts == ["Riparian ({1}): Slippery cancels 2 hits.", "Riparian ({1}): 1 hit lands."]
    assert health(state, 1) == 14 and state["cards"][1] == [] and state["dice"][1]["tracks"]["slippery"] == 0


def test_slippery_then_moves_her_one_hex():
    state, _ = slippery_window(hits=2)
    state, texts = do(state, 1, type="react", track="slippery", step="SE")
    assert state["figures"][1]["hex"] == [1, 1] and health(state, 1) == 15
    assert texts[0] == "Riparian ({1}): Slippery cancels 2 hits and slips SE."


def test_slippery_leaves_the_rest_to_parry_checked_again():
    state, texts = slippery_window(hits=4, parry=2)
    state, texts = do(state, 1, type="react", track="slippery")
    assert texts[-1] == "Riparian ({1}): Parry 2; no hit lands." and health(state, 1) == 15


def test_slippery_works_from_the_rear_arc_too():
    state = face_off("grublic", "riparian")
    put(state, 1, [1, 0], E)  # her back to Grublic
    ready(state, 1, "slippery", slippery=1)
    give(state, 0, attack=2)
    state, _ = do(state, 0, type="attack", target=1)
    state, _ = do(state, 1, type="react", track="slippery")
    assert health(state, 1) == 15


def test_slippery_only_answers_an_attack():
    state = face_off("grublic", "riparian")
    ready(state, 1, "slippery", slippery=1)
    refused(state, 1, "Slippery answers an attack on you", type="use", track="slippery")
    assert listed(state, 1, "use") == []


def test_slippery_cannot_slip_onto_a_stone():
    state, _ = slippery_window(hits=2)
    refused(state, 1, "not", type="react", track="slippery", step="E")  # (2,0) is a stone


def lunge_ready(dice=1):
    """Grublic at (1,-1); Riparian two hexes E of him at (3,-1), facing W, (2,-1) between."""
    state = face_off("grublic", "riparian")
    put(state, 0, [1, -1], E)
    put(state, 1, [3, -1], W)
    ready(state, 1, "lunge", lunge=dice)
    return state


def test_lunge_steps_into_the_empty_hex_and_deals_two_hits_to_a_figure_two_hexes_ahead():
    state = lunge_ready()
    assert listed(state, 1, "use") == [{"type": "use", "track": "lunge", "target": 0, "dice": 1}]
    state, texts = do(state, 1, type="use", track="lunge", target=0)
    assert state["figures"][1]["hex"] == [2, -1] and health(state, 0) == 13
    assert texts[0] == "Riparian ({1}): Lunge at Grublic ({0})."


def test_lunge_with_its_bonus_die_deals_three_hits():
    state = lunge_ready(dice=2)
    state, _ = do(state, 1, type="use", track="lunge", target=0, dice=2)
    assert health(state, 0) == 12


def test_lunge_needs_the_hex_between_empty_and_reaches_no_hidden_figure():
    state = face_off("grublic", "riparian", "banksia")
    put(state, 0, [1, -1], E)
    put(state, 1, [3, -1], W)
    put(state, 2, [2, -1], E)   # Banksia in between
    ready(state, 1, "lunge", lunge=1)
    refused(state, 1, "No one to lunge at", type="use", track="lunge", target=0)
    put(state, 2, [-3, 3], E)
    state["figures"][0]["statuses"]["hidden"] = {"until": NOW + 20}
    refused(state, 1, "No one to lunge at", type="use", track="lunge", target=0)


def test_hunting_net_catches_a_figure_in_sight_within_three_hexes_for_one_hit():
    state = face_off("grublic", "riparian")
    put(state, 0, [-2, 1], E)   # three hexes W of Riparian at (1,0)? (-2,1) -> (1,0): distance 3
    put(state, 1, [1, 1], W)
    give(state, 0, move=2, attack=1)
    ready(state, 1, "hunting_net", hunting_net=2)
    assert {"type": "use", "track": "hunting_net", "target": 0, "dice": 2} in listed(state, 1, "use")
    state, texts = do(state, 1, type="use", track="hunting_net", target=0)
    assert texts[0] == "Riparian ({1}): Hunting Net! Grublic ({0}) is Netted for 15 s; 2 Move dice back to the pool."
    assert health(state, 0) == 14 and state["dice"][0]["tracks"]["move"] == 0
    assert state["figures"][0]["statuses"] == {NETTED: {"until": NOW + 1 + 15}}


def test_a_netted_figure_cannot_step_for_fifteen_seconds_but_may_turn():
    state = face_off("grublic", "riparian")
    put(state, 0, [-2, 1], E)
    put(state, 1, [1, 1], W)
    ready(state, 1, "hunting_net", hunting_net=2)
    state, _ = do(state, 1, type="use", track="hunting_net", target=0)
    give(state, 0, move=2)
    refused(state, 0, "Netted", type="move", steps=["E"])
    assert {a["steps"][0] for a in listed(state, 0, "move")} == {"L", "R"}
    state, _ = do(state, 0, type="move", steps=["L"])
    assert GAME.next_deadline(state) == NOW + 1 + 15
    state, texts = do(state, None, now=NOW + 16, type="timeout")
    assert texts == ["Grublic ({0}) is no longer Netted: time is up."]
    state, _ = do(state, 0, now=NOW + 17, type="move", steps=["E"])


def test_the_net_is_off_for_an_action_that_comes_after_its_time():
    state = face_off("grublic", "riparian")
    state["figures"][0]["statuses"][NETTED] = {"until": NOW + 5}
    give(state, 0, move=1)
    put(state, 0, [0, 0], W)
    state, texts = do(state, 0, now=NOW + 6, type="move", steps=["W"])
    assert texts[0] == "Grublic ({0}) is no longer Netted: time is up."


def test_turn_based_a_netted_figure_cannot_step_through_its_next_turn():
    state = face_off("grublic", "riparian", tb=True)
    put(state, 0, [-2, 1], E)
    put(state, 1, [1, 1], W)
    ready(state, 1, "hunting_net", hunting_net=2)
    give(state, 0, move=3)
    for seat in (1, 0):
        state, _ = do(state, seat, type="marker", marker=2 - seat)
    rig(state, Df)  # the net's 1 hit, rolled: missed
    state, _ = do(state, 1, type="use", track="hunting_net", target=0)
    assert state["figures"][0]["statuses"] == {NETTED: {"ends": "end", "begun": False}}
    assert state["dice"][0]["tracks"]["move"] == 0 and health(state, 0) == 15
    give(state, 0, move=2)  # as if allocated at the next realtime phase
    state, _ = do(state, 1, type="end_turn")
    assert state["tb"]["active"] == 0
    refused(state, 0, "Netted", type="move", steps=["E"])
    state, _ = do(state, 0, type="move", steps=["L"])
    state, texts = do(state, 0, type="end_turn")
    assert "Grublic ({0}) is no longer Netted: the turn is over." in texts


def test_hunting_net_needs_line_of_sight():
    state = face_off("grublic", "riparian")
    put(state, 1, [1, 0], E)  # Grublic behind her
    ready(state, 1, "hunting_net", hunting_net=2)
    refused(state, 1, "No one to net", type="use", track="hunting_net", target=0)


def test_riparians_cards_are_slippery_lunge_and_hunting_net():
    view = GAME.view(face_off("grublic", "riparian"), 1)
    assert [c["name"] for c in view["seats"][1]["cards"]] == ["Slippery", "Lunge", "Hunting Net"]
    assert [c["reaction"] for c in view["seats"][1]["cards"]] == [True, False, False]

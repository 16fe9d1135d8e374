"""Eye for an Eye, advanced rules: Banksia's passive and Tribal cards (ARENA.md 2.6)."""
from __future__ import annotations

from engine.arena.data import HIDDEN
from tests.engine.arena.advanced_setup import GAME, face_off, listed, ready
from tests.kit.arena_setup import NOW, SW, E, W, do, give, health, put, refused


def banksia_and_grublic(**banksia_dice):
    """Banksia (seat 0) at (0,0) facing E, Grublic (seat 1) at (1,0) facing W."""
    state = face_off("banksia", "grublic")
    ready(state, 0, *[k for k in ("camouflage", "ambush", "brutal_charge") if k in banksia_dice], **banksia_dice)
    return state


def test_thick_bark_takes_one_hit_off_attacks_from_his_rear_arc():
    state = banksia_and_grublic()
    put(state, 0, [0, 0], W)  # his back to Grublic
    give(state, 1, attack=3)
    state, texts = do(state, 1, type="attack", target=0)
    assert texts[0] == "Grublic ({1}): Spear Thrust 3 on Banksia ({0}), from the rear (Thick Bark: 1 hit fewer): 2 hits."
    assert health(state, 0) == 13


def test_thick_bark_does_nothing_from_the_front():
    state = banksia_and_grublic()
    give(state, 1, attack=3)
    state, _ = do(state, 1, type="attack", target=0)
    assert health(state, 0) == 12


def test_camouflage_hides_him_for_twenty_seconds():
    state = banksia_and_grublic(camouflage=1)
    state, texts = do(state, 0, type="use", track="camouflage")
    assert texts == ["Banksia ({0}): Camouflage! Hidden for 20 s, or until he attacks."]
    assert state["figures"][0]["statuses"] == {HIDDEN: {"until": NOW + 1 + 20}}
    state, texts = do(state, None, now=NOW + 21, type="timeout")
    assert texts == ["Banksia ({0}) is no longer Hidden: time is up."]


def test_hidden_ends_when_he_attacks():
    state = banksia_and_grublic(camouflage=1, attack=2)
    state, _ = do(state, 0, type="use", track="camouflage")
    state, texts = do(state, 0, type="attack", target=1)
    assert texts[0] == "Banksia ({0}) is no longer Hidden: attacking gives him away."
    assert state["figures"][0]["statuses"] == {}


def test_while_hidden_line_of_sight_and_ranged_effects_cannot_target_him():
    state = face_off("banksia", "riparian")
    put(state, 0, [-2, 1], E)
    put(state, 1, [1, 1], W)
    ready(state, 1, "hunting_net", hunting_net=2)
    state["figures"][0]["statuses"][HIDDEN] = {"until": NOW + 20}
    refused(state, 1, "No one to net", type="use", track="hunting_net", target=0)


def test_while_hidden_he_can_still_be_struck_from_next_to_him():
    state = banksia_and_grublic()
    state["figures"][0]["statuses"][HIDDEN] = {"until": NOW + 20}
    give(state, 1, attack=1)
    state, _ = do(state, 1, type="attack", target=0)
    assert health(state, 0) == 14


def test_turn_based_camouflage_lasts_until_his_next_turn():
    state = face_off("banksia", "grublic", tb=True)
    ready(state, 0, "camouflage", camouflage=1, move=2)
    give(state, 1, move=2)
    for seat in (0, 1):
        state, _ = do(state, seat, type="marker", marker=seat + 1)
    state, _ = do(state, 0, type="use", track="camouflage")
    assert state["figures"][0]["statuses"] == {HIDDEN: {"ends": "start", "begun": False}}
    state, _ = do(state, 0, type="move", steps=["L"])
    assert state["tb"]["active"] == 1 and state["figures"][0]["statuses"]
    state, _ = do(state, 1, type="move", steps=["L"])
    state, texts = do(state, 1, type="end_turn")
    assert "Banksia ({0}) is no longer Hidden: a new turn." in texts and state["tb"]["active"] == 0


def test_ambush_deals_two_hits_to_an_adjacent_front_target():
    state = banksia_and_grublic(ambush=2)
    assert listed(state, 0, "use") == [{"type": "use", "track": "ambush", "target": 1, "dice": 2}]
    state, texts = do(state, 0, type="use", track="ambush", target=1)
    assert texts[0] == "Banksia ({0}): Ambush on Grublic ({1}), from the front: 2 hits." and health(state, 1) == 13


def test_ambush_from_the_targets_rear_adds_an_unblockable_hit():
    state = banksia_and_grublic(ambush=2)
    put(state, 1, [1, 0], E)  # Grublic's back to him
    give(state, 1, parry=2)
    state, texts = do(state, 0, type="use", track="ambush", target=1)
    assert "from the rear: 2 hits and 1 unblockable hit" in texts[0] and health(state, 1) == 12


def test_ambush_while_hidden_adds_an_unblockable_hit_and_ends_hidden():
    state = banksia_and_grublic(ambush=2)
    state["figures"][0]["statuses"][HIDDEN] = {"until": NOW + 20}
    give(state, 1, parry=2)
    state, texts = do(state, 0, type="use", track="ambush", target=1)
    assert texts[0] == "Banksia ({0}) is no longer Hidden: attacking gives him away."
    assert "from the front: 2 hits and 1 unblockable hit" in texts[1]
    assert health(state, 1) == 14  # Parry 2 cancels the 2 normal hits


def charge(**banksia_dice):
    """Banksia at (-3,1) facing E along the open row r=1; Grublic far off at (3,-3)."""
    state = banksia_and_grublic(**banksia_dice)
    put(state, 0, [-3, 1], E)
    put(state, 1, [3, -3], SW)
    return state


def test_brutal_charge_charges_up_to_three_hexes_straight_ahead():
    state = charge(brutal_charge=3)
    state, texts = do(state, 0, type="use", track="brutal_charge")
    assert state["figures"][0]["hex"] == [0, 1] and texts == ["Banksia ({0}): Brutal Charge to [0, 1]."]


def test_brutal_charge_with_its_bonus_die_goes_four():
    state = charge(brutal_charge=4)
    state, _ = do(state, 0, type="use", track="brutal_charge", dice=4)
    assert state["figures"][0]["hex"] == [1, 1]


def test_brutal_charge_may_stop_short():
    state = charge(brutal_charge=3)
    refused(state, 0, "1 to 3 hexes", type="use", track="brutal_charge", hexes=4)
    state, _ = do(state, 0, type="use", track="brutal_charge", hexes=1)
    assert state["figures"][0]["hex"] == [-2, 1]


def test_a_figure_that_stops_a_brutal_charge_takes_three_hits_and_is_pushed():
    state = charge(brutal_charge=3)
    put(state, 1, [-1, 1], W)
    state, texts = do(state, 0, type="use", track="brutal_charge")
    assert state["figures"][0]["hex"] == [-2, 1] and state["figures"][1]["hex"] == [0, 1]
    assert health(state, 1) == 12
    assert texts[:2] == ["Banksia ({0}): Brutal Charge to [-2, 1], into Grublic ({1}).", "Grublic ({1}) is pushed E."]


def test_a_stone_stops_a_brutal_charge():
    state = banksia_and_grublic(brutal_charge=3)
    put(state, 0, [-3, 0], E)  # the stone at (-2,0) is right ahead
    put(state, 1, [3, -3], SW)
    assert listed(state, 0, "use") == []
    refused(state, 0, "needs room ahead", type="use", track="brutal_charge")


def test_banksias_board_has_thorn_club_and_trudge():
    view = GAME.view(banksia_and_grublic(), 0)["seats"][0]
    assert [t["name"] for t in view["tracks"][:2]] == ["Thorn Club", "Trudge"]
    assert [p["name"] for p in view["passives"]] == ["Thick Bark"]

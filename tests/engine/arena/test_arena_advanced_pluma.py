"""Eye for an Eye, advanced rules: Pluma's passive and Tribal cards (ARENA.md 2.6)."""
from __future__ import annotations

from engine.arena.data import NETTED
from engine.arena.figures import board_of
from tests.engine.arena.advanced_setup import begun, face_off, listed, ready
from tests.kit.arena_setup import NE, NOW, SW, E, W, do, give, health, put, refused


def pluma(*cards, **dice):
    """Pluma (seat 0) at (-3,0) facing E, the stone at (-2,0) ahead; Grublic (seat 1) at (1,0),
    Banksia (seat 2) out of the way at (3,-3)."""
    state = face_off("pluma", "grublic", "banksia")
    put(state, 0, [-3, 0], E)
    put(state, 2, [3, -3], W)
    ready(state, 0, *cards, **dice)
    return state


def test_soaring_flight_passes_over_stones_and_figures():
    state = pluma(move=4)
    put(state, 1, [0, 0], W)
    state, _ = do(state, 0, type="move", steps=["E", "E"])      # over the stone at (-2,0)
    assert state["figures"][0]["hex"] == [-1, 0]
    state, _ = do(state, 0, type="move", steps=["E", "E"])      # over Grublic at (0,0)
    assert state["figures"][0]["hex"] == [1, 0]


def test_soaring_must_end_on_an_open_hex():
    state = pluma(move=2)
    refused(state, 0, "Soaring ends only on an open hex", type="move", steps=["E"])  # the stone
    put(state, 0, [-1, 0], E)
    refused(state, 0, "Soaring ends only on an open hex", type="move", steps=["E", "E"])  # onto Grublic at (1,0)


def test_only_pluma_soars_and_only_with_the_advanced_rules():
    core = begun("pluma", "grublic", advanced=False)
    put(core, 0, [-3, 0], E)
    give(core, 0, move=2)
    refused(core, 0, "Step 1 .E. is blocked", type="move", steps=["E", "E"])
    state = face_off("grublic", "pluma")
    put(state, 0, [-3, 0], E)
    give(state, 0, move=2)
    refused(state, 0, "Step 1 .E. is blocked", type="move", steps=["E", "E"])


def test_wing_guard_works_as_parry():
    state = face_off("grublic", "pluma")
    give(state, 1, parry=3)
    give(state, 0, attack=3)
    state, texts = do(state, 0, type="attack", target=1)
    assert texts[-1] == "Pluma ({1}): Wing Guard 3; no hit lands." and health(state, 1) == 15


def test_will_of_the_wind_flies_up_to_two_hexes_then_faces_any_direction():
    state = pluma("will_of_the_wind", will_of_the_wind=1)
    state, texts = do(state, 0, type="use", track="will_of_the_wind", steps=["E", "E"], facing=SW)
    assert state["figures"][0]["hex"] == [-1, 0] and state["figures"][0]["facing"] == SW
    assert texts == ["Pluma ({0}): Will of the Wind to [-1, 0], facing SW."]


def test_will_of_the_wind_goes_no_further_than_two_hexes():
    state = pluma("will_of_the_wind", will_of_the_wind=1)
    refused(state, 0, "up to 2 compass steps", type="use", track="will_of_the_wind", steps=["E"] * 3, facing=E)
    assert {"type": "use", "track": "will_of_the_wind", "steps": ["E", "E"], "facing": E, "dice": 1} in \
        listed(state, 0, "use")


def test_netted_will_of_the_wind_only_turns_her():
    state = pluma("will_of_the_wind", will_of_the_wind=1)
    state["figures"][0]["statuses"][NETTED] = {"until": NOW + 15}
    refused(state, 0, "Netted", type="use", track="will_of_the_wind", steps=["NE"], facing=E)
    state, _ = do(state, 0, type="use", track="will_of_the_wind", steps=[], facing=W)
    assert state["figures"][0]["facing"] == W


def talons(**dice):
    """Pluma (seat 0) at (-1,0) facing E; Grublic at (1,0) and Banksia at (1,-1) ahead."""
    state = pluma("raking_talons", **dice)
    put(state, 0, [-1, 0], E)
    put(state, 2, [1, -1], SW)
    return state


def test_raking_talons_moves_one_hex_then_hits_every_figure_in_her_front_arc_once():
    state = talons(raking_talons=2)
    state, texts = do(state, 0, type="use", track="raking_talons", step="E")
    assert state["figures"][0]["hex"] == [0, 0] and health(state, 1) == 14 and health(state, 2) == 14
    assert texts[0] == "Pluma ({0}): Raking Talons moves E and rakes her front arc."


def test_raking_talons_is_used_with_attack_dice():
    state = talons(raking_talons=1)
    refused(state, 0, "Raking Talons needs 2 dice", type="use", track="raking_talons", step="E")
    assert state["dice"][0]["tracks"]["raking_talons"] == 1
    assert board_of(state, 0)["raking_talons"].face == "A"


def test_raking_talons_needs_someone_in_front_after_the_move():
    state = talons(raking_talons=2)
    refused(state, 0, "needs someone in your front arc", type="use", track="raking_talons", step="SW")


def dive(**dice):
    """Pluma (seat 0) at (-3,1) facing E, Grublic 4 hexes away along her sight at (1,1)."""
    state = pluma("dive_bomb", **dice)
    put(state, 0, [-3, 1], E)
    put(state, 1, [1, 1], W)
    return state


def test_dive_bomb_lands_next_to_a_figure_in_sight_within_four_facing_it_for_two_hits_and_one_unblockable():
    state = dive(dive_bomb=3)
    give(state, 1, parry=2)
    state, texts = do(state, 0, type="use", track="dive_bomb", target=1, hex=[0, 1])
    assert state["figures"][0]["hex"] == [0, 1] and state["figures"][0]["facing"] == E
    assert texts[0] == "Pluma ({0}): Dive Bomb onto [0, 1], facing E."
    assert "2 hits and 1 unblockable hit" in texts[1] and health(state, 1) == 14  # Parried 2


def test_dive_bomb_needs_a_landing_hex_next_to_the_target_and_the_target_in_sight():
    state = dive(dive_bomb=3)
    refused(state, 0, "Land on an open hex next to Grublic", type="use", track="dive_bomb", target=1, hex=[-1, 1])
    put(state, 1, [2, 1], NE)  # five hexes off
    refused(state, 0, "No one to dive bomb whom", type="use", track="dive_bomb", target=1, hex=[1, 1])

"""Eye for an Eye, advanced rules: Grublic's innate action and Tribal cards (ARENA.md 2.6)."""
from __future__ import annotations

from engine.arena.data import CHARACTERS
from tests.engine.arena.advanced_setup import face_off, listed, ready
from tests.kit.arena_setup import NE, SE, SW, E, W, do, give, health, put, refused

GRUBLIC = CHARACTERS["grublic"]


def test_watch_out_needs_two_special_dice_and_faces_any_direction():
    state = face_off("grublic", "riparian")
    give(state, 0, watch_out=1)
    refused(state, 0, "Watch Out! needs 2 dice", type="use", track="watch_out", facing=W)
    give(state, 0, watch_out=2)
    refused(state, 0, "already face E", type="use", track="watch_out", facing=E)
    state, texts = do(state, 0, type="use", track="watch_out", facing=SW)
    assert state["figures"][0]["facing"] == SW and texts == ["Grublic ({0}): Watch Out! Now facing SW."]
    assert state["dice"][0]["tracks"]["watch_out"] == 0


def test_watch_out_as_a_reaction_turns_to_face_the_attacker_so_parry_can_answer():
    state = face_off("grublic", "riparian", auto_parry=False)
    put(state, 0, [0, 0], W)
    give(state, 0, watch_out=2, parry=2)
    give(state, 1, attack=3)
    state, _ = do(state, 1, type="attack", target=0)
    assert listed(state, 0, "react") == [{"type": "react", "track": "watch_out", "facing": f} for f in (E, NE, SE)]
    state, _ = do(state, 0, type="react", track="watch_out", facing=E)
    assert {"type": "parry", "dice": 2} in listed(state, 0, "parry")  # now from the front
    state, texts = do(state, 0, type="parry", dice=2)
    assert health(state, 0) == 14 and texts == ["Grublic ({0}): Parry 2; 1 hit lands."]


def test_leap_moves_two_hexes_straight_ahead_ignoring_what_is_in_the_first():
    state = face_off("grublic", "riparian")
    put(state, 0, [-1, 0], E)
    put(state, 1, [0, 0], W)  # Riparian in the first hex
    ready(state, 0, "leap", leap=1)
    assert listed(state, 0, "use") == [{"type": "use", "track": "leap", "dice": 1}]
    state, texts = do(state, 0, type="use", track="leap")
    assert state["figures"][0]["hex"] == [1, 0] and state["figures"][0]["facing"] == E


def test_leap_needs_an_open_hex_to_land_on():
    state = face_off("grublic", "riparian")
    put(state, 0, [0, 0], E)    # over Riparian at (1,0) onto the stone at (2,0)
    ready(state, 0, "leap", leap=1)
    assert listed(state, 0, "use") == []
    refused(state, 0, "that hex must be open", type="use", track="leap")


def test_shield_bash_pushes_an_adjacent_front_target_one_hex_and_deals_one_hit():
    state = face_off("grublic", "riparian")
    put(state, 0, [-1, 1], E)
    put(state, 1, [0, 1], W)
    ready(state, 0, "shield_bash", shield_bash=2)
    state, texts = do(state, 0, type="use", track="shield_bash", target=1)
    assert state["figures"][1]["hex"] == [1, 1] and health(state, 1) == 14
    assert texts[0] == "Grublic ({0}): Shield Bash pushes Riparian ({1}) 1 hex E."
    assert state["cards"][0] == [] and state["dice"][0]["tracks"]["shield_bash"] == 0


def test_shield_bash_with_its_bonus_die_pushes_two_hexes():
    state = face_off("grublic", "riparian")
    put(state, 0, [-1, 1], E)
    put(state, 1, [0, 1], W)
    ready(state, 0, "shield_bash", shield_bash=3)
    assert {"type": "use", "track": "shield_bash", "target": 1, "dice": 3} in listed(state, 0, "use")
    state, texts = do(state, 0, type="use", track="shield_bash", target=1, dice=3)
    assert state["figures"][1]["hex"] == [2, 1] and "2 hexes E" in texts[0]


def test_shield_bash_without_its_bonus_die_pushes_one_hex_even_with_three_allocated():
    state = face_off("grublic", "riparian")
    put(state, 0, [-1, 1], E)
    put(state, 1, [0, 1], W)
    ready(state, 0, "shield_bash", shield_bash=3)
    state, _ = do(state, 0, type="use", track="shield_bash", target=1, dice=2)
    assert state["figures"][1]["hex"] == [1, 1] and state["dice"][0]["tracks"]["shield_bash"] == 0


def test_shield_bash_stopped_short_deals_an_unblockable_hit_instead_of_the_push():
    state = face_off("grublic", "riparian")  # the stone at (2,0) is behind Riparian
    ready(state, 0, "shield_bash", shield_bash=2)
    state, texts = do(state, 0, type="use", track="shield_bash", target=1)
    assert state["figures"][1]["hex"] == [1, 0] and health(state, 1) == 13
    assert texts[0] == "Grublic ({0}): Shield Bash pushes Riparian ({1}) 0 hexes E, and it is stopped."


def test_shield_bash_needs_an_adjacent_target_in_the_front_arc():
    state = face_off("grublic", "riparian")
    put(state, 0, [0, 0], W)
    ready(state, 0, "shield_bash", shield_bash=2)
    refused(state, 0, "No one to shield bash whom", type="use", track="shield_bash", target=1)


def test_thunderstomp_deals_two_hits_to_every_adjacent_figure_each_a_separate_attack():
    state = face_off("grublic", "riparian", "banksia")
    put(state, 2, [-1, 0], E)  # behind Grublic
    ready(state, 0, "thunderstomp", thunderstomp=3)
    state, texts = do(state, 0, type="use", track="thunderstomp")
    assert health(state, 1) == 13 and health(state, 2) == 13 and state["cups"][0] == 4
    assert texts[0] == "Grublic ({0}): Thunderstomp!"
    assert sum("Thunderstomp on" in t for t in texts) == 2


def test_thunderstomp_needs_someone_adjacent():
    state = face_off("grublic", "riparian")
    put(state, 1, [3, -3], W)
    ready(state, 0, "thunderstomp", thunderstomp=3)
    refused(state, 0, "nobody stands next to you", type="use", track="thunderstomp")


def test_grublics_cards_cost_what_arena_md_says():
    cards = {c.key: c for c in GRUBLIC.cards}
    assert GRUBLIC.innate.name == "Watch Out!" and GRUBLIC.innate.reaction and GRUBLIC.innate.min == 2
    assert [(c.ready.spaces, c.use.face, c.use.min, c.use.spaces - c.use.min) for c in cards.values()] == \
        [(1, "S", 1, 0), (2, "S", 2, 1), (3, "S", 3, 0)]

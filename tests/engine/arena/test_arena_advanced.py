"""Eye for an Eye, advanced rules (`advanced`): the machinery every character shares, one test per
rule (rules 14-18 and 21-22 as ARENA.md numbers them, and its section 3.3 on reaction windows).
The characters' own cards are tested in test_arena_advanced_<character>.py."""
from __future__ import annotations

import pytest

from engine.arena.data import (
    CHARACTERS,
    GENERAL_CARDS,
    REACT_MOST_SECONDS,
    REACT_SECONDS,
    REACT_STEP_SECONDS,
    STANDARD,
)
from engine.arena.figures import board_of
from engine.arena.races import KNOCKOUT, Race, lost_race
from engine.arena.rules import ADVANCED
from engine.rng import rig
from tests.engine.arena.advanced_setup import GAME, begun, face_off, hurt, listed, ready
from tests.kit.arena_setup import NOW, SE, SW, A, Df, E, R, S, W, do, give, health, put, refused

# --------------------------------------------------------------------------- options (rule 15)

def test_the_advanced_rules_are_an_option_of_the_game():
    assert "advanced" in {o.key for o in GAME.options}
    core = begun("grublic", "riparian", advanced=False)
    assert core["cards"] == [[], []] and set(board_of(core, 0)) == set(STANDARD)
    give(core, 0, attack=1)
    refused(core, 0, "advanced rules", type="use", track="leap")


def test_every_character_s_effects_are_plugged_in_once_and_a_second_plug_is_refused():
    from engine.arena.abilities import echo
    from engine.arena.effects import EFFECTS, plug_effects

    innates = {c.innate.effect for c in CHARACTERS.values() if c.innate is not None}
    cards = {card.key for c in CHARACTERS.values() for card in c.cards} | set(GENERAL_CARDS)
    assert EFFECTS.keys() == innates | cards  # each innate action and card does something, and nothing else is plugged
    before = dict(EFFECTS)
    with pytest.raises(ValueError, match="plugged twice"):
        plug_effects(echo.EFFECTS)
    assert EFFECTS == before


def test_the_core_game_offers_no_innate_action_or_card():
    core = begun("grublic", "riparian", advanced=False)
    assert not listed(core, 0, "use") and all(a.get("track") in (None, *STANDARD) for a in GAME.legal_actions(core, 0))


# --------------------------------------------------------------------------- Tribal cards (rule 17)

def test_tribal_cards_start_each_round_unready_with_a_ready_track_of_ready_dice():
    state = begun("grublic", "riparian")
    assert state["cards"] == [[], []]
    board = board_of(state, 0)
    assert [k for k in board if k not in STANDARD] == ["watch_out", "leap", "shield_bash", "thunderstomp"]
    assert [(board[k].face, board[k].spaces, board[k].min) for k in ("leap", "shield_bash", "thunderstomp")] == \
        [("R", 1, 1), ("R", 2, 2), ("R", 3, 3)]
    view = GAME.view(state, 0)["seats"][0]
    assert [(c["key"], c["band"], c["ready"]) for c in view["cards"]] == \
        [("leap", 1, False), ("shield_bash", 2, False), ("thunderstomp", 3, False)]


def test_filling_a_cards_ready_track_readies_it_and_the_ready_dice_return_to_the_pool():
    state = begun("grublic", "riparian")
    rig(state, R, R, R, S, A)
    state, _ = do(state, 0, type="roll")
    state, texts = do(state, 0, type="allocate", track="shield_bash", count=1)
    assert state["cards"][0] == [] and state["dice"][0]["tracks"]["shield_bash"] == 1
    state, texts = do(state, 0, type="allocate", track="shield_bash", count=1)
    assert texts == ["Grublic ({0}) readies Shield Bash."]
    assert state["cards"][0] == ["shield_bash"] and state["dice"][0]["tracks"]["shield_bash"] == 0
    assert sorted(state["dice"][0]["pool"], key=str) == sorted(["R", "S", "A", None, None], key=str)
    assert board_of(state, 0)["shield_bash"].face == "S"  # now its use track takes Special dice


def test_turn_based_readying_rerolls_the_ready_dice_for_free():
    state = begun("grublic", "riparian", tb=True)
    rig(state, R, A, A, A, A, A, A)
    state, _ = do(state, 0, type="roll")
    rig(state, S)
    state, texts = do(state, 0, type="allocate", track="leap")
    assert texts == ["Grublic ({0}) readies Leap (1 die rerolled for free: Special)."]
    assert state["tb"]["rolls_left"][0] == 2 and state["dice"][0]["pool"].count("S") == 1


def test_an_unready_card_cannot_be_used():
    state = face_off("grublic", "riparian")
    give(state, 0, leap=0)
    refused(state, 0, "Leap is Unready: fill its 1 Ready space first", type="use", track="leap")


def test_using_a_card_spends_its_dice_and_turns_it_unready_again():
    state = face_off("grublic", "riparian")
    put(state, 0, [-1, 0], E)
    put(state, 1, [0, 0], W)
    ready(state, 0, "leap", leap=1)
    state, texts = do(state, 0, type="use", track="leap")
    assert state["cards"][0] == [] and state["dice"][0]["tracks"]["leap"] == 0
    assert state["dice"][0]["pool"] == [None] * 5 and texts == ["Grublic ({0}): Leap to [1, 0]."]


def test_a_ready_card_resolves_only_once_its_use_minimum_is_filled():
    state = face_off("grublic", "riparian")
    ready(state, 0, "shield_bash", shield_bash=1)
    refused(state, 0, "Shield Bash needs 2 dice allocated", type="use", track="shield_bash", target=1)


def test_auto_allocates_only_to_the_basic_actions():
    state = begun("grublic", "riparian")
    rig(state, R, S, S, A, Df)
    state, _ = do(state, 0, type="roll")
    state, _ = do(state, 0, type="auto")
    assert state["dice"][0]["pool"] == ["R", "S", "S"] and state["dice"][0]["tracks"]["watch_out"] == 0


def test_dice_recovered_from_a_card_go_back_to_the_pool():
    state = begun("grublic", "riparian")
    give(state, 0, thunderstomp=2)
    state, _ = do(state, 0, type="recover", track="thunderstomp")
    assert state["dice"][0]["pool"] == [None] * 5 and state["cards"][0] == []


# --------------------------------------------------------------------------- unblockable hits (rule 18)

def test_unblockable_hits_cannot_be_cancelled_and_in_a_mixed_attack_only_the_normal_hits_are():
    state = face_off("grublic", "riparian")   # the stone at (2,0) stops Riparian's push
    ready(state, 0, "shield_bash", shield_bash=2)
    give(state, 1, parry=4)
    state, texts = do(state, 0, type="use", track="shield_bash", target=1)
    assert texts[-2] == "Grublic ({0}): Shield Bash on Riparian ({1}), from the front: 1 hit and 1 unblockable hit."
    assert texts[-1] == "Riparian ({1}): Parry 1; 1 hit lands."
    assert health(state, 1) == 14 and state["dice"][1]["tracks"]["parry"] == 3


def test_turn_based_unblockable_hits_are_not_rolled_but_the_normal_hits_are():
    state = face_off("grublic", "riparian", tb=True)
    ready(state, 0, "shield_bash", shield_bash=2)
    give(state, 1, parry=2)
    for seat in (0, 1):
        state, _ = do(state, seat, type="marker", marker=seat + 1)
    rig(state, A)  # one die for the one normal hit
    state, texts = do(state, 0, type="use", track="shield_bash", target=1)
    assert "from the front: rolls Attack: 1 hit and 1 unblockable hit." in texts[-2]
    rig(state, Df, Df)
    state, texts = do(state, 1, type="parry", dice=2)
    assert health(state, 1) == 14 and "1 hit cancelled; 1 hit lands" in texts[0]


# --------------------------------------------------------------------------- the pause (rule 14)

def test_a_tribal_card_pauses_everyone_else_until_it_resolves_except_reactions():
    state = face_off("grublic", "riparian", "banksia", auto_parry=False)
    ready(state, 0, "thunderstomp", thunderstomp=3)
    give(state, 1, parry=2)
    give(state, 2, move=1)
    state, _ = do(state, 0, type="use", track="thunderstomp")
    assert GAME.waiting_for(state) == [1]
    refused(state, 2, "Everyone waits: Grublic \\(\\{0\\}\\)'s Thunderstomp is resolving", type="roll")
    refused(state, 0, "Everyone waits", type="roll")
    assert GAME.legal_actions(state, 2) == [] and GAME.legal_actions(state, 0) == []
    state, _ = do(state, 1, type="parry", dice=2)  # the reaction goes on
    assert state["pending"] == []
    state, _ = do(state, 2, type="move", steps=["L"])  # and then everyone else


def test_a_card_whose_hits_land_at_once_pauses_no_one():
    state = face_off("grublic", "riparian", "banksia")
    ready(state, 0, "thunderstomp", thunderstomp=3)
    state, _ = do(state, 0, type="use", track="thunderstomp")
    assert state["pending"] == [] and health(state, 1) == 13
    state, _ = do(state, 2, type="roll")


def test_a_basic_attack_pauses_no_one():
    state = face_off("grublic", "riparian", "banksia", auto_parry=False)
    give(state, 0, attack=1)
    give(state, 1, parry=2)
    state, _ = do(state, 0, type="attack", target=1)
    assert GAME.waiting_for(state) == [1]
    state, _ = do(state, 2, type="roll")


# --------------------------------------------------------------------------- reaction windows (ARENA.md 3.3)

def rear_attack_on_grublic(auto_parry=True, **grublic_dice):
    """Riparian strikes Grublic from behind (2 hits); Grublic holds these dice."""
    state = face_off("grublic", "riparian", auto_parry=auto_parry)
    put(state, 0, [0, 0], W)  # his back to Riparian
    give(state, 0, **grublic_dice)
    give(state, 1, attack=2)
    state, texts = do(state, 1, type="attack", target=0)
    return state, texts


def test_with_auto_parry_on_a_window_opens_when_a_reaction_beside_parry_is_possible():
    state, texts = rear_attack_on_grublic(watch_out=2, parry=2)
    assert GAME.waiting_for(state) == [0] and GAME.next_deadline(state) == NOW + 1 + REACT_SECONDS
    assert texts[-1] == "Attack on you: 2 hits from the rear. Watch Out! or take it (4 s)."
    answers = GAME.legal_actions(state, 0)
    assert {"type": "react", "track": "watch_out", "facing": E} in answers and {"type": "take"} in answers
    assert all(a["type"] in ("react", "take") for a in answers)  # Parry cannot answer from the rear


def test_without_a_reaction_and_with_auto_parry_on_no_window_opens():
    state, _ = rear_attack_on_grublic(watch_out=1, parry=2)
    assert state["pending"] == [] and health(state, 0) == 13


def test_parry_is_checked_again_after_watch_out_and_auto_parry_answers_at_once():
    state, _ = rear_attack_on_grublic(watch_out=2, parry=2)
    state, texts = do(state, 0, type="react", track="watch_out", facing=E)
    assert texts == ["Grublic ({0}): Watch Out! Now facing E.", "Grublic ({0}): Parry 2; no hit lands."]
    assert health(state, 0) == 15 and state["dice"][0]["tracks"] == \
        {"attack": 0, "move": 0, "heal": 0, "parry": 0, "watch_out": 0, "leap": 0, "shield_bash": 0, "thunderstomp": 0}


def test_each_reaction_step_adds_three_seconds_to_the_window_up_to_ten():
    state, _ = rear_attack_on_grublic(auto_parry=False, watch_out=2, parry=2)
    opened = NOW + 1
    state, _ = do(state, 0, now=opened + 2, type="react", track="watch_out", facing=E)
    assert GAME.next_deadline(state) == opened + REACT_SECONDS + REACT_STEP_SECONDS  # Parry may still answer
    state["pending"][0]["deadline"] = opened + 9  # as if after more steps
    state["dice"][0]["tracks"]["watch_out"] = 2
    state["dice"][0]["pool"] = state["dice"][0]["pool"][:-2]
    state["figures"][0]["facing"] = W
    state["pending"][0]["front"] = False
    state, _ = do(state, 0, now=opened + 8, type="react", track="watch_out", facing=E)
    assert GAME.next_deadline(state) == opened + REACT_MOST_SECONDS


def test_a_window_that_runs_out_after_a_reaction_is_answered_by_auto_parry():
    state, _ = rear_attack_on_grublic(auto_parry=False, watch_out=2, parry=2)
    state, _ = do(state, 0, type="react", track="watch_out", facing=E)
    state, texts = do(state, None, now=GAME.next_deadline(state), type="timeout")
    assert texts == ["Grublic ({0}): Parry 2; no hit lands."]


def test_a_reaction_not_offered_is_refused():
    state, _ = rear_attack_on_grublic(auto_parry=False, watch_out=2, parry=2)
    refused(state, 0, "Answer with Watch Out! or take it", type="react", track="leap")
    refused(state, 0, "face one of the 6 sides|Face one", type="react", track="watch_out", facing=9)
    refused(state, 1, "No attack is waiting", type="react", track="watch_out", facing=E)


def test_turn_based_a_reaction_costs_no_action_and_a_card_costs_one():
    state = face_off("grublic", "riparian", tb=True)
    give(state, 1, move=1)
    ready(state, 0, "leap", watch_out=2, leap=1, move=1, attack=1)
    put(state, 0, [-1, 0], E)
    put(state, 1, [0, 0], W)
    for seat in (0, 1):
        state, _ = do(state, seat, type="marker", marker=seat + 1)
    state, _ = do(state, 0, type="use", track="watch_out", facing=SE)
    assert state["tb"]["active"] == 0 and state["tb"]["actions_left"] == 2
    state, _ = do(state, 0, type="move", steps=["L"])  # facing E again
    state, _ = do(state, 0, type="use", track="leap")
    assert state["tb"]["active"] == 1 and state["figures"][0]["hex"] == [1, 0]


def test_turn_based_rear_hits_are_all_unblockable_so_watch_out_is_not_offered_against_them():
    state = face_off("grublic", "riparian", tb=True)
    put(state, 0, [0, 0], W)
    give(state, 0, watch_out=2)
    give(state, 1, attack=2)
    for seat in (1, 0):
        state, _ = do(state, seat, type="marker", marker=2 - seat)
    state, texts = do(state, 1, type="attack", target=0)
    assert "2 unblockable hits" in texts[0] and state["pending"] == [] and health(state, 0) == 13


def test_every_character_has_three_cards_of_bands_one_to_three_with_ready_costs_one_to_three():
    for char in CHARACTERS.values():
        assert [(c.band, c.ready.spaces, c.ready.face) for c in char.cards] == [(1, 1, "R"), (2, 2, "R"), (3, 3, "R")]


# --------------------------------------------------------------------------- races and the rules text

def test_a_card_aimed_at_a_figure_knocked_out_by_an_earlier_click_lost_the_race():
    state = face_off("grublic", "riparian", "banksia")
    put(state, 2, [1, -1], SW)
    hurt(state, 1, 1)
    give(state, 2, attack=2)
    ready(state, 0, "shield_bash", shield_bash=2)
    state, _ = do(state, 2, type="attack", target=1, at_ms=9_000)
    late = {"type": "use", "track": "shield_bash", "target": 1, "at_ms": 9_040}
    refused(state, 0, "Shield Bash whom", **late)
    assert lost_race(state, 0, late) == Race(2, KNOCKOUT, 1, 9_000)


def test_the_advanced_rules_text_fits_an_embed_and_names_every_card_with_its_costs():
    assert len(ADVANCED) < 4096
    for char in CHARACTERS.values():
        assert all(c.name in ADVANCED for c in char.cards) and char.name in ADVANCED
    assert "Shield Bash (II, 2⏫ → 2+1✨)" in ADVANCED and "Raking Talons (II, 2⏫ → 2⚔)" in ADVANCED


# --------------------------------------------------------------------------- leaving, and games stored before

def test_a_netted_player_who_leaves_takes_the_net_with_them():
    state = face_off("grublic", "riparian", "banksia")
    state["figures"][0]["statuses"]["netted"] = {"until": NOW + 15}
    state, _ = do(state, 0, type="leave")
    assert state["figures"][0]["statuses"] == {} and GAME.next_deadline(state) == state["flow"]["deadline"]


def test_a_core_game_stored_before_the_advanced_rules_alliances_and_the_rainforest_plays_on():
    state = face_off("grublic", "riparian", advanced=False)
    for key in ("advanced", "core_innates", "cards", "guards", "guard_tokens", "teams", "shared"):
        del state[key]
    for figure in state["figures"]:
        del figure["heat"], figure["statuses"]
    give(state, 0, attack=2)
    assert {"type": "attack", "target": 1, "dice": 2} in GAME.legal_actions(state, 0)
    state, _ = GAME.apply(state, 0, {"type": "attack", "target": 1}, NOW + 1)
    assert health(state, 1) == 13 and GAME.next_deadline(state) == state["flow"]["deadline"]
    assert GAME.view(state, None)["teams"] is None and GAME.view(state, None)["currents"] is None


def test_the_invariants_watch_heat_guards_tokens_cards_and_statuses():
    state = face_off("incendiary", "echo")
    assert GAME.invariants(state) == []
    state["figures"][0]["heat"] = 4
    state["guards"][1][0] = {"hex": [2, 0], "facing": 0, "statuses": {}}      # on a stone
    state["guard_tokens"][1] = 4                                              # a token in no cup
    state["figures"][1]["statuses"]["netted"] = {"ends": "end", "begun": False}  # turn-based, in real time
    state["dice"][0]["tracks"]["slow_heat"] = 1                                # full of Ready dice, Unready
    state["dice"][0]["pool"].pop()
    broken = " / ".join(GAME.invariants(state))
    for words in ("4 Heat", "stands on [2, 0]", "Guard tokens", "statuses", "Unready"):
        assert words in broken

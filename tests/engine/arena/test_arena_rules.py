"""Eye for an Eye (`arena`): one test per rule (the rulebook's rules as ARENA.md numbers them)."""
from __future__ import annotations

import pytest

from engine.arena import dice as D
from engine.arena import rounds
from engine.arena.board import clear_front
from engine.arena.data import (
    COUNTDOWN_SECONDS,
    POINTS,
    REACT_SECONDS,
    ROUND_SECONDS,
    START_SECONDS,
    TB_DEFEND_SECONDS,
    TB_GAME_TURNS,
    TB_ROLL_SECONDS,
)
from engine.arena.figures import arena, board_of
from engine.arena.races import KNOCKOUT, MARKER, Race, lost_race
from engine.arena.rules import RULES
from engine.protocol import TIMEOUT, canonical
from engine.rng import rig
from tests.kit.arena_setup import GAME, NE, NOW, SW, A, Df, E, H, M, R, S, W, do, give, health, put, refused, under_way


def new(players=2, tb=False, seed=1):
    return GAME.setup(players, {"turn_based": tb}, seed, NOW)


def begun(players=2, tb=False, seed=1, auto_parry=True):
    """A round under way ("Yarra Mark!" called), figures still in their starting areas."""
    state = new(players, tb, seed)
    state["auto_parry"] = [auto_parry] * players
    return under_way(state)


def facing_off(players=2, tb=False, auto_parry=True):
    """Seat 0 at (0,0) facing E and seat 1 at (1,0) facing W: each in the other's front arc."""
    state = begun(players, tb, auto_parry=auto_parry)
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    return state


# --------------------------------------------------------------------------- setup (rule 1)

def test_setup_gives_each_character_its_health_and_five_dice():
    state = new(6)
    assert [health(state, s) for s in range(6)] == [15, 15, 15, 15, 15, 10]  # Echo last, 10
    assert state["chars"] == ["grublic", "riparian", "banksia", "pluma", "incendiary", "echo"]
    assert all(D.dice_total(state["dice"][s]) == 5 for s in range(6))
    assert state["rounds"] == 7 and state["phase"] == "start"


def test_turn_based_play_gives_seven_dice():
    state = new(3, tb=True)
    assert all(D.dice_total(state["dice"][s]) == 7 for s in range(3))


def test_each_figure_starts_in_its_own_area_with_a_clear_front_arc():
    state = new(6, seed=4)
    assert sorted(state["areas"]) == sorted(["red", "orange", "yellow", "green", "blue", "purple"])
    for seat in range(6):
        hexes, facing = arena(state).areas[state["areas"][seat]]
        assert tuple(state["figures"][seat]["hex"]) in hexes and state["figures"][seat]["facing"] == facing
    assert rounds.fronts_clear(state)


def test_a_player_may_place_their_figure_on_their_area_with_a_clear_front_arc_before_the_round():
    state = new(2)
    hexes, _ = arena(state).areas[state["areas"][0]]
    other = next(h for hexes_, _ in arena(state).areas.values() for h in hexes_ if h not in hexes)
    refused(state, 0, "starting area", type="place", hex=list(other), facing=0)
    blocked = next(f for f in range(6) if not clear_front(arena(state), set(), list(hexes[0]), f))
    refused(state, 0, "front arc must be clear", type="place", hex=list(hexes[0]), facing=blocked)
    good = next(a for a in GAME.legal_actions(state, 0) if a["type"] == "place")
    state, _ = do(state, 0, **good)
    assert state["figures"][0]["hex"] == good["hex"]


def test_the_countdown_starts_when_everyone_is_ready_or_the_placing_time_ends():
    state = new(2)
    refused(state, 0, "not started", type="roll")
    state, _ = do(state, 0, type="ready")
    refused(state, 0, "ready", type="ready")
    state, texts = do(state, 1, type="ready")
    assert state["phase"] == "countdown" and texts == [f"Everyone is in place: Yarra Mark! in {COUNTDOWN_SECONDS:g} s."]
    assert state["flow"]["deadline"] == NOW + 1 + COUNTDOWN_SECONDS
    timed_out = new(2)
    timed_out, _ = do(timed_out, None, now=NOW + START_SECONDS, type="timeout")
    assert timed_out["phase"] == "countdown"


@pytest.mark.parametrize("tb", [False, True])
def test_nobody_acts_during_the_countdown_and_then_the_round_clock_starts(tb):
    state = new(2, tb=tb)
    state, _ = do(state, None, now=NOW + START_SECONDS, type="timeout")
    for seat, action in ((0, {"type": "roll"}), (1, {"type": "place", "hex": state["figures"][1]["hex"],
                                                     "facing": state["figures"][1]["facing"]})):
        refused(state, seat, "starts in a moment", **action)
    assert GAME.legal_actions(state, 0) == GAME.legal_actions(state, 1) == [] and GAME.waiting_for(state) == []
    end = state["flow"]["deadline"]
    assert GAME.next_deadline(state) == end == NOW + START_SECONDS + COUNTDOWN_SECONDS
    refused(state, None, "not up yet", now=end - 0.1, type="timeout")
    late = end + 2.5  # the table woke a little late: the round's clock counts from its real start
    state, texts = do(state, None, now=late, type="timeout")
    assert texts[0].startswith("Yarra Mark!")
    if tb:
        assert state["phase"] == "roll" and state["flow"]["deadline"] == late + TB_ROLL_SECONDS
    else:
        assert state["phase"] == "fight" and state["flow"]["deadline"] == late + ROUND_SECONDS


# --------------------------------------------------------------------------- dice (rules 3, 7-9)

def test_roll_rerolls_every_unallocated_die_and_faces_are_attack_defence_move_heal_ready_special():
    state = begun()
    rig(state, A, Df, M, H, R)
    state, _ = do(state, 0, type="roll")
    assert state["dice"][0]["pool"] == ["A", "D", "M", "H", "R"]
    rig(state, S, S, S, S, S)
    state, _ = do(state, 0, type="roll")
    assert state["dice"][0]["pool"] == ["S"] * 5


def test_a_die_goes_only_onto_a_track_with_its_face_and_a_free_space():
    state = begun()
    rig(state, A, A, A, A, A)
    state, _ = do(state, 0, type="roll")
    refused(state, 0, "No Defence die", type="allocate", track="parry")
    state, _ = do(state, 0, type="allocate", track="attack", count=2)
    assert state["dice"][0]["tracks"]["attack"] == 2 and state["dice"][0]["pool"] == ["A"] * 3
    state, _ = do(state, 0, type="allocate", track="attack")
    assert state["dice"][0]["tracks"]["attack"] == 4 and state["dice"][0]["pool"] == ["A"]  # 4 spaces
    refused(state, 0, "full", type="allocate", track="attack")


def test_auto_puts_every_die_that_fits_on_its_basic_action():
    state = begun()
    rig(state, A, Df, Df, M, R)
    state, _ = do(state, 0, type="roll")
    state, _ = do(state, 0, type="auto")
    assert state["dice"][0]["tracks"] == {"attack": 1, "move": 1, "heal": 0, "parry": 2}
    assert state["dice"][0]["pool"] == ["R"]


def test_an_action_resolves_only_once_its_minimum_spaces_are_filled():
    state = facing_off()
    give(state, 1, parry=1)
    give(state, 0, attack=1, heal=2)
    state["figures"][0]["health"] = 10
    state["start_health"] -= 5
    refused(state, 0, "Heal needs 3 Heal dice", type="heal")
    state, _ = do(state, 0, type="attack", target=1, dice=1)
    assert state["dice"][1]["tracks"]["parry"] == 1 and health(state, 1) == 14  # 1 Parry die: no Parry


def test_a_partial_spend_leaves_the_other_dice_allocated():
    state = facing_off()
    give(state, 0, attack=3)
    state, texts = do(state, 0, type="attack", target=1, dice=1)
    assert state["dice"][0]["tracks"]["attack"] == 2 and health(state, 1) == 14
    assert "Spear Thrust 1" in texts[0]


def test_spent_dice_go_back_to_the_pool_to_be_rolled_again():
    state = facing_off()
    give(state, 0, attack=2)
    state, _ = do(state, 0, type="attack", target=1, dice=2)
    assert state["dice"][0]["pool"] == [None] * 5
    refused(state, 0, "No Attack die", type="allocate", track="attack")


def test_recovery_takes_allocated_dice_back_at_any_time_for_nothing():
    state = begun()
    give(state, 0, move=2, parry=3)
    state, _ = do(state, 0, type="recover", track="parry", count=1)
    assert state["dice"][0]["tracks"]["parry"] == 2 and len(state["dice"][0]["pool"]) == 1
    state, _ = do(state, 0, type="recover")
    assert sum(state["dice"][0]["tracks"].values()) == 0 and state["dice"][0]["pool"] == [None] * 5
    refused(state, 0, "No dice allocated", type="recover")


# --------------------------------------------------------------------------- attack (rules 4, 11, 13)

def test_a_basic_attack_needs_an_adjacent_target_in_the_front_arc():
    state = facing_off()
    give(state, 0, attack=2)
    put(state, 0, [0, 0], W)  # seat 1 is now behind seat 0
    refused(state, 0, "not in your front arc", type="attack", target=1)
    put(state, 0, [-1, 0], E)  # facing seat 1, two hexes away
    refused(state, 0, "adjacent", type="attack", target=1)


def test_hits_move_health_from_the_defender_to_the_attackers_cup():
    state = facing_off()
    give(state, 0, attack=3)
    state, texts = do(state, 0, type="attack", target=1)
    assert health(state, 1) == 12 and state["cups"][0] == 3
    assert texts == ["Grublic ({0}): Spear Thrust 3 on Riparian ({1}), from the front: 3 hits.",
                     "Riparian ({1}): 3 hits land."]


def test_a_knocked_out_character_is_the_trophy_of_whoever_dealt_the_final_hit():
    state = facing_off(3)
    put(state, 2, [1, -1], SW)  # Banksia, whose front arc holds both (0,0) and (1,0)
    state["figures"][1]["health"] = 3
    state["start_health"] -= 12
    give(state, 2, attack=2)
    give(state, 0, attack=4)
    state, _ = do(state, 2, type="attack", target=1)
    state, texts = do(state, 0, type="attack", target=1)
    assert state["figures"][1]["status"] == "out" and state["figures"][1]["hex"] is None
    assert state["trophies"] == [[1], [], []]
    assert state["cups"] == [1, 0, 2]  # hits beyond the health left move nothing
    assert "knocked out: Grublic ({0})'s trophy" in texts[-1]


def test_a_knocked_out_player_can_do_nothing_until_the_next_round():
    state = facing_off(3)
    state["figures"][1]["health"] = 1
    state["start_health"] -= 14
    give(state, 0, attack=1)
    state, _ = do(state, 0, type="attack", target=1)
    refused(state, 1, "knocked out", type="roll")
    assert GAME.legal_actions(state, 1) == []


# --------------------------------------------------------------------------- parry and reactions (rule 12)

def test_parry_cancels_one_hit_per_die_against_an_attack_from_the_front():
    state = facing_off()
    give(state, 1, parry=2)
    give(state, 0, attack=3)
    state, texts = do(state, 0, type="attack", target=1)
    assert health(state, 1) == 14 and state["dice"][1]["tracks"]["parry"] == 0
    assert texts[1] == "Riparian ({1}): Parry 2; 1 hit lands."


def test_auto_parry_spends_no_more_dice_than_there_are_hits():
    state = facing_off()
    give(state, 1, parry=4)
    give(state, 0, attack=1)
    state, _ = do(state, 0, type="attack", target=1)
    assert health(state, 1) == 15 and state["dice"][1]["tracks"]["parry"] == 3


def test_parry_works_only_from_the_front_arc():
    state = facing_off()
    put(state, 1, [1, 0], E)  # seat 0 is behind seat 1
    give(state, 1, parry=4)
    give(state, 0, attack=2)
    state, texts = do(state, 0, type="attack", target=1)
    assert "from the rear" in texts[0] and health(state, 1) == 13
    assert state["dice"][1]["tracks"]["parry"] == 4


def test_with_auto_parry_off_the_defender_gets_a_window_and_chooses_a_partial_parry():
    state = facing_off(auto_parry=False)
    give(state, 1, parry=3)
    give(state, 0, attack=3)
    state, _ = do(state, 0, type="attack", target=1)
    assert health(state, 1) == 15 and GAME.waiting_for(state) == [1]
    assert GAME.next_deadline(state) == NOW + 1 + REACT_SECONDS
    assert {"type": "parry", "dice": 3} in GAME.legal_actions(state, 1)
    refused(state, 1, "Parry or take it first", type="roll")   # the defender is held
    refused(state, 1, "at most 3", type="parry", dice=4)
    state, texts = do(state, 1, type="parry", dice=1)
    assert health(state, 1) == 13 and state["dice"][1]["tracks"]["parry"] == 2
    assert texts == ["Riparian ({1}): Parry 1; 2 hits land."]


def test_auto_parry_applies_when_the_reaction_window_times_out():
    state = facing_off(auto_parry=False)
    give(state, 1, parry=2)
    give(state, 0, attack=3)
    state, _ = do(state, 0, type="attack", target=1)
    refused(state, None, "not up yet", now=NOW + 2, type="timeout")
    state, _ = do(state, None, now=NOW + 1 + REACT_SECONDS, type="timeout")
    assert health(state, 1) == 14 and state["dice"][1]["tracks"]["parry"] == 0
    assert state["pending"] == [] and state["phase"] == "fight"


def test_taking_the_hits_keeps_the_parry_dice():
    state = facing_off(auto_parry=False)
    give(state, 1, parry=2)
    give(state, 0, attack=2)
    state, _ = do(state, 0, type="attack", target=1)
    state, _ = do(state, 1, type="take")
    assert health(state, 1) == 13 and state["dice"][1]["tracks"]["parry"] == 2


def test_attacks_on_one_defender_resolve_in_the_order_they_were_called():
    state = facing_off(3, auto_parry=False)
    put(state, 2, [1, -1], SW)
    state["figures"][1]["health"] = 2
    state["start_health"] -= 13
    give(state, 1, parry=2)
    give(state, 0, attack=2)
    give(state, 2, attack=3)
    state, _ = do(state, 0, type="attack", target=1)   # called first: its window opens
    state, _ = do(state, 2, type="attack", target=1)   # waits behind it
    assert [p["attacker"] for p in state["pending"]] == [0, 2]
    assert state["pending"][1]["deadline"] is None
    state, texts = do(state, 1, type="take")
    assert state["trophies"] == [[1], [], []] and state["cups"] == [2, 0, 0]
    assert state["pending"] == []  # the later attack found no one to hit, and its attacker is told
    assert texts[-1] == "Riparian ({1}) was knocked out before your Thorn Club landed: it moves nothing."


# --------------------------------------------------------------------------- races (rule 14, ARENA.md 3.1)

def test_an_attack_on_a_figure_knocked_out_by_an_earlier_click_lost_the_race():
    state = facing_off(3)
    put(state, 2, [1, -1], SW)  # Banksia: Riparian in her front arc too
    state["figures"][1]["health"] = 1
    state["start_health"] -= 14
    give(state, 0, attack=1)
    give(state, 2, attack=2)
    state, _ = do(state, 0, type="attack", target=1, at_ms=5_000)
    late = {"type": "attack", "target": 1, "at_ms": 5_037}
    refused(state, 2, "Name a figure", **late)
    assert lost_race(state, 2, late) == Race(0, KNOCKOUT, 1, 5_000)
    assert lost_race(state, 1, {"type": "heal"}) == Race(0, KNOCKOUT, 1, 5_000)  # the one knocked out
    assert lost_race(state, 2, {"type": "attack", "target": 0}) is None


def test_a_turn_order_marker_already_taken_lost_the_race_to_whoever_clicked_first():
    state = begun(3, tb=True)
    state, _ = do(state, 0, type="marker", marker=1, at_ms=7_000)
    late = {"type": "marker", "marker": 1, "at_ms": 7_012}
    refused(state, 1, "taken by Grublic", **late)
    assert lost_race(state, 1, late) == Race(0, MARKER, 1, 7_000)
    assert lost_race(state, 1, {"type": "marker", "marker": 2}) is None  # free: no race lost
    assert lost_race(state, 0, late) is None  # already holds one: not a race


def test_an_attack_with_no_target_named_says_who_could_be_attacked():
    state = facing_off()
    give(state, 0, attack=1)
    refused(state, 0, "Attack whom: Riparian \\(\\{1\\}\\)\\?", type="attack")
    put(state, 1, [-2, 1], W)
    refused(state, 0, "Nobody stands next to you", type="attack")


def test_the_auto_parry_switch_is_the_players_own():
    state = facing_off()
    state, _ = do(state, 1, type="auto_parry", on=False)
    assert state["auto_parry"] == [True, False]
    refused(state, 1, "“on” must be true or false", type="auto_parry", on="yes")


# --------------------------------------------------------------------------- movement and heal (rules 10-11)

def test_movement_steps_keep_facing_and_turns_change_it_one_side_per_die():
    state = begun()
    put(state, 0, [0, 0], E)
    give(state, 0, move=3)
    state, texts = do(state, 0, type="move", steps=["W", "L", "SE"])
    assert state["figures"][0]["hex"] == [-1, 1] and state["figures"][0]["facing"] == NE
    assert state["dice"][0]["tracks"]["move"] == 0
    assert texts == ["Grublic ({0}): Movement 3 (W, L, SE), now facing NE."]


def test_the_whole_path_is_checked_as_one_movement():
    state = begun()
    put(state, 0, [0, 0], E)
    give(state, 0, move=2)
    refused(state, 0, "Step 2 .E. is blocked", type="move", steps=["E", "E"])  # (2,0) is a stone
    refused(state, 0, "needs 3 Move dice", type="move", steps=["W", "W", "W"])
    refused(state, 0, "not 'N'", type="move", steps=["N"])
    assert state["figures"][0]["hex"] == [0, 0] and state["dice"][0]["tracks"]["move"] == 2


def test_a_figure_cannot_step_onto_another_figure():
    state = facing_off()
    give(state, 0, move=1)
    refused(state, 0, "blocked", type="move", steps=["E"])


def test_heal_spends_three_dice_for_one_health_never_above_the_start():
    state = begun()
    give(state, 0, heal=3)
    refused(state, 0, "full health", type="heal")
    state["figures"][0]["health"] = 14
    state["start_health"] -= 1
    state, texts = do(state, 0, type="heal")
    assert health(state, 0) == 15 and state["dice"][0]["tracks"]["heal"] == 0
    assert texts == ["Grublic ({0}): Heal 3, +1 health (15)."]


def test_riparians_mend_heals_one_with_two_dice_and_two_with_three():
    state = begun()
    state["figures"][1]["health"] = 10
    state["start_health"] -= 5
    give(state, 1, heal=3)
    state, _ = do(state, 1, type="heal", dice=2)
    assert health(state, 1) == 11 and state["dice"][1]["tracks"]["heal"] == 1
    give(state, 1, heal=3)
    state, _ = do(state, 1, type="heal")
    assert health(state, 1) == 13


def test_banksias_thorn_club_needs_two_and_adds_a_hit_with_all_four():
    state = facing_off(3)
    put(state, 2, [1, -1], SW)
    give(state, 2, attack=1)
    refused(state, 2, "needs 2 Attack dice", type="attack", target=1)
    give(state, 2, attack=4)
    state, texts = do(state, 2, type="attack", target=1)
    assert "Thorn Club 4" in texts[0] and health(state, 1) == 10


def test_plumas_flight_holds_five_move_dice_and_banksias_trudge_three():
    state = new(4)
    assert D.dice_total(state["dice"][3]) == 5
    board = {s: board_of(state, s) for s in range(4)}
    assert board[3]["move"].spaces == 5 and board[3]["parry"].name == "Wing Guard" and board[3]["parry"].spaces == 3
    assert board[2]["move"].name == "Trudge" and board[2]["move"].spaces == 3


# --------------------------------------------------------------------------- rounds and the match (rules 19-20)

def test_a_round_ends_when_only_one_figure_is_left_standing():
    state = facing_off()
    state["figures"][1]["health"] = 2
    state["start_health"] -= 13
    give(state, 0, attack=2)
    state, texts = do(state, 0, type="attack", target=1)
    assert any("round ends: only one figure is left standing" in t for t in texts)
    assert state["results"][0]["scores"] == [2 + 5, 0] and state["points"] == [4, 2]
    assert state["round"] == 2 and state["phase"] == "start"


def test_a_real_time_round_ends_after_five_minutes():
    state = begun(3)
    end = state["flow"]["deadline"]
    assert end == NOW + START_SECONDS + COUNTDOWN_SECONDS + ROUND_SECONDS
    refused(state, None, "not up yet", now=end - 1, type="timeout")
    state, texts = do(state, None, now=end, type="timeout")
    assert "the time is up" in texts[0]
    assert state["points"] == [4, 4, 4]  # all tied on 5: they share the first place's points


def test_round_ranking_is_the_cup_plus_five_for_each_survivor():
    state = begun(3)
    state["cups"] = [3, 7, 0]
    state["figures"][1]["status"] = "out"
    assert rounds.scores(state) == [8, 7, 5]


def test_round_ties_share_the_higher_places_points_and_skip_the_next_place():
    assert rounds.points_for([9, 9, 3]) == [4, 4, 1]
    assert rounds.points_for([5, 5, 5, 1]) == [4, 4, 4, 1]
    assert rounds.points_for([7, 2, 2, 1]) == [4, 3, 3, 1]


def test_round_points_for_two_to_six_players():
    assert rounds.points_for([2, 1]) == [4, 2]
    assert rounds.points_for([3, 2, 1]) == [4, 2, 1]
    assert rounds.points_for([4, 3, 2, 1]) == [4, 3, 2, 1]
    assert POINTS[5] == (5, 4, 3, 2, 1) and rounds.points_for([1, 2, 3, 4, 5]) == [1, 2, 3, 4, 5]
    assert rounds.points_for([6, 5, 4, 3, 2, 1]) == [6, 5, 4, 3, 2, 1]


def end_round_by_clock(state, cups):
    """Start the round if needed, set the cups, and let the clock run out."""
    while state["phase"] in ("start", "countdown"):
        state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    for seat, cup in enumerate(cups):  # health moved from nowhere: keep the count honest
        state["cups"][seat] = cup
        state["start_health"] += cup
    state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    assert GAME.invariants(state) == []
    return state


def test_a_match_is_players_plus_one_rounds_and_points_carry_over_but_cups_do_not():
    state = new(2)
    state = end_round_by_clock(state, [3, 0])
    assert state["points"] == [4, 2] and state["cups"] == [0, 0] and state["round"] == 2
    state = end_round_by_clock(state, [0, 1])
    assert state["points"] == [6, 6] and state["round"] == 3
    state = end_round_by_clock(state, [2, 0])
    assert state["phase"] == "over" and state["points"] == [10, 8]
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 2) and outcome.scores == (10.0, 8.0) and outcome.margin == 2
    assert outcome.summary == "Grublic ({0}) wins the match with 10 points."


def test_players_tied_for_the_most_points_play_one_tiebreak_round_alone():
    state = new(3)
    for cups in ([3, 3, 0], [0, 0, 3], [1, 1, 0], [0, 0, 0]):
        state = end_round_by_clock(state, cups)
    assert state["points"] == [14, 14, 10]
    assert state["tiebreak"] and state["in_round"] == [0, 1] and state["phase"] == "start"
    assert state["figures"][2]["status"] == "idle"
    refused(state, 2, "sit this round out", type="ready")
    state = end_round_by_clock(state, [0, 2, 0])
    assert state["phase"] == "over" and state["points"] == [16, 18, 10]
    assert GAME.outcome(state).ranks == (2, 1, 3)


def test_still_tied_after_the_tiebreak_the_players_share_the_win():
    state = new(2)
    for cups in ([1, 0], [0, 1], [0, 0], [0, 0]):
        state = end_round_by_clock(state, cups)
    outcome = GAME.outcome(state)
    assert state["phase"] == "over" and outcome.ranks == (1, 1) and outcome.winners() == [0, 1]
    assert "share the win" in outcome.summary


def test_when_the_clock_ends_a_round_waiting_attacks_are_answered_by_auto_parry_first():
    state = facing_off(3, auto_parry=False)
    put(state, 2, [1, -1], SW)  # Banksia faces both
    for seat in (0, 1):
        state["figures"][seat]["health"] = 1
        give(state, seat, parry=2)
    state["start_health"] -= 28
    give(state, 1, attack=3, parry=2)
    give(state, 2, attack=3)
    end = state["flow"]["deadline"]
    state, _ = do(state, 1, now=end - 2, type="attack", target=0)   # a window opens on seat 0
    state, _ = do(state, 2, now=end - 2, type="attack", target=1)   # and one on seat 1
    assert len([p for p in state["pending"] if p["deadline"]]) == 2 and GAME.next_deadline(state) == end
    state, texts = do(state, None, now=end, type="timeout")
    assert texts[:4] == ["Grublic ({0}): Parry 2; 1 hit lands.",
                         "Grublic ({0}) is knocked out: Riparian ({1})'s trophy.",
                         "Riparian ({1}): Parry 2; 1 hit lands.",
                         "Riparian ({1}) is knocked out: Banksia ({2})'s trophy."]
    assert state["results"][0]["scores"] == [0, 1, 6]  # the knocked out score no survivor bonus


# --------------------------------------------------------------------------- leaving and the clock

def test_a_player_who_leaves_takes_their_figure_out_of_the_arena_for_no_ones_trophy():
    state = facing_off(3)
    state, _ = do(state, 1, type="leave")
    assert state["figures"][1]["status"] == "left" and state["figures"][1]["hex"] is None
    assert state["trophies"] == [[], [], []] and state["phase"] == "fight"
    refused(state, 1, "left", type="roll")


def test_when_one_player_is_left_the_match_ends_and_they_win():
    state = facing_off()
    state, _ = do(state, 0, type="leave")
    outcome = GAME.outcome(state)
    assert state["phase"] == "over" and outcome.winners() == [1] and outcome.ranks == (2, 1)
    assert GAME.next_deadline(state) is None


def test_a_timeout_before_the_deadline_or_from_a_seat_is_refused():
    state = begun()
    refused(state, None, "not up yet", type="timeout")
    refused(state, 0, "clock", now=NOW + ROUND_SECONDS, type="timeout")


# --------------------------------------------------------------------------- turn-based (rules 21-23)

def turn_phase(players=2, seed=1, auto_parry=True, facing_off=False, **allocations):
    """Turn-based: the realtime phase done with the given dice allocated, markers taken in seat
    order; `facing_off` puts seats 0 and 1 face to face first (so attacks are possible)."""
    state = begun(players, tb=True, seed=seed, auto_parry=auto_parry)
    if facing_off:
        put(state, 0, [0, 0], E)
        put(state, 1, [1, 0], W)
    for seat in range(players):
        give(state, seat, **allocations.get(f"s{seat}", {}))
    for seat in range(players):
        state, _ = do(state, seat, type="marker", marker=seat + 1)
    return state


def test_the_realtime_phase_allows_three_rolls_and_no_actions():
    state = begun(2, tb=True)
    assert state["phase"] == "roll"
    for _ in range(3):
        state, _ = do(state, 0, type="roll")
    refused(state, 0, "used your rolls", type="roll")
    give(state, 0, move=1)
    refused(state, 0, "turn phase", type="move", steps=["L"])


def test_a_turn_order_marker_is_taken_once_and_allocates_what_fits():
    state = begun(2, tb=True)
    rig(state, A, A, Df, H, R, S, M)
    state, _ = do(state, 0, type="roll")
    state, _ = do(state, 0, type="marker", marker=2)
    assert state["dice"][0]["tracks"] == {"attack": 2, "move": 1, "heal": 1, "parry": 1}
    refused(state, 0, "taken marker 2", type="roll")
    refused(state, 1, "taken by Grublic", type="marker", marker=2)
    state, _ = do(state, 1, type="marker", marker=1)
    assert state["phase"] == "turns" and state["tb"]["markers"] == [1, 0]
    assert state["tb"]["active"] == 0  # seat 2 (marker 1) has nothing to resolve and passes


def test_players_without_a_marker_at_the_cap_get_the_leftovers():
    state = begun(3, tb=True)
    for seat in range(3):
        give(state, seat, move=1)
    state, _ = do(state, 1, type="marker", marker=1)
    state, _ = do(state, None, now=state["flow"]["deadline"], type="timeout")
    assert sorted(state["tb"]["markers"][1:]) == [0, 2] and state["phase"] == "turns"
    assert state["flow"]["missed"] == [1, 0, 1]


def test_the_player_whose_marker_starts_the_turns_is_waited_on_for_their_turn():
    """The claim that ends the realtime phase counts in that phase, not in the turn it starts."""
    state = begun(2, tb=True)
    for seat in range(2):
        give(state, seat, move=1)
    state, _ = do(state, 0, type="marker", marker=2)
    state, _ = do(state, 1, type="marker", marker=1)
    assert state["tb"]["active"] == 1 and GAME.waiting_for(state) == [1]
    assert state["flow"]["acted"] == []


def test_turns_go_in_marker_order_with_two_actions_each():
    state = turn_phase(2, s0={"move": 4}, s1={"move": 4})
    assert state["tb"]["active"] == 0
    refused(state, 1, "Grublic \\(\\{0\\}\\)'s turn", type="move", steps=["L"])
    state, _ = do(state, 0, type="move", steps=["L"])
    state, _ = do(state, 0, type="move", steps=["L"])
    assert state["tb"]["active"] == 1 and state["tb"]["actions_left"] == 2
    state, _ = do(state, 1, type="move", steps=["L"])
    state, _ = do(state, 1, type="end_turn")
    assert state["tb"]["active"] == 0


def test_end_turn_needs_an_action_first():
    state = turn_phase(2, s0={"move": 1}, s1={"move": 1})
    refused(state, 0, "Resolve an action first", type="end_turn")


def test_a_pass_holds_until_the_next_realtime_phase_and_all_passing_ends_the_game_turn():
    state = turn_phase(2, s0={"move": 4}, s1={"move": 4})
    state, _ = do(state, 0, type="pass")
    state, _ = do(state, 1, type="move", steps=["L"])
    state, _ = do(state, 1, type="move", steps=["L"])
    assert state["tb"]["active"] == 1  # seat 0 passed: seat 1 goes on alone
    state, _ = do(state, 1, type="pass")
    assert state["phase"] == "roll" and state["tb"]["game_turn"] == 2
    assert state["dice"][0]["tracks"]["move"] == 4  # allocated dice carry over


def test_a_player_with_nothing_to_resolve_passes_at_once():
    state = turn_phase(2, s0={"parry": 2}, s1={"move": 1})
    assert state["tb"]["passed"][0] and state["tb"]["active"] == 1


def test_a_turn_timer_that_runs_out_passes():
    state = turn_phase(2, s0={"move": 2}, s1={"move": 2})
    state, texts = do(state, None, now=state["flow"]["deadline"], type="timeout")
    assert state["tb"]["passed"][0] and state["tb"]["active"] == 1
    assert "runs out of time and passes" in texts[0]


def test_a_turn_based_round_ends_after_the_last_game_turn():
    state = begun(2, tb=True)
    for _ in range(TB_GAME_TURNS):
        assert state["phase"] == "roll"
        for seat in range(2):
            state, _ = do(state, seat, type="marker", marker=seat + 1)  # nothing allocated: both pass
    assert state["phase"] == "start" and state["round"] == 2 and state["points"] == [4, 4]


def test_a_front_attack_is_rolled_and_the_defender_rolls_defence_dice():
    state = turn_phase(2, facing_off=True, s0={"attack": 3}, s1={"parry": 3}, auto_parry=False)
    rig(state, A, R, M)  # two hits: Attack and Ready hit, Move does not
    state, texts = do(state, 0, type="attack", target=1)
    assert "rolls Attack, Ready, Move: 2 hits" in texts[0]
    assert GAME.waiting_for(state) == [1]
    refused(state, 0, "Waiting for Riparian", type="move", steps=["L"])
    rig(state, Df, H)  # one block: Defence blocks, Heal does not
    state, texts = do(state, 1, type="parry", dice=2)
    assert health(state, 1) == 14 and state["dice"][1]["tracks"]["parry"] == 1
    assert "Parry 2: rolls Defence, Heal, 1 hit cancelled; 1 hit lands" in texts[0]
    assert state["tb"]["active"] == 0 and state["tb"]["actions_left"] == 1


def test_turn_based_the_defender_is_asked_whatever_the_auto_parry_switch():
    state = turn_phase(2, facing_off=True, s0={"attack": 1}, s1={"parry": 3})
    assert state["auto_parry"] == [True, True]
    rig(state, S)
    state, _ = do(state, 0, type="attack", target=1)
    assert GAME.waiting_for(state) == [1] and GAME.next_deadline(state) == NOW + 1 + TB_DEFEND_SECONDS
    assert {"type": "parry", "dice": 3} in GAME.legal_actions(state, 1)  # more dice than hits: more chances
    rig(state, H, H, M)  # the Move face blocks
    state, _ = do(state, 1, type="parry", dice=3)
    assert health(state, 1) == 15 and state["dice"][1]["tracks"]["parry"] == 0


def test_an_unanswered_turn_based_defence_rolls_all_defence_dice():
    state = turn_phase(2, facing_off=True, s0={"attack": 2}, s1={"parry": 2}, auto_parry=False)
    rig(state, A, A, H, H)
    state, _ = do(state, 0, type="attack", target=1)
    state, _ = do(state, None, now=GAME.next_deadline(state), type="timeout")
    assert health(state, 1) == 13 and state["dice"][1]["tracks"]["parry"] == 0


def test_turn_based_rear_attacks_are_not_rolled_and_are_unblockable():
    state = turn_phase(2, facing_off=True, s0={"attack": 3}, s1={"parry": 4})
    put(state, 1, [1, 0], E)  # back turned
    state, texts = do(state, 0, type="attack", target=1)
    assert texts[0] == "Grublic ({0}): Spear Thrust 3 on Riparian ({1}), from the rear: 3 unblockable hits."
    assert health(state, 1) == 12 and state["dice"][1]["tracks"]["parry"] == 4


def test_a_turn_based_parry_is_free_and_needs_its_two_minimum_dice():
    state = turn_phase(2, facing_off=True, s0={"attack": 2}, s1={"parry": 1}, auto_parry=False)
    rig(state, A, A)
    state, _ = do(state, 0, type="attack", target=1)
    assert state["pending"] == [] and health(state, 1) == 13  # no window: Parry is not ready


# --------------------------------------------------------------------------- view and rules text

def test_the_view_shows_everything_to_everyone():
    state = facing_off()
    give(state, 1, parry=2)
    view = GAME.view(state, 0)
    assert view["you"] == 0 and view["mode"] == "realtime" and view["phase"] == "fight"
    them = view["seats"][1]
    assert them["tracks"][3] == {"key": "parry", "name": "Parry", "face": "D", "spaces": 4, "min": 2,
                                 "count": 2, "ready": True, "reaction": True, "fits": 0}
    assert them["front"] == [[1, -1], [0, 0], [0, 1]] and them["hex"] == [1, 0] and them["facing"] == W
    assert len(view["board"]["hexes"]) == 61 and view["deadline"] == GAME.next_deadline(state)
    assert GAME.view(state, None).keys() == view.keys() - {"you"}


def test_the_rules_text_fits_a_discord_embed_and_names_our_choices():
    assert len(RULES) < 3500 and "Our choices" in RULES and "Auto-Parry" in RULES


def test_a_player_who_leaves_on_their_turn_passes_the_turn_on():
    state = turn_phase(3, s0={"move": 2}, s1={"move": 2}, s2={"move": 2})
    state, texts = do(state, 0, type="leave")
    assert state["tb"]["active"] == 1 and "Riparian ({1})'s turn: 2 actions." in texts


def test_an_away_defender_gets_no_window_and_auto_parry_answers_at_once():
    state = facing_off(auto_parry=False)
    state["flow"]["away"] = [1]
    give(state, 1, parry=2)
    give(state, 0, attack=2)
    state, _ = do(state, 0, type="attack", target=1)
    assert state["pending"] == [] and health(state, 1) == 15


def test_three_missed_windows_make_a_defender_away():
    state = facing_off(auto_parry=False)
    t = NOW + 1
    for _ in range(3):
        give(state, 1, parry=2)
        give(state, 0, attack=1)
        state, _ = do(state, 0, now=t, type="attack", target=1)
        t = GAME.next_deadline(state)
        state, _ = do(state, None, now=t, type="timeout")
    assert state["flow"]["away"] == [1] and GAME.waiting_for(state) == []


def test_heal_by_default_spends_the_fewest_dice_that_heal_what_is_missing():
    state = begun()
    state["figures"][1]["health"] = 14
    state["start_health"] -= 1
    give(state, 1, heal=3)
    state, texts = do(state, 1, type="heal")
    assert texts == ["Riparian ({1}): Mend 2, +1 health (15)."] and state["dice"][1]["tracks"]["heal"] == 1


def test_a_defender_who_leaves_during_their_window_lets_the_turn_go_on():
    state = turn_phase(3, facing_off=True, auto_parry=False, s0={"attack": 2}, s1={"parry": 2}, s2={"move": 1})
    rig(state, A, A)
    state, _ = do(state, 0, type="attack", target=1)
    assert GAME.waiting_for(state) == [1]
    state, _ = do(state, 1, type="leave")
    assert state["pending"] == [] and state["tb"]["active"] == 0 and state["tb"]["actions_left"] == 1
    assert GAME.next_deadline(state) == NOW + 1 + 60


def test_a_view_shares_nothing_with_the_state():
    state = turn_phase(2, facing_off=True, auto_parry=False, s0={"attack": 2}, s1={"parry": 2})
    rig(state, A, A)
    state, _ = do(state, 0, type="attack", target=1)
    before = canonical(state)
    view = GAME.view(state, None)
    view["seats"][0]["hex"].append(9)
    view["pending"][0]["rolled"].append("S")
    view["turns"]["markers"].append(5)
    assert canonical(state) == before

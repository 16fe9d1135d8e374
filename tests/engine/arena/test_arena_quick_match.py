"""Eye for an Eye's quick match (option `quick`) and a round that ends as soon as nothing can happen any
more (everyone still standing has passed), one test per rule, named for it (issue 23)."""
from __future__ import annotations

import json

import pytest

from engine.arena import EyeForAnEye
from engine.arena.data import (
    BETWEEN_SECONDS,
    BURRAPARAY_WINDOWS,
    COUNTDOWN_SECONDS,
    QUICK_ROUND_SECONDS,
    QUICK_ROUNDS,
    ROUND_SECONDS,
    START_SECONDS,
)
from engine.arena.domination import call_windows
from engine.arena.figures import arena
from engine.arena.modes import MODE_GROUP, MODES
from engine.arena.rules import NORMAL_MINUTES, OPTION_RULES, QUICK_MINUTES, RULES, match_minutes
from engine.protocol import TIMEOUT, canonical
from tests.kit.arena_setup import NOW, E, W, do, give, health, put, refused, under_way

GAME = EyeForAnEye()
YARRA_MARK = NOW + START_SECONDS + COUNTDOWN_SECONDS


def new(players=2, **options):
    return GAME.setup(players, options, 1, NOW)


def begun(players=2, **options):
    """Yarra Mark! called; seats 0 and 1 face each other at (0,0) and (1,0), a third stays in its area."""
    state = under_way(new(players, **options))
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    return state


def timeout(state, now):
    state, events = GAME.apply(state, None, TIMEOUT, now)
    assert GAME.invariants(state) == []
    return state, [e.text for e in events]


# --------------------------------------------------------------------------- the quick match

@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_quick_match_is_two_rounds_of_three_minutes_whatever_the_players(players):
    state = new(players, quick=True)
    assert state["rounds"] == QUICK_ROUNDS == 2 and state["round_seconds"] == QUICK_ROUND_SECONDS == 180
    state, texts = timeout(state, NOW + START_SECONDS)
    state, texts = timeout(state, state["flow"]["deadline"])
    assert texts[0] == "Yarra Mark! The round runs 3 minutes." and state["phase"] == "fight"
    assert state["flow"]["deadline"] == YARRA_MARK + QUICK_ROUND_SECONDS
    assert GAME.view(state, None)["round_seconds"] == QUICK_ROUND_SECONDS


def test_a_normal_match_is_still_players_plus_one_rounds_of_five_minutes():
    state = under_way(new(4))
    assert state["rounds"] == 5 and state["flow"]["deadline"] == YARRA_MARK + ROUND_SECONDS


def test_a_quick_match_ends_after_its_second_round_in_about_seven_minutes():
    """Nobody acts: two rounds run their clocks, tied on points, so a tiebreak round, then the end."""
    state = new(3, quick=True)
    now = NOW
    while GAME.outcome(state) is None:
        now = GAME.next_deadline(state)
        state, _ = timeout(state, now)
    assert [r["round"] for r in state["results"]] == [1, 2, 3] and state["results"][2]["tiebreak"]
    regular = START_SECONDS + 2 * (COUNTDOWN_SECONDS + QUICK_ROUND_SECONDS) + BETWEEN_SECONDS
    tiebreak = BETWEEN_SECONDS + COUNTDOWN_SECONDS + QUICK_ROUND_SECONDS
    assert now - NOW == regular + tiebreak and regular / 60 == match_minutes(2, QUICK_ROUND_SECONDS) == 7.0


def test_a_quick_domination_round_makes_its_four_calls_inside_its_three_minutes():
    calls = under_way(new(2, quick=True, domination=True))["mode"]["calls"]
    windows = [(low * 0.6, high * 0.6) for low, high in BURRAPARAY_WINDOWS]
    assert len(calls) == 4 and windows[-1][1] < QUICK_ROUND_SECONDS
    for at, (low, high) in zip(calls, windows, strict=True):
        assert YARRA_MARK + low <= at <= YARRA_MARK + high
    normal = under_way(new(2, domination=True))
    assert call_windows(normal) == list(BURRAPARAY_WINDOWS), "a normal round keeps the rulebook's windows"


def test_a_match_stored_before_quick_matches_plays_the_rulebooks_round():
    state = new(2)
    for key in ("round_seconds", "passed"):
        del state[key]
    state = json.loads(canonical(state))
    state, _ = timeout(state, NOW + START_SECONDS)
    state, _ = timeout(state, state["flow"]["deadline"])
    assert state["flow"]["deadline"] == YARRA_MARK + ROUND_SECONDS and "passed" not in state
    state, _ = do(state, 0, now=YARRA_MARK + 1, type="pass")
    assert state["passed"] == [0]


def test_the_modes_options_exclude_each_other_and_the_quick_match_combines_with_any():
    groups = {o.key: o.group for o in GAME.options}
    modes = {mode.option.key for mode in MODES.values() if mode.option is not None}
    assert modes == {"domination", "hill", "ceremony"} and {groups[k] for k in modes} == {MODE_GROUP}
    assert groups["quick"] is None and groups["advanced"] is None
    assert GAME.options[-1].key == "quick", "last: stored rules buttons read the options on by position"


# --------------------------------------------------------------------------- passing: the round ends early

def test_a_round_ends_at_once_when_everyone_still_standing_has_passed():
    state = begun(2, quick=True)
    state, texts = do(state, 0, now=YARRA_MARK + 10, type="pass")
    assert texts == ["Grublic ({0}) passes: done for this round (acting again takes it back); "
                     "the round ends when Riparian ({1}) passes too."]
    assert state["phase"] == "fight" and GAME.view(state, 1)["passed"] == [0]
    state, texts = do(state, 1, now=YARRA_MARK + 11, type="pass")
    assert "Yarra Bung! The round ends: everyone still standing has passed." in " ".join(texts)
    assert state["round"] == 2 and state["phase"] == "start" and state["passed"] == []
    assert state["results"][0]["points"] == [4, 4], "tied: both share the higher points"


def test_the_round_goes_on_while_one_player_standing_has_not_passed():
    state = begun(3)
    state, texts = do(state, 0, now=YARRA_MARK + 5, type="pass")
    assert texts[0].endswith("the round ends when Riparian ({1}) and Banksia ({2}) pass too.")
    state, _ = do(state, 1, now=YARRA_MARK + 5, type="pass")
    assert state["phase"] == "fight" and state["round"] == 1
    refused(state, 0, "passed already", now=YARRA_MARK + 6, type="pass")


def test_acting_again_takes_a_pass_back():
    state = begun(2)
    state, _ = do(state, 0, now=YARRA_MARK + 5, type="pass")
    state, texts = do(state, 0, now=YARRA_MARK + 6, type="roll")
    assert texts[0] == "Grublic ({0}) acts again and takes back the pass." and state["passed"] == []
    state, _ = do(state, 1, now=YARRA_MARK + 7, type="pass")
    assert state["phase"] == "fight", "Grublic plays on"


def test_a_knocked_out_player_need_not_pass():
    """Three players: Banksia passes; Grublic knocks Riparian out, who never passed, then passes:
    two figures still stand, and it is their passes that end the round."""
    state = begun(3)
    state, _ = do(state, 2, now=YARRA_MARK + 5, type="pass")
    state["figures"][1]["health"] = 1
    state["start_health"] -= 14
    give(state, 0, attack=1)
    state, _ = do(state, 0, now=YARRA_MARK + 6, type="attack", target=1)
    assert state["phase"] == "fight" and state["figures"][1]["status"] == "out" and state["passed"] == [2]
    state, texts = do(state, 0, now=YARRA_MARK + 7, type="pass")
    assert "Yarra Bung! The round ends: everyone still standing has passed." in " ".join(texts)
    assert state["round"] == 2


def test_a_player_who_leaves_need_not_pass():
    state = begun(3)
    for seat in (0, 1):
        state, _ = do(state, seat, now=YARRA_MARK + 5, type="pass")
    state, texts = do(state, 2, now=YARRA_MARK + 6, type="leave")
    assert "Yarra Bung! The round ends: everyone still standing has passed." in " ".join(texts)


def test_the_round_waits_for_an_attack_to_land_before_the_passes_end_it():
    state = begun(2)
    state["auto_parry"] = [True, False]
    give(state, 1, parry=2)
    state, _ = do(state, 1, now=YARRA_MARK + 5, type="pass")
    give(state, 0, attack=2)
    state, _ = do(state, 0, now=YARRA_MARK + 6, type="attack", target=1)
    assert state["pending"] and state["passed"] == [1]
    state, _ = do(state, 0, now=YARRA_MARK + 7, type="pass")
    assert state["phase"] == "fight", "Riparian may still parry"
    state, texts = do(state, 1, now=YARRA_MARK + 8, type="parry", dice=2)
    assert state["passed"] == [] and state["round"] == 2, "the answer kept the pass; then the round ended"
    assert health(state, 1) == 15  # a new round


def test_passing_is_refused_before_yarra_mark_and_while_an_attack_waits_on_you():
    state = new(2)
    refused(state, 0, "not started", type="pass")
    state = begun(2)
    state["auto_parry"] = [True, False]
    give(state, 0, attack=1)
    give(state, 1, parry=2)
    state, _ = do(state, 0, now=YARRA_MARK + 5, type="attack", target=1)
    refused(state, 1, "Parry or take it first", now=YARRA_MARK + 6, type="pass")


def test_when_everyone_passes_in_domination_the_calls_still_to_come_score_at_once():
    """Nobody moves any more, so each call scores as it would have: the figure on the flower's area
    scores at the first call; the next flowers lie elsewhere."""
    state = under_way(new(2, domination=True))
    flower = state["mode"]["flower"]
    put(state, 0, arena(state).areas[flower][0][1], 0)
    for seat in (0, 1):
        state, texts = do(state, seat, now=YARRA_MARK + 5, type="pass")
    calls = [t for t in texts if t.startswith("Burraparay!")]
    assert calls[0] == f"Burraparay! Grublic ({{0}}) holds the {flower} area: 2 VP."
    assert len(calls) == 4 and all(" Nobody holds " in t for t in calls[1:]), calls
    assert texts[-1].startswith("Round 2 of 3") and "everyone still standing has passed" in texts[-2]
    assert state["results"][0]["scores"] == [2, 0] and state["points"] == [2, 0]


def test_a_real_time_pass_is_accepted_but_never_listed_so_random_play_keeps_its_rounds():
    state = begun(2)
    assert all(a["type"] != "pass" for seat in (0, 1) for a in GAME.legal_actions(state, seat))
    assert GAME.explain(state, 0, {"type": "pass"}, YARRA_MARK + 1) is None


# --------------------------------------------------------------------------- the rules say how long

def test_the_rules_say_how_long_a_normal_and_a_quick_match_take():
    assert NORMAL_MINUTES == {2: 17, 3: 22, 4: 28, 5: 33, 6: 39} and QUICK_MINUTES == 7
    assert "at most about 17 min with 2 players (28 with 4, 39 with 6)" in RULES
    assert "a **quick match** (option) is 2 rounds, at most about 7 min" in RULES
    assert "once everyone standing has passed" in RULES and len(RULES) < 3500
    quick = OPTION_RULES["quick"]
    assert len(quick) <= 1024 and "2 rounds of 3 minutes" in quick and "at most about 7 minutes" in quick
    assert "17 minutes with 2 players, 22 with 3, 28 with 4, 33 with 5, 39 with 6" in quick
    label = next(o.label for o in GAME.options if o.key == "quick")
    assert label == "Quick match: 2 rounds of 3 minutes" and len(f"{label}: off") <= 80


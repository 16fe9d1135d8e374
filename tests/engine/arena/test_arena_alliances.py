"""Eye for an Eye, Alliances (option `alliances`; rules 13, 19, 20, 24; ARENA.md 4.7-4.9): one
test per rule, teams of 2-3 with one cup, allies safe from each other, ranking by team."""
from __future__ import annotations

import pytest

from engine.arena import EyeForAnEye
from engine.arena.data import SURVIVOR_BONUS
from engine.arena.figures import OUT
from engine.arena.sides import allied
from engine.arena.teams import form_teams
from engine.errors import RuleError
from engine.protocol import TIMEOUT, fill
from tests.kit.arena_log import log_text
from tests.kit.arena_setup import NOW, SW, E, W, do, give, put, refused, under_way

GAME = EyeForAnEye()
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def begun(players=4, tb=False, seed=1):
    """An Alliances round under way, figures still in their starting areas."""
    state = GAME.setup(players, {"alliances": True, "turn_based": tb}, seed, NOW)
    return under_way(state)


def knock_out(state, seat, by):
    """`by` lands every health of `seat`, as a string of hits would."""
    state["cups"][by] += state["figures"][seat]["health"]
    state["figures"][seat].update(health=0, status=OUT, hex=None)
    state["trophies"][by].append(seat)


def end_by_clock(state):
    state, events = GAME.apply(state, None, TIMEOUT, GAME.next_deadline(state))
    return state, [e.text for e in events]


# --------------------------------------------------------------------------- teams (rule 24)

def test_alliances_form_two_teams_by_seat_order_two_v_two_three_v_two_three_v_three():
    assert form_teams(4) == [[0, 1], [2, 3]]
    assert form_teams(5) == [[0, 1, 2], [3, 4]]
    assert form_teams(6) == [[0, 1, 2], [3, 4, 5]]
    state = GAME.setup(6, {"alliances": True}, 1, NOW)
    assert state["teams"] == [[0, 1, 2], [3, 4, 5]]
    assert allied(state, 0, 2) and not allied(state, 2, 3) and not allied(state, 1, 1)


@pytest.mark.parametrize("players", [2, 3])
def test_alliances_need_four_players_for_two_teams_of_two_or_three(players):
    with pytest.raises(RuleError, match="Alliances needs 4-6 players"):
        GAME.setup(players, {"alliances": True}, 1, NOW)


def test_everyone_is_told_who_plays_with_whom():
    state = GAME.setup(4, {"alliances": True}, 1, NOW)
    line = next(text for text in log_text(state) if text.startswith("Alliances"))
    assert fill(line, NAMES) == "Alliances: Grublic (Ann) and Riparian (Bob) against Banksia (Cy) and Pluma (Di)."
    view = GAME.view(state, None)
    assert [t["seats"] for t in view["teams"]] == [[0, 1], [2, 3]]
    assert [s["team"] for s in view["seats"]] == [0, 0, 1, 1]


# --------------------------------------------------------------------------- allies (ARENA.md 4.7)

def test_allies_cannot_be_targeted():
    state = begun()
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)  # Ann's ally, in her front arc
    put(state, 2, [0, 1], E)  # an enemy, in her front arc too (SE)
    give(state, 0, attack=2)
    assert {a["target"] for a in GAME.legal_actions(state, 0) if a["type"] == "attack"} == {2}
    refused(state, 0, "your ally: allies cannot be targeted", type="attack", target=1)
    state, _ = do(state, 0, type="attack", target=2)
    assert state["figures"][2]["health"] == 13


# --------------------------------------------------------------------------- the team cup (rule 13)

def test_hits_go_into_the_team_cup():
    state = begun()
    put(state, 0, [0, 0], E)
    put(state, 1, [1, -1], SW)
    put(state, 2, [1, 0], W)
    give(state, 0, attack=2)
    give(state, 1, attack=1)
    state, _ = do(state, 0, type="attack", target=2)
    state, _ = do(state, 1, type="attack", target=2)
    view = GAME.view(state, None)
    assert [t["cup"] for t in view["teams"]] == [3, 0]
    assert [s["cup"] for s in view["seats"][:2]] == [2, 1]  # who dealt what stays on record


# --------------------------------------------------------------------------- round end (rule 19)

def test_the_round_goes_on_while_two_teams_have_a_figure_standing():
    state = begun()
    knock_out(state, 2, by=0)
    state, _ = do(state, 1, type="roll")
    assert state["phase"] == "fight"


def test_the_round_ends_when_one_team_is_left():
    state = begun()
    put(state, 0, [0, 0], E)
    put(state, 3, [1, 0], W)
    state["figures"][3]["health"] = 2
    knock_out(state, 2, by=1)
    give(state, 0, attack=2)
    state, texts = do(state, 0, type="attack", target=3)
    assert "only one team is left standing" in " ".join(texts)
    assert state["round"] == 2 and state["phase"] == "start"


def test_a_team_scores_its_cup_plus_five_per_standing_figure_and_each_player_gets_its_points():
    state = begun()
    knock_out(state, 2, by=0)  # 15 into the first team's cup
    state["cups"][3] = 4
    state, texts = end_by_clock(state)
    result = state["results"][-1]
    assert result["scores"] == [15 + 2 * SURVIVOR_BONUS] * 2 + [4 + SURVIVOR_BONUS] * 2
    assert result["points"] == [4, 4, 2, 2] and result["ranks"] == [1, 1, 2, 2]
    assert state["points"] == [4, 4, 2, 2]
    assert "Grublic ({0}) and Riparian ({1}) 25 (+4 points); Banksia ({2}) and Pluma ({3}) 9 (+2 points)" in texts[-2]


def test_tied_teams_share_the_higher_points():
    state = begun()
    state, _ = end_by_clock(state)
    assert state["results"][-1]["points"] == [4, 4, 4, 4]


# --------------------------------------------------------------------------- the match (rule 20, 4.8, 4.9)

def test_an_alliance_match_lasts_players_plus_one_rounds():
    assert GAME.setup(5, {"alliances": True}, 1, NOW)["rounds"] == 6


def play_rounds(state, winners):
    """One round per entry: the team `winners[i]` lands a hit (None: a quiet round)."""
    for team in winners:
        while state["phase"] != "fight":
            state, _ = GAME.apply(state, None, TIMEOUT, GAME.next_deadline(state))
        if team is not None:
            state["cups"][state["teams"][team][0]] += 1
        state, _ = end_by_clock(state)
    return state


def test_the_leading_team_wins_the_match_without_a_tiebreak():
    state = play_rounds(begun(), [1, None, None, None, None])
    assert state["phase"] == "over" and not state["tiebreak"]
    outcome = GAME.outcome(state)
    assert outcome.won == (False, False, True, True) and outcome.margin == 2.0
    assert fill(outcome.summary, NAMES) == "Banksia (Cy) and Pluma (Di) win the match with 20 points."


def test_tied_teams_play_a_tiebreak_round_together_then_share_the_win_if_still_tied():
    state = play_rounds(begun(), [0, 1, None, None, None])
    assert state["tiebreak"] and state["in_round"] == [0, 1, 2, 3] and state["phase"] == "start"
    state = play_rounds(state, [None])
    outcome = GAME.outcome(state)
    assert outcome.won == (True,) * 4
    assert "share the win" in outcome.summary


def test_when_a_whole_team_leaves_the_other_team_wins():
    state = begun()
    state, _ = do(state, 2, type="leave")
    assert state["phase"] == "fight"  # Di still fights for the second team
    state, texts = do(state, 3, type="leave")
    assert state["phase"] == "over"
    outcome = GAME.outcome(state)
    assert outcome.won == (True, True, False, False)
    assert fill(outcome.summary, NAMES) == "The others left: Grublic (Ann) and Riparian (Bob) win the match."


def test_turn_based_alliances_end_the_round_when_one_team_is_left():
    state = begun(tb=True)
    knock_out(state, 2, by=0)
    knock_out(state, 3, by=1)
    state, texts = do(state, 0, type="roll")
    assert "only one team is left standing" in " ".join(texts)


def test_the_options_fit_a_lobby_button():
    """The lobby labels each option's button '<label>: off'; Discord takes 80 characters."""
    assert all(len(f"{option.label}: off") <= 80 for option in GAME.options)

"""Eye for an Eye, Alliances of two or three teams, chosen (rule 24, ARENA.md 4.21; issue 26 item 4): teams of 2
or 3, so 2 v 2 at four players, 3 v 2 at five, 3 v 3 or 2 v 2 v 2 at six; players pick a team in the lobby, and
whoever has not picked is placed at Start so the teams are as even as the player count allows."""
from __future__ import annotations

import pytest

import render.arena as board
import render.arena_words as RW
from engine.arena import EyeForAnEye
from engine.arena.data import SURVIVOR_BONUS
from engine.arena.figures import OUT
from engine.arena.rules import OPTION_RULES
from engine.arena.sides import allied
from engine.arena.teams import TEAMS, form_teams, place_teams
from engine.computers.play import play_game
from engine.errors import RuleError
from engine.protocol import TIMEOUT, fill
from tests.kit.arena_log import log_text
from tests.kit.arena_setup import NOW, E, W, do, give, put, under_way

GAME = EyeForAnEye()
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
TWO_TWO_TWO = ["A", "B", "C", "A", "B", "C"]


def setup(players, team=None, **options):
    picked = {} if team is None else {"team": team}
    return GAME.setup(players, {"alliances": True, **picked, **options}, 1, NOW)


def test_players_pick_team_a_b_or_c_in_the_lobby_with_alliances_on():
    assert TEAMS in GAME.choices and not TEAMS.unique, "several players share a team"
    assert TEAMS.values == {"A": "Team A", "B": "Team B", "C": "Team C"}
    assert TEAMS.offered({"alliances": True}) and not TEAMS.offered({"domination": True})
    assert "2 v 2 v 2" in TEAMS.notes["C"]


def test_six_players_may_play_two_v_two_v_two():
    state = setup(6, TWO_TWO_TWO)
    assert state["teams"] == [[0, 3], [1, 4], [2, 5]]
    assert allied(state, 0, 3) and not allied(state, 0, 1) and not allied(state, 1, 2)
    line = next(text for text in log_text(state) if text.startswith("Alliances"))
    assert fill(line, NAMES) == ("Alliances: Grublic (Ann) and Pluma (Di) against Riparian (Bob) and Incendiary (Ed) "
                                 "against Banksia (Cy) and Echo (Flo).")
    assert [s["team"] for s in GAME.view(state, None)["seats"]] == [0, 1, 2, 0, 1, 2]


def test_the_teams_follow_the_picks_three_v_three():
    assert setup(6, ["B", "A", "B", "A", "B", "A"])["teams"] == [[1, 3, 5], [0, 2, 4]]


@pytest.mark.parametrize(("picks", "placed"), [
    ([None] * 4, ["A", "A", "B", "B"]),                          # nobody picks: by seat order, as before
    ([None] * 5, ["A", "A", "A", "B", "B"]),
    ([None] * 6, ["A", "A", "A", "B", "B", "B"]),
    (["B", None, None, "B", None], ["B", "A", "A", "B", "B"]),    # 3 v 2: the team with more picks is the three
    (["C", None, None, None, None, "C"], ["C", "A", "A", "A", "C", "C"]),  # two teams unless the picks name three
    (["A", "B", "C", None, None, None], ["A", "B", "C", "A", "B", "C"]),   # three named: 2 v 2 v 2
    (["A", "A", None, None], ["A", "A", "B", "B"]),
])
def test_whoever_has_not_picked_is_placed_so_the_teams_are_as_even_as_the_count_allows(picks, placed):
    assert place_teams(picks) == placed == TEAMS.fill(picks, seed=7)
    teams = form_teams(len(picks), placed)
    assert max(map(len, teams)) - min(map(len, teams)) <= 1


@pytest.mark.parametrize(("picks", "why"), [
    (["A", "A", "A", "A", "B", "B"], "Team A has 4 with 6 players"),
    (["A", "B", "C", "A", "B"], "Team C has 1 with 5 players"),
    (["A", "A", "A", "B"], "Team B has 1 with 4 players"),
])
def test_teams_that_are_not_two_or_three_players_are_refused_at_start_with_the_reason(picks, why):
    with pytest.raises(RuleError, match=why):
        setup(len(picks), picks)


def test_three_teams_rank_4_2_1_each_team_scoring_its_cup_plus_five_per_standing_figure():
    state = under_way(setup(6, TWO_TWO_TWO))
    for seat, by in ((1, 0), (2, 0)):  # Team A knocks out one of B and one of C
        state["cups"][by] += state["figures"][seat]["health"]
        state["figures"][seat].update(health=0, status=OUT, hex=None)
        state["trophies"][by].append(seat)
    state["cups"][4] = 3
    state, _ = GAME.apply(state, None, TIMEOUT, GAME.next_deadline(state))
    result = state["results"][-1]
    assert result["scores"] == [30 + 2 * SURVIVOR_BONUS, 3 + SURVIVOR_BONUS, SURVIVOR_BONUS] * 2
    assert result["points"] == [4, 2, 1] * 2 and state["points"] == [4, 2, 1] * 2


def test_a_round_of_three_teams_goes_on_while_two_teams_stand_and_ends_with_one():
    state = under_way(setup(6, TWO_TWO_TWO))
    for seat in (1, 4):  # Team B is out; A and C stand
        state["figures"][seat].update(health=0, status=OUT, hex=None)
        state["cups"][0] += 15
    assert state["phase"] == "fight"
    put(state, 0, [0, 0], E)
    put(state, 2, [1, 0], W)
    put(state, 5, [-3, 3], E)
    state["figures"][5].update(health=0, status=OUT, hex=None)
    state["cups"][3] += 10
    state["figures"][2]["health"] = 1
    state["cups"][0] += 14
    give(state, 0, attack=1)
    state, texts = do(state, 0, type="attack", target=2)
    assert "only one team is left standing" in " ".join(texts)


def test_the_alliances_rules_say_teams_are_picked_and_may_be_three():
    text = OPTION_RULES["alliances"]
    assert "2 v 2 v 2" in text and "Pick your team in the lobby" in text and "as even as can be" in text


def test_computers_play_a_whole_two_v_two_v_two_match():
    played = play_game(GAME, ["hard"] * 6, {"alliances": True, "quick": True, "team": TWO_TWO_TWO}, 5)
    assert played.state["teams"] == [[0, 3], [1, 4], [2, 5]] and played.outcome is not None


def test_the_board_names_three_teams_and_draws_their_badges_and_cups():
    view = GAME.view(setup(6, TWO_TWO_TWO), None)
    text = RW.describe(view, NAMES, NOW)
    assert "Teams: A Ann and Di, cup 0; B Bob and Ed, cup 0; C Cy and Flo, cup 0." in text
    assert "Flo (Echo): " in text and "team C" in text
    assert board.draw_board(view, now=NOW).size[0] > 0  # interleaved teams: each cup on its players' rows

"""Eye for an Eye's King of the Hill (rule 26; ARENA.md 2.2, 2.3, 2.7, 4.10, 4.13), one test per
rule, named for it."""
from __future__ import annotations

import re

import pytest

import render.arena as board
from engine.arena import EyeForAnEye
from engine.arena.data import CHARACTERS, GENERAL_CARDS, GENERALS_EACH, HILL_SCORINGS_TB, KNOCKOUT_PENALTY
from engine.arena.figures import board_of
from engine.arena.hill import KingOfTheHill
from engine.arena.manoeuvres import GENERALS
from engine.arena.modes import mode_of
from engine.errors import RuleError
from engine.hexgrid import distance
from engine.protocol import TIMEOUT
from tests.engine.arena.advanced_setup import listed, ready
from tests.kit.arena_play import clean_simulation, first_wanted, goal_matches, nearing
from tests.kit.arena_setup import NOW, SE, E, W, do, pool, put, refused, under_way
from tests.kit.readability import image_width, recording_text

GAME = EyeForAnEye()
HIGH_GROUND = [[0, 0], [1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]
FAR = ([-4, 4], [4, -4], [0, -4], [0, 4])  # rim hexes, off the hill on both boards


def new(players=4, **options):
    return GAME.setup(players, {"hill": True, **options}, 1, NOW)


def begun(players=4, **options):
    """A King of the Hill round under way, every figure on the rim (off the hill)."""
    state = new(players, **options)
    return under_way(state, FAR)


def fill(state, seat=0):
    """`seat` fills the hill card alone (Move, Ready, Special); returns the state and the texts."""
    pool(state, seat, "M", "R", "S")
    return do(state, seat, type="hill")


# --------------------------------------------------------------------------- the mode

def test_the_hill_option_picks_king_of_the_hill_for_two_to_four_players():
    assert new()["game_mode"] == "hill" and isinstance(mode_of(new()), KingOfTheHill)
    assert "hill" in {o.key for o in GAME.options}
    with pytest.raises(RuleError, match="King of the Hill takes 2-4 players"):
        GAME.setup(5, {"hill": True}, 1, NOW)


def test_the_hill_is_the_high_ground_on_the_bushland():
    view = GAME.view(new(), None)["game_mode"]
    assert view["hill"] == sorted(HIGH_GROUND)


def test_the_hill_is_the_open_stream_on_the_rainforest():
    state = new(rainforest=True)
    hill = GAME.view(state, None)["game_mode"]["hill"]
    assert len(hill) == 7 and all(r == 0 for _, r in hill)
    assert [-2, 0] not in hill and [2, 0] not in hill


def test_the_hill_rules_text_fits_an_embed_field_and_names_both_calls():
    assert len(KingOfTheHill.rules) <= 1024
    assert "Climbing the Hill!" in KingOfTheHill.rules and "King of the Hill!" in KingOfTheHill.rules


# --------------------------------------------------------------------------- the hill card (2.7)

def test_anyone_locks_matching_dice_on_the_hill_card_and_they_stay_locked():
    state = begun()
    pool(state, 1, "M", "A")
    state, said = do(state, 1, type="hill")
    assert state["shared"]["hill"] == [1, None, None] and state["dice"][1]["pool"].count("M") == 0
    assert said == ["Riparian ({1}) locks 1 die on the hill card (1 of 3)."]
    refused(state, 1, "No Ready or Special die in your pool for the hill card", type="hill")
    state, _ = do(state, 1, type="allocate", track="attack")
    state, _ = do(state, 1, type="recover")  # recovering takes back the board's dice, never the hill's
    assert state["shared"]["hill"] == [1, None, None]


def test_legal_actions_offer_the_hill_card_when_a_die_fits():
    state = begun()
    pool(state, 0, "R")
    pool(state, 1, "A", "D")
    assert {"type": "hill"} in GAME.legal_actions(state, 0)
    assert {"type": "hill"} not in GAME.legal_actions(state, 1)
    other = GAME.setup(4, {}, 1, NOW)
    assert all(a["type"] != "hill" for s in range(4) for a in GAME.legal_actions(other, s))


def test_the_hill_card_is_king_of_the_hills_own():
    state = GAME.setup(2, {}, 1, NOW)
    state = under_way(state)
    refused(state, 0, "The hill card is King of the Hill's", type="hill")


def test_the_first_fill_is_climbing_the_hill_and_sends_every_die_home():
    state = begun()
    pool(state, 2, "M")
    state, _ = do(state, 2, type="hill")
    pool(state, 0, "R", "S")
    state, said = do(state, 0, type="hill")
    assert state["shared"]["hill"] == [None, None, None] and state["mode"]["vp"] == [0, 0, 0, 0]
    assert said == ["Grublic ({0}) fills the hill card: Climbing the Hill! The next fill scores. "
                    "Dice home: Grublic ({0}), Banksia ({2})."]
    assert state["dice"][2]["pool"].count(None) == len(state["dice"][2]["pool"])
    assert GAME.view(state, None)["game_mode"]["climbing"]


def test_the_second_fill_scores_one_vp_plus_one_per_character_off_the_hill():
    state = begun()
    state, _ = fill(state)
    put(state, 1, [0, 0], W)
    put(state, 3, [1, 0], W)
    state, said = fill(state, 2)
    assert state["mode"]["vp"] == [0, 3, 0, 3] and state["mode"]["scorings"] == 1
    assert said[-1] == "King of the Hill! Riparian ({1}) and Pluma ({3}) are on the hill: 3 VP each."
    state, said = fill(state)  # the third fill climbs again
    assert state["mode"]["vp"] == [0, 3, 0, 3] and "Climbing the Hill!" in said[0]
    state, said = fill(state)
    assert state["mode"]["vp"] == [0, 6, 0, 6] and state["mode"]["scorings"] == 2


def test_a_scoring_with_nobody_on_the_hill_scores_nothing():
    state = begun()
    state, _ = fill(state)
    state, said = fill(state)
    assert state["mode"]["vp"] == [0, 0, 0, 0] and said[-1] == "King of the Hill! Nobody is on the hill."


def test_a_knocked_out_character_counts_off_the_hill_and_loses_five_vp():
    state = begun()
    state, _ = fill(state)
    put(state, 0, [0, 0], W)
    state["figures"][3].update(status="out", hex=None, health=0)
    state["cups"][0] += 15
    state, _ = fill(state, 1)
    assert state["mode"]["vp"] == [4, 0, 0, 0]  # 1 + Riparian, Banksia and Pluma off it
    state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    assert KNOCKOUT_PENALTY == 5 and state["results"][0]["scores"] == [4, 0, 0, -5]


def test_on_the_rainforest_the_stream_is_the_hill():
    state = begun(rainforest=True)
    state, _ = fill(state)
    put(state, 1, [0, 0], W)
    put(state, 2, [0, -1], W)  # beside the stream: off the hill
    state, _ = fill(state)
    assert state["mode"]["vp"] == [0, 4, 0, 0]


# --------------------------------------------------------------------------- turn-based (4.13)

def test_turn_based_the_round_ends_at_the_third_scoring():
    state = new(2, turn_based=True)
    state = under_way(state)
    assert state["phase"] == "roll"
    put(state, 0, [0, 0], W)
    put(state, 1, FAR[1], W)
    for scoring in range(1, HILL_SCORINGS_TB):
        for _ in range(2):
            state, said = fill(state, 1)
        assert state["mode"]["scorings"] == scoring and state["round"] == 1
    for _ in range(2):
        state, said = fill(state, 1)
    assert state["round"] == 2 and state["points"] == [2 * HILL_SCORINGS_TB, 0]
    assert f"the hill has scored {HILL_SCORINGS_TB} times" in " ".join(said)


def test_real_time_the_round_goes_on_after_the_third_scoring():
    state = begun()
    for _ in range(2 * HILL_SCORINGS_TB):
        state, _ = fill(state)
    assert state["phase"] == "fight" and state["mode"]["scorings"] == HILL_SCORINGS_TB


# --------------------------------------------------------------------------- random play

@pytest.mark.parametrize("turn_based", [False, True])
def test_random_king_of_the_hill_keeps_every_invariant_and_replays_to_the_snapshot(turn_based, capsys):
    """`python -m engine.simulate arena --players 4 --option hill [--option turn_based]`."""
    clean_simulation(capsys, "hill", *(["turn_based"] if turn_based else []), seed=5)


# --------------------------------------------------------------------------- the board

def test_the_board_says_the_hill_climbing_and_the_vp_readably():
    state = begun()
    state, _ = fill(state)
    put(state, 1, [0, 0], W)
    state, _ = fill(state)
    state, _ = fill(state)
    with recording_text(board) as log:
        image = board.render_arena(GAME.view(state, None), ["Ann", "Bob", "Cy", "Di"], now=NOW + 30)
    assert image_width(image.png) == board.WIDTH and log.problems(board.WIDTH) == []
    assert "Hold the hill: Climbing the Hill! (VP: Bob 4)." in image.description


def test_king_of_the_hill_players_place_in_their_own_start_areas():
    image = board.render_arena(GAME.view(new(), None), ["Ann", "Bob", "Cy", "Di"], now=NOW)
    assert "Place your figure in your start area" in image.description


# --------------------------------------------------------------------------- Manoeuvre cards (advanced)

def dealt(state, seat, *keys):
    """The seat plays these Manoeuvre cards (its dice tracks follow the new hand)."""
    state["hands"][seat] = list(keys)
    tracks = state["dice"][seat]["tracks"]
    state["dice"][seat]["tracks"] = {k: tracks.get(k, 0) for k in board_of(state, seat)}


def manoeuvres(card, *places):
    """An advanced King of the Hill round: seat 0 holds `card` Ready with its dice; the figures stand at `places`
    (hex, facing), the rest on the rim."""
    state = begun(advanced=True)
    dealt(state, 0, "leap", card)
    use = GENERAL_CARDS[card].use
    ready(state, 0, card, **{card: use.min})
    for seat, (h, facing) in enumerate(places):
        put(state, seat, h, facing)
    return state


def test_with_the_advanced_rules_each_player_plays_the_band_one_card_and_two_general_manoeuvres():
    state = new(advanced=True)
    for seat, hand in enumerate(state["hands"]):
        own = {c.key: c.band for c in CHARACTERS[state["chars"][seat]].cards}
        assert own[hand[0]] == 1 and len(set(hand[1:])) == GENERALS_EACH
        assert set(hand[1:]) <= set(GENERAL_CARDS) and set(hand) <= set(state["dice"][seat]["tracks"])
    assert "shield_bash" not in state["dice"][0]["tracks"]  # Grublic's Band II card is not played
    assert GAME.setup(4, {"hill": True, "advanced": True}, 1, NOW)["hands"] == state["hands"]  # from the seed
    assert "hands" not in GAME.setup(4, {"advanced": True}, 1, NOW)  # other modes keep the Tribal cards


def test_the_lobby_offers_the_ten_pairs_of_general_manoeuvres_with_king_of_the_hill_and_the_advanced_rules():
    assert GENERALS in GAME.choices and not GENERALS.unique, "two players may hold the same pair"
    assert len(GENERALS.values) == 10 and GENERALS.values["shove+sprint"] == "Shove & Sprint"
    assert all(len(set(pair.split("+"))) == GENERALS_EACH for pair in GENERALS.values)
    assert GENERALS.offered({"hill": True, "advanced": True})
    assert GENERALS.offered({"advanced": True, "domination": True}), "Domination plays them too (ARENA.md 4.22)"
    assert not GENERALS.offered({"hill": True}) and not GENERALS.offered({"advanced": True, "ceremony": True})


def test_each_player_is_dealt_the_general_manoeuvres_picked_in_the_lobby():
    picks = ["shove+sprint", "pull+sweep", "shove+sprint"]
    state = GAME.setup(3, {"hill": True, "advanced": True, "generals": picks}, 1, NOW)
    assert [hand[1:] for hand in state["hands"]] == [["shove", "sprint"], ["pull", "sweep"], ["shove", "sprint"]]
    assert {"pull", "sweep"} <= set(state["dice"][1]["tracks"]) and "spin" not in state["dice"][1]["tracks"]


def test_without_picks_each_player_is_dealt_a_pair_of_general_manoeuvres_drawn_from_the_seed():
    def pairs(seed):
        state = GAME.setup(4, {"hill": True, "advanced": True}, seed, NOW)
        return ["+".join(hand[1:]) for hand in state["hands"]]
    assert pairs(7) == pairs(7) and all(pair in GENERALS.values for pair in pairs(7))
    assert len({tuple(pairs(seed)) for seed in range(20)}) > 1, "the seed decides"


def test_a_pick_that_is_no_pair_of_general_manoeuvres_is_refused():
    for picks, says in ((["shove+shove", "pull+spin"], "'shove+shove' is not a pair of general manoeuvres"),
                        (["spin+pull", "pull+spin"], "'spin+pull' is not a pair"),
                        (["pull+spin"], "Every player needs a pair of general manoeuvres")):
        with pytest.raises(RuleError, match=re.escape(says)):
            GAME.setup(2, {"hill": True, "advanced": True, "generals": picks}, 1, NOW)


def test_general_manoeuvres_picked_while_the_hill_is_off_do_not_count():
    state = GAME.setup(2, {"advanced": True, "generals": ["shove+shove", None]}, 1, NOW)
    assert "hands" not in state


def test_shove_pushes_an_adjacent_figure_in_the_front_arc_one_hex():
    state = manoeuvres("shove", ([-3, 1], E), ([-2, 1], W))
    assert {"type": "use", "track": "shove", "target": 1, "dice": 1} in listed(state, 0, "use")
    state, said = do(state, 0, type="use", track="shove", target=1)
    assert state["figures"][1]["hex"] == [-1, 1] and state["figures"][1]["health"] == 15
    assert said == ["Grublic ({0}): Shove! Riparian ({1}) goes 1 hex E."]


def test_sprint_moves_two_hexes_straight_ahead():
    state = manoeuvres("sprint", ([-3, 1], E))
    state, _ = do(state, 0, type="use", track="sprint")
    assert state["figures"][0]["hex"] == [-1, 1] and state["figures"][0]["facing"] == E


def test_pull_brings_a_figure_in_sight_within_three_hexes_one_hex_closer():
    state = manoeuvres("pull", ([-3, 1], E), ([0, 1], W))
    state, said = do(state, 0, type="use", track="pull", target=1)
    assert state["figures"][1]["hex"] == [-1, 1] and said == ["Grublic ({0}): Pull! Riparian ({1}) goes 1 hex W."]
    put(state, 1, [1, 1], W)  # 4 hexes away: out of reach
    dealt(state, 0, "leap", "pull")
    ready(state, 0, "pull", pull=2)
    refused(state, 0, "No one to pull whom from here", type="use", track="pull", target=1)


def test_spin_turns_an_adjacent_front_arc_figure_three_sides():
    state = manoeuvres("spin", ([-3, 1], E), ([-2, 1], W))
    state, _ = do(state, 0, type="use", track="spin", target=1)
    assert state["figures"][1]["facing"] == E


def test_sweep_pushes_every_figure_in_the_front_arc():
    state = manoeuvres("sweep", ([-3, 1], SE), ([-3, 2], W), ([-2, 1], W))
    state, said = do(state, 0, type="use", track="sweep")
    assert state["figures"][1]["hex"] == [-3, 3] and state["figures"][2]["hex"] == [-1, 1]
    assert said == ["Grublic ({0}): Sweep! Riparian ({1}) goes 1 hex SE; Banksia ({2}) goes 1 hex E."]


def test_a_manoeuvre_push_stops_at_a_stone():
    state = manoeuvres("shove", ([0, 0], E), ([1, 0], W))
    state, said = do(state, 0, type="use", track="shove", target=1)
    assert state["figures"][1]["hex"] == [1, 0] and said == ["Grublic ({0}): Shove! Riparian ({1}) goes nowhere, stopped."]


@pytest.mark.parametrize("turn_based", [False, True])
def test_random_advanced_king_of_the_hill_keeps_every_invariant(turn_based, capsys):
    """`python -m engine.simulate arena --players 4 --option hill --option advanced [--option turn_based]`."""
    clean_simulation(capsys, "hill", "advanced", *(["turn_based"] if turn_based else []))


class Climb(EyeForAnEye):
    """The same rules, listing what a player who wants the hill would do: lock dice on the hill
    card once up, keep Move dice and walk up the hill until then, pass. The listing changes, never the rules."""

    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        up = state["figures"][seat]["hex"] is not None and distance(state["figures"][seat]["hex"], [0, 0]) <= 1
        return first_wanted(actions, lambda a: a["type"] == "hill" and up,
                            lambda a: a["type"] == "recover" and a["track"] != "move",
                            lambda a: a["type"] == "allocate" and a["track"] == "move" and not up,
                            lambda a: a["type"] == "move" and self._closer(state, seat, a["steps"][0]),
                            lambda a: a["type"] == "hill",
                            lambda a: a["type"] == "roll",
                            lambda a: a["type"] in ("marker", "ready", "pass"))

    @staticmethod
    def _closer(state, seat, step):
        return nearing(state, seat, step, [[0, 0]]) > 0


@pytest.mark.parametrize("turn_based", [False, True])
def test_players_who_climb_the_hill_score_and_every_invariant_holds(turn_based):
    goal_matches(Climb(), 3, {"turn_based": turn_based, "hill": True})

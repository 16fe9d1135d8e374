"""Eye for an Eye's game modes: the mode framework (rule 28, ARENA.md 4.8-4.9) and Domination
(rule 27; 2.4, 2.7, 3.4, 4.13), one test per rule, named for it."""
from __future__ import annotations

import json
from functools import partial

import pytest

import render.arena as board
from engine.arena import EyeForAnEye
from engine.arena.board import clear_front, front_arc, key
from engine.arena.data import (
    BURRAPARAY_WINDOWS,
    COUNTDOWN_SECONDS,
    KNOCKOUT_PENALTY,
    ROUND_SECONDS,
    START_SECONDS,
    TB_DECLARE_SECONDS,
    TB_GAME_TURNS,
    TB_ROLLS,
    TB_SAFETY_GAME_TURNS,
)
from engine.arena.domination import RING, Domination, trigger_totals
from engine.arena.figures import arena, standing
from engine.arena.modes import EVERY_EYE, MODES, Mode, mode_for, mode_of
from engine.errors import RuleError
from engine.hexgrid import distance, neighbour
from engine.protocol import TIMEOUT, Option, canonical
from engine.rng import rig
from tests.kit import arena_setup as core
from tests.kit.arena_play import clean_simulation, first_wanted, goal_matches, nearing
from tests.kit.arena_setup import show_flower
from tests.kit.readability import image_width, recording_text

GAME = EyeForAnEye()
NOW = 1_000.0
YARRA_MARK = NOW + START_SECONDS + COUNTDOWN_SECONDS
A, Df, M, H, S = 1, 2, 3, 4, 6  # rigged rolls: the faces A D M H S


def new(players=4, tb=False, seed=1, domination=True):
    return GAME.setup(players, {"turn_based": tb, "domination": domination}, seed, NOW)


def begun(players=4, tb=False, seed=1):
    """Yarra Mark! called: the round under way, figures still around the centre."""
    state = new(players, tb, seed)
    return core.under_way(state)


do = partial(core.do, now=YARRA_MARK + 1)  # an action a second into the round; the invariants checked
refused = partial(core.refused, now=YARRA_MARK + 1)  # a refusal that leaves the state as it was


def put(state, seat, hex_, facing=0):
    state["figures"][seat]["hex"], state["figures"][seat]["facing"] = list(hex_), facing


def area(state, colour):
    return [list(h) for h in arena(state).areas[colour][0]]


def knock_out(state, seat, by):
    """Seat `seat` knocked out by `by`, its health moved to `by`'s cup (health stays counted)."""
    figure = state["figures"][seat]
    state["cups"][by] += figure["health"]
    figure["health"], figure["status"], figure["hex"] = 0, "out", None
    state["trophies"][by].append(seat)


def call(state):
    """The next Burraparay! call, when the table wakes the game for it."""
    return do(state, None, now=state["mode"]["calls"][0], type="timeout")


# --------------------------------------------------------------------------- the mode framework

def test_the_domination_option_picks_the_mode_and_every_eye_is_the_default():
    assert new()["game_mode"] == "domination" and isinstance(mode_of(new()), Domination)
    plain = new(domination=False)
    assert plain["game_mode"] == "every_eye" and mode_of(plain) is EVERY_EYE
    assert GAME.view(plain, None)["game_mode"] is None
    assert "domination" in {o.key for o in GAME.options}


def test_only_one_mode_may_be_picked(monkeypatch):
    class Other(Mode):
        key, title, option = "other", "Another mode", Option("other", "Another mode")

    monkeypatch.setitem(MODES, "other", Other())
    with pytest.raises(RuleError, match="Pick one mode: Domination or Another mode"):
        mode_for({"domination": True, "other": True})


def test_a_mode_may_take_fewer_players(monkeypatch):
    """King of the Hill takes 2-4 players (rule 26): a mode's `max_players` bounds the setup."""
    class Small(Mode):
        key, title, option, max_players = "small", "Small", Option("small", "Small"), 4

    monkeypatch.setitem(MODES, "small", Small())
    with pytest.raises(RuleError, match="Small takes 2-4 players"):
        GAME.setup(5, {"small": True}, 1, NOW)


def end_round_by_clock(state, vp, out=()):
    """Start the round if needed, give the VP scored, knock out `out`, and let the clock run out
    (the calls first: they score nobody, the figures are around the centre)."""
    while state["phase"] in ("start", "countdown"):
        state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    state["mode"]["calls"] = []
    state["mode"]["vp"] = list(vp)
    for seat in out:
        knock_out(state, seat, by=next(s for s in standing(state) if s != seat))
    state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    assert GAME.invariants(state) == []
    return state


def test_mode_scoring_a_knocked_out_player_loses_five_vp():
    state = end_round_by_clock(new(3), [4, 2, 0], out=[0])
    assert KNOCKOUT_PENALTY == 5
    assert state["results"][0]["scores"] == [4 - 5, 2, 0] and state["points"] == [-1, 2, 0]


def test_in_the_modes_vp_add_up_across_rounds_and_the_most_vp_wins():
    state = new(2)
    for vp in ([3, 0], [0, 2], [4, 1]):
        state = end_round_by_clock(state, vp)
    assert state["phase"] == "over" and state["points"] == [7, 3]
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 2) and outcome.scores == (7.0, 3.0)
    assert outcome.summary == "Grublic ({0}) wins the match with 7 VP."


def test_in_the_modes_a_final_tie_goes_to_the_most_health_left_then_is_shared():
    state = new(3)
    for vp in ([2, 2, 0], [0, 0, 1], [1, 1, 0]):
        state = end_round_by_clock(state, vp)
    assert state["phase"] == "start" and not state["tiebreak"]  # no tiebreak round in the modes
    state["figures"][1]["health"] -= 4
    state["cups"][2] += 4
    state = end_round_by_clock(state, [0, 0, 0])
    assert state["phase"] == "over" and state["points"] == [3, 3, 1]
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 2, 3)
    assert outcome.summary == "Grublic ({0}) wins the match with 3 VP, on health left (15 to 11)."
    state["results"][-1]["health"] = [15, 15, 15]
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 1, 3) and "share the win with 3 VP" in outcome.summary


def test_in_domination_allies_add_their_vp_together():
    """Rule 28 with Alliances (4 players: seats 0 and 1 against 2 and 3): each player gets the team's VP."""
    state = GAME.setup(4, {"domination": True, "alliances": True}, 1, NOW)
    state = end_round_by_clock(state, [3, 1, 0, 2], out=[3])
    assert state["results"][0]["scores"] == [4, 4, 2 - KNOCKOUT_PENALTY, 2 - KNOCKOUT_PENALTY]
    assert state["points"] == [4, 4, -3, -3]
    while state["phase"] != "over":
        state = end_round_by_clock(state, [0, 0, 0, 0])
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 1, 3, 3)
    assert outcome.summary == "Grublic ({0}) and Riparian ({1}) win the match with 4 VP."


def test_in_domination_a_tie_between_teams_goes_to_the_team_with_more_health_left():
    state = GAME.setup(4, {"domination": True, "alliances": True}, 1, NOW)
    while state["phase"] != "over":
        state = end_round_by_clock(state, [1, 0, 0, 1])
    state["results"][-1]["health"] = [15, 2, 9, 9]  # 17 against 18
    outcome = GAME.outcome(state)
    assert outcome.ranks == (3, 3, 1, 1)
    assert outcome.summary.endswith("win the match with 5 VP, on health left (18 to 17).")


def test_domination_with_the_advanced_rules_plays_the_manoeuvre_card_and_two_general_manoeuvres():
    """Rule 27 (ARENA.md 4.22): the character's Manoeuvre card (its Band I card) and the 2 General
    Manoeuvres picked in the lobby replace the Tribal cards, as in King of the Hill."""
    state = GAME.setup(2, {"domination": True, "advanced": True, "generals": ["shove+sprint", "pull+sweep"]}, 1, NOW)
    assert state["hands"] == [["leap", "shove", "sprint"], ["slippery", "pull", "sweep"]]
    assert {"leap", "shove", "sprint"} <= set(state["dice"][0]["tracks"])
    assert not {"shield_bash", "thunderstomp"} & set(state["dice"][0]["tracks"]), "no Tribal card of Band II or III"
    assert state["figures"][0]["hex"] in [list(h) for h in RING]
    assert "not built" not in Domination.rules and "General Manoeuvres you picked" in Domination.rules


def test_domination_without_picks_deals_each_player_a_pair_of_general_manoeuvres_from_the_seed():
    def hands(seed):
        return GAME.setup(3, {"domination": True, "advanced": True}, seed, NOW)["hands"]
    assert hands(4) == hands(4) and all(len(hand) == 3 and len(set(hand[1:])) == 2 for hand in hands(4))
    assert "hands" not in GAME.setup(3, {"domination": True}, 4, NOW), "without the advanced rules: no cards"


def test_a_general_manoeuvre_resolves_in_domination_as_in_king_of_the_hill():
    state = core.under_way(GAME.setup(2, {"domination": True, "advanced": True,
                                          "generals": ["shove+sprint", "shove+sprint"]}, 1, NOW))
    core.put(state, 0, [-3, 1], core.E)
    core.put(state, 1, [-2, 1], core.W)
    state["cards"][0] = ["shove"]  # Ready, with its Special die on it
    core.give(state, 0, shove=1)
    state, said = core.do(state, 0, now=YARRA_MARK + 1, type="use", track="shove", target=1)
    assert said == ["Grublic ({0}): Shove! Riparian ({1}) goes 1 hex E."] and state["figures"][1]["hex"] == [-1, 1]


def test_the_domination_rules_text_fits_an_embed_field_and_names_the_call():
    assert len(Domination.rules) <= 1024 and "Burraparay!" in Domination.rules and "Trigger" in Domination.rules


# --------------------------------------------------------------------------- Domination: placing (rule 27)

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_domination_figures_start_next_to_the_centre_with_no_figure_in_any_front_arc(players):
    state = new(players)
    taken = [key(f["hex"]) for f in state["figures"]]
    assert set(taken) <= set(RING) and len(set(taken)) == players
    for figure in state["figures"]:
        others = {h for h in taken if h != key(figure["hex"])}
        assert not others & {key(h) for h in front_arc(figure["hex"], figure["facing"])}
        if players <= 4:  # the ring leaves each a free hex beside it: the front arc is wholly clear
            assert clear_front(arena(state), others, figure["hex"], figure["facing"])
        else:  # no free hex beside it: it faces straight out, at a standing stone
            free_beside = any(key(neighbour(figure["hex"], d)) in set(RING) - set(taken) for d in range(6))
            assert free_beside or key(neighbour(figure["hex"], figure["facing"])) in arena(state).impassable


def test_a_domination_player_may_stand_on_any_free_ring_hex_facing_no_figure():
    state = new(2)
    refused(state, 0, "free hex next to the centre", now=NOW + 1, type="place", hex=area(state, "red")[1], facing=3)
    refused(state, 0, "Another figure stands there", now=NOW + 1, type="place", hex=state["figures"][1]["hex"],
            facing=0)
    free = next(h for h in RING if list(h) not in (state["figures"][0]["hex"], state["figures"][1]["hex"])
                and distance(list(h), state["figures"][1]["hex"]) == 1)
    towards = next(d for d in range(6) if neighbour(list(free), d) == state["figures"][1]["hex"])
    refused(state, 0, "no figure in your front arc", now=NOW + 1, type="place", hex=list(free), facing=towards)
    away = (towards + 3) % 6  # a stone or the edge ahead is allowed: only figures count
    state, texts = do(state, 0, now=NOW + 1, type="place", hex=list(free), facing=away)
    assert state["figures"][0]["hex"] == list(free)
    places = [a for a in GAME.legal_actions(state, 1) if a["type"] == "place"]
    assert places and all(tuple(a["hex"]) in RING and a["hex"] != list(free) for a in places)


# --------------------------------------------------------------------------- Domination: the flowers

def test_the_flower_deck_is_the_six_area_colours_shuffled_from_the_seed():
    decks = [new(seed=seed)["mode"]["deck"]["draw"] for seed in (1, 1, 2, 3)]
    assert sorted(decks[0]) == sorted(arena(new()).areas) and decks[0] == decks[1]
    assert decks[0] != decks[2] or decks[0] != decks[3]


def test_yarra_mark_flips_the_first_flower():
    state = new()
    top = state["mode"]["deck"]["draw"][-1]
    assert state["mode"]["flower"] is None
    state = begun()
    assert state["mode"]["flower"] == top and len(state["mode"]["deck"]["draw"]) == 5


def test_four_burraparay_calls_come_one_in_each_window_at_seeded_times():
    times = [begun(seed=seed)["mode"]["calls"] for seed in (1, 1, 2)]
    assert len(times[0]) == 4 and times[0] == times[1] and times[0] != times[2]
    for calls in times:
        for at, (low, high) in zip(calls, BURRAPARAY_WINDOWS, strict=True):
            assert YARRA_MARK + low <= at <= YARRA_MARK + high
    assert BURRAPARAY_WINDOWS == ((50, 70), (110, 130), (170, 190), (230, 250))


def test_the_calls_are_unannounced_but_the_table_wakes_the_game_for_them():
    state = begun()
    first = state["mode"]["calls"][0]
    assert GAME.next_deadline(state) == first  # the table's scheduler fires it
    view = GAME.view(state, None)
    assert view["deadline"] == YARRA_MARK + ROUND_SECONDS and json.dumps(first) not in json.dumps(view)
    assert view["game_mode"]["calls"] == {"made": 0, "of": 4}


def test_a_call_is_kept_in_the_state_and_fires_after_a_restart():
    state = json.loads(canonical(begun()))  # what the store keeps, read back
    refused(state, None, "not up yet", now=state["mode"]["calls"][0] - 0.001, type="timeout")
    state, texts = call(state)
    assert texts[0].startswith("Burraparay!") and len(state["mode"]["calls"]) == 3


def test_at_burraparay_each_figure_on_the_flower_scores_one_plus_one_per_player_not_on_it():
    """4 players: two on the red area score 1 + 2 (the two not on it) each; the one elsewhere and the
    knocked-out one count as not on it; a player who left the match does not count."""
    state = begun(5)
    show_flower(state, "red")
    red = area(state, "red")
    put(state, 0, red[0], 3)
    put(state, 1, red[2], 3)
    knock_out(state, 3, by=2)
    state, _ = do(state, 4, type="leave")
    state, texts = call(state)
    assert texts[0] == "Burraparay! Grublic ({0}) and Riparian ({1}) hold the red area: 3 VP each."
    assert state["mode"]["vp"] == [3, 3, 0, 0, 0]
    put(state, 1, [0, 0], 0)
    show_flower(state, "red")
    state, texts = call(state)
    assert texts[0] == "Burraparay! Grublic ({0}) holds the red area: 4 VP." and state["mode"]["vp"][0] == 7


def test_after_a_scoring_the_next_flower_is_flipped_and_the_deck_is_reshuffled_when_it_runs_out():
    state = begun()
    deck = state["mode"]["deck"]
    upcoming = list(reversed(deck["draw"]))
    state, texts = call(state)
    assert state["mode"]["flower"] == upcoming[0] and "The Ceremonial Flower is " + upcoming[0] in texts[1]
    state["mode"]["deck"]["discard"] += state["mode"]["deck"]["draw"]  # the deck runs out
    state["mode"]["deck"]["draw"] = []
    state, texts = call(state)
    assert texts[1].startswith("The flower deck has run out: the flowers are shuffled into a fresh deck.")
    assert len(state["mode"]["deck"]["draw"]) == 5 and state["mode"]["deck"]["discard"] == []


def test_a_real_time_domination_round_ends_at_yarra_bung_after_its_four_calls_and_the_deck_carries_over():
    state = begun(2)
    for _ in range(4):
        state, _ = call(state)
    assert GAME.next_deadline(state) == YARRA_MARK + ROUND_SECONDS and state["phase"] == "fight"
    flower = state["mode"]["flower"]
    state, texts = do(state, None, now=YARRA_MARK + ROUND_SECONDS, type="timeout")
    assert any("Yarra Bung!" in t for t in texts) and state["round"] == 2
    assert state["mode"]["vp"] == [0, 0] and state["mode"]["flower"] == flower  # no new deck between rounds
    assert len(state["mode"]["deck"]["draw"]) == 1
    assert state["figures"][0]["hex"] in [list(h) for h in RING]  # figures start round the centre again


# --------------------------------------------------------------------------- Domination turn-based: the trigger (3.4)

def declaring(players=3, seed=1):
    """Turn-based: the first game turn played out with nothing allocated: the declaration is open."""
    state = begun(players, tb=True, seed=seed)
    for seat in range(players):
        state, _ = do(state, seat, type="marker", marker=seat + 1)
    assert state["phase"] == "declare"
    return state


def test_after_each_game_turn_everyone_declares_trigger_or_not_and_the_dice_they_roll():
    state = declaring()
    assert GAME.waiting_for(state) == [0, 1, 2] and GAME.next_deadline(state) == YARRA_MARK + 1 + TB_DECLARE_SECONDS
    state, texts = do(state, 0, type="declare", trigger=True, dice=2)
    assert texts == ["Grublic ({0}) declares Trigger, rolling 2 dice."]
    refused(state, 0, "You have declared", type="declare", trigger=False, dice=0)
    refused(state, 1, "Roll 0 to 7 dice", type="declare", trigger=False, dice=8)
    refused(state, 1, "Declare Trigger or Not", type="roll")
    assert GAME.waiting_for(state) == [1, 2]


def test_legal_actions_offer_every_declaration():
    state = declaring()
    offered = GAME.legal_actions(state, 1)
    assert len(offered) == 2 * 8 and {"type": "declare", "trigger": False, "dice": 7} in offered
    assert {"type": "declare", "trigger": True, "dice": 0} in offered


def test_attack_counts_for_trigger_defence_for_not_and_special_for_its_rollers_own_side():
    assert trigger_totals([(True, ["A", "S", "D", "M"]), (False, ["S", "S", "A", "H", "R"])]) == (3, 3)
    assert trigger_totals([(False, ["A"]), (True, ["D", "D"])]) == (1, 2)


def test_more_for_trigger_scores_and_a_tie_does_not():
    state = declaring()
    show_flower(state, "red")
    put(state, 2, area(state, "red")[1], 3)
    rig(state, A, S, Df)  # Trigger: Attack + Grublic's Special; Not: Defence -> 2 against 1
    state, _ = do(state, 0, type="declare", trigger=True, dice=2)
    state, _ = do(state, 1, type="declare", trigger=False, dice=1)
    state, texts = do(state, 2, type="declare", trigger=False, dice=0)
    assert texts[1] == ("Grublic ({0}) (Trigger) rolls Attack, Special; Riparian ({1}) (Not) rolls Defence. "
                        "Trigger 2, Not 1: scoring!")
    assert texts[2] == "Burraparay! Banksia ({2}) holds the red area: 3 VP." and state["mode"]["scored"] == 1
    assert state["phase"] == "roll" and state["tb"]["game_turn"] == 2
    flower = state["mode"]["flower"]
    for seat in range(3):
        state, _ = do(state, seat, type="marker", marker=seat + 1)
    rig(state, A, Df)
    state, _ = do(state, 0, type="declare", trigger=True, dice=1)
    state, _ = do(state, 1, type="declare", trigger=True, dice=1)
    state, texts = do(state, 2, type="declare", trigger=True, dice=0)
    assert texts[1].endswith("Trigger 1, Not 1: no scoring.") and state["mode"]["flower"] == flower


def test_whoever_has_not_declared_in_thirty_seconds_declares_not_with_no_dice():
    state = declaring()
    rig(state, A)
    state, _ = do(state, 0, type="declare", trigger=True, dice=1)
    state, texts = do(state, None, now=GAME.next_deadline(state), type="timeout")
    assert TB_DECLARE_SECONDS == 30 and texts[0].endswith("Trigger 1, Not 0: scoring!")
    assert state["flow"]["missed"] == [0, 1, 1]


def test_the_dice_rolled_for_the_trigger_count_as_rolled_in_the_next_first_roll():
    state = declaring(2)
    rig(state, S, S, A)
    state, _ = do(state, 0, type="declare", trigger=True, dice=3)
    state, _ = do(state, 1, type="declare", trigger=False, dice=0)
    assert state["dice"][0]["pool"] == ["S", "S", "A", None, None, None, None]
    assert state["dice"][1]["pool"] == [None] * 7
    rig(state, M, M, M, M)
    state, _ = do(state, 0, type="roll")  # the first roll leaves the trigger dice be
    assert state["dice"][0]["pool"] == ["S", "S", "A", "M", "M", "M", "M"]
    assert state["tb"]["rolls_left"][0] == TB_ROLLS - 1
    rig(state, H, H, H, H, H, H, H)
    state, _ = do(state, 0, type="roll")  # later rolls reroll every unallocated die
    assert state["dice"][0]["pool"] == ["H"] * 7


def test_a_turn_based_domination_round_ends_when_every_flower_has_been_scored():
    state = declaring(2)
    for scoring in range(6):
        rig(state, A)
        state, _ = do(state, 0, type="declare", trigger=True, dice=1)
        state, texts = do(state, 1, type="declare", trigger=False, dice=0)
        if scoring < 5:
            assert state["mode"]["scored"] == scoring + 1 and state["phase"] == "roll"
            for seat in range(2):
                state, _ = do(state, seat, type="marker", marker=seat + 1)
    assert any("The round ends: every flower has been scored" in t for t in texts)
    assert state["round"] == 2 and state["phase"] == "start"


def test_a_turn_based_domination_round_has_only_a_safety_cap_should_the_flowers_never_be_scored():
    """ARENA.md 4.20: the round ends when every flower has been scored, not after 6 or 12 game turns; a cap
    stops only a round nobody would end (TB_SAFETY_GAME_TURNS, far beyond what players take)."""
    state = declaring(2)
    assert TB_SAFETY_GAME_TURNS > 2 * TB_GAME_TURNS
    for turn in range(1, TB_SAFETY_GAME_TURNS):
        state, _ = do(state, None, now=GAME.next_deadline(state), type="timeout")  # Not, no dice: no scoring
        assert state["round"] == 1 and state["tb"]["game_turn"] == turn + 1
        for seat in range(2):
            state, _ = do(state, seat, type="marker", marker=seat + 1)
    state, texts = do(state, None, now=GAME.next_deadline(state), type="timeout")
    assert any("the last game turn is over" in t for t in texts) and state["round"] == 2
    assert state["results"][-1]["ended"] == "cap"


def test_a_player_who_leaves_during_the_declaration_lets_it_resolve():
    state = declaring(3)
    state, _ = do(state, 0, type="declare", trigger=False, dice=0)
    state, _ = do(state, 1, type="declare", trigger=False, dice=0)
    state, texts = do(state, 2, type="leave")
    assert texts[1] == "Nobody rolls. Trigger 0, Not 0: no scoring." and state["phase"] == "roll"


def test_the_view_shows_the_flower_the_vp_and_the_declarations_and_shares_nothing():
    state = declaring()
    state, _ = do(state, 0, type="declare", trigger=True, dice=0)
    view = GAME.view(state, 1)["game_mode"]
    assert view["key"] == "domination" and view["flower"] == state["mode"]["flower"]
    assert view["area"] == area(state, view["flower"]) and view["vp"] == [0, 0, 0] and view["calls"] is None
    assert view["declared"] == [{"trigger": True, "dice": 0}, None, None] and view["deck"] == 5
    before = canonical(state)
    view["declared"][0]["dice"] = 9
    view["vp"].append(1)
    assert canonical(state) == before


# --------------------------------------------------------------------------- random play

@pytest.mark.parametrize("turn_based", [False, True])
def test_random_domination_keeps_every_invariant_and_replays_to_the_snapshot(turn_based, capsys):
    """`python -m engine.simulate arena --players 4 --option domination [--option turn_based]`."""
    clean_simulation(capsys, "domination", *(["turn_based"] if turn_based else []), seed=5)


class Dominate(EyeForAnEye):
    """The same rules, listing what a player who wants the flower would do: keep only Move dice,
    walk to its area, declare Trigger when standing on it (and Not otherwise), pass. The listing
    changes, never the rules."""

    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        if state["phase"] == "declare":
            on = state["figures"][seat]["hex"] in area(state, state["mode"]["flower"])
            return [a for a in actions if a["trigger"] == on and a["dice"] >= len(actions) // 4] or actions
        return first_wanted(actions, lambda a: a["type"] == "recover" and a["track"] != "move",
                            lambda a: a["type"] == "allocate" and a["track"] == "move",
                            lambda a: a["type"] == "move" and self._closer(state, seat, a["steps"][0]),
                            lambda a: a["type"] == "roll",
                            lambda a: a["type"] in ("marker", "ready", "pass"))

    @staticmethod
    def _closer(state, seat, step):
        flower = state["mode"]["flower"]
        return flower is not None and nearing(state, seat, step, area(state, flower)) > 0


@pytest.mark.parametrize("turn_based", [False, True])
def test_players_who_walk_to_the_flower_score_and_every_invariant_holds(turn_based):
    goal_matches(Dominate(), 3, {"turn_based": turn_based, "domination": True})


# --------------------------------------------------------------------------- the board

def domination_boards():
    """Views of a Domination match: a round with VP scored, the declaration, the end."""
    fight = begun(4)
    show_flower(fight, "red")
    put(fight, 0, area(fight, "red")[0], 3)
    fight, _ = call(fight)
    declare = declaring(3)
    declare, _ = do(declare, 0, type="declare", trigger=True, dice=2)
    over = new(2)
    for vp in ([3, 0], [0, 3], [1, 1]):
        over = end_round_by_clock(over, vp)
    over["results"][-1]["health"] = [15, 9]
    return {"fight": GAME.view(fight, None), "declare": GAME.view(declare, None), "over": GAME.view(over, None)}


@pytest.mark.parametrize("kind", ["fight", "declare", "over"])
def test_the_board_says_the_flower_the_vp_and_who_must_declare_readably(kind):
    view = domination_boards()[kind]
    with recording_text(board) as log:
        image = board.render_arena(view, ["Ann", "Bob", "Cy", "Di"][:len(view["seats"])], now=YARRA_MARK)
    assert image_width(image.png) == board.WIDTH and log.problems(board.WIDTH) == []
    flower = view["game_mode"]["flower"]
    said = {"fight": f"Hold the {flower} area (VP: Ann 4)", "declare": "Declare Trigger or Not, and the dice you roll: "
            "waiting for Bob, Cy.", "over": "Game over: Ann wins the match with 4 VP."}[kind]
    assert said in image.description

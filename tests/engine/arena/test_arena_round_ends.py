"""Eye for an Eye, how turn-based rounds of the modes end (rules 25-27, ARENA.md 4.20; issue 26 item 2): King
of the Hill at its third scoring, Domination when every flower card has been scored, the Ceremony when no
Nymphlet is left, and any round when one side is left; not after Every Eye's 6 game turns. A safety cap on game
turns stays only against a round nobody ends that way, set so that it ends fewer than 1 round in 100 played by
the computer players, and `/rules` states it. Each round's result keeps how it ended, and the simulator counts
them."""
from __future__ import annotations

import pytest

from engine.arena import EyeForAnEye
from engine.arena.ceremony import Ceremony
from engine.arena.data import HILL_SCORINGS_TB, TB_GAME_TURNS, TB_SAFETY_GAME_TURNS
from engine.arena.domination import Domination
from engine.arena.hill import KingOfTheHill
from engine.arena.modes import EVERY_EYE, MODES
from engine.arena.rounds import CAP, KNOCKOUT, PASSED, SCORING, TIME
from engine.computers.arena import turn_based as tb_computer
from engine.computers.arena.levels import level_of
from engine.computers.arena.scene import read
from engine.computers.play import play_game
from engine.protocol import TIMEOUT
from tests.kit.arena_log import log_text
from tests.kit.arena_play import simulated
from tests.kit.arena_setup import NOW, E, W, do, give, pool, put, under_way

GAME = EyeForAnEye()
FAR = ([4, -3], [-4, 3])  # two rim hexes, off the hill and far apart


def turn_based(mode, players=2):
    """A turn-based round of `mode` under way; the figures on the rim, far apart (the Ceremony: in their
    areas, beside their Nymphlets)."""
    return under_way(GAME.setup(players, {"turn_based": True, mode: True}, 1, NOW), () if mode == "ceremony" else FAR)


def idle_game_turns(state, turns):
    """Everyone takes a marker with nothing to resolve (so passes), `turns` times; Domination's declaration
    runs out (Not, no dice) between them."""
    for _ in range(turns):
        for seat in range(state["players"]):
            state, _ = do(state, seat, type="marker", marker=seat + 1)
        if state["phase"] == "declare":
            state, _ = do(state, None, now=GAME.next_deadline(state), type="timeout")
    return state


@pytest.mark.parametrize("mode", ["hill", "domination", "ceremony"])
def test_a_turn_based_mode_round_plays_on_past_every_eyes_six_game_turns(mode):
    state = idle_game_turns(turn_based(mode), 2 * TB_GAME_TURNS)
    assert state["round"] == 1 and state["phase"] == "roll" and state["tb"]["game_turn"] == 2 * TB_GAME_TURNS + 1


def test_an_every_eye_round_keeps_its_six_game_turn_cap():
    state = under_way(GAME.setup(2, {"turn_based": True}, 1, NOW))
    state = idle_game_turns(state, TB_GAME_TURNS)
    assert state["round"] == 2 and state["results"][-1]["ended"] == CAP
    assert not EVERY_EYE.tb_safety_cap and EVERY_EYE.tb_game_turns == TB_GAME_TURNS


def test_the_modes_keep_only_a_safety_cap_far_beyond_what_players_take():
    for mode in (KingOfTheHill, Domination, Ceremony):
        assert MODES[mode.key].tb_safety_cap and mode.tb_game_turns == TB_SAFETY_GAME_TURNS > 2 * TB_GAME_TURNS


def test_king_of_the_hill_ends_at_its_third_scoring_and_its_result_says_by_scoring():
    state = turn_based("hill")
    put(state, 0, [0, 0], W)
    state = idle_game_turns(state, TB_GAME_TURNS + 1)
    for _ in range(2 * HILL_SCORINGS_TB):
        pool(state, 0, "M", "R", "S")
        state, texts = do(state, 0, type="hill")
    assert state["round"] == 2 and state["results"][-1]["ended"] == SCORING
    assert f"the hill has scored {HILL_SCORINGS_TB} times" in " ".join(texts)


def test_a_knockout_ends_a_mode_round_and_its_result_says_by_knockout():
    state = turn_based("hill")
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], E)  # its back to the attacker
    state["figures"][1]["health"] = 1
    state["cups"][0] += 14
    give(state, 0, attack=1)
    state["tb"]["markers"] = [0, 1]
    state["phase"], state["tb"]["active"], state["tb"]["actions_left"] = "turns", 0, 2
    state["flow"].update(kind="one", seats=[0], acted=[])
    state, texts = do(state, 0, type="attack", target=1)  # from the rear: unblockable, nothing rolled
    assert state["results"][-1]["ended"] == KNOCKOUT


def test_a_real_time_round_result_says_by_the_clock_or_by_passing():
    state = under_way(GAME.setup(2, {}, 1, NOW))
    state, _ = GAME.apply(state, None, TIMEOUT, GAME.next_deadline(state))
    assert state["results"][-1]["ended"] == TIME
    state = under_way(state)
    for seat in (0, 1):
        state, _ = do(state, seat, now=GAME.next_deadline(state) - 100, type="pass")
    assert state["results"][-1]["ended"] == PASSED


def test_a_mode_shows_its_game_turn_without_a_cap_and_every_eye_with_its_six():
    hill = turn_based("hill")
    assert GAME.view(hill, None)["turns"]["game_turns"] is None
    assert any(line.startswith("Game turn 1: roll") for line in log_text(hill))
    every_eye = under_way(GAME.setup(2, {"turn_based": True}, 1, NOW))
    assert GAME.view(every_eye, None)["turns"]["game_turns"] == TB_GAME_TURNS
    assert any(line.startswith(f"Game turn 1 of {TB_GAME_TURNS}: roll") for line in log_text(every_eye))


@pytest.mark.parametrize("mode", [KingOfTheHill, Domination, Ceremony])
def test_the_rules_of_each_mode_state_its_turn_based_end_and_the_safety_cap(mode):
    assert f"after {TB_SAFETY_GAME_TURNS} game turns" in mode.rules and len(mode.rules) <= 1024


@pytest.mark.parametrize(("mode", "players"), [("hill", 2), ("hill", 4), ("domination", 3), ("ceremony", 2)])
def test_computer_players_end_turn_based_mode_rounds_by_the_modes_rule_not_by_the_cap(mode, players):
    for seed in (1, 2):
        played = play_game(GAME, ["hard", "easy", "normal", "hard"][:players], {"turn_based": True, mode: True}, seed)
        assert all(r["ended"] in (SCORING, KNOCKOUT) for r in played.state["results"]), played.state["results"]


def test_the_simulator_prints_how_rounds_ended_and_the_cap_share(capsys):
    figures = simulated(capsys, ["arena", "--players", "3", "--option", "turn_based", "--option", "hill",
                                 "--bots", "hard", "--games", "2"])
    assert sum(figures["round_endings"].values()) == 2 * 4 and set(figures["round_endings"]) <= {SCORING, KNOCKOUT}
    assert figures["cap_share"] == 0.0


# --------------------------------------------------------------------------- the computers keep rounds going

def computer_decides(state, seat, level="hard"):
    return tb_computer.decide(read(GAME.view(state, seat)), level_of(level), NOW)


def parked(state, seat, **tracks):
    """Every die of `seat` on its tracks, none in the pool."""
    state["dice"][seat]["tracks"].update(tracks)
    state["dice"][seat]["pool"] = []


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_computer_with_every_die_parked_takes_some_back_to_roll_so_the_round_never_stalls(level):
    state = turn_based("hill")
    parked(state, 0, attack=4, move=2, parry=1)
    action = computer_decides(state, 0, level)
    assert action["type"] == "recover" and action["count"] >= 1


def test_a_computer_on_the_flower_keeps_dice_unrolled_in_its_pool_for_the_trigger():
    state = turn_based("domination")
    flower = state["mode"]["flower"]
    put(state, 0, list(GAME.view(state, 0)["board"]["areas"][flower]["hexes"][1]), E)
    parked(state, 0, attack=1, move=4, parry=2)
    action = computer_decides(state, 0)
    assert action == {"type": "recover", "track": "move", "count": 3}, "one Move die kept, to turn"
    state, _ = do(state, 0, **action)
    assert computer_decides(state, 0)["type"] == "marker", "no roll: the unrolled dice are the trigger's"

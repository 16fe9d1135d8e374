"""Eye of the Tiger's computer player: it plays whole games from the view alone, replays, takes the Eye
when it can, and its par is the score of its own game on the same deal."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.computers import LEVELS, Mind, choose
from engine.computers.play import play_game
from engine.computers.tiger import POLICY, advise, par, seen_state
from engine.greenbox import CARDS, TILES
from engine.rng import Rng
from engine.tiger import EYE_TILE, Tiger

GAME = Tiger()


def card(colour: str, symbol: str, starter: bool = False) -> int:
    return next(c.id for c in CARDS if c.colour == colour and c.symbol == symbol and c.starter == starter)


def position(seed: int = 3) -> dict[str, Any]:
    """Turn 5 of a fresh deal, the red arrow and two drops revealed, the track empty."""
    state = GAME.setup(1, {}, seed, 0.0)
    state["turn"] = 5
    state["cards"]["draw"] += state["revealed"]
    revealed = [card("red", "arrow"), card("red", "drop", True), card("blue", "drop", True)]
    for c in revealed:
        for place in (state["cards"]["draw"], *state["supply"].values()):
            if c in place:
                place.remove(c)
    state["revealed"] = revealed
    return state


def put(state: dict[str, Any], field: int, symbol: str, power: int) -> None:
    tile = next(t for t in state["pile"] if TILES[t].symbol == symbol and t != EYE_TILE)
    state["pile"].remove(tile)
    state["track"][field] = {"tile": tile, "eye": False, "power": power, "dice": [1, 2], "abilities": [],
                             "colour": None, "extra": 0}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_that_replay(level: str) -> None:
    for seed in (1, 2):
        played = play_game(GAME, [level], {}, seed)  # raises Stuck on a refused move or a broken replay
        assert played.outcome is not None


def test_hard_plays_the_advanced_game_too() -> None:
    assert play_game(GAME, ["hard"], {"advanced": True}, 4).outcome is not None


def test_hard_beats_random_play_on_the_same_deals() -> None:
    hard = [play_game(GAME, ["hard"], {}, seed, check=False).outcome.margin for seed in range(1, 5)]
    chance = [play_game(GAME, ["random"], {}, seed, check=False).outcome.margin for seed in range(1, 5)]
    assert sum(hard) > sum(chance)


def test_the_hidden_order_of_the_deck_changes_nothing() -> None:
    state = position()
    state["track"][1] = None
    put(state, 1, "wheel", 9)
    reordered = copy.deepcopy(state)
    Rng(99).shuffle(reordered["cards"]["draw"])
    assert reordered["cards"]["draw"] != state["cards"]["draw"]
    assert GAME.view(reordered, 0) == GAME.view(state, 0)  # the order is not in the view...
    assert advise(GAME.view(reordered, 0)) == advise(GAME.view(state, 0))  # ...so not in the decision


def test_the_seen_position_offers_the_same_moves_as_the_rules() -> None:
    state = position()
    put(state, 0, "hammers", 4)
    put(state, 2, "bricks", 6)
    assert GAME.legal_actions(seen_state(GAME.view(state, 0)), 0) == GAME.legal_actions(state, 0)


def test_it_takes_the_eye_when_the_monster_beside_it_falls() -> None:
    state = position()
    state["pile"].remove(EYE_TILE)
    state["track"][2] = {"tile": EYE_TILE, "eye": True}
    put(state, 1, "wheel", 3)
    advice = advise(GAME.view(state, 0))
    assert advice.action["type"] == "fight" and advice.action["monster"] == 1
    assert "wins the Eye of the Tiger" in advice.why


def test_it_buys_rather_than_leave_the_eye_without_a_monster_beside_it() -> None:
    """The Eye on field III, field II empty, a monster on field I: beating that monster now walks the
    Eye onto field II beside an empty field I, and the Eye is lost; a purchase first pushes the Eye
    beside the monster."""
    state = position()
    state["pile"].remove(EYE_TILE)
    state["track"][2] = {"tile": EYE_TILE, "eye": True}
    put(state, 0, "drop", 3)
    assert advise(GAME.view(state, 0)).action["type"] in ("buy", "pass_buy")


def test_the_policy_decides_through_its_mind_and_waits_when_the_game_is_over() -> None:
    state = position()
    mind = Mind.new(0, "hard", 7)
    action = choose(POLICY, mind, GAME.view(state, 0), 0.0)
    assert action in GAME.legal_actions(state, 0)
    state["phase"] = "over"
    assert POLICY.when(mind, GAME.view(state, 0), 0.0, Rng(1)) is None


def test_par_is_the_hard_players_score_on_the_same_deal() -> None:
    played = play_game(GAME, ["hard"], {}, 11, check=False)
    assert par({}, 11) == played.outcome.scores[0] == par({}, 11)

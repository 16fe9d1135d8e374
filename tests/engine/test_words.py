"""Counting words: "1 card", never "1 cards"; a game's seats, never "1-1 players"."""
from __future__ import annotations

from engine.words import player_count, plural


def test_one_is_singular_and_every_other_count_is_plural():
    assert plural(1, "game") == "1 game"
    assert plural(0, "game") == "0 games"
    assert plural(2, "step") == "2 steps"
    assert plural(1.0, "point") == "1 point" and plural(2.5, "point") == "2.5 points"
    assert plural(3, "was") == "3 were"
    assert plural(2, "candlestick", "candlesticks") == "2 candlesticks"


def test_a_game_for_one_number_of_players_says_it_once():
    assert player_count(1, 1) == "1 player"
    assert player_count(4, 4) == "4 players"
    assert player_count(2, 6) == "2-6 players"

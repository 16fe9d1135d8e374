"""The shared engine pieces: seeded generator, deck, seats, grids, deadlines, registry, replay."""
from __future__ import annotations

import json

import pytest

from engine import flow, grid, hexgrid, registry
from engine.deck import discard, draw, new_deck, size
from engine.errors import RuleError
from engine.protocol import canonical, ranked
from engine.replay import LoggedAction, replay
from engine.rng import Rng, rng_of


def test_same_seed_same_draws():
    a, b = Rng(42), Rng(42)
    assert [a.randint(1, 6) for _ in range(50)] == [b.randint(1, 6) for _ in range(50)]
    assert [Rng(43).randint(1, 6) for _ in range(50)] != [Rng(42).randint(1, 6) for _ in range(50)]


def test_generator_state_survives_json_and_continues_the_sequence():
    rng = Rng(7)
    rng.below(10)
    copy = Rng(json.loads(json.dumps(rng.state)))
    assert [rng.next64() for _ in range(5)] == [copy.next64() for _ in range(5)]


def test_dice_are_fair_enough():
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.roll() - 1] += 1
    assert all(9_400 < c < 10_600 for c in counts)


def test_shuffle_is_a_permutation():
    rng, items = Rng(3), list(range(52))
    rng.shuffle(items)
    assert sorted(items) == list(range(52)) and items != list(range(52))


def test_rng_of_writes_the_new_state_back():
    state = {"rng": 5}
    with rng_of(state) as rng:
        rng.roll()
    assert state["rng"] != 5


def test_deck_draws_from_the_top_and_reshuffles_the_discards_when_empty():
    rng = Rng(9)
    deck = new_deck(list(range(5)), rng)
    first = draw(deck, rng, 5)
    assert sorted(first) == list(range(5)) and deck["draw"] == []
    discard(deck, *first[:3])
    again = draw(deck, rng, 2)
    assert set(again) <= set(first[:3]) and size(deck) == 1


def test_deck_draws_what_there_is_when_everything_is_out():
    rng = Rng(9)
    deck = new_deck([1, 2], rng)
    assert len(draw(deck, rng, 5)) == 2 and draw(deck, rng) == []


def test_square_grid_neighbours_and_labels():
    assert sorted(grid.neighbours([0, 0], 6, 6)) == [[0, 1], [1, 0]]
    assert len(grid.neighbours([2, 2], 6, 6)) == 4
    assert grid.label([2, 1]) == "B3"
    assert grid.parse_label("b3", 6, 6) == [2, 1]
    assert grid.parse_label("G1", 6, 6) is None and grid.parse_label("3B", 6, 6) is None


def test_hex_distance_and_neighbours():
    origin = [0, 0]
    assert all(hexgrid.distance(origin, n) == 1 for n in hexgrid.neighbours(origin))
    assert hexgrid.distance([0, 0], [2, -1]) == 2
    assert len(hexgrid.within(origin, 2)) == 19


def test_a_deadline_is_an_absolute_time():
    assert flow.after(10.0, 5) == 15.0


def test_competition_ranking_shares_ties():
    assert ranked([3, 5, 5, 1]) == (3, 1, 1, 4)


def test_unknown_game_is_a_friendly_rule_error():
    with pytest.raises(RuleError, match="no game called 'nope'"):
        registry.get("nope")


def test_the_builtin_games_are_registered():
    registry.load()
    assert {"dragon", "ghosts", "tiger"} <= set(registry.names())


def test_apply_never_touches_the_callers_state():
    game = registry.get("tally")
    state = game.setup(2, {}, 1, 0.0)
    before = canonical(state)
    game.apply(state, 0, {"type": "add", "n": 2}, 1.0)
    with pytest.raises(RuleError):
        game.apply(state, 1, {"type": "add", "n": 2}, 1.0)
    assert canonical(state) == before


def test_replay_from_the_seed_gives_the_same_state():
    game = registry.get("patience")
    state = game.setup(1, {}, 99, 0.0)
    log = []
    for t in range(1, 4):
        state, _ = game.apply(state, 0, {"type": "draw"}, float(t))
        log.append(LoggedAction(0, {"type": "draw"}, float(t)))
    assert canonical(replay(game, 1, {}, 99, 0.0, log)) == canonical(state)

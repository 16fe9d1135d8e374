"""The flow kit: who may act, and when, for every game's phases."""
from __future__ import annotations

import pytest

from engine import flow
from engine.errors import RuleError
from engine.rng import Rng, rig, rng_of


def test_one_player_acts_and_the_others_are_told_whose_turn_it_is():
    f = flow.new(3)
    flow.one(f, 1, deadline=60.0)
    assert flow.waiting(f) == [1] and flow.may_act(f, 1) and not flow.may_act(f, 0)
    with pytest.raises(RuleError, match="\\{1\\}'s turn"):
        flow.require(f, 0)
    flow.acted(f, 1)
    assert flow.complete(f) and flow.waiting(f) == []


def test_everyone_acts_at_once_any_number_of_times():
    f = flow.new(3)
    flow.everyone(f)
    for _ in range(3):
        flow.require(f, 2)
        flow.acted(f, 2)
    assert flow.waiting(f) == [0, 1, 2] and not flow.complete(f)


def test_everyone_once_is_complete_when_all_acted_and_a_second_act_is_refused():
    f = flow.new(3)
    flow.each_once(f)
    flow.acted(f, 0)
    with pytest.raises(RuleError, match="already played"):
        flow.require(f, 0)
    flow.acted(f, 2)
    assert flow.waiting(f) == [1] and not flow.complete(f)
    flow.acted(f, 1)
    assert flow.complete(f)


def test_everyone_but_one_waits_on_the_others_only():
    f = flow.new(4)
    flow.all_but(f, 2)
    assert flow.waiting(f) == [0, 1, 3]
    with pytest.raises(RuleError):
        flow.require(f, 2)


def test_a_player_who_left_is_never_waited_on_and_turns_skip_them():
    f = flow.new(4)
    flow.each_once(f)
    flow.leave(f, 1)
    assert flow.waiting(f) == [0, 2, 3]
    with pytest.raises(RuleError, match="left"):
        flow.require(f, 1)
    assert flow.next_seat(f, 0) == 2 and flow.in_game(f) == [0, 2, 3]


def test_missing_three_timers_in_a_row_makes_a_player_away_until_they_act():
    f = flow.new(3)
    assert flow.miss(f, [1]) == [] and flow.miss(f, [1]) == []
    assert flow.miss(f, [1]) == [1] and flow.playing(f) == [0, 2]
    assert flow.next_seat(f, 0) == 2 and flow.next_seat(f, 0, skip_away=False) == 1
    flow.everyone(f)
    assert 1 not in flow.waiting(f)
    flow.acted(f, 1)
    assert flow.playing(f) == [0, 1, 2] and f["missed"][1] == 0


def test_a_phase_deadline_is_due_at_its_time():
    f = flow.new(2)
    flow.one(f, 0, deadline=100.0)
    assert not flow.due(f, 99.9) and flow.due(f, 100.0)
    flow.one(f, 1)
    assert not flow.due(f, 1e12)


def test_ranks_share_ties_and_put_leavers_last():
    assert flow.ranks([5, 9, 9, 1]) == (3, 1, 1, 4)
    assert flow.ranks([5, 9, 9, 1], left=[1]) == (2, 4, 1, 3)


def test_rigged_rolls_come_first_then_the_seeded_generator():
    state = {"rng": 7}
    rig(state, 6, 6, 1)
    with rng_of(state) as rng:
        assert [rng.roll(), rng.roll(), rng.roll()] == [6, 6, 1]
        after = rng.roll()
    assert state["rigged"] == [] and after == Rng(7).roll()


def test_a_rigged_roll_must_fit_the_die():
    with pytest.raises(ValueError):
        Rng(1, [7]).roll(6)


def test_a_rule_error_is_a_value_error():
    assert issubclass(RuleError, ValueError)


def test_explain_gives_the_engines_reason_without_changing_anything():
    from engine import registry

    registry.load()
    game = registry.get("dragon")
    state = game.setup(2, {}, 5, 0.0)
    before = dict(state)
    assert game.explain(state, 1, {"type": "stop"}, 1.0) and state == before
    reveal = next(a for a in game.legal_actions(state, 0) if a["type"] == "reveal")
    assert game.explain(state, 0, reveal, 1.0) is None and state == before


def test_turn_order_goes_round_and_skips_seats_that_left():
    """Moved with engine/seats.py's rule when Treasure of the Dragons took its turns from the flow kit."""
    f = flow.new(4)
    assert flow.next_seat(f, 0) == 1 and flow.next_seat(f, 3) == 0
    flow.leave(f, 1)
    flow.leave(f, 2)
    assert flow.next_seat(f, 0) == 3 and flow.in_game(f) == [0, 3]
    two = flow.new(2)
    flow.leave(two, 0)
    flow.leave(two, 1)
    assert flow.next_seat(two, 0) is None

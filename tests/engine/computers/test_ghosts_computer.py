"""Zap That Ghost's computer player: its timing hides its hand, it sees only its seat, it zaps right."""
from __future__ import annotations

import copy
from statistics import mean
from typing import Any

import pytest

from engine.computers import EASY, HARD, LEVELS, NORMAL, Mind, choose, think
from engine.computers.ghosts import POLICY, REACTION, Board
from engine.computers.play import play_game
from engine.ghosts import Ghosts
from engine.greenbox import CARDS
from engine.rng import rig

GAME = Ghosts()
NOW = 1_000.0


def racing(players: int = 2, seed: int = 1, die: int = 3) -> dict[str, Any]:
    """A state whose race has just opened with `die`: every seat has discarded its first two cards."""
    state = GAME.setup(players, {}, seed, NOW)
    rig(state, die)
    while state["phase"] == "discard":
        seat = state["discard_pending"][0]
        state, _ = GAME.apply(state, seat, {"type": "discard", "cards": state["hands"][seat][:2]}, NOW)
    assert state["phase"] == "race" and state["die"] == die
    return state


def with_hand(state: dict[str, Any], seat: int, ids: list[int]) -> dict[str, Any]:
    """A copy of `state` where `seat` holds `ids`, every card still in exactly one place."""
    state = copy.deepcopy(state)
    old = state["hands"][seat]
    places = [state["deck"]["draw"], state["deck"]["discard"]] + [h for s, h in enumerate(state["hands"]) if s != seat]
    spare = [c for c in old if c not in ids]
    for place in places:
        for i, cid in enumerate(place):
            if cid in ids:
                place[i] = spare.pop()
    state["hands"][seat] = list(ids)
    return state


def hands_with_and_without_zap(state: dict[str, Any], seat: int) -> tuple[list[int], list[int]]:
    """Two 4-card hands for `seat` in this race: one holding a zap, one holding none."""
    view = GAME.view(state, seat)
    board = Board.of(view)  # type: ignore[arg-type]
    zapping = [c.id for c in CARDS if board.zaps([c.id], state["die"])]
    dead = [c.id for c in CARDS if not board.zaps([c.id], state["die"])]
    return [zapping[0]] + dead[:3], dead[3:7]


def planned(level: str, state: dict[str, Any], seat: int, seed: int = 7) -> tuple[float | None, int]:
    mind = Mind.new(seat, level, seed)
    think(POLICY, mind, GAME.view(state, seat), NOW)
    return mind.due, mind.rng


def delay(level: str, state: dict[str, Any], seed: int) -> float:
    due, _ = planned(level, state, 0, seed)
    assert due is not None
    return due - NOW


def test_reaction_time_is_the_same_whether_or_not_the_hand_holds_a_zap() -> None:
    state = racing()
    holding, empty = hands_with_and_without_zap(state, 0)
    for level in LEVELS:
        for seed in range(20):
            assert planned(level, with_hand(state, 0, holding), 0, seed) == \
                planned(level, with_hand(state, 0, empty), 0, seed)


def test_the_miss_coin_is_tossed_whatever_the_hand_holds() -> None:
    state = racing()
    holding, empty = hands_with_and_without_zap(state, 0)
    after = []
    for hand in (holding, empty):
        mind = Mind.new(0, NORMAL, 3)
        view = GAME.view(with_hand(state, 0, hand), 0)
        think(POLICY, mind, view, NOW)
        choose(POLICY, mind, view, NOW + 10)
        after.append(mind.rng)
    assert after[0] == after[1]


def test_decisions_do_not_depend_on_other_seats_hidden_cards() -> None:
    state = racing(players=3, seed=5)
    other = with_hand(state, 1, state["deck"]["draw"][:4])
    assert other["hands"][1] != state["hands"][1]
    for level in LEVELS:
        for seed in range(10):
            minds = [Mind.new(0, level, seed) for _ in range(2)]
            for mind, s in zip(minds, (state, other), strict=True):
                think(POLICY, mind, GAME.view(s, 0), NOW)
            assert minds[0].due == minds[1].due
            due = minds[0].due or NOW
            actions = [choose(POLICY, mind, GAME.view(s, 0), due) for mind, s in zip(minds, (state, other), strict=True)]
            assert actions[0] == actions[1]
            assert minds[0].to_json() == minds[1].to_json()


@pytest.mark.parametrize("die", [1, 3, 6])
def test_it_calls_and_makes_a_legal_zap_when_it_holds_one(die: int) -> None:
    state = racing(seed=2, die=die)
    holding, _ = hands_with_and_without_zap(state, 0)
    state = with_hand(state, 0, holding)
    calls = 0
    for seed in range(30):
        mind = Mind.new(0, HARD, seed)
        think(POLICY, mind, GAME.view(state, 0), NOW)
        called_at = mind.due
        assert called_at is not None
        call = choose(POLICY, mind, GAME.view(state, 0), called_at)
        if call is None:
            continue  # the rare overlooked zap
        calls += 1
        assert call["type"] == "call"
        after, _ = GAME.apply(state, 0, call, called_at)
        think(POLICY, mind, GAME.view(after, 0), called_at)
        zapped_at = mind.due
        assert zapped_at is not None
        zap = choose(POLICY, mind, GAME.view(after, 0), zapped_at)
        assert zap is not None and zap["type"] == "zap"
        done, _ = GAME.apply(after, 0, zap, zapped_at)
        assert done["last_attempt"]["success"] and len(done["captured"][0]) == 1
    assert calls >= 25


def test_it_never_calls_without_a_zap() -> None:
    state = racing(seed=2, die=4)
    _, empty = hands_with_and_without_zap(state, 0)
    state = with_hand(state, 0, empty)
    for level in LEVELS:
        for seed in range(30):
            mind = Mind.new(0, level, seed)
            think(POLICY, mind, GAME.view(state, 0), NOW)
            assert choose(POLICY, mind, GAME.view(state, 0), mind.due or NOW) is None
            think(POLICY, mind, GAME.view(state, 0), NOW + 1)
            assert mind.due is None  # nothing more to do in this race


def test_hard_reacts_faster_than_easy() -> None:
    state = racing()
    easy = [delay(EASY, state, seed) for seed in range(200)]
    hard = [delay(HARD, state, seed) for seed in range(200)]
    assert max(hard) < min(easy)
    assert mean(hard) + 3 < mean(easy)


def test_another_seat_acting_does_not_postpone_a_running_reaction() -> None:
    state = racing(players=3)
    mind = Mind.new(2, HARD, 11)
    think(POLICY, mind, GAME.view(state, 2), NOW)
    due = mind.due
    later, _ = GAME.apply(state, 1, {"type": "leave"}, NOW + 1)  # a change in the same race
    assert later["phase"] == "race" and later["round"] == state["round"]
    think(POLICY, mind, GAME.view(later, 2), NOW + 1)
    assert mind.due == due


def test_a_new_roll_replans_the_reaction() -> None:
    state = racing()
    mind = Mind.new(0, HARD, 4)
    think(POLICY, mind, GAME.view(state, 0), NOW)
    rerolled, _ = GAME.apply(state, None, {"type": "timeout"}, NOW + 45)
    assert rerolled["round"] == state["round"] + 1
    think(POLICY, mind, GAME.view(rerolled, 0), NOW + 45)
    assert mind.due is not None and NOW + 45 + REACTION[HARD][0] <= mind.due <= NOW + 45 + REACTION[HARD][1]


@pytest.mark.parametrize("level", LEVELS)
def test_the_opening_discard_drops_cards_that_match_no_ghost(level: str) -> None:
    state = GAME.setup(2, {}, 3, NOW)
    view = GAME.view(state, 0)
    counts = Board.of(view).counts()  # type: ignore[arg-type]
    alive = [c.id for c in CARDS if counts.get((c.colour, c.symbol), 0) >= 2][:4]
    dead = [c.id for c in CARDS if c.colour in ("white", "black")][:2]
    state = with_hand(state, 0, [dead[0]] + alive[:2] + [dead[1]] + alive[2:])
    mind = Mind.new(0, level, 1)
    think(POLICY, mind, GAME.view(state, 0), NOW)
    action = choose(POLICY, mind, GAME.view(state, 0), mind.due or NOW)
    assert action is not None and sorted(action["cards"]) == sorted(dead)


def test_a_re_dealt_hand_is_discarded_from_again() -> None:
    state = GAME.setup(2, {}, 3, NOW)
    dead = [c.id for c in CARDS if c.colour in ("white", "black")][:6]
    state = with_hand(state, 0, dead)
    mind = Mind.new(0, HARD, 1)
    think(POLICY, mind, GAME.view(state, 0), NOW)
    state, _ = GAME.apply(state, 0, choose(POLICY, mind, GAME.view(state, 0), NOW + 2) or {}, NOW + 2)
    assert 0 in state["discard_pending"] and len(state["hands"][0]) == 6  # re-dealt
    think(POLICY, mind, GAME.view(state, 0), NOW + 2)
    assert mind.due is not None
    assert choose(POLICY, mind, GAME.view(state, 0), mind.due) is not None


def test_a_seat_that_left_plans_nothing() -> None:
    state = racing(players=3)
    state, _ = GAME.apply(state, 2, {"type": "leave"}, NOW)
    mind = Mind.new(2, HARD, 1)
    think(POLICY, mind, GAME.view(state, 2), NOW)
    assert mind.due is None


@pytest.mark.parametrize("level", LEVELS)
def test_the_swap_trades_a_card_that_matches_no_ghost(level: str) -> None:
    state = racing(players=3, seed=4)
    view = GAME.view(state, 1)
    counts = Board.of(view).counts()  # type: ignore[arg-type]
    alive = [c.id for c in CARDS if counts.get((c.colour, c.symbol), 0) >= 2]
    dead = next(c.id for c in CARDS if c.colour == "black")
    state = with_hand(state, 1, alive[:2] + [dead] + alive[2:3])
    state, _ = GAME.apply(state, 0, {"type": "call", "meeple": "red"}, NOW)
    state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    assert state["phase"] == "swap"
    mind = Mind.new(1, level, 2)
    think(POLICY, mind, GAME.view(state, 1), NOW)
    action = choose(POLICY, mind, GAME.view(state, 1), mind.due or NOW)
    assert action == {"type": "swap", "card": dead, "round": state["round"]}


@pytest.mark.parametrize("levels", [[EASY, HARD], [HARD, NORMAL, EASY, HARD, NORMAL, EASY]])
def test_whole_games_of_computers_end_without_a_stuck_step(levels: list[str]) -> None:
    for seed in range(3):
        played = play_game(GAME, levels, {}, seed)
        assert played.outcome is not None
        assert max(played.state["captured"], key=len)


def test_whole_games_with_ghost_colours_only_end() -> None:
    played = play_game(GAME, [NORMAL, HARD, EASY], {"ghost_colours_only": True}, 9)
    assert played.outcome is not None


def test_hard_beats_easy_in_most_games() -> None:
    wins = sum(play_game(GAME, [HARD, EASY], {}, seed, check=False).outcome.won[0] for seed in range(10))
    assert wins >= 7

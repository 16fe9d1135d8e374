"""Bugs & Co's computer player: it sees only its seat, remembers what its level allows, plays
legally, finishes games and plays better the higher its level."""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.bugs import COPIES, Bugs
from engine.computers import EASY, HARD, LEVELS, NORMAL, Mind, choose, think
from engine.computers.bugs import LEVEL_SETTINGS, POLICY
from engine.computers.play import play_game
from engine.protocol import Action
from engine.rng import Rng

GAME = Bugs()
T0 = 1_700_000_000.0

Step = Callable[[dict[str, Any], int, Action], None]


def run(levels: list[str], seed: int, steps: int, on_step: Step | None = None,
        on_think: Callable[[Mind], None] | None = None) -> tuple[dict[str, Any], list[Mind], float]:
    """Computers in every seat for up to `steps` actions (the table's loop, without its clock)."""
    state = GAME.setup(len(levels), {}, seed, T0)
    minds = [Mind.new(seat, level, seed) for seat, level in enumerate(levels)]
    now = T0

    def replan() -> None:
        for mind in minds:
            think(POLICY, mind, GAME.view(state, mind.seat), now)
            if on_think is not None:
                on_think(mind)

    replan()
    for _ in range(steps):
        due = [(mind.due, mind.seat) for mind in minds if mind.due is not None]
        if not due or GAME.outcome(state) is not None:
            break
        when, seat = min(due)
        now = max(now, when)
        action = choose(POLICY, minds[seat], GAME.view(state, seat), now)
        if action is not None:
            if on_step is not None:
                on_step(state, seat, action)
            state, _ = GAME.apply(state, seat, action, now)
        replan()
    return state, minds, now


def with_hidden_tiles_shuffled(state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
    """The same table for `seat`: every tile it cannot see (face down, removed, others' hands) swapped around."""
    state = copy.deepcopy(state)
    slots: list[tuple[list[Any], int]] = [(state["places"], p) for p, t in enumerate(state["places"]) if t is not None]
    slots += [(state["removed"], i) for i in range(len(state["removed"]))]
    slots += [(hand, i) for s, hand in enumerate(state["hands"]) if s != seat for i in range(len(hand))]
    tiles = [where[i] for where, i in slots]
    Rng(seed).shuffle(tiles)
    for (where, i), tile in zip(slots, tiles, strict=True):
        where[i] = tile
    return state


@pytest.mark.parametrize("players", [2, 8])
def test_decisions_do_not_depend_on_face_down_tiles(players: int) -> None:
    for steps in (15, 60, 120):
        state, minds, now = run([HARD] * players, seed=3, steps=steps)
        other = with_hidden_tiles_shuffled(state, 0, seed=steps)
        assert other["places"] != state["places"]
        decided = []
        for table in (state, other):
            mind = Mind.from_json(copy.deepcopy(minds[0].to_json()))
            think(POLICY, mind, GAME.view(table, 0), now)
            due = mind.due
            decided.append((due, choose(POLICY, mind, GAME.view(table, 0), now + 5.0), mind.to_json()))
        assert decided[0] == decided[1]


@pytest.mark.parametrize("level", LEVELS)
def test_memory_holds_no_more_tile_positions_than_its_level_allows(level: str) -> None:
    size = LEVEL_SETTINGS[level].memory

    def check(mind: Mind) -> None:
        places = [place for place, _ in mind.memory["seen"]]
        assert len(places) <= size and len(set(places)) == len(places)

    run([level] * 8, seed=5, steps=600, on_think=check)


@pytest.mark.parametrize("level", LEVELS)
def test_memory_keeps_the_most_recent_tile_positions(level: str) -> None:
    state = GAME.setup(8, {}, 6, T0)
    mind = Mind.new(0, level, 6)
    for place in range(len(state["places"])):  # look at every tile once, in order
        for action in ({"type": "grab", "place": place}, {"type": "put_back"}):
            state, _ = GAME.apply(state, 0, action, T0)
            think(POLICY, mind, GAME.view(state, 0), T0)
    size = LEVEL_SETTINGS[level].memory
    assert mind.memory["seen"] == [[p, t // COPIES] for p, t in enumerate(state["places"])][-size:]


def test_memory_sizes_grow_with_the_level() -> None:
    sizes = [LEVEL_SETTINGS[level].memory for level in (EASY, NORMAL, HARD)]
    assert sizes == sorted(sizes) and len(set(sizes)) == 3


@pytest.mark.parametrize("players", [2, 5, 8])
def test_every_decided_action_is_legal(players: int) -> None:
    decided = 0

    def legal(state: dict[str, Any], seat: int, action: Action) -> None:
        nonlocal decided
        decided += 1
        if action["type"] == "put_back" and "place" not in action:
            action = {"type": "put_back", "place": state["holding"][seat]["place"]}
        assert action in GAME.legal_actions(state, seat)

    run([LEVELS[seat % len(LEVELS)] for seat in range(players)], seed=players, steps=2000, on_step=legal)
    assert decided > 50


def test_a_tile_put_back_elsewhere_by_another_player_is_followed() -> None:
    state = GAME.setup(2, {}, 11, T0)
    mind = Mind.new(0, HARD, 11)
    design = state["places"][4] // COPIES

    def act(seat: int, action: Action) -> None:
        nonlocal state
        state, _ = GAME.apply(state, seat, action, T0)
        think(POLICY, mind, GAME.view(state, 0), T0)

    think(POLICY, mind, GAME.view(state, 0), T0)
    act(0, {"type": "grab", "place": 4})
    act(0, {"type": "put_back"})
    act(1, {"type": "grab", "place": 9})
    act(1, {"type": "keep"})  # place 9 is empty now
    act(1, {"type": "grab", "place": 4})
    act(1, {"type": "put_back", "place": 9})
    assert [9, design] in mind.memory["seen"] and all(place != 4 for place, _ in mind.memory["seen"])


def test_a_swap_by_another_player_is_followed_both_ways() -> None:
    state = GAME.setup(2, {}, 15, T0)
    mind = Mind.new(0, HARD, 15)
    there, held = state["places"][4] // COPIES, state["places"][9] // COPIES

    def act(seat: int, action: Action) -> None:
        nonlocal state
        state, _ = GAME.apply(state, seat, action, T0)
        think(POLICY, mind, GAME.view(state, 0), T0)

    think(POLICY, mind, GAME.view(state, 0), T0)
    for place in (4, 9):  # it looks at both tiles
        act(0, {"type": "grab", "place": place})
        act(0, {"type": "put_back"})
    act(1, {"type": "grab", "place": 9})
    act(1, {"type": "put_back", "place": 4})  # the tile of place 10 onto place 5, and that one to place 10
    assert sorted(mind.memory["seen"]) == sorted([[4, held], [9, there]])


@pytest.mark.parametrize("level", LEVELS)
def test_hard_disrupts_the_table_by_swapping_an_unwanted_tile_onto_a_rivals_latest_look(level: str) -> None:
    state = GAME.setup(2, {}, 16, T0)
    mind = Mind.new(0, level, 16)
    think(POLICY, mind, GAME.view(state, 0), T0)
    for seat, action in ((1, {"type": "grab", "place": 5}), (1, {"type": "put_back"}),
                         (0, {"type": "grab", "place": 20})):
        state, _ = GAME.apply(state, seat, action, T0)
        think(POLICY, mind, GAME.view(state, 0), T0)
    decided = choose(POLICY, mind, GAME.view(state, 0), T0 + 3)
    assert decided == ({"type": "put_back", "place": 5} if level == HARD else {"type": "put_back"})
    assert LEVEL_SETTINGS[level].disrupts == (level == HARD)


RIVAL_CONDUCT: dict[str, list[Action]] = {  # seat 1's looks, after seat 0 looked at places 3 and 4
    "moves tiles aimlessly": [{"type": "grab", "place": 5}, {"type": "put_back", "place": 20},
                              {"type": "grab", "place": 6}, {"type": "put_back", "place": 21}],
    "moves one tile aimlessly": [{"type": "grab", "place": 5}, {"type": "put_back", "place": 20},
                                 {"type": "grab", "place": 6}, {"type": "put_back"}],
    "puts tiles back in place": [{"type": "grab", "place": 5}, {"type": "put_back"},
                                 {"type": "grab", "place": 6}, {"type": "put_back"}],
    "disrupts the computer's looks": [{"type": "grab", "place": 5}, {"type": "put_back", "place": 3},
                                      {"type": "grab", "place": 6}, {"type": "put_back", "place": 4}],
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("conduct", list(RIVAL_CONDUCT))
def test_hard_takes_the_trophy_on_an_empty_hand_only_against_a_player_who_moves_tiles_aimlessly(
        level: str, conduct: str) -> None:
    """Two players, one trophy: against a rival who keeps swapping tiles onto places nobody looked
    at (no disruption, no memory: it builds no sets), hard stops at once, 3 points to the rival's
    nothing, before a lucky trophy ends its play; against anyone who plays properly it plays on."""
    state = GAME.setup(2, {}, 17, T0)
    mind = Mind.new(0, level, 17)
    think(POLICY, mind, GAME.view(state, 0), T0)
    mine: list[Action] = [{"type": "grab", "place": 3}, {"type": "put_back"},
                          {"type": "grab", "place": 4}, {"type": "put_back"}]
    for seat, action in [(0, a) for a in mine] + [(1, a) for a in RIVAL_CONDUCT[conduct]]:
        state, _ = GAME.apply(state, seat, action, T0)
        think(POLICY, mind, GAME.view(state, 0), T0)
    decided = choose(POLICY, mind, GAME.view(state, 0), T0 + 3)
    stops = level == HARD and conduct == "moves tiles aimlessly"
    assert mind.memory["mine"] == [] and state["hands"][1] == []
    assert (decided == {"type": "take_trophy"}) == stops
    assert decided is not None and decided["type"] in ("take_trophy", "grab")


def test_a_tile_another_player_keeps_counts_as_out_of_play() -> None:
    state = GAME.setup(2, {}, 12, T0)
    mind = Mind.new(0, HARD, 12)
    design = state["places"][2] // COPIES
    for seat, action in ((0, {"type": "grab", "place": 2}), (0, {"type": "put_back"}),
                         (1, {"type": "grab", "place": 2}), (1, {"type": "keep"})):
        state, _ = GAME.apply(state, seat, action, T0)
        think(POLICY, mind, GAME.view(state, 0), T0)
    assert mind.memory["hands"][1] == [design] and mind.memory["seen"] == []


def test_a_tile_that_finishes_a_set_is_kept() -> None:
    state = GAME.setup(2, {}, 13, T0)
    designs = [t // COPIES for t in state["places"]]
    whole = next(d for d in designs if designs.count(d) == COPIES)
    first, second, third = [p for p, d in enumerate(designs) if d == whole]
    mind = Mind.new(0, EASY, 13)
    for place in (first, second):  # keep two copies, then look at the third
        for action in ({"type": "grab", "place": place}, {"type": "keep"}):
            state, _ = GAME.apply(state, 0, action, T0)
            think(POLICY, mind, GAME.view(state, 0), T0)
    state, _ = GAME.apply(state, 0, {"type": "grab", "place": third}, T0)
    think(POLICY, mind, GAME.view(state, 0), T0)
    assert mind.memory["mine"] == [whole, whole]
    assert choose(POLICY, mind, GAME.view(state, 0), T0 + 3) == {"type": "keep"}


def test_a_plan_is_not_postponed_by_other_players_moves() -> None:
    state = GAME.setup(2, {}, 14, T0)
    mind = Mind.new(0, EASY, 14)
    think(POLICY, mind, GAME.view(state, 0), T0)
    planned = mind.due
    for action in ({"type": "grab", "place": 1}, {"type": "put_back"}):
        state, _ = GAME.apply(state, 1, action, T0 + 1)
        think(POLICY, mind, GAME.view(state, 0), T0 + 1)
        assert mind.due == planned


def test_slower_levels_look_more_slowly() -> None:
    speeds = [LEVEL_SETTINGS[level].look_seconds for level in (EASY, NORMAL, HARD)]
    assert speeds == sorted(speeds, reverse=True)


@pytest.mark.parametrize("players", [2, 8])
def test_whole_games_of_computers_end_without_getting_stuck(players: int) -> None:
    levels = [LEVELS[seat % len(LEVELS)] for seat in range(players)]
    for seed in (1, 2):
        played = play_game(GAME, levels, {}, seed)  # checks invariants and replay; raises Stuck
        assert played.outcome is not None


def test_hard_beats_easy_in_most_seeded_games() -> None:
    wins = 0
    for seed in range(6):
        hard = seed % 2
        levels = [EASY, EASY]
        levels[hard] = HARD
        wins += play_game(GAME, levels, {}, 100 + seed, check=False).outcome.won[hard]
    assert wins >= 4

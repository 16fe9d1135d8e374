"""Treasure of the Dragons (`dragon`): one test per rule, the seed's example turn, memory and simulation."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from engine.dragon import (
    COUNTS,
    KINDS,
    SIZE,
    SPIDER_SECONDS,
    TURN_SECONDS,
    Dragon,
    collectable,
    describe,
    turn_of,
    upgrade,
)
from engine.errors import RuleError
from engine.flow import AWAY_AFTER
from engine.grid import label, parse_label
from engine.protocol import LEAVE, TIMEOUT, canonical
from engine.rng import Rng

GAME = Dragon()
T0 = 1_000.0


# ----------------------------------------------------------------- helpers
def cell(text: str) -> list[int]:
    return parse_label(text, SIZE, SIZE)


def new(players: int = 3, seed: int = 7) -> dict:
    return GAME.setup(players, {}, seed, T0)


def arranged(placed: dict[str, str], players: int = 3) -> dict:
    """A fresh game whose grid has `placed` ({'A1': 'ball'}) and the other cards in the other cells."""
    state = new(players)
    rest = Counter(COUNTS)
    rest.subtract(Counter(placed.values()))
    assert min(rest.values()) >= 0
    pool = [k for k in KINDS for _ in range(rest[k])]
    for r in range(SIZE):
        for c in range(SIZE):
            name = label([r, c])
            state["grid"][r][c] = placed[name] if name in placed else pool.pop()
    assert not pool and GAME.invariants(state) == []
    return state


def endgame(left: dict[str, str], held: list[dict[str, int]]) -> dict:
    """A game where only `left` lies on the grid and the seats hold `held`; the rest are split to balance."""
    state = new(len(held))
    state["grid"] = [[None] * SIZE for _ in range(SIZE)]
    for name, kind in left.items():
        r, c = cell(name)
        state["grid"][r][c] = kind
    for seat, counts in enumerate(held):
        state["collected"][seat] = {k: counts.get(k, 0) for k in KINDS}
    assert GAME.invariants(state) == [], GAME.invariants(state)
    return state


def act(state, seat, action, now=None):
    """Apply and return (new state, event texts), checking the invariants after every step."""
    state, events = GAME.apply(state, seat, action, T0 + 1 if now is None else now)
    assert GAME.invariants(state) == []
    assert json.loads(canonical(state)) == state
    return state, [e.text for e in events]


def reveal(state, *names, seat=None):
    texts = []
    for name in names:
        state, more = act(state, turn_of(state) if seat is None else seat, {"type": "reveal", "cell": cell(name)})
        texts += more
    return state, texts


def stop(state):
    return act(state, turn_of(state), {"type": "stop"})


def held(state, seat):
    return {k: n for k, n in state["collected"][seat].items() if n}


def grid_kinds(state):
    return Counter(k for row in state["grid"] for k in row if k is not None)


def faces(view) -> dict[str, str]:
    """The face-up cards of a view by cell label: {'D1': 'spider'}."""
    return {label([r, c]): v for r, row in enumerate(view["grid"]) for c, v in enumerate(row)
            if v not in ("down", "empty")}


# ----------------------------------------------------------------- setup
def test_setup_deals_the_49_cards_face_down_in_a_7x7_grid():
    state = new()
    assert len(state["grid"]) == 7 and all(len(row) == 7 for row in state["grid"])
    assert grid_kinds(state) == Counter({"ball": 4, "car": 4, "doll": 4, "candlestick": 6, "crate": 8,
                                         "ring": 8, "dragon": 12, "spider": 3})
    view = GAME.view(state, None)
    assert all(v == "down" for row in view["grid"] for v in row)
    assert view["revealed"] == [] and view["scores"] == [0, 0, 0]


def test_setup_shuffles_by_seed_only():
    assert new(seed=3)["grid"] == new(seed=3)["grid"]
    assert new(seed=3)["grid"] != new(seed=4)["grid"]


def test_two_to_five_players():
    assert (Dragon.min_players, Dragon.max_players) == (2, 5)
    with pytest.raises(RuleError):
        GAME.setup(6, {}, 1, T0)


def test_seat_one_begins_and_play_goes_clockwise():
    state = arranged({"A1": "ring", "B1": "ring", "C1": "ring"})
    assert turn_of(state) == 0 and GAME.waiting_for(state) == [0]
    for name, next_turn in (("A1", 1), ("B1", 2), ("C1", 0)):
        state, _ = reveal(state, name)
        state, _ = stop(state)
        assert turn_of(state) == next_turn


def test_rules_text_covers_the_rules_and_is_short():
    text = Dragon.rules
    assert len(text) < 3500
    for word in ("spider", "dragon", "pairs", "threes", "fours", "empty cell", "most dragons", "leave"):
        assert word in text


# ----------------------------------------------------------------- revealing
def test_reveal_turns_a_card_face_up_for_everyone():
    state = arranged({"C2": "ball"})
    state, texts = reveal(state, "C2")
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert view["grid"][1][2] == "ball"
        assert view["revealed"] == [{"cell": [1, 2], "label": "C2", "kind": "ball"}]
    assert texts == []  # plain reveals leave no text behind: the board shows them


def test_reveal_accepts_a_cell_label():
    state = arranged({"G7": "ring"})
    state, _ = act(state, 0, {"type": "reveal", "cell": "g7"})
    assert state["revealed"] == [[6, 6]]


def test_only_the_player_on_turn_may_reveal():
    state = new()
    with pytest.raises(RuleError, match="turn"):
        GAME.apply(state, 1, {"type": "reveal", "cell": [0, 0]}, T0 + 1)


def test_a_card_cannot_be_revealed_twice_in_a_turn():
    state = arranged({"A1": "ring"})
    state, _ = reveal(state, "A1")
    with pytest.raises(RuleError, match="already face up"):
        GAME.apply(state, 0, {"type": "reveal", "cell": [0, 0]}, T0 + 2)


def test_an_empty_cell_cannot_be_revealed():
    state = arranged({"A1": "ring"})
    state, _ = reveal(state, "A1")
    state, _ = stop(state)
    with pytest.raises(RuleError, match="empty"):
        GAME.apply(state, 1, {"type": "reveal", "cell": [0, 0]}, T0 + 2)
    assert {"type": "reveal", "cell": [0, 0]} not in GAME.legal_actions(state, 1)


def test_a_cell_off_the_grid_is_refused():
    state = new()
    for bad in ([7, 0], [0, -1], "H1", "A8", [1], None, [True, 0]):
        with pytest.raises(RuleError):
            GAME.apply(state, 0, {"type": "reveal", "cell": bad}, T0 + 1)


def test_stop_needs_at_least_one_card_turned_over():
    state = new()
    assert {"type": "stop"} not in GAME.legal_actions(state, 0)
    with pytest.raises(RuleError, match="at least one"):
        GAME.apply(state, 0, {"type": "stop"}, T0 + 1)


def test_legal_actions_are_reveals_of_face_down_cards_and_stop():
    state = arranged({"A1": "ring"})
    assert len(GAME.legal_actions(state, 0)) == 49 and GAME.legal_actions(state, 1) == []
    state, _ = reveal(state, "A1")
    actions = GAME.legal_actions(state, 0)
    assert {"type": "stop"} in actions and {"type": "reveal", "cell": [0, 0]} not in actions
    assert len(actions) == 49


# ----------------------------------------------------------------- the spider
def test_spider_ends_the_turn_at_once_and_covers_everything():
    state = arranged({"A1": "ring", "B1": "ball", "C1": "ball", "D1": "spider"})
    state, _ = reveal(state, "A1", "B1", "C1")
    state, texts = reveal(state, "D1")
    assert state["phase"] == "spider" and turn_of(state) == 0
    assert state["revealed"] == [] and held(state, 0) == {}
    assert grid_kinds(state) == Counter(COUNTS)  # nothing collected, all covered in place
    assert state["grid"][0][:4] == ["ring", "ball", "ball", "spider"]
    assert texts and "spider" in texts[0] and "covered again" in texts[0]
    view = GAME.view(state, None)
    assert faces(view) == {"D1": "spider"} and view["revealed"] == []  # only the spider, for all to see
    assert GAME.legal_actions(state, 0)[0] == {"type": "keep_spider"}
    with pytest.raises(RuleError):
        GAME.apply(state, 0, {"type": "reveal", "cell": [1, 1]}, T0 + 2)
    with pytest.raises(RuleError):
        GAME.apply(state, 0, {"type": "stop"}, T0 + 2)


def test_spider_may_be_moved_to_an_empty_cell():
    state = arranged({"A1": "ring", "B2": "spider"})
    state, _ = reveal(state, "A1")
    state, _ = stop(state)                                   # A1 is empty now
    state, _ = reveal(state, "B2")                           # seat 2 meets the spider
    assert {"type": "move_spider", "cell": [0, 0]} in GAME.legal_actions(state, 1)
    state, texts = act(state, 1, {"type": "move_spider", "cell": [0, 0]})
    assert state["grid"][0][0] == "spider" and state["grid"][1][1] is None
    assert turn_of(state) == 2 and state["phase"] == "reveal"
    assert texts[0] == "{1} moves the spider to A1."


def test_spider_cannot_move_onto_a_card():
    state = arranged({"B2": "spider"})
    state, _ = reveal(state, "B2")
    assert GAME.legal_actions(state, 0) == [{"type": "keep_spider"}]  # no empty cell yet
    with pytest.raises(RuleError, match="not empty"):
        GAME.apply(state, 0, {"type": "move_spider", "cell": [0, 0]}, T0 + 2)


def test_spider_may_stay_where_it_was():
    state = arranged({"B2": "spider"})
    state, _ = reveal(state, "B2")
    state, texts = act(state, 0, {"type": "keep_spider"})
    assert state["grid"][1][1] == "spider" and turn_of(state) == 1
    assert "leaves the spider" in texts[0]


def test_spider_choice_time_out_leaves_the_spider_and_passes():
    state = arranged({"B2": "spider"})
    state, _ = reveal(state, "B2")
    assert GAME.next_deadline(state) == T0 + 1 + SPIDER_SECONDS
    state, _ = act(state, None, TIMEOUT, now=GAME.next_deadline(state))
    assert state["grid"][1][1] == "spider" and turn_of(state) == 1 and state["phase"] == "reveal"


def test_spider_moves_only_after_a_spider():
    state = arranged({"A1": "ring"})
    with pytest.raises(RuleError, match="no spider"):
        GAME.apply(state, 0, {"type": "keep_spider"}, T0 + 1)


# ----------------------------------------------------------------- the dragon
@pytest.mark.parametrize("treasure", ["ball", "car", "doll", "candlestick", "crate"])
def test_dragon_after_a_treasure_ends_the_turn_with_nothing(treasure):
    state = arranged({"A1": "ring", "B1": treasure, "C1": "dragon"})
    state, _ = reveal(state, "A1", "B1")
    state, texts = reveal(state, "C1")
    assert turn_of(state) == 1 and state["revealed"] == [] and held(state, 0) == {}
    assert grid_kinds(state) == Counter(COUNTS)
    assert "nothing" in texts[0] and "covered again" in texts[0]
    assert state["last_turn"] == {"seat": 0, "ending": "dragon", "collected": {}}


@pytest.mark.parametrize("treasure", ["ball", "car", "doll", "candlestick", "crate"])
def test_treasure_after_a_dragon_ends_the_turn_with_nothing(treasure):
    state = arranged({"A1": "dragon", "B1": "ring", "C1": treasure})
    state, _ = reveal(state, "A1", "B1")
    state, texts = reveal(state, "C1")
    assert turn_of(state) == 1 and held(state, 0) == {} and grid_kinds(state) == Counter(COUNTS)


def test_rings_and_dragons_go_together_and_are_all_collected():
    state = arranged({"A1": "dragon", "B1": "ring", "C1": "dragon", "D1": "ring", "E1": "ring"})
    state, _ = reveal(state, "A1", "B1", "C1", "D1", "E1")
    state, texts = stop(state)
    assert held(state, 0) == {"ring": 3, "dragon": 2}
    assert all(state["grid"][0][c] is None for c in range(5))
    assert texts[0] == "{0} stops and collects 3 rings, 2 dragons."


def test_a_single_dragon_is_collected():
    state = arranged({"A1": "dragon"})
    state, _ = reveal(state, "A1")
    state, _ = stop(state)
    assert held(state, 0) == {"dragon": 1}


# ----------------------------------------------------------------- collecting
@pytest.mark.parametrize("kinds, collected", [
    (["ball"], {}),
    (["ball", "ball"], {"ball": 2}),
    (["ball", "ball", "ball"], {"ball": 2}),
    (["doll"] * 4, {"doll": 4}),
    (["ball", "car", "doll"], {}),
    (["car", "car", "doll", "doll", "doll"], {"car": 2, "doll": 2}),
])
def test_toys_are_collected_in_pairs_of_a_kind(kinds, collected):
    assert collectable(kinds) == collected


@pytest.mark.parametrize("n, collected", [(1, 0), (2, 0), (3, 3), (4, 3), (5, 3), (6, 6)])
def test_candlesticks_are_collected_in_threes(n, collected):
    assert collectable(["candlestick"] * n).get("candlestick", 0) == collected


@pytest.mark.parametrize("n, collected", [(3, 0), (4, 4), (5, 4), (7, 4), (8, 8)])
def test_crates_are_collected_in_fours(n, collected):
    assert collectable(["crate"] * n).get("crate", 0) == collected


def test_seed_example_two_balls_four_candlesticks_one_doll_two_rings():
    placed = {"A1": "ball", "B1": "candlestick", "C1": "candlestick", "D1": "ball", "E1": "candlestick",
              "F1": "doll", "G1": "candlestick", "A2": "ring", "B2": "ring", "C2": "dragon"}
    state = arranged(placed)
    state, _ = reveal(state, "A1", "B1", "C1", "D1", "E1", "F1", "G1", "A2", "B2")
    assert GAME.view(state, None)["would_collect"] == {"ball": 2, "candlestick": 3, "ring": 2}
    stopped, texts = stop(state)
    assert held(stopped, 0) == {"ball": 2, "candlestick": 3, "ring": 2}
    assert texts[0] == "{0} stops and collects 2 balls, 3 candlesticks, 2 rings."
    # ... and had he gone on and met the small dragon, he would have lost everything
    lost, _ = reveal(state, "C2")
    assert held(lost, 0) == {} and grid_kinds(lost) == Counter(COUNTS)


def test_extras_are_covered_again_in_place_and_the_first_revealed_are_collected():
    state = arranged({"A1": "candlestick", "B1": "candlestick", "C1": "candlestick", "D1": "candlestick",
                      "E1": "ball"})
    state, _ = reveal(state, "A1", "B1", "C1", "D1", "E1")
    state, _ = stop(state)
    assert state["grid"][0][:5] == [None, None, None, "candlestick", "ball"]
    view = GAME.view(state, None)
    assert view["grid"][0][:5] == ["empty", "empty", "empty", "down", "down"]
    assert view["revealed"] == []


# ----------------------------------------------------------------- time
def test_each_action_restarts_the_turn_timer():
    state = arranged({"A1": "ring", "B1": "ring"})
    assert GAME.next_deadline(state) == T0 + TURN_SECONDS
    state, _ = act(state, 0, {"type": "reveal", "cell": [0, 0]}, now=T0 + 50)
    assert GAME.next_deadline(state) == T0 + 50 + TURN_SECONDS
    assert GAME.next_deadline(state) == GAME.next_deadline(state)


def test_a_player_who_runs_out_of_time_stops_and_collects_what_is_legal():
    state = arranged({"A1": "ball", "B1": "ball", "C1": "car", "D1": "ring"})
    state, _ = reveal(state, "A1", "B1", "C1", "D1")
    state, texts = act(state, None, TIMEOUT, now=GAME.next_deadline(state))
    assert held(state, 0) == {"ball": 2, "ring": 1} and turn_of(state) == 1
    assert texts[0] == "Time is up: {0} stops and collects 2 balls, 1 ring."
    assert state["last_turn"] == {"seat": 0, "ending": "timeout", "collected": {"ball": 2, "ring": 1}}


def test_a_time_out_with_nothing_revealed_passes_the_turn():
    state = new()
    state, texts = act(state, None, TIMEOUT, now=GAME.next_deadline(state))
    assert turn_of(state) == 1 and texts[0] == "Time is up: {0} stops and collects nothing."


def test_a_time_out_before_the_deadline_or_from_a_seat_is_refused():
    state = new()
    with pytest.raises(RuleError, match="not up"):
        GAME.apply(state, None, TIMEOUT, GAME.next_deadline(state) - 1)
    with pytest.raises(RuleError):
        GAME.apply(state, 0, TIMEOUT, GAME.next_deadline(state) + 1)


# ----------------------------------------------------------------- away
def time_out(state):
    """The table's clock ends the running turn (or spider choice)."""
    return act(state, None, TIMEOUT, now=GAME.next_deadline(state))


def test_a_seat_that_times_out_three_turns_in_a_row_is_away():
    state = arranged({"A1": "ring", "B1": "ring", "C1": "ring"}, players=2)
    assert AWAY_AFTER == 3
    for missed, ring in enumerate(("A1", "B1", "C1"), start=1):
        assert GAME.away(state) == []
        state, _ = time_out(state)  # seat 0 does nothing
        state, _ = reveal(state, ring)  # seat 1 plays
        state, _ = stop(state)
        assert state["flow"]["missed"] == [missed, 0]
    assert GAME.away(state) == [0]
    assert turn_of(state) == 0 and GAME.waiting_for(state) == [0]  # an away seat still takes its turns


def test_a_turn_timed_out_after_an_action_counts_from_one_again():
    state = new(players=2)
    state["flow"]["missed"] = [AWAY_AFTER - 1, 0]
    state, _ = reveal(state, "A1")
    assert state["flow"]["missed"][0] == 0
    if turn_of(state) == 0:
        state, _ = time_out(state)
    assert GAME.away(state) == []


def test_any_action_brings_an_away_seat_back():
    for action in ({"type": "reveal", "cell": [3, 3]}, {"type": "keep_spider"}):
        state = arranged({"D4": "spider", "A1": "ring"}, players=2)
        state["flow"]["missed"], state["flow"]["away"] = [AWAY_AFTER, 0], [0]  # as AWAY_AFTER timeouts leave it
        assert GAME.away(state) == [0]
        if action["type"] == "keep_spider":
            state, _ = reveal(state, "D4")
        state, _ = act(state, 0, action)
        assert GAME.away(state) == [] and state["flow"]["missed"] == [0, 0]


def test_a_refused_action_does_not_bring_an_away_seat_back():
    state = arranged({"A1": "ring"}, players=2)
    state["flow"]["missed"], state["flow"]["away"] = [0, AWAY_AFTER], [1]
    with pytest.raises(RuleError):
        GAME.apply(state, 1, {"type": "reveal", "cell": [0, 0]}, T0 + 1)
    assert GAME.away(state) == [1]


def test_a_seat_that_left_is_not_away():
    state = new(players=3)
    state["flow"]["missed"] = [0, AWAY_AFTER, 0]
    state, _ = act(state, 1, LEAVE)
    assert GAME.away(state) == []


def legacy(state):
    """The snapshot as the game stored it before the flow kit held the turn (and, with `counted`
    False, before the away count existed)."""
    old = {key: value for key, value in state.items() if key != "flow"}
    kit = state["flow"]
    old.update(turn=kit["seats"][0], gone=list(kit["left"]), deadline=kit["deadline"], timed_out=list(kit["missed"]))
    return old


def test_a_snapshot_from_before_the_flow_kit_is_upgraded_to_the_same_game():
    state = arranged({"A1": "ring", "B1": "ring"}, players=3)
    state, _ = time_out(state)
    state, _ = act(state, 2, LEAVE)
    assert canonical(upgrade(legacy(state))) == canonical(state)
    older = legacy(state)
    del older["timed_out"]  # saved before the away count too: nobody has missed a timer
    assert upgrade(older)["flow"]["missed"] == [0, 0, 0] and GAME.invariants(upgrade(older)) == []


def test_an_upgraded_snapshot_plays_on():
    state = arranged({"A1": "ring", "B1": "ring"}, players=2)
    state = GAME.upgrade(legacy(state))
    state, _ = time_out(state)
    assert state["flow"]["missed"] == [1, 0]
    state, _ = reveal(state, "A1")
    state, _ = stop(state)
    assert held(state, 1) == {"ring": 1} and GAME.away(state) == []


def test_invariants_catch_a_broken_away_counter():
    state = new(players=2)
    state["flow"]["missed"] = [0]
    assert GAME.invariants(state)


# ----------------------------------------------------------------- the end
def test_the_game_ends_when_only_the_spiders_are_left():
    state = endgame({"A1": "ball", "B1": "ball", "C1": "spider", "D1": "spider", "E1": "spider"},
                    [{"ball": 2, "car": 4, "dragon": 7, "ring": 8}, {"doll": 4, "dragon": 5, "crate": 8,
                                                                     "candlestick": 6}])
    state, _ = reveal(state, "A1")
    assert GAME.outcome(state) is None
    state, _ = reveal(state, "B1")
    state, texts = stop(state)
    assert state["phase"] == "over" and state["ended"] == "spiders" and GAME.next_deadline(state) is None
    assert GAME.legal_actions(state, 0) == [] and GAME.waiting_for(state) == []
    assert any("game is over" in t for t in texts)
    with pytest.raises(RuleError, match="over"):
        GAME.apply(state, 1, {"type": "reveal", "cell": [0, 2]}, T0 + 5)


def test_most_dragons_takes_the_three_spiders():
    state = endgame({"A1": "ring", "C1": "spider", "D1": "spider", "E1": "spider"},
                    [{"dragon": 5, "ring": 3, "crate": 4}, {"dragon": 7, "ball": 4, "car": 4, "doll": 4},
                     {"ring": 4, "candlestick": 6, "crate": 4}])
    state, _ = reveal(state, "A1")
    state, texts = stop(state)
    assert state["spiders_to"] == 1 and state["collected"][1]["spider"] == 3
    assert all(k is None for row in state["grid"] for k in row)
    outcome = GAME.outcome(state)
    assert outcome.scores == (13.0, 22.0, 14.0) and outcome.ranks == (3, 1, 2)
    assert "{1} has the most dragons (7) and takes the 3 spiders." in texts[-1]


def test_a_tie_on_dragons_gives_the_spiders_to_nobody():
    state = endgame({"A1": "ring", "C1": "spider", "D1": "spider", "E1": "spider"},
                    [{"dragon": 6, "ring": 3, "crate": 4}, {"dragon": 6, "ball": 4, "car": 4, "doll": 4},
                     {"ring": 4, "candlestick": 6, "crate": 4}])
    state, texts = reveal(state, "A1")
    state, texts = stop(state)
    assert state["spiders_to"] is None and all(c["spider"] == 0 for c in state["collected"])
    assert "nobody takes the spiders" in texts[-1]
    assert GAME.invariants(state) == []


def test_most_cards_wins_and_ties_share_the_rank():
    state = endgame({"A1": "ring", "C1": "spider", "D1": "spider", "E1": "spider"},
                    [{"dragon": 6, "ring": 3, "crate": 4}, {"dragon": 6, "ball": 4, "doll": 4},
                     {"ring": 4, "candlestick": 6, "crate": 4, "car": 4}])
    state, _ = reveal(state, "A1")
    state, _ = stop(state)
    outcome = GAME.outcome(state)
    assert outcome.scores == (14.0, 14.0, 18.0) and outcome.ranks == (2, 2, 1)
    assert outcome.winners() == [2]


# ----------------------------------------------------------------- leaving
def test_a_player_who_leaves_is_skipped():
    state = arranged({"A1": "ring"})
    state, texts = act(state, 1, LEAVE)
    assert turn_of(state) == 0 and texts == ["{1} leaves the game."]
    state, _ = reveal(state, "A1")
    state, _ = stop(state)
    assert turn_of(state) == 2
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(RuleError):
        GAME.apply(state, 1, {"type": "reveal", "cell": [1, 1]}, T0 + 3)
    with pytest.raises(RuleError, match="already left"):
        GAME.apply(state, 1, LEAVE, T0 + 3)


def test_leaving_on_turn_covers_the_cards_and_passes():
    state = arranged({"A1": "ring", "B1": "ring"})
    state, _ = reveal(state, "A1", "B1")
    state, texts = act(state, 0, LEAVE)
    assert turn_of(state) == 1 and state["revealed"] == [] and held(state, 0) == {}
    assert state["grid"][0][:2] == ["ring", "ring"]
    assert all("ring" not in t and "A1" not in t for t in texts)


def test_leaving_during_the_spider_choice_leaves_the_spider():
    state = arranged({"B2": "spider"})
    state, _ = reveal(state, "B2")
    state, _ = act(state, 0, LEAVE)
    assert state["grid"][1][1] == "spider" and turn_of(state) == 1 and state["phase"] == "reveal"


def test_fewer_than_two_players_left_ends_the_game_and_leavers_rank_last():
    state = endgame({"A1": "ring", "C1": "spider", "D1": "spider", "E1": "spider"},
                    [{"dragon": 6, "ring": 3, "crate": 4}, {"dragon": 6, "ball": 4, "doll": 4},
                     {"ring": 4, "candlestick": 6, "crate": 4, "car": 4}])
    state, _ = act(state, 2, LEAVE)
    assert GAME.outcome(state) is None
    state, texts = act(state, 0, LEAVE)
    assert state["phase"] == "over" and state["ended"] == "left" and GAME.next_deadline(state) is None
    outcome = GAME.outcome(state)
    assert outcome.ranks == (3, 1, 2) and outcome.winners() == [1]
    assert "game is over" in texts[-1]


# ----------------------------------------------------------------- the card that ends a turn
def shown_everywhere(state) -> dict[str, str]:
    """The face-up cards, checked to be the same in the public view and every seat's view."""
    views = [GAME.view(state, seat) for seat in (None, *range(state["players"]))]
    assert all(faces(v) == faces(views[0]) and v["shown"] == views[0]["shown"] for v in views)
    return faces(views[0])


def test_everyone_sees_the_spider_that_ends_a_turn_until_the_next_player_turns_over_a_card():
    state = arranged({"A1": "ring", "B1": "ball", "D1": "spider", "C3": "doll"})
    state, texts = reveal(state, "A1", "B1", "D1")
    assert texts == ["{0} turned over a spider at D1: the turn ends with nothing and everything else is "
                     "covered again. {0} may move the spider to an empty cell."]
    assert shown_everywhere(state) == {"D1": "spider"}  # while the player chooses, it shows where it is
    assert GAME.view(state, None)["shown"] == [{"cell": [0, 3], "label": "D1", "kind": "spider", "from": None}]
    state, _ = act(state, 0, {"type": "keep_spider"})
    assert shown_everywhere(state) == {"D1": "spider"}
    state, _ = reveal(state, "C3")                          # the next player's first card
    assert shown_everywhere(state) == {"C3": "doll"} and GAME.view(state, None)["shown"] == []


def test_a_moved_spider_is_shown_where_it_now_lies():
    state = arranged({"A1": "ring", "B2": "spider", "C3": "doll"})
    state, _ = reveal(state, "A1")
    state, _ = stop(state)                                   # A1 is empty now
    state, _ = reveal(state, "B2")
    assert shown_everywhere(state) == {"B2": "spider"}
    state, texts = act(state, 1, {"type": "move_spider", "cell": "A1"})
    assert texts[0] == "{1} moves the spider to A1."
    assert shown_everywhere(state) == {"A1": "spider"}
    assert GAME.view(state, 2)["shown"] == [{"cell": [0, 0], "label": "A1", "kind": "spider", "from": "B2"}]
    state, _ = reveal(state, "C3")
    assert shown_everywhere(state) == {"C3": "doll"}


def test_everyone_sees_the_dragon_and_the_treasures_it_clashed_with():
    """Shown: the card just turned over and every earlier card of the turn it clashes with (not rings)."""
    state = arranged({"A1": "ring", "B1": "ball", "C1": "crate", "D1": "dragon", "E5": "car"})
    state, texts = reveal(state, "A1", "B1", "C1", "D1")
    assert texts[0] == ("{0} turned over a dragon at D1 with a ball at B1 and a crate at C1 face up: "
                        "the turn ends with nothing and everything else is covered again.")
    assert shown_everywhere(state) == {"D1": "dragon", "B1": "ball", "C1": "crate"}  # the ring is covered
    assert [item["label"] for item in GAME.view(state, None)["shown"]] == ["D1", "B1", "C1"]  # ending card first
    assert turn_of(state) == 1 and GAME.view(state, None)["revealed"] == []
    state, _ = reveal(state, "E5")                          # the next player's first card
    assert shown_everywhere(state) == {"E5": "car"}


def test_everyone_sees_the_treasure_and_the_dragons_it_clashed_with():
    state = arranged({"A1": "dragon", "B1": "ring", "C1": "dragon", "D1": "candlestick"})
    state, texts = reveal(state, "A1", "B1", "C1", "D1")
    assert texts[0].startswith("{0} turned over a candlestick at D1 with a dragon at A1 and a dragon at C1 "
                               "face up: the turn ends with nothing")
    assert shown_everywhere(state) == {"D1": "candlestick", "A1": "dragon", "C1": "dragon"}


def test_the_shown_cards_are_covered_when_the_next_turn_ends_without_a_card():
    state = arranged({"A1": "ball", "B1": "dragon"})
    state, _ = reveal(state, "A1", "B1")
    assert shown_everywhere(state) == {"B1": "dragon", "A1": "ball"}
    state, _ = act(state, None, TIMEOUT, now=GAME.next_deadline(state))
    assert shown_everywhere(state) == {} and turn_of(state) == 2


def test_a_player_who_leaves_during_the_spider_choice_leaves_the_spider_shown():
    state = arranged({"B2": "spider"})
    state, _ = reveal(state, "B2")
    state, _ = act(state, 0, LEAVE)
    assert shown_everywhere(state) == {"B2": "spider"} and turn_of(state) == 1


# ----------------------------------------------------------------- words
def test_counts_are_singular_for_one():
    assert describe({"ring": 1, "dragon": 2}) == "1 ring, 2 dragons"
    state = endgame({"A1": "ring", "C1": "spider", "D1": "spider", "E1": "spider"},
                    [{"dragon": 1}, {"dragon": 1},
                     {"ball": 4, "car": 4, "doll": 4, "candlestick": 6, "crate": 8, "ring": 7, "dragon": 10}])
    state, _ = act(state, 2, LEAVE)
    state, _ = reveal(state, "A1")
    state, texts = stop(state)
    assert "{0} and {1} tie with 1 dragon each: nobody takes the spiders." in texts[-1]
    assert "{0} wins with 2 cards." in texts[-1]
    state = new(2)
    state["collected"][1]["ring"] = 1  # the outcome reads only the scores
    state, _ = GAME.apply(state, 0, LEAVE, T0 + 1)
    assert GAME.outcome(state).summary == "{1} wins with 1 card."


def test_the_crate_is_called_a_crate_everywhere():
    import engine.dragon as module
    assert "chest" not in (module.__doc__ + Dragon.rules).lower()
    assert "crate" in Dragon.rules and "crates in fours" in module.__doc__


# ----------------------------------------------------------------- memory
LABEL = re.compile(r"\b[A-G][1-7]\b")


def test_the_view_shows_only_this_turns_cards():
    state = arranged({"A1": "ring", "B1": "ball", "C1": "ball", "D1": "ball"})
    state, _ = reveal(state, "A1", "B1", "C1", "D1")
    view = GAME.view(state, 1)
    faces = {label([r, c]): v for r, row in enumerate(view["grid"]) for c, v in enumerate(row)}
    assert {k: v for k, v in faces.items() if v != "down"} == {"A1": "ring", "B1": "ball", "C1": "ball",
                                                               "D1": "ball"}
    assert view["would_collect"] == {"ball": 2, "ring": 1}
    assert set(view) >= {"turn", "phase", "deadline", "grid", "revealed", "collected", "scores", "last_turn"}
    state, _ = stop(state)
    view = GAME.view(state, 1)
    assert view["grid"][0][:4] == ["empty", "empty", "empty", "down"]
    assert view["revealed"] == [] and view["last_turn"] == {"seat": 0, "ending": "stop",
                                                             "collected": {"ball": 2, "ring": 1}}
    assert view["collected"][0]["ball"] == 2 and view["scores"] == [3, 0, 0]


TREASURE_KINDS = {"ball", "car", "doll", "candlestick", "crate"}


def _clash(a: str, b: str) -> bool:
    return "dragon" in (a, b) and bool({a, b} & TREASURE_KINDS)


def _ending_cards(action_cell: list[int], before_revealed: list[list[int]], before_grid, ending: str) -> dict:
    """What stays face up after a turn end, {label: kind}: the spider, or the card just turned over and
    every earlier card of the turn it clashes with; nothing after a stop."""
    kind = before_grid[action_cell[0]][action_cell[1]]
    if ending == "spider":
        return {label(action_cell): "spider"}
    if ending != "dragon":
        return {}
    woken = [c for c in before_revealed[:-1] if _clash(kind, before_grid[c[0]][c[1]])]
    return {label(c): before_grid[c[0]][c[1]] for c in (action_cell, *woken)}


def test_no_view_or_event_reveals_a_covered_card_after_a_turn_ends():
    """Random games: at every turn end, only the cards that ended it (the spider, or the dragon and the
    treasure that clashed) show, and nothing else covered again appears in any view or event text."""
    chooser = Rng(99)
    turn_ends = 0
    for seed in range(12):
        state = GAME.setup(3, {}, seed, T0)
        now = T0
        while GAME.outcome(state) is None and turn_ends < 4000:
            seat = turn_of(state)
            actions = GAME.legal_actions(state, seat)
            stop_now = state["revealed"] and chooser.below(4) == 0
            action = {"type": "stop"} if stop_now else chooser.choice(actions)
            before_turn, before_revealed = state["turn_number"], [c[:] for c in state["revealed"]]
            before_grid = [row[:] for row in state["grid"]]
            now += 1
            state, events = GAME.apply(state, seat, action, now)
            if action["type"] == "reveal":
                before_revealed.append(action["cell"])
            ended = state["phase"] == "spider" or state["turn_number"] != before_turn
            if action["type"] == "reveal" and not ended:  # the last turn's ending cards are covered now
                assert faces(GAME.view(state, None)) == {label(c): state["grid"][c[0]][c[1]]
                                                         for c in state["revealed"]}
            if not ended or action["type"] in ("move_spider", "keep_spider"):
                continue
            turn_ends += 1
            covered = [c for c in before_revealed if state["grid"][c[0]][c[1]] is not None]
            collected = state["last_turn"]["collected"]
            ending = state["last_turn"]["ending"]
            shown = _ending_cards(action.get("cell", [0, 0]), before_revealed, before_grid, ending)
            for who in (None, *range(3)):
                view = GAME.view(state, who)
                assert faces(view) == shown and view["revealed"] == []
                assert {item["label"]: item["kind"] for item in view["shown"]} == shown
                assert set(view["last_turn"]["collected"]) <= set(collected)
            text = " ".join(e.text for e in events)
            assert sorted(LABEL.findall(text)) == sorted(shown)  # only the shown cards' cells are named
            for r, c in covered:
                kind = before_grid[r][c]
                allowed = kind in collected or kind in shown.values()
                if not allowed:
                    assert kind not in text and PLURAL_OF[kind] not in text, (text, kind)
    assert turn_ends > 500


PLURAL_OF = {"ball": "balls", "car": "cars", "doll": "dolls", "candlestick": "candlesticks",
             "crate": "crates", "ring": "rings", "dragon": "dragons", "spider": "spiders"}


# ----------------------------------------------------------------- purity and simulation
def test_apply_leaves_the_callers_state_untouched():
    state = arranged({"A1": "ball", "B1": "ball"})
    before = canonical(state)
    after, _ = GAME.apply(state, 0, {"type": "reveal", "cell": [0, 0]}, T0 + 1)
    after, _ = GAME.apply(after, 0, {"type": "reveal", "cell": [0, 1]}, T0 + 2)
    GAME.apply(after, 0, {"type": "stop"}, T0 + 3)
    assert canonical(state) == before and after["grid"][0][0] == "ball"
    with pytest.raises(RuleError):
        GAME.apply(state, 0, {"type": "dance"}, T0 + 1)
    assert canonical(state) == before


def test_invariants_catch_a_lost_card():
    state = new()
    state["grid"][0][0] = None
    assert GAME.invariants(state)

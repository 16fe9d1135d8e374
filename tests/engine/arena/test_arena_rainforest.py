"""Eye for an Eye, the Rainforest (option `rainforest`; rules 6 and 29; ARENA.md 2.3, 4.5, 4.14):
boulders, the stream, going with the flow and the Raging Current tracks, one test per rule."""
from __future__ import annotations

import pytest

from engine.arena import EyeForAnEye
from engine.arena.board import BOULDERS, RAINFOREST, STREAM, line_of_sight
from engine.arena.dice import dice_total
from engine.arena.rules import OPTION_RULES
from engine.protocol import TIMEOUT
from tests.kit.arena_setup import NE, NOW, NW, SE, SW, E, W, do, give, put, refused, under_way

GAME = EyeForAnEye()


def begun(players=4, advanced=True, tb=False, seed=1):
    """A Rainforest round under way (advanced rules unless told), figures in their starting areas."""
    state = GAME.setup(players, {"rainforest": True, "turn_based": tb, "advanced": advanced}, seed, NOW)
    return under_way(state)


def pool(state, seat, *faces):
    """The seat's pool shows these faces (the rest of its dice stay where they are)."""
    dice = state["dice"][seat]
    dice["pool"] = list(faces) + [None] * (len(dice["pool"]) - len(faces))


def where(state):
    return [state["figures"][s]["hex"] for s in range(state["players"])]


def aside(state, *seats):
    """Park figures on the far rim, out of the stream's way."""
    for seat, h in zip(seats, ([4, -4], [-4, 4], [0, -4], [0, 4]), strict=False):
        put(state, seat, h, W)


def lists(state, seat, kind):
    return [a for a in GAME.legal_actions(state, seat) if a["type"] == kind]


# --------------------------------------------------------------------------- the board (2.3)

def test_the_rainforest_is_the_bushland_board_with_six_boulders_and_a_stream_flowing_east():
    state = begun()
    assert state["arena"] == "rainforest" and len(RAINFOREST.hexes) == 61
    assert RAINFOREST.impassable == BOULDERS == {(-2, 0), (2, 0), (1, -2), (-1, 2), (-1, -1), (1, 1)}
    assert STREAM == {(q, 0) for q in range(-4, 5)} - BOULDERS and len(STREAM) == 7
    assert RAINFOREST.current == E
    assert RAINFOREST.high_ground == STREAM  # the hill of King of the Hill
    board = GAME.view(state, None)["board"]
    assert board["name"] == "Rainforest" and board["flows"] == "E" and len(board["stream"]) == 7


def test_boulders_block_movement():
    state = begun()
    aside(state, 1, 2, 3)
    put(state, 0, [0, 0], E)
    give(state, 0, move=2)
    refused(state, 0, r"Step 2 \(E\) is blocked: the edge, a boulder or a figure", type="move", steps=["E", "E"])


def test_boulders_do_not_block_line_of_sight():
    seen = line_of_sight(RAINFOREST, set(), [0, 0], E)
    assert [2, 0] in seen and [3, 0] in seen and [4, 0] in seen


# --------------------------------------------------------------------------- basic rules (29)

def test_in_the_basic_rules_the_stream_has_no_effect():
    state = begun(advanced=False)
    aside(state, 1, 2, 3)
    put(state, 0, [0, -2], E)
    give(state, 0, move=2)
    pool(state, 0, "M", "M", "S")
    refused(state, 0, "only in the advanced rules", type="move", steps=["SE", "SE"], flow=True)
    refused(state, 0, "in the advanced rules", type="current", track="swell")
    assert not lists(state, 0, "current") and not any(a.get("flow") for a in lists(state, 0, "move"))
    assert GAME.view(state, None)["currents"] is None


def test_the_bushland_has_no_stream():
    state = GAME.setup(2, {"advanced": True}, 1, NOW)
    state = under_way(state)
    put(state, 0, [0, 0], E)
    put(state, 1, [-4, 4], E)
    give(state, 0, move=1)
    refused(state, 0, "no stream here", type="move", steps=["L"], flow=True)
    refused(state, 0, "for the Rainforest", type="current", track="swell")


# --------------------------------------------------------------------------- go with the flow (4.14)

def test_go_with_the_flow_carries_a_movement_that_ends_in_the_stream_one_hex_east_for_free():
    state = begun()
    aside(state, 1, 2, 3)
    put(state, 0, [-1, 1], NE)
    give(state, 0, move=2)
    state, texts = do(state, 0, type="move", steps=["NW", "L"], flow=True)  # to [-1, 0], then on to [0, 0]
    assert state["figures"][0]["hex"] == [0, 0] and state["figures"][0]["facing"] == NW
    assert dice_total(state["dice"][0]) == 5 and state["dice"][0]["tracks"]["move"] == 0  # two dice, no more
    assert "Movement 2 (NW, L), goes with the flow to [0, 0], now facing NW." in texts[0]


def test_go_with_the_flow_only_when_the_movement_ends_in_the_stream():
    state = begun()
    aside(state, 1, 2, 3)
    put(state, 0, [0, 0], E)
    give(state, 0, move=1)
    refused(state, 0, "ends in the stream", type="move", steps=["NE"], flow=True)  # leaves the stream
    state, _ = do(state, 0, type="move", steps=["R"], flow=True)  # a turn in the stream still ends there
    assert state["figures"][0]["hex"] == [1, 0] and state["figures"][0]["facing"] == SE


@pytest.mark.parametrize("start,blocker", [([1, 0], None), ([4, 0], None), ([-1, 0], [0, 0])])
def test_go_with_the_flow_is_refused_when_the_hex_downstream_is_blocked(start, blocker):
    """A boulder downstream of [1, 0], the edge past [4, 0], a figure at [0, 0]."""
    state = begun()
    aside(state, 1, 2, 3)
    if blocker:
        put(state, 1, blocker, W)
    put(state, 0, start, NE)
    give(state, 0, move=1)
    refused(state, 0, "flow is blocked", type="move", steps=["L"], flow=True)


def test_legal_actions_offer_going_with_the_flow_where_it_may():
    state = begun()
    aside(state, 1, 2, 3)
    put(state, 0, [-1, 1], E)
    give(state, 0, move=1)
    flows = [a["steps"] for a in lists(state, 0, "move") if a.get("flow")]
    assert flows == [["NE"], ["NW"]]  # into the stream at [0, 0] and at [-1, 0]; turns stay on the bank
    for action in lists(state, 0, "move"):
        assert GAME.explain(state, 0, action, NOW + 1) is None


# --------------------------------------------------------------------------- Raging Currents (2.3)

def test_anyone_may_lock_matching_dice_on_a_raging_current_track():
    state = begun()
    pool(state, 0, "M", "S", "A")
    pool(state, 2, "M")
    state, texts = do(state, 0, type="current", track="rapids")
    assert state["shared"]["rapids"] == [0, None, None] and state["dice"][0]["pool"][:2] == ["S", "A"]
    assert "locks 1 die on the Rapids (1 of 3)" in texts[0]
    state, _ = do(state, 2, type="current", track="rapids")
    assert state["shared"]["rapids"] == [0, 2, None]
    refused(state, 0, "No Move die in your pool for the Swell", type="current", track="swell", count=1)
    refused(state, 1, "No Move die", type="current", track="rapids")


def test_dice_on_a_current_are_locked_until_it_triggers():
    state = begun()
    pool(state, 0, "M")
    state, _ = do(state, 0, type="current", track="swell")
    refused(state, 0, "No dice allocated there to recover", type="recover")
    assert GAME.view(state, None)["currents"][0]["dice"] == [0, None]
    assert GAME.invariants(state) == []  # 4 dice on the board, 1 locked: still 5


def test_the_die_that_fills_a_track_triggers_it_and_sends_every_die_home():
    state = begun()
    aside(state, 2, 3)
    put(state, 0, [-1, 0], E)
    put(state, 1, [0, 0], E)
    pool(state, 0, "S")
    pool(state, 3, "S")
    state, _ = do(state, 3, type="current", track="backwash")
    state, texts = do(state, 0, type="current", track="backwash")
    assert state["shared"]["backwash"] == [None, None]
    assert state["dice"][0]["pool"].count(None) == 5 and state["dice"][3]["pool"].count(None) == 5  # unrolled
    assert "fills the Backwash!" in texts[0] and "Dice home: Grublic ({0}), Pluma ({3})." in texts[0]


def test_swell_moves_everything_in_the_stream_one_hex_east_furthest_downstream_first():
    state = begun()
    aside(state, 2, 3)
    put(state, 0, [-1, 0], NE)
    put(state, 1, [0, 0], SW)  # downstream of Grublic: it moves first, so both move
    pool(state, 2, "M", "M")
    state, texts = do(state, 2, type="current", track="swell", count=2)
    assert where(state)[:2] == [[0, 0], [1, 0]]
    assert "goes 1 hex E to [1, 0]" in texts[0]


def test_rapids_carries_two_hexes_and_a_blocked_mover_stops():
    state = begun()
    aside(state, 2, 3)
    put(state, 0, [-1, 0], E)
    put(state, 1, [0, 0], E)  # 1 hex, then the boulder at [2, 0]
    pool(state, 2, "M", "M", "M")
    state, texts = do(state, 2, type="current", track="rapids")
    assert where(state)[:2] == [[0, 0], [1, 0]]
    put(state, 0, [3, 0], E)
    put(state, 1, [4, 0], E)  # at the edge: blocked, stays
    pool(state, 2, "M", "M", "M")
    state, texts = do(state, 2, type="current", track="rapids")
    assert where(state)[:2] == [[3, 0], [4, 0]] and "is blocked and stays at [4, 0]" in texts[0]


def test_backwash_moves_everything_in_the_stream_one_hex_west_leaders_first():
    state = begun()
    aside(state, 2, 3)
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], E)
    pool(state, 2, "S", "S")
    state, _ = do(state, 2, type="current", track="backwash")
    assert where(state)[:2] == [[-1, 0], [0, 0]]


def test_flood_steps_the_figures_beside_the_stream_in():
    """North bank: SE, else SW; south bank: NW, else NE; furthest downstream first."""
    state = begun()
    put(state, 0, [0, -1], E)   # SE to [0, 0] is taken by then: SW to [-1, 0]
    put(state, 1, [0, 1], E)    # further downstream: NW to [0, 0] first
    put(state, 2, [2, -1], E)   # SE is the boulder [2, 0]: SW to [1, 0]
    put(state, 3, [-4, 4], E)   # far from the stream: stays
    pool(state, 3, "S", "S", "S")
    state, _ = do(state, 3, type="current", track="flood")
    assert where(state) == [[-1, 0], [0, 0], [1, 0], [-4, 4]]


def test_a_current_never_turns_a_figure_nor_deals_a_hit():
    state = begun()
    aside(state, 2, 3)
    put(state, 0, [-1, 0], NW)
    put(state, 1, [0, 0], SE)
    pool(state, 2, "M", "M")
    state, _ = do(state, 2, type="current", track="swell")
    assert [state["figures"][s]["facing"] for s in (0, 1)] == [NW, SE]
    assert [state["figures"][s]["health"] for s in range(4)] == [15] * 4 and state["cups"] == [0] * 4


def test_a_new_round_starts_with_every_track_empty():
    state = begun()
    pool(state, 0, "M")
    state, _ = do(state, 0, type="current", track="swell")
    state, _ = GAME.apply(state, None, TIMEOUT, GAME.next_deadline(state))
    assert state["round"] == 2 and state["shared"]["swell"] == [None, None]
    assert GAME.invariants(state) == []


def test_legal_actions_offer_the_tracks_a_pool_can_fill():
    state = begun()
    pool(state, 0, "M", "S")
    assert {a["track"] for a in lists(state, 0, "current")} == {"swell", "rapids", "backwash", "flood"}
    pool(state, 0, "A")
    assert lists(state, 0, "current") == []


def test_turn_based_dice_go_on_the_tracks_in_the_realtime_phase():
    state = begun(tb=True)
    assert state["phase"] == "roll"
    pool(state, 0, "M", "M")
    state, _ = do(state, 0, type="current", track="swell", count=1)
    assert state["shared"]["swell"] == [0, None]
    assert {"type": "current", "track": "swell"} in GAME.legal_actions(state, 0)


def test_the_rainforest_rules_fit_an_embed_field():
    assert all(len(text) <= 1024 for text in OPTION_RULES.values())
    assert "go with the flow" in OPTION_RULES["rainforest"] and "Raging Current" in OPTION_RULES["rainforest"]

"""Zap That Ghost: one test per rule (seed 002 and the GAMES.md defaults)."""
from __future__ import annotations

import copy
import json
from itertools import pairwise, product

import pytest

from engine import ghosts as G
from engine.errors import RuleError
from engine.ghosts_types import GhostsView, LastAttempt, SeatView, public_view, seat_view
from engine.greenbox import CARDS
from engine.protocol import LEAVE, TIMEOUT, canonical
from engine.rng import Rng

GAME = G.Ghosts()
NOW = 1_000.0


# ---------------------------------------------------------------------------------------------
# Helpers that build positions from a real setup


def card(colour: str, symbol: str) -> int:
    """The non-starter card of that colour and symbol."""
    return next(c.id for c in CARDS if c.colour == colour and c.symbol == symbol and not c.starter)


def give(state, seat: int, ids: list[int]) -> None:
    """Make `ids` the hand of `seat`; its old cards go on the draw pile, other hands that held
    one of `ids` get a replacement from the draw pile (every card stays accounted for)."""
    state["deck"]["draw"].extend(state["hands"][seat])
    state["hands"][seat] = []
    for where in [state["deck"]["draw"], state["deck"]["discard"]]:
        where[:] = [c for c in where if c not in ids]
    for hand in state["hands"]:
        for i, cid in enumerate(hand):
            if cid in ids:
                hand[i] = state["deck"]["draw"].pop(0)
    state["hands"][seat] = list(ids)


def put_ghost(state, cell, colour: str | None, symbol: str) -> None:
    """Show `symbol` at `cell` and put a `colour` ghost there, swapping ghosts to keep 8 a colour."""
    r, c = cell
    state["symbols"][r][c] = symbol
    if state["ghosts"][r][c] == colour:
        return
    for rr in range(6):
        for cc in range(6):
            if (rr, cc) != (r, c) and state["ghosts"][rr][cc] == colour and state["symbols"][rr][cc]:
                state["ghosts"][rr][cc], state["ghosts"][r][c] = state["ghosts"][r][c], colour
                return
    raise AssertionError("no ghost to swap")


def playing(players: int = 2, seed: int = 1, die: int = 3, options=None):
    """A state in the race phase: everyone has discarded down to 4 cards."""
    state = GAME.setup(players, options or {}, seed, NOW)
    for s in range(players):
        extra = state["hands"][s][4:]
        del state["hands"][s][4:]
        state["deck"]["discard"].extend(extra)
    state.update(phase="race", discard_pending=[], die=die, roller=0, round=1,
                 deadline=NOW + G.RACE_SECONDS)
    assert GAME.invariants(state) == []
    return state


def attempt(players: int = 2, die: int = 3, meeple: str = "red", caller: int = 0, seed: int = 1):
    state = playing(players, seed, die)
    state, _ = GAME.apply(state, caller, {"type": "call", "meeple": meeple}, NOW)
    return state


def texts(events) -> str:
    return " | ".join(e.text for e in events)


# ---------------------------------------------------------------------------------------------
# Setup


def test_setup_board_is_6x6_with_plain_corners_and_32_symbol_tiles():
    state = GAME.setup(3, {}, 7, NOW)
    symbols = state["symbols"]
    assert len(symbols) == 6 and all(len(row) == 6 for row in symbols)
    for r, c in G.CORNERS:
        assert symbols[r][c] is None
    shown = [s for row in symbols for s in row if s]
    assert len(shown) == 32
    for symbol in set(shown):
        assert shown.count(symbol) <= 6  # 6 tiles of each symbol, four of them flipped


def test_setup_puts_one_ghost_on_every_symbol_tile_8_of_each_colour():
    state = GAME.setup(2, {}, 3, NOW)
    ghosts = [(state["ghosts"][r][c], state["symbols"][r][c]) for r in range(6) for c in range(6)]
    assert all((g is None) == (s is None) for g, s in ghosts)
    colours = [g for g, _ in ghosts if g]
    assert sorted(set(colours)) == sorted(G.GHOST_COLOURS)
    assert all(colours.count(c) == 8 for c in G.GHOST_COLOURS)


def test_setup_meeples_start_on_the_four_corners():
    state = GAME.setup(2, {}, 3, NOW)
    assert sorted(tuple(v) for v in state["meeples"].values()) == sorted(G.CORNERS)
    assert sorted(state["meeples"]) == sorted(["red", "blue", "yellow", "green"])


def test_setup_deals_6_cards_each_and_everyone_discards_first():
    state = GAME.setup(4, {}, 3, NOW)
    assert [len(h) for h in state["hands"]] == [6, 6, 6, 6]
    assert state["phase"] == "discard"
    assert sorted(GAME.waiting_for(state)) == [0, 1, 2, 3]
    assert state["flow"]["deadline"] == NOW + G.DISCARD_SECONDS
    assert len(state["deck"]["draw"]) == 54 - 24


def test_option_ghost_colours_only_removes_white_and_black_cards():
    state = GAME.setup(2, {"ghost_colours_only": True}, 3, NOW)
    ids = G._cards_in_game(state)
    assert len(ids) == 36
    assert {CARDS[i].colour for i in ids} == set(G.GHOST_COLOURS)
    assert len(G._cards_in_game(GAME.setup(2, {}, 3, NOW))) == 54
    assert GAME.invariants(state) == []


@pytest.mark.parametrize("players,target", [(2, 10), (3, 8), (4, 6), (5, 5), (6, 4)])
def test_target_is_10_8_6_5_4_ghosts_by_player_count(players, target):
    assert GAME.setup(players, {}, 1, NOW)["target"] == target


def test_setup_is_the_same_for_the_same_seed_and_refuses_bad_player_counts():
    assert canonical(GAME.setup(3, {}, 9, NOW)) == canonical(GAME.setup(3, {}, 9, NOW))
    assert canonical(GAME.setup(3, {}, 9, NOW)) != canonical(GAME.setup(3, {}, 10, NOW))
    for n in (1, 7):
        with pytest.raises(RuleError):
            GAME.setup(n, {}, 1, NOW)


# ---------------------------------------------------------------------------------------------
# The opening discard


def matching_hand(state, n_matching: int, size: int = 6) -> list[int]:
    """`n_matching` cards matching a ghost on the board, the rest white/black (never matching)."""
    pairs = G._ghost_pairs(state)
    good = [c.id for c in CARDS if (c.colour, c.symbol) in pairs][:n_matching]
    bad = [c.id for c in CARDS if c.colour in ("white", "black")][: size - n_matching]
    return good + bad


def test_discard_two_in_secret_leaves_four_cards():
    state = GAME.setup(2, {}, 5, NOW)
    hand = matching_hand(state, 4)
    give(state, 0, hand)
    new, events = GAME.apply(state, 0, {"type": "discard", "cards": hand[4:]}, NOW + 1)
    assert new["hands"][0] == hand[:4]
    assert set(hand[4:]) <= set(new["deck"]["discard"])
    public = [e for e in events if e.private_to is None]
    assert public and all(G.card_name(c) not in e.text for e in public for c in hand)
    assert any(e.private_to == 0 for e in events)
    assert new["phase"] == "discard" and GAME.waiting_for(new) == [1]
    assert "deck" not in GAME.view(new, None) and "hand" not in GAME.view(new, None)


def test_discard_needs_two_different_cards_from_your_hand_once():
    state = GAME.setup(2, {}, 5, NOW)
    hand = state["hands"][0]
    other = state["hands"][1][0]
    for bad in ([hand[0]], [hand[0], hand[0]], [hand[0], other], hand[:3], "x"):
        with pytest.raises(RuleError):
            GAME.apply(state, 0, {"type": "discard", "cards": bad}, NOW)
    give(state, 0, matching_hand(state, 6))
    state, _ = GAME.apply(state, 0, {"type": "discard", "cards": state["hands"][0][:2]}, NOW)
    with pytest.raises(RuleError, match="already"):
        GAME.apply(state, 0, {"type": "discard", "cards": state["hands"][0][:2]}, NOW)


def test_redeal_when_the_four_kept_cards_hold_fewer_than_two_matches_then_discard_again():
    state = GAME.setup(2, {}, 5, NOW)
    hand = matching_hand(state, 2)  # two matching cards, four white/black
    give(state, 0, hand)
    new, events = GAME.apply(state, 0, {"type": "discard", "cards": hand[:1] + hand[2:3]}, NOW + 10)
    assert len(new["hands"][0]) == 6
    assert 0 in new["discard_pending"]  # must discard 2 again
    assert set(hand) <= set(new["deck"]["discard"]) | set(new["hands"][0])
    assert "new hand" in texts(events)
    assert new["flow"]["deadline"] >= NOW + 10 + G.REDEAL_SECONDS
    assert GAME.invariants(new) == []


def test_no_redeal_with_two_matching_cards_kept():
    state = GAME.setup(2, {}, 5, NOW)
    hand = matching_hand(state, 2)
    give(state, 0, hand)
    new, _ = GAME.apply(state, 0, {"type": "discard", "cards": hand[2:4]}, NOW)
    assert new["hands"][0] == hand[:2] + hand[4:]
    assert 0 not in new["discard_pending"]


def test_race_starts_with_a_roll_when_everyone_has_discarded():
    state = GAME.setup(2, {}, 5, NOW)
    for s in (0, 1):
        give(state, s, matching_hand(state, 6) if s == 0 else
             [c.id for c in CARDS if (c.colour, c.symbol) in G._ghost_pairs(state)][6:12])
    state, _ = GAME.apply(state, 0, {"type": "discard", "cards": state["hands"][0][:2]}, NOW)
    state, events = GAME.apply(state, 1, {"type": "discard", "cards": state["hands"][1][:2]}, NOW + 5)
    assert state["phase"] == "race" and 1 <= state["die"] <= 6
    assert state["round"] == 1 and state["roller"] == 0
    assert state["flow"]["deadline"] == NOW + 5 + G.RACE_SECONDS
    assert any(e.kind == "roll" and f"rolls a {state['die']}" in e.text for e in events)
    assert [len(h) for h in state["hands"]] == [4, 4]


def test_discard_timeout_discards_non_matching_cards_first_for_the_silent():
    state = GAME.setup(2, {}, 5, NOW)
    pairs = G._ghost_pairs(state)
    good = [c.id for c in CARDS if (c.colour, c.symbol) in pairs]
    hand0 = [good[0], card("white", "drop"), good[1], good[2], card("black", "arrow"), good[3]]
    give(state, 0, hand0)
    give(state, 1, good[4:10])
    state, _ = GAME.apply(state, 1, {"type": "discard", "cards": state["hands"][1][:2]}, NOW)
    state, events = GAME.apply(state, None, TIMEOUT, NOW + G.DISCARD_SECONDS)
    assert state["hands"][0] == [good[0], good[1], good[2], good[3]]
    assert state["phase"] == "race"
    assert state["flow"]["missed"] == [1, 0]
    assert "ran out of time" in texts(events)


# ---------------------------------------------------------------------------------------------
# The race


def test_first_call_wins_and_later_calls_hear_someone_was_faster():
    state = playing(3)
    state, events = GAME.apply(state, 2, {"type": "call", "meeple": "blue"}, NOW)
    assert state["phase"] == "attempt" and state["caller"] == 2 and state["meeple"] == "blue"
    assert state["flow"]["deadline"] == NOW + G.ATTEMPT_SECONDS
    assert GAME.waiting_for(state) == [2]
    with pytest.raises(RuleError, match="Someone was faster"):
        GAME.apply(state, 0, {"type": "call", "meeple": "red"}, NOW)
    with pytest.raises(RuleError, match="already called"):
        GAME.apply(state, 2, {"type": "call", "meeple": "red"}, NOW)


def test_a_call_for_an_old_roll_is_refused():
    state = playing(2)
    with pytest.raises(RuleError, match="roll is over"):
        GAME.apply(state, 0, {"type": "call", "meeple": "red", "round": 0}, NOW)
    new, _ = GAME.apply(state, 0, {"type": "call", "meeple": "red", "round": 1}, NOW)
    assert new["caller"] == 0


def test_an_attempt_naming_an_earlier_round_is_refused_even_by_the_same_caller():
    state = attempt(die=3, meeple="red", caller=0)
    state["round"] = 2  # the caller of round 1 calls again in round 2
    hand = state["hands"][0]
    for old in ({"type": "zap", "card": hand[0], "to": [1, 1], "round": 1}, {"type": "give_up", "round": 1}):
        with pytest.raises(RuleError, match="That attempt is over"):
            GAME.apply(state, 0, old, NOW)
    new, _ = GAME.apply(state, 0, {"type": "give_up", "round": 2}, NOW)
    assert new["phase"] == "swap"


def test_an_attempt_of_this_round_that_ended_is_over_and_only_the_caller_plays():
    state = attempt(die=3, meeple="red", caller=0)
    with pytest.raises(RuleError, match="Only \\{0\\} plays a card now"):
        GAME.apply(state, 1, {"type": "give_up"}, NOW)
    ended, _ = GAME.apply(state, None, TIMEOUT, NOW)
    assert ended["phase"] == "swap" and ended["round"] == state["round"]
    with pytest.raises(RuleError, match="That attempt is over"):
        GAME.apply(ended, 0, {"type": "give_up", "round": state["round"]}, NOW)
    with pytest.raises(RuleError, match="no attempt under way"):
        GAME.apply(ended, 0, {"type": "give_up"}, NOW)


def test_a_swap_or_keep_naming_an_earlier_round_is_refused():
    state, _ = GAME.apply(attempt(players=3, caller=0), 0, {"type": "give_up"}, NOW)
    this, card_ = state["round"], state["hands"][1][0]
    for old in ({"type": "keep", "round": this - 1}, {"type": "swap", "card": card_, "round": this - 1}):
        with pytest.raises(RuleError, match="That round is over"):
            GAME.apply(state, 1, old, NOW)
    new, _ = GAME.apply(state, 1, {"type": "swap", "card": card_, "round": this}, NOW)
    assert new["swap_done"] == [1]


def test_a_refused_call_lost_the_race_only_to_another_players_call_of_its_round():
    state = playing(3)
    state, _ = GAME.apply(state, 2, {"type": "call", "meeple": "blue", "round": 1, "at_ms": 5000}, NOW)
    late = {"type": "call", "meeple": "red", "round": 1, "at_ms": 5137}
    assert G.lost_race(state, 0, late) == {"winner": 2, "meeple": "blue", "at_ms": 5000}
    assert G.lost_race(state, 2, late) is None  # the winner pressing again
    assert G.lost_race(state, 0, {**late, "round": 0}) is None  # a press for an earlier roll
    assert G.lost_race(playing(3), 0, late) is None  # nobody has called
    assert G.lost_race(state, 0, {"type": "keep"}) is None


def test_calls_must_name_a_meeple_and_wait_for_the_discard():
    state = playing(2)
    for bad in ("white", None, "RED"):
        with pytest.raises(RuleError):
            GAME.apply(state, 0, {"type": "call", "meeple": bad}, NOW)
    with pytest.raises(RuleError, match="discarded"):
        GAME.apply(GAME.setup(2, {}, 1, NOW), 0, {"type": "call", "meeple": "red"}, NOW)


def test_nobody_calls_in_time_so_the_die_is_rolled_again_by_the_same_roller():
    state = playing(2)
    state["roller"] = 1
    new, events = GAME.apply(state, None, TIMEOUT, NOW + G.RACE_SECONDS)
    assert new["phase"] == "race" and new["round"] == 2 and new["roller"] == 1
    assert new["flow"]["deadline"] == NOW + 2 * G.RACE_SECONDS
    assert new["quiet_rolls"] == 1 and new["flow"]["missed"] == [0, 0]  # a race waits for nobody
    assert "rolled again" in texts(events)


def test_many_silent_rolls_in_a_row_end_the_game():
    state = playing(2)
    _remove_ghosts(state, 1, colour="red", seat=1)
    for _ in range(G.MAX_QUIET_ROLLS):
        state, events = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    assert state["phase"] == "over" and state["end"]["reason"] == "quiet"
    assert GAME.outcome(state).winners() == [1]


def _remove_ghosts(state, n: int, colour: str | None = None, seat: int = 0) -> None:
    """Move `n` ghosts from the board to `seat`'s captures."""
    for r in range(6):
        for c in range(6):
            g = state["ghosts"][r][c]
            if g and n and (colour is None or g == colour):
                state["ghosts"][r][c] = None
                state["captured"][seat].append(g)
                n -= 1


# ---------------------------------------------------------------------------------------------
# The attempt and the walk


def test_successful_zap_takes_the_ghost_discards_the_card_draws_and_moves_the_meeple():
    state = attempt(die=3, meeple="red")  # red meeple on A1 = [0, 0]
    assert state["meeples"]["red"] == [0, 0]
    put_ghost(state, [1, 2], "blue", "wheel")  # C2: 1 + 2 = 3 steps away
    zapper = card("blue", "wheel")
    give(state, 0, [zapper] + state["hands"][0][:3])
    new, events = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [1, 2]}, NOW + 3)
    assert new["ghosts"][1][2] is None and new["captured"][0] == ["blue"]
    assert new["meeples"]["red"] == [1, 2]
    assert zapper not in new["hands"][0] and len(new["hands"][0]) == 4
    assert new["deck"]["discard"][-1] == zapper
    path = new["last_path"]
    assert path[0] == [0, 0] and path[-1] == [1, 2] and len(path) == 4
    assert new["last_attempt"]["success"] is True
    assert "zaps the blue ghost" in texts(events) and "blue wheel" in texts(events)
    assert new["phase"] == "swap" and GAME.waiting_for(new) == [1]
    assert GAME.invariants(new) == []


def test_zap_to_a_tile_no_exact_walk_reaches_fails_meeple_and_card_stay():
    state = attempt(die=3, meeple="red")
    put_ghost(state, [1, 1], "blue", "wheel")  # 2 steps away: parity says 3 steps never end there
    zapper = card("blue", "wheel")
    give(state, 0, [zapper] + state["hands"][0][:3])
    new, events = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [1, 1]}, NOW)
    assert new["ghosts"][1][1] == "blue" and new["captured"][0] == []
    assert new["meeples"]["red"] == [0, 0] and zapper in new["hands"][0]
    assert new["last_attempt"] == {**new["last_attempt"], "success": False, "reason": "no_walk"}
    assert "no walk of exactly 3 steps" in texts(events)
    assert "blue wheel" in texts(events)  # the card played is announced
    assert new["phase"] == "swap"


@pytest.mark.parametrize("ghost,symbol", [("green", "wheel"), ("blue", "arrow")])
def test_zap_fails_when_the_ghost_colour_or_tile_symbol_differs_from_the_card(ghost, symbol):
    state = attempt(die=3, meeple="red")
    put_ghost(state, [1, 2], ghost, symbol)
    zapper = card("blue", "wheel")
    give(state, 0, [zapper] + state["hands"][0][:3])
    new, events = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [1, 2]}, NOW)
    assert new["ghosts"][1][2] == ghost and new["meeples"]["red"] == [0, 0]
    assert zapper in new["hands"][0] and new["last_attempt"]["reason"] == "no_match"
    assert "no match" in texts(events)


def test_a_walk_may_not_enter_a_tile_twice_so_the_start_is_never_a_destination():
    for steps in range(1, 7):
        assert G.find_walk([2, 2], [2, 2], steps) is None
    # A1 -> B1 in 3 steps exists only as a detour (A1 B1 ... is 1 step; A1 A2 B2 B1 is 3).
    assert G.find_walk([0, 0], [0, 1], 3) == [[0, 0], [1, 0], [1, 1], [0, 1]]
    # A1 -> A2 in 5 steps needs tiles beyond; never back through A1.
    walk = G.find_walk([0, 0], [1, 0], 5)
    assert walk is not None and [0, 0] not in walk[1:]


def test_meeples_may_pass_through_and_stop_on_other_meeples_and_corners():
    state = attempt(die=2, meeple="red")
    state["meeples"]["blue"] = [0, 1]  # B1, on the way
    state["meeples"]["yellow"] = [1, 1]  # B2, the destination
    put_ghost(state, [1, 1], "green", "drop")
    zapper = card("green", "drop")
    give(state, 0, [zapper] + state["hands"][0][:3])
    new, _ = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [1, 1]}, NOW)
    assert new["last_attempt"]["success"] and new["meeples"]["red"] == [1, 1]
    assert new["meeples"]["yellow"] == [1, 1]
    # Through a corner: from B1 to A2 in 2 steps the only walks pass A1 or B2.
    assert G.find_walk([0, 1], [1, 0], 2) in ([[0, 1], [0, 0], [1, 0]], [[0, 1], [1, 1], [1, 0]])
    assert G.find_walk([5, 1], [5, 0], 3) is not None  # ends on corner A6


def brute_force_ends(start, steps):
    """Every walk as a sequence of directions, kept when it stays on the board and never revisits."""
    ends = set()
    for moves in product(((1, 0), (-1, 0), (0, 1), (0, -1)), repeat=steps):
        cells = [tuple(start)]
        for dr, dc in moves:
            r, c = cells[-1][0] + dr, cells[-1][1] + dc
            if not (0 <= r < 6 and 0 <= c < 6) or (r, c) in cells:
                break
            cells.append((r, c))
        else:
            ends.add(cells[-1])
    return ends


def test_walk_check_agrees_with_brute_force_on_random_boards_and_every_die_value():
    rng = Rng(2024)
    starts = [[rng.below(6), rng.below(6)] for _ in range(12)] + [[0, 0], [2, 3], [5, 5]]
    for start in starts:
        for steps in range(1, 7):
            truth = brute_force_ends(start, steps)
            assert {tuple(x) for x in G.reachable(start, steps)} == truth
            for r in range(6):
                for c in range(6):
                    walk = G.find_walk(start, [r, c], steps)
                    assert (walk is not None) == ((r, c) in truth), (start, steps, r, c)
                    if walk is not None:
                        assert walk[0] == start and walk[-1] == [r, c] and len(walk) == steps + 1
                        assert len({tuple(x) for x in walk}) == len(walk)
                        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                                   for a, b in pairwise(walk))


def test_zap_checks_walks_against_brute_force_through_the_game():
    rng = Rng(77)
    for trial in range(40):
        die = 1 + trial % 6
        state = attempt(die=die, meeple=("red", "blue", "yellow", "green")[trial % 4], seed=trial)
        start = [rng.below(6), rng.below(6)]
        state["meeples"][state["meeple"]] = start
        dest = [rng.below(6), rng.below(6)]
        if state["symbols"][dest[0]][dest[1]] is None:
            continue
        put_ghost(state, dest, "red", "bricks")
        zapper = card("red", "bricks")
        give(state, 0, [zapper] + [c for c in state["hands"][0] if c != zapper][:3])
        new, _ = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": dest}, NOW)
        assert new["last_attempt"]["success"] == (tuple(dest) in brute_force_ends(start, die))


def test_only_the_caller_zaps_with_a_card_in_hand_on_a_board_tile():
    state = attempt(die=3)
    mine, theirs = state["hands"][0][0], state["hands"][1][0]
    with pytest.raises(RuleError, match="Only \\{0\\}"):
        GAME.apply(state, 1, {"type": "zap", "card": theirs, "to": [1, 2]}, NOW)
    with pytest.raises(RuleError, match="not in your hand"):
        GAME.apply(state, 0, {"type": "zap", "card": theirs, "to": [1, 2]}, NOW)
    for bad in ([6, 0], [0], "B3", [1, -1], None, [True, 1]):
        with pytest.raises(RuleError, match="tile"):
            GAME.apply(state, 0, {"type": "zap", "card": mine, "to": bad}, NOW)
    with pytest.raises(RuleError):
        GAME.apply(playing(), 0, {"type": "zap", "card": mine, "to": [1, 2]}, NOW)


def test_attempt_timeout_fails_the_attempt_meeple_and_card_stay():
    state = attempt(die=4)
    hand = list(state["hands"][0])
    new, events = GAME.apply(state, None, TIMEOUT, NOW + G.ATTEMPT_SECONDS)
    assert new["hands"][0] == hand and new["meeples"] == state["meeples"]
    assert new["phase"] == "swap" and new["last_attempt"]["reason"] == "timeout"
    assert new["flow"]["missed"][0] == 1
    assert "ran out of time" in texts(events)


def test_the_caller_may_give_up_which_fails_the_attempt():
    state = attempt(die=4)
    new, events = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    assert new["phase"] == "swap" and new["hands"] == state["hands"]
    assert new["last_attempt"]["reason"] == "gave_up"
    with pytest.raises(RuleError):
        GAME.apply(state, 1, {"type": "give_up"}, NOW)


# ---------------------------------------------------------------------------------------------
# After the attempt: swap or keep, then the caller rolls


def test_every_other_player_may_swap_one_card_then_the_caller_rolls():
    state = attempt(players=3, die=2, caller=1)
    state, _ = GAME.apply(state, 1, {"type": "give_up"}, NOW)
    assert sorted(GAME.waiting_for(state)) == [0, 2]
    with pytest.raises(RuleError, match="caller"):
        GAME.apply(state, 1, {"type": "keep"}, NOW)
    old = state["hands"][0][0]
    state, events = GAME.apply(state, 0, {"type": "swap", "card": old}, NOW + 1)
    assert old not in state["hands"][0] and len(state["hands"][0]) == 4
    assert old in state["deck"]["discard"]
    public = [e.text for e in events if e.private_to is None]
    assert public == ["{0} swaps a card."]
    assert any(e.private_to == 0 and G.card_name(old) in e.text for e in events)
    with pytest.raises(RuleError, match="already"):
        GAME.apply(state, 0, {"type": "keep"}, NOW)
    state, events = GAME.apply(state, 2, {"type": "keep"}, NOW + 2)
    assert state["phase"] == "race" and state["round"] == 2 and state["roller"] == 1
    assert any(e.kind == "roll" and e.text.startswith("{1} rolls") for e in events)
    assert state["flow"]["deadline"] == NOW + 2 + G.RACE_SECONDS


def test_swap_timeout_keeps_the_cards_of_the_silent_and_rolls():
    state = attempt(players=3, die=2, caller=0)
    state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    state, _ = GAME.apply(state, 1, {"type": "keep"}, NOW)
    hand2 = list(state["hands"][2])
    state, events = GAME.apply(state, None, TIMEOUT, NOW + G.SWAP_SECONDS)
    assert state["hands"][2] == hand2 and state["flow"]["missed"] == [0, 0, 1]
    assert state["phase"] == "race" and state["roller"] == 0


def test_an_empty_draw_pile_takes_in_the_shuffled_discard_pile():
    state = attempt(players=2, die=2)
    state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    state["deck"]["discard"].extend(state["deck"]["draw"])
    state["deck"]["draw"] = []
    old = state["hands"][1][0]
    pile = len(state["deck"]["discard"])
    state, _ = GAME.apply(state, 1, {"type": "swap", "card": old}, NOW)
    assert len(state["hands"][1]) == 4
    assert len(state["deck"]["draw"]) == pile and state["deck"]["discard"] == []
    assert GAME.invariants(state) == []


# ---------------------------------------------------------------------------------------------
# The end


def test_first_to_reach_the_target_wins_at_once():
    state = attempt(players=3, die=3, meeple="red")  # target 8
    _remove_ghosts(state, 7, seat=0)
    put_ghost(state, [1, 2], "blue", "wheel")
    zapper = card("blue", "wheel")
    give(state, 0, [zapper] + state["hands"][0][:3])
    new, events = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [1, 2]}, NOW)
    assert new["phase"] == "over" and new["end"]["reason"] == "target"
    assert GAME.next_deadline(new) is None
    outcome = GAME.outcome(new)
    assert outcome.ranks == (1, 2, 2) and outcome.scores == (8.0, 0.0, 0.0)
    assert outcome.winners() == [0]
    assert "{0} wins with 8 ghosts" in texts(events)
    assert GAME.invariants(new) == []
    with pytest.raises(RuleError, match="over"):
        GAME.apply(new, 1, {"type": "call", "meeple": "red"}, NOW)


def test_no_capturable_ghost_left_ends_the_game_and_most_ghosts_wins_ties_share():
    # With 32 ghosts this needs a constructed board (no real game gets here before a winner).
    state = attempt(players=3, die=3, meeple="red", caller=2)
    put_ghost(state, [1, 2], "blue", "wheel")
    state["ghosts"] = [[None] * 6 for _ in range(6)]
    state["ghosts"][1][2] = "blue"
    state["captured"] = [["red"] * 5, ["green"] * 5, ["yellow"] * 4]
    zapper = card("blue", "wheel")
    give(state, 2, [zapper] + state["hands"][2][:3])
    new, events = GAME.apply(state, 2, {"type": "zap", "card": zapper, "to": [1, 2]}, NOW)
    assert new["phase"] == "over" and new["end"]["reason"] == "no_ghosts"
    outcome = GAME.outcome(new)
    assert outcome.scores == (5.0, 5.0, 5.0) and outcome.ranks == (1, 1, 1)
    assert outcome.winners() == [0, 1, 2]
    assert "No ghost can be captured" in texts(events)


def test_ghosts_whose_cards_are_gone_cannot_be_captured():
    state = playing(2)
    assert G._capturable(state)
    pairs = G._ghost_pairs(state)
    for where in [*state["hands"], state["deck"]["draw"], state["deck"]["discard"]]:
        where[:] = [c for c in where if (CARDS[c].colour, CARDS[c].symbol) not in pairs]
    assert not G._capturable(state)


# ---------------------------------------------------------------------------------------------
# Silent players and leavers


def test_three_missed_timers_in_a_row_mark_a_player_away_and_they_are_skipped():
    state = playing(3)
    for _ in range(G.AWAY_AFTER):
        state, _ = GAME.apply(state, 0, {"type": "call", "meeple": "red"}, NOW)
        state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
        state, _ = GAME.apply(state, 1, {"type": "keep"}, NOW)
        state, events = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    assert state["flow"]["away"] == [2] and "silent" in texts(events)
    state, _ = GAME.apply(state, 0, {"type": "call", "meeple": "red"}, NOW)
    state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    assert GAME.waiting_for(state) == [1]
    state, _ = GAME.apply(state, 1, {"type": "keep"}, NOW)
    assert state["phase"] == "race"  # nobody waits for seat 3


def test_an_away_player_who_acts_again_is_back():
    state = playing(3)
    state["flow"]["away"], state["flow"]["missed"] = [2], [0, 0, 3]
    state, events = GAME.apply(state, 2, {"type": "call", "meeple": "blue"}, NOW)
    assert state["flow"]["away"] == [] and state["flow"]["missed"] == [0, 0, 0]
    assert "{2} is back." in texts(events)


def test_the_game_ends_when_fewer_than_two_players_remain_and_the_last_ranks_first():
    state = playing(2)
    _remove_ghosts(state, 4, seat=0)
    new, events = GAME.apply(state, 0, LEAVE, NOW)
    assert new["phase"] == "over" and new["end"]["reason"] == "alone"
    outcome = GAME.outcome(new)
    assert outcome.ranks == (2, 1) and outcome.winners() == [1]
    assert "Too few players remain" in texts(events)
    # Going silent counts too: 2 players, one becomes away.
    state = attempt(players=2, caller=0)
    state["flow"]["missed"][1] = G.AWAY_AFTER - 1
    state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    assert state["phase"] == "over" and GAME.outcome(state).ranks == (1, 2)


def test_a_leaver_is_skipped_their_cards_go_to_the_discard_pile_and_they_rank_last():
    state = playing(3)
    hand = list(state["hands"][1])
    _remove_ghosts(state, 3, seat=1)
    state, _ = GAME.apply(state, 1, LEAVE, NOW)
    assert state["flow"]["left"] == [1] and state["hands"][1] == []
    assert set(hand) <= set(state["deck"]["discard"])
    assert 1 not in GAME.waiting_for(state) and GAME.legal_actions(state, 1) == []
    with pytest.raises(RuleError, match="left"):
        GAME.apply(state, 1, {"type": "call", "meeple": "red"}, NOW)
    assert GAME.invariants(state) == []
    state, _ = GAME.apply(state, 0, {"type": "call", "meeple": "red"}, NOW)
    state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    assert GAME.waiting_for(state) == [2]
    state, _ = GAME.apply(state, 2, LEAVE, NOW)
    assert GAME.outcome(state).ranks == (1, 2, 3)  # 0 remains; 1 has 3 ghosts, 2 has none


def test_a_caller_who_leaves_fails_the_attempt_and_the_round_goes_on():
    state = attempt(players=3, caller=1)
    state, events = GAME.apply(state, 1, LEAVE, NOW)
    assert state["phase"] == "swap" and state["last_attempt"]["reason"] == "left"
    assert sorted(GAME.waiting_for(state)) == [0, 2]


def test_leaving_during_the_discard_no_longer_waits_for_you():
    state = GAME.setup(3, {}, 4, NOW)
    give(state, 0, matching_hand(state, 6))
    state, _ = GAME.apply(state, 0, {"type": "discard", "cards": state["hands"][0][:2]}, NOW)
    give(state, 2, [c.id for c in CARDS if (c.colour, c.symbol) in G._ghost_pairs(state)
                    and c.id not in state["hands"][0]][:6])
    state, _ = GAME.apply(state, 2, {"type": "discard", "cards": state["hands"][2][:2]}, NOW)
    state, _ = GAME.apply(state, 1, LEAVE, NOW)
    assert state["phase"] == "race"
    assert GAME.invariants(state) == []


# ---------------------------------------------------------------------------------------------
# Views, legal actions, invariants, simulation


def test_public_view_hides_every_hand_and_seat_view_shows_only_its_own():
    state = attempt(players=3)
    public = GAME.view(state, None)
    for key in ("symbols", "ghosts", "meeples", "die", "phase", "caller", "scores", "hand_counts",
                "deadline", "last_path", "round", "target"):
        assert key in public
    assert "hand" not in public and public["hand_counts"] == [4, 4, 4]
    blob = json.dumps(public)
    assert "draw\"" not in blob
    mine = GAME.view(state, 1)
    assert [c["id"] for c in mine["hand"]] == state["hands"][1]
    assert set(mine["hand"][0]) == {"id", "colour", "symbol", "name"}
    assert json.loads(json.dumps(mine)) == mine
    assert "reachable" not in blob


def test_views_carry_exactly_the_keys_of_their_types():
    state, _ = GAME.apply(attempt(players=3), 0, {"type": "give_up"}, NOW)  # a last attempt to show
    public, mine = GAME.view(state, None), GAME.view(state, 1)
    assert set(public) == GhostsView.__required_keys__ and public_view(public) is public
    assert set(mine) == SeatView.__required_keys__ and seat_view(mine) is mine
    assert set(public["last_attempt"]) == LastAttempt.__required_keys__
    with pytest.raises(TypeError):
        seat_view(public)


def test_view_shows_the_path_of_the_last_successful_move():
    state = attempt(die=3, meeple="red")
    put_ghost(state, [1, 2], "blue", "wheel")
    zapper = card("blue", "wheel")
    give(state, 0, [zapper] + state["hands"][0][:3])
    state, _ = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [1, 2]}, NOW)
    view = GAME.view(state, None)
    assert view["last_path"] == state["last_path"] and len(view["last_path"]) == 4
    assert view["last_attempt"]["card"]["name"] == "blue wheel"


def test_legal_zaps_include_every_successful_zap_and_some_failing_ones():
    state = attempt(die=3, meeple="red")
    put_ghost(state, [1, 2], "blue", "wheel")
    zapper = card("blue", "wheel")
    give(state, 0, [zapper] + state["hands"][0][:3])
    actions = GAME.legal_actions(state, 0)
    assert {"type": "zap", "card": zapper, "to": [1, 2]} in actions
    outcomes = []
    for action in actions:
        new, _ = GAME.apply(state, 0, action, NOW)
        outcomes.append(new["last_attempt"]["success"])
    assert True in outcomes and False in outcomes
    assert GAME.legal_actions(state, 1) == []


def test_invariants_catch_a_lost_ghost_a_lost_card_and_a_wrong_hand_size():
    state = playing(2)
    assert GAME.invariants(state) == []
    broken = copy.deepcopy(state)
    broken["ghosts"][1][1] = None if broken["ghosts"][1][1] else "red"
    assert any("ghosts on board" in b for b in GAME.invariants(broken))
    broken = copy.deepcopy(state)
    broken["deck"]["draw"].pop()
    assert any("cards accounted" in b for b in GAME.invariants(broken))
    broken = copy.deepcopy(state)
    broken["deck"]["draw"].append(broken["hands"][0].pop())
    assert any("holds 3 cards" in b for b in GAME.invariants(broken))


def test_apply_never_changes_the_given_state():
    state = attempt(die=3)
    before = canonical(state)
    for seat in (0, 1):
        for action in GAME.legal_actions(state, seat):
            GAME.apply(state, seat, action, NOW)
    GAME.apply(state, None, TIMEOUT, NOW)
    GAME.apply(state, 1, LEAVE, NOW)
    assert canonical(state) == before


def test_rules_text_fits_discord_and_names_the_defaults():
    assert len(GAME.rules) < 3500
    for words in ("exactly", "never entering a tile twice", "10 / 8 / 6 / 5 / 4", "discard pile",
                  "other meeples", "rolled again"):
        assert words in GAME.rules


def test_the_winning_calls_press_time_is_kept_until_the_next_roll():
    game = G.Ghosts()
    state = game.setup(2, {}, 3, 0.0)
    for seat in range(2):
        hand = state["hands"][seat]
        state, _ = game.apply(state, seat, {"type": "discard", "cards": hand[:2]}, 1.0)
        while state["phase"] == "discard" and seat in state["discard_pending"]:
            hand = state["hands"][seat]
            state, _ = game.apply(state, seat, {"type": "discard", "cards": hand[:2]}, 1.0)
    assert state["phase"] == "race"
    state, _ = game.apply(state, 1, {"type": "call", "meeple": "red", "at_ms": 1234}, 2.0)
    assert game.view(state, None)["call_ms"] == 1234
    state, _ = game.apply(state, 1, {"type": "give_up"}, 3.0)
    while state["phase"] != "race":
        state, _ = game.apply(state, None, {"type": "timeout"}, state["flow"]["deadline"])
    assert state["call_ms"] is None


# ---------------------------------------------------------------------------------------------
# What players read: card names and counted words


def test_a_card_is_named_by_colour_and_symbol_only_since_its_number_plays_no_role():
    # Seed 002: a card zaps a ghost of its colour on a tile of its symbol; the Green Box number
    # on the card is never used, so no text shows it.
    for c in CARDS:
        info = G.card_info(c.id)
        assert info["name"] == G.card_name(c.id) == f"{c.colour} {c.symbol}"
        assert "value" not in info and not any(ch.isdigit() for ch in info["name"])
    assert "number plays no role" in GAME.rules


def test_events_name_the_card_played_drawn_kept_and_swapped_without_its_number():
    state = attempt(players=3, die=3, meeple="red")
    put_ghost(state, [1, 2], "blue", "wheel")
    zapper = card("blue", "wheel")  # its Green Box value is 6
    give(state, 0, [zapper] + state["hands"][0][:3])
    state, zapped = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [1, 2]}, NOW)
    assert "{0} plays the blue wheel and moves the red meeple" in texts(zapped)
    state, swapped = GAME.apply(state, 1, {"type": "swap", "card": state["hands"][1][0]}, NOW)
    fresh = GAME.setup(2, {}, 5, NOW)
    hand = matching_hand(fresh, 4)
    give(fresh, 0, hand)
    _, kept = GAME.apply(fresh, 0, {"type": "discard", "cards": hand[4:]}, NOW)
    for events in (zapped, swapped, kept):
        private = [e.text for e in events if e.private_to is not None]
        assert private and not any(ch.isdigit() for text in private for ch in text), private
    assert any(e.text.startswith("You discard the ") and " and draw the " in e.text for e in swapped)


def test_a_missed_walk_of_one_step_says_step_not_steps():
    state = attempt(die=1, meeple="red")
    zapper = state["hands"][0][0]
    _, events = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [3, 3]}, NOW)
    assert "no walk of exactly 1 step gets there" in texts(events)
    assert "1 steps" not in texts(events)


def test_a_win_with_one_ghost_says_ghost_not_ghosts():
    state = playing(2)
    _remove_ghosts(state, 1, seat=0)
    state["quiet_rolls"] = G.MAX_QUIET_ROLLS - 1
    state, events = GAME.apply(state, None, TIMEOUT, NOW + G.RACE_SECONDS)
    assert state["phase"] == "over"
    assert "The table went quiet. {0} wins with 1 ghost." in texts(events)
    assert GAME.outcome(state).summary.endswith("with 1 ghost.")


def test_the_first_zap_scores_1_ghost_not_1_ghosts():
    state = attempt(die=3, meeple="red")
    put_ghost(state, [1, 2], "blue", "wheel")
    zapper = card("blue", "wheel")
    give(state, 0, [zapper] + state["hands"][0][:3])
    _, events = GAME.apply(state, 0, {"type": "zap", "card": zapper, "to": [1, 2]}, NOW)
    assert "zaps the blue ghost! 1 ghost." in texts(events)


def test_one_silent_swapper_keeps_their_cards_in_the_singular():
    state = attempt(players=3, die=2, caller=0)
    state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    state, _ = GAME.apply(state, 1, {"type": "keep"}, NOW)
    _, events = GAME.apply(state, None, TIMEOUT, NOW + G.SWAP_SECONDS)
    assert "Time is up: {2} keeps their cards." in texts(events)


# ---------------------------------------------------------------------------------------------
# Games saved before the flow kit held leaving, absence and the timer

def test_a_snapshot_from_before_the_flow_kit_is_upgraded_to_the_same_game_and_plays_on():
    state = GAME.setup(3, {}, 5, NOW)
    state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])  # everyone silent once
    state, _ = GAME.apply(state, 2, LEAVE, NOW + 100)
    kit = state["flow"]
    old = {key: value for key, value in state.items() if key != "flow"}
    old.update(left=list(kit["left"]), away=list(kit["away"]), idle=list(kit["missed"]), deadline=kit["deadline"])
    upgraded = GAME.upgrade(old)
    assert canonical(upgraded) == canonical(state) and GAME.invariants(upgraded) == []
    after, _ = GAME.apply(upgraded, None, TIMEOUT, kit["deadline"])
    assert canonical(after) != canonical(upgraded), "the upgraded game plays on: its timer moved it"

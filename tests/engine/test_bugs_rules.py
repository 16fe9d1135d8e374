"""Bugs & Co rules, one test per rule (shared/seeds/001_bfed48ca0187ca84.txt, GAMES.md)."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine import bugs as B
from engine.errors import RuleError
from engine.protocol import LEAVE, TIMEOUT, canonical, seat_name

GAME = B.Bugs()
NOW = 1_000.0


def fresh(players: int = 3, seed: int = 7, **options: bool):
    return GAME.setup(players, options, seed, NOW)


def act(state, seat, action, now=NOW + 1):
    return GAME.apply(state, seat, action, now)


def grab(state, seat, place, now=NOW + 1):
    return act(state, seat, {"type": "grab", "place": place}, now)[0]


def keep(state, seat, place, now=NOW + 1):
    return act(grab(state, seat, place, now), seat, {"type": "keep"}, now)[0]


def tiles_of(*designs: int) -> list[int]:
    """One tile id per design given, using a fresh copy number for each repeat."""
    seen: Counter = Counter()
    out = []
    for d in designs:
        out.append(d * B.COPIES + seen[d])
        seen[d] += 1
    return out


def over(state, now=None):
    """Run the clock out: the table's TIMEOUT at each deadline (every beat of a countdown) until
    the game ends; or one TIMEOUT at `now`."""
    if now is not None:
        return act(state, None, dict(TIMEOUT), now)
    events: list = []
    while GAME.outcome(state) is None:
        state, events = act(state, None, dict(TIMEOUT), GAME.next_deadline(state))
    return state, events


def design_words(view) -> list[str]:
    """Every design name that appears anywhere in a view."""
    text = json.dumps(view)
    return [d.name for d in B.DESIGNS if d.name in text]


# ------------------------------------------------------------------ components

def test_75_tiles_are_25_designs_of_3_with_15_two_eyed_5_one_eyed_5_three_eyed():
    assert B.TILES == 75 and len(B.DESIGNS) == 25 and B.COPIES == 3
    assert Counter(d.eyes for d in B.DESIGNS) == {2: 15, 1: 5, 3: 5}


def test_every_design_has_its_own_shape_and_colour_and_colour_alone_never_makes_a_set():
    assert len({(d.shape, d.colour) for d in B.DESIGNS}) == 25
    assert len({d.name for d in B.DESIGNS}) == 25
    assert Counter(d.colour for d in B.DESIGNS) == {c: 5 for c in B.COLOURS}
    assert Counter(d.shape for d in B.DESIGNS) == {s: 5 for s in B.SHAPES}
    two_eyed = [d for d in B.DESIGNS if d.eyes == 2]
    assert all(n == 3 for n in Counter(d.colour for d in two_eyed).values())  # 2-4 players: 3 per colour
    assert B.DESIGNS[0].name == "green round bug, two eyes"


@pytest.mark.parametrize("players, eyes, trophies", [
    (2, {2}, [3]), (3, {2}, [3, 2]), (4, {2}, [3, 2, 1]), (5, {2, 1}, [3, 2, 2, 1]),
    (6, {2, 1}, [3, 3, 2, 2, 1]), (7, {1, 2, 3}, [3, 3, 2, 2, 1]), (8, {1, 2, 3}, [3, 3, 2, 2, 1])])
def test_components_by_player_count_follow_the_seed_table(players, eyes, trophies):
    state = fresh(players)
    used = {B.DESIGNS[d].eyes for d in state["designs"]}
    assert used == eyes
    assert len(state["designs"]) == 5 * len(eyes) + (10 if 2 in eyes else 0)
    assert state["trophies"] == trophies
    assert len(state["places"]) + len(state["removed"]) == 3 * len(state["designs"])


@pytest.mark.parametrize("players", [5, 6])
def test_five_or_six_players_use_the_one_eyed_designs_or_by_option_the_three_eyed(players):
    assert GAME.options[0].key == B.OPTION_THREE_EYED and GAME.options[0].default is False
    default = {B.DESIGNS[d].eyes for d in fresh(players)["designs"]}
    option = {B.DESIGNS[d].eyes for d in fresh(players, three_eyed=True)["designs"]}
    assert default == {1, 2} and option == {2, 3}
    assert {B.DESIGNS[d].eyes for d in fresh(4, three_eyed=True)["designs"]} == {2}  # only 5-6


def test_seven_tiles_are_removed_unseen_before_play_by_the_seed():
    state = fresh(4)
    assert len(state["removed"]) == 7 and len(state["places"]) == 45 - 7
    assert all(t is not None for t in state["places"])
    assert fresh(4)["removed"] == state["removed"] and fresh(4, seed=8)["places"] != state["places"]
    view = GAME.view(state, 0)
    assert view["removed"] == 7 and view["places"] == ["down"] * 38 and design_words(view) == []
    over_view = GAME.view(over(state)[0], None)
    assert over_view["removed"] == 7  # never shown, not even at the end


def test_a_game_takes_two_to_eight_players():
    for bad in (1, 9):
        with pytest.raises(RuleError):
            fresh(bad)


# ------------------------------------------------------------------ grabbing, putting back, keeping

def test_everyone_acts_at_once_without_turns():
    state = fresh(4)
    assert GAME.waiting_for(state) == [0, 1, 2, 3]
    for seat in (3, 1, 0, 2):
        state = grab(state, seat, seat)
    assert GAME.view(state, None)["holding"] == [0, 1, 2, 3]


def test_a_grabbed_tile_is_seen_by_its_grabber_only():
    state = fresh(3)
    tile = state["places"][5]
    state, events = act(state, 1, {"type": "grab", "place": 5})
    name = B.design_of(tile).name
    assert [(e.private_to, name in e.text) for e in events] == [(1, True)]
    assert GAME.view(state, 1)["held"] == {"place": 5, "design": tile // 3, "name": name}
    for seat in (None, 0, 2):
        view = GAME.view(state, seat)
        assert view["places"][5] == "held" and view["holding"][1] == 5
        assert view.get("held") is None and design_words(view) == []


def test_a_player_holds_at_most_one_tile_at_a_time():
    state = grab(fresh(), 0, 2)
    with pytest.raises(RuleError, match="already hold the tile from place 3"):
        grab(state, 0, 4)


def test_simultaneous_grabs_of_one_tile_give_it_to_the_first_and_the_second_loses_nothing():
    state = grab(fresh(), 2, 9)
    with pytest.raises(RuleError, match="Someone was faster: \\{2\\} holds the tile from place 10"):
        grab(state, 0, 9)
    assert GAME.explain(state, 0, {"type": "grab", "place": 9}, NOW + 1).startswith("Someone was faster")
    state = grab(state, 0, 10)  # the loser goes on at once
    assert state["holding"][0]["place"] == 10 and state["holding"][2]["place"] == 9


def test_a_lost_grab_race_names_the_winner_and_the_margin_from_the_press_times():
    state = act(fresh(), 2, {"type": "grab", "place": 9, "at_ms": 5_000})[0]
    late = GAME.explain(state, 0, {"type": "grab", "place": 9, "at_ms": 5_042}, NOW + 1)
    assert late == ("Someone was faster: {2} holds the tile from place 10. "
                    "Their grab came 42 ms before yours.")
    # Arrival order decides; a press stamped earlier that arrived later is told so, not "faster".
    early = GAME.explain(state, 0, {"type": "grab", "place": 9, "at_ms": 4_990}, NOW + 1)
    assert early.endswith("Their grab reached the table first, although yours was stamped 10 ms earlier.")
    # Without both press times there is no margin to tell (a grab by a command, an old snapshot).
    assert GAME.explain(state, 0, {"type": "grab", "place": 9}, NOW + 1).endswith("from place 10.")
    unstamped = grab(fresh(), 2, 9)
    assert GAME.explain(unstamped, 0, {"type": "grab", "place": 9, "at_ms": 5_042}, NOW + 1).endswith("place 10.")


def test_a_grab_of_an_empty_or_unknown_place_is_refused():
    state = keep(fresh(), 0, 3)
    with pytest.raises(RuleError, match="Place 4 is empty"):
        grab(state, 1, 3)
    with pytest.raises(RuleError, match="no place 99"):
        grab(state, 1, 98)
    with pytest.raises(RuleError, match="“place” must be a whole number"):  # refused where it enters (issue 21)
        act(state, 1, {"type": "grab", "place": "3"})


def test_a_tile_goes_back_face_down_on_its_own_place():
    start = fresh()
    state, events = act(grab(start, 0, 4), 0, {"type": "put_back"})
    assert state["places"] == start["places"] and state["holding"][0] is None
    assert events[0].private_to == 0 and "place 5" in events[0].text


def test_a_held_tile_may_go_on_an_empty_place_leaving_its_own_place_empty():
    state = keep(fresh(), 1, 7)             # place 8 is empty now
    state = grab(state, 0, 0)
    tile = state["holding"][0]["tile"]
    state, events = act(state, 0, {"type": "put_back", "place": 7})
    assert state["places"][7] == tile and state["places"][0] is None
    assert GAME.view(state, None)["places"][:2] == ["empty", "down"]
    assert [(e.text, e.private_to, e.kind) for e in events] == [
        ("{0} moves the tile from place 1 to empty place 8, face down.", None, "move")]
    assert state["moved"] == {"seat": 0, "from": 0, "to": 7, "swapped": False, "n": 1}


def test_disrupting_the_table_a_held_tile_put_on_a_face_down_place_swaps_with_it():
    start = grab(fresh(), 0, 2)
    held, there = start["holding"][0]["tile"], start["places"][9]
    state, events = act(start, 0, {"type": "put_back", "place": 9})
    assert state["places"][9] == held and state["places"][2] == there and state["holding"][0] is None
    assert GAME.view(state, None)["places"][2] == GAME.view(state, None)["places"][9] == "down"
    assert sorted(t for t in state["places"] if t is not None) == sorted(
        [t for t in start["places"] if t is not None] + [held])  # no tile lost or doubled
    assert [(e.text, e.private_to, e.kind) for e in events] == [
        ("{0} puts the tile from place 3 on place 10 and the tile that lay there on place 3, both face down.",
         None, "swap")]
    assert GAME.invariants(state) == []


def test_disrupting_the_table_is_open_from_the_first_look_when_no_place_is_empty():
    state = grab(fresh(2), 1, 0)
    assert all(tile is not None for tile in state["places"][1:])  # nothing kept yet: no empty place
    assert [a["place"] for a in GAME.legal_actions(state, 1) if a["type"] == "put_back"] == \
        list(range(len(state["places"])))
    assert GAME.explain(state, 1, {"type": "put_back", "place": 30}, NOW + 2) is None


def test_a_place_whose_tile_someone_else_holds_takes_no_tile_and_nothing_changes():
    state = grab(grab(fresh(), 2, 3), 0, 0)
    before = canonical(state)
    with pytest.raises(RuleError, match=r"\{2\} holds the tile of place 4 now"):
        act(state, 0, {"type": "put_back", "place": 3})
    assert canonical(state) == before
    assert {"type": "put_back", "place": 3} not in GAME.legal_actions(state, 0)


def test_a_swap_shows_nobody_either_tile_the_mover_included():
    state = grab(fresh(4), 0, 2)
    state, events = act(state, 0, {"type": "put_back", "place": 9})
    assert all(not design_words({"text": e.text}) for e in events)
    for viewer in (None, 0, 1, 2, 3):
        view = GAME.view(state, viewer)
        assert design_words(view) == [] and view.get("held") is None
        assert view["moved"] == {"seat": 0, "from": 2, "to": 9, "swapped": True, "n": 1}


def test_where_a_tile_moves_is_public_and_two_like_moves_are_told_apart():
    state = grab(fresh(), 1, 4)
    state = act(state, 1, {"type": "put_back", "place": 5})[0]
    state = grab(state, 1, 4)
    state = act(state, 1, {"type": "put_back", "place": 5})[0]  # the same two places again
    assert GAME.view(state, None)["moved"] == {"seat": 1, "from": 4, "to": 5, "swapped": True, "n": 2}
    state = act(grab(state, 1, 6), 1, {"type": "put_back"})[0]  # back on its own place: nothing moved
    assert GAME.view(state, None)["moved"]["n"] == 2


def test_put_back_and_keep_need_a_tile_in_hand():
    for action in ({"type": "put_back"}, {"type": "keep"}):
        with pytest.raises(RuleError, match="hold no tile"):
            act(fresh(), 0, action)


def test_a_kept_tile_is_never_shown_again_not_even_to_its_owner():
    state = fresh(3)
    for seat, place in ((0, 1), (0, 2), (1, 3)):
        state = keep(state, seat, place)
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view["kept"] == [2, 1, 0] and "hands" not in view and design_words(view) == []
        assert view["places"][1:4] == ["empty"] * 3
    _, events = act(grab(state, 0, 5), 0, {"type": "keep"})
    assert "2 tiles" not in events[0].text and "3 tiles in your hand" in events[0].text


def test_a_hand_is_never_shown_in_any_view_before_the_end():
    state = fresh(5)
    now = NOW
    for step in range(60):
        seat = step % 5
        actions = GAME.legal_actions(state, seat)
        grabs = [a for a in actions if a["type"] == "grab"]
        action = grabs[step % len(grabs)] if state["holding"][seat] is None else {"type": "keep"}
        now += 1
        state, events = act(state, seat, action, now)
        for viewer in (None, *range(5)):
            view = GAME.view(state, viewer)
            held = view.get("held")
            assert design_words(view) == ([held["name"]] if held else [])
        assert all(e.private_to is not None for e in events)
    assert sum(GAME.view(state, None)["kept"]) == 30


# ------------------------------------------------------------------ trophies and the end

def test_taking_a_trophy_gives_the_highest_left_and_stops_the_player():
    state = keep(fresh(4), 1, 0)
    state = grab(state, 1, 1)
    state, events = act(state, 1, {"type": "take_trophy"})
    assert state["trophy"][1] == 3 and state["trophies"] == [2, 1] and state["stopped"] == [1]
    assert state["places"][1] is not None and state["holding"][1] is None  # the held tile went back
    assert "{1} takes the 3-point trophy and stops playing (1 tile kept)." in [e.text for e in events]
    assert GAME.waiting_for(state) == [0, 2, 3] and GAME.legal_actions(state, 1) == []
    with pytest.raises(RuleError, match="stopped playing"):
        grab(state, 1, 2)
    state, _ = act(state, 3, {"type": "take_trophy"})
    assert state["trophy"][3] == 2


def test_the_last_trophy_starts_a_countdown_of_ten_beats_of_two_seconds():
    state = grab(fresh(3), 2, 6)
    state, _ = act(state, 0, {"type": "take_trophy"}, NOW + 5)
    state, events = act(state, 1, {"type": "take_trophy"}, NOW + 20)
    assert (B.COUNTDOWN_BEATS, B.BEAT_SECONDS, B.COUNTDOWN_SECONDS) == (10, 2.0, 20.0)
    assert state["phase"] == "countdown" and state["beats"] == 10
    assert any(e.kind == "countdown" and e.private_to is None and "10 beats of 2 seconds (20 s)" in e.text
               for e in events)
    view = GAME.view(state, None)
    assert view["countdown_at"] == NOW + 40 and view["beats"] == 10
    assert GAME.next_deadline(state) == view["deadline"] == NOW + 22  # the first beat
    state = act(act(state, 2, {"type": "keep"}, NOW + 21)[0], 2, {"type": "grab", "place": 7}, NOW + 21.5)[0]
    assert GAME.next_deadline(state) == NOW + 22  # acting does not stretch the countdown


def test_each_beat_counts_down_on_the_board_and_the_last_stops_everybody():
    state = act(act(fresh(3), 0, {"type": "take_trophy"}, NOW + 5)[0], 1, {"type": "take_trophy"}, NOW + 20)[0]
    state = grab(state, 2, 7, NOW + 21)
    for left in range(9, 0, -1):
        beat = GAME.next_deadline(state)
        with pytest.raises(RuleError, match="not up yet"):
            act(state, None, dict(TIMEOUT), beat - 0.1)
        state, events = act(state, None, dict(TIMEOUT), beat)
        assert events == [] and state["phase"] == "countdown"  # the board says it; the news stays
        assert GAME.view(state, None)["beats"] == left and GAME.next_deadline(state) == NOW + 40 - 2 * (left - 1)
    done, events = act(state, None, dict(TIMEOUT), NOW + 40)
    assert done["phase"] == "over" and done["end"] == "countdown" and GAME.next_deadline(done) is None
    assert done["places"][7] is not None and done["holding"][2] is None  # the held tile went back
    assert events[-1].text.startswith("Stop! The countdown is over.") and done["beats"] is None
    assert GAME.outcome(done) is not None and GAME.legal_actions(done, 2) == []


def test_a_late_beat_counts_every_beat_that_passed_and_a_late_end_ends():
    state = act(act(fresh(3), 0, {"type": "take_trophy"}, NOW)[0], 1, {"type": "take_trophy"}, NOW)[0]
    state, _ = act(state, None, dict(TIMEOUT), NOW + 7.5)  # the beats at 2, 4 and 6 s have passed
    assert state["beats"] == 7 and GAME.next_deadline(state) == NOW + 8
    done, _ = act(state, None, dict(TIMEOUT), NOW + 95)  # a restart after the end
    assert done["end"] == "countdown"


def test_a_snapshot_counting_down_from_before_the_beats_ends_at_its_stored_end():
    state = act(act(fresh(3), 0, {"type": "take_trophy"}, NOW)[0], 1, {"type": "take_trophy"}, NOW)[0]
    for key in ("beats", "moved"):
        del state[key]
    state["countdown_at"] = NOW + 10  # the old 10 s countdown
    state = GAME.upgrade(state)
    assert state["beats"] == 1 and GAME.invariants(state) == []
    assert GAME.view(state, None)["deadline"] == NOW + 10
    assert act(state, None, dict(TIMEOUT), NOW + 10)[0]["end"] == "countdown"


def test_no_trophy_can_be_taken_once_all_are_gone():
    state = act(fresh(3), 0, {"type": "take_trophy"})[0]
    state = act(state, 1, {"type": "take_trophy"})[0]
    with pytest.raises(RuleError, match="No trophy is left"):
        act(state, 2, {"type": "take_trophy"})
    assert {"type": "take_trophy"} not in GAME.legal_actions(state, 2)


def test_nobody_acting_for_two_minutes_ends_the_game():
    state = grab(fresh(), 0, 0, NOW + 50)
    assert GAME.next_deadline(state) == NOW + 50 + B.IDLE_SECONDS == NOW + 170
    with pytest.raises(RuleError, match="not up yet"):
        act(state, None, dict(TIMEOUT), NOW + 169)
    done, events = over(state)
    assert done["end"] == "idle" and done["places"][0] is not None
    assert "Nobody has acted for 120 seconds" in events[-1].text


def test_the_game_stops_ten_minutes_after_the_start_however_busy():
    state = fresh(2)
    now = NOW
    while now < NOW + B.MAX_SECONDS - 60:
        now += 60
        state = act(grab(state, 0, 0, now), 0, {"type": "put_back"}, now)[0]
    assert GAME.next_deadline(state) == NOW + B.MAX_SECONDS == state["ends_at"]
    done, events = over(state)
    assert done["end"] == "max" and "lasted 10 minutes" in events[-1].text


def test_only_the_table_applies_a_timeout():
    with pytest.raises(RuleError, match="table's clock"):
        act(fresh(), 0, dict(TIMEOUT), NOW + 1e6)


def test_nothing_happens_after_the_end():
    done = over(fresh())[0]
    for seat, action in ((0, {"type": "grab", "place": 0}), (None, dict(TIMEOUT)), (1, dict(LEAVE))):
        with pytest.raises(RuleError, match="over"):
            act(done, seat, action, NOW + 1e6)


def test_an_unknown_action_or_seat_is_refused():
    with pytest.raises(RuleError, match="Grab a tile"):
        act(fresh(), 0, {"type": "shout"})
    with pytest.raises(RuleError, match="no seat"):
        act(fresh(), 5, {"type": "keep"})


# ------------------------------------------------------------------ leaving

def test_a_leaver_keeps_nothing_in_hand_scores_nothing_and_ranks_last():
    state = fresh(3)
    state["places"][:3] = tiles_of(0, 0, 0)
    for place in range(3):
        state = keep(state, 0, place)
    state = grab(state, 0, 3)
    state, events = act(state, 0, dict(LEAVE))
    assert state["places"][3] is not None and state["holding"][0] is None
    assert "{0} leaves the game and will score nothing." in [e.text for e in events]
    assert GAME.waiting_for(state) == [1, 2] and GAME.legal_actions(state, 0) == []
    with pytest.raises(RuleError, match="left this game"):
        grab(state, 0, 4)
    with pytest.raises(RuleError, match="already left"):
        act(state, 0, dict(LEAVE))
    state = keep(state, 1, 5)
    outcome = GAME.outcome(over(state)[0])
    assert outcome.scores == (0.0, -1.0, 0.0) and outcome.ranks == (3, 2, 1)
    hands = GAME.view(over(state)[0], None)["hands"]
    assert hands[0]["left"] and hands[0]["points"] == 3 and hands[0]["score"] == 0


def test_fewer_than_two_players_left_ends_the_game():
    state, events = act(fresh(2), 1, dict(LEAVE))
    assert state["phase"] == "over" and state["end"] == "alone"
    assert GAME.outcome(state).ranks == (1, 2)
    assert "Too few players are left." in events[-1].text


def test_the_game_ends_at_once_when_nobody_is_left_playing():
    state = act(fresh(3), 0, {"type": "take_trophy"})[0]
    state = act(state, 2, dict(LEAVE))[0]
    assert state["phase"] == "play"  # seat 2 still plays
    state, events = act(state, 1, {"type": "take_trophy"})
    assert state["phase"] == "over" and state["end"] == "stopped"
    assert "Nobody is left playing." in events[-1].text


# ------------------------------------------------------------------ scoring

def test_every_set_of_three_identical_designs_scores_3_and_every_other_tile_costs_1():
    assert B.score_hand(tiles_of(4, 4, 4), None)["points"] == 3
    assert B.score_hand(tiles_of(4, 4, 9), None)["points"] == -3
    assert B.score_hand([], 1)["points"] == 1


def test_only_the_design_counts_not_the_colour():
    red = [d.id for d in B.DESIGNS if d.colour == "red"][:3]
    result = B.score_hand(tiles_of(*red), None)
    assert (result["sets"], result["others"], result["points"]) == (0, 3, -3)


def test_four_identical_tiles_are_one_set_and_one_stray():
    """Counted by design (the box has 3 tiles a design, so this is the rule, not a position)."""
    result = B.score_designs([2, 2, 2, 2], None)
    assert (result["sets"], result["others"], result["points"]) == (1, 1, 2)
    assert result["groups"] == [{"design": 2, "name": B.DESIGNS[2].name, "count": 4, "sets": 1, "strays": 1}]


def test_rulebook_example_four_sets_a_pair_a_single_and_the_2_trophy_score_11():
    hand = tiles_of(0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5)
    assert B.score_hand(hand, 2)["points"] == 11
    state = fresh(3)
    state["places"][:15] = hand
    for place in range(15):
        state = keep(state, 0, place)
    state = act(state, 1, {"type": "take_trophy"})[0]   # the 3
    state = act(state, 0, {"type": "take_trophy"})[0]   # the 2, the last: the countdown
    done, events = over(state)
    assert GAME.outcome(done).scores[0] == 11.0
    assert "{0}: 4 sets, 3 other tiles, trophy 2: 11 points" in events[-1].text


def test_most_points_wins_and_ties_share_a_rank():
    state = fresh(4)
    state["places"][:9] = tiles_of(0, 0, 0, 1, 1, 1, 2, 2, 2)
    for seat, places in ((0, (0, 1, 2)), (1, (3, 4, 5)), (2, (6, 7))):
        for place in places:
            state = keep(state, seat, place)
    done = over(state)[0]
    outcome = GAME.outcome(done)
    assert outcome.scores == (3.0, 3.0, -2.0, 0.0) and outcome.ranks == (1, 1, 4, 3)
    assert outcome.summary == "{0} and {1} win with 3 points each." and outcome.margin is None
    assert outcome.winners() == [0, 1]


def test_at_the_end_every_hand_is_revealed_sorted_by_design_with_the_sets_marked():
    state = fresh(2)
    state["places"][:5] = tiles_of(7, 3, 7, 3, 7)
    for place in range(5):
        state = keep(state, 1, place)
    done = over(state)[0]
    for seat in (None, 0, 1):
        view = GAME.view(done, seat)
        groups = view["hands"][1]["groups"]
        assert [(g["design"], g["count"], g["sets"]) for g in groups] == [(3, 2, 0), (7, 3, 1)]
        assert view["scores"] == [0, 1] and view["ranks"] == [2, 1]
    assert GAME.outcome(done).summary == "{1} wins with 1 point."


# ------------------------------------------------------------------ protocol

def test_legal_actions_list_each_grab_or_each_put_back_keep_and_the_trophy():
    state = keep(fresh(2), 1, 0)
    actions = GAME.legal_actions(state, 0)
    assert {"type": "grab", "place": 0} not in actions and len(actions) == 37 + 1
    assert actions[-1] == {"type": "take_trophy"}
    state = grab(grab(state, 1, 3), 0, 5)
    backs = [{"type": "put_back", "place": p} for p in range(38) if p != 3]  # any place but one another holds
    assert GAME.legal_actions(state, 0) == [*backs, {"type": "keep"}, {"type": "take_trophy"}]
    for action in GAME.legal_actions(state, 0):
        assert GAME.explain(state, 0, action, NOW + 2) is None


def test_apply_never_touches_the_callers_state():
    state = fresh()
    before = canonical(state)
    act(state, 0, {"type": "grab", "place": 0})
    with pytest.raises(RuleError):
        act(state, 0, {"type": "keep"})
    assert canonical(state) == before


def test_the_view_shows_the_table_trophies_who_stopped_and_the_clock():
    state = grab(keep(fresh(3), 0, 0), 1, 1)
    state = act(state, 2, {"type": "take_trophy"})[0]
    view = GAME.view(state, None)
    assert view["places"][:3] == ["empty", "held", "down"] and view["holding"] == [None, 1, None]
    assert view["trophies"] == [2] and view["trophy"] == [None, None, 3] and view["stopped"] == [2]
    assert view["kept"] == [1, 0, 0] and view["face_down"] == 36 and view["countdown_at"] is None
    assert view["deadline"] == GAME.next_deadline(state) and GAME.waiting_for(state) == [0, 1]
    assert json.loads(json.dumps(view)) == view


def test_a_view_handed_over_as_a_plain_dict_reads_as_a_bugs_view_and_nothing_else_does():
    state = grab(fresh(), 0, 4)
    assert B.as_view(GAME.view(state, 0)).get("held") == GAME.view(state, 0)["held"]
    with pytest.raises(TypeError, match="not a Bugs & Co view"):
        B.as_view({"phase": "play", "places": []})


def test_invariants_catch_a_lost_tile_a_double_hold_and_a_stray_trophy():
    state = grab(fresh(), 0, 0)
    assert GAME.invariants(state) == []
    lost = json.loads(json.dumps(state))
    lost["hands"][1].append(lost["places"].pop())
    lost["hands"][1].pop()
    assert any("tiles accounted" in p for p in GAME.invariants(lost))
    double = json.loads(json.dumps(state))
    double["holding"][1] = dict(double["holding"][0])
    assert any("two players hold" in p for p in GAME.invariants(double))
    trophy = json.loads(json.dumps(state))
    trophy["trophy"][1] = 1
    assert any("trophies" in p for p in GAME.invariants(trophy))


def test_public_texts_name_seats_the_host_can_replace():
    state = act(fresh(3), 2, {"type": "take_trophy"})[0]
    _, events = act(state, 1, dict(LEAVE))
    assert all(seat_name(1) in e.text for e in events if e.private_to is None)


def test_the_rules_text_states_the_clock_and_leaving_choices():
    for words in ("10 beats of 2 seconds (20 s)", "120 s", "10 minutes", "score 0 and rank last", "11",
                  "three-eyed", "the two swap", "unseen by anyone"):
        assert words in GAME.rules, words
    for words in ("COUNTDOWN_BEATS", "BEAT_SECONDS", "IDLE_SECONDS", "MAX_SECONDS", "LEAVE", "Disrupting the table"):
        assert words in B.__doc__, words


# ------------------------------------------------------------------ away

def put_back(state, seat, now):
    return act(state, seat, {"type": "put_back"}, now)[0]


def test_a_player_silent_for_a_minute_while_others_play_is_away():
    state = fresh(3)
    state = put_back(grab(state, 0, 0, NOW + 10), 0, NOW + 20)
    assert GAME.away(state) == []
    state = grab(state, 0, 1, NOW + B.AWAY_SECONDS - 1)
    assert GAME.away(state) == [], "59 s of silence is not away yet"
    state = put_back(state, 0, NOW + B.AWAY_SECONDS)
    assert GAME.away(state) == [1, 2]


def test_any_action_brings_an_away_player_back():
    state = grab(fresh(2), 0, 0, NOW + B.AWAY_SECONDS)
    assert GAME.away(state) == [1]
    state = grab(state, 1, 1, NOW + B.AWAY_SECONDS + 1)
    assert GAME.away(state) == []


def test_a_snapshot_from_before_the_away_rule_plays_on():
    state = fresh(2)
    del state["seen"]
    state = grab(state, 0, 0, NOW + 5)
    assert state["seen"] == [NOW + 5, NOW] and GAME.away(state) == []

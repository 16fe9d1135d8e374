"""Eye for an Eye: the Bushland board and hex geometry (ARENA.md 2.1-2.2)."""
from __future__ import annotations

from engine.arena import board as B
from engine.hexgrid import neighbour

BUSH = B.BUSHLAND
E, NE, NW, W, SW, SE = range(6)


def test_the_bushland_has_61_hexes_6_stones_and_a_high_ground_of_7():
    assert len(BUSH.hexes) == 61
    assert BUSH.impassable == BUSH.blocks_sight == B.STONES and len(B.STONES) == 6
    assert B.STONES <= BUSH.hexes
    assert len(BUSH.high_ground) == 7 and (0, 0) in BUSH.high_ground


def test_six_starting_areas_of_three_edge_hexes_each_face_a_clear_front_arc():
    starts = [h for hexes, _ in BUSH.areas.values() for h in hexes]
    assert len(starts) == 18 == len(set(starts))
    for hexes, facing in BUSH.areas.values():
        for h in hexes:
            assert max(abs(h[0]), abs(h[1]), abs(h[0] + h[1])) == 4  # on the edge
            assert B.clear_front(BUSH, set(), list(h), facing)


def test_front_arc_is_the_faced_side_and_its_two_neighbours():
    assert B.front_directions(E) == (SE, E, NE)
    assert B.front_arc([0, 0], E) == [[0, 1], [1, 0], [1, -1]]
    for d in (SE, E, NE):
        assert B.in_front([0, 0], E, neighbour([0, 0], d))
    for d in (NW, W, SW):
        assert not B.in_front([0, 0], E, neighbour([0, 0], d))


def test_turning_left_adds_one_and_right_takes_one():
    assert B.turn(E, B.TURNS["L"]) == NE and B.turn(E, B.TURNS["R"]) == SE


def test_a_distant_hex_belongs_to_the_nearest_direction():
    assert B.sector([0, 0], [3, 0]) == [E]
    assert B.sector([0, 0], [-3, 1]) == [W]  # mostly west, a little south-west


def test_a_hex_exactly_between_a_front_and_a_rear_direction_counts_as_front():
    between = [2, -1]  # as far east as north-east
    assert sorted(B.sector([0, 0], between)) == [E, NE]
    assert B.in_front([0, 0], NW, between)      # NE is front for a figure facing NW, E is rear
    assert not B.in_front([0, 0], W, between)   # both rear


def test_line_of_sight_runs_along_the_three_front_rays_and_stops_at_a_stone_it_still_sees():
    seen = B.line_of_sight(BUSH, set(), [4, 0], W)
    assert [3, 0] in seen and [2, 0] in seen      # the stone itself is seen
    assert [1, 0] not in seen                      # nothing past it
    assert [4, -1] in seen and [3, 1] in seen      # the side rays (NW, SW)


def test_line_of_sight_stops_at_the_first_figure():
    assert [1, 1] in B.line_of_sight(BUSH, set(), [-4, 1], E)
    seen = B.line_of_sight(BUSH, {(0, 1)}, [-4, 1], E)
    assert [0, 1] in seen and [1, 1] not in seen


def test_nothing_is_seen_to_the_rear():
    seen = B.line_of_sight(BUSH, set(), [0, 0], E)
    assert all(B.in_front([0, 0], E, h) for h in seen)
    assert [-1, 0] not in seen


def test_a_push_moves_the_target_one_hex_on_from_the_pusher():
    assert B.push(BUSH, set(), [-1, 1], [0, 1]) == [1, 1]        # east, on along the line
    assert B.push(BUSH, set(), [1, -3], [1, -2]) == [1, -1]      # south-east


def test_a_push_is_blocked_by_a_stone_a_figure_or_the_edge():
    assert B.push(BUSH, set(), [0, 0], [1, 0]) is None          # (2, 0) is a stone
    assert B.push(BUSH, {(1, 1)}, [-1, 1], [0, 1]) is None      # a figure stands there
    assert B.push(BUSH, set(), [3, 0], [4, 0]) is None          # off the edge


def test_only_open_hexes_may_be_entered():
    assert B.open_hex(BUSH, set(), [1, 0])
    assert not B.open_hex(BUSH, set(), [2, 0])       # stone
    assert not B.open_hex(BUSH, {(1, 0)}, [1, 0])    # figure
    assert not B.open_hex(BUSH, set(), [5, 0])       # off the board

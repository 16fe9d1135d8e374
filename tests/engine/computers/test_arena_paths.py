"""The arena computer's path search (engine/computers/arena/paths.py): shortest Movements over hex and
facing through open hexes only, and of equal paths the one found first (turn left, turn right, then
the compass directions in order), which the computer's choices depend on."""
from __future__ import annotations

from engine.computers.arena.paths import path_to, reach
from engine.hexgrid import within

E, NE, NW, W, SW, SE = range(6)
BOARD = frozenset((q, r) for q, r in within([0, 0], 4))


def test_a_step_keeps_the_facing_and_a_turn_keeps_the_hex():
    came, depth = reach(((0, 0), E), 12, BOARD)
    assert path_to(came, ((1, 0), E)) == ["E"]
    assert path_to(came, ((0, 0), NE)) == ["L"] and path_to(came, ((0, 0), SE)) == ["R"]
    assert depth[((1, -1), NE)] == 2 and depth[((1, -1), NW)] == 3  # a step and one turn; and two


def test_of_equal_paths_the_left_turn_and_the_first_direction_come_first():
    came, _ = reach(((0, 0), E), 12, BOARD)
    assert path_to(came, ((0, 0), W)) == ["L", "L", "L"]
    assert path_to(came, ((2, -1), E)) == ["E", "NE"]


def test_the_search_steps_through_open_hexes_only_and_stops_at_the_limit():
    came, depth = reach(((0, 0), E), 12, BOARD - {(1, 0)})
    assert all(pose[0] != (1, 0) for pose in came)
    assert depth[((2, 0), E)] == 3
    _, near = reach(((0, 0), E), 1, BOARD)
    assert sorted(near.values()) == [0] + [1] * 8  # two turns and six steps


def test_a_netted_figure_only_turns():
    _, depth = reach(((0, 0), E), 12, BOARD, netted=True)
    assert {pose[0] for pose in depth} == {(0, 0)} and len(depth) == 6

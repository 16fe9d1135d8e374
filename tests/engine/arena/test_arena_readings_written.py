"""Eye for an Eye: the readings the code already made are written where a player (the /rules pages) and a
reader of the code (the module docstrings) would look (ARENA.md 4.17-4.19 and 4.23; issue 26 item 5)."""
from __future__ import annotations

import engine.arena as arena
from engine.arena import ceremony, dice, domination, rounds
from engine.arena.board import clear_front, front_arc, open_hex
from engine.arena.ceremony import Ceremony
from engine.arena.domination import Domination
from engine.arena.figures import arena as arena_of
from engine.arena.rules import RULES
from engine.hexgrid import neighbour
from tests.kit.arena_setup import NOW, do, give, put, refused, under_way

GAME = arena.EyeForAnEye()


def test_placing_refuses_a_hex_in_another_figures_front_arc_and_the_rules_say_so():
    """Reading 17: besides a clear front arc of its own, a start hex is out of every other figure's front arc."""
    assert "front arc clear, out of other figures' front arcs" in RULES
    assert "4.17" in arena.__doc__ and "4.17" in rounds.place.__doc__
    state = GAME.setup(2, {}, 1, NOW)
    area = [list(h) for h in arena_of(state).areas[state["areas"][0]][0]]
    spot = next(h for h in area if h != state["figures"][0]["hex"])
    watcher = next((n, (d + 3) % 6) for d in range(6) if (n := neighbour(spot, d)) not in area
                   and open_hex(arena_of(state), set(), n))
    put(state, 1, *watcher)  # Riparian stands beside that hex, facing it
    assert spot in front_arc(*watcher)
    refused(state, 0, "in the front arc of Riparian", type="place", hex=spot,
            facing=next(f for f in range(6) if clear_front(arena_of(state), {tuple(watcher[0])}, spot, f)))


def test_dice_spent_or_recovered_come_back_unrolled_and_the_rules_say_so():
    """Reading 18: a die back in the pool must be rolled before it is allocated again."""
    assert "Dice spent or recovered (any time) return unrolled." in RULES
    assert "4.18" in arena.__doc__ and "4.18" in dice.__doc__
    state = under_way(GAME.setup(2, {}, 1, NOW))
    give(state, 0, move=2)
    state["dice"][0]["pool"] = ["A", "A", "D"]
    state, _ = do(state, 0, type="recover", track="move", count=1)
    state, _ = do(state, 0, type="move", steps=["L"])
    assert sorted(state["dice"][0]["pool"], key=str) == ["A", "A", "D", None, None]


def test_turn_based_dart_is_never_rolled_and_the_ceremony_rules_say_so():
    """Reading 19: Dart cancels a hit a die, as a reaction, turn-based too."""
    assert "never rolled, turn-based too" in Ceremony.rules and "4.19" in ceremony.__doc__ and "4.19" in arena.__doc__


def test_the_domination_rules_give_the_hint_that_the_last_marker_declares_knowing_the_most():
    """Reading 23: declarations are public as they come, and the last turn-order marker acts last."""
    assert "the last turn-order marker, acting last, declares knowing the most" in Domination.rules
    assert "4.23" in domination.__doc__ and "4.23" in arena.__doc__

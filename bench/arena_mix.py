"""How people play Eye for an Eye, for the speed benches: a weighted pick among the legal actions.

Uniformly random play hardly ever fights (a figure wanders, rerolls and flicks switches), so a
bench of it would time boards nobody sees. Here a player rolls and allocates dice, closes in on
the nearest enemy, strikes when it can and parries when struck, which is what a table's boards
show: figures meeting, health falling, attacks waiting for an answer.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.arena.board import COMPASS
from engine.arena.data import PARRY
from engine.arena.figures import standing
from engine.hexgrid import distance, neighbour
from engine.rng import Rng

Choice = tuple[int, dict[str, Any]]

# How often each kind of action is picked, relative to the others legal at the same moment.
WEIGHTS = {
    "parry": 24, "take": 6, "attack": 30, "heal": 2,
    "roll": 6, "allocate": 3, "auto": 8, "recover": 1, "marker": 1, "end_turn": 3, "pass": 1,
    "ready": 10, "place": 1, "leave": 0,
}
PARRY_MYSELF = 10  # turning Auto-Parry off, to answer attacks in person (about half the players do)
GUARD = 8          # Defence dice put on the Parry track, to have them ready when struck
TOWARDS = 20     # a step that brings a figure nearer its nearest enemy
FACING = 6       # a turn while an enemy is next to the figure
ASTRAY = 1       # any other step


def _step_weight(state: dict[str, Any], seat: int, step: str) -> int:
    """Closing in (or turning to face an enemy already adjacent) is what players mostly do."""
    here = state["figures"][seat]["hex"]
    enemies = [state["figures"][s]["hex"] for s in standing(state) if s != seat]
    if not enemies:
        return ASTRAY
    nearest = min(distance(here, e) for e in enemies)
    if step not in COMPASS:  # a turn
        return FACING if nearest == 1 else ASTRAY
    after = neighbour(here, COMPASS.index(step))
    return TOWARDS if min(distance(after, e) for e in enemies) < nearest else ASTRAY


def weight(state: dict[str, Any], seat: int, action: dict[str, Any]) -> int:
    if action["type"] == "move":
        return _step_weight(state, seat, action["steps"][0])
    if action["type"] == "auto_parry":
        return 0 if action["on"] else PARRY_MYSELF
    if action["type"] == "allocate" and action["track"] == PARRY:
        return GUARD
    return WEIGHTS.get(action["type"], 1)


def pick(state: dict[str, Any], choices: Sequence[Choice], rng: Rng) -> Choice:
    """One of `choices` (seat, action), drawn in proportion to `weight`."""
    weights = [weight(state, seat, action) for seat, action in choices]
    total = sum(weights)
    if total == 0:
        return rng.choice(choices)
    ticket = rng.below(total)
    for choice, w in zip(choices, weights, strict=True):
        ticket -= w
        if ticket < 0:
            return choice
    raise AssertionError("unreachable: the tickets add up to the total")

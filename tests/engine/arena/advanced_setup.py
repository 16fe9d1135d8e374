"""Eye for an Eye's advanced rules set up by hand, for the tests of the shared machinery and of each
character's cards: a round under way with the characters named, two of them face to face, Tribal
cards readied, a health set, the actions of a kind listed."""
from __future__ import annotations

from engine.arena import EyeForAnEye
from tests.kit.arena_setup import NOW, E, W, give, put, under_way

GAME = EyeForAnEye()


def new(*chars, tb=False, advanced=True, seed=1):
    options = {"turn_based": tb, "advanced": advanced, "character": list(chars)}
    return GAME.setup(len(chars), options, seed, NOW)


def begun(*chars, tb=False, auto_parry=True, advanced=True):
    """A round under way with these characters, figures still in their starting areas."""
    state = new(*chars, tb=tb, advanced=advanced)
    state["auto_parry"] = [auto_parry] * len(chars)
    return under_way(state)


def ready(state, seat, *cards, **tracks):
    """Ready these Tribal cards and allocate dice directly (to their use tracks too)."""
    state["cards"][seat] = list(cards)
    give(state, seat, **tracks)


def hurt(state, seat, health):
    """Set a figure's health, keeping the health count honest."""
    state["start_health"] += health - state["figures"][seat]["health"]
    state["figures"][seat]["health"] = health


def listed(state, seat, kind):
    return [a for a in GAME.legal_actions(state, seat) if a["type"] == kind]


def face_off(*chars, tb=False, auto_parry=True, advanced=True):
    """Seat 0 at (0,0) facing E and seat 1 at (1,0) facing W: each in the other's front arc;
    any third seat stands out of the way."""
    state = begun(*chars, tb=tb, auto_parry=auto_parry, advanced=advanced)
    put(state, 0, [0, 0], E)
    put(state, 1, [1, 0], W)
    for seat, spot in zip(range(2, len(chars)), ([-3, 3], [3, -3], [-3, 0], [3, 0]), strict=False):
        put(state, seat, spot, E)
    return state

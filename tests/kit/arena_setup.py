"""Eye for an Eye states set by hand, for the rule, mode and board tests: figures put down, dice given,
an action done (the invariants checked) or refused (the state left as it was); and the modes' own
set-ups: a Nymphlet placed, the flower shown, a pool of faces."""
from __future__ import annotations

import pytest

from engine.arena import EyeForAnEye
from engine.arena import dice as D
from engine.errors import RuleError
from engine.protocol import TIMEOUT, canonical

GAME = EyeForAnEye()
NOW = 1_000.0
E, NE, NW, W, SW, SE = range(6)
A, Df, M, H, R, S = 1, 2, 3, 4, 5, 6  # rigged rolls: the faces A D M H R S


def under_way(state, rim=()):
    """The placing time and the countdown run out ("Yarra Mark!" called); the figures then stand
    on the `rim` hexes given, in seat order, facing W (the others stay in their starting areas)."""
    for _ in ("placing time", "countdown"):
        state, _ = GAME.apply(state, None, TIMEOUT, state["flow"]["deadline"])
    for seat, h in zip(range(state["players"]), rim, strict=False):
        put(state, seat, h, W)
    return state


def put(state, seat, hex_, facing):
    state["figures"][seat]["hex"], state["figures"][seat]["facing"] = list(hex_), facing


def give(state, seat, **tracks):
    """Allocate dice directly (the rest stay in the pool, unrolled)."""
    dice = state["dice"][seat]
    count = D.dice_total(dice)
    dice["tracks"].update(tracks)
    dice["pool"] = [None] * (count - sum(dice["tracks"].values()))


def do(state, seat, now=NOW + 1, **action):
    state, events = GAME.apply(state, seat, action, now)
    assert GAME.invariants(state) == []
    return state, [e.text for e in events]


def refused(state, seat, match, now=NOW + 1, **action):
    before = canonical(state)
    with pytest.raises(RuleError, match=match):
        GAME.apply(state, seat, action, now)
    assert canonical(state) == before


def health(state, seat):
    return state["figures"][seat]["health"]


def nymphlet_at(state, owner, h):
    """Move one of `owner`'s Nymphlets to `h`; returns its index."""
    index = next(i for i, n in enumerate(state["tokens"]) if n["owner"] == owner)
    state["tokens"][index]["hex"] = list(h)
    return index


def show_flower(state, colour):
    """Make `colour` the current flower, swapping it with the card where it lies (the deck keeps one of each)."""
    data = state["mode"]
    for pile in (data["deck"]["draw"], data["deck"]["discard"]):
        if colour in pile:
            pile[pile.index(colour)] = data["flower"]
    data["flower"] = colour


def pool(state, seat, *faces):
    """The seat's pool shows these faces (the rest of its pool unrolled)."""
    dice = state["dice"][seat]
    dice["pool"] = list(faces) + [None] * (len(dice["pool"]) - len(faces))

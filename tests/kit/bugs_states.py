"""Bugs & Co states played through the engine, for the board tests: tiles kept and held with the 3
trophy taken, the countdown, the game over."""
from __future__ import annotations

from engine import bugs as B
from engine.protocol import TIMEOUT

GAME = B.Bugs()
NOW = 1_000.0


def act(state, seat, action, now=NOW + 1):
    return GAME.apply(state, seat, action, now)[0]


def playing(players: int):
    """Each player kept a few tiles and holds one; the last took the 3 trophy."""
    state = GAME.setup(players, {}, 3, NOW)
    for seat in range(players):
        for k in range(seat % 4 + 1):
            state = act(act(state, seat, {"type": "grab", "place": seat * 4 + k}), seat, {"type": "keep"})
    for seat in range(players - 1):
        state = act(state, seat, {"type": "grab", "place": len(state["places"]) - 1 - seat})
    return act(state, players - 1, {"type": "take_trophy"})


def countdown(players: int):
    state = playing(players)
    for seat in range(len(state["trophies"])):
        state = act(state, seat, {"type": "take_trophy"}, NOW + 5)
    return state


def finished(players: int):
    state = countdown(players)
    while state["phase"] != "over":  # every beat of the countdown, then the end
        state = act(state, None, dict(TIMEOUT), GAME.next_deadline(state))
    return state

"""Zap That Ghost states for the board tests: a race right after a zap."""
from __future__ import annotations

from engine import ghosts as G
from engine.greenbox import CARDS

GAME = G.Ghosts()
NOW = 1_000.0


def zapped_state(players: int = 3):
    """A race state right after the red meeple zapped a blue ghost on C2 via A2 B2 (3 steps)."""
    state = GAME.setup(players, {}, 11, NOW)
    for s in range(players):
        state["deck"]["discard"].extend(state["hands"][s][4:])
        del state["hands"][s][4:]
    state.update(phase="race", discard_pending=[], die=4, roller=1, round=3)
    state["ghosts"][1][2] = None
    state["captured"][0].append("blue")
    state["meeples"]["red"] = [1, 2]
    state["last_path"] = [[0, 0], [1, 0], [1, 1], [1, 2]]
    blue_wheel = next(c.id for c in CARDS if c.colour == "blue" and c.symbol == "wheel" and not c.starter)
    state["last_attempt"] = {"seat": 0, "meeple": "red", "card": blue_wheel, "from": [0, 0],
                             "to": [1, 2], "die": 3, "success": True, "reason": ""}
    return state

"""Zap That Ghost states for the board tests: a race right after a zap, and every kind of board a table shows."""
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


def board_states(players: int) -> dict[str, tuple[dict, bool]]:
    """Every kind of board a table shows, as (state, aborted)."""
    start = GAME.setup(players, {}, 5, NOW)
    racing = zapped_state(players)
    called, _ = GAME.apply(racing, 1, {"type": "call", "meeple": "green"}, NOW)
    swap, _ = GAME.apply(called, 1, {"type": "give_up"}, NOW)
    away = {**swap, "away": [players - 1], "left": [0]}
    over = {**swap, "phase": "over", "end": {"reason": "quiet"}, "deadline": None}
    over["captured"] = [["red", "blue"]] + [[] for _ in range(players - 1)]
    crowded = {**called, "meeples": {"red": [0, 0], "blue": [0, 0], "yellow": [0, 0], "green": [2, 2]},
               "meeple": "blue"}  # never in play (one meeple to a tile, none on a ghost), but drawable
    return {"start": (start, False), "race": (racing, False), "attempt": (called, False),
            "swap": (swap, False), "away and left": (away, False), "game over": (over, False),
            "aborted": (called, True), "crowded": (crowded, False)}

"""Two tiny games that exercise the game host in tests, without any real game's rules.

`tally`: 2-3 players take turns adding 1 or 2 to a shared total; whoever reaches 10 wins.
A player who lets the 60-second turn timer run out adds 1 by default; after AWAY_AFTER such
turns in a row they are away until they act. Its computer player is `tests/kit/toy_computers.py`. `patience` is solo:
draw until the drawn cards reach 21 or more; exactly 21 wins.
"""
from __future__ import annotations

import os

from engine.deck import draw, new_deck
from engine.errors import RuleError
from engine.flow import after
from engine.protocol import Event, Game, Option, Outcome, ranked, seat_name
from engine.registry import register
from engine.rng import Rng, rng_of

TARGET = 10


def next_seat(seat: int, players: int, gone: list[int]) -> int | None:
    """The next seat round the table that has not left."""
    return next(((seat + step) % players for step in range(1, players + 1)
                 if (seat + step) % players not in gone), None)


# A process test that must see a turn run out in real time shortens it for its bot (its environment).
TURN_SECONDS = float(os.environ.get("TABLETOP_TEST_TALLY_TURN_SECONDS", "60"))
AWAY_AFTER = 2


@register
class Tally(Game):
    name = "tally"
    computer = "tests.kit.toy_computers"
    title = "Tally"
    min_players = 2
    max_players = 3
    options = (Option("double", "Steps of 2 and 4"),)
    rules = "Take turns adding 1 or 2 to the total. Reach 10 first to win."

    def setup(self, players, options, seed, now):
        step = 2 if options.get("double") else 1
        return {"players": players, "total": 0, "turn": 0, "step": step, "winner": None,
                "rng": seed, "deadline": after(now, TURN_SECONDS), "counts": [0] * players, "gone": [],
                "missed": [0] * players}

    def legal_actions(self, state, seat):
        if state["winner"] is not None or seat != state["turn"]:
            return []
        return [{"type": "add", "n": n * state["step"]} for n in (1, 2)]

    def _leave(self, state, seat, now):
        state["gone"].append(seat)
        remaining = [s for s in range(state["players"]) if s not in state["gone"]]
        if len(remaining) == 1:
            state["winner"], state["deadline"] = remaining[0], None
            return [Event(f"{seat_name(seat)} leaves; {seat_name(remaining[0])} wins.")]
        if state["turn"] == seat:
            state["turn"] = next_seat(seat, state["players"], state["gone"])
            state["deadline"] = after(now, TURN_SECONDS)
        return [Event(f"{seat_name(seat)} leaves.")]

    def play(self, state, seat, action, now):
        if state["winner"] is not None:
            raise RuleError("The game is over.")
        if action.get("type") == "leave" and seat is not None:
            return self._leave(state, seat, now)
        if seat is None and action.get("type") == "timeout":
            seat, n = state["turn"], state["step"]
            state["missed"][seat] += 1
        elif seat != state["turn"]:
            raise RuleError(f"It is not your turn: {seat_name(state['turn'])} is to play.")
        elif action.get("type") != "add" or action.get("n") not in (state["step"], 2 * state["step"]):
            raise RuleError("You may add 1 or 2.")
        else:
            n = action["n"]
            state["missed"][seat] = 0
        state["total"] += n
        state["counts"][seat] += 1
        if state["total"] >= TARGET * state["step"]:
            state["winner"], state["deadline"] = seat, None
            return [Event(f"{seat_name(seat)} reaches {state['total']} and wins.")]
        state["turn"] = next_seat(seat, state["players"], state["gone"])
        state["deadline"] = after(now, TURN_SECONDS)
        return [Event(f"{seat_name(seat)} adds {n}: total {state['total']}.")]

    def view(self, state, seat):
        return {"total": state["total"], "turn": state["turn"], "winner": state["winner"]}

    def waiting_for(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def away(self, state):
        return [seat for seat, missed in enumerate(state["missed"]) if missed >= AWAY_AFTER]

    def outcome(self, state):
        if state["winner"] is None:
            return None
        scores = tuple(1.0 if s == state["winner"] else 0.0 for s in range(state["players"]))
        return Outcome(ranked(scores), scores, f"{seat_name(state['winner'])} wins")

    def invariants(self, state):
        return [] if sum(state["counts"]) <= state["total"] else ["more moves than points"]


@register
class Patience(Game):
    name = "patience"
    title = "Patience"
    min_players = 1
    max_players = 1
    rules = "Draw cards until they add up to 21 or more. Exactly 21 wins."

    def setup(self, players, options, seed, now):
        rng = Rng(seed)
        deck = new_deck(list(range(1, 11)) * 4, rng)
        return {"deck": deck, "sum": 0, "done": False, "rng": rng.state}

    def legal_actions(self, state, seat):
        return [] if state["done"] else [{"type": "draw"}]

    def play(self, state, seat, action, now):
        if state["done"]:
            raise RuleError("The game is over.")
        if action.get("type") == "leave":
            state["done"], state["resigned"] = True, True
            return [Event("You resign.")]
        if action.get("type") != "draw":
            raise RuleError("You can only draw.")
        with rng_of(state) as rng:
            (card,) = draw(state["deck"], rng)
        state["sum"] += card
        state["done"] = state["sum"] >= 21
        return [Event(f"Drew {card}: {state['sum']}.")]

    def view(self, state, seat):
        return {"sum": state["sum"]}

    def outcome(self, state):
        if not state["done"]:
            return None
        won = state["sum"] == 21 and not state.get("resigned")
        return Outcome((1,), (float(state["sum"]),), "21!" if won else "Bust", won=(won,))

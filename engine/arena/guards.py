"""Echo's Guards (ARENA.md 2.6), in every game (4.16: the rulebook lists them among his components
with no advanced marking): Luftle figures beside their Chief.

Each round they start in the supply (`state["guards"][seat]`, one None per Guard); Call the Guard
places one next to Echo. A Guard has its own facing, blocks movement and sight, and has 1 health:
a hit that lands sends it back to the supply, and its attacker takes one of Echo's Guard Health
tokens (`state["guard_tokens"][seat]`) into their cup while any are left (the rulebook). When
Echo is knocked out or leaves, his Guards leave the board. Echo's Attack and Movement are taken
by one Luftle figure of his choice: the Chief (`by` None) or a Guard (`by` its number).
"""
from __future__ import annotations

from ..errors import RuleError, Said
from ..protocol import Event, Seat
from .figures import Ref, State, action_word, character, guards_of, guards_play, piece_name, say


def new_guards(state: State) -> None:
    """A new round: every Guard in the supply, every Guard token back."""
    on = guards_play(state)
    state["guards"] = [[None] * character(state, s).guards if on else [] for s in range(state["players"])]
    state["guard_tokens"] = [character(state, s).guard_tokens if on else 0 for s in range(state["players"])]


def placed(state: State, seat: Seat) -> list[int]:
    """The seat's Guards on the board."""
    return [g for g, slot in enumerate(guards_of(state, seat)) if slot is not None]


def in_supply(state: State, seat: Seat) -> list[int]:
    return [g for g, slot in enumerate(guards_of(state, seat)) if slot is None]


def luftle(state: State, seat: Seat, by: int | None) -> Ref:
    """The figure that takes a basic action: the seat's character, or (Echo) one of his Guards."""
    if by is None:
        return (seat, None)
    if by not in placed(state, seat):
        have = placed(state, seat)
        raise (RuleError("Your Guards on the board are {guards}.", guards=", ".join(str(g + 1) for g in have))
               if have else RuleError("Only Echo's Guards on the board can act for him."))
    return (seat, by)


def guard_index(value: int | None, seat: Seat, state: State) -> int | None:
    """A Guard named in an action (None: the character itself); RuleError if there is none such."""
    if value is None:
        return None
    if value not in placed(state, seat):
        raise RuleError("Name a Guard on the board.")
    return value


def place(state: State, seat: Seat, guard: int, where: list[int], facing: int) -> None:
    guards_of(state, seat)[guard] = {"hex": list(where), "facing": facing, "statuses": {}}


def to_supply(state: State, seat: Seat, guard: int) -> list[Event]:
    """A Guard goes back to the supply; attacks still waiting on it move nothing."""
    guards_of(state, seat)[guard] = None
    events = []
    for late in [p for p in state["pending"] if p["defender"] == seat and p["guard"] == guard]:
        state["pending"].remove(late)
        events.append(Event(Said("{figure} was gone before your {attack} landed: it moves nothing.",
                                 figure=piece_name(state, (seat, guard)), attack=action_word(late["action"])),
                            private_to=late["attacker"], kind="late"))
    return events


def leave_board(state: State, seat: Seat) -> list[Event]:
    """Echo is knocked out or gone: his Guards leave the board with him."""
    gone = placed(state, seat)
    for guard in gone:
        guards_of(state, seat)[guard] = None
    state["pending"] = [p for p in state["pending"] if not (p["defender"] == seat and p["guard"] is not None)]
    return [say(state, Said("{name}'s Guards leave the arena.", name=character(state, seat).name))] if gone else []


def take_token(state: State, seat: Seat) -> bool:
    """A Guard was hit: one Guard token for the attacker's cup, if Echo has any left."""
    if state["guard_tokens"][seat] <= 0:
        return False
    state["guard_tokens"][seat] -= 1
    return True

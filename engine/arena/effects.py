"""What innate actions and Tribal cards do, as the core asks it: a track's `Effect`, the `Use` being
resolved, and which reactions beside Parry an attack allows (rule 16, ARENA.md 3.3).

The core rules (abilities: using a track, answering with one; hits: reaction windows) read the
effects from `EFFECTS` and import no character: engine/arena/__init__.py plugs each character's
effects in (`plug_effects`), Echo's Call the Guard among them, which every game plays (ARENA.md 4.16).

A reaction is a track marked as one whose minimum is filled: an innate action (Watch Out!) or a
Ready Tribal card (Slippery, Protect the Chief). Pluma's Wing Guard is her Parry. Each is offered
only where it can change the attack (its effect's `offered_when`): Watch Out! against normal hits
from the rear, Slippery against normal hits from any arc, Protect the Chief when a Guard stands next
to Echo. Attacks on a Guard allow only Parry, catches of a Nymphlet only Dart (hits.py: the Nymphlet
card's answer, spelt as a parry).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..protocol import Event, Seat
from .action_types import ArenaAction, CardFields
from .data import PARRY, Card, Track
from .dice import is_ready
from .figures import State, advanced, board_of, card_of, name

Entry = dict  # a pending attack (hits.py)


@dataclass
class Use:
    """One use of a track: who, which track, how many dice, the player's fields and, for a
    reaction, the attack it answers."""

    state: State
    seat: Seat
    track: Track
    dice: int
    action: ArenaAction
    now: float
    entry: dict | None = None

    @property
    def card(self) -> Card | None:
        return card_of(self.state, self.seat, self.track.effect)

    @property
    def bonus(self) -> int:
        """Bonus dice spent (a card's optional extra die)."""
        return self.track.amount(self.dice)

    def n(self, what: str) -> int:
        assert self.card is not None, f"{self.track.name} is not a Tribal card"
        return self.card.n(what)

    @property
    def me(self) -> dict:
        return self.state["figures"][self.seat]

    @property
    def who(self) -> str:
        return name(self.state, self.seat)


Choices = Callable[[State, Seat, dict | None], list[CardFields]]


def no_fields(state: State, seat: Seat, entry: dict | None) -> list[CardFields]:
    """An effect with no fields to choose: it may always be tried."""
    return [{}]


@dataclass(frozen=True)
class Effect:
    """What a track does (`play`) and the fields it may be played with now (`choices`, for the
    legal actions; the entry is the attack a reaction answers). `answer_only`: a reaction that
    only answers an attack (Slippery, Protect the Chief). `offered_when`: for a reaction, whether an
    attack allows it (None: it answers none)."""

    play: Callable[[Use], list[Event]]
    choices: Choices = no_fields
    answer_only: bool = False
    offered_when: Callable[[State, Entry], bool] | None = None  # a reaction: whether this attack allows it


EFFECTS: dict[str, Effect] = {}  # by track key, as plugged in


def plug_effects(*tables: dict[str, Effect]) -> None:
    """The characters' effects (engine/arena/__init__.py plugs the built ones in). A track key is
    one effect: plugging it twice is refused, so the order of plugging never decides anything."""
    for table in tables:
        twice = EFFECTS.keys() & table.keys()
        if twice:
            raise ValueError(f"effects plugged twice: {sorted(twice)}")
        EFFECTS.update(table)


def offered(state: State, entry: Entry) -> list[str]:
    """The reactions beside Parry the defender may use on this attack now (track keys)."""
    if not advanced(state) or entry["guard"] is not None or entry.get("nymphlet") is not None:
        return []
    seat = entry["defender"]
    board, dice = board_of(state, seat), state["dice"][seat]
    return [k for k, t in board.items() if t.reaction and k != PARRY and t.effect == k and k in EFFECTS
            and (when := EFFECTS[k].offered_when) is not None and is_ready(dice, board, k) and when(state, entry)]

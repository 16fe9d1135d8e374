"""Computer players: one policy per game over the engine's protocol, three levels.

A computer decides from its seat's view only (`Game.view(state, seat)`), never the state, so it
never knows what its seat could not know. Everything it keeps between decisions lives in its
`Mind` (plain JSON: its level, its memory, its generator's state, when it acts next), which the
table stores with the session: a restart carries on, and the same seed and views give the same
decisions. Its actions go through the table like a player's and are logged, so a game with
computers replays from its log like any other.

The loop, the same at the table and in the simulator (`engine.computers.play`):
- after every change, each computer `observe`s its seat's new view, then `when` says when it acts
  next (an absolute time, or None: nothing to do now);
- when that time comes, `decide` gives its action from its view at that moment (None: nothing to
  do after all), and the table applies it as that seat.

Levels: `easy`, `normal`, `hard`; each game's module says what differs between them. A seat whose
player is away is played at KEEPER_LEVEL until its player acts again.
"""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import registry
from ..protocol import Action, Game, Seat, View
from ..rng import Rng

EASY, NORMAL, HARD = "easy", "normal", "hard"
LEVELS: tuple[str, ...] = (EASY, NORMAL, HARD)
KEEPER_LEVEL = NORMAL  # the level that plays an absent player's seat

@dataclass
class Mind:
    """What one computer seat carries between decisions, as plain JSON (`to_json`/`from_json`)."""

    seat: Seat
    level: str
    rng: int  # the state of its own generator (engine.rng.Rng), so its draws replay
    memory: dict[str, Any] = field(default_factory=dict)
    due: float | None = None  # when it acts next; None: nothing planned

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "level": self.level, "rng": self.rng, "memory": self.memory, "due": self.due}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Mind:
        return cls(seat=data["seat"], level=data["level"], rng=data["rng"], memory=data.get("memory", {}),
                   due=data.get("due"))

    @classmethod
    def new(cls, seat: Seat, level: str, seed: int) -> Mind:
        """A fresh mind whose draws come from the game's seed mixed with its seat, so two computers
        at one table draw differently and a game started from the same seed decides the same."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        return cls(seat=seat, level=level, rng=Rng(seed ^ (0xC0FFEE * (seat + 1))).next64())


class Policy(ABC):
    """How a computer plays one game. Subclasses see only the seat's view and the mind."""

    game: ClassVar[str]

    def observe(self, mind: Mind, view: View, now: float) -> None:
        """Remember what this view shows (called after every change, before `when`). Default: nothing."""
        return None

    @abstractmethod
    def when(self, mind: Mind, view: View, now: float, rng: Rng) -> float | None:
        """When this seat acts next, as an absolute time (None: nothing to do now).

        `mind.due` is the plan made after the previous change: keep it to let a reaction run on
        while others act, or replace it when the moment it reacted to has passed.
        """

    @abstractmethod
    def decide(self, mind: Mind, view: View, now: float, rng: Rng) -> Action | None:
        """The action to take now, chosen from the view (None: nothing after all)."""


_policies: dict[str, Policy] = {}


def has_policy(game: Game | str) -> bool:
    """Whether the game (or the game of that name) has computer players (`Game.computer` names their module)."""
    return (registry.get(game) if isinstance(game, str) else game).computer is not None


def policy_for(game: Game | str) -> Policy:
    """The game's computer policy, imported on first use: nothing registers itself."""
    game = registry.get(game) if isinstance(game, str) else game
    if game.computer is None:
        raise LookupError(f"{game.title} has no computer players")
    if game.name not in _policies:
        _policies[game.name] = importlib.import_module(game.computer).POLICY
    return _policies[game.name]


def think(policy: Policy, mind: Mind, view: View, now: float) -> None:
    """After a change: the mind observes its seat's view and plans when it acts next."""
    policy.observe(mind, view, now)
    rng = Rng(mind.rng)
    mind.due = policy.when(mind, view, now, rng)
    mind.rng = rng.state


def choose(policy: Policy, mind: Mind, view: View, now: float) -> Action | None:
    """Its plan came due: what it does (its plan is used up either way)."""
    mind.due = None
    rng = Rng(mind.rng)
    action = policy.decide(mind, view, now, rng)
    mind.rng = rng.state
    return action

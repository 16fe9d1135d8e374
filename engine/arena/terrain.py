"""The rules of the ground a match is played on, and the few points where the core asks them.

The Bushland is plain ground: the plain `Terrain` keeps every hook as the core game has it. The
Rainforest's stream (engine/arena/stream.py: go with the flow, the Raging Current tracks; rule 29,
ARENA.md 2.3 and 4.14) is a `Terrain` of its own. The core imports none: engine/arena/__init__.py
plugs the Rainforest in (`plug_terrain`), as it plugs in the modes (engine/arena/modes.py), and a
match asks the terrain of its arena (`terrain_of`, by `state["arena"]`).

Where the rules ask the terrain:
- a new round: the shared tracks it brings (`round_tracks`);
- dice: the moves it adds to a seat's (`dice_choices`) and its own moves (`claims`, `act`), asked of
  every terrain, so one played on another ground is refused in that terrain's words;
- a Movement's end: where it may carry on (`carried_to`, None: nowhere) and carrying it on (`carry`);
- the view: its tracks and whose dice are on them (`tracks_view`).
"""
from __future__ import annotations

from typing import ClassVar

from ..errors import RuleError
from ..hexgrid import Hex
from ..protocol import Action, Event, Seat
from .action_types import ArenaAction
from .figures import Ref, State
from .view_types import CurrentView


class Terrain:
    """Plain ground (the Bushland): nothing of its own."""

    key: ClassVar[str] = "bushland"
    moves: ClassVar[tuple[str, ...]] = ()  # the action types it plays (`act`)

    def round_tracks(self, state: State) -> dict[str, list[Seat | None]]:
        """The shared tracks of a new round (shared.py), empty."""
        return {}

    def dice_choices(self, state: State, seat: Seat) -> list[Action]:
        return []

    def claims(self, action: ArenaAction) -> bool:
        return action["type"] in self.moves

    def act(self, state: State, seat: Seat, action: ArenaAction, now: float) -> list[Event]:
        raise RuleError("You may not act now.")

    def carried_to(self, state: State, who: Seat | Ref, here: Hex) -> Hex | None:
        """Where a figure whose Movement ends at `here` may carry on (None: it may not)."""
        return None

    def carry(self, state: State, who: Seat | Ref, here: Hex) -> Hex:
        """The hex a Movement that ends at `here` carries on to, or RuleError saying why it cannot."""
        raise RuleError("There is no stream here: going with the flow is for the Rainforest.")

    def tracks_view(self, state: State) -> list[CurrentView] | None:
        return None


PLAIN = Terrain()
TERRAINS: dict[str, Terrain] = {PLAIN.key: PLAIN}


def plug_terrain(*terrains: Terrain) -> None:
    """The grounds with rules of their own (engine/arena/__init__.py plugs the built ones in)."""
    for terrain in terrains:
        TERRAINS[terrain.key] = terrain


def terrain_of(state: State) -> Terrain:
    return TERRAINS.get(state["arena"], PLAIN)


def terrain_claiming(action: ArenaAction) -> Terrain | None:
    """The terrain whose own move the action is, if any (it plays it, or refuses it on other ground)."""
    return next((terrain for terrain in TERRAINS.values() if terrain.claims(action)), None)

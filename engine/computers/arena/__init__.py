"""Computer players for Eye for an Eye (`arena`), from the seat's view only.

Modules: levels (what differs between easy, normal and hard), scene (the view read once per
decision), paths (shortest Movements over hex and facing), goals (where to stand: a foe's side or
rear, a Nymphlet, the mode's ground), allocation (dice work), tactics (strike, card, heal, move),
answers (reaction windows), tribal (advanced cards), luftles (Echo's Guards, in every game),
realtime and turn_based (one decision in each timing), odds (turn-based dice odds) and lookahead
(the turn-based search over the seat's own turn), timing (when), policy (the Policy)."""
from __future__ import annotations

from .policy import ArenaPolicy

POLICY = ArenaPolicy()

__all__ = ["POLICY", "ArenaPolicy"]

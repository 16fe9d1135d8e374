"""What differs between the levels, in numbers a player feels: how fast a computer acts, how well
it picks its target and its spot, how it defends and how early it plays the mode's objective."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    pause: tuple[float, float]  # seconds between two decisions in real time (a human clicks about as often)
    answer: tuple[float, float]  # seconds before answering a reaction window (a window lasts 4 s)
    weakest: bool  # picks the weakest reachable enemy (else simply the nearest)
    rear: bool  # seeks the target's rear arc (hits there cannot be parried), and turns its front to threats
    careful_dice: bool  # allocates by need (Heal only when hurt, Attack before striking) instead of Auto
    heal_below: int  # heals once health drops to this
    objective_lead: float  # seconds before a Burraparay window it heads for the flower (-1: when it opens)
    cards: bool  # uses Tribal cards, innate actions and Flame Blade (advanced rules)
    blunder: int  # in 100: a decision it wastes (looks the other way for a moment)
    foresight: int  # turn-based: 0 takes the first strike or step it sees; 1 tries every way to spend its
    # turn's actions for the hits it lands; 2 also weighs the hits the foes can land back


LEVELS: dict[str, Level] = {
    "easy": Level(pause=(3.0, 5.0), answer=(2.0, 3.0), weakest=False, rear=False, careful_dice=False,
                  heal_below=4, objective_lead=-1.0, cards=False, blunder=20,
                  foresight=0),
    "normal": Level(pause=(2.0, 3.0), answer=(1.0, 2.0), weakest=True, rear=False, careful_dice=True,
                    heal_below=6, objective_lead=8.0, cards=True, blunder=5,
                    foresight=1),
    "hard": Level(pause=(1.0, 1.5), answer=(0.5, 1.0), weakest=True, rear=True, careful_dice=True,
                  heal_below=8, objective_lead=15.0, cards=True, blunder=0,
                  foresight=2),
}


def level_of(name: str) -> Level:
    return LEVELS.get(name, LEVELS["normal"])

"""What each player picks in the lobby: their character, their team in Alliances (teams.TEAMS) and,
with the advanced rules in King of the Hill or Domination, their General Manoeuvres
(manoeuvres.GENERALS).

The character menu lists the rulebook's four characters for new players first (data.RECOMMENDED:
Grublic, Riparian, Banksia, Pluma), then the others, each with the rulebook's difficulty under its
name (ARENA.md 4.16). The choices' order is the lobby's: should the options offer more selects than
the lobby has rows for (Alliances with King of the Hill or Domination and the advanced rules), the
last, the General Manoeuvres, is left to chance.
"""
from __future__ import annotations

from ..protocol import Choice
from .data import CHARACTERS, RECOMMENDED
from .manoeuvres import GENERALS
from .teams import TEAMS

MENU = [*RECOMMENDED, *(key for key in CHARACTERS if key not in RECOMMENDED)]

CHARACTER = Choice("character", "Character", {key: CHARACTERS[key].name for key in MENU},
                   notes={key: CHARACTERS[key].difficulty + (", for new players" if key in RECOMMENDED else "")
                          for key in MENU})

CHOICES: tuple[Choice, ...] = (CHARACTER, TEAMS, GENERALS)

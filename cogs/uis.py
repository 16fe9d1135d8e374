"""Every game's Discord side by its key: one table, built for one bot (nothing registers itself by
being imported, so no import order decides which UI a game gets). A game without a UI of its own
(a test's toy game) gets the default kit: `uis.get(game, DEFAULT_UI)`."""
from __future__ import annotations

from collections.abc import Callable

from .arena.board import ArenaUI
from .bugs import BugsUI
from .dragon import DragonUI
from .game_ui import GameUI
from .ghosts import GhostsUI
from .tiger import TigerUI

GameUIs = dict[str, GameUI]


def game_uis(clock: Callable[[], float]) -> GameUIs:
    """The five games' UIs; Eye for an Eye's board reads the table's clock ('4:12 left')."""
    return {ui.game_name: ui for ui in (DragonUI(), GhostsUI(), TigerUI(), BugsUI(), ArenaUI(clock))}

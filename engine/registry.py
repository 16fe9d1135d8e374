"""Which games exist. Each game module registers its class when imported.

`BUILTIN` lists the game modules the bot ships; `load()` may be given extra module names
(a developer's game in progress, or the test games) without editing this file.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterable

from .errors import RuleError
from .protocol import Game

BUILTIN: tuple[str, ...] = ("engine.dragon", "engine.ghosts", "engine.tiger", "engine.bugs", "engine.arena")
_games: dict[str, Game] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make the game playable under its `name`."""
    _games[cls.name] = cls()
    return cls


def load(extra: Iterable[str] = ()) -> None:
    for module in (*BUILTIN, *extra):
        importlib.import_module(module)


def get(name: str) -> Game:
    try:
        return _games[name]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none"
        raise RuleError("There is no game called '{name}'. Games: {known}.", name=name, known=known) from None


def find(typed: str) -> Game:
    """The game a player means: its key or its title, in any case, spaces around ignored."""
    wanted = " ".join(typed.split()).casefold()
    for game in _games.values():
        if wanted in (game.name.casefold(), game.title.casefold()):
            return game
    shown = wanted if len(wanted) <= 40 else wanted[:40] + "..."
    known = ", ".join(sorted(_games)) or "none"
    raise RuleError("There is no game called '{name}'. Games: {known}.", name=shown, known=known)


def names() -> list[str]:
    return sorted(_games)

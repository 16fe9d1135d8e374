"""Choosing a game in a slash command: the games as fixed choices (a hint shown, the key sent).

The registry is complete only once the bot has loaded its game modules, so the choices are
given to the commands when their cog loads, before the command tree is synced. Each choice
says who can play, how and how long ("Treasure of the Dragons · 2-5 · turns · ~20 min"), so the
picker alone tells a newcomer that Eye of the Tiger is solo and Bugs & Co is real time. Each choice
carries its game's key, so the translator (cogs/command_words.py) writes it in German and French too.
"""
from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str

from engine import registry

from .guide import hint

MAX_CHOICES = 25  # Discord's limit for one option
CHOICE_NAME = 100  # Discord's limit for a choice's name


def game_choices() -> list[app_commands.Choice[str | int | float]]:
    """Each game's hint shown, its key sent (typed as discord.py's parameters hold choices)."""
    return [app_commands.Choice(name=locale_str(hint(registry.get(key), CHOICE_NAME), game=key), value=key)
            for key in registry.names()[:MAX_CHOICES]]


def offer_games(*commands: app_commands.Command) -> None:
    """Make each command's `game` option a fixed choice of the registered games."""
    for command in commands:
        command._params["game"].choices = game_choices()  # discord.py reads parameters from here at sync

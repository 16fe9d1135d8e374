"""Choosing a game in a slash command: the games as fixed choices (title shown, key sent).

The registry is complete only once the bot has loaded its game modules, so the choices are
given to the commands when their cog loads, before the command tree is synced.
"""
from __future__ import annotations

from discord import app_commands

from engine import registry

MAX_CHOICES = 25  # Discord's limit for one option


def game_choices() -> list[app_commands.Choice[str | int | float]]:
    """Each game's title shown, its key sent (typed as discord.py's parameters hold choices)."""
    return [app_commands.Choice(name=registry.get(key).title, value=key) for key in registry.names()[:MAX_CHOICES]]


def offer_games(*commands: app_commands.Command) -> None:
    """Make each command's `game` option a fixed choice of the registered games."""
    for command in commands:
        command._params["game"].choices = game_choices()  # discord.py reads parameters from here at sync

"""The slash commands in the reader's language: what Discord shows of them (names, descriptions,
option names, choices) taken from the catalogues, both when discord.py asks (the `Translator` set on
the tree) and when `pybabel extract` lists what needs translating (`extract`, named in babel.cfg).

Both walk the same strings in the same contexts, so a command added to a cog is offered for
translation by the next extract, and sent to Discord in German and French once translated. Names
live in their own contexts ('command', 'option'): `/game` and the option `game:` are different words
in German (`/partie`, `spiel:`). The cogs keep plain English strings; discord.py turns them into the
`locale_str`s this translator sees, so no cog has to change for its command to be translated.

A game's picker entry ("Treasure of the Dragons · 2-5 · turns · ~20 min") is made here for each
language from the game itself (cogs/games.py marks it with the game's key).
"""
from __future__ import annotations

import importlib
import inspect
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from engine import registry
from engine.protocol import CHOICE_WORDS

from .guide import OPTION_LABEL, TITLE, hint
from .language import LOCALES, SOURCE, language_of, translation

log = logging.getLogger(__name__)
COMMAND = "command"  # the context of command and group names
OPTION = "option"  # the context of option (parameter) names
NAME_RULE = re.compile(r"^[-_\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")  # Discord's rule for a name, lowercase
TEXT_LIMIT = 100  # Discord's limit for a description and a choice's name
CONTEXTS = {Where.command_name: COMMAND, Where.group_name: COMMAND, Where.parameter_name: OPTION}
ROOT = LOCALES.parent


def valid_name(name: str) -> bool:
    """Discord takes a command or option name of 1-32 letters, digits, '-' or '_', in lower case."""
    return bool(NAME_RULE.match(name)) and name == name.lower()


class CommandWords(app_commands.Translator):
    """discord.py's translator: every command string, for every locale, at sync (and for the sync hash)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if language_of(locale) == SOURCE:
            return None  # the commands' own strings, which Discord shows to every other locale
        if "game" in string.extras:
            return hint(registry.get(string.extras["game"]), TEXT_LIMIT, locale)
        where = CONTEXTS.get(context.location)
        said = translation(locale, string.message, where)
        if said is None:
            return None
        if where is not None and not valid_name(said):
            log.warning("%s name %r for %r breaks Discord's rule; English is used", locale, said, string.message)
            return None
        if not 1 <= len(said) <= TEXT_LIMIT:
            log.warning("%s text for %r is not 1-%d characters; English is used", locale, string.message, TEXT_LIMIT)
            return None
        return said


def command_name(locale: object, name: str) -> str:
    """A command's (or a group's) name as the reader's Discord shows it (the translator's choice)."""
    said = translation(locale, name, COMMAND)
    return said if said is not None and valid_name(said) else name


def option_name(locale: object, name: str) -> str:
    said = translation(locale, name, OPTION)
    return said if said is not None and valid_name(said) else name


def qualified_name(locale: object, command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> str:
    """'game abort' as the reader types it ('partie abbrechen')."""
    return " ".join(command_name(locale, part) for part in command.qualified_name.split())


# -- pybabel extract: the strings above, found in the cogs that declare them ------------------------------


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[Any, ...]]:
    """Babel's Python extraction, plus what this module's file declares for Discord: its cogs' command
    texts and its games' titles (strings the code holds as data, in no `text(...)` call), and the
    (context, text) pairs its `catalogue_texts()` lists (cogs/rules_texts.py: the rules, paragraph by paragraph)."""
    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    module = module_of(Path(getattr(fileobj, "name", "")))
    if module is None:
        return
    loaded = importlib.import_module(module)
    for thing in vars(loaded).values():
        if isinstance(thing, type) and issubclass(thing, commands.Cog) and thing.__module__ == module:
            for line, context, message in cog_texts(thing):
                yield line, *entry(context, message), []
    listed = getattr(loaded, "catalogue_texts", None)  # a module's own list of texts it holds as data
    if callable(listed) and listed.__module__ == module:
        line = inspect.getsourcelines(listed)[1]
        for context, message in listed():
            yield line, *entry(context, message), []
    registry.load()
    for key in registry.names():
        game = registry.get(key)
        if type(game).__module__ == module:
            line = inspect.getsourcelines(type(game))[1]
            yield line, *entry(TITLE, game.title), []
            for option in game.options:  # the lobby's toggles (cogs/lobby_ui.py)
                yield line, *entry(OPTION_LABEL, option.label), []
            for choice in game.choices:  # the lobby's menus and what they say (cogs/lobby_ui.py)
                for words in dict.fromkeys(choice.texts()):
                    yield line, *entry(CHOICE_WORDS, words), []


def entry(context: str | None, message: str) -> tuple[str, str | tuple[str, str]]:
    """The keyword and arguments Babel reads a message from."""
    return ("gettext", message) if context is None else ("pgettext", (context, message))


def module_of(path: Path) -> str | None:
    """'cogs.lobby' for .../cogs/lobby.py inside this project, else None."""
    try:
        parts = path.resolve().relative_to(ROOT).with_suffix("").parts
    except ValueError:
        return None
    return ".".join(parts).removesuffix(".__init__") or None


def cog_texts(cog: type[commands.Cog]) -> Iterator[tuple[int, str | None, str]]:
    """(line, context, English) for a cog class's app commands, as its class declares them."""
    line = inspect.getsourcelines(cog)[1]
    if getattr(cog, "__cog_is_app_commands_group__", False):
        yield line, COMMAND, str(cog.__cog_group_name__)
        yield line, None, str(cog.__cog_group_description__)
    for command in cog.__cog_app_commands__:
        yield from command_texts(command)


def command_texts(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> Iterator[
        tuple[int, str | None, str]]:
    callback = getattr(command, "callback", None)
    line = inspect.getsourcelines(callback)[1] if callback is not None else 0
    yield line, COMMAND, command.name
    yield line, None, command.description
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            yield from command_texts(child)
        return
    for parameter in command.parameters:
        yield line, OPTION, parameter.display_name
        yield line, None, parameter.description
        for choice in parameter.choices:
            made = getattr(choice, "_locale_name", None)  # discord.py keeps a choice's locale_str there
            if not (isinstance(made, app_commands.locale_str) and made.extras):
                yield line, None, choice.name  # a choice with extras (a game's) is worded by the translator

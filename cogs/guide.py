"""What a newcomer needs to choose and start a game: who can play, how it is played (solo, turns or
real time), about how long it takes, and how to win in a few lines.

These are words for people deciding what to play, not rules: the rules stay each game's own text
(`Game.rules`). They live here because `/help`, the game picker and the first page of `/rules` all
say them, and must say them alike. A game without an entry (one in development, the test games)
is described by its player count and the first paragraph of its rules. Given a reader's locale, the
title and the facts are in their language (cogs/language.py); without one, in English.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.protocol import Game

from .language import N_, ptext, text

TITLE = "game title"  # the catalogues' context for a game's title (its published name in that language)
OPTION_LABEL = "game option"  # the catalogues' context for a game option's label (the lobby's toggles)
PACES = (N_("turns"), N_("real time"), N_("solo"))  # a guide's `pace`, listed for the catalogues


@dataclass(frozen=True)
class Guide:
    pace: str  # "turns", "real time" (a solo game says "solo" instead)
    minutes: int  # a typical game, start to end
    goal: str  # how to win, in a few lines
    quick_minutes: int | None = None  # a game with the `quick` option: its quick match


GUIDES: dict[str, Guide] = {
    "ghosts": Guide("real time", 15, "When the die is rolled, race to call a meeple, then walk it exactly that many "
                                     "steps onto a ghost that one of your cards matches: the ghost is yours.\n"
                                     "First to 10 ghosts (2 players), 8, 6, 5 or 4 (6 players) wins."),
    "tiger": Guide("solo", 15, "Buy cards to build your deck and fight the monsters on the track before they leave "
                               "the cave.\nThe game ends when you win the Eye of the Tiger or it leaves: you win if the "
                               "monsters you beat are worth more dots than those that got away."),
    "dragon": Guide("turns", 20, "On your turn, turn over cards one at a time and stop when you like: you keep rings, "
                                 "dragons, toy pairs, candlestick threes and crate fours.\nA spider, or a dragon beside "
                                 "treasure, ends your turn with nothing. Remember where things lie: most cards wins."),
    "bugs": Guide("real time", 10, "Everyone at once: grab a face-down tile, look, then keep it or put it back.\n"
                                   "Every set of 3 identical bugs you keep scores 3, every other tile -1, plus the "
                                   "trophy you take when you stop. Most points wins."),
    "arena": Guide("real time", 20, "Turn to face a rival, roll and place your dice, and hit the figures in your front "
                                    "arc: each hit moves their health into your cup.\nA round ends when one figure "
                                    "stands or its time is up (5 minutes, a quick match's 3); the best scores earn "
                                    "points, and most points after all the rounds wins.", quick_minutes=8),
}


def title(game: Game, locale: object = None) -> str:
    """The game's name for the reader: 'Schatz der Drachen' in German."""
    return ptext(locale, TITLE, game.title)


def players(game: Game, locale: object = None) -> str:
    """'solo' or '2-5' (the picker's and /help's short form)."""
    if game.max_players == 1:
        return text(locale, "solo")
    return str(game.min_players) if game.min_players == game.max_players else f"{game.min_players}-{game.max_players}"


def facts(game: Game, locale: object = None) -> list[str]:
    """['2-5', 'turns', '~20 min']: who plays, how, how long (as much as is known)."""
    guide = GUIDES.get(game.name)
    said = [players(game, locale)]
    if guide is not None:
        if guide.pace != "solo":
            said.append(text(locale, guide.pace))
        said.append(text(locale, "~{minutes} min", minutes=guide.minutes) + (
            text(locale, " (quick ~{minutes})", minutes=guide.quick_minutes) if has_quick(game, guide) else ""))
    return said


def has_quick(game: Game, guide: Guide) -> bool:
    return guide.quick_minutes is not None and any(option.key == "quick" for option in game.options)


def hint(game: Game, limit: int = 100, locale: object = None) -> str:
    """'Treasure of the Dragons · 2-5 · turns · ~20 min', within Discord's `limit` for a choice's name."""
    said = " · ".join([title(game, locale), *facts(game, locale)])
    return said if len(said) <= limit else said[:limit - 1] + "…"


def goal(game: Game) -> str:
    """How to win, in a few lines: the guide's, else the first paragraph of the game's rules."""
    guide = GUIDES.get(game.name)
    if guide is not None:
        return guide.goal
    first = next((line for line in game.rules.splitlines() if line.strip()), "")
    return first or "No rules summary yet."

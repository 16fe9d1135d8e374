"""The rules texts a book shows (cogs/rules_book.py), in the reader's language: a game's rules, its
options' own pages (Eye for an Eye's advanced rules, turn-based play, Rainforest, Alliances and the
modes), their titles.

The texts are the engine's, in English; a reader of another language reads each paragraph (a line of
the text) as its catalogue entry under the context RULES, so the pages are cut at the translation's own
headings. `catalogue_texts` lists those paragraphs for `pybabel extract` (cogs/command_words.py).
"""
from __future__ import annotations

from collections.abc import Iterator

from engine import registry
from engine.arena import EyeForAnEye
from engine.arena.modes import mode_rules
from engine.arena.rules import ADVANCED as ARENA_ADVANCED
from engine.arena.rules import OPTION_RULES as ARENA_OPTION_RULES
from engine.arena.rules import RULES as ARENA_RULES
from engine.protocol import Game

from .guide import GUIDES, title
from .language import SOURCE, language_of, ptext, text, translation

ADVANCED = "advanced"
RULES = "rules"  # the catalogues' context for a paragraph of a rules text (and an option's page title)


def paragraph(text: str, heading: str) -> str:
    """The paragraph (line) of a rules text that starts with its bold `heading`."""
    return next(line for line in text.splitlines() if line.startswith(f"**{heading}**"))


ARENA_PAGES = {ADVANCED: ARENA_ADVANCED, "turn_based": paragraph(ARENA_RULES, "Turn-based"), **ARENA_OPTION_RULES,
               **mode_rules()}
OPTION_PAGES: dict[str, dict[str, str]] = {  # a game's options' rules, by game and option, in the lobby's order
    "arena": {key: ARENA_PAGES[key] for key in (ADVANCED, *(o.key for o in EyeForAnEye.options)) if key in ARENA_PAGES},
}


def option_rules(game: str, option: str) -> str | None:
    return OPTION_PAGES.get(game, {}).get(option)


def option_title(game: Game, option: str, locale: object = None) -> str:
    """'Turn-based' for the option whose label is 'Turn-based: 7 dice, ...' ('Rundenbasiert' in German)."""
    return ptext(locale, RULES, english_title(game, option))


def english_title(game: Game, option: str) -> str:
    label = next((o.label for o in game.options if o.key == option), option)
    return label.split(":")[0]


def in_language(rules: str, locale: object) -> str:
    """A rules text in the reader's language, paragraph by paragraph (a paragraph its catalogue lacks: English)."""
    if language_of(locale) == SOURCE:
        return rules
    return "\n".join(translation(locale, line, RULES) or line if line.strip() else line for line in rules.split("\n"))


def game_rules(game: Game, locale: object = None) -> str:
    return in_language(game.rules, locale) if game.rules else text(locale, "No rules summary yet.")


def option_page(game: Game, option: str, locale: object = None) -> str | None:
    """An option's own rules page in the reader's language; None if it has none."""
    page = option_rules(game.name, option)
    return None if page is None else in_language(page, locale)


def rules_title(game: Game, locale: object, what: str | None = None) -> str:
    """'Eye for an Eye: rules', or with `what` (an option's title) 'Eye for an Eye: Domination'."""
    if what is None:
        return text(locale, "{game}: rules", game=title(game, locale))
    return text(locale, "{game}: {what}", game=title(game, locale), what=what)


def advanced_title(game: Game, locale: object) -> str:
    return text(locale, "{game}: advanced rules", game=title(game, locale))


def catalogue_texts() -> Iterator[tuple[str | None, str]]:
    """(context, English) of every text this book shows that the code holds as data: each paragraph of each
    shipped game's rules (a game the tests add is not translated) and of its options' pages, the options'
    titles, and each guide's lines on how to win."""
    registry.load()
    for game in map(registry.get, registry.names()):
        module, key = type(game).__module__, game.name
        if not any(module == shipped or module.startswith(shipped + ".") for shipped in registry.BUILTIN):
            continue
        texts = [game.rules, *OPTION_PAGES.get(key, {}).values()]
        for line in "\n".join(texts).splitlines():
            if line.strip():
                yield RULES, line
        for option in OPTION_PAGES.get(key, {}):
            yield RULES, english_title(game, option)
    for guide in GUIDES.values():
        for line in guide.goal.splitlines():
            yield RULES, line

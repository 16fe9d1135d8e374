"""/rules in German and French: every page of every game's book (how to win, the rules part by part, the
options' own pages) in the reader's language, the user's Discord locale or the `language` they pick, with
no English word left but names; the 📜 Rules button in the clicking user's language; Discord's limits held
by the longer texts; the English pages as they were.

The rules are the engine's English texts, translated paragraph by paragraph (cogs/rules_book.py): until the
shipped catalogues hold every paragraph, the German and French tests are skipped, saying how many lack."""
from __future__ import annotations

import re

import pytest

from cogs import language
from cogs.guide import TITLE
from cogs.language import ptext, translation
from cogs.rules import EMBED_LIMIT, FIELD_LIMIT, options_embed
from cogs.rules_book import SAMPLE_NAMES
from cogs.rules_pages import PAGE_CHARS
from cogs.rules_texts import OPTION_PAGES, RULES, catalogue_texts, in_language
from engine import registry
from engine.arena.board import COMPASS
from engine.arena.data import CHARACTERS
from engine.arena.rules import ADVANCED
from tests.kit.catalogues import catalogues  # noqa: F401  (the fixture naming the catalogues read)
from tests.kit.english_words import SHIPPED, english_left, message_texts
from tests.kit.rules_pages import GAMES, NEXT, RULES_BUTTON, flat, read_book
from tests.kit.user_locales import user_locales as locales  # noqa: F401  (a user's own Discord locale)

ARENA_WORDS = ["Darwin Games", "Bushland", "Rainforest", "Alliances", "Domination", "King of the Hill", "Hill",
               "Nymphlet Ceremony", "Ceremony", "Nymphlets", "Nymphlet", "Climbing the Hill", "Raging Current",
               "Yarra Mark", "Burraparay", "Trigger", "Not", "Band I", "Band", "Luftles", "Luftle", "Auto-Parry",
               "Auto"]  # the arena, modes, calls, cards and buttons as the game names them
OTHER_NAMES = ["Reiner Knizia", "Zap That Ghost", "Bugs & Co", "Eye of the Tiger"]  # kept in the publishers' words
BOTH = {  # German or French words of the rules spelt as English ones ("wo was liegt", "tu as", "qui part")
    "de": {"option", "plus", "was", "so", "minute", "rest", "team", "teams", "marker", "match", "symbol", "symbols",
           "monsters", "bonus"},
    "fr": {"option", "options", "page", "plus", "part", "as", "action", "actions", "arcs", "match", "minimum",
           "mode", "modes", "phase", "double", "adjacent", "direction", "terrain", "six", "minute", "second"},
}
CODE = re.compile(r"`[^`]*`|/\w+(?: \w+:\S+)*")  # what is typed (`/play game:dragon`, option `advanced`): keys
ONE_LETTER = re.compile(r"(?<!\w)[^\W\d_](?!\w)")  # columns A-G, teams A, B and C, X Heat


def names(code: str) -> list[str]:
    """Names every language writes alike: Eye for an Eye's characters, and its things (tracks, cards, faces,
    modes) and the games whose catalogue entry is their English name; the compass; the sample board's players."""
    kept = [source for (context, source), said in language.catalogue(code).entries.items()
            if context and (context.startswith("arena") or context == TITLE) and said == source]
    return [*kept, *(c.name for c in CHARACTERS.values()), *ARENA_WORDS, *COMPASS, *OTHER_NAMES,
            *registry.names(), *SAMPLE_NAMES]


def english_words_left(texts: list[str], english: list[str], code: str) -> set[str]:
    """The English words still on the translated pages, once names, typed keys and shared words are taken out."""
    return english_left(readable(texts), readable(english), code, names(code)) - BOTH[code]


def readable(texts: list[str]) -> list[str]:
    return [ONE_LETTER.sub(" ", CODE.sub(" ", text)) for text in texts]


def lacking(code: str) -> list[str]:
    """The paragraphs (and page titles) of the rules the catalogue of `code` has no word for yet."""
    return [message for context, message in catalogue_texts() if translation(code, message, context) is None]


@pytest.fixture
def translated(catalogues, request):  # noqa: F811
    code = request.node.callspec.params["code"]
    missing = lacking(code)
    if missing:
        pytest.skip(f"the {code} catalogue lacks {len(missing)} rules paragraphs (first: {missing[0][:60]!r})")
    return code


def book_texts(pages) -> list[str]:
    return [text for _embed, message in pages for text in message_texts(message)]


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("game", GAMES)
async def test_every_page_of_the_rules_reads_in_the_users_language(world, locales, translated, code, game):  # noqa: F811
    env, _guild, channel, u = world
    english = await read_book(u["bob"], (await u["bob"].slash(channel, "rules", game=game)).response)
    locales[u["ann"].id] = code
    result = await u["ann"].slash(channel, "rules", game=game)
    assert result.ephemeral
    pages = await read_book(u["ann"], result.response, ptext(code, "button", NEXT))
    rules = registry.get(game).rules
    assert flat(" ".join(embed.description for embed, _ in pages[1:])) == flat(in_language(rules, code))
    assert all(translation(code, line, RULES) for line in rules.splitlines() if line.strip()), "every paragraph"
    assert pages[0][0].description.startswith(str(translation(code, "**How to win**")))
    for number, (embed, message) in enumerate(pages, start=1):
        assert len(embed.description) <= PAGE_CHARS and len(embed) <= 6000 and len(embed.title) <= 256, number
        assert not re.search(r"\s,|[\s:]$", embed.title), f"the headings named cleanly: {embed.title!r}"
        assert ptext(code, "button", NEXT) in [b.label for row in message.components for b in row.children]
    left = english_words_left(book_texts(pages), book_texts(english), code)
    assert not left, " ".join([code, game, *sorted(left)])


@pytest.mark.parametrize("code", SHIPPED)
async def test_the_options_pages_read_whole_in_the_users_language(world, locales, translated, code):  # noqa: F811
    env, _guild, channel, u = world
    game = registry.get("arena")
    locales[u["ann"].id] = locales[u["bob"].id] = code
    for option in OPTION_PAGES["arena"]:
        asked = {"advanced": True} if option == "advanced" else {"option": option}
        english = (await u["cat"].slash(channel, "rules", game="arena", **asked)).response
        shown = (await u["ann"].slash(channel, "rules", game="arena", **asked)).response
        (embed,) = shown.embeds
        page = in_language(OPTION_PAGES["arena"][option], code)
        assert flat(" ".join([embed.description, *(f.value for f in embed.fields)])) == flat(page), option
        assert len(embed.description) <= EMBED_LIMIT and len(embed) <= 6000, option
        assert all(len(field.value) <= FIELD_LIMIT for field in embed.fields), option
        left = english_words_left(message_texts(shown), message_texts(english), code)
        assert not left, " ".join([code, option, *sorted(left)])
    everything = options_embed(game, [o.key for o in game.options], code)
    assert everything is not None and all(len(field.value) <= FIELD_LIMIT for field in everything.fields)


async def test_the_language_option_overrides_the_users_locale_and_the_pages_keep_it(world, locales, catalogues):  # noqa: F811
    env, _guild, channel, u = world
    if lacking("de"):
        pytest.skip("the de catalogue lacks rules paragraphs")
    locales[u["ann"].id] = "fr"
    result = await u["ann"].slash(channel, "rules", game="dragon", language="de")
    assert result.response.embeds[0].title == "Schatz der Drachen: Regeln"
    turned = (await u["ann"].click(result.response.message, label=ptext("de", "button", NEXT))).response.message
    assert turned.embeds[0].title.startswith("Schatz der Drachen: Regeln · Karten"), "turned, still in German"
    assert "Seite 2 von" in turned.embeds[0].footer.text
    english = await u["bob"].slash(channel, "rules", game="dragon")
    asked = await u["ann"].slash(channel, "rules", game="dragon", language="en")
    assert asked.response.embeds[0].to_dict() == english.response.embeds[0].to_dict()


@pytest.mark.parametrize("code", SHIPPED)
async def test_the_rules_button_answers_in_the_clicking_users_language(world, locales, translated, code):  # noqa: F811
    env, _guild, channel, u = world
    await u["ann"].slash(channel, "play", game="dragon")
    lobby = channel.last_message
    locales[u["bob"].id] = code
    rules = await u["bob"].click(lobby, label=RULES_BUTTON)  # the table reads English: its button too
    title = ptext(code, "game title", "Treasure of the Dragons")
    assert rules.ephemeral and rules.response.embeds[0].title.startswith(title)
    assert rules.response.embeds[0].title != "Treasure of the Dragons: rules"


async def test_the_english_pages_are_the_engines_texts(world, catalogues):  # noqa: F811
    env, _guild, channel, u = world
    for game in GAMES:
        pages = await read_book(u["ann"], (await u["ann"].slash(channel, "rules", game=game)).response)
        assert flat(" ".join(embed.description for embed, _ in pages[1:])) == flat(registry.get(game).rules)
        assert pages[0][0].title == f"{registry.get(game).title}: rules" and "page 1 of" in pages[0][0].footer.text
    (advanced,) = (await u["ann"].slash(channel, "rules", game="arena", advanced=True)).response.embeds
    assert advanced.description == ADVANCED and not advanced.fields

"""German and French: the catalogues are complete and keep their sources' fields, the words are chosen
for the reader (plural rules, number formats, English for any other locale), the commands carry valid
German and French names, and /help reads in the user's language with no English word left."""
from __future__ import annotations

import unicodedata
from pathlib import Path

import discord
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from cogs import language
from cogs.language import fields, fill, ntext, number, ptext, shown_in, text
from engine.errors import Said
from tests.kit.english_words import SHIPPED, english_left_on_page, page_text
from tests.kit.user_locales import user_locales as locales  # noqa: F401  (the fixture naming users' own locales)
from tests.kit.words_database import bot_database  # noqa: F401  (SQLite only: the words do not depend on it)

ROOT = Path(__file__).resolve().parent.parent.parent
MANY = ("One board or card game to play right here, with buttons.",
        "{n} board and card games to play right here, with buttons.")


def used_in_code() -> set[tuple[str | None, str]]:
    """(context, English) of every message the code uses, found as `pybabel extract` finds them."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(str(ROOT), method_map, options_map):
        found.add((context, message if isinstance(message, str) else message[0]))
    return found


def shipped(code: str):
    with (language.LOCALES / code / "LC_MESSAGES" / f"{language.DOMAIN}.po").open("rb") as file:
        return read_po(file, locale=code)


@pytest.fixture(scope="module")
def messages() -> set[tuple[str | None, str]]:
    return used_in_code()


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_the_code_uses_has_an_entry_in_each_shipped_catalogue(messages, code):
    entries = language.catalogue(code).entries
    missing = sorted(messages - set(entries), key=str)
    assert len(messages) > 50, "the extraction found the code's messages"
    assert not missing, (f"{code}: no translation for {missing}; run the README's pybabel extract and update, "
                         f"then translate")


@pytest.mark.parametrize("code", SHIPPED)
def test_a_catalogue_keeps_no_entry_the_code_no_longer_uses(messages, code):
    stale = sorted(set(language.catalogue(code).entries) - messages, key=str)
    assert not stale, f"{code}: entries no code uses (pybabel update marks them obsolete): {stale}"


@pytest.mark.parametrize("code", SHIPPED)
def test_a_translation_keeps_the_fields_of_its_source(code):
    wrong = []
    for message in shipped(code):
        if not message.id or not message.string:
            continue
        if isinstance(message.id, str):
            same = fields(message.string) == fields(message.id)
        else:  # plural forms: a form may leave out {n} ("Ein Spiel"), but together they say what the source says
            same = {f for form in message.string for f in fields(form)} == {f for s in message.id for f in fields(s)}
        if not same:
            wrong.append((message.id, message.string))
    assert not wrong, f"{code}: fields differ from the source's: {wrong}"


def test_a_translation_that_drops_a_field_is_caught():
    assert fields("Each game's rules: {rules}") != fields("Die Regeln eines Spiels")
    assert fields("{2} takes {n} ghosts") == fields("{n} Geister für {2}")


def test_an_unknown_locale_or_an_untranslated_message_reads_english():
    assert text("es-ES", "Commands") == text(None, "Commands") == text("en-GB", "Commands") == "Commands"
    assert text("de", "Commands") == "Befehle" and text("fr", "Commands") == "Commandes"
    assert text("de", "A sentence no catalogue has yet") == "A sentence no catalogue has yet"


def test_discord_locales_name_the_language():
    assert [language.language_of(code) for code in ("de", "fr", "en-US", "es-ES", None, "")] == [
        "de", "fr", "en", "en", "en", "en"]


def test_values_are_put_in_after_translating():
    assert text("de", "Each game's rules: {rules}", rules="Commands") == "Die Regeln eines Spiels: Commands", \
        "a value is never looked up as a message"
    assert text("fr", "Each game's rules: {rules}", rules="{rules}") == "Les règles de chaque jeu\u00a0: {rules}"


def test_seat_and_user_fields_are_left_for_the_mentions():
    assert fill("{2} gives {@7} {n} cards", {"n": 3}) == "{2} gives {@7} 3 cards"


def test_a_missing_value_is_a_mistake_not_a_blank():
    with pytest.raises(KeyError):
        text("de", "Each game's rules: {rules}", other="x")


def test_a_translation_naming_a_field_its_source_lacks_reads_as_the_source(monkeypatch):
    german = language.catalogue("de")
    broken = language.Catalogue({**german.entries, (None, "Each game's rules: {rules}"): "Regeln: {regeln}"},
                                german.plural_form)
    monkeypatch.setattr(language, "catalogue", lambda code: broken)
    assert text("de", "Each game's rules: {rules}", rules="/r") == "Each game's rules: /r"


def test_plurals_follow_each_language_rule():
    assert ntext("en", *MANY, 1).startswith("One board") and ntext("en", *MANY, 0).startswith("0 board")
    assert ntext("de", *MANY, 1).startswith("Ein Brett") and ntext("de", *MANY, 0).startswith("0 Brett")
    assert ntext("fr", *MANY, 0).startswith("0 jeu de") and ntext("fr", *MANY, 1).startswith("1 jeu de"), \
        "French counts zero as one"
    assert ntext("fr", *MANY, 2).startswith("2 jeux")
    assert ntext("fr", *MANY, 1_000_000).startswith("1\u202f000\u202f000 de jeux"), "a million takes 'de'"


def test_numbers_are_written_as_each_language_writes_them():
    assert [number(code, 1234.5) for code in ("en", "de", "fr")] == ["1,234.5", "1.234,5", "1\u202f234,5"]


def test_whole_numbers_written_without_babel_read_as_babel_writes_them():
    """`number` writes small whole numbers, and English ones, itself (Babel is slow for a board's many)."""
    from babel.numbers import format_decimal

    wholes = [*range(-1_100, 1_100), 9_999, 10_000, 123_456, -123_456, 1_000_000, 2**31]
    for code in ("en", *SHIPPED):
        assert [number(code, n) for n in wholes] == [format_decimal(n, locale=code) for n in wholes], code


def test_the_games_published_names_are_used():
    assert ptext("de", "game title", "Treasure of the Dragons") == "Schatz der Drachen"
    assert ptext("fr", "game title", "Treasure of the Dragons") == "Le Trésor des Dragons"
    for code in SHIPPED:  # no published German or French names: kept as their publishers name them
        for title in ("Zap That Ghost", "Eye of the Tiger", "Bugs & Co", "Eye for an Eye"):
            assert ptext(code, "game title", title) == title


# -- commands, as Discord receives them ----------------------------------------------------------------------


def discord_name(name: str) -> bool:
    """Discord's rule for a command or option name: ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, lowercase."""
    def allowed(char: str) -> bool:
        return (char in "-_" or unicodedata.category(char)[0] in "LN"
                or "DEVANAGARI" in unicodedata.name(char, "") or "THAI" in unicodedata.name(char, ""))
    return 1 <= len(name) <= 32 and all(allowed(c) for c in name) and name == name.lower()


def localised(item: dict, what: str) -> list[str]:
    """What is wrong with an item's German and French `what` (name or description)."""
    wrong = []
    for code in SHIPPED:
        said = (item.get(f"{what}_localizations") or {}).get(code)
        if said is None:
            wrong.append(f"{item['name']}: no {code} {what}")
        elif what == "name" and not discord_name(said):
            wrong.append(f"{item['name']}: {code} name {said!r} breaks Discord's rule")
        elif not 1 <= len(said) <= 100:
            wrong.append(f"{item['name']}: {code} {what} {said!r} is not 1-100 characters")
    return wrong


def command_problems(item: dict) -> list[str]:
    wrong = localised(item, "name") + localised(item, "description")
    for option in item.get("options") or []:
        wrong += command_problems(option)
    for choice in item.get("choices") or []:
        wrong += [w for w in localised(choice, "name") if "breaks Discord's rule" not in w]  # free text
    return wrong


def test_the_name_rule_is_discords():
    assert discord_name("privatsphäre") and discord_name("règles") and discord_name("entraînement")
    assert not discord_name("Regeln") and not discord_name("zwei worte") and not discord_name("x" * 33)


async def test_every_command_option_and_choice_is_named_in_german_and_french(world):
    env, _guild, channel, u = world
    synced = env.backend.visible_commands(user_id=u["ann"].id, channel_id=channel.id)
    assert {c["name"] for c in synced} >= {"play", "rules", "help", "game", "leaderboard", "stats", "privacy"}
    problems = [problem for command in synced for problem in command_problems(command)]
    assert not problems, problems
    (play,) = [c for c in synced if c["name"] == "play"]
    assert play["name_localizations"]["de"] == "spielen" and play["name_localizations"]["fr"] == "jouer"
    (game,) = [o for o in play["options"] if o["name"] == "game"]
    dragon = next(choice for choice in game["choices"] if choice["value"] == "dragon")
    assert dragon["name_localizations"]["de"] == "Schatz der Drachen · 2-5 · reihum · ~20 Min."
    assert dragon["name_localizations"]["fr"] == "Le Trésor des Dragons · 2-5 · tour par tour · ~20 min"


async def test_a_new_translation_changes_the_sync_hash_so_it_is_synced_once(world, simcord_bot, monkeypatch):
    assert not await simcord_bot.sync_commands_if_changed(), "nothing changed since the sync at start"
    real = language.catalogue
    german = real("de")
    retranslated = language.Catalogue({**german.entries, ("command", "play"): "losspielen"}, german.plural_form)
    monkeypatch.setattr(language, "catalogue", lambda code: retranslated if code == "de" else real(code))
    assert await simcord_bot.sync_commands_if_changed(), "a changed German name is synced"
    assert not await simcord_bot.sync_commands_if_changed(), "and only once"


# -- /help in the reader's language ----------------------------------------------------------------------------


@pytest.mark.parametrize("code", SHIPPED)
async def test_help_reads_in_the_users_language_with_no_english_word_left(world, locales, code):  # noqa: F811
    env, _guild, channel, u = world
    english = page_text((await u["bob"].slash(channel, "help")).response.embeds[0])
    locales[u["ann"].id] = code
    result = await u["ann"].slash(channel, "help")
    assert result.ephemeral
    (embed,) = result.response.embeds
    page = page_text(embed)
    assert not english_left_on_page(page, english, code), english_left_on_page(page, english, code)
    assert ptext(code, "game title", "Treasure of the Dragons") in page
    assert f"/{ptext(code, 'command', 'play')} {ptext(code, 'option', 'game')}:" in page, "commands as typed here"
    assert len(embed) <= 6000 and all(len(field.value) <= 1024 for field in embed.fields)


async def test_help_reads_in_german_if_asked_whatever_the_users_locale(world, locales):  # noqa: F811
    env, _guild, channel, u = world
    asked = (await u["ann"].slash(channel, "help", language="de")).response.embeds[0]
    assert asked.title == "Brett- und Kartenspiele: Hilfe"
    locales[u["bob"].id] = "fr"
    english = (await u["bob"].slash(channel, "help", language="en")).response.embeds[0]
    assert english.title == "Tabletop games: help"


async def test_a_mention_is_answered_in_the_servers_language(simcord_env, simcord_bot):
    guild = simcord_env.create_guild(preferred_locale="fr")
    channel = guild.create_text_channel("jeux")
    ann = guild.add_member(simcord_env.create_user("ann"))
    await ann.send(channel, f"{simcord_bot.user.mention} comment ça marche ?")
    assert channel.last_message.embeds[0].title == "Jeux de société\u00a0: aide"


def test_a_language_is_shown_by_one_function_whatever_the_locale_says_it_with():
    """Boards key the parts they drew, and the words they keep, on the show function: one per language."""
    assert shown_in("de") is shown_in("de-DE") is shown_in(discord.Locale.german)
    assert shown_in(None) is shown_in("en-US") is not shown_in("fr")
    assert shown_in(discord.Locale.french)(Said("{n} left", n=3)) == shown_in("fr")(Said("{n} left", n=3))

"""The words a reader reads, in their language.

English is the source; German and French come from gettext catalogues managed with Babel
(`locales/<language>/LC_MESSAGES/tabletop.po`, see README). Words are chosen where they are shown, for
the one who reads them (a private answer: the user's locale; a channel: the table's), so the engine and
the table hand over ids with values, never finished English.

Values are put in *after* translating (`{name}` fields): a translation may move or drop them, and a
value is never looked up as a message. Seat and user fields (`{2}`, `{@123}`) are not named fields;
they pass through for cogs/markup.py to fill. A locale without a catalogue reads English, and so does
a message its catalogue does not translate yet. The engine's words come as `Said` values (engine/errors.py:
English text that keeps its source and values); `said_text` shows them.

The catalogues are read from the `.po` files themselves when a language is first needed (no compiled
files to keep in step; at start that is the commands' translation, about 10 ms for both), and Babel's
number formats are imported on the first number shown.
"""
from __future__ import annotations

import functools
import gettext
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from engine.errors import Either, Said, Term, filled
from engine.protocol import whole

log = logging.getLogger(__name__)
SOURCE = "en"
LANGUAGES = ("en", "de", "fr")  # the source first, then the shipped catalogues
NAMES = {"en": "English", "de": "Deutsch", "fr": "Français"}  # each language as its readers name it
DOMAIN = "tabletop"
LOCALES = Path(__file__).resolve().parent.parent / "locales"


@dataclass(frozen=True)
class Catalogue:
    """One language's translations: (context, English) -> the translation, or its plural forms."""

    entries: Mapping[tuple[str | None, str], str | tuple[str, ...]]
    plural_form: Callable[[int], int]


@functools.lru_cache(maxsize=128)  # every word shown asks: Discord has about 30 locales
def language_of(locale: object) -> str:
    """'de', 'fr' or 'en' for a Discord locale ('de', 'fr', 'en-US', discord.Locale.german) or None."""
    code = str(getattr(locale, "value", locale) or "").split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE


@functools.cache
def catalogue(language: str) -> Catalogue | None:
    """The shipped catalogue of a language, read once; None for the source (English) or an unknown one."""
    path = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if language == SOURCE or not path.is_file():
        return None
    from babel.messages.pofile import read_po  # only when a language is first needed: a light start

    with path.open("rb") as file:
        po = read_po(file, locale=language, domain=DOMAIN)
    entries: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for message in po:
        if not message.id or message.fuzzy:
            continue  # the header, or a guess nobody checked: English is better than a wrong word
        source = message.id if isinstance(message.id, str) else message.id[0]
        translated = message.string if isinstance(message.string, str) else tuple(message.string or ())
        if translated and all(translated):
            entries[(message.context, source)] = translated
    return Catalogue(entries, gettext.c2py(po.plural_expr))


def translation(locale: object, message: str, context: str | None = None) -> str | None:
    """The catalogue's word for `message`, or None where the reader's language has none (English)."""
    found = _lookup(language_of(locale), context, message)
    return found if isinstance(found, str) else None


def _lookup(language: str, context: str | None, message: str) -> str | tuple[str, ...] | None:
    book = catalogue(language)
    return None if book is None else book.entries.get((context, message))


def fill(message: str, values: Mapping[str, object]) -> str:
    """The named fields of a translated message filled in; a field without a value is a bug in the caller."""
    return filled(message, values) if "{" in message else message  # most words on a board have no field


def _filled(translated: str | None, source: str, values: Mapping[str, object]) -> str:
    """The translation filled in; a translation naming a field its source lacks reads as the source
    (the catalogue test catches it; a reader never sees a failure for it)."""
    if translated is not None:
        try:
            return fill(translated, values)
        except KeyError:
            log.warning("the translation of %r names a field its source has not: %r", source, translated)
    return fill(source, values)


def text(locale: object, message: str, /, **values: object) -> str:
    """`message` (its English source) in the reader's language, then its `{fields}` filled with `values`."""
    return _filled(translation(locale, message), message, values)


def ptext(locale: object, context: str, message: str, /, **values: object) -> str:
    """As `text`, for a word whose meaning depends on where it stands ('command', 'option', 'button')."""
    return _filled(translation(locale, message, context), message, values)


def ntext(locale: object, singular: str, many: str, n: int, /, **values: object) -> str:
    """The form for `n` by the language's plural rule; `{n}` is `n` written as the reader writes numbers."""
    language = language_of(locale)
    forms = _lookup(language, None, singular)
    book = catalogue(language)
    chosen = forms[min(book.plural_form(n), len(forms) - 1)] if isinstance(forms, tuple) and book else None
    return _filled(chosen, singular if n == 1 else many, {"n": number(language, n), **values})


def said_text(locale: object, said: str, /) -> str:
    """Engine words (engine/errors.py) in the reader's language: a `Said` by its English source and
    values, a value that is a `Said` or an `Either` in turn; any other text by the catalogue's entry
    for the whole of it, else as it is. English reads the text itself, as the engine wrote it."""
    language = language_of(locale)
    if language == SOURCE:
        return str(said)
    if isinstance(said, Either):  # its items are names and numbers, shown as they are, and Terms, translated
        from babel.lists import format_list  # imported on the first list shown: a light start

        items = [said_text(language, item) if isinstance(item, Said | Either | Term) else item for item in said.items]
        return format_list(items, style=said.STYLE, locale=language)  # type: ignore[arg-type]
    if isinstance(said, Term):
        return ptext(language, said.context, str(said))
    if not isinstance(said, Said):
        return translation(language, said) or str(said)
    values = {name: said_text(language, value) if isinstance(value, Said | Either | Term) else value
              for name, value in said.values.items()}
    if said.many is not None:
        count = cast(int, values.pop("n"))  # `counted` makes it an int
        return ntext(language, said.template, said.many, count, **values)
    return text(language, said.template, **values)


def shown_in(locale: object) -> Callable[[str], str]:
    """`said_text` for one reader, one function per language ('de', Locale.german and 'de-DE' alike): boards
    key the parts they drew, and the words they cache, on it (the same function shows the same words)."""
    return _shown(language_of(locale))


@functools.lru_cache(maxsize=8)
def _shown(language: str) -> Callable[[str], str]:
    return functools.partial(said_text, language)


def number(locale: object, value: float, /) -> str:
    """A number as the reader writes it: 1,234.5 (English), 1.234,5 (German), 1 234,5 (French). A whole
    number from 0 to 999, which every language writes the same, and any whole number in English, are
    written here: Babel takes about 65 us a number, and a board says a few of them on every move."""
    language = language_of(locale)
    if whole(value) and (0 <= value < 1000 or language == SOURCE):
        return f"{value:,}"
    from babel.numbers import format_decimal  # imported on the first number shown: a light start

    return format_decimal(value, locale=language)


def N_(message: str) -> str:
    """Marks a text kept as data for the catalogue (pybabel extract); it is translated where shown."""
    return message


def fields(message: str) -> list[str]:
    """Every `{...}` field of a message (named, seat and user), sorted: a translation must keep them."""
    return sorted(re.findall(r"\{[^{}]*\}", message))

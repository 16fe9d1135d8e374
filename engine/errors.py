"""What the engine says to players, kept as a message id with values so it can be shown in any
language, and the one exception a player may see (`RuleError`, whose message is a `Said`).

A `Said` is a `str` whose value is the English text, so everything that reads engine texts as
strings keeps working; it also carries its English source (`template`, with `{name}` fields) and
the `values` those fields take. Whoever shows it (cogs/language.py) looks the template up in the
reader's catalogue and puts the values in after translating. Seat and user fields (`{2}`, `{@7}`)
are not named fields: they pass through for the mentions.

A value may itself be a `Said` (translated in turn) or an `Either` (items the reader's language
joins with its own "or"); any other value (a number, a name) is shown as it is.

A `RuleError` is an action the rules do not allow; its message is a `Said`.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

FIELD = re.compile(r"\{([A-Za-z_]\w*)\}")  # a named value; `{2}` (a seat) and `{@7}` (a user) are not


class Said(str):
    """English text with the source and values it was made from; it never changes once made."""

    __slots__ = ("template", "many", "values")
    template: str  # the English source, as the catalogues know it
    many: str | None  # the English plural source, when the words depend on `values["n"]`
    values: Mapping[str, object]

    def __new__(cls, template: str, /, **values: object) -> Said:
        return _made(template, None, values)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Said does not change")

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the source, not just the English
        return _remade, (self.template, self.many, dict(self.values))


def counted(singular: str, many: str, n: int, /, **values: object) -> Said:
    """Words that depend on a count: `singular` when n is 1, else `many` (in English; a reader's
    language uses its own plural rule). `{n}` is the count."""
    return _made(singular, many, {"n": n, **values})


def _made(template: str, many: str | None, values: dict[str, object]) -> Said:
    """A Said owning `values` (a dict nobody else holds)."""
    said = str.__new__(Said, english(many if many is not None and values.get("n") != 1 else template, values))
    setattr_ = object.__setattr__  # past Said.__setattr__, which refuses every change
    setattr_(said, "template", template)
    setattr_(said, "many", many)
    setattr_(said, "values", MappingProxyType(values))
    return said


def _remade(template: str, many: str | None, values: Mapping[str, object]) -> Said:
    return _made(template, many, dict(values))


class Either(str):
    """Items joined by "or" ("1 or 2 or 3" in English), kept as items so another language joins them its own way;
    an item that is a `Term` stays one (a word the reader's language names its own way)."""

    __slots__ = ("items",)
    items: tuple[str, ...]
    JOIN: ClassVar[str] = " or "  # how English joins the items
    STYLE: ClassVar[str] = "or"  # how another language joins them (a Babel list style)

    def __new__(cls, items: Iterable[object]) -> Either:
        kept = tuple(item if isinstance(item, Term | Either | Said) else str(item) for item in items)
        either = super().__new__(cls, cls.JOIN.join(kept))
        object.__setattr__(either, "items", kept)
        return either

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an Either does not change")

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.items,)


class AllOf(Either):
    """Items joined by "and" ("advanced and hill" in English), each language joining them its own way."""

    __slots__ = ()
    JOIN = " and "
    STYLE = "standard"


class Term(str):
    """A word the catalogues know under a context (`Term("Treasure of the Dragons", "game title")`, a
    game's published name in each language), kept so a reader sees it as their language names it."""

    __slots__ = ("context",)
    context: str

    def __new__(cls, word: str, context: str) -> Term:
        term = super().__new__(cls, word)
        object.__setattr__(term, "context", context)
        return term

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Term does not change")

    def __reduce__(self) -> tuple[Any, ...]:
        return Term, (str(self), self.context)


def english(template: str, values: Mapping[str, object]) -> str:
    """The template's named fields filled with the values as English writes them (`str`)."""
    return filled(template, values) if values else template


def filled(template: str, values: Mapping[str, object]) -> str:
    """`template`'s named fields filled with `values` as `str` writes them; a field without a value raises
    KeyError. Every word shown passes here, so a template is split at its fields once (`_pieces`)."""
    pieces = _pieces(template)
    if len(pieces) == 1:
        return template
    parts = list(pieces)
    for i in range(1, len(parts), 2):  # text, field name, text, ..., text
        parts[i] = str(values[parts[i]])
    return "".join(parts)


@functools.lru_cache(maxsize=4096)  # the templates are the catalogues' and the code's: a few hundred
def _pieces(template: str) -> tuple[str, ...]:
    return tuple(FIELD.split(template))


class RuleError(ValueError):
    """An action the rules do not allow. `RuleError("Only {n} left.", n=2)`: its message is a `Said`
    (`said`), English as `str(error)`, translated for the reader where it is shown."""

    said: Said

    def __init__(self, message: str, /, **values: object) -> None:
        said = as_said(message, values)
        super().__init__(said)
        self.said = said


def as_said(message: str, values: Mapping[str, object]) -> Said:
    """A refusal's message as a `Said`: kept when it is one already, else made from `values`."""
    return message if isinstance(message, Said) and not values else Said(message, **values)


# Words survive JSON (the table's news in the database) with their id: a `Said` is stored as {"said": its
# English source, "values": ..., "many": its plural source, if any}, a value that is a Said in turn likewise,
# an `Either` as {"either": [items]} (an `AllOf` as {"all": [items]}) (an item a Term as a Term is), a `Term` as {"term": word, "context": ...};
# any other text as a plain string (as every line was before, so old rows read as they are).

StoredText = str | dict[str, Any]  # a text as JSON keeps it (`stored`): a plain text, or a Said's id and values


def stored(text: object) -> Any:
    """A news line, or one of its values, as JSON keeps it."""
    if isinstance(text, Said):
        line: dict[str, Any] = {"said": text.template, "values": {k: stored(v) for k, v in text.values.items()}}
        if text.many is not None:
            line["many"] = text.many
        return line
    if isinstance(text, Either):
        return {"all" if isinstance(text, AllOf) else "either": [stored(item) for item in text.items]}
    if isinstance(text, Term):
        return {"term": str(text), "context": text.context}
    return text if isinstance(text, int | float) else str(text)  # a number stays one; any other value is text


def read(line: Any) -> Any:
    """A stored news line (or value) as the text it was: a `Said` again, or the plain text."""
    if not isinstance(line, dict):
        return line
    if "either" in line:
        return Either(read(item) for item in line["either"])
    if "all" in line:
        return AllOf(read(item) for item in line["all"])
    if "term" in line:
        return Term(line["term"], line["context"])
    values = {name: read(value) for name, value in line.get("values", {}).items()}
    if line.get("many") is not None:
        return counted(line["said"], line["many"], values.pop("n"), **values)
    return Said(line["said"], **values)

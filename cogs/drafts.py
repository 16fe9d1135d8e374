"""What a panel's choice so far is made of: select options within Discord's limits, and drafts.

A draft travels in the custom_id of every control of a panel (cogs/panels.py), so it is a short
string: fields joined by "-", numbers joined by ".". A typed `Draft` reads and writes that string
field by field, so a panel names what its controls set instead of slicing text.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Collection, Mapping
from typing import Any, ClassVar, Self

import discord

from engine.protocol import View

NONE = "none"  # the value of an option that clears its draft field ("Double no card")
PER_SELECT = 25  # options in one select (Discord's limit)
TEXT_LIMIT = 100  # characters in an option's label or description (Discord's limit)


def option(label: str, value: object, *, default: bool = False, description: str | None = None,
           emoji: str | None = None) -> discord.SelectOption:
    """A select option; `Panel.select` trims its texts to Discord's limit."""
    return discord.SelectOption(label=label, value=str(value), default=default, description=description or None,
                                emoji=emoji)


def clip(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[:TEXT_LIMIT - 1] + "…"


def fields(draft: str, n: int) -> list[str]:
    """A draft made of `n` fields joined by "-" (say "2-4.9-"), the missing ones empty."""
    return (draft.split("-") + [""] * n)[:n]


def numbers(draft: str) -> list[int]:
    """A draft (or a field of one) made of numbers joined by "." (say "4.9.31")."""
    return [int(p) for p in draft.split(".") if p.isdigit()]


def spread_pick(options: list[discord.SelectOption], control: str, chosen: list[str], values: list[str]) -> list[str]:
    """The choice after a pick in one select of `Panel.spread` (control `<name><k>`): that
    select's options as picked, the others' as they were."""
    k = int(control[len(control.rstrip("0123456789")):] or 0)
    shown = {o.value for o in options[k * PER_SELECT:(k + 1) * PER_SELECT]}
    return [v for v in chosen if v not in shown] + [v for v in values if v in shown]


class Draft:
    """A panel's choice so far, typed: subclasses are frozen dataclasses whose fields all have a
    default, which says how the field is written in the custom_id (fields joined by "-"): None an
    optional number, () numbers joined by ".", a bool 1 or 0, an int a number, a str a word."""

    __dataclass_fields__: ClassVar[dict[str, Any]]  # subclasses are dataclasses
    clears: ClassVar[Mapping[str, tuple[str, ...]]] = {}  # the fields a pick in a field resets ("monster": "lose")

    def __str__(self) -> str:
        return self.written

    @functools.cached_property
    def written(self) -> str:
        """The draft as its controls' custom_ids carry it (every control of a panel holds it: written once)."""
        return "-".join(_encode(getattr(self, name)) for name in _defaults(type(self)))

    @classmethod
    def opening(cls, view: View) -> Self:
        """The draft a panel opens with, from its player's view; by default every field's default."""
        return cls()

    @classmethod
    def parse(cls, text: str) -> Self:
        """The draft `text` writes; a field missing or unreadable has its default."""
        found = _defaults(cls)
        parts = fields(text, len(found))
        return cls(**{name: _decode(part, default) for (name, default), part in zip(found.items(), parts, strict=True)})

    def picked(self, control: str, values: list[str]) -> Self:
        """The draft after a pick in the control named for a field (`card`, or `tile0`, `tile1`... for
        one of several selects): a select's values set the field (a tuple takes every number in them,
        the NONE option clears it), a button flips a bool; a control naming no field changes nothing."""
        name, defaults = control.rstrip("0123456789"), _defaults(type(self))
        if name not in defaults:
            return self
        default, numbers = defaults[name], re.findall(r"[0-9]+", " ".join(values))
        if isinstance(default, bool):
            value: object = not getattr(self, name)
        elif isinstance(default, tuple):
            value = tuple(map(int, numbers))
        elif isinstance(default, str):
            value = next((v for v in values if v != NONE), "")
        else:
            value = int(numbers[0]) if numbers else default
        return dataclasses.replace(self, **{name: value}, **{f: defaults[f] for f in self.clears.get(name, ())})

    def within(self, **offered: Collection[object]) -> Self:
        """This draft holding only what is `offered` now, field by field: a value no longer offered
        goes back to its default, a tuple keeps the members still offered."""
        defaults, kept = _defaults(type(self)), dict[str, object]()
        for name, allowed in offered.items():
            value = getattr(self, name)
            if isinstance(value, tuple):
                kept[name] = tuple(v for v in value if v in allowed)
            else:
                kept[name] = value if value in allowed else defaults[name]
        return dataclasses.replace(self, **kept)

    def holds(self, control: str, value: str) -> bool:
        """Whether the option `value` of the select `control` is what this draft chose: its field's
        value, one of its numbers, or NONE for a field left empty."""
        current = getattr(self, control.rstrip("0123456789"), None)
        if value == NONE:
            return current in (None, "", ())
        if isinstance(current, tuple):
            numbers = tuple(map(int, re.findall(r"[0-9]+", value)))
            return numbers == current or len(numbers) == 1 and numbers[0] in current
        return current is not None and not isinstance(current, bool) and str(current) == value


_DEFAULTS: dict[type, dict[str, Any]] = {}  # each draft class's, read once (dataclasses.fields is slow)


def _defaults(cls: type) -> dict[str, Any]:
    """A draft class's fields and their defaults, in the order the custom_id writes them."""
    if cls not in _DEFAULTS:
        _DEFAULTS[cls] = {f.name: f.default for f in dataclasses.fields(cls)}
    return _DEFAULTS[cls]


def _encode(value: object) -> str:
    if isinstance(value, bool):
        return str(int(value))
    return ".".join(map(str, value)) if isinstance(value, tuple) else "" if value is None else str(value)


def _decode(part: str, default: object) -> object:
    """A field from its text, read as its default's kind."""
    if isinstance(default, bool):
        return part == "1" if part in ("0", "1") else default
    if isinstance(default, tuple):
        return tuple(numbers(part))
    if default is None or isinstance(default, int):
        return int(part) if part.isdigit() else default
    return part

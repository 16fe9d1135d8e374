"""Actions checked once, where they enter a game: the rules read typed values and never re-check one.

An action is JSON from outside the engine (a click's payload, a stored log, a computer). A game
declares the shape of each kind of action it takes (`Game.shapes`: its type, then each field and the
kind of value it holds); `Game.apply` parses every action against that table before the rules see
it. A malformed action (an unknown type, a field of the wrong kind) is refused there, with what was
wrong; a well-formed one reaches the rules as a copy holding only its declared fields, so a rule
reads `action.get("dice")` knowing it is a whole number or missing. Whether a value is *allowed*
(a facing 0-5, a track on your board) is a rule, and stays with the rules.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from .errors import RuleError, Term


def whole(value: object) -> TypeGuard[int]:
    """A whole number as an action's JSON carries one: an int, and not a bool (which Python counts
    as an int: `True` must not pass for seat 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Kind:
    """What a field's value must be: a test, and its words for the refusal."""

    holds: Callable[[object], bool]
    words: Term  # as the catalogues know it, under the context "kind of value"
    needed: bool = False  # an action of its shape must carry it (else it may be missing)


WHOLE = Kind(whole, Term("a whole number", "kind of value"))
FLAG = Kind(lambda value: isinstance(value, bool), Term("true or false", "kind of value"))
WORD = Kind(lambda value: isinstance(value, str), Term("a word", "kind of value"))
PAIR = Kind(lambda value: isinstance(value, list) and len(value) == 2 and all(whole(v) for v in value),
            Term("two whole numbers", "kind of value"))


def needed(kind: Kind) -> Kind:
    """`kind`, and the action must carry it."""
    return Kind(kind.holds, kind.words, needed=True)


def maybe(kind: Kind) -> Kind:
    """`kind`, or null (JSON's "none given")."""
    return Kind(lambda value: value is None or kind.holds(value), kind.words)


def either(words: Term, *kinds: Kind) -> Kind:
    """A value of any of `kinds` (a field whose kind depends on the card that reads it)."""
    return Kind(lambda value: any(kind.holds(value) for kind in kinds), words)


def list_of(kind: Kind, words: Term) -> Kind:
    return Kind(lambda value: isinstance(value, list) and all(kind.holds(v) for v in value), words)


WORDS = list_of(WORD, Term("a list of words", "kind of value"))


def record(words: Term, **fields: Kind) -> Kind:
    """A JSON object whose fields, those given, are of their kinds."""
    def holds(value: object) -> bool:
        return isinstance(value, dict) and all(
            key in fields and fields[key].holds(v) for key, v in value.items())
    return Kind(holds, words)


Shape = Mapping[str, Kind]  # a kind of action's fields (missing ones are the rules' to judge, unless `needed`)
Shapes = Mapping[str, Shape]  # every kind of action a game takes, by its "type"
EVERY_GAME: Shapes = {"timeout": {}, "leave": {}}  # the table's TIMEOUT and a player's LEAVE (engine/protocol.py)


def parse(shapes: Shapes, action: Mapping[str, Any], common: Shape | None = None) -> dict[str, Any]:
    """`action` checked against `shapes` (and the `common` fields any action may carry): a copy
    holding its type and its declared fields, or a RuleError saying what is malformed."""
    kind = action.get("type") if isinstance(action, Mapping) else None
    shape = shapes.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise RuleError("This game has no action of type “{kind}”.", kind=str(kind))
    parsed: dict[str, Any] = {"type": kind}
    for key, value in action.items():
        field = shape.get(key) or (common or {}).get(key)
        if field is None:
            continue  # not this action's: the rules never see it
        if not field.holds(value):
            raise RuleError("In a “{kind}” action, “{field}” must be {words}.", kind=kind, field=key,
                            words=field.words)
        parsed[key] = value
    missing = next((key for key, field in shape.items() if field.needed and key not in parsed), None)
    if missing is not None:
        raise RuleError("A “{kind}” action needs its “{field}”.", kind=kind, field=missing)
    return parsed

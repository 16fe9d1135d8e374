"""Eye for an Eye's actions as types, and the shapes `EyeForAnEye.apply` parses them against.

Every action reaches the rules parsed (engine/shapes.py): its type is one of `SHAPES`, and each field
it carries is of the kind declared here, so the rules read `ArenaAction` fields typed and check only
what the rules allow (a facing 0-5, a track on your board). The fields keep one meaning across the
actions that carry them: `track` is a key of the seat's board, `dice` and `count` numbers of dice,
`target` and `guard` a figure (`guard` one of Echo's Guards), `by` the Guard that acts, `steps`
compass steps and turns. Two depend on the card that reads them: a Sword Dance's `strikes`, and
`heat` (Flame Blade's yes on an attack; on Vented Heat Blast, how much to vent).

The modes' actions (Domination's `declare`, King of the Hill's `hill`, the Ceremony's `scamper` and
its catch, an `attack` on a `nymphlet`) are declared here with the core's: one table for the game.
"""
from __future__ import annotations

from typing import Required, TypedDict

from ..errors import Term
from ..protocol import EVERY_GAME, FLAG, PAIR, WHOLE, WORD, WORDS, Shapes, either, list_of, maybe, record


class Strike(TypedDict, total=False):
    """One strike of Incendiary's Sword Dance: the facing it turns to, the figure it hits, and
    whether it burns Heat."""

    facing: int
    target: int
    guard: int | None
    heat: bool


class CardFields(TypedDict, total=False):
    """What a player picks to use an innate action or a Tribal card (or to react with one), beside
    its track and dice: each effect lists them (abilities' `choices`) and the panel sends one back.
    `steps` are compass steps, or for Echo's Surge a list of them per Guard."""

    target: int
    guard: int | None
    hex: list[int]
    facing: int
    step: str
    steps: list[str] | list[list[str]]
    heat: bool | int
    strikes: list[Strike]


class ArenaAction(TypedDict, total=False):
    """An action as the rules receive it: its type, and those of these fields it carries."""

    type: Required[str]
    track: str | None
    count: int | None
    dice: int | None
    target: int
    guard: int | None
    by: int | None
    heat: bool | int
    steps: list[str]  # Echo's Surge: a list of them per Guard instead (its card reads them so)
    step: str | None
    flow: bool | None
    on: bool
    hex: list[int]
    hexes: int
    facing: int
    marker: int
    trigger: bool
    nymphlet: int
    strikes: list[Strike]
    at_ms: int


DICE = maybe(WHOLE)
FIGURE = {"target": WHOLE, "guard": maybe(WHOLE)}
CARD = {  # a card's or an innate action's own fields (abilities/)
    "track": WORD, "dice": DICE, **FIGURE, "by": maybe(WHOLE), "hex": PAIR, "facing": WHOLE, "step": maybe(WORD),
    "steps": either(Term("compass steps", "kind of value"), WORDS,
                    list_of(WORDS, Term("lists of compass steps", "kind of value"))),
    "heat": WHOLE, "hexes": WHOLE, "strikes": list_of(record(Term("a strike", "kind of value"), facing=WHOLE, **FIGURE, heat=FLAG),
                       Term("a list of strikes", "kind of value")),
}
SHAPES: Shapes = {
    **EVERY_GAME,
    **dict.fromkeys(("roll", "auto", "take", "ready", "end_turn", "pass"), {}),
    "allocate": {"track": WORD, "count": DICE},
    "recover": {"track": maybe(WORD), "count": DICE},
    "current": {"track": WORD, "count": DICE},
    "attack": {**FIGURE, "dice": DICE, "by": maybe(WHOLE), "heat": FLAG, "nymphlet": WHOLE},
    "move": {"steps": WORDS, "flow": maybe(FLAG), "by": maybe(WHOLE)},
    "heal": {"dice": DICE},
    "parry": {"dice": DICE},
    "auto_parry": {"on": FLAG},
    "place": {"hex": PAIR, "facing": WHOLE},
    "marker": {"marker": WHOLE},
    "use": CARD,
    "react": CARD,
    "declare": {"trigger": FLAG, "dice": WHOLE},
    "hill": {"count": DICE},
    "scamper": {"nymphlet": WHOLE, "steps": WORDS},
}
COMMON = {"at_ms": WHOLE}  # when its player clicked: any action may carry it (races.py)

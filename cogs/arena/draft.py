"""What a panel remembers between clicks (its draft, carried in every custom_id) and what a click means.

A draft is a Qty (0: all) and a view: "" MAIN, "m" MOVE with its queued steps, "t" TARGET, "k"
the turn-order markers. A click either changes the draft (the panel is redrawn) or names an
engine action; whether the action is allowed, and why not, is the engine's to say.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.arena.board import COMPASS
from engine.protocol import Action
from host.errors import TableError

from ..panels import Seat
from .words import track

STEPS = (*COMPASS, "L", "R")
CODES = "012345lr"  # a step in the draft: one character
CODE = dict(zip(STEPS, CODES, strict=True))
MAIN, MOVE, TARGET, MARKERS = "", "m", "t", "k"
PATTERN = re.compile(r"(?P<qty>[1-5]?)(?P<mode>(?:m[0-5lr]{0,6})|t|k|)")
NUMBERED = re.compile(r"(?P<kind>mk|p|t)(?P<n>[0-9]+)")  # a marker, Parry n, attack a seat
SIMPLE: dict[str, Action] = {"roll": {"type": "roll"}, "auto": {"type": "auto"}, "ready": {"type": "ready"},
                             "take": {"type": "take"}, "end": {"type": "end_turn"}, "pass": {"type": "pass"}}


@dataclass(frozen=True)
class Draft:
    qty: int = 0
    mode: str = MAIN
    steps: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Draft:
        match = PATTERN.fullmatch(text)
        if match is None:
            return cls()
        mode = match["mode"]
        return cls(int(match["qty"] or 0), mode[:1], tuple(STEPS[CODES.index(c)] for c in mode[1:]))

    def __str__(self) -> str:
        return f"{self.qty or ''}{self.mode}{''.join(CODE[s] for s in self.steps)}"

    def count(self) -> dict[str, int]:
        """The Qty as an action's dice count (none: the engine spends all it may)."""
        return {"dice": self.qty} if self.qty else {}


def after_move(control: str) -> str:
    """The draft once a click's action is made: Qty and sub-views reset; Done goes on to the markers."""
    return MARKERS if control == "done" else MAIN


def meaning(seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
    """A click on the panel: the new draft, or the engine action it names."""
    d, me = Draft.parse(draft), seat.view["seats"][seat.seat]
    value = values[0] if values else ""
    if control in SIMPLE:
        return SIMPLE[control]
    changed = {"ref": d, "qty": Draft((d.qty + 1) % 5, d.mode, d.steps), "x": Draft(d.qty),
               "mv": Draft(d.qty, MOVE), "who": Draft(d.qty, TARGET), "back": Draft(d.qty),
               "undo": Draft(d.qty, MOVE, d.steps[:-1])}.get(control)
    if changed is not None:
        return str(changed)
    if control == "ap":
        return {"type": "auto_parry", "on": not me["auto_parry"]}
    if control == "done":  # what fits goes onto the board, then the markers show
        return {"type": "auto"} if seat.explain({"type": "auto"}) is None else MARKERS
    if control == "al":
        verb, _, key = value.partition(":")
        if key == "*":
            return {"type": "recover"}
        return {"type": "allocate" if verb == "a" else "recover", "track": key,
                **({"count": d.qty} if d.qty else {})}
    if control == "pl":
        q, r, facing = (int(p) for p in value.split("."))
        return {"type": "place", "hex": [q, r], "facing": facing}
    if control == "heal":
        return {"type": "heal", **d.count()}
    if control == "atk":  # nobody to choose from: the engine says why
        return {"type": "attack", **d.count()}
    numbered = NUMBERED.fullmatch(control)
    if numbered:
        n = int(numbered["n"])
        return {"mk": {"type": "marker", "marker": n}, "p": {"type": "parry", "dice": n},
                "t": {"type": "attack", "target": n, **d.count()}}[numbered["kind"]]
    steps = list(d.steps)
    if control.startswith("s") and control[1:] in CODE.values():
        steps.append(STEPS[CODES.index(control[1:])])
        if len(steps) < track(me, "move")["count"]:
            return str(Draft(d.qty, MOVE, tuple(steps)))
        return {"type": "move", "steps": steps}  # every Move die used: the path goes
    if control == "go":
        return {"type": "move", "steps": steps}
    raise TableError("That button does nothing now.")

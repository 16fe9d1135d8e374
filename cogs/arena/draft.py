"""What a panel remembers between clicks (its draft, carried in every custom_id) and what a click means.

A draft (the kit's typed Draft, fields joined by "-") holds a Qty (0: all), the view ("" MAIN,
"m" MOVE, "t" TARGET, "k" the turn-order markers, "u" a card's choices, "n" a Nymphlet's Scamper),
a path the view has queued (MOVE's and Scamper's steps; a card's own picks, cards.py), and under
the advanced rules which of Echo's figures acts (`by`), whether Flame Blade burns Heat (`heat`)
and which track is being used (`card`: its place on the board). The game modes add whether the
Movement goes with the flow (`flow`, the Rainforest), which Nymphlet scampers (`nymphlet`) and
Domination's declared side (`trigger`: 1 Trigger, 0 Not); extras.py reads them. A click either
changes the draft (the panel is redrawn) or names an engine action; whether the action is
allowed, and why not, is the engine's to say.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from engine.arena.board import COMPASS
from engine.arena.view_types import SeatView, as_view
from engine.protocol import Action
from host.errors import TableError

from .. import drafts
from ..panels import Seat
from .words import track

STEPS = (*COMPASS, "L", "R")
CODES = "012345lr"  # a step in the draft: one character
CODE = dict(zip(STEPS, CODES, strict=True))
MAIN, MOVE, TARGET, MARKERS, USE, SCAMPER = "", "m", "t", "k", "u", "n"
INFO = "info"  # the ℹ Legend button's control: clicks.py answers it with the legend, the panel stays as it is
NUMBERED = re.compile(r"(?P<kind>mk|p|t)(?P<n>[0-9]+)(?:g(?P<guard>[0-9]))?")  # a marker, Parry n, attack a figure
SIMPLE: dict[str, Action] = {"roll": {"type": "roll"}, "auto": {"type": "auto"}, "ready": {"type": "ready"},
                             "take": {"type": "take"}, "end": {"type": "end_turn"}, "pass": {"type": "pass"}}


@dataclass(frozen=True)
class Draft(drafts.Draft):
    qty: int = 0
    mode: str = MAIN
    path: str = ""          # MOVE's steps (CODES), or what a card's view has queued
    by: int | None = None   # Echo: the Guard taking his Attack or Movement (None: the Chief)
    heat: bool = False      # Incendiary: his Attack burns Heat (Flame Blade)
    card: int | None = None  # the track being used, by its place on the board (mode USE)
    flow: bool = False      # the Rainforest: the Movement goes with the flow (MOVE)
    nymphlet: int | None = None  # the Ceremony: the Nymphlet scampering, its place in the view (SCAMPER)
    trigger: int | None = None  # Domination, turn-based: the side declared, 1 Trigger or 0 Not

    @property
    def steps(self) -> tuple[str, ...]:
        return tuple(STEPS[CODES.index(c)] for c in self.path if c in CODES)

    def to(self, mode: str = MAIN, path: str = "", card: int | None = None, nymphlet: int | None = None) -> Draft:
        """The same Qty, figure and Heat toggle, in another view (its own picks afresh)."""
        return dataclasses.replace(self, mode=mode, path=path, card=card, flow=False, nymphlet=nymphlet,
                                   trigger=None)

    def count(self) -> dict[str, int]:
        """The Qty as an action's dice count (none: the engine spends all it may)."""
        return {"dice": self.qty} if self.qty else {}

    def luftle(self) -> dict[str, int]:
        """Echo's acting Guard as an action's field (none: the Chief)."""
        return {} if self.by is None else {"by": self.by}


def after_move(control: str) -> str:
    """The draft once a click's action is made: Qty and sub-views reset; Done goes on to the markers."""
    return str(Draft(mode=MARKERS)) if control == "done" else str(Draft())


def meaning(seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
    """A click on the panel: the new draft, or the engine action it names."""
    d, me = Draft.parse(draft), as_view(seat.view)["seats"][seat.seat]
    value = values[0] if values else ""
    if control in SIMPLE:
        return SIMPLE[control]
    changed = {"ref": d, INFO: d, "qty": dataclasses.replace(d, qty=(d.qty + 1) % 5), "x": d.to(), "back": d.to(),
               "mv": d.to(MOVE), "who": d.to(TARGET), "undo": dataclasses.replace(d, path=d.path[:-1]),
               "fire": dataclasses.replace(d, heat=not d.heat), "by": next_luftle(me, d),
               "flow": dataclasses.replace(d, flow=not d.flow)}.get(control)
    if changed is not None:
        return str(changed)
    if control == "ap":
        return {"type": "auto_parry", "on": not me["auto_parry"]}
    if control == "done":  # what fits goes onto the board, then the markers show
        return {"type": "auto"} if seat.explain({"type": "auto"}) is None else str(d.to(MARKERS))
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
        return {"type": "attack", **d.count(), **d.luftle(), **burn(d)}
    numbered = NUMBERED.fullmatch(control)
    if numbered:
        n = int(numbered["n"])
        aim = {"target": n} | ({} if numbered["guard"] is None else {"guard": int(numbered["guard"])})
        return {"mk": {"type": "marker", "marker": n}, "p": {"type": "parry", "dice": n},
                "t": {"type": "attack", **aim, **d.count(), **d.luftle(), **burn(d)}}[numbered["kind"]]
    if control.startswith("s") and control[1:] in CODE.values():
        path = d.path + control[1:]
        if len(path) < track(me, "move")["count"]:
            return str(d.to(MOVE, path))
        return move(d, path)  # every Move die used: the path goes
    if control == "go":
        return move(d, d.path)
    raise TableError("That button does nothing now.")


def move(d: Draft, path: str, *, whole: bool = True) -> Action:
    """The Movement along `path`; going with the flow when the toggle is on and the path is `whole`
    (a step on the way to a longer path is checked without it)."""
    flow = {"flow": True} if d.flow and whole else {}
    return {"type": "move", "steps": list(Draft(path=path).steps), **d.luftle(), **flow}


def burn(d: Draft) -> dict[str, bool]:
    """Flame Blade's field on an attack, when the toggle is on."""
    return {"heat": True} if d.heat else {}


def next_luftle(me: SeatView, d: Draft) -> Draft:
    """Echo's figure cycle: the Chief, then each Guard on the board in turn."""
    figures: list[int | None] = [None, *(g["guard"] for g in me.get("guards") or [] if g is not None)]
    at = figures.index(d.by) if d.by in figures else 0
    return dataclasses.replace(d, by=figures[(at + 1) % len(figures)], mode=MAIN, path="")

"""Innate actions and Tribal cards (advanced rules, rules 15-17): using them, and answering with them.

{"type": "use", "track": key, "dice": n (optional: all on it), ...the effect's own fields}
resolves an innate dice action or a Ready Tribal card; {"type": "react", "track": key, ...}
answers the attack waiting on the player with a reaction (effects.offered says which are offered).
One module per character holds what its tracks do (grublic, riparian, banksia, incendiary, pluma,
echo), and general King of the Hill's General Manoeuvres; this module imports none of them: it reads
the effects engine/arena/__init__.py plugs in (effects.EFFECTS). The use spends the track's dice
afterwards, and a card turns Unready (cards.py).
"""
from __future__ import annotations

from typing import Any

from ...errors import Either, RuleError, counted
from ...protocol import Action, Event, Seat
from ..action_types import ArenaAction
from ..board import in_front
from ..cards import spend_card
from ..data import READYING
from ..dice import is_ready, spends
from ..effects import EFFECTS, Use, offered
from ..figures import State, board_of, spot
from ..hits import go_on, head, reaction_names


def usable_keys(state: State, seat: Seat) -> list[str]:
    """The seat's innate action and Tribal cards, whatever their state (in the core game only an
    innate action every game plays: Echo's Call the Guard, figures.innate_of)."""
    return [k for k in board_of(state, seat) if k in EFFECTS]


def use_track(state: State, seat: Seat, action: ArenaAction, now: float, entry: dict | None = None) -> list[Event]:
    """Resolve an innate action or a Ready card (or, with `entry`, answer that attack with it)."""
    key = action.get("track")
    keys = usable_keys(state, seat)
    if not keys:
        raise RuleError("Innate actions and Tribal cards are part of the advanced rules.")
    board = board_of(state, seat)
    if key not in keys:
        raise RuleError("Use one of {tracks}.", tracks=", ".join(board[k].name for k in keys))
    track, dice = board[key], state["dice"][seat]
    if track.effect == READYING:
        raise RuleError(counted("{track} is Unready: fill its {n} Ready space first ({have}/{n}).",
                                "{track} is Unready: fill its {n} Ready spaces first ({have}/{n}).", track.min,
                                track=track.name, have=dice["tracks"][key]))
    if entry is None and EFFECTS[key].answer_only:
        raise RuleError("{track} answers an attack on you.", track=track.name)
    if not is_ready(dice, board, key):
        raise RuleError(counted("{track} needs {n} die allocated (you have {have}).",
                                "{track} needs {n} dice allocated (you have {have}).", track.min,
                                track=track.name, have=dice["tracks"][key]))
    count = _dice(action.get("dice"), spends(dice, board, key), track.name)
    events = EFFECTS[key].play(Use(state, seat, track, count, action, now, entry))
    spend_card(state, seat, key, count)
    return events


def _dice(count: Any, allowed: list[int], what: str) -> int:
    if count is None:
        return allowed[-1]
    if count not in allowed:
        raise RuleError("{track} can spend {counts} dice now.", track=what, counts=Either(allowed))
    return int(count)


def react(state: State, seat: Seat, action: ArenaAction, now: float) -> list[Event]:
    """Answer the attack waiting on the seat with a reaction beside Parry; the window stays open
    while there is more to answer with (hits.go_on)."""
    entry = head(state, seat)
    if entry is None or entry["deadline"] is None:
        raise RuleError("No attack is waiting for your answer.")
    if action.get("track") not in offered(state, entry):
        raise RuleError("Answer with {reactions} or take it.", reactions=Either(reaction_names(state, entry)))
    events = use_track(state, seat, action, now, entry)
    if entry in state["pending"]:  # the defender may have turned or moved: its arc again
        me = spot(state, (seat, entry["guard"]))
        entry["front"] = in_front(me["hex"], me["facing"], entry["from"])
    return events + go_on(state, entry, now)


def uses(state: State, seat: Seat) -> list[Action]:
    """Every use the seat may make now, as listed actions: each effect's choices, with the
    minimum and with every die on the card when a bonus is possible."""
    out: list[Action] = []
    board, dice = board_of(state, seat), state["dice"][seat]
    for key in usable_keys(state, seat):
        if board[key].effect == READYING or EFFECTS[key].answer_only:
            continue
        counts = spends(dice, board, key)
        if not counts:
            continue
        for choice in EFFECTS[key].choices(state, seat, None):
            out += [{"type": "use", "track": key, **choice, "dice": n} for n in sorted({counts[0], counts[-1]})]
    return out


def answers(state: State, seat: Seat, entry: dict) -> list[Action]:
    """The reactions beside Parry the seat may answer this attack with, as listed actions."""
    return [{"type": "react", "track": key, **choice} for key in offered(state, entry)
            for choice in EFFECTS[key].choices(state, seat, entry)]

"""The actions a seat may take now, as the simulator and the cog's buttons list them.

Movement is listed one step at a time (a path of up to 5 steps has thousands of spellings),
and going with the flow after each step that may; `play` accepts any path the rules allow.
Dice go onto a Raging Current track all that fit at once (the track's own default). Attacks
are listed with all and with the fewest dice; any count in between is accepted too. The
Auto-Parry switch is listed in the start phase only (play accepts it at any time), so random
play does not spend a round flicking it; a real-time pass (rounds.pass_round) is accepted and
never listed, so random play does not end its rounds at once. Advanced rules: each innate action and Ready card with
the fields its effect lists (abilities), Echo's Attack and Movement by each of his Luftle
figures, and the reactions beside Parry in a window (a catch's window: Dart, as parries); nothing but answers while a Tribal card's
attack waits to land (the pause, rule 14). A phase of the game mode's own (Domination's
declaration) lists what the mode lists.
"""
from __future__ import annotations

from .. import flow
from ..protocol import Action, Seat
from .abilities import answers as reactions
from .abilities import uses
from .actions import luftles, open_steps, resolvable, targets, walk
from .board import front_arc, key
from .data import ATTACK, HEAL, MOVE, NETTED, STANDARD
from .dice import room, spends
from .figures import State, board_of, character, is_standing, occupied, standing
from .hits import answer_counts, head, paused_by
from .modes import mode_of
from .rounds import FIGHT, START
from .statuses import has
from .terrain import terrain_of
from .turns import ROLL, TURNS, marker_of


def legal(state: State, seat: Seat) -> list[Action]:
    if seat in state["flow"]["left"]:
        return []
    if state["phase"] in mode_of(state).phases:
        return mode_of(state).legal(state, seat)
    if state["phase"] not in (START, FIGHT, ROLL, TURNS):
        return []
    if state["phase"] == START:
        if seat not in flow.waiting(state["flow"]):
            return []
        switch = {"type": "auto_parry", "on": not state["auto_parry"][seat]}
        return [{"type": "ready"}, *placements(state, seat), switch]
    if not is_standing(state, seat):
        return []
    entry = head(state, seat)
    if entry is not None and entry["deadline"] is not None:
        return answers(state, seat, entry) + reactions(state, seat, entry)
    if state["phase"] == FIGHT and (entry is not None or paused_by(state) is not None):
        return []  # an attack is landing on this seat, or a Tribal card pauses everyone
    if state["phase"] == FIGHT:
        return dice_work(state, seat) + resolves(state, seat)
    if state["phase"] == ROLL:
        if marker_of(state, seat) is not None:
            return []
        free = [i + 1 for i, s in enumerate(state["tb"]["markers"]) if s is None]
        rolls = [{"type": "roll"}] if state["tb"]["rolls_left"][seat] and state["dice"][seat]["pool"] else []
        return rolls + dice_work(state, seat, roll=False) + [{"type": "marker", "marker": m} for m in free]
    if state["tb"]["active"] != seat or state["pending"]:
        return []
    ends = [{"type": "end_turn"}] if state["tb"]["acted"] else []
    return resolves(state, seat) + ends + [{"type": "pass"}]


def placements(state: State, seat: Seat) -> list[Action]:
    """Free start hexes (the seat's area; the mode's) and facings that keep every front arc clear."""
    mode = mode_of(state)
    taken = occupied(state, but=seat)
    blocked = mode.start_blockers(state, seat)
    watched = {key(h) for o in standing(state) if o != seat
               for h in front_arc(state["figures"][o]["hex"], state["figures"][o]["facing"])}
    return [{"type": "place", "hex": list(h), "facing": f} for h in mode.start_hexes(state, seat) for f in range(6)
            if h not in watched and h not in taken and mode.clear_start(state, seat, list(h), f, blocked)]


def answers(state: State, seat: Seat, entry: dict) -> list[Action]:
    """Parry 1..k (on a Nymphlet: Dart 1..k, spelt as a parry: the Defence dice that answer it), or take it."""
    return [{"type": "parry", "dice": n} for n in answer_counts(state, entry)] + [{"type": "take"}]


def dice_work(state: State, seat: Seat, roll: bool = True) -> list[Action]:
    dice, board = state["dice"][seat], board_of(state, seat)
    out: list[Action] = [{"type": "roll"}] if roll and dice["pool"] else []
    fits = [k for k in board if room(dice, board, k)]
    out += [{"type": "allocate", "track": k} for k in fits]
    if any(k in STANDARD for k in fits):  # Auto fills the basic actions only
        out.append({"type": "auto"})
    out += [{"type": "recover", "track": k} for k, n in dice["tracks"].items() if n]
    out += terrain_of(state).dice_choices(state, seat)
    out += mode_of(state).dice_choices(state, seat)
    return out


def _flows(state: State, seat: Seat, by: int | None, step: str) -> bool:
    """Whether a one-step Movement of the seat's figure (or Guard `by`) may go with the flow."""
    ref = (seat, by)
    if has(state, ref, NETTED):
        return False
    return terrain_of(state).carried_to(state, ref, walk(state, seat, [step], by)[0]) is not None


def resolves(state: State, seat: Seat) -> list[Action]:
    out: list[Action] = uses(state, seat) + mode_of(state).resolve_choices(state, seat)
    if not resolvable(state, seat):
        return out
    dice, board = state["dice"][seat], board_of(state, seat)
    attack_counts = spends(dice, board, ATTACK)
    for by in luftles(state, seat) if attack_counts else []:
        for seat_, guard in targets(state, seat, by):
            aim = {"type": "attack", "target": seat_} | ({} if guard is None else {"guard": guard}) | \
                  ({} if by is None else {"by": by})
            out += [aim | {"dice": n} for n in sorted({attack_counts[0], attack_counts[-1]})]
            if state["figures"][seat].get("heat"):  # Flame Blade (a game stored before Heat has none)
                out.append(aim | {"dice": attack_counts[-1], "heat": True})
    for by in luftles(state, seat) if spends(dice, board, MOVE) else []:
        mover = {} if by is None else {"by": by}
        for step in open_steps(state, seat, by):
            out.append({"type": "move", "steps": [step]} | mover)
            if _flows(state, seat, by, step):
                out.append({"type": "move", "steps": [step], "flow": True} | mover)
    if state["figures"][seat]["health"] < character(state, seat).health:
        out += [{"type": "heal", "dice": n} for n in spends(dice, board, HEAL)]
    return out

"""The actions a seat may take now, as the simulator and the cog's buttons list them.

Movement is listed one step at a time (a path of up to 5 steps has thousands of spellings);
`play` accepts any path the rules allow. Attacks are listed with all and with the fewest dice;
any count in between is accepted too. The Auto-Parry switch is listed in the start phase only
(play accepts it at any time), so random play does not spend a round flicking it. A phase of
the game mode's own (Domination's declaration) lists what the mode lists.
"""
from __future__ import annotations

from .. import flow
from ..protocol import Action, Seat
from .actions import open_steps, resolvable, targets
from .board import front_arc, key
from .data import ATTACK, HEAL, MOVE, PARRY
from .dice import room, spends
from .figures import State, board_of, character, is_standing, occupied, standing
from .hits import head
from .modes import mode_of
from .rounds import FIGHT, START
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
        return answers(state, seat, entry)
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
    watched = {key(h) for o in standing(state) if o != seat
               for h in front_arc(state["figures"][o]["hex"], state["figures"][o]["facing"])}
    return [{"type": "place", "hex": list(h), "facing": f} for h in mode.start_hexes(state, seat) for f in range(6)
            if h not in watched and h not in taken and mode.clear_start(state, seat, list(h), f)]


def answers(state: State, seat: Seat, entry: dict) -> list[Action]:
    allocated = state["dice"][seat]["tracks"][PARRY]
    ready = entry["hits"] and entry["front"] and allocated >= board_of(state, seat)[PARRY].min
    most = allocated if state["turn_based"] else min(allocated, entry["hits"])
    return [{"type": "parry", "dice": n} for n in range(1, most + 1) if ready] + [{"type": "take"}]


def dice_work(state: State, seat: Seat, roll: bool = True) -> list[Action]:
    dice, board = state["dice"][seat], board_of(state, seat)
    out: list[Action] = [{"type": "roll"}] if roll and dice["pool"] else []
    fits = [k for k in board if room(dice, board, k)]
    out += [{"type": "allocate", "track": k} for k in fits]
    if fits:
        out.append({"type": "auto"})
    out += [{"type": "recover", "track": k} for k, n in dice["tracks"].items() if n]
    return out


def resolves(state: State, seat: Seat) -> list[Action]:
    if not resolvable(state, seat):
        return []
    dice, board = state["dice"][seat], board_of(state, seat)
    out: list[Action] = []
    attack_counts = spends(dice, board, ATTACK)
    for target in targets(state, seat) if attack_counts else []:
        out += [{"type": "attack", "target": target, "dice": n} for n in sorted({attack_counts[0], attack_counts[-1]})]
    if spends(dice, board, MOVE):
        out += [{"type": "move", "steps": [step]} for step in open_steps(state, seat)]
    if state["figures"][seat]["health"] < character(state, seat).health:
        out += [{"type": "heal", "dice": n} for n in spends(dice, board, HEAL)]
    return out

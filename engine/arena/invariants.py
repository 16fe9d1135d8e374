"""What must hold after every action (engine/simulate checks it): health and Guard tokens are
conserved between figures and cups, dice between pool, tracks and the shared tracks they are
locked on (the Rainforest's Raging Currents), a full shared track has triggered, figures stand on
open hexes one to a hex, an attack waits only on a piece still there (a catch: on a Nymphlet of
its defender, one catch a Nymphlet), a round goes on only with two sides standing (Alliances:
teams) and someone standing who has not passed, Heat stays within 0-HEAT_MAX, Guards and statuses stand only on the board, the clock
matches the phase, and the game mode's own checks hold (modes)."""
from __future__ import annotations

from ..protocol import seat_name
from .board import key
from .cards import is_ready_card
from .data import HEAT_MAX, STATUS_NAMES
from .dice import dice_total
from .figures import STANDING, State, advanced, arena, board_of, character, guards_of, guards_play, hand, pieces, spot
from .hits import is_catch
from .modes import mode_of
from .rounds import COUNTDOWN, FIGHT, OVER, PLAYING, START, dice_count, everyone_passed, fronts_clear
from .shared import held
from .sides import sides
from .turns import ROLL


def broken_rules(state: State, deadline: float | None) -> list[str]:
    """Every invariant that does not hold, in words ([] when all is well)."""
    broken = _health(state) + _places(state) + _boards(state) + _advanced(state)
    for p in state["pending"]:
        if is_catch(p):
            broken += _catch(state, p)
        elif (p["defender"], p["guard"]) not in pieces(state):
            broken.append(f"an attack waits on {seat_name(p['defender'])}, who is not standing")
    if state["phase"] in (START, COUNTDOWN) and not fronts_clear(state):
        broken.append("a figure starts without a clear front arc")
    markers = [s for s in state["tb"]["markers"] if s is not None]
    if state["phase"] == ROLL and len(set(markers)) != len(markers):
        broken.append("a seat holds two markers")
    if state["phase"] in PLAYING and len(sides(state, [s for s in state["in_round"] if
                                                       state["figures"][s]["status"] == STANDING])) < 2:
        broken.append("a round goes on with fewer than two sides standing")
    if state["phase"] == FIGHT and everyone_passed(state):
        broken.append("a round goes on though everyone standing has passed")
    if any(all(s is not None for s in spaces) for spaces in state.get("shared", {}).values()):
        broken.append("a shared track is full but has not triggered")
    if (state["phase"] == OVER) != (deadline is None):
        broken.append("the clock does not match the phase")
    return broken + mode_of(state).invariants(state)


def _catch(state: State, entry: dict) -> list[str]:
    """A catch waits on a Nymphlet of its defender that is still there, the only catch on it."""
    tokens, index = state["tokens"], entry["nymphlet"]
    if not 0 <= index < len(tokens) or tokens[index]["owner"] != entry["defender"]:
        return [f"a catch waits on a Nymphlet of {seat_name(entry['defender'])} that is not there"]
    if sum(1 for p in state["pending"] if is_catch(p) and p["nymphlet"] == index) > 1:
        return [f"two catches wait on one Nymphlet of {seat_name(entry['defender'])}"]
    return []


def _health(state: State) -> list[str]:
    """Health moves between figures and cups; a Guard token enters a cup from Echo's supply."""
    tokens = sum(character(state, s).guard_tokens - state["guard_tokens"][s] for s in range(state["players"])
                 if guards_play(state))
    health = sum(f["health"] for f in state["figures"]) + sum(state["cups"])
    if health != state["start_health"] + state["healed"] + tokens:
        return [f"health {health} != {state['start_health']} at the start + {state['healed']} healed"
                f" + {tokens} Guard tokens"]
    return []


def _places(state: State) -> list[str]:
    broken = []
    places = [key(spot(state, r)["hex"]) for r in pieces(state)]
    if len(places) != len(set(places)):
        broken.append("two figures share a hex")
    for h in places:
        if h not in arena(state).hexes or h in arena(state).impassable:
            broken.append(f"a figure stands on {list(h)}")
    for seat, f in enumerate(state["figures"]):
        if (f["status"] == STANDING) != (f["hex"] is not None):
            broken.append(f"{seat_name(seat)} is {f['status']} at {f['hex']}")
        if f["status"] == STANDING and not 0 < f["health"] <= character(state, seat).health:
            broken.append(f"{seat_name(seat)} stands with {f['health']} health")
    return broken


def _boards(state: State) -> list[str]:
    broken = []
    for seat in range(state["players"]):
        dice, locked = state["dice"][seat], held(state, seat)
        if dice_total(dice) + locked != dice_count(state):
            broken.append(f"{seat_name(seat)} has {dice_total(dice)} dice and {locked} locked, "
                          f"not {dice_count(state)}")
        board = board_of(state, seat)
        if dice["tracks"].keys() != board.keys() or any(not 0 <= n <= board[k].spaces
                                                        for k, n in dice["tracks"].items()):
            broken.append(f"{seat_name(seat)} has a track over its spaces: {dice['tracks']}")
    return broken


def _advanced(state: State) -> list[str]:
    """Heat, Tribal cards, Guards and statuses."""
    broken = []
    for seat, f in enumerate(state["figures"]):
        char = character(state, seat)
        most = HEAT_MAX if advanced(state) and "flame_blade" in char.passives else 0
        if not 0 <= f["heat"] <= most:
            broken.append(f"{seat_name(seat)} holds {f['heat']} Heat")
        for c in hand(state, seat) if advanced(state) else ():
            if not is_ready_card(state, seat, c.key) and state["dice"][seat]["tracks"][c.key] >= c.ready.spaces:
                broken.append(f"{seat_name(seat)}'s {c.name} is full of Ready dice but Unready")
        if f["status"] != STANDING and (f["statuses"] or any(g is not None for g in guards_of(state, seat))):
            broken.append(f"{seat_name(seat)} is off the board with statuses or Guards on it")
        if not 0 <= state["guard_tokens"][seat] <= char.guard_tokens:
            broken.append(f"{seat_name(seat)} has {state['guard_tokens'][seat]} Guard tokens")
    for ref in pieces(state):
        held = spot(state, ref)["statuses"]
        if any(s not in STATUS_NAMES or ("until" in v) == state["turn_based"] for s, v in held.items()):
            broken.append(f"{seat_name(ref[0])} has statuses {held}")
    return broken

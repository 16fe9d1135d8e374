"""What a player does with dice: roll, allocate, recover, and resolve the basic actions (rules 7-13).

Attack: 1 hit per die (plus a track's full bonus) on an adjacent figure in the front arc.
Movement: one step per die, each a hex in any compass direction (facing kept) or a turn of one
side; the whole path is checked as one movement before anything moves (ARENA.md 3.3). On the
Rainforest, in the advanced rules, a Movement that ends in the stream may go with the flow.
Heal: spends exactly one of its dice counts for health, never above the starting health.
Each resolve first checks the minimum spaces (rule 8); a refused action spends nothing.
"""
from __future__ import annotations

from typing import Any

from ..errors import RuleError
from ..hexgrid import neighbour
from ..protocol import Event, Seat
from ..rng import rng_of
from .board import COMPASS, TURNS, adjacent, front_arc, key, open_hex, turn
from .data import ATTACK, HEAL, MOVE
from .dice import put_all, put_on, roll_pool, spend, spends, take_back
from .figures import (
    State,
    arena,
    board_of,
    character,
    is_standing,
    name,
    occupied,
    say,
    standing,
)
from .hits import call_attack
from .stream import go_with_the_flow
from .teams import allied


def roll_dice(state: State, seat: Seat) -> list[Event]:
    """Reroll every unallocated die; the faces show on the board (no log line for a roll)."""
    with rng_of(state) as rng:
        roll_pool(state["dice"][seat], rng)
    return []


def allocate_dice(state: State, seat: Seat, track: Any, count: Any) -> list[Event]:
    board = board_of(state, seat)
    if track not in board:
        raise RuleError(f"Your board has {', '.join(t.name for t in board.values())}.")
    put_on(state["dice"][seat], board, track, _count(count))
    return []


def auto_allocate(state: State, seat: Seat) -> list[Event]:
    """Every pool die that fits goes to its basic action."""
    if not put_all(state["dice"][seat], board_of(state, seat)):
        raise RuleError("No die in your pool fits a free space.")
    return []


def recover_dice(state: State, seat: Seat, track: Any, count: Any) -> list[Event]:
    if track is not None and track not in board_of(state, seat):
        raise RuleError("Recover from a track of your board, or from all of them.")
    take_back(state["dice"][seat], track, _count(count))
    return []


def _count(count: Any) -> int | None:
    if count is None or (isinstance(count, int) and not isinstance(count, bool)):
        return count
    raise RuleError("A number of dice, please.")


def _spend_count(state: State, seat: Seat, key_: str, count: Any) -> int:
    """The dice a resolve spends: as asked, or every allocated die that may be spent."""
    count = _count(count)
    if count is None:
        options = spends(state["dice"][seat], board_of(state, seat), key_)
        count = options[-1] if options else state["dice"][seat]["tracks"][key_]
    return count


# ---------------------------------------------------------------- attack

def targets(state: State, seat: Seat) -> list[Seat]:
    """Figures a basic attack may strike: adjacent, in the attacker's front arc, not allies."""
    me = state["figures"][seat]
    arc = [key(h) for h in front_arc(me["hex"], me["facing"])]
    return [s for s in standing(state) if s != seat and key(state["figures"][s]["hex"]) in arc
            and not allied(state, seat, s)]


def attack(state: State, seat: Seat, target: Any, count: Any, now: float, at_ms: int | None = None) -> list[Event]:
    track = board_of(state, seat)[ATTACK]
    if target is None:
        near = [name(state, s) for s in targets(state, seat)]
        raise RuleError(f"Attack whom: {' or '.join(near)}?" if near else
                        "Nobody stands next to you in your front arc: move or turn to face someone first.")
    if not is_standing(state, target) or target == seat:
        raise RuleError("Name a figure in the arena to attack.")
    if allied(state, seat, target):
        raise RuleError(f"{name(state, target)} is your ally: allies cannot be targeted.")
    me, them = state["figures"][seat], state["figures"][target]
    if not adjacent(me["hex"], them["hex"]):
        raise RuleError(f"{track.name} reaches only adjacent figures.")
    if target not in targets(state, seat):
        raise RuleError(f"{name(state, target)} is not in your front arc.")
    count = _spend_count(state, seat, ATTACK, count)
    spend(state["dice"][seat], board_of(state, seat), ATTACK, count)
    return call_attack(state, seat, target, track.name, count, track.amount(count), 0, now, at_ms)


# ---------------------------------------------------------------- movement

def walk(state: State, seat: Seat, steps: list[str]) -> tuple[list[int], int]:
    """Where a path of steps ends (hex, facing), or RuleError naming the first step that fails."""
    figure = state["figures"][seat]
    here, facing = figure["hex"], figure["facing"]
    others = occupied(state, but=seat)
    for n, step in enumerate(steps, 1):
        if step in TURNS:
            facing = turn(facing, TURNS[step])
        elif step in COMPASS:
            here = neighbour(here, COMPASS.index(step))
            if not open_hex(arena(state), others, here):
                raise RuleError(f"Step {n} ({step}) is blocked: the edge, a {arena(state).obstacle} or a figure "
                                "is there.")
        else:
            raise RuleError(f"A step is one of {', '.join(COMPASS)} or L/R (turn left/right), not {step!r}.")
    return here, facing


def move(state: State, seat: Seat, steps: Any, flow: Any = False) -> list[Event]:
    """A Movement along `steps`; with `flow`, it then goes with the flow (the stream)."""
    track = board_of(state, seat)[MOVE]
    if not isinstance(steps, list) or not steps or not all(isinstance(s, str) for s in steps):
        raise RuleError("Give the steps of the movement, e.g. ['E', 'L'].")
    if flow is not None and not isinstance(flow, bool):
        raise RuleError("Going with the flow is yes or no.")
    have = state["dice"][seat]["tracks"][MOVE]
    if len(steps) > have:
        raise RuleError(f"{track.name} {len(steps)} needs {len(steps)} Move dice allocated (you have {have}).")
    here, facing = walk(state, seat, steps)
    carried = go_with_the_flow(state, seat, here) if flow else None
    spend(state["dice"][seat], board_of(state, seat), MOVE, len(steps))
    figure = state["figures"][seat]
    figure["hex"], figure["facing"] = carried or here, facing
    path = ", ".join(steps)
    then = f", goes with the flow to {carried}" if carried else ""
    return [say(state, f"{name(state, seat)}: {track.name} {len(steps)} ({path}){then}, now facing {COMPASS[facing]}.",
                kind="move")]


def open_steps(state: State, seat: Seat) -> list[str]:
    """Single steps a movement may take now: the open neighbours and both turns."""
    figure = state["figures"][seat]
    others = occupied(state, but=seat)
    hexes = [c for d, c in enumerate(COMPASS) if open_hex(arena(state), others, neighbour(figure["hex"], d))]
    return hexes + list(TURNS)


# ---------------------------------------------------------------- heal

def heal(state: State, seat: Seat, count: Any) -> list[Event]:
    track = board_of(state, seat)[HEAL]
    figure = state["figures"][seat]
    most = character(state, seat).health
    if figure["health"] >= most:
        raise RuleError(f"You are at full health ({most}).")
    count = _count(count)
    if count is None:  # the fewest dice that heal all that is missing, else as many as may go
        options = spends(state["dice"][seat], board_of(state, seat), HEAL)
        count = next((n for n in options if track.amount(n) >= most - figure["health"]), options[-1] if options else 0)
    spend(state["dice"][seat], board_of(state, seat), HEAL, count)
    gained = min(track.amount(count), most - figure["health"])
    figure["health"] += gained
    state["healed"] += gained
    return [say(state, f"{name(state, seat)}: {track.name} {count}, +{gained} health ({figure['health']}).",
                kind="heal")]


def resolvable(state: State, seat: Seat) -> bool:
    """Whether any basic action could resolve now (a turn-based player with none passes)."""
    dice, board = state["dice"][seat], board_of(state, seat)
    if spends(dice, board, ATTACK) and targets(state, seat):
        return True
    if spends(dice, board, MOVE):
        return True  # a turn is always open
    return bool(spends(dice, board, HEAL)) and state["figures"][seat]["health"] < character(state, seat).health

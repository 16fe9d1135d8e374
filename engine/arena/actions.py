"""What a player does with dice: roll, allocate, recover, and resolve the basic actions (rules 7-13).

Attack: 1 hit per die (plus a track's full bonus) on an adjacent figure in the front arc.
Movement: one step per die, each a hex in any compass direction (facing kept) or a turn of one
side; the whole path is checked as one movement before anything moves (ARENA.md 3.3). On the
Rainforest, in the advanced rules, a Movement that ends in the stream may go with the flow.
Heal: spends exactly one of its dice counts for health, never above the starting health.
Each resolve first checks the minimum spaces (rule 8); a refused action spends nothing.
Advanced rules: allocating the die that fills a Tribal card's ready track readies it (cards.py);
Echo's Attack and Movement are taken by the Chief or a Guard (`by`, guards.py); Flame Blade may
spend Heat (`heat`) for an unblockable hit; Pluma soars over terrain and figures; a Netted figure
cannot step (statuses.py).
"""
from __future__ import annotations

from ..errors import Either, RuleError, Said, counted
from ..hexgrid import neighbour
from ..protocol import Event, Seat
from ..rng import rng_of
from ..words import comma_list
from .action_types import ArenaAction
from .board import COMPASS, TURNS, adjacent, front_arc, key, open_hex, turn
from .cards import ready_full
from .data import ATTACK, FLAME_BLADE, FLAME_BLADE_HEAT, FLAME_BLADE_HITS, HEAL, MOVE, NETTED, SOARING
from .dice import put_all, put_on, roll_pool, spend, spends, take_back
from .figures import (
    Ref,
    State,
    arena,
    board_of,
    character,
    guards_of,
    name,
    occupied,
    passives_of,
    piece_name,
    pieces,
    say,
    spot,
)
from .guards import guard_index, luftle, placed
from .hits import call_attack
from .sides import allied
from .statuses import has
from .terrain import terrain_of


def roll_dice(state: State, seat: Seat) -> list[Event]:
    """Reroll every unallocated die; the faces show on the board (no log line for a roll)."""
    with rng_of(state) as rng:
        roll_pool(state["dice"][seat], rng)
    return []


def allocate_dice(state: State, seat: Seat, track: str | None, count: int | None) -> list[Event]:
    board = board_of(state, seat)
    if track is None or track not in board:
        raise RuleError("Your board has {tracks}.", tracks=comma_list([t.name for t in board.values()]))
    put_on(state["dice"][seat], board, track, count)
    return ready_full(state, seat)


def auto_allocate(state: State, seat: Seat) -> list[Event]:
    """Every pool die that fits goes to its basic action."""
    if not put_all(state["dice"][seat], board_of(state, seat)):
        raise RuleError("No die in your pool fits a free space.")
    return []


def recover_dice(state: State, seat: Seat, track: str | None, count: int | None) -> list[Event]:
    if track is not None and track not in board_of(state, seat):
        raise RuleError("Recover from a track of your board, or from all of them.")
    take_back(state["dice"][seat], track, count)
    return []


def _spend_count(state: State, seat: Seat, key_: str, count: int | None) -> int:
    """The dice a resolve spends: as asked, or every allocated die that may be spent."""
    if count is None:
        options = spends(state["dice"][seat], board_of(state, seat), key_)
        count = options[-1] if options else state["dice"][seat]["tracks"][key_]
    return count


# ---------------------------------------------------------------- attack

def foes(state: State, seat: Seat, refs: list[Ref]) -> list[Ref]:
    """The figures among `refs` that `seat` may strike: anyone's but its own and its allies'
    (Alliances: allies cannot be targeted, and area effects skip them, ARENA.md 4.7)."""
    return [r for r in refs if r[0] != seat and not allied(state, seat, r[0])]


def in_hexes(state: State, hexes: list) -> list[Ref]:
    """The figures standing on `hexes`, in their order."""
    where = {key(spot(state, r)["hex"]): r for r in pieces(state)}
    return [where[key(h)] for h in hexes if key(h) in where]


def targets(state: State, seat: Seat, by: int | None = None) -> list[Ref]:
    """Figures a basic attack by the seat's figure (or Echo's Guard `by`) may strike: adjacent,
    in its front arc, not allies."""
    me = spot(state, (seat, by))
    return foes(state, seat, in_hexes(state, front_arc(me["hex"], me["facing"])))


def attack(state: State, seat: Seat, action: ArenaAction, now: float, at_ms: int | None = None) -> list[Event]:
    """A basic attack: {"target": seat, "guard": n (one of Echo's Guards), "dice": n, "by": n
    (Echo: which Guard strikes), "heat": true (Flame Blade)}."""
    track = board_of(state, seat)[ATTACK]
    by = luftle(state, seat, action.get("by"))[1]
    target = action.get("target")
    if target is None:
        near = [piece_name(state, r) for r in targets(state, seat, by)]
        raise (RuleError("Attack whom: {targets}?", targets=Either(near)) if near else
               RuleError("Nobody stands next to you in your front arc: move or turn to face someone first."))
    if not _on_board(state, target, action.get("guard")) or target == seat:
        raise RuleError("Name a figure in the arena to attack.")
    if allied(state, seat, target):
        raise RuleError("{name} is your ally: allies cannot be targeted.", name=name(state, target))
    ref = (target, guard_index(action.get("guard"), target, state))
    if not adjacent(spot(state, (seat, by))["hex"], spot(state, ref)["hex"]):
        raise RuleError("{track} reaches only adjacent figures.", track=track.name)
    if ref not in targets(state, seat, by):
        raise RuleError("{figure} is not in your front arc.", figure=piece_name(state, ref))
    heat = _flame_blade(state, seat, action.get("heat"))
    count = _spend_count(state, seat, ATTACK, count=action.get("dice"))
    spend(state["dice"][seat], board_of(state, seat), ATTACK, count)
    return call_attack(state, seat, target, track.name, count, track.amount(count), heat, now, at_ms,
                       guard=ref[1], by=by)


def _on_board(state: State, seat: int, guard: int | None) -> bool:
    if not 0 <= seat < state["players"]:
        return False
    if guard is None:
        return state["figures"][seat]["status"] == "standing"
    return guard in placed(state, seat)


def _flame_blade(state: State, seat: Seat, heat: bool | int | None) -> int:
    """Flame Blade (Incendiary, advanced): spend Heat for one more unblockable hit; returns the hits."""
    if not heat:
        return 0
    figure = state["figures"][seat]
    if FLAME_BLADE not in passives_of(state, seat):
        raise RuleError("Only Incendiary's Flame Blade burns Heat.")
    if figure["heat"] < FLAME_BLADE_HEAT:
        raise RuleError("Flame Blade needs {heat} Heat (you have {have}).", heat=FLAME_BLADE_HEAT, have=figure["heat"])
    figure["heat"] -= FLAME_BLADE_HEAT
    return FLAME_BLADE_HITS


# ---------------------------------------------------------------- movement

def soars(state: State, seat: Seat, by: int | None = None) -> bool:
    """Pluma's Soaring (advanced): her path may cross terrain and figures."""
    return by is None and SOARING in passives_of(state, seat)


def walk(state: State, seat: Seat, steps: list[str], by: int | None = None) -> tuple[list[int], int]:
    """Where a path of steps of the seat's figure (or Echo's Guard `by`) ends (hex, facing), or
    RuleError naming the first step that fails. Soaring, only the hex it ends on must be open;
    the path stays on the board."""
    ref, soar = (seat, by), soars(state, seat, by)
    figure = spot(state, ref)
    here, facing = figure["hex"], figure["facing"]
    others = occupied(state, but=ref)
    for n, step in enumerate(steps, 1):
        if step in TURNS:
            facing = turn(facing, TURNS[step])
        elif step in COMPASS:
            here = neighbour(here, COMPASS.index(step))
            if soar and key(here) in arena(state).hexes:
                continue
            if not open_hex(arena(state), others, here):
                raise RuleError("Step {number} ({step}) is blocked: the edge, a {obstacle} or a figure is there.",
                                number=n, step=step, obstacle=arena(state).obstacle)
        else:
            raise RuleError("A step is one of {steps} or L/R (turn left/right), not {step}.", steps=", ".join(COMPASS),
                            step=repr(step))
    if soar and not open_hex(arena(state), others, here):
        raise RuleError("Soaring ends only on an open hex: no stone, no figure.")
    return here, facing


def not_netted(state: State, ref: Ref, steps: list[str], flow: bool = False) -> None:
    """A Netted figure may turn on the spot, but not step (nor go with the flow)."""
    if (flow or any(step in COMPASS for step in steps)) and has(state, ref, NETTED):
        raise RuleError("{figure} is Netted: no stepping until the net is off.", figure=piece_name(state, ref))


def move(state: State, seat: Seat, steps: list[str] | None, by: int | None = None,
         flow: bool | None = False) -> list[Event]:
    """A Movement of the seat's figure (or Echo's Guard `by`) along `steps`; with `flow`, it then
    goes with the flow (the stream)."""
    track = board_of(state, seat)[MOVE]
    ref = luftle(state, seat, by)
    if not steps:
        raise RuleError("Give the steps of the movement, e.g. ['E', 'L'].")
    have = state["dice"][seat]["tracks"][MOVE]
    if len(steps) > have:
        raise RuleError(counted("{track} {n} needs {n} Move dice allocated (you have {have}).",
                                "{track} {n} needs {n} Move dice allocated (you have {have}).", len(steps),
                                track=track.name, have=have))
    not_netted(state, ref, steps, bool(flow))
    here, facing = walk(state, seat, steps, ref[1])
    carried = terrain_of(state).carry(state, ref, here) if flow else None
    spend(state["dice"][seat], board_of(state, seat), MOVE, len(steps))
    figure = spot(state, ref)
    figure["hex"], figure["facing"] = carried or here, facing
    path, who = ", ".join(steps), piece_name(state, ref)
    moved = (Said("{figure}: {track} {count} ({path}), goes with the flow to {hex}, now facing {facing}.", figure=who,
                  track=track.name, count=len(steps), path=path, hex=str(carried), facing=COMPASS[facing]) if carried
             else Said("{figure}: {track} {count} ({path}), now facing {facing}.", figure=who, track=track.name,
                       count=len(steps), path=path, facing=COMPASS[facing]))
    return [say(state, moved, kind="move")]


def open_steps(state: State, seat: Seat, by: int | None = None) -> list[str]:
    """Single steps a movement may take now: the open neighbours and both turns (a Netted figure
    only turns)."""
    ref = (seat, by)
    figure = spot(state, ref)
    if has(state, ref, NETTED):
        return list(TURNS)
    others = occupied(state, but=ref)
    hexes = [c for d, c in enumerate(COMPASS) if open_hex(arena(state), others, neighbour(figure["hex"], d))]
    return hexes + list(TURNS)


def luftles(state: State, seat: Seat) -> list[int | None]:
    """The figures that may take the seat's basic actions: its own, and Echo's Guards on the board."""
    return [None] + [g for g, slot in enumerate(guards_of(state, seat)) if slot is not None]


# ---------------------------------------------------------------- heal

def heal(state: State, seat: Seat, count: int | None) -> list[Event]:
    track = board_of(state, seat)[HEAL]
    figure = state["figures"][seat]
    most = character(state, seat).health
    if figure["health"] >= most:
        raise RuleError("You are at full health ({most}).", most=most)
    if count is None:  # the fewest dice that heal all that is missing, else as many as may go
        options = spends(state["dice"][seat], board_of(state, seat), HEAL)
        count = next((n for n in options if track.amount(n) >= most - figure["health"]), options[-1] if options else 0)
    spend(state["dice"][seat], board_of(state, seat), HEAL, count)
    gained = min(track.amount(count), most - figure["health"])
    figure["health"] += gained
    state["healed"] += gained
    return [say(state, Said("{who}: {track} {count}, +{gained} health ({health}).", who=name(state, seat),
                            track=track.name, count=count, gained=gained, health=figure["health"]), kind="heal")]


def resolvable(state: State, seat: Seat) -> bool:
    """Whether any basic action could resolve now (a turn-based player with none passes)."""
    dice, board = state["dice"][seat], board_of(state, seat)
    if spends(dice, board, ATTACK) and any(targets(state, seat, by) for by in luftles(state, seat)):
        return True
    if spends(dice, board, MOVE):
        return True  # a turn is always open
    return bool(spends(dice, board, HEAL)) and state["figures"][seat]["health"] < character(state, seat).health

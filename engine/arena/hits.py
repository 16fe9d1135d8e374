"""Hits: the queue of attacks waiting on their defenders, reaction windows, and where hits land.

Every attack becomes a pending entry (rule 14: actions that affect others resolve in the order
they were called; a defender's attacks wait behind each other, in call order). The first
pending attack on a defender either opens a reaction window (a deadline; the defender may
Parry 1..k or take the hits) or, when there is nothing to ask, is answered at once. A window
opens when Parry could cancel something: turn-based always, in real time only for a player who
switched Auto-Parry off. Auto-Parry answers everything else, and every window that times out:
in real time it spends min(hits, Parry dice allocated); turn-based it rolls every allocated
Defence die (ARENA.md 3.3-3.4). The arc is fixed when the attack is called.

Hits that land move health from the defender's board to the attacker's cup; hits beyond the
health left move nothing (ARENA.md 4.6). The hit that takes the last health knocks the figure
out, and it becomes the attacker's trophy (rule 13).
"""
from __future__ import annotations

from .. import flow
from ..deadlines import after
from ..errors import RuleError
from ..protocol import Event, Seat
from ..rng import rng_of
from ..words import plural
from .board import in_front
from .data import PARRY, REACT_SECONDS, TB_DEFEND_SECONDS
from .dice import blocks_in, faces_text, hits_in, is_ready, roll_faces, spend
from .figures import OUT, State, board_of, name, say


def call_attack(state: State, attacker: Seat, defender: Seat, action: str, spent: int, hits: int,
                unblockable: int, now: float, at_ms: int | None = None) -> list[Event]:
    """`attacker` calls an attack on `defender` (clicked at `at_ms`): queue it, then answer what
    needs no one."""
    target, source = state["figures"][defender], state["figures"][attacker]
    front = in_front(target["hex"], target["facing"], source["hex"])
    entry = {"id": state["next_id"], "attacker": attacker, "defender": defender, "action": action,
             "hits": hits, "unblockable": unblockable, "front": front, "rolled": None, "deadline": None,
             "at_ms": at_ms}
    state["next_id"] += 1
    side = "front" if front else "rear"
    text = f"{name(state, attacker)}: {action} {spent} on {name(state, defender)}, from the {side}"
    if state["turn_based"]:
        if front:  # rule 23: a front attack rolls one die per hit; rear hits are all unblockable
            with rng_of(state) as rng:
                entry["rolled"] = roll_faces(rng, hits)
            entry["hits"] = hits_in(entry["rolled"])
            text += f": rolls {faces_text(entry['rolled'])}"
        else:
            entry["hits"], entry["unblockable"] = 0, hits + unblockable
    text += f": {hits_text(entry['hits'], entry['unblockable'])}."
    state["pending"].append(entry)
    return [say(state, text, kind="attack")] + settle(state, now)


def hits_text(hits: int, unblockable: int) -> str:
    parts = [plural(hits, "hit")] if hits or not unblockable else []
    if unblockable:
        parts.append(f"{plural(unblockable, 'unblockable hit')}")
    return " and ".join(parts)


def parry_ready(state: State, entry: dict) -> bool:
    """Whether Parry may answer this attack: hits it could cancel, from the front, minimum filled."""
    seat = entry["defender"]
    return (entry["hits"] > 0 and entry["front"]
            and is_ready(state["dice"][seat], board_of(state, seat), PARRY))


def window_needed(state: State, entry: dict) -> bool:
    """Ask the defender when Parry is possible: turn-based always (ARENA.md 3.4), in real time
    only with Auto-Parry off (3.3); never a player who is away."""
    seat = entry["defender"]
    return (parry_ready(state, entry) and (state["turn_based"] or not state["auto_parry"][seat])
            and seat not in state["flow"]["away"])


def head(state: State, seat: Seat) -> dict | None:
    """The attack on `seat` that resolves next (its window is open when it has a deadline)."""
    return next((p for p in state["pending"] if p["defender"] == seat), None)


def settle(state: State, now: float) -> list[Event]:
    """Open a window for, or answer, the first waiting attack on each defender, until none is left
    without a window."""
    events: list[Event] = []
    progress = True
    while progress:
        progress = False
        seen = set()
        for entry in state["pending"]:
            if entry["defender"] in seen:
                continue
            seen.add(entry["defender"])
            if entry["deadline"] is not None:
                continue
            if window_needed(state, entry):
                seconds = TB_DEFEND_SECONDS if state["turn_based"] else REACT_SECONDS
                entry["deadline"] = after(now, seconds)
                events.append(Event(f"{entry['action']} on you: {hits_text(entry['hits'], entry['unblockable'])} "
                                    f"from the front. Parry or take it ({seconds:g} s).",
                                    private_to=entry["defender"], kind="react"))
                continue
            events += resolve(state, entry, None)
            progress = True
            break
    return events


def answer(state: State, seat: Seat, count: int, now: float) -> list[Event]:
    """The defender answers the open window: Parry `count` dice (turn-based: roll them), 0 takes it."""
    entry = head(state, seat)
    if entry is None or entry["deadline"] is None:
        raise RuleError("No attack is waiting for your answer.")
    allocated = state["dice"][seat]["tracks"][PARRY]
    track = board_of(state, seat)[PARRY]
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise RuleError("Say how many dice to spend: 0 takes the hits.")
    if count:
        if not entry["front"]:
            raise RuleError(f"{track.name} works only against attacks from your front arc.")
        if not parry_ready(state, entry):
            raise RuleError(f"{track.name} needs {track.min} Defence dice allocated (you have {allocated}).")
        most = allocated if state["turn_based"] else min(allocated, entry["hits"])
        if count > most:
            raise RuleError(f"You can spend at most {most} on this attack.")
    return resolve(state, entry, count) + settle(state, now)


def expire(state: State, now: float) -> list[Event]:
    """The earliest window ran out: Auto-Parry answers it."""
    entry = min((p for p in state["pending"] if p["deadline"] is not None), key=lambda p: p["deadline"])
    flow.miss(state["flow"], [entry["defender"]])  # away after a few: no more windows wait on them
    return resolve(state, entry, None) + settle(state, now)


def flush(state: State) -> list[Event]:
    """Answer every waiting attack by Auto-Parry, in call order (the round is ending)."""
    events = []
    while state["pending"]:
        events += resolve(state, state["pending"][0], None)
    return events


def next_window(state: State) -> float | None:
    deadlines = [p["deadline"] for p in state["pending"] if p["deadline"] is not None]
    return min(deadlines) if deadlines else None


def resolve(state: State, entry: dict, count: int | None) -> list[Event]:
    """Answer one attack (`count` None: Auto-Parry) and land what is not cancelled."""
    seat = entry["defender"]
    track = board_of(state, seat)[PARRY]
    cancelled, said = 0, ""
    if parry_ready(state, entry) and count != 0:
        allocated = state["dice"][seat]["tracks"][PARRY]
        if state["turn_based"]:
            count = allocated if count is None else count
            spend(state["dice"][seat], board_of(state, seat), PARRY, count)
            with rng_of(state) as rng:
                rolled = roll_faces(rng, count)
            cancelled = min(entry["hits"], blocks_in(rolled))
            said = f"{track.name} {count}: rolls {faces_text(rolled)}, {plural(cancelled, 'hit')} cancelled; "
        else:
            count = min(allocated, entry["hits"]) if count is None else count
            spend(state["dice"][seat], board_of(state, seat), PARRY, count)
            cancelled = min(entry["hits"], track.amount(count))
            said = f"{track.name} {count}; "
    state["pending"].remove(entry)
    return land(state, entry, cancelled, said)


def land(state: State, entry: dict, cancelled: int, said: str) -> list[Event]:
    attacker, defender = entry["attacker"], entry["defender"]
    figure = state["figures"][defender]
    total = entry["hits"] - cancelled + entry["unblockable"]
    moved = min(total, figure["health"])
    figure["health"] -= moved
    state["cups"][attacker] += moved
    lands = "no hit lands" if not total else f"{plural(total, 'hit')} {'lands' if total == 1 else 'land'}"
    events = [say(state, f"{name(state, defender)}: {said}{lands}.", kind="hit")]
    if figure["health"] == 0:
        figure["status"], figure["hex"], figure["out_ms"] = OUT, None, entry["at_ms"]
        state["trophies"][attacker].append(defender)
        events.append(say(state, f"{name(state, defender)} is knocked out: {name(state, attacker)}'s trophy.",
                          kind="knockout"))
        for late in [p for p in state["pending"] if p["defender"] == defender]:
            state["pending"].remove(late)
            events.append(Event(f"{name(state, defender)} was knocked out before your {late['action']} landed: "
                                "it moves nothing.", private_to=late["attacker"], kind="late"))
    return events

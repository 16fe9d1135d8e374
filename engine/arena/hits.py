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

Advanced rules: unblockable hits are never cancelled; in a mixed attack only the normal hits
can be (rule 18). A window also opens when a reaction beside Parry could answer (effects.offered),
whatever the Auto-Parry switch; in real time each reaction step gives REACT_STEP_SECONDS more,
up to REACT_MOST_SECONDS in all (ARENA.md 3.3; turn-based windows are long enough as they are). An attack a Tribal card called (`card`) pauses
everyone else until it has landed (rule 14; match.py refuses their actions). An attack may be
made by or on one of Echo's Guards (`by`, `guard`); a Guard that a hit lands on goes back to the
supply and its attacker takes a Guard token. Passives: Thick Bark (rear attacks deal fewer
hits), Mending Tide and Kindle (a Parry that cancels enough heals, or heats).

The Ceremony's catches wait here too (`nymphlet`: the index of the Nymphlet in state["tokens"];
ceremony.py calls them): their defender is the Nymphlet's owner, whose answer is Dart instead of
Parry (the Nymphlet card's Defence dice, from any arc, one hit a die, never rolled). A window
opens whenever Dart could cancel a hit, whatever the switch, as for the other reactions; when it
runs out (or the owner is away), Auto-Parry's switch decides: on, Dart spends min(hits, dice on
it); off, the hits land. How hits land on a Nymphlet is the Ceremony's (LANDINGS).
"""
from __future__ import annotations

from collections.abc import Callable

from .. import flow
from ..errors import Either, RuleError, Said, counted
from ..flow import after
from ..protocol import Event, Seat
from ..rng import rng_of
from .board import in_front
from .data import (
    DART,
    HEAT_MAX,
    HIDDEN,
    KINDLE,
    KINDLE_HEAT,
    MENDING_TIDE,
    MENDING_TIDE_CANCELS,
    MENDING_TIDE_HEALTH,
    PARRY,
    REACT_MOST_SECONDS,
    REACT_SECONDS,
    REACT_STEP_SECONDS,
    TB_DEFEND_SECONDS,
    THICK_BARK,
    THICK_BARK_FEWER,
)
from .dice import blocks_in, faces_text, hits_in, is_ready, roll_faces, spend
from .effects import offered
from .figures import (
    OUT,
    STANDING,
    State,
    action_word,
    board_of,
    character,
    is_standing,
    name,
    passives_of,
    piece_name,
    say,
    spot,
)
from .guards import leave_board, take_token, to_supply
from .statuses import lift


def call_attack(state: State, attacker: Seat, defender: Seat, action: str, spent: int | None, hits: int,
                unblockable: int, now: float, at_ms: int | None = None, *, guard: int | None = None,
                by: int | None = None, card: str | None = None) -> list[Event]:
    """`attacker` (or its Guard `by`) calls an attack on `defender` (or its Guard `guard`), clicked
    at `at_ms`: queue it, then answer what needs no one. `spent` dice are named in the text (None:
    a Tribal card's attack, which names its `card`)."""
    target, source = spot(state, (defender, guard)), spot(state, (attacker, by))
    front = in_front(target["hex"], target["facing"], source["hex"])
    entry = new_entry(state, attacker, defender, action, hits, unblockable, front, source["hex"], at_ms,
                      guard=guard, by=by, card=card)
    events = lift(state, (attacker, None), HIDDEN, Said("attacking gives him away"))
    what = action_word(action) if spent is None else Said("{track} {count}", track=action_word(action), count=spent)
    who, whom = piece_name(state, (attacker, by)), piece_name(state, (defender, guard))
    text = (Said("{attacker}: {what} on {defender}, from the front", attacker=who, what=what, defender=whom) if front
            else Said("{attacker}: {what} on {defender}, from the rear", attacker=who, what=what, defender=whom))
    if not front and guard is None and THICK_BARK in _passives(state, defender):
        fewer = min(THICK_BARK_FEWER, hits + unblockable)
        from_hits = min(fewer, hits)
        entry["hits"], entry["unblockable"] = hits - from_hits, unblockable - (fewer - from_hits)
        hits, unblockable = entry["hits"], entry["unblockable"]
        text = counted("{attack} (Thick Bark: {n} hit fewer)", "{attack} (Thick Bark: {n} hits fewer)", fewer,
                       attack=text)
    if state["turn_based"]:
        if front:  # rule 23: a front attack rolls one die per hit; rear hits are all unblockable
            with rng_of(state) as rng:
                entry["rolled"] = roll_faces(rng, hits)
            entry["hits"] = hits_in(entry["rolled"])
            text = Said("{attack}: rolls {faces}", attack=text, faces=faces_text(entry["rolled"]))
        else:
            entry["hits"], entry["unblockable"] = 0, hits + unblockable
    text = Said("{attack}: {hits}.", attack=text, hits=hits_text(entry["hits"], entry["unblockable"]))
    state["pending"].append(entry)
    return events + [say(state, text, kind="attack")] + settle(state, now)


def new_entry(state: State, attacker: Seat, defender: Seat, action: str, hits: int, unblockable: int, front: bool,
              source: list[int], at_ms: int | None, **more: object) -> dict:
    """A pending attack, numbered; `more` names what it is aimed at or made by (guard, by, card,
    nymphlet)."""
    if more.get("card") is not None:
        more["card"] = str(more["card"])  # the state is plain data: names as plain text (action_word names them)
    entry = {"id": state["next_id"], "attacker": attacker, "defender": defender, "action": str(action),
             "hits": hits, "unblockable": unblockable, "front": front, "rolled": None, "deadline": None,
             "at_ms": at_ms, "guard": None, "by": None, "card": None, "from": list(source), "opened": None} | more
    state["next_id"] += 1
    return entry


def is_catch(entry: dict) -> bool:
    """A Ceremony catch, on a Nymphlet (an entry stored before catches waited has no `nymphlet`)."""
    return entry.get("nymphlet") is not None


# How hits land on a Nymphlet (total landed, the answer's words or ""): ceremony.py sets it, since it
# imports this module to queue its catches.
Landing = Callable[[State, dict, int, str], list[Event]]
LANDINGS: dict[str, Landing] = {}


def _passives(state: State, seat: Seat) -> tuple[str, ...]:
    return passives_of(state, seat)


def hits_text(hits: int, unblockable: int) -> str:
    """'2 hits and 1 unblockable hit'."""
    some = counted("{n} hit", "{n} hits", hits)
    if not unblockable:
        return some
    more = counted("{n} unblockable hit", "{n} unblockable hits", unblockable)
    return Said("{list} and {item}", list=some, item=more) if hits else more


def defence(entry: dict) -> str:
    """The track whose Defence dice answer this attack: Dart for a Nymphlet, else Parry."""
    return DART if is_catch(entry) else PARRY


def parry_ready(state: State, entry: dict) -> bool:
    """Whether Parry (Dart, on a Nymphlet) may answer this attack: hits it could cancel, from the
    front (Dart: any arc), minimum filled."""
    seat = entry["defender"]
    return (entry["hits"] > 0 and (entry["front"] or is_catch(entry))
            and is_ready(state["dice"][seat], board_of(state, seat), defence(entry)))


def answer_counts(state: State, entry: dict) -> range:
    """How many Defence dice the defender may answer with (none when the defence cannot answer):
    at most one a hit, but every allocated die when a turn-based Parry rolls them."""
    if not parry_ready(state, entry):
        return range(0)
    allocated = state["dice"][entry["defender"]]["tracks"][defence(entry)]
    rolls = state["turn_based"] and not is_catch(entry)
    return range(1, (allocated if rolls else min(allocated, entry["hits"])) + 1)


def window_needed(state: State, entry: dict) -> bool:
    """Ask the defender when a reaction beside Parry is possible, or Parry is: turn-based always
    (ARENA.md 3.4), in real time only with Auto-Parry off (3.3); Dart always, as the reaction it
    is, the owner standing; never a player who is away."""
    seat = entry["defender"]
    if seat in state["flow"]["away"]:
        return False
    if is_catch(entry):
        return is_standing(state, seat) and parry_ready(state, entry)
    return bool(offered(state, entry)) or (parry_ready(state, entry)
                                           and (state["turn_based"] or not state["auto_parry"][seat]))


def reaction_names(state: State, entry: dict) -> list[str]:
    """What the defender may answer with now, by name: Parry (or Dart), then the other reactions."""
    board = board_of(state, entry["defender"])
    guard = [board[defence(entry)].name] if parry_ready(state, entry) else []
    return guard + [board[k].name for k in offered(state, entry)]


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
                entry["deadline"], entry["opened"] = after(now, seconds), now
                events.append(Event(_window(state, entry, f"{seconds:g}"), private_to=entry["defender"], kind="react"))
                continue
            events += resolve(state, entry, None)
            progress = True
            break
    return events


def _window(state: State, entry: dict, seconds: str) -> str:
    """What the defender's window says: the attack on them, in their own words, from which side (a
    Nymphlet has no facing), and how they may answer."""
    said = {"attack": action_word(entry["action"]), "hits": hits_text(entry["hits"], entry["unblockable"]),
            "reactions": Either(reaction_names(state, entry)), "seconds": seconds}
    if is_catch(entry):
        return Said("{attack} on your Nymphlet at {hex}: {hits}. {reactions} or take it ({seconds} s).",
                    hex=str(state["tokens"][entry["nymphlet"]]["hex"]), **said)
    if entry["guard"] is not None:
        guard = piece_name(state, (entry["defender"], entry["guard"]))
        return (Said("{attack} on you (on {guard}): {hits} from the front. {reactions} or take it ({seconds} s).",
                     guard=guard, **said) if entry["front"] else
                Said("{attack} on you (on {guard}): {hits} from the rear. {reactions} or take it ({seconds} s).",
                     guard=guard, **said))
    return (Said("{attack} on you: {hits} from the front. {reactions} or take it ({seconds} s).", **said)
            if entry["front"] else
            Said("{attack} on you: {hits} from the rear. {reactions} or take it ({seconds} s).", **said))


def answer(state: State, seat: Seat, count: int | None, now: float) -> list[Event]:
    """The defender answers the open window: Parry `count` dice (turn-based: roll them; on a
    Nymphlet: Dart), 0 takes it."""
    entry = head(state, seat)
    if entry is None or entry["deadline"] is None:
        raise RuleError("No attack is waiting for your answer.")
    allocated = state["dice"][seat]["tracks"][defence(entry)]
    track = board_of(state, seat)[defence(entry)]
    if count is None or count < 0:
        raise RuleError("Say how many dice to spend: 0 takes the hits.")
    if count:
        if not entry["front"] and not is_catch(entry):
            raise RuleError("{track} works only against attacks from your front arc.", track=track.name)
        if not parry_ready(state, entry):
            raise RuleError(counted("{track} needs {n} Defence dice allocated (you have {have}).",
                                        "{track} needs {n} Defence dice allocated (you have {have}).", track.min,
                                        track=track.name, have=allocated))
        if count not in answer_counts(state, entry):
            raise RuleError("You can spend at most {most} on this attack.", most=len(answer_counts(state, entry)))
    return resolve(state, entry, count) + settle(state, now)


def go_on(state: State, entry: dict, now: float) -> list[Event]:
    """After a reaction step: the window stays open, REACT_STEP_SECONDS longer (never past
    REACT_MOST_SECONDS from its opening), while the defender may still answer with something
    more; otherwise Auto-Parry answers now (ARENA.md 3.3: Parry is checked again)."""
    if entry not in state["pending"]:
        return settle(state, now)
    if window_needed(state, entry):
        if not state["turn_based"]:
            entry["deadline"] = min(after(entry["deadline"], REACT_STEP_SECONDS),
                                    after(entry["opened"], REACT_MOST_SECONDS))
        return []
    return resolve(state, entry, None) + settle(state, now)


def paused_by(state: State) -> dict | None:
    """The attack of a Tribal card still waiting to land: everyone else pauses (rule 14)."""
    return next((p for p in state["pending"] if p["card"] is not None), None)


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
    if is_catch(entry):
        return _resolve_catch(state, entry, count)
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
            said = counted("{track} {count}: rolls {faces}, {n} hit cancelled",
                           "{track} {count}: rolls {faces}, {n} hits cancelled", cancelled, track=track.name,
                           count=count, faces=faces_text(rolled))
        else:
            count = min(allocated, entry["hits"]) if count is None else count
            spend(state["dice"][seat], board_of(state, seat), PARRY, count)
            cancelled = min(entry["hits"], track.amount(count))
            said = Said("{track} {count}", track=track.name, count=count)
    state["pending"].remove(entry)
    return land(state, entry, cancelled, said) + _after_parry(state, seat, cancelled)


def _resolve_catch(state: State, entry: dict, count: int | None) -> list[Event]:
    """Dart cancels `count` hits (None: Auto-Parry's switch, on, spends min(hits, dice on Dart)),
    then the Ceremony lands the rest on the Nymphlet. No Parry passive answers a Dart."""
    seat = entry["defender"]
    if count is None:
        counts = answer_counts(state, entry)
        count = counts[-1] if counts and state["auto_parry"][seat] else 0
    if count:
        spend(state["dice"][seat], board_of(state, seat), DART, count)
    state["pending"].remove(entry)
    said = Said("{track} {count}", track=board_of(state, seat)[DART].name, count=count) if count else ""
    return LANDINGS["nymphlet"](state, entry, entry["hits"] - count + entry["unblockable"], said)


def _after_parry(state: State, seat: Seat, cancelled: int) -> list[Event]:
    """Mending Tide heals, and Kindle heats, when a Parry cancels enough hits."""
    figure, passives = state["figures"][seat], _passives(state, seat)
    if figure["status"] != STANDING or not cancelled:
        return []
    events = []
    if MENDING_TIDE in passives and cancelled >= MENDING_TIDE_CANCELS:
        gained = min(MENDING_TIDE_HEALTH, character(state, seat).health - figure["health"])
        if gained:
            figure["health"] += gained
            state["healed"] += gained
            events.append(say(state, Said("{who}: Mending Tide, +{gained} health ({health}).", who=name(state, seat),
                                          gained=gained, health=figure["health"]), kind="heal"))
    if KINDLE in passives and figure["heat"] < HEAT_MAX:
        figure["heat"] = min(HEAT_MAX, figure["heat"] + KINDLE_HEAT)
        events.append(say(state, Said("{who}: Kindle, Heat {heat}.", who=name(state, seat), heat=figure["heat"]),
                          kind="heat"))
    return events


def land(state: State, entry: dict, cancelled: int, said: str) -> list[Event]:
    """The hits not cancelled land; `said` is how the defender answered ("Parry 2"), or ""."""
    attacker, defender = entry["attacker"], entry["defender"]
    total = entry["hits"] - cancelled + entry["unblockable"]
    if entry["guard"] is not None:
        return _land_on_guard(state, entry, total, said)
    figure = state["figures"][defender]
    moved = min(total, figure["health"])
    figure["health"] -= moved
    state["cups"][attacker] += moved
    events = [say(state, _landed(name(state, defender), said, total), kind="hit")]
    if figure["health"] == 0:
        figure["status"], figure["hex"], figure["out_ms"] = OUT, None, entry["at_ms"]
        figure["statuses"] = {}
        state["trophies"][attacker].append(defender)
        events.append(say(state, Said("{figure} is knocked out: {attacker}'s trophy.", figure=name(state, defender),
                                      attacker=name(state, attacker)), kind="knockout"))
        events += leave_board(state, defender)
        for late in [p for p in state["pending"] if p["defender"] == defender and not is_catch(p)]:
            state["pending"].remove(late)
            events.append(Event(Said("{figure} was knocked out before your {attack} landed: it moves nothing.",
                                     figure=name(state, defender), attack=action_word(late["action"])),
                                private_to=late["attacker"], kind="late"))
    return events


def _landed(figure: str, said: str, total: int) -> str:
    """'Grublic ({0}): Parry 2; 1 hit lands.'"""
    lands = counted("{n} hit lands", "{n} hits land", total) if total else Said("no hit lands")
    if said:
        return Said("{figure}: {answer}; {lands}.", figure=figure, answer=said, lands=lands)
    return Said("{figure}: {lands}.", figure=figure, lands=lands)


def _land_on_guard(state: State, entry: dict, total: int, said: str) -> list[Event]:
    """A Guard has 1 health: any hit that lands sends it to the supply, for one Guard token."""
    ref = (entry["defender"], entry["guard"])
    events = [say(state, _landed(piece_name(state, ref), said, total), kind="hit")]
    if total:
        token = take_token(state, entry["defender"])
        if token:
            state["cups"][entry["attacker"]] += 1
        gone = (Said("{figure} goes back to the supply: a Guard token for {who}.", figure=piece_name(state, ref),
                     who=name(state, entry["attacker"])) if token
                else Said("{figure} goes back to the supply.", figure=piece_name(state, ref)))
        events.append(say(state, gone, kind="guard"))
        events += to_supply(state, *ref)
    return events

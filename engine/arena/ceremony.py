"""The Nymphlet Ceremony (option `ceremony`, rule 25; ARENA.md 2.7, 4.11): catch the other
players' Nymphlets. Victory Points as every alternative mode scores them (modes).

Nymphlets: 3 each with 2 players, 2 with 3, 1 with 4-6. They start in their owner's starting
area, on the hexes its figure leaves free; when the area is full, on the nearest open hex inward
(the nearest to the area, then to the centre, then to the
whole area). They have 1 health and no facing, block movement
but not line of sight (state["tokens"], figures.occupied).

Each player's Nymphlet card (data.NYMPHLET_TRACKS, on the player's board in this mode) serves all
their Nymphlets: Scamper (Move dice, 1-2) moves one of them 1 hex a die through open hexes
({"type": "scamper", "nymphlet": i, "steps": ["E", ...]}); Dart (Defence dice, 1-2) cancels
hits on any of them from any arc, one a die.

A catch: a basic attack on another player's Nymphlet ({"type": "attack", "nymphlet": i, "dice":
n}) from an adjacent hex in the attacker's front arc (4.11); allies' Nymphlets cannot be caught.
It waits in the queue of attacks (hits.py) on the owner, in call order, and a Nymphlet with a
catch waiting cannot be caught again. Dart is a reaction (ARENA.md 2: *Dart*), so the owner is
asked as any defender is (3.3-3.4): whenever Dart could cancel a hit, a window opens (4 s; turn-
based 30 s) for Dart 1..k ({"type": "parry", "dice": k}: the Defence dice that answer a catch) or
{"type": "take"}. Our first reading answered Dart at once, unasked; issue 14 asks for the
reaction prompts of 3.3 for every reaction, and with several Nymphlets to guard, or Defence dice
wanted on Parry, the owner may rather keep them. When the window runs out, or the owner is away,
Auto-Parry's switch answers as it does for Parry: on, Dart spends min(hits, dice on Dart); off, the
hits land. Turn-based the attack rolls one die per hit, as a front attack does, and a hit face is
a hit; Dart is never rolled (ARENA.md 4.19): each of its dice cancels a hit, as a reaction does.
Every hit Dart does not cancel lands (a Nymphlet cannot Parry), and one catches it: 2 VP, or 1 if the catcher is knocked out by the end of the round (rule 25: no
knock-out penalty). The round also ends when no Nymphlet is left (turn-based too: 4.20, with only a
safety cap on game turns, modes.VictoryPoints). Echo's Guards do not catch (only the Chief).

With the advanced rules the Ceremony card replaces the Tribal cards: each character's Band I card.

state["mode"]: "vp" (modes), "catches" (per seat, this round); the Nymphlets are state["tokens"]:
{"owner": seat, "hex": [q, r]}.
"""
from __future__ import annotations

from ..errors import Either, RuleError, Said, Term, counted
from ..hexgrid import distance, neighbour
from ..protocol import Action, Event, Seat
from ..rng import Rng, rng_of
from .action_types import ArenaAction
from .board import COMPASS, Key, adjacent, front_arc, key, open_hex
from .data import ATTACK, CATCH_VP, CATCH_VP_OUT, CHARACTERS, NYMPHLETS_EACH, SCAMPER, TB_SAFETY_GAME_TURNS
from .dice import faces_text, hits_in, roll_faces, spend, spends
from .figures import OUT, State, action_word, arena, board_of, figure_hexes, name, occupied, say
from .hits import LANDINGS, hits_text, is_catch, new_entry, settle
from .modes import MODE_OPTIONS, VictoryPoints, mode_of
from .races import stamp
from .sides import allied
from .view_types import ModeView


def nymphlets_each(players: int) -> int:
    return NYMPHLETS_EACH.get(players, 1)


def catchable(state: State, seat: Seat) -> list[int]:
    """The Nymphlets the seat's figure could catch now: another side's, adjacent, in its front arc,
    without a catch already waiting on it."""
    me = state["figures"][seat]
    if not isinstance(mode_of(state), Ceremony) or me.get("hex") is None:
        return []
    arc = {key(h) for h in front_arc(me["hex"], me["facing"])}
    waiting = {p["nymphlet"] for p in state["pending"] if is_catch(p)}
    return [i for i, n in enumerate(state["tokens"]) if key(n["hex"]) in arc and i not in waiting
            and n["owner"] != seat and not allied(state, seat, n["owner"])]


def catch_choices(state: State, seat: Seat) -> list[Action]:
    counts = spends(state["dice"][seat], board_of(state, seat), ATTACK)
    return [{"type": "attack", "nymphlet": i, "dice": n} for i in catchable(state, seat)
            for n in sorted({counts[0], counts[-1]})] if counts else []


def catch(state: State, seat: Seat, action: ArenaAction, now: float, at_ms: int | None = None) -> list[Event]:
    """A basic attack on a Nymphlet, clicked at `at_ms`: it waits for its owner's answer (hits.py);
    any hit that lands catches it."""
    if not isinstance(mode_of(state), Ceremony):
        raise RuleError("Nymphlets are the Ceremony's.")
    index = action.get("nymphlet")
    tokens = state["tokens"]
    if index is None or not 0 <= index < len(tokens):
        raise RuleError("Name a Nymphlet in the arena.")
    nymphlet = tokens[index]
    owner = nymphlet["owner"]
    if owner == seat or allied(state, seat, owner):
        raise RuleError("Catch another side's Nymphlet, not your own or an ally's.")
    if not adjacent(state["figures"][seat]["hex"], nymphlet["hex"]):
        raise RuleError("A Nymphlet is caught from an adjacent hex.")
    if any(is_catch(p) and p["nymphlet"] == index for p in state["pending"]):
        raise RuleError("{name}'s Nymphlet is already under attack: wait for the answer.", name=name(state, owner))
    if index not in catchable(state, seat):
        raise RuleError("{name}'s Nymphlet is not in your front arc.", name=name(state, owner))
    board = board_of(state, seat)
    counts = spends(state["dice"][seat], board, ATTACK)
    count = counts[-1] if action.get("dice") is None and counts else action.get("dice")
    if count is None or count not in counts:
        raise (RuleError("Attack needs Attack dice allocated: spend {counts}.", counts=Either(counts)) if counts
               else RuleError("Attack needs Attack dice allocated: spend some."))
    spend(state["dice"][seat], board, ATTACK, count)
    entry = new_entry(state, seat, owner, board[ATTACK].name, board[ATTACK].amount(count), 0, True,
                      state["figures"][seat]["hex"], at_ms, nymphlet=index)
    said = {"who": name(state, seat), "track": action_word(entry["action"]), "count": count,
            "nymphlet": _whose(state, index)}
    if state["turn_based"]:
        with rng_of(state) as rng:
            entry["rolled"] = roll_faces(rng, entry["hits"])
        entry["hits"] = hits_in(entry["rolled"])
        called = Said("{who}: {track} {count} on {nymphlet}: rolls {faces}: {hits}.", faces=faces_text(entry["rolled"]),
                      hits=hits_text(entry["hits"], 0), **said)
    else:
        called = Said("{who}: {track} {count} on {nymphlet}: {hits}.", hits=hits_text(entry["hits"], 0), **said)
    state["pending"].append(entry)
    return [say(state, called, kind="attack")] + settle(state, now)


def _whose(state: State, index: int) -> str:
    nymphlet = state["tokens"][index]
    return Said("{who}'s Nymphlet at {hex}", who=name(state, nymphlet["owner"]), hex=str(nymphlet["hex"]))


def _land(state: State, entry: dict, landed: int, said: str) -> list[Event]:
    """Hits land on a Nymphlet (after Dart's `said`, "Dart 1", or ""): with any, the catcher catches it
    and scores."""
    index, seat = entry["nymphlet"], entry["attacker"]
    whose = _whose(state, index)
    if not landed:
        stays = (Said("{nymphlet}: {answer}; no hit lands, it stays.", nymphlet=whose, answer=said) if said
                 else Said("{nymphlet}: no hit lands, it stays.", nymphlet=whose))
        return [say(state, stays, kind="hit")]
    state["tokens"].pop(index)
    for later in state["pending"]:  # the Nymphlets after it move up one in the list
        if is_catch(later) and later["nymphlet"] > index:
            later["nymphlet"] -= 1
    mode = mode_of(state)
    assert isinstance(mode, Ceremony)
    mode.gain(state, seat, CATCH_VP)
    state["mode"]["catches"][seat] += 1
    left = counted("{n} Nymphlet", "{n} Nymphlets", len(state["tokens"]))
    caught = (counted("{who} catches {nymphlet} ({answer}; {n} hit lands): {vp} VP. {left} left.",
                      "{who} catches {nymphlet} ({answer}; {n} hits land): {vp} VP. {left} left.", landed,
                      who=name(state, seat), nymphlet=whose, answer=said, vp=CATCH_VP, left=left) if said
              else Said("{who} catches {nymphlet}: {vp} VP. {left} left.", who=name(state, seat), nymphlet=whose,
                        vp=CATCH_VP, left=left))
    return [say(state, caught, kind="catch")]


LANDINGS["nymphlet"] = _land


def scamper_choices(state: State, seat: Seat) -> list[Action]:
    """One-hex Scampers of the seat's Nymphlets to open hexes."""
    if not isinstance(mode_of(state), Ceremony) or not spends(state["dice"][seat], board_of(state, seat), SCAMPER):
        return []
    taken = occupied(state)
    return [{"type": "scamper", "nymphlet": i, "steps": [step]} for i, n in enumerate(state["tokens"])
            if n["owner"] == seat for d, step in enumerate(COMPASS)
            if open_hex(arena(state), taken, neighbour(n["hex"], d))]


def scamper(state: State, seat: Seat, action: ArenaAction) -> list[Event]:
    """Scamper: one of the seat's Nymphlets moves 1 hex a Move die spent, through open hexes."""
    if not isinstance(mode_of(state), Ceremony):
        raise RuleError("Nymphlets are the Ceremony's.")
    index, steps = action.get("nymphlet"), action.get("steps")
    tokens = state["tokens"]
    if index is None or not 0 <= index < len(tokens) or tokens[index]["owner"] != seat:
        raise RuleError("Name one of your Nymphlets.")
    counts = spends(state["dice"][seat], board_of(state, seat), SCAMPER)
    if steps is None or len(steps) not in counts:
        raise (RuleError("Scamper moves a Nymphlet 1 hex a Move die on it: {counts}.", counts=Either(counts))
               if counts else RuleError("Scamper moves a Nymphlet 1 hex a Move die on it: none."))
    nymphlet = tokens[index]
    here, others = nymphlet["hex"], occupied(state) - {key(nymphlet["hex"])}
    for n, step in enumerate(steps, 1):
        if step not in COMPASS:
            raise RuleError("A step is one of {steps}.", steps=", ".join(COMPASS))
        here = neighbour(here, COMPASS.index(step))
        if not open_hex(arena(state), others, here):
            raise RuleError("Step {number} ({step}) is blocked: the edge, a {obstacle} or a figure is there.",
                            number=n, step=step, obstacle=arena(state).obstacle)
    start = nymphlet["hex"]
    spend(state["dice"][seat], board_of(state, seat), SCAMPER, len(steps))
    nymphlet["hex"] = list(here)
    return [say(state, Said("{who}'s Nymphlet scampers from {start} to {end}.", who=name(state, seat), start=str(start),
                            end=str(nymphlet["hex"])), kind="move")]


class Ceremony(VictoryPoints):
    key = "ceremony"
    title = Term("Nymphlet Ceremony", "arena mode")
    option = MODE_OPTIONS["ceremony"]
    moves = (("scamper", None), ("attack", "nymphlet"))

    def resolve_choices(self, state: State, seat: Seat) -> list[Action]:
        return catch_choices(state, seat) + scamper_choices(state, seat)

    def act(self, state: State, seat: Seat, action: ArenaAction, now: float) -> list[Event]:
        if action["type"] == "scamper":
            return scamper(state, seat, action)
        return catch(state, seat, action, now, stamp(action))
    knockout_penalty = 0
    rules = (
        "**Nymphlet Ceremony** (option): each player has Nymphlets (3 with 2 players, 2 with 3, 1 with "
        "4-6) in their starting area: 1 health, no facing; they block movement, not sight. A basic attack "
        "from an adjacent hex with the Nymphlet in your front arc catches another player's Nymphlet when "
        f"a hit lands (turn-based: the attack rolls, a hit face catches): {CATCH_VP} VP, {CATCH_VP_OUT} if "
        "you are knocked out by the round's end (no other penalty). The round also ends when no Nymphlet "
        f"is left (turn-based, should that never come, after {TB_SAFETY_GAME_TURNS} game turns). Allies' "
        "Nymphlets cannot be caught. Your Nymphlet card: **Scamper** (Move dice: a Nymphlet moves 1 hex a die) "
        "and ***Dart*** (Defence dice, a reaction: cancel a hit a die on a Nymphlet, from any arc, never "
        "rolled, turn-based too; when a catch waits you are asked, or Auto-Parry answers). "
        "Advanced rules: your Band I card replaces the Tribal cards."
    )

    def setup(self, state: State, rng: Rng) -> None:
        super().setup(state, rng)
        state["mode"]["catches"] = [0] * state["players"]
        if state["advanced"]:
            state["hands"] = [[next(c.key for c in CHARACTERS[char].cards if c.band == 1)] for char in state["chars"]]

    def prepare(self, state: State) -> None:
        """The Nymphlets in their owners' areas (or the nearest open hex inward)."""
        super().prepare(state)
        state["mode"]["catches"] = [0] * state["players"]
        state["tokens"] = []
        each = nymphlets_each(state["players"])
        for seat in state["in_round"]:
            area = [list(h) for h in arena(state).areas[state["areas"][seat]][0]]
            for _ in range(each):
                state["tokens"].append({"owner": seat, "hex": self._free_near(state, area)})

    @staticmethod
    def _free_near(state: State, area: list[list[int]]) -> list[int]:
        taken = occupied(state)
        free = [list(h) for h in sorted(arena(state).hexes) if open_hex(arena(state), taken, list(h))]
        return min(free, key=lambda h: (min(distance(h, a) for a in area), distance(h, [0, 0]),
                                         sum(distance(h, a) for a in area), h))

    def start_blockers(self, state: State, seat: Seat) -> set[Key]:
        """Nymphlets stand in the areas: only figures count against a clear front arc."""
        return figure_hexes(state, but=seat)

    def round_vp(self, state: State) -> list[int]:
        return [c * (CATCH_VP_OUT if state["figures"][s]["status"] == OUT else CATCH_VP)
                for s, c in enumerate(state["mode"]["catches"])]

    def round_over(self, state: State) -> str | None:
        return None if state["tokens"] else Said("every Nymphlet has been caught")

    def view(self, state: State) -> ModeView | None:
        shown = super().view(state)
        assert shown is not None
        return shown | {"nymphlets": [{"owner": n["owner"], "hex": list(n["hex"])} for n in state["tokens"]],
                        "catches": list(state["mode"]["catches"])}

    def invariants(self, state: State) -> list[str]:
        broken = super().invariants(state)
        if state["mode"]["vp"] != [CATCH_VP * c for c in state["mode"]["catches"]]:
            broken.append(f"the VP {state['mode']['vp']} are not {CATCH_VP} per catch")
        hexes = [key(n["hex"]) for n in state["tokens"]]
        if len(set(hexes)) != len(hexes) or set(hexes) & figure_hexes(state):
            broken.append("two pieces share a hex with a Nymphlet")
        return broken

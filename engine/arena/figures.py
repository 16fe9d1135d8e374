"""The figures in play: who stands where, with which board, and how the texts name them.

Per seat, `state["figures"][seat]` is {"hex": [q, r] or None, "facing": 0-5, "health": n,
"status": STANDING, OUT (knocked out), LEFT (its player left) or IDLE (not in this round),
"out_ms": when the knocking-out attack was clicked (engine/arena/races), or None,
"heat": Incendiary's Heat (0 for the others), "statuses": {status: how long it lasts}
(engine/arena/statuses)}.

Advanced rules: `state["cards"][seat]` lists the seat's Ready Tribal cards. In every game (ARENA.md
4.16) Echo's Guards are `state["guards"][seat]`, one slot per Guard, None while in the supply or {"hex", "facing",
"statuses"} on the board (engine/arena/guards). A figure is named by a Ref: (seat, None) is the
seat's character, (seat, n) its Guard n.
"""
from __future__ import annotations

from typing import Any

from ..errors import Said, Term, stored
from ..protocol import Event, Seat, seat_name
from .board import ARENAS, Arena, Key, key
from .data import CHARACTERS, GENERAL_CARDS, LOG_LINES, NYMPHLET_TRACKS, Card, Character, Track

State = dict[str, Any]
Ref = tuple[Seat, int | None]
STANDING, OUT, LEFT, IDLE = "standing", "out", "left", "idle"


def advanced(state: State) -> bool:
    """Whether the advanced rules are on (innate actions, Tribal cards, Guards, rules 15-18)."""
    return bool(state.get("advanced"))


def character(state: State, seat: Seat) -> Character:
    return CHARACTERS[state["chars"][seat]]


def guards_play(state: State) -> bool:
    """Whether Echo's Guards are in this game: always (ARENA.md 4.16), but a core game stored before
    that reading (no "core_innates") goes on without them, as its dice tracks were laid out."""
    return advanced(state) or bool(state.get("core_innates"))


def innate_of(state: State, seat: Seat) -> Track | None:
    """The seat's innate dice action in this game: with the advanced rules any character's; in the
    core game only one the rulebook gives every game (Echo's Call the Guard, ARENA.md 4.16)."""
    char = character(state, seat)
    if char.innate is None or not (advanced(state) or guards_play(state) and char.innate.effect in char.core):
        return None
    return char.innate


def passives_of(state: State, seat: Seat) -> tuple[str, ...]:
    """The seat's passive effects in this game: all with the advanced rules, else the core ones (Luftles)."""
    char = character(state, seat)
    if advanced(state):
        return char.passives
    return tuple(p for p in char.passives if p in char.core) if guards_play(state) else ()


def board_of(state: State, seat: Seat) -> dict[str, Track]:
    """The tracks dice may go on: the player board, the Ceremony's Nymphlet card, the innate action
    (`innate_of`: Echo's in every game) and, with the advanced rules, each Tribal card's ready track
    (while Unready) or use track (while Ready)."""
    char = character(state, seat)
    tracks = dict(char.board) | (NYMPHLET_TRACKS if state.get("game_mode") == "ceremony" else {})
    innate = innate_of(state, seat)
    if innate is not None:
        tracks[innate.effect] = innate
    if not advanced(state):
        return tracks
    ready = state["cards"][seat]
    for c in hand(state, seat):
        tracks[c.key] = c.use if c.key in ready else c.ready
    return tracks


def card_of(state: State, seat: Seat, key_: str) -> Card | None:
    """The seat's Tribal card `key_`, if it has one and the advanced rules are on."""
    if not advanced(state):
        return None
    return next((c for c in hand(state, seat) if c.key == key_), None)


def hand(state: State, seat: Seat) -> tuple[Card, ...]:
    """The cards the seat plays with the advanced rules: its character's Tribal cards, or the
    Manoeuvre cards a mode dealt it (state["hands"]: card keys per seat; King of the Hill)."""
    dealt = state.get("hands")
    char = character(state, seat)
    if not dealt:
        return char.cards
    every = {c.key: c for c in char.cards} | GENERAL_CARDS
    return tuple(every[k] for k in dealt[seat])


def arena(state: State) -> Arena:
    return ARENAS[state["arena"]]


def standing(state: State) -> list[Seat]:
    """Seats whose figure is on the board, in seat order."""
    return [s for s, f in enumerate(state["figures"]) if f["status"] == STANDING]


def is_standing(state: State, seat: Seat) -> bool:
    return 0 <= seat < state["players"] and state["figures"][seat]["status"] == STANDING


def guards_of(state: State, seat: Seat) -> list[dict | None]:
    return state["guards"][seat] if "guards" in state else []


def spot(state: State, ref: Ref) -> dict:
    """Where a figure is and which way it faces: the character's figure, or a Guard's slot."""
    seat, guard = ref
    if guard is None:
        return state["figures"][seat]
    placed = guards_of(state, seat)[guard]
    assert placed is not None, "a Guard in the supply has no spot"
    return placed


def pieces(state: State) -> list[Ref]:
    """Every figure on the board: standing characters, then Guards, in seat order."""
    refs: list[Ref] = [(s, None) for s in standing(state)]
    return refs + [(s, g) for s in range(state["players"]) for g, placed in enumerate(guards_of(state, s))
                   if placed is not None]


def piece_at(state: State, h: Any) -> Ref | None:
    """The figure standing on hex `h`, if any."""
    return next((r for r in pieces(state) if key(spot(state, r)["hex"]) == key(h)), None)


def occupied(state: State, but: Seat | Ref | None = None) -> set[Key]:
    """Hexes no figure may enter: those of the figures (other than `but`) and of the tokens that
    block movement (state["tokens"]: the Ceremony's Nymphlets)."""
    return figure_hexes(state, but) | {key(t["hex"]) for t in state.get("tokens", ())}


def figure_hexes(state: State, but: Seat | Ref | None = None) -> set[Key]:
    """Hexes holding a figure, Guards included (other than `but`: a seat's character, or a Ref):
    what blocks line of sight."""
    skip = (but, None) if isinstance(but, int) else but
    return {key(spot(state, r)["hex"]) for r in pieces(state) if r != skip}


def name(state: State, seat: Seat) -> str:
    """'Grublic ({0})': the character, and the seat as a field the table fills in."""
    return f"{character(state, seat).name} ({seat_name(seat)})"


def piece_name(state: State, ref: Ref) -> str:
    """A figure's name: its character's, or 'Echo's Guard 2 ({5})'."""
    seat, guard = ref
    if guard is None:
        return name(state, seat)
    return Said("{chief}'s Guard {number} ({seat})", chief=character(state, seat).name, number=guard + 1,
                seat=seat_name(seat))


def action_word(word: str) -> Term:
    """A track's, card's or current's name kept in the state (plain text there) as the texts name it
    again: a word the catalogues know (data.py's `Term`s)."""
    return Term(str(word), "arena action")


def say(state: State, text: str, kind: str = "info") -> Event:
    """A public event (its text a `Said`, engine/errors.py, read in each reader's language where shown),
    also kept in the short log the board shows: as its words' id and values (`stored`), the state being
    plain data, so the board reads it in its own language."""
    state["log"] = (state["log"] + [stored(text)])[-LOG_LINES:]
    return Event(text, kind=kind)

"""The small protocol every game follows, and the plain-data types it speaks.

State, actions and views are JSON-native dicts (string keys, lists not tuples), so a
snapshot is `canonical(state)` and the action log alone replays a game. Actions are parsed once,
where they enter a game, against the shapes it declares (`Game.shapes`, below). Seats are indexes
0..n-1: the engine never sees a Discord id. `seat=None` is the table itself (timeouts).

Two actions every game understands: TIMEOUT, applied by the table (seat None) when
`next_deadline` has passed, and LEAVE, from a seat that quits: that seat is skipped from then
on, and a game left with too few players to go on ends (a solo LEAVE is a resignation).

Lobby choices (`Choice`: a character, a colour) are per player; `setup` finds every seat's pick
in `options[choice.key]`, a list in seat order, and nothing under that key when nobody chose
(the simulator, engine tests), so a game chooses for them. A choice may come with options
(`Choice.needs`): the lobby offers it only while they are on, and its picks count only then.
"""
from __future__ import annotations

import json
import marshal
import re
import zlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeGuard

from .errors import RuleError, Said, Term
from .rng import Rng

State = dict[str, Any]
Action = dict[str, Any]  # what a game's rules receive: plain JSON, parsed by `Game.parse` (engine/shapes.py)
ActionLike = Mapping[str, Any]  # what callers hand in: a plain dict, or a game's typed action (a TypedDict)
View = dict[str, Any]
Seat = int

TIMEOUT: Action = {"type": "timeout"}
LEAVE: Action = {"type": "leave"}


@dataclass(frozen=True)
class Event:
    """Something that happened, in words a player reads. Private events go to one seat only.

    `text` is the English, made as a `Said` (engine/errors.py: `Event(Said("{who} leaves.", who=seat_name(2)))`)
    so it keeps its id and values and reads in the reader's language where it is shown. It names seats as
    fields (`seat_name`); `seats` are the seats it names, in order.
    """

    text: str  # a Said; a plain str reads in English only
    private_to: Seat | None = None
    kind: str = "info"

    @property
    def seats(self) -> tuple[Seat, ...]:
        return named_seats(self.text)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: rank per seat (1 is best, ties share a rank) and scores."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    summary: str
    won: tuple[bool, ...] = ()
    margin: float | None = None

    def winners(self) -> list[Seat]:
        if self.won:
            return [s for s, w in enumerate(self.won) if w]
        return [s for s, r in enumerate(self.ranks) if r == 1]


@dataclass(frozen=True)
class Option:
    """A yes/no game option the host can toggle in the lobby before the start.

    Options of one `group` exclude each other (a game's modes): turning one on turns the others
    of its group off, so a lobby never holds two that the game would refuse at the start.
    """

    key: str
    label: str
    default: bool = False
    max_players: int | None = None  # the most players the game takes with it on (None: the game's own)
    group: str | None = None  # options that exclude each other share a group (None: it combines with any)


CHOICE_WORDS = "lobby choice"  # the catalogues' context for a lobby choice's words (`Choice.texts`)


@dataclass(frozen=True)
class Choice:
    """Something each player picks for themselves in the lobby, e.g. their character.

    `values` maps each value to the name players read, in the order the lobby offers them;
    with `unique`, no two players hold the same value. `needs`: the yes/no options that must all be
    on for the lobby to offer it (King of the Hill's General Manoeuvres); otherwise it is always offered.
    `notes`: a short line the lobby's menu shows under a value (a character's difficulty);
    `unpicked`: what the lobby says becomes of a seat without a pick (`fill`).
    """

    key: str
    label: str  # "Character": the lobby asks "Choose your character"
    values: Mapping[str, str]
    unique: bool = True
    needs: tuple[str, ...] = ()
    notes: Mapping[str, str] = field(default_factory=dict)
    unpicked: str = "whoever does not gets a random one"

    @property
    def thing(self) -> str:
        """What is chosen, as a sentence names it: 'character'."""
        return self.label.lower()

    @property
    def prompt(self) -> str:
        """What the lobby's menu asks: 'Choose your character'."""
        return f"Choose your {self.thing}"

    @staticmethod
    def word(english: str) -> Term:
        """One of a choice's words (`texts`) as the catalogues know it, for a reader's language."""
        return Term(english, CHOICE_WORDS)

    def texts(self) -> list[str]:
        """Every English word the lobby shows for this choice: the catalogues list each under CHOICE_WORDS."""
        return [self.thing, self.prompt, self.unpicked, *self.values.values(), *self.notes.values()]

    def offered(self, options: Mapping[str, Any]) -> bool:
        """Whether players pick it with these options on."""
        return all(options.get(key) for key in self.needs)

    def picks(self, options: Mapping[str, Any], players: int) -> list[str] | None:
        """Every seat's pick as the table handed it to `setup`, checked; None when nobody chose,
        or when the options do not offer the choice (what was picked then does not count)."""
        picked = options.get(self.key)
        if picked is None or not self.offered(options):
            return None
        what = self.word(self.thing)
        if not isinstance(picked, list) or len(picked) != players:
            raise RuleError("Every player needs a {what}: {picked} is not one for each of {players}.", what=what,
                            picked=repr(picked), players=players)
        unknown = [v for v in picked if not isinstance(v, str) or v not in self.values]
        if unknown:
            raise RuleError("{value} is not a {what} of this game: choose one of {values}.", value=repr(unknown[0]),
                            what=what, values=", ".join(self.values))
        if self.unique and len(set(picked)) != players:
            raise RuleError("Two players may not share a {what}: {picked}.", what=what, picked=repr(picked))
        return list(picked)

    def fill(self, picks: Sequence[str | None], seed: int) -> list[str]:
        """Every seat's pick: a seat without one (None) gets a random value, a free one if `unique`.

        The draws are a stream of their own (`seed` mixed with the key), so the same seed gives the
        same picks, and they do not mirror the game's own draws from that seed.
        """
        rng = Rng(seed ^ zlib.crc32(self.key.encode()))
        filled: list[str] = []
        for seat, pick in enumerate(picks):
            if pick is None:
                held = {*filled, *picks[seat + 1:]} if self.unique else set()
                pick = rng.choice([v for v in self.values if v not in held])
            filled.append(pick)
        return filled


def seat_name(seat: Seat) -> str:
    """How engine texts (events, refusals, summaries) name a seat: a field, `{2}` for seat 2.

    The engine never knows players' names; whoever shows the text fills the fields (`fill`)
    with names or mentions. A text holding a player's name could never be mistaken for a field.
    """
    return f"{{{seat}}}"


SEAT_FIELD = re.compile(r"\{(\d+)\}")


def named_seats(text: str) -> tuple[Seat, ...]:
    """The seats a text names, in the order it names them."""
    return tuple(int(field) for field in SEAT_FIELD.findall(text))


def fill(text: str, names: Sequence[str]) -> str:
    """The text with each seat field replaced by that seat's name (a field past `names` stays)."""
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else match.group(0)
    return SEAT_FIELD.sub(name, text)


def state_copy(state: State) -> State:
    """A deep copy of a state, which is JSON by contract (dicts with str keys, lists, str, numbers, bools,
    None): through marshal, Python's C serialiser of exactly these, about 3.5 times faster than a JSON round
    trip on a six-player Eye for an Eye state; a state holding anything else (a str subclass, say) goes
    through JSON, which gives what a save and a load would. (The simulator's checks keep states to the
    contract: engine/simulate.py.)"""
    try:
        return marshal.loads(marshal.dumps(state))
    except ValueError:
        return json.loads(json.dumps(state))


def canonical(data: Mapping[str, Any]) -> str:
    """The stored text of a state (a snapshot) or an action: equal data give equal strings, byte for byte."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def whole(value: object) -> TypeGuard[int]:
    """A whole number as an action's JSON carries one: an int, and not a bool (which Python counts
    as an int: `True` must not pass for seat 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- actions parsed once
# An action is JSON from outside the engine (a click's payload, a stored log, a computer). A game
# declares the shape of each kind of action it takes (`Game.shapes`: its type, then each field and
# the kind of value it holds); `Game.apply` parses every action against it before the rules see it.
# A malformed action (an unknown type, a field of the wrong kind) is refused there, saying what is
# wrong; a well-formed one reaches the rules as a copy holding only its declared fields, so a rule
# reads `action.get("dice")` knowing it is a whole number or missing. Whether a value is *allowed*
# (a facing 0-5, a track on your board) is a rule, and stays with the rules.

@dataclass(frozen=True)
class Kind:
    """What a field's value must be: a test, and its words for the refusal."""

    holds: Callable[[object], bool]
    words: Term  # as the catalogues know it, under the context "kind of value"
    needed: bool = False  # an action of its shape must carry it (else it may be missing)


WHOLE = Kind(whole, Term("a whole number", "kind of value"))
FLAG = Kind(lambda value: isinstance(value, bool), Term("true or false", "kind of value"))
WORD = Kind(lambda value: isinstance(value, str), Term("a word", "kind of value"))
PAIR = Kind(lambda value: isinstance(value, list) and len(value) == 2 and all(whole(v) for v in value),
            Term("two whole numbers", "kind of value"))


def needed(kind: Kind) -> Kind:
    """`kind`, and the action must carry it."""
    return Kind(kind.holds, kind.words, needed=True)


def maybe(kind: Kind) -> Kind:
    """`kind`, or null (JSON's "none given")."""
    return Kind(lambda value: value is None or kind.holds(value), kind.words)


def either(words: Term, *kinds: Kind) -> Kind:
    """A value of any of `kinds` (a field whose kind depends on the card that reads it)."""
    return Kind(lambda value: any(kind.holds(value) for kind in kinds), words)


def list_of(kind: Kind, words: Term) -> Kind:
    return Kind(lambda value: isinstance(value, list) and all(kind.holds(v) for v in value), words)


WORDS = list_of(WORD, Term("a list of words", "kind of value"))


def record(words: Term, **fields: Kind) -> Kind:
    """A JSON object whose fields, those given, are of their kinds."""
    def holds(value: object) -> bool:
        return isinstance(value, dict) and all(
            key in fields and fields[key].holds(v) for key, v in value.items())
    return Kind(holds, words)


Shape = Mapping[str, Kind]  # a kind of action's fields (missing ones are the rules' to judge, unless `needed`)
Shapes = Mapping[str, Shape]  # every kind of action a game takes, by its "type"
EVERY_GAME: Shapes = {"timeout": {}, "leave": {}}  # the table's TIMEOUT and a player's LEAVE (engine/protocol.py)


def parse(shapes: Shapes, action: Mapping[str, Any], common: Shape | None = None,
          unknown: Said | None = None) -> dict[str, Any]:
    """`action` checked against `shapes` (and the `common` fields any action may carry): a copy
    holding its type and its declared fields, or a RuleError saying what is malformed (an unknown
    type in the game's own `unknown` words, when it has them: what a player may do)."""
    kind = action.get("type") if isinstance(action, Mapping) else None
    shape = shapes.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise (RuleError(unknown) if unknown is not None
               else RuleError("This game has no action of type “{kind}”.", kind=str(kind)))
    parsed: dict[str, Any] = {"type": kind}
    for key, value in action.items():
        field = shape.get(key) or (common or {}).get(key)
        if field is None:
            continue  # not this action's: the rules never see it
        if not field.holds(value):
            raise RuleError("In a “{kind}” action, “{field}” must be {words}.", kind=kind, field=key,
                            words=field.words)
        parsed[key] = value
    missing = next((key for key, field in shape.items() if field.needed and key not in parsed), None)
    if missing is not None:
        raise RuleError("A “{kind}” action needs its “{field}”.", kind=kind, field=missing)
    return parsed


def ranked(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranking (1, 2, 2, 4) of comparable keys, a score or a tuple of tiebreaks: a
    greater key ranks higher, equal keys share. Every game's ranking is this, with its own keys."""
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


class Game(ABC):
    """One game's rules. Subclasses implement `setup` and `play`; `apply` keeps it pure."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    choices: ClassVar[tuple[Choice, ...]] = ()
    rules: ClassVar[str] = ""
    computer: ClassVar[str | None] = None  # the module of its computer player's `POLICY`, if it has one
    shapes: ClassVar[Shapes | None] = None  # every kind of action it takes (engine/shapes.py); None: unchecked
    common: ClassVar[Shape] = {}  # fields any of its actions may carry
    unknown: ClassVar[Said | None] = None  # its words for an action it does not take (None: the type named)

    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], seed: int, now: float) -> State:
        """A new game for `players` seats; all chance comes from `seed`.

        `options` holds the yes/no options and, for each of `choices`, the seats' picks (`Choice.picks`).
        """

    @abstractmethod
    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        """What `seat` may do now (may be a representative subset for huge spaces)."""

    @abstractmethod
    def play(self, state: State, seat: Seat | None, action: Action, now: float) -> list[Event]:
        """Change `state` in place by one action, or raise RuleError leaving it untouched."""

    @abstractmethod
    def view(self, state: State, seat: Seat | None) -> View:
        """What `seat` may see (None: what everyone sees); secrets of others removed."""

    def views(self, state: State, seats: Sequence[Seat | None], shared: bool = False) -> list[View]:
        """`view` of each of `seats`, in order, as separate objects sharing no list or dict. A game
        whose seats see mostly the same builds that once here (the computers read every seat's
        view after every step). With `shared`, views may share the parts they have in common: for
        readers that never change what they read (the computers, engine/computers/play.py)."""
        return [self.view(state, seat) for seat in seats]

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """Ranks and scores once the game is over, else None."""

    def apply(self, state: State, seat: Seat | None, action: ActionLike, now: float) -> tuple[State, list[Event]]:
        """Pure wrapper: the caller's state is never touched, even when the rules refuse."""
        parsed = self.parse(action)
        new = state_copy(state)
        events = self.play(new, seat, parsed, now)
        return new, events

    def parse(self, action: ActionLike) -> Action:
        """The action as the rules receive it: checked once against `shapes`, a malformed one
        refused with what is wrong (a game without `shapes` gets a plain copy)."""
        return dict(action) if self.shapes is None else parse(self.shapes, action, self.common, self.unknown)

    def explain(self, state: State, seat: Seat | None, action: ActionLike, now: float) -> str | None:
        """Why `seat` may not take `action` now, in the player's words; None when it may.

        Cogs ask this instead of trying the action themselves; the rules stay here.
        """
        try:
            self.apply(state, seat, action, now)
        except RuleError as refused:
            return refused.said  # the English text, carrying its message id and values (engine/errors.py)
        return None

    def next_deadline(self, state: State) -> float | None:
        """When the table must wake this game with TIMEOUT (None: no timer running).

        A game that keeps its phases in `state["flow"]` (engine/flow.py) has the phase's deadline.
        """
        return state["flow"]["deadline"] if "flow" in state else state.get("deadline")

    def waiting_for(self, state: State) -> list[Seat]:
        """Seats the game is waiting on now, for prompts and 'not your turn' answers."""
        return []

    def upgrade(self, state: State) -> State:
        """A snapshot saved by an older version of the game, in today's keys (by default: as is).
        The table applies it whenever it reads a stored state, so a game changes its state's
        shape without losing a game in progress."""
        return state

    def away(self, state: State) -> list[Seat]:
        """Seats whose players missed their timers and count as away (engine/flow.py's rule):
        the table has a computer keep such a seat until its player acts again."""
        return list(state["flow"]["away"] if "flow" in state else state.get("away", []))

    def invariants(self, state: State) -> list[str]:
        """Broken invariants, described; the simulator fails a game on any."""
        return []

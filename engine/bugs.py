"""Bugs & Co (`bugs`): everyone at once grabs face-down monster tiles, keeps some blind, and
stops by taking a trophy. Rules: shared/seeds/001_bfed48ca0187ca84.txt; fixed facts: the Bugs & Co
section of shared/GAMES.md.

The table (state):
- `places`: the numbered places on the table, each a tile id or None (empty, or its tile held).
  Actions and views number places from 0 (like seats); texts and images say `place N` from 1.
- A tile id t shows design t // 3 (three identical tiles per design). `DESIGNS` holds the 25
  designs: a body shape, a colour and 1, 2 or 3 eyes, each pair (shape, colour) used once, so
  a design can be named and drawn ("green round bug, two eyes"). Colour alone never tells two
  designs apart: five designs share each colour, and five share each shape.
- `holding`: per seat, the tile it looks at ({"place", "tile", "at_ms"}: at_ms is when the grab
  was pressed, or None) or None; only its own view shows the design. `hands`: the tiles each seat kept, never shown to anyone (its owner included)
  before the end; views give only how many. `removed`: the 7 tiles out of play, never shown.
- `trophies` left (highest first), `trophy` per seat, `stopped` (seats that took one, in order).
- `beats`: during the countdown, the beats of it still to come (COUNTDOWN_BEATS down to 1), else None.
- `moved`: the last tile put back on another place, public as at a table ({"seat", "from", "to",
  "swapped", "n"}: n counts such moves, so two alike in a row are told apart), or None.
- `state["flow"]` (engine/flow.py): one EVERYONE phase for the whole game; a seat that stops
  leaves the phase's seats, a seat that leaves is in flow["left"]. Its deadline is the clock.

Actions (typed below as BugsAction): {"type": "grab", "place": p} (with "at_ms", the press
time in ms, when the table knows it), {"type": "put_back"} (to the tile's own place) or
{"type": "put_back", "place": q} (any place nobody else holds: empty, or face down for a swap), {"type": "keep"},
{"type": "take_trophy"}, plus TIMEOUT (seat None) and LEAVE.

Design choices where the rules are silent (also in `rules`):
- Places are numbered and keep their number all game. Grabbing a tile empties its place (marked
  as held by that player); a kept tile leaves its place empty for good, unless someone puts a
  tile back there.
- Disrupting the table (the seed: "other players are permitted to disrupt this organisation by
  moving the tiles around as they look at them"; GAMES.md): a tile held goes back face down on
  any place. On its own place or an empty one it simply lies there; on a face-down place the two
  swap: the tile that lay there goes, still face down and unseen by anyone, to the place the held
  tile came from. Only a place whose tile someone else holds is refused. Where a tile goes is
  public (everyone at a table sees hands move tiles): a move to another place is a public event
  and the view's `moved`; which tiles they are stays hidden, the mover's included.
- Races: the table applies actions in arrival order; a grab of a tile someone already holds is
  refused ("Someone was faster", naming who, and by how many ms when both grabs carry their
  press time) and costs nothing.
- Taking a trophy while holding a tile puts the tile back on its place first.
- Clock: the last trophy starts the countdown: COUNTDOWN_BEATS beats of BEAT_SECONDS (20 s). At a
  table it is spoken ("10, 9, ... 1, STOP!") and gives a player several looks; on Discord a look
  takes two clicks, so the beat is two seconds (GAMES.md). Each beat is a TIMEOUT from the table
  that counts `beats` down, so the board redraws with the beats left; a beat applied late (a
  restart) counts every beat that passed. When the last beat ends everybody stops. The game
  also ends when nobody acts for IDLE_SECONDS, or MAX_SECONDS after the start: everybody
  stops as after the countdown. These are TIMEOUT actions from the table, refused before the
  deadline. An action the table applies before its TIMEOUT still counts, even a moment late.
- Away: a player who has not acted for AWAY_SECONDS while someone else acts is away (nobody
  waits on anyone in real time, so silence is the only sign); their next action brings them back.
  The table then has a computer play their seat. (`seen`: each seat's last action, or the start.)
- The game ends at once when nobody is left playing (all stopped or left), or when fewer than
  two players are left in the game.
- At the end, tiles still held go back to the table; held tiles never score.
- LEAVE: the player stops; a tile held goes back to its place; their kept tiles and trophy stay
  with them (shown at the end) but they score 0 and rank below everyone who stayed.
- Scoring: every full set of 3 identical designs +3, every other kept tile -1 (counted by
  design: 4 alike would be a set and a stray), plus the trophy. Most points wins; ties share a rank.
- Events: grabs, put-backs on the tile's own place and keeps answer their player privately (a
  grab names the design to its player only); the image shows the table, so the channel is not
  flooded. Moves to another place (who, from, to, whether it swapped), trophies, the countdown
  (its start: the beats have no event), leavers and the end are public. No public text ever
  names a design before the end.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, NotRequired, TypedDict, TypeGuard, cast

from . import flow
from .errors import RuleError, Said, Term, counted
from .flow import after
from .protocol import (
    EVERY_GAME,
    WHOLE,
    Action,
    Event,
    Game,
    Option,
    Outcome,
    Seat,
    Shape,
    Shapes,
    State,
    View,
    maybe,
    needed,
    seat_name,
)
from .registry import register
from .rng import Rng
from .words import plural

COPIES = 3  # identical tiles per design, and the size of a scoring set
SET_POINTS = 3
STRAY_POINTS = -1
REMOVED = 7
COUNTDOWN_BEATS = 10  # the table's spoken count, "10, 9, ... 1, STOP!"
BEAT_SECONDS = 2.0  # one beat on Discord: about one look (a look takes two clicks)
COUNTDOWN_SECONDS = COUNTDOWN_BEATS * BEAT_SECONDS
IDLE_SECONDS = 120.0
AWAY_SECONDS = 60.0
MAX_SECONDS = 600.0

Phase = Literal["play", "countdown", "over"]
PLAY: Final = "play"
COUNTDOWN: Final = "countdown"
OVER: Final = "over"
PlaceWord = Literal["down", "empty", "held"]  # a place in a view
DOWN: Final = "down"
EMPTY: Final = "empty"
HELD: Final = "held"
OPTION_THREE_EYED = "three_eyed"

SHAPES: tuple[str, ...] = ("round", "long", "square", "spiky", "pointy")
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
# Drawing colours (Okabe-Ito where it has one): far apart in hue and lightness.
COLOUR_HEX: dict[str, str] = {"red": "#D55E00", "yellow": "#F0E442", "green": "#009E73",
                              "blue": "#0072B2", "purple": "#A35BC4"}
EYE_WORDS: dict[int, str] = {1: "one eye", 2: "two eyes", 3: "three eyes"}
# The words of a design's name as each language says them of a bug (engine/errors.py's terms).
SHAPE_WORDS = {"round": Term("round", "bug shape"), "long": Term("long", "bug shape"),
               "square": Term("square", "bug shape"), "spiky": Term("spiky", "bug shape"),
               "pointy": Term("pointy", "bug shape")}
COLOUR_WORDS = {"red": Term("red", "bug colour"), "yellow": Term("yellow", "bug colour"),
                "green": Term("green", "bug colour"), "blue": Term("blue", "bug colour"),
                "purple": Term("purple", "bug colour")}
EYE_TERMS = {1: Term("one eye", "bug eyes"), 2: Term("two eyes", "bug eyes"), 3: Term("three eyes", "bug eyes")}
# Which (shape, colour) pairs get how many eyes: shape i has colour (i + k) % 5 for offset k.
EYE_OFFSETS: dict[int, tuple[int, ...]] = {2: (2, 3, 4), 1: (0,), 3: (1,)}

TROPHIES: dict[int, tuple[int, ...]] = {2: (3,), 3: (3, 2), 4: (3, 2, 1), 5: (3, 2, 2, 1),
                                        6: (3, 3, 2, 2, 1), 7: (3, 3, 2, 2, 1), 8: (3, 3, 2, 2, 1)}


@dataclass(frozen=True)
class Design:
    """One monster design: what a set is made of, and what a player sees and says."""

    id: int
    shape: str
    colour: str
    eyes: int

    @property
    def name(self) -> str:
        return f"{self.colour} {self.shape} bug, {EYE_WORDS[self.eyes]}"

    @property
    def said(self) -> Said:
        """`name` in words each language says its own way ('roter runder Käfer, zwei Augen')."""
        return Said("{colour} {shape} bug, {eyes}", colour=COLOUR_WORDS[self.colour], shape=SHAPE_WORDS[self.shape],
                    eyes=EYE_TERMS[self.eyes])

    @property
    def short(self) -> Said:
        """Its colour and shape, which name one design ('green round')."""
        return Said("{colour} {shape}", colour=COLOUR_WORDS[self.colour], shape=SHAPE_WORDS[self.shape])


def _designs() -> tuple[Design, ...]:
    """The 25 designs: 15 two-eyed (ids 0-14), 5 one-eyed (15-19), 5 three-eyed (20-24)."""
    pairs = [(eyes, shape, (shape + k) % len(COLOURS))
             for eyes in (2, 1, 3) for shape in range(len(SHAPES)) for k in EYE_OFFSETS[eyes]]
    return tuple(Design(i, SHAPES[s], COLOURS[c], eyes) for i, (eyes, s, c) in enumerate(pairs))


DESIGNS: tuple[Design, ...] = _designs()
TILES = len(DESIGNS) * COPIES


# ---------------------------------------------------------------------------------------------
# The typed contract: actions and views are plain JSON dicts (the log replays them, a snapshot
# is their text); these TypedDicts say which keys they hold, so the cog and the renderer read
# them checked.


class GrabAction(TypedDict):
    type: Literal["grab"]
    place: int
    at_ms: NotRequired[int]  # when it was pressed (ms since the epoch): a lost race is told by how much


class PutBackAction(TypedDict):
    type: Literal["put_back"]
    place: NotRequired[int | None]  # the tile's own place when absent; else any place nobody else holds (swapping)


class KeepAction(TypedDict):
    type: Literal["keep"]


class TakeTrophyAction(TypedDict):
    type: Literal["take_trophy"]


BugsAction = GrabAction | PutBackAction | KeepAction | TakeTrophyAction
ACTION_SHAPES: Shapes = {**EVERY_GAME, "grab": {"place": needed(WHOLE)}, "put_back": {"place": maybe(WHOLE)}, "keep": {},
                         "take_trophy": {}}  # what `apply` parses every action against (engine/protocol.py)
COMMON: Shape = {"at_ms": WHOLE}  # when its player pressed: a grab's race


class Group(TypedDict):
    """The kept tiles of one design in a scored hand."""

    design: int
    name: str
    count: int
    sets: int  # whole sets of COPIES
    strays: int  # the rest, STRAY_POINTS each


class ScoredHand(TypedDict):
    groups: list[Group]  # by design
    sets: int
    others: int  # tiles in no set
    trophy: int  # its points, 0 without one
    points: int


class FinalHand(ScoredHand):
    left: bool
    score: int  # the points, or 0 for a player who left


class Held(TypedDict):
    """The tile a seat looks at, in its own view only."""

    place: int
    design: int
    name: str


# A tile put back on another place than its own: public, as hands moving tiles are at a table.
# `swapped`: the tile that lay on `to` went to `from`, the mover's own place; `n`: moves so far,
# this one included. (The functional form: `from` is a keyword.)
Move = TypedDict("Move", {"seat": int, "from": int, "to": int, "swapped": bool, "n": int})


class BugsView(TypedDict):
    """What one seat (or, with seat None, everyone) sees. Kept tiles are counts until the end."""

    players: int
    phase: Phase
    places: list[PlaceWord]
    holding: list[int | None]  # per seat: the place whose tile it holds
    face_down: int
    removed: int  # tiles out of play, never shown
    trophies: list[int]  # left, highest first
    trophy: list[int | None]  # per seat: the one it took
    stopped: list[Seat]  # seats that took a trophy, in order
    left: list[Seat]
    kept: list[int]  # per seat: how many tiles it keeps
    countdown_at: float | None  # when the countdown after the last trophy ends
    beats: int | None  # during the countdown: its beats still to come (COUNTDOWN_BEATS down to 1)
    moved: Move | None  # the last tile put back on another place (who, from, to, whether two swapped)
    ends_at: float  # the game's longest end
    deadline: float | None  # the clock the table runs now
    held: NotRequired[Held | None]  # a seat's own view only
    hands: NotRequired[list[FinalHand]]  # once over: every hand revealed and scored
    scores: NotRequired[list[int]]  # once over
    ranks: NotRequired[list[int]]  # once over


# The keys every view has (`__required_keys__` cannot tell: these annotations are postponed).
_ALWAYS = frozenset(BugsView.__annotations__) - {"held", "hands", "scores", "ranks"}


def _is_view(view: Mapping[str, Any]) -> TypeGuard[BugsView]:
    return _ALWAYS <= view.keys()


def as_view(view: Mapping[str, Any]) -> BugsView:
    """A view the protocol handed over as a plain dict (the panel kit's), read as the BugsView it is."""
    if not _is_view(view):
        raise TypeError("not a Bugs & Co view")
    return view


def design_of(tile: int) -> Design:
    return DESIGNS[tile // COPIES]


def designs_in_play(players: int, three_eyed: bool = False) -> list[int]:
    """The seed's table: 2-4 players two-eyed only; 5-6 two-eyed plus one-eyed (or, by option,
    three-eyed); 7-8 all."""
    wanted = {2} if players <= 4 else {2, 3 if three_eyed else 1} if players <= 6 else {1, 2, 3}
    return [d.id for d in DESIGNS if d.eyes in wanted]


# ---------------------------------------------------------------------------------------------
# Scoring


def score_hand(tiles: list[int], trophy: int | None) -> ScoredHand:
    """A hand of tile ids scored (see `score_designs`)."""
    return score_designs([design_of(t).id for t in tiles], trophy)


def score_designs(designs: list[int], trophy: int | None) -> ScoredHand:
    """A hand sorted by design, sets marked, and its points: +3 a set, -1 any other tile.
    Counted by design, so 4 alike would be one set and one stray (the game has 3 of each)."""
    counts = Counter(designs)
    groups: list[Group] = [{"design": d, "name": DESIGNS[d].name, "count": n, "sets": n // COPIES,
                            "strays": n % COPIES} for d, n in sorted(counts.items())]
    sets = sum(g["sets"] for g in groups)
    others = sum(g["strays"] for g in groups)
    trophy_points = trophy or 0
    return {"groups": groups, "sets": sets, "others": others, "trophy": trophy_points,
            "points": SET_POINTS * sets + STRAY_POINTS * others + trophy_points}


def _score_words(result: ScoredHand) -> str:
    """'4 sets, 3 other tiles, trophy 2: 11 points'."""
    sets = counted("{n} set", "{n} sets", result["sets"])
    others = counted("{n} other tile", "{n} other tiles", result["others"])
    points = counted("{n} point", "{n} points", result["points"])
    if result["trophy"]:
        return Said("{sets}, {others}, trophy {trophy}: {points}", sets=sets, others=others,
                    trophy=result["trophy"], points=points)
    return Said("{sets}, {others}: {points}", sets=sets, others=others, points=points)


def _and_list(parts: list[str]) -> str:
    """['a', 'b', 'c'] -> 'a, b and c', kept as words each language joins its own way."""
    listed = parts[0]
    for part in parts[1:-1]:
        listed = Said("{list}, {item}", list=listed, item=part)
    return listed if len(parts) == 1 else Said("{list} and {item}", list=listed, item=parts[-1])


# ---------------------------------------------------------------------------------------------
# Small helpers over state


def _holder(state: State, place: int) -> int | None:
    """The seat holding the tile of `place`, if any."""
    for seat, held in enumerate(state["holding"]):
        if held is not None and held["place"] == place:
            return seat
    return None


def _place_word(state: State, place: int) -> PlaceWord:
    if state["places"][place] is not None:
        return DOWN
    return EMPTY if _holder(state, place) is None else HELD


def _playing(state: State) -> list[int]:
    """Seats still playing: in the game and not stopped."""
    return [s for s in flow.in_game(state["flow"]) if s not in state["stopped"]]


def _deadline(state: State) -> float | None:
    """The countdown's next beat, else the idle limit; never after the maximum length."""
    if state["phase"] == OVER:
        return None
    if state["phase"] == COUNTDOWN:
        return min(_next_beat(state), state["ends_at"])
    return min(after(state["last_action"], IDLE_SECONDS), state["ends_at"])


def _next_beat(state: State) -> float:
    """When the current beat of the countdown ends; the last one ends it. A snapshot from before
    the beats has none: its countdown runs to its end in one."""
    beats = state.get("beats") or 1
    return after(state["countdown_at"], -(beats - 1) * BEAT_SECONDS)


def beats_after(countdown_at: float, now: float) -> int:
    """The beats still to come at `now` of a countdown ending at `countdown_at` (0 once it ended)."""
    return max(0, math.ceil(round((countdown_at - now) / BEAT_SECONDS, 3)))


def _return_held(state: State, seat: int) -> list[Event]:
    """A tile held goes back face down on its place (when a player stops or the game ends)."""
    held = state["holding"][seat]
    if held is None:
        return []
    state["places"][held["place"]] = held["tile"]
    state["holding"][seat] = None
    return [Event(Said("The tile you held goes back on place {place}.", place=held["place"] + 1), private_to=seat)]


def _too_slow(state: State, holder: int, place: int, pressed: int | None) -> Said:
    """A grab of a tile someone holds: who was faster and, when both presses carry their time,
    by how much (the table applies grabs in arrival order, which may differ from the stamps)."""
    lead = Said("Someone was faster: {seat} holds the tile from place {place}.", seat=seat_name(holder), place=place + 1)
    first = state["holding"][holder].get("at_ms")
    if pressed is None or first is None:
        return lead
    if pressed >= first:
        return Said("{lead} Their grab came {ms} ms before yours.", lead=lead, ms=pressed - first)
    return Said("{lead} Their grab reached the table first, although yours was stamped {ms} ms earlier.", lead=lead,
                ms=first - pressed)


def _place_arg(state: State, value: int) -> int:
    """A place index from an action, or a RuleError a player can read."""
    count = len(state["places"])
    if not 0 <= value < count:
        raise RuleError("There is no place {place}: places are numbered 1 to {count}.", place=value + 1, count=count)
    return value


def _final(state: State, seat: int) -> FinalHand:
    """A seat's hand scored; a player who left scores 0."""
    result = score_hand(state["hands"][seat], state["trophy"][seat])
    left = seat in state["flow"]["left"]
    return {**result, "left": left, "score": 0 if left else result["points"]}


def _move_of(state: State) -> Move | None:
    """The last move, copied: a view never shares a dict with the state."""
    move = state.get("moved")
    if move is None:
        return None
    return {"seat": move["seat"], "from": move["from"], "to": move["to"], "swapped": move["swapped"], "n": move["n"]}


def seat_view(state: State, seat: Seat | None) -> BugsView:
    """What `seat` sees (None: everyone): the table, who holds which place, counts of kept tiles;
    its own held tile; every hand once the game is over."""
    places = [_place_word(state, p) for p in range(len(state["places"]))]
    view: BugsView = {
        "players": state["players"],
        "phase": state["phase"],
        "places": places,
        "holding": [None if h is None else h["place"] for h in state["holding"]],
        "face_down": places.count(DOWN),
        "removed": len(state["removed"]),
        "trophies": list(state["trophies"]),
        "trophy": list(state["trophy"]),
        "stopped": list(state["stopped"]),
        "left": list(state["flow"]["left"]),
        "kept": [len(h) for h in state["hands"]],
        "countdown_at": state["countdown_at"],
        "beats": state.get("beats"),
        "moved": _move_of(state),
        "ends_at": state["ends_at"],
        "deadline": _deadline(state),
    }
    if seat is not None and 0 <= seat < state["players"]:
        held = state["holding"][seat]
        view["held"] = None if held is None else {
            "place": held["place"], "design": design_of(held["tile"]).id, "name": design_of(held["tile"]).name}
    if state["phase"] == OVER:
        hands = [_final(state, s) for s in range(state["players"])]
        view["hands"] = hands
        view["scores"] = [hand["score"] for hand in hands]
        view["ranks"] = list(flow.ranks(view["scores"], state["flow"]["left"]))
    return view


RULES = f"""**Bugs & Co** (2-8 players, real time: no turns, everybody plays at once)
**Tiles:** 75 monster tiles, 25 designs x 3 identical tiles: 15 designs with two eyes, 5 with one eye, 5 with three eyes. Each design is a body shape (round, long, square, spiky, pointy), a colour and its eyes, e.g. "green round bug, two eyes". Only the design counts, never the colour alone.
**Used:** 2-4 players: the two-eyed designs. 5-6: two-eyed plus one-eyed (option: three-eyed instead). 7-8: all. Trophies: 2 players 3; 3 players 3, 2; 4 players 3, 2, 1; 5 players 3, 2, 2, 1; 6-8 players 3, 3, 2, 2, 1. {REMOVED} tiles are removed unseen; the rest lie face down on numbered places.
**Play:** grab one face-down tile at a time; only you see it. Then either put it back face down (see Moving tiles) or keep it in your hand. You may never look at a kept tile again, not even your own: everyone sees only how many tiles each player keeps. If two players grab the same tile, the first wins and the other is told who was faster, and by how many milliseconds (it costs nothing).
**Moving tiles:** a tile you hold goes back on any place nobody else holds: its own, an empty one, or a face-down one, and then the two swap: the tile that lay there goes face down to the place yours came from, unseen by anyone, you included. Everyone sees which places a tile moved between, never the tiles. That is how you disturb the others' memory of the table.
**Trophies:** at any time you may take the highest trophy left: you stop playing (a tile you hold goes back). When the last trophy is taken, the countdown starts: {COUNTDOWN_BEATS} beats of {int(BEAT_SECONDS)} seconds ({int(COUNTDOWN_SECONDS)} s), the board showing how many are left, then everybody stops.
**Also stops:** nobody acts for {int(IDLE_SECONDS)} s, or the game reaches {int(MAX_SECONDS // 60)} minutes; or nobody is left playing.
**Away:** silent for {int(AWAY_SECONDS)} s while others play, you are away and a computer plays your seat until you click again.
**Scoring:** hands are sorted by design. Every set of 3 identical designs +3, every other tile -1, plus your trophy. Example: 4 sets, a pair, a single and the 2 trophy = 12 - 3 + 2 = 11. Most points wins; ties share the place.
**Leaving:** a tile you hold goes back; your hand is shown at the end but you score 0 and rank last. With fewer than two players left the game ends.
"""


@register
class Bugs(Game):
    name = "bugs"
    computer = "engine.computers.bugs"  # its computer player (engine/computers)
    title = "Bugs & Co"
    min_players = 2
    max_players = 8
    options = (Option(OPTION_THREE_EYED, "5-6 players: three-eyed monsters instead of one-eyed"),)
    shapes = ACTION_SHAPES
    common = COMMON
    unknown = Said("Grab a tile, put it back or keep it, or take a trophy.")
    rules = RULES

    # -----------------------------------------------------------------------------------------
    # Setup

    def setup(self, players: int, options: dict[str, bool], seed: int, now: float) -> State:
        if not self.min_players <= players <= self.max_players:
            raise RuleError("{game} takes {least}-{most} players.", game=self.title, least=self.min_players,
                            most=self.max_players)
        options = {o.key: bool(options.get(o.key, o.default)) for o in self.options}
        designs = designs_in_play(players, options[OPTION_THREE_EYED])
        tiles = [d * COPIES + k for d in designs for k in range(COPIES)]
        rng = Rng(seed)
        rng.shuffle(tiles)
        state: State = {
            "game": self.name,
            "players": players,
            "options": options,
            "rng": rng.state,
            "designs": designs,
            "removed": tiles[:REMOVED],
            "places": tiles[REMOVED:],
            "holding": [None] * players,
            "hands": [[] for _ in range(players)],
            "trophies": list(TROPHIES[players]),
            "trophy": [None] * players,
            "stopped": [],
            "phase": PLAY,
            "end": None,
            "started": now,
            "ends_at": after(now, MAX_SECONDS),
            "last_action": now,
            "seen": [now] * players,
            "countdown_at": None,
            "beats": None,
            "moved": None,
            "flow": flow.new(players),
        }
        flow.everyone(state["flow"], _deadline(state))
        return state

    # -----------------------------------------------------------------------------------------
    # Queries

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["phase"] == OVER or seat not in _playing(state):
            return []
        trophy = [{"type": "take_trophy"}] if state["trophies"] else []
        held = state["holding"][seat]
        if held is None:
            return [{"type": "grab", "place": p} for p, tile in enumerate(state["places"])
                    if tile is not None] + trophy
        back = [{"type": "put_back", "place": q} for q in range(len(state["places"]))
                if _holder(state, q) in (None, seat)]
        return back + [{"type": "keep"}] + trophy

    def upgrade(self, state: State) -> State:
        """A snapshot from before the beats and public moves: a countdown under way ends at its
        stored end in one beat; no move is known."""
        state.setdefault("beats", 1 if state.get("phase") == COUNTDOWN else None)
        state.setdefault("moved", None)
        return state

    def waiting_for(self, state: State) -> list[int]:
        return [] if state["phase"] == OVER else flow.waiting(state["flow"])

    # -----------------------------------------------------------------------------------------
    # Actions

    def play(self, state: State, seat: int | None, parsed: Action, now: float) -> list[Event]:
        if state["phase"] == OVER:
            raise RuleError("The game is over.")
        action = cast(BugsAction, parsed)  # `parse` checked it against ACTION_SHAPES
        kind = action["type"]
        if kind == "timeout":
            return self._timeout(state, seat, now)
        if kind == "leave":
            return self._leave(state, seat)
        seat = self._require_playing(state, seat)
        handlers: dict[str, Callable[[State, int, Any, float], list[Event]]] = {
            "grab": self._grab, "put_back": self._put_back, "keep": self._keep, "take_trophy": self._take_trophy}
        events = handlers[kind](state, seat, action, now)  # each takes its kind's TypedDict
        flow.acted(state["flow"], seat)
        self._mark_silent_away(state, seat, now)
        state["last_action"] = now
        state["flow"]["deadline"] = _deadline(state)
        return events

    @staticmethod
    def _mark_silent_away(state: State, seat: int, now: float) -> None:
        """`seat` acted at `now`: it was seen; anyone still playing and silent for AWAY_SECONDS is away.
        A snapshot from before this rule has no `seen`: everyone counts as seen at its last action."""
        seen = state.setdefault("seen", [state["last_action"]] * state["players"])
        seen[seat] = now
        away = state["flow"]["away"]
        away.extend(other for other in _playing(state)
                    if other not in away and now - seen[other] >= AWAY_SECONDS)

    def _require_playing(self, state: State, seat: int | None) -> int:
        """The seat, if it may play now; else a RuleError saying why not."""
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            raise RuleError("You have no seat in this game.")
        if seat in state["stopped"]:
            raise RuleError("You took a trophy: you have stopped playing.")
        flow.require(state["flow"], seat)
        return seat

    def _grab(self, state: State, seat: int, action: GrabAction, now: float) -> list[Event]:
        held = state["holding"][seat]
        if held is not None:
            raise RuleError("You already hold the tile from place {place}: put it back or keep it first.",
                            place=held["place"] + 1)
        place = _place_arg(state, action["place"])
        pressed = action.get("at_ms")
        holder = _holder(state, place)
        if holder is not None:
            raise RuleError(_too_slow(state, holder, place, pressed))
        tile = state["places"][place]
        if tile is None:
            raise RuleError("Place {place} is empty now.", place=place + 1)
        state["places"][place] = None
        state["holding"][seat] = {"place": place, "tile": tile, "at_ms": pressed}
        return [Event(Said("Place {place}: {tile}. Put it back or keep it.", place=place + 1, tile=design_of(tile).said),
                      private_to=seat, kind="look")]

    def _put_back(self, state: State, seat: int, action: PutBackAction, now: float) -> list[Event]:
        """On its own place (privately: nothing moved), or on another: empty, or face down and the
        two swap. A move is public, the tiles are not: nobody sees the one that was swapped away."""
        held = state["holding"][seat]
        if held is None:
            raise RuleError("You hold no tile: grab one first.")
        own = held["place"]
        wanted = action.get("place")
        place = own if wanted is None else _place_arg(state, wanted)
        holder = _holder(state, place)
        if holder not in (None, seat):
            raise RuleError("{seat} holds the tile of place {place} now: put yours on place {own} or on another place.",
                            seat=seat_name(holder), place=place + 1, own=own + 1)
        if place == own:
            state["places"][own] = held["tile"]
            state["holding"][seat] = None
            return [Event(Said("You put the tile back face down on place {place}.", place=own + 1), private_to=seat)]
        there = state["places"][place]
        state["places"][own], state["places"][place] = there, held["tile"]
        state["holding"][seat] = None
        count = (state.get("moved") or {}).get("n", 0) + 1
        state["moved"] = {"seat": seat, "from": own, "to": place, "swapped": there is not None, "n": count}
        if there is None:
            text = Said("{who} moves the tile from place {own} to empty place {place}, face down.",
                        who=seat_name(seat), own=own + 1, place=place + 1)
        else:
            text = Said("{who} puts the tile from place {own} on place {place} and the tile that lay there on "
                        "place {own}, both face down.", who=seat_name(seat), own=own + 1, place=place + 1)
        return [Event(text, kind="swap" if there is not None else "move")]

    def _keep(self, state: State, seat: int, action: KeepAction, now: float) -> list[Event]:
        held = state["holding"][seat]
        if held is None:
            raise RuleError("You hold no tile: grab one first.")
        state["hands"][seat].append(held["tile"])
        state["holding"][seat] = None
        return [Event(counted("You keep the tile, face down: {n} tile in your hand. You may not look at them again.",
                              "You keep the tile, face down: {n} tiles in your hand. You may not look at them again.",
                              len(state["hands"][seat])), private_to=seat)]

    def _take_trophy(self, state: State, seat: int, action: TakeTrophyAction, now: float) -> list[Event]:
        if not state["trophies"]:
            raise RuleError("No trophy is left.")
        value = state["trophies"].pop(0)
        state["trophy"][seat] = value
        state["stopped"].append(seat)
        state["flow"]["seats"].remove(seat)  # the EVERYONE phase waits on it no more
        events = _return_held(state, seat)
        events.append(Event(counted("{who} takes the {value}-point trophy and stops playing ({n} tile kept).",
                                    "{who} takes the {value}-point trophy and stops playing ({n} tiles kept).",
                                    len(state["hands"][seat]), who=seat_name(seat), value=value), kind="trophy"))
        if not state["trophies"]:
            state["phase"] = COUNTDOWN
            state["countdown_at"] = after(now, COUNTDOWN_SECONDS)
            state["beats"] = COUNTDOWN_BEATS
            events.append(Event(Said("That was the last trophy: {beats} beats of {seconds} seconds ({total} s), then "
                                     "everybody stops!", beats=COUNTDOWN_BEATS, seconds=int(BEAT_SECONDS),
                                     total=int(COUNTDOWN_SECONDS)), kind="countdown"))
        if not _playing(state):
            events += self._finish(state, "stopped")
        return events

    def _timeout(self, state: State, seat: int | None, now: float) -> list[Event]:
        if seat is not None:
            raise RuleError("Only the table's clock can stop the game.")
        deadline = _deadline(state)
        if deadline is None or now < deadline:
            raise RuleError("The time is not up yet.")
        if state["phase"] == COUNTDOWN and now >= state["countdown_at"]:
            return self._finish(state, "countdown")
        if now >= state["ends_at"]:
            return self._finish(state, "max")
        if state["phase"] == COUNTDOWN:
            return self._beat(state, now)
        return self._finish(state, "idle")

    @staticmethod
    def _beat(state: State, now: float) -> list[Event]:
        """A beat of the countdown ends: one fewer to come (every one that passed, when it comes late).
        No event: the board shows the beats left, and ten lines would push the news out."""
        state["beats"] = max(1, min(state["beats"] - 1, beats_after(state["countdown_at"], now)))
        state["flow"]["deadline"] = _deadline(state)
        return []

    def _leave(self, state: State, seat: int | None) -> list[Event]:
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            raise RuleError("Only a seated player can leave.")
        if seat in state["flow"]["left"]:
            raise RuleError("You have already left this game.")
        flow.leave(state["flow"], seat)
        events = _return_held(state, seat)
        events.append(Event(Said("{who} leaves the game and will score nothing.", who=seat_name(seat)), kind="leave"))
        if len(flow.in_game(state["flow"])) < 2:
            return events + self._finish(state, "alone")
        if not _playing(state):
            return events + self._finish(state, "stopped")
        return events

    def _finish(self, state: State, reason: str) -> list[Event]:
        """Everybody stops: tiles held go back, hands are revealed and scored."""
        for seat in range(state["players"]):
            _return_held(state, seat)
        state["phase"] = OVER
        state["end"] = reason
        state["beats"] = None
        state["flow"]["deadline"] = None
        opening = {"countdown": Said("Stop! The countdown is over."),
                   "idle": Said("Nobody has acted for {seconds} seconds: everybody stops.", seconds=int(IDLE_SECONDS)),
                   "max": Said("The game has lasted {minutes} minutes: everybody stops.", minutes=int(MAX_SECONDS // 60)),
                   "stopped": Said("Nobody is left playing."),
                   "alone": Said("Too few players are left.")}[reason]
        scores = None
        for s in range(state["players"]):
            result = _final(state, s)
            line = (Said("{who}: {score} (left: scores 0)", who=seat_name(s), score=_score_words(result))
                    if result["left"] else Said("{who}: {score}", who=seat_name(s), score=_score_words(result)))
            scores = line if scores is None else Said("{lines}\n{line}", lines=scores, line=line)
        outcome = self.outcome(state)
        assert outcome is not None  # the phase is OVER
        return [Event(Said("{opening} The game is over. {summary}\n{scores}", opening=opening,
                           summary=outcome.summary, scores=scores), kind="game_over")]

    # -----------------------------------------------------------------------------------------
    # Views and outcome

    def view(self, state: State, seat: Seat | None) -> View:
        return dict(seat_view(state, seat))  # the protocol speaks plain dicts

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != OVER:
            return None
        n = state["players"]
        left = state["flow"]["left"]
        scores = [_final(state, s)["score"] for s in range(n)]
        ranks = flow.ranks(scores, left)
        winners = [s for s in range(n) if ranks[s] == 1]
        best, who = scores[winners[0]], _and_list([seat_name(s) for s in winners])
        summary = (counted("{who} wins with {n} point.", "{who} wins with {n} points.", best, who=who)
                   if len(winners) == 1 else
                   counted("{who} win with {n} point each.", "{who} win with {n} points each.", best, who=who))
        others = [scores[s] for s in range(n) if s not in winners]
        margin = float(best - max(others)) if len(winners) == 1 and others else None
        return Outcome(ranks, tuple(float(x) for x in scores), summary,
                       won=tuple(s in winners for s in range(n)), margin=margin)

    def invariants(self, state: State) -> list[str]:
        broken: list[str] = []
        held = [h for h in state["holding"] if h is not None]
        everywhere = ([t for t in state["places"] if t is not None] + state["removed"]
                      + [t for hand in state["hands"] for t in hand] + [h["tile"] for h in held])
        expected = [d * COPIES + k for d in state["designs"] for k in range(COPIES)]
        if sorted(everywhere) != sorted(expected):
            broken.append(f"{len(everywhere)} tiles accounted for ({len(set(everywhere))} distinct), "
                          f"expected {len(expected)}")
        held_places = [h["place"] for h in held]
        if len(set(held_places)) != len(held_places):
            broken.append("two players hold the tile of one place")
        if any(state["places"][p] is not None for p in held_places):
            broken.append("a held tile's place is not empty")
        taken = [t for t in state["trophy"] if t is not None]
        if sorted(taken + state["trophies"]) != sorted(TROPHIES[state["players"]]):
            broken.append(f"trophies {taken} taken + {state['trophies']} left are not the game's")
        if state["trophies"] != sorted(state["trophies"], reverse=True):
            broken.append("the trophies left are not highest first")
        if sorted(s for s, t in enumerate(state["trophy"]) if t is not None) != sorted(state["stopped"]):
            broken.append("the players who stopped are not those with a trophy")
        stopped_or_gone = set(state["stopped"]) | set(state["flow"]["left"])
        if any(state["holding"][s] is not None for s in stopped_or_gone):
            broken.append("a player who stopped or left holds a tile")
        phase = state["phase"]
        if phase == OVER:
            if held:
                broken.append("a tile is held after the end")
            if state["flow"]["deadline"] is not None:
                broken.append("a finished game has a deadline")
        else:
            if (phase == COUNTDOWN) != (not state["trophies"]):
                broken.append(f"phase {phase} with {plural(len(state['trophies']), 'trophy', 'trophies')} left")
            if not _playing(state):
                broken.append("nobody is playing but the game goes on")
            beats = state.get("beats")
            if (phase == COUNTDOWN) != (beats is not None) or (beats is not None and not 1 <= beats <= COUNTDOWN_BEATS):
                broken.append(f"{beats} beats in phase {phase}")
            if state["flow"]["deadline"] is None:
                broken.append("no clock is running")
        return broken

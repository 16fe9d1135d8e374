"""Eye for an Eye's view as types: what `EyeForAnEye.view` shows, key by key.

The protocol speaks plain JSON dicts (a view is sent, logged and rebuilt as one), so these are
TypedDicts: the same dicts, with their keys and values named, so the board's renderer and the
cog read them checked (mypy) instead of trusting strings. engine/arena/views.py builds an
`ArenaView` against them; `as_view` takes back a view the protocol handed over as a plain dict.

A few parts are read as optional although the engine always sends them: a seat's advanced-rules
parts exist only under the advanced rules, and the readers take an absent mode, turn order or
innate action as empty (`view["turns"] or {}`), so those types are `total=False`; a pending
attack's `guard`, `by`, `card` and `nymphlet` are read with `.get` (boards drawn by hand, such as
the render's specimen, leave them out).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from ..errors import StoredText
from ..hexgrid import Hex

Phase = Literal["start", "countdown", "fight", "roll", "turns", "declare", "over"]
FigureStatus = Literal["standing", "out", "left", "idle"]  # figures.STANDING, OUT, LEFT, IDLE


# ------------------------------------------------------------------------------------ the arena


class AreaView(TypedDict):
    """A starting area: its hexes and the facing a figure starts with."""

    hexes: list[Hex]
    facing: int


class BoardView(TypedDict):
    """The arena's fixed layout (the render draws it once and caches it)."""

    name: str
    hexes: list[Hex]
    impassable: list[Hex]
    blocks_sight: list[Hex]
    high_ground: list[Hex]
    areas: dict[str, AreaView]  # by colour
    compass: list[str]
    stream: list[Hex]  # the Rainforest's open stream hexes; [] on the Bushland
    flows: str | None  # the compass direction the stream flows


# ------------------------------------------------------------------------------------ a seat


class TrackView(TypedDict):
    """One track of a player board (a basic action, the innate action or a Tribal card)."""

    key: str
    name: str
    face: str
    spaces: int
    min: int
    count: int  # dice on it
    ready: bool  # at least `min` dice
    reaction: bool
    fits: int  # pool dice that would go onto it now


class InnateView(TypedDict, total=False):
    """A character's innate dice action (advanced rules); read as {} when there is none."""

    key: str
    name: str
    face: str
    min: int
    reaction: bool
    count: int


class PassiveView(TypedDict):
    key: str
    name: str
    text: str


class CardView(TypedDict):
    """A Tribal card: Unready it takes `ready_cost` Ready dice; Ready, its use dice."""

    key: str
    name: str
    band: int  # 1-3
    ready: bool
    ready_cost: int
    use_face: str
    use_min: int
    bonus: int  # spaces beyond the use's minimum
    reaction: bool
    count: int  # dice on its track


class StatusView(TypedDict):
    """Netted or Hidden: until a time (real time), or which turn ends it (turn-based)."""

    key: str
    name: str
    until: float | None
    ends: Literal["start", "end"] | None


class GuardView(TypedDict):
    """One of Echo's Guards on the board."""

    guard: int  # its number, 0 first
    hex: Hex
    facing: int
    front: list[Hex]
    statuses: list[StatusView]


class AdvancedParts(TypedDict, total=False):
    """What the advanced rules add to a seat: all of these keys, or none without them."""

    innate: InnateView | None
    passives: list[PassiveView]
    cards: list[CardView]
    heat: int
    statuses: list[StatusView]
    guards: list[GuardView | None]  # Echo's, each on the board or None (in the supply); [] for the others
    guard_tokens: int


class SeatView(AdvancedParts):
    """One seat as everyone sees it: its figure, its board and dice, its scores."""

    seat: int
    character: str
    name: str  # the character's
    colour: str  # its starting area's
    status: FigureStatus
    hex: Hex | None  # None off the board (knocked out, left, sitting out)
    facing: int
    front: list[Hex]
    sight: list[Hex]
    health: int
    max_health: int
    cup: int  # what this player landed this round; Alliances: the team's cup is in `teams`
    team: int | None
    trophies: list[int]  # the seats it knocked out this round
    points: int
    auto_parry: bool
    away: bool
    left: bool
    pool: list[str | None]  # faces; None unrolled
    tracks: list[TrackView]
    marker: int | None  # turn-based: its turn-order marker, 1 first
    rolls_left: int | None
    passed: bool


# ------------------------------------------------------------------------------------ the round


class PendingView(TypedDict):
    """An attack waiting to land; `deadline` is its defender's window to answer, if open."""

    attacker: int
    defender: int
    action: str
    hits: int
    unblockable: int
    arc: Literal["front", "rear"]
    rolled: list[str] | None  # turn-based: the faces it rolled
    deadline: float | None
    guard: NotRequired[int | None]  # aimed at one of Echo's Guards
    by: NotRequired[int | None]  # made by one of Echo's Guards
    card: NotRequired[str | None]  # the Tribal card that made it
    nymphlet: NotRequired[int | None]  # the Ceremony: a catch of this Nymphlet (its place in the mode's list)


class PausedView(TypedDict):
    """The Tribal card everyone waits on (rule 14)."""

    seat: int
    card: str


class TurnsView(TypedDict, total=False):
    """Turn-based play's game turn and turn order; read as {} in real time."""

    game_turn: int
    game_turns: int | None  # the cap on game turns; None where the mode's own rule ends the round
    markers: list[int | None]  # the seat holding each marker, 1st first
    active: int | None  # the seat on turn
    actions_left: int


class TeamView(TypedDict):
    seats: list[int]
    cup: int


class CurrentView(TypedDict):
    """A Raging Current track of the Rainforest (advanced rules) and whose dice are on it."""

    key: str
    name: str
    faces: list[str]
    corner: str  # NW, NE, SW, SE
    shift: int  # hexes the stream moves when it fills (negative: upstream)
    flood: bool
    dice: list[int | None]  # the seat whose die fills each space


# ------------------------------------------------------------------------------------ game modes


class CallsView(TypedDict):
    """Domination in real time: Burraparay! calls made, of how many."""

    made: int
    of: int


class DeclaredView(TypedDict):
    """Domination, turn-based: one player's declaration."""

    trigger: bool
    dice: int


# "not" is a keyword, hence the functional form.
TriggerView = TypedDict("TriggerView", {
    "seats": list[int], "declared": list[bool], "rolls": list[list[str]], "trigger": int, "not": int,
    "scored": bool,
})


class HillCardView(TypedDict):
    faces: list[str]
    dice: list[int | None]  # the seat whose die fills each space


class NymphletView(TypedDict):
    owner: int
    hex: Hex


ModeKey = Literal["domination", "hill", "ceremony"]  # the alternative modes (modes.VictoryPoints)


class ModeView(TypedDict, total=False):
    """What a game mode shows (`game_mode`; None in Every Eye for Themselves, which the readers
    take as {}): every mode its key, title and this round's Victory Points, then its own pieces."""

    key: ModeKey
    title: str
    vp: list[int]  # by seat
    # Domination
    flower: str | None  # the current flower's colour
    area: list[Hex]  # its area
    deck: int  # flower cards left
    scored: int
    calls: CallsView | None  # None turn-based
    declared: list[DeclaredView | None]  # by seat
    trigger: TriggerView | None  # the last Burraparay? declaration's result
    # King of the Hill
    hill: list[Hex]
    card: HillCardView
    climbing: bool
    scorings: int
    # The Nymphlet Ceremony
    nymphlets: list[NymphletView]
    catches: list[int]  # by seat


# ------------------------------------------------------------------------------------ the view


class RoundResult(TypedDict):
    """A round played, its sides' scores and ranks by seat."""

    round: int
    tiebreak: bool
    seats: list[int]
    scores: list[int]
    ranks: list[int]
    points: list[int]
    health: list[int]
    ended: NotRequired[str]  # how: rounds.KNOCKOUT, SCORING, PASSED, TIME or CAP (a round stored before: none)


class ArenaView(TypedDict):
    """What everyone sees (nothing in the game is hidden); a seat's view adds `you`."""

    game: Literal["arena"]
    mode: Literal["turn_based", "realtime"]
    phase: Phase
    round: int
    rounds: int
    round_seconds: float  # a real-time round's clock (a quick match's is shorter)
    tiebreak: bool
    passed: list[int]  # real time: the seats done for this round (it ends when every figure standing has)
    in_round: list[int]  # the seats playing this round
    deadline: float | None  # the clock shown (never a mode's secret timer)
    phase_deadline: float | None
    waiting: list[int]
    board: BoardView
    seats: list[SeatView]
    pending: list[PendingView]
    paused: PausedView | None
    turns: TurnsView | None  # None in real time
    teams: list[TeamView] | None  # Alliances
    currents: list[CurrentView] | None  # the Rainforest, advanced
    game_mode: ModeView | None
    ranks: list[int]  # the match standings now
    results: list[RoundResult]
    log: list[StoredText]  # the newest lines as stored (engine.errors.read reads them), seats as '{0}'
    ended: Literal["rounds", "left"] | None
    you: NotRequired[int]  # a seat's own view: whose it is


def as_view(view: Mapping[str, Any]) -> ArenaView:
    """A view the protocol handed over as a plain dict, read as what `EyeForAnEye.view` built."""
    return cast(ArenaView, view)

"""Game modes (rules 24-28): which one a match plays, and the few points where the rules ask it.

Every Eye for Themselves is the plain `Mode`: every hook keeps the core game as it is. The
alternative modes score Victory Points (`VictoryPoints`, rule 28 and ARENA.md 4.8-4.9) and add
their own rules by overriding hooks. A game option picks the mode (at most one, `mode_for`);
`state["game_mode"]` holds its key and `state["mode"]` its own data (plain JSON, empty for Every Eye).

Where the rules ask the mode:
- setup (`setup`, drawing from the match's generator) and each round's figures (`prepare`);
- placing before a round: which hexes (`start_hexes`) and which facings (`clear_start`);
- the round: Yarra Mark! (`begin`), its own timed events (`timer`, `fire`; a `secret_timer` is not
  shown to players; `rest_of_round` when everyone has passed), turn-based what happens between game
  turns (`between_game_turns`) and the cap on game turns (`tb_game_turns`: Every Eye's rule, or in the
  alternative modes a safety net, `tb_safety_cap`), and its own end (`round_over`);
- its own phases (`phases`): who it waits on (`waiting`), what a seat may do (`legal`), doing it
  (`play`), the phase clock running out (`timeout`), a player leaving during one (`after_leave`);
- its moves in the core's phases: the choices it adds (`dice_choices`, `resolve_choices`) and the
  moves it `claims`, which it plays (`act`) or, in a match of another mode, refuses;
- scoring: a round of a mode with `round_vp` adds each player's VP to their points (`VictoryPoints`),
  else the core's points for cups and survivors; `ranks` orders the match;
- `view` and `invariants`.

The core imports no mode: the options that pick one are declared here (`MODE_OPTIONS`, in the order
a stored rules button keeps them), and engine/arena/__init__.py plugs the built modes in (`plug`).

Built: Domination (engine/arena/domination), King of the Hill (engine/arena/hill: its hill card
is a shared track, the `hill` dice action, `max_players` 4, turn-based `round_over` at the third
scoring, Manoeuvre cards dealt as state["hands"]) and the Nymphlet Ceremony (engine/arena/ceremony:
its Nymphlets are movement-blocking tokens it adds in `prepare`, its catches `gain` VP, 1 instead
of 2 once the catcher is out through its own `round_vp` with `knockout_penalty` 0, and its round is
over when no Nymphlet is left).
"""
from __future__ import annotations

from typing import ClassVar

from .. import flow
from ..errors import Either, RuleError, Said, Term, counted
from ..protocol import Action, Event, Option, Seat, ranked
from ..rng import Rng
from .action_types import ArenaAction
from .board import Key, clear_front
from .data import KNOCKOUT_PENALTY, TB_GAME_TURNS, TB_SAFETY_GAME_TURNS
from .figures import OUT, State, arena, occupied
from .sides import side_of
from .view_types import ModeKey, ModeView

MODE_GROUP = "mode"  # the options that pick a mode share this group: the lobby keeps one on (Option.group)
MODE_OPTIONS: dict[str, Option] = {  # the modes a match may play, by the key of the mode that plays each
    "domination": Option("domination", "Domination: hold the flower's area at Burraparay!", group=MODE_GROUP),
    "hill": Option("hill", "King of the Hill: hold the hill when the hill card scores", max_players=4,
                   group=MODE_GROUP),
    "ceremony": Option("ceremony", "Nymphlet Ceremony: catch the others' Nymphlets", group=MODE_GROUP),
}


class Mode:
    """Every Eye for Themselves (rule 24): cups and survivors rank each round (rule 19)."""

    key: ClassVar[str] = "every_eye"
    title: ClassVar[str] = Term("Every Eye for Themselves", "arena mode")
    option: ClassVar[Option | None] = None  # the game option that picks it; None: the default
    max_players: ClassVar[int] = 6
    tb_game_turns: ClassVar[int] = TB_GAME_TURNS  # a turn-based round's cap (ARENA.md 4.13)
    tb_safety_cap: ClassVar[bool] = False  # the cap is only a safety net: the mode's own rule ends a round
    phases: ClassVar[tuple[str, ...]] = ()  # phases of its own, played through `play`
    secret_timer: ClassVar[bool] = False  # its timed events come unannounced: views leave them out
    rules: ClassVar[str] = ""  # what /rules adds for the mode

    # ---------------------------------------------------------------- setup and placing

    def setup(self, state: State, rng: Rng) -> None:
        state["mode"] = {}

    def prepare(self, state: State) -> None:
        """A round is set up: the figures stand in their starting areas (rounds.prepare)."""

    def start_hexes(self, state: State, seat: Seat) -> list[Key]:
        """Where the seat's figure may stand before the round: its starting area (rule 1)."""
        return list(arena(state).areas[state["areas"][seat]][0])

    def start_words(self, state: State, seat: Seat) -> str:
        hexes = ", ".join(str(list(h)) for h in self.start_hexes(state, seat))
        return Said("Your starting area is {hexes}.", hexes=hexes)

    def start_blockers(self, state: State, seat: Seat) -> set[Key]:
        """What may not stand in a start position's front arc (rule 1): every figure and token but the seat's."""
        return occupied(state, but=seat)

    def clear_start(self, state: State, seat: Seat, where: list[int], facing: int,
                    blocked: set[Key] | None = None) -> bool:
        """A start position's front arc is clear: on the board, no terrain, nothing `start_blockers`
        names (`blocked`: given by a caller asking of many positions at once)."""
        return clear_front(arena(state), self.start_blockers(state, seat) if blocked is None else blocked,
                           where, facing)

    def clear_words(self, state: State) -> str:
        """Why `clear_start` refused a start position."""
        return Said("Your front arc must be clear: no edge, {obstacle} or figure in front of you.",
                    obstacle=arena(state).obstacle)

    # ---------------------------------------------------------------- the round

    def begin(self, state: State, now: float) -> list[Event]:
        """Yarra Mark!: the round starts."""
        return []

    def timer(self, state: State) -> float | None:
        """When the mode's next timed event is due (None: none)."""
        return None

    def fire(self, state: State, now: float) -> list[Event]:
        """The mode's timed event is due."""
        raise RuleError("The time is not up yet.")

    def between_game_turns(self, state: State, now: float) -> list[Event] | None:
        """Turn-based: what comes when a game turn is over, before the next; None: the next."""
        return None

    def round_over(self, state: State) -> str | None:
        """Why the round ends now by the mode's own rule (None: it goes on)."""
        return None

    def rest_of_round(self, state: State, now: float) -> list[Event]:
        """Real time, everyone standing has passed: what the round's clock would still bring with
        nobody acting, happening now before the round ends (rounds.pass_round)."""
        return []

    # ---------------------------------------------------------------- its moves in the core's phases

    def dice_choices(self, state: State, seat: Seat) -> list[Action]:
        """Dice moves the mode adds to the seat's own (the Hill: dice onto the hill card)."""
        return []

    def resolve_choices(self, state: State, seat: Seat) -> list[Action]:
        """Moves the mode adds to what the seat may resolve (the Ceremony: catch and Scamper)."""
        return []

    # its own moves in the core's phases (the Hill's dice onto its card; the Ceremony's catch and
    # Scamper), which `act` plays: each a type, with the field that marks it (None: any of that type)
    moves: ClassVar[tuple[tuple[str, str | None], ...]] = ()

    def claims(self, action: ArenaAction) -> bool:
        """Whether the action is one of the mode's own `moves` (asked of every mode: data, not code of theirs)."""
        return any(action["type"] == kind and (field is None or field in action) for kind, field in self.moves)

    def act(self, state: State, seat: Seat, action: ArenaAction, now: float) -> list[Event]:
        """Play a move the mode `claims`; called whichever mode the match plays, so it refuses when
        the match plays another."""
        raise RuleError("You may not act now.")

    # ---------------------------------------------------------------- its own phases

    def legal(self, state: State, seat: Seat) -> list[Action]:
        return []

    def waiting(self, state: State) -> list[Seat]:
        """Who its phase waits on now."""
        return []

    def play(self, state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        raise RuleError("You may not act now.")

    def timeout(self, state: State, now: float) -> list[Event]:
        raise RuleError("The time is not up yet.")

    def after_leave(self, state: State, now: float) -> list[Event]:
        return []

    # ---------------------------------------------------------------- scoring

    def round_vp(self, state: State) -> list[int] | None:
        """Each seat's Victory Points for the round (None: the round scores cups and survivors, rule 19)."""
        return None

    def ranks(self, state: State) -> tuple[int, ...]:
        """The match's ranks by points; seats that left rank below all who stayed."""
        return flow.ranks(state["points"], state["flow"]["left"])

    def score_words(self, points: int) -> str:
        return counted("{n} point", "{n} points", points)

    def decided_by(self, state: State, best: list[Seat]) -> str:
        """How a win above others with as many points was decided ('' when it was not)."""
        return ""

    # ---------------------------------------------------------------- shown and checked

    def view(self, state: State) -> ModeView | None:
        return None

    def invariants(self, state: State) -> list[str]:
        return []


class VictoryPoints(Mode):
    """The alternative modes: players score Victory Points during a round, and a round's VP add to
    their points (ARENA.md 4.9). Each ends its turn-based rounds by its own rule (`round_over`, 4.20:
    King of the Hill's third scoring, the last flower scored, the last Nymphlet caught), or when one
    side is left; TB_SAFETY_GAME_TURNS only stops a round nobody would ever end that way. A knocked-out player loses `knockout_penalty` VP (rule 28); the
    most VP wins the match, a tie goes to the most health left at the end of the last round, and
    is shared if still tied (4.8): no tiebreak round. VP may go below zero. In Alliances, allies
    add their VP together (rule 28): rounds.end_round gives each player their side's VP, as it
    gives Every Eye's points, and a side's health left is its players' together."""

    key: ClassVar[ModeKey]
    knockout_penalty: ClassVar[int] = KNOCKOUT_PENALTY
    tb_game_turns = TB_SAFETY_GAME_TURNS
    tb_safety_cap = True

    def setup(self, state: State, rng: Rng) -> None:
        state["mode"] = {"vp": [0] * state["players"]}

    def prepare(self, state: State) -> None:
        state["mode"]["vp"] = [0] * state["players"]

    def gain(self, state: State, seat: Seat, vp: int) -> None:
        state["mode"]["vp"][seat] += vp

    def round_vp(self, state: State) -> list[int]:
        """Each seat's VP for the round: what it scored, less the penalty if knocked out (rule 28)."""
        return [vp - (self.knockout_penalty if state["figures"][s]["status"] == OUT else 0)
                for s, vp in enumerate(state["mode"]["vp"])]

    @staticmethod
    def health_left(state: State) -> list[int]:
        """Per seat, its side's health at the end of the last round played (the match's tiebreak)."""
        last = state["results"][-1] if state["results"] else None
        if last is None:
            return [0] * state["players"]
        by_seat = dict(zip(last["seats"], last["health"], strict=True))
        return [sum(by_seat.get(s, 0) for s in side_of(state, seat)) for seat in range(state["players"])]

    def ranks(self, state: State) -> tuple[int, ...]:
        left, health = state["flow"]["left"], self.health_left(state)
        return ranked([(s not in left, state["points"][s], health[s]) for s in range(state["players"])])

    def score_words(self, points: int) -> str:
        return Said("{points} VP", points=points)

    def decided_by(self, state: State, best: list[Seat]) -> str:
        health = self.health_left(state)
        level = [s for s in range(state["players"]) if s not in best and s not in state["flow"]["left"]
                 and state["points"][s] == state["points"][best[0]]]
        if not level:
            return ""
        return Said("on health left ({health} to {next})", health=health[best[0]], next=max(health[s] for s in level))

    def view(self, state: State) -> ModeView | None:
        return {"key": self.key, "title": str(self.title), "vp": list(state["mode"]["vp"])}

    def invariants(self, state: State) -> list[str]:
        vp = state["mode"]["vp"]
        if len(vp) != state["players"] or not all(isinstance(v, int) and v >= 0 for v in vp):
            return [f"VP this round are not a count per seat: {vp}"]
        return []


EVERY_EYE = Mode()
MODES: dict[str, Mode] = {EVERY_EYE.key: EVERY_EYE}


def plug(*modes: Mode) -> None:
    """The modes a match may play besides Every Eye (engine/arena/__init__.py plugs the built ones in)."""
    for mode in modes:
        assert mode.option is MODE_OPTIONS[mode.key], f"{mode.key} is picked by its MODE_OPTIONS entry"
        MODES[mode.key] = mode


def claiming(action: ArenaAction) -> Mode | None:
    """The mode whose own move the action is, if any (it plays it, or refuses it in another mode's match)."""
    return next((mode for mode in MODES.values() if mode.claims(action)), None)


def mode_rules() -> dict[str, str]:
    """Each mode's own rules for /rules, by the key of its option."""
    return {mode.option.key: mode.rules for mode in MODES.values() if mode.option is not None}


def mode_of(state: State) -> Mode:
    return MODES[state.get("game_mode", EVERY_EYE.key)]


def mode_for(options: dict[str, bool]) -> Mode:
    """The mode the options pick: Every Eye unless one mode's option is on; two is refused."""
    chosen = [m for m in MODES.values() if m.option is not None and options.get(m.option.key)]
    if len(chosen) > 1:
        raise RuleError("Pick one mode: {modes}.", modes=Either(m.title for m in chosen))
    return chosen[0] if chosen else EVERY_EYE


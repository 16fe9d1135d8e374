"""King of the Hill (option `hill`, rule 26; ARENA.md 2.2, 2.3, 2.7): stand on the hill when the
hill card scores. Victory Points as every alternative mode scores them (modes), 2-4 players.

The hill: the Bushland's High Ground (the centre hex and its 6 neighbours), or the Rainforest's 7
open stream hexes (board.Arena.high_ground holds either).

The hill card is a shared track (shared) of one Move, one Ready and one Special space: anyone
locks matching pool dice on it at any time they may handle dice (real time: the fight; turn-based:
the realtime roll phase), and they stay locked until the die that fills it triggers it and sends
every die home. The rulebook: the first fill is "Climbing the Hill!" (a health token goes on the
card, nothing scores), the second "King of the Hill!". We read the fills as alternating: odd
fills climb, even fills score, so a round scores at every second fill. At a scoring every
standing figure on the hill scores 1 VP plus 1 for each player of the round not on it (knocked
out counts as not on it; players who left the match do not count). Echo: only the Chief counts
(ARENA.md 4.10), as for Domination. Turn-based, a round ends at its third scoring (the rulebook's
"the game ends" read per round, as Domination's end is; ARENA.md 4.20), with only a safety cap on
game turns (modes.VictoryPoints); real time it ends as Every Eye's does.

With the advanced rules each player plays Manoeuvre cards instead of the Tribal cards: their
character's Band I card and the 2 General Manoeuvres they picked in the lobby (engine/arena/manoeuvres,
as Domination does). A knocked-out player loses 5 VP (rule 28).

state["mode"]: "vp" (modes), "fills" (the hill card's fills this round: odd means a health token
lies on it) and "scorings" (this round); the track's dice are state["shared"]["hill"].
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuleError, Said, Term
from ..protocol import Action, Event, Seat
from ..rng import Rng
from .action_types import ArenaAction
from .board import key
from .data import HILL_FACES, HILL_SCORINGS_TB, KNOCKOUT_PENALTY, TB_SAFETY_GAME_TURNS
from .domination import together
from .figures import State, arena, name, say, standing
from .manoeuvres import deal_hands
from .modes import MODE_OPTIONS, VictoryPoints, mode_of
from .shared import lock, room
from .view_types import ModeView

HILL = "hill"  # the hill card's key among the shared tracks


@dataclass(frozen=True)
class HillCard:
    """The shared hill card (shared.SharedTrack): one die of each face fills it."""

    name: str = "hill card"
    faces: tuple[str, ...] = HILL_FACES


HILL_CARD = HillCard()

def on_hill(state: State) -> list[Seat]:
    """The standing figures on the hill (Echo: the Chief only, ARENA.md 4.10)."""
    hill = arena(state).high_ground
    return [s for s in standing(state) if key(state["figures"][s]["hex"]) in hill]


def hill_room(state: State, seat: Seat) -> int:
    """How many of `seat`'s pool dice could go on the hill card now (0 when the mode is not the Hill)."""
    return room(state, seat, HILL, HILL_CARD) if isinstance(mode_of(state), KingOfTheHill) else 0


class KingOfTheHill(VictoryPoints):
    key = "hill"
    title = Term("King of the Hill", "arena mode")
    option = MODE_OPTIONS["hill"]
    max_players = 4
    moves = (("hill", None),)

    def act(self, state: State, seat: Seat, action: ArenaAction, now: float) -> list[Event]:
        """Lock dice on the hill card; the die that fills it climbs or scores."""
        mode = mode_of(state)
        if not isinstance(mode, KingOfTheHill):
            raise RuleError("The hill card is King of the Hill's.")
        return mode.add(state, seat, action.get("count"))

    def dice_choices(self, state: State, seat: Seat) -> list[Action]:
        return [{"type": "hill"}] if hill_room(state, seat) else []
    rules = (
        "**King of the Hill** (option, 2-4 players): the hill is the High Ground (the Rainforest: the 7 "
        "open stream hexes). Anyone may lock a Move, a Ready and a Special die on the shared **hill card** "
        "(turn-based: in the realtime roll phase); locked dice stay until the die that fills it sends them "
        "all home. The first fill is **Climbing the Hill!**, the second **King of the Hill!**: every figure "
        "on the hill scores 1 VP plus 1 for each player not on it; then it climbs again, and so on. "
        f"Turn-based, a round ends at its {HILL_SCORINGS_TB}rd scoring (should that never come, after "
        f"{TB_SAFETY_GAME_TURNS} game turns). A knocked-out player loses "
        f"{KNOCKOUT_PENALTY} VP. VP add up over the rounds; a tie goes to the most health left. Advanced "
        "rules: your character's Band I card and the 2 General Manoeuvres you picked in the lobby (Shove, "
        "Sprint, Pull, Spin, Sweep; a random pair if you did not) replace the Tribal cards."
    )

    def setup(self, state: State, rng: Rng) -> None:
        super().setup(state, rng)
        state["mode"].update(fills=0, scorings=0)
        deal_hands(state, rng)

    def prepare(self, state: State) -> None:
        super().prepare(state)
        state["mode"].update(fills=0, scorings=0)
        state["shared"][HILL] = [None] * len(HILL_CARD.faces)

    # ---------------------------------------------------------------- the hill card

    def add(self, state: State, seat: Seat, count: int | None) -> list[Event]:
        return lock(state, seat, HILL, HILL_CARD, count, lambda home: self.filled(state, seat, home))

    def filled(self, state: State, seat: Seat, home: str) -> list[Event]:
        """`seat`'s die filled the hill card: odd fills climb, even fills score."""
        state["mode"]["fills"] += 1
        if state["mode"]["fills"] % 2:
            return [say(state, Said("{who} fills the hill card: Climbing the Hill! The next fill scores. {home}",
                                    who=name(state, seat), home=home), kind="climb")]
        return [say(state, Said("{who} fills the hill card. {home}", who=name(state, seat), home=home))] + self.score(state)

    def score(self, state: State) -> list[Event]:
        """King of the Hill!: every figure on the hill scores 1 VP plus 1 per player of the round off it."""
        players = [s for s in state["in_round"] if s not in state["flow"]["left"]]
        on = on_hill(state)
        each = 1 + len(players) - len(on)
        for seat in on:
            self.gain(state, seat, each)
        state["mode"]["scorings"] += 1
        if not on:
            return [say(state, Said("King of the Hill! Nobody is on the hill."), kind="hill")]
        if len(on) == 1:
            return [say(state, Said("King of the Hill! {who} is on the hill: {vp} VP.", who=together(state, on), vp=each),
                        kind="hill")]
        return [say(state, Said("King of the Hill! {who} are on the hill: {vp} VP each.", who=together(state, on),
                                vp=each), kind="hill")]

    def round_over(self, state: State) -> str | None:
        if state["turn_based"] and state["mode"]["scorings"] >= HILL_SCORINGS_TB:
            return Said("the hill has scored {times} times", times=HILL_SCORINGS_TB)
        return None

    # ---------------------------------------------------------------- shown and checked

    def view(self, state: State) -> ModeView | None:
        shown = super().view(state)
        assert shown is not None
        return shown | {
            "hill": sorted(list(h) for h in arena(state).high_ground),
            "card": {"faces": list(HILL_CARD.faces), "dice": list(state["shared"].get(HILL, []))},
            "climbing": state["mode"]["fills"] % 2 == 1,
            "scorings": state["mode"]["scorings"],
        }

    def invariants(self, state: State) -> list[str]:
        broken = super().invariants(state)
        data = state["mode"]
        if data["scorings"] != data["fills"] // 2:
            broken.append(f"the hill scored {data['scorings']} times in {data['fills']} fills")
        if len(state["shared"].get(HILL, [])) != len(HILL_CARD.faces):
            broken.append("the hill card is missing")
        return broken

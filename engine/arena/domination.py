"""Domination (rule 27; ARENA.md 2.4, 2.7, 3.4): hold the Ceremonial Flower's starting area when
Chief Eucalypt calls "Burraparay!". Victory Points as every alternative mode scores them (modes).

Placing: figures start on the six hexes around the centre hex. By default they spread round
that ring (2 players opposite, 3 on every other hex, 4 in two pairs) and each faces a free ring
hex beside it (counter-clockwise first), or the centre between two: its front arc is then that
free hex, the centre and an open hex, clear of edge, stone and figure. With 5 or 6 players some
figure has no free ring hex beside it and faces straight out from the centre instead: a standing
stone ahead, and never a figure. Before each round a player may stand on any free hex of the ring
facing any side (the rulebook's "a direction of their choice") whose front arc holds no figure,
out of every other figure's front arc: nobody starts able to strike or be struck.

The flowers: one card per starting-area colour, shuffled from the match's generator. Yarra Mark!
flips the top card, the current flower. At a scoring every figure standing on the current
flower's area scores 1 VP plus 1 for each player of the round not on it (knocked-out players
count as not on it; players who left the match do not count); then the next card is flipped,
the face-up cards shuffled into a fresh deck when it has run out.

Real time: four calls a round, each at a time drawn at Yarra Mark! within its window of
BURRAPARAY_WINDOWS (a quick match's shorter round: the windows shrink with it, `call_windows`)
and kept secret (views leave it out); each call scores. The round ends as Every Eye's does (when
everyone has passed, the calls still to come are made at once: nobody moves any more); the deck
carries over from round to round.
Turn-based: when a game turn is over, the standing players declare Trigger or Not and how many
dice of their pool they roll ("declare" phase, TB_DECLARE_SECONDS; whoever has not declared by
then: Not, no dice). Attack counts for Trigger, Defence for Not, Special for its roller's own
declaration (2.4); more for Trigger scores. The rolled dice keep their faces into the next
realtime phase, whose first roll leaves them be (they count as rolled). Declarations are public as
they are made, so the rulebook's hint holds (ARENA.md 4.23): the holder of the last turn-order
marker, who acted last in the game turn, declares knowing the most. A round starts a fresh deck and
ends once every card has been scored (4.20), or when one side is left; TB_SAFETY_GAME_TURNS only
stops a round whose flowers nobody would ever score.

With the advanced rules, the rulebook replaces the Tribal cards with each character's Manoeuvre
card and two General Manoeuvres picked in the lobby (ARENA.md 2.7, 4.22), as King of the Hill does
(engine/arena/manoeuvres). With Alliances (rule 27 allows it), allies add their VP together (modes.VictoryPoints);
a figure scores on the flower's area whoever else stands there, and "every player not on it"
counts allies too, as the rulebook words it.

state["mode"]: "vp" (modes), "deck" (engine/deck), "flower", "calls" (real time: the call times
still to come this round), "scored" (flowers scored this round), "declared" (per seat: None or
{"trigger": bool, "dice": n}) and "trigger" (the last declaration's rolls, for the board).
"""
from __future__ import annotations

import copy

from .. import flow
from ..deck import discard, draw, new_deck
from ..errors import RuleError, Said, Term, counted
from ..flow import after
from ..hexgrid import neighbour
from ..protocol import Action, Event, Seat
from ..rng import Rng, rng_of
from .action_types import ArenaAction
from .board import AREA_NAMES, Key, clear_front, front_arc, key
from .data import (
    BURRAPARAY_WINDOWS,
    KNOCKOUT_PENALTY,
    QUICK_CALLS_EVERY,
    ROUND_SECONDS,
    TB_DECLARE_SECONDS,
    TB_SAFETY_GAME_TURNS,
)
from .dice import faces_text, roll_faces
from .figures import State, arena, name, occupied, say, standing
from .manoeuvres import deal_hands
from .modes import MODE_OPTIONS, VictoryPoints
from .rounds import FIGHT, round_seconds
from .sides import standing_sides
from .turns import DECLARE, ROLL, next_game_turn
from .view_types import CallsView, DeclaredView, ModeView, TriggerView

CENTRE = [0, 0]
RING: tuple[Key, ...] = tuple(key(neighbour(CENTRE, d)) for d in range(6))  # by direction from the centre
SPREAD: dict[int, tuple[int, ...]] = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4),
                                      6: (0, 1, 2, 3, 4, 5)}  # players -> ring hexes, by seat
NOT_DECLARED = {"trigger": False, "dice": 0}


def on_area(state: State, colour: str) -> list[Seat]:
    """The standing figures on a hex of the `colour` starting area (Echo: the Chief only, 4.10)."""
    area = {key(h) for h in arena(state).areas[colour][0]}
    return [s for s in standing(state) if key(state["figures"][s]["hex"]) in area]


def together(state: State, seats: list[Seat]) -> str:
    """'Grublic ({0})', 'Grublic ({0}) and Pluma ({3})', 'A ({0}), B ({1}) and C ({2})', kept as words
    each language joins its own way."""
    names = [name(state, s) for s in seats]
    listed = names[0]
    for more in names[1:-1]:
        listed = Said("{list}, {item}", list=listed, item=more)
    return listed if len(names) == 1 else Said("{list} and {item}", list=listed, item=names[-1])


def call_windows(state: State) -> list[tuple[float, float]]:
    """The Burraparay windows of this match's real-time round: the rulebook's, scaled to a
    shorter round (a quick match's calls come about every 36 s instead of every minute)."""
    scale = round_seconds(state) / ROUND_SECONDS
    return [(low * scale, high * scale) for low, high in BURRAPARAY_WINDOWS]


def trigger_totals(rolls: list[tuple[bool, list[str]]]) -> tuple[int, int]:
    """(Trigger, Not) over every roller's (declared Trigger?, faces): Attack counts for Trigger,
    Defence for Not, Special for its roller's own declaration (ARENA.md 2.4)."""
    trigger = sum(f == "A" or (f == "S" and declared) for declared, faces in rolls for f in faces)
    against = sum(f == "D" or (f == "S" and not declared) for declared, faces in rolls for f in faces)
    return trigger, against


class Domination(VictoryPoints):
    key = "domination"
    title = Term("Domination", "arena mode")
    option = MODE_OPTIONS["domination"]
    phases = (DECLARE,)
    secret_timer = True
    rules = (
        "**Domination** (option): figures start around the centre hex. Yarra Mark! flips a Ceremonial Flower, "
        "one of the six area colours. At **Burraparay!** each figure on that colour's area scores 1 VP plus 1 "
        f"per player not on it; then the next flower. Real time: {len(BURRAPARAY_WINDOWS)} calls a round at "
        f"unannounced times (about each minute; quick match, every {QUICK_CALLS_EVERY:g} s). Turn-based: after "
        "each game turn everyone declares Trigger or Not and rolls dice of their pool (Attack counts for "
        "Trigger, Defence for Not, Special for your side; they count as rolled in your next first roll); more "
        "Trigger scores. Declarations show as they come: the last turn-order marker, acting last, "
        "declares knowing the most. The round ends once all six flowers are scored (should that never come, "
        f"after {TB_SAFETY_GAME_TURNS} game turns). A knocked-out player loses {KNOCKOUT_PENALTY} VP. VP add up "
        "over rounds; ties go to the most health left. Allies add their VP together. Advanced rules: your Band I card and the 2 General Manoeuvres you picked in the lobby (else a random pair) "
        "replace the Tribal cards."
    )

    @staticmethod
    def flowers(state: State) -> list[str]:
        return list(arena(state).areas)

    def setup(self, state: State, rng: Rng) -> None:
        super().setup(state, rng)
        state["mode"].update(deck=new_deck(self.flowers(state), rng), flower=None, calls=[], scored=0,
                             declared=[None] * state["players"], trigger=None)
        deal_hands(state, rng)

    # ---------------------------------------------------------------- placing (rule 27)

    def prepare(self, state: State) -> None:
        super().prepare(state)
        data = state["mode"]
        data["calls"], data["scored"], data["trigger"] = [], 0, None
        data["declared"] = [None] * state["players"]
        spots = dict(zip(state["in_round"], SPREAD[len(state["in_round"])], strict=True))
        for seat, spot in spots.items():
            state["figures"][seat]["hex"] = list(RING[spot])
        for seat, spot in spots.items():
            state["figures"][seat]["facing"] = self._default_facing(state, seat, spot)

    @staticmethod
    def _default_facing(state: State, seat: Seat, spot: int) -> int:
        """Towards a free ring hex beside it, or the centre between two, if the front arc is then
        clear; else straight out from the centre."""
        others = occupied(state, but=seat)
        for facing in ((spot + 2) % 6, (spot + 4) % 6, (spot + 3) % 6):
            if clear_front(arena(state), others, list(RING[spot]), facing):
                return facing
        return spot

    def start_hexes(self, state: State, seat: Seat) -> list[Key]:
        return list(RING)

    def start_words(self, state: State, seat: Seat) -> str:
        return "Stand on a free hex next to the centre: " + ", ".join(str(list(h)) for h in RING) + "."

    def clear_start(self, state: State, seat: Seat, where: list[int], facing: int,
                    blocked: set[Key] | None = None) -> bool:
        others = self.start_blockers(state, seat) if blocked is None else blocked
        return not any(key(h) in others for h in front_arc(where, facing))

    def clear_words(self, state: State) -> str:
        return "Face a side with no figure in your front arc."

    # ---------------------------------------------------------------- the flowers

    def begin(self, state: State, now: float) -> list[Event]:
        """Yarra Mark!: turn-based a fresh deck (the round scores it all); real time, the calls'
        secret times. Then the first flower."""
        data = state["mode"]
        with rng_of(state) as rng:
            if state["turn_based"]:
                data["deck"], data["flower"] = new_deck(self.flowers(state), rng), None
            else:
                data["calls"] = [after(now, low + rng.below(round((high - low) * 1000) + 1) / 1000)
                                 for low, high in call_windows(state)]
        return self._flip(state)

    def _flip(self, state: State) -> list[Event]:
        data = state["mode"]
        deck = data["deck"]
        if data["flower"] is not None:
            discard(deck, data["flower"])
        fresh = not deck["draw"]
        with rng_of(state) as rng:
            data["flower"] = draw(deck, rng)[0]
        flower = data["flower"]
        text = (Said("The flower deck has run out: the flowers are shuffled into a fresh deck. The Ceremonial Flower is "
                     "{flower}: hold the {flower} area.", flower=AREA_NAMES[flower]) if fresh
                else Said("The Ceremonial Flower is {flower}: hold the {flower} area.", flower=AREA_NAMES[flower]))
        return [say(state, text, kind="flower")]

    def score(self, state: State) -> list[Event]:
        """Burraparay!: the figures on the flower's area score, then the next flower (unless the
        round is over)."""
        data = state["mode"]
        colour = data["flower"]
        players = [s for s in state["in_round"] if s not in state["flow"]["left"]]
        on = on_area(state, colour)
        each = 1 + len(players) - len(on)
        for seat in on:
            self.gain(state, seat, each)
        data["scored"] += 1
        if len(on) == 1:
            text = Said("Burraparay! {who} holds the {colour} area: {vp} VP.", who=together(state, on),
                        colour=AREA_NAMES[colour], vp=each)
        elif on:
            text = Said("Burraparay! {who} hold the {colour} area: {vp} VP each.", who=together(state, on),
                        colour=AREA_NAMES[colour], vp=each)
        else:
            text = Said("Burraparay! Nobody holds the {colour} area.", colour=AREA_NAMES[colour])
        events = [say(state, text, kind="burraparay")]
        return events if self.round_over(state) else events + self._flip(state)

    def round_over(self, state: State) -> str | None:
        if state["turn_based"] and state["mode"]["scored"] >= len(self.flowers(state)):
            return Said("every flower has been scored")
        return None

    # ---------------------------------------------------------------- real time: the calls

    def timer(self, state: State) -> float | None:
        calls = state["mode"]["calls"]
        return calls[0] if calls and state["phase"] == FIGHT else None

    def fire(self, state: State, now: float) -> list[Event]:
        state["mode"]["calls"].pop(0)
        return self.score(state)

    def rest_of_round(self, state: State, now: float) -> list[Event]:
        """Everyone has passed: the calls still to come are made now, as they would have scored."""
        events: list[Event] = []
        while state["mode"]["calls"]:
            events += self.fire(state, now)
        return events

    # ---------------------------------------------------------------- turn-based: the trigger

    def between_game_turns(self, state: State, now: float) -> list[Event] | None:
        """Everyone standing declares Trigger or Not, and the dice they roll."""
        state["phase"] = DECLARE
        state["mode"]["declared"] = [None] * state["players"]
        flow.each_once(state["flow"], after(now, TB_DECLARE_SECONDS))  # the clock; who is waited on: `waiting`
        state["flow"]["seats"] = [s for s in state["flow"]["seats"] if s in standing(state)]
        flower = state["mode"]["flower"]
        events = [say(state, Said("Burraparay? The flower is {flower}: declare Trigger or Not, and how many dice you "
                                  "roll ({seconds} s).", flower=AREA_NAMES[flower], seconds=f"{TB_DECLARE_SECONDS:g}"),
                      kind="phase")]
        return events + ([] if self.waiting(state) else self._resolve(state, now))

    def waiting(self, state: State) -> list[Seat]:
        """Standing players who have not declared, unless away (they declare Not, no dice)."""
        return [s for s in self._undeclared(state) if s not in state["flow"]["away"]]

    def legal(self, state: State, seat: Seat) -> list[Action]:
        if seat not in self._undeclared(state):
            return []
        most = len(state["dice"][seat]["pool"])
        return [{"type": "declare", "trigger": t, "dice": n} for t in (True, False) for n in range(most + 1)]

    @staticmethod
    def _undeclared(state: State) -> list[Seat]:
        declared = state["mode"]["declared"]
        return [s for s in standing(state) if declared[s] is None and s not in state["flow"]["left"]]

    def play(self, state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        if kind != "declare":
            raise RuleError("Declare Trigger or Not, and how many dice you roll.")
        if state["figures"][seat]["hex"] is None:
            raise RuleError("Only players with a figure standing declare.")
        if state["mode"]["declared"][seat] is not None:
            raise RuleError("You have declared; waiting for the others.")
        trigger, dice = action.get("trigger"), action.get("dice", 0)
        if trigger is None:
            raise RuleError("Declare Trigger or Not.")
        most = len(state["dice"][seat]["pool"])
        if dice is None or not 0 <= dice <= most:
            raise RuleError("Roll 0 to {most} dice from your pool.", most=most)
        state["mode"]["declared"][seat] = {"trigger": trigger, "dice": dice}
        flow.acted(state["flow"], seat)
        said = (counted("{who} declares Trigger, rolling {n} die.", "{who} declares Trigger, rolling {n} dice.", dice,
                        who=name(state, seat)) if trigger
                else counted("{who} declares Not, rolling {n} die.", "{who} declares Not, rolling {n} dice.", dice,
                             who=name(state, seat)))
        events = [say(state, said)]
        return events + ([] if self.waiting(state) else self._resolve(state, now))

    def timeout(self, state: State, now: float) -> list[Event]:
        """The declaring time is up: whoever has not declared declares Not, with no dice."""
        flow.miss(state["flow"], self.waiting(state))
        return self._resolve(state, now)

    def after_leave(self, state: State, now: float) -> list[Event]:
        if state["phase"] == DECLARE and not self.waiting(state) and len(standing_sides(state)) > 1:
            return self._resolve(state, now)
        return []

    def _resolve(self, state: State, now: float) -> list[Event]:
        """Everyone rolls what they declared; more for Trigger scores. Then the next game turn,
        where the rolled dice count as rolled."""
        data = state["mode"]
        seats = standing(state)
        declared = [data["declared"][s] or NOT_DECLARED for s in seats]
        with rng_of(state) as rng:
            rolls = [(bool(d["trigger"]), roll_faces(rng, d["dice"])) for d in declared]
        trigger, against = trigger_totals(rolls)
        scored = trigger > against
        data["trigger"] = {"seats": seats, "declared": [d["trigger"] for d in declared],
                           "rolls": [faces for _, faces in rolls], "trigger": trigger, "not": against, "scored": scored}
        data["declared"] = [None] * state["players"]
        parts = [Said("{who} (Trigger) rolls {faces}", who=name(state, s), faces=faces_text(faces)) if t
                 else Said("{who} (Not) rolls {faces}", who=name(state, s), faces=faces_text(faces))
                 for s, (t, faces) in zip(seats, rolls, strict=True) if faces]
        said = parts[0] if parts else Said("Nobody rolls")
        for part in parts[1:]:
            said = Said("{list}; {item}", list=said, item=part)
        verdict = (Said("{rolls}. Trigger {trigger}, Not {against}: scoring!", rolls=said, trigger=trigger, against=against)
                   if scored else
                   Said("{rolls}. Trigger {trigger}, Not {against}: no scoring.", rolls=said, trigger=trigger,
                        against=against))
        events = [say(state, verdict, kind="trigger")]
        if scored:
            events += self.score(state)
        if self.round_over(state):
            return events
        events += next_game_turn(state, now)
        if state["phase"] == ROLL:
            for seat, (_, faces) in zip(seats, rolls, strict=True):
                state["dice"][seat]["pool"][:len(faces)] = faces
        return events

    # ---------------------------------------------------------------- shown and checked

    def view(self, state: State) -> ModeView | None:
        data = state["mode"]
        shown = super().view(state)
        assert shown is not None
        flower = data["flower"]
        calls = None if state["turn_based"] else CallsView(made=len(BURRAPARAY_WINDOWS) - len(data["calls"]),
                                                           of=len(BURRAPARAY_WINDOWS))
        declared: list[DeclaredView | None] = [None if d is None else DeclaredView(trigger=d["trigger"], dice=d["dice"])
                                               for d in data["declared"]]
        trigger: TriggerView | None = copy.deepcopy(data["trigger"])
        return shown | ModeView(flower=flower, area=[list(h) for h in arena(state).areas[flower][0]] if flower else [],
                                deck=len(data["deck"]["draw"]), scored=data["scored"], calls=calls,
                                declared=declared, trigger=trigger)

    def invariants(self, state: State) -> list[str]:
        broken = super().invariants(state)
        data = state["mode"]
        deck = data["deck"]
        cards = sorted(deck["draw"] + deck["discard"] + ([data["flower"]] if data["flower"] else []))
        if cards != sorted(self.flowers(state)):
            broken.append(f"the flowers are not one of each colour: {cards}")
        if data["calls"] != sorted(data["calls"]) or len(data["calls"]) > len(BURRAPARAY_WINDOWS):
            broken.append(f"the Burraparay calls are out of order: {data['calls']}")
        if state["phase"] == DECLARE and not state["turn_based"]:
            broken.append("a real-time round declares a trigger")
        return broken

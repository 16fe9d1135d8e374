"""The Game class: Eye for an Eye's protocol, each action sent to the module that rules it."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from .. import flow
from ..errors import RuleError, Said, Term
from ..protocol import Action, Event, Game, Option, Outcome, Seat, View, whole
from ..registry import register
from ..rng import Rng, rng_of
from .abilities import react, use_track
from .action_types import COMMON, SHAPES, ArenaAction
from .actions import (
    allocate_dice,
    attack,
    auto_allocate,
    heal,
    move,
    recover_dice,
    roll_dice,
)
from .board import AREAS
from .choices import legal
from .data import QUICK_ROUND_SECONDS, QUICK_ROUNDS, SEAT_ORDER, START_SECONDS
from .figures import LEFT, STANDING, State, action_word, board_of, is_standing, name, say
from .guards import leave_board
from .hits import answer, expire, head, next_window, paused_by, settle
from .invariants import broken_rules
from .lobby import CHARACTER, CHOICES
from .modes import MODE_OPTIONS, claiming, mode_for, mode_of
from .races import stamp
from .rounds import (
    COUNTDOWN,
    FIGHT,
    OVER,
    START,
    TIME,
    begin,
    count_down,
    end_round,
    finish,
    maybe_end,
    new_match,
    pass_round,
    place,
    prepare,
    say_ready,
    take_back,
)
from .rules import RULES
from .sides import side_name, sides, teams_of
from .statuses import expire as expire_statuses
from .statuses import next_expiry
from .teams import TEAMS, form_teams, teams_text
from .terrain import terrain_claiming
from .turns import (
    ROLL,
    TURNS,
    action_done,
    after_leave,
    claim,
    counted_roll,
    end_turn,
    marker_of,
    new_turns,
    pass_turn,
    proceed,
    roll_timeout,
    turn_timeout,
    unclaimed,
)
from .views import seat_views

RESOLVES = ("attack", "move", "heal", "use", "scamper")
DICE_WORK = ("roll", "allocate", "auto", "recover", "current", "hill")
ANSWERS = ("parry", "take", "react")


@register
class EyeForAnEye(Game):
    name = "arena"
    computer = "engine.computers.arena"  # its computer player (engine/computers)
    title = "Eye for an Eye"
    min_players = 2
    max_players = 6
    # The quick match comes last: a stored rules button holds the options on as bits in this order.
    options = (Option("turn_based", "Turn-based: 7 dice, a realtime roll, then turns of 2 actions"),
               Option("advanced", "Advanced: innate actions, Tribal cards, Heat, reactions"),
               Option("alliances", "Alliances: teams of 2 or 3 picked in the lobby, 1 cup each"),
               Option("rainforest", "Rainforest: a stream, boulders, Raging Currents"),
               *MODE_OPTIONS.values(),
               Option("quick", f"Quick match: {QUICK_ROUNDS} rounds of {QUICK_ROUND_SECONDS / 60:g} minutes"))
    choices = CHOICES
    rules = RULES
    shapes = SHAPES
    common = COMMON

    # ---------------------------------------------------------------- setup

    def setup(self, players: int, options: dict[str, Any], seed: int, now: float) -> State:
        """Each seat plays the character picked in the lobby, and in Alliances its team; without picks
        (the simulator) the seats take SEAT_ORDER, and teams by seat order. The other picks (a mode's)
        wait in state["picks"] for the mode's setup."""
        if not self.min_players <= players <= self.max_players:
            raise RuleError("{game} takes {least}-{most} players.", game=Term(self.title, "game title"),
                            least=self.min_players, most=self.max_players)
        mode = mode_for(options)
        if players > mode.max_players:
            raise RuleError("{game} takes {least}-{most} players.", game=mode.title, least=self.min_players,
                            most=mode.max_players)
        mode_choices = [choice for choice in self.choices if choice not in (CHARACTER, TEAMS)]
        chars = CHARACTER.picks(options, players) or list(SEAT_ORDER[:players])
        teams = form_teams(players, TEAMS.picks(options, players)) if options.get("alliances") else None
        rng = Rng(seed)
        areas = list(AREAS)
        rng.shuffle(areas)  # the Ceremonial Flower cards, dealt once for the match
        state: State = {
            "players": players,
            "turn_based": bool(options.get("turn_based", False)),
            "advanced": bool(options.get("advanced", False)),
            "core_innates": True,  # Echo's Guards in every game (ARENA.md 4.16; figures.guards_play)
            "arena": "rainforest" if options.get("rainforest") else "bushland",
            "teams": teams,
            "game_mode": mode.key,
            "chars": chars,
            "picks": {choice.key: choice.picks(options, players) for choice in mode_choices},
            "areas": areas[:players],
            "rng": rng.state,
            "flow": flow.new(players),
            "phase": START,
            "round": 1,
            **new_match(players, bool(options.get("quick", False))),
            "tiebreak": False,
            "in_round": [],
            "figures": [{} for _ in range(players)],
            "dice": [{} for _ in range(players)],
            "cups": [0] * players,
            "trophies": [[] for _ in range(players)],
            "points": [0] * players,
            "auto_parry": [True] * players,
            "healed": 0,
            "start_health": 0,
            "pending": [],
            "passed": [],
            "shared": {},
            "next_id": 1,
            "tb": new_turns(),
            "results": [],
            "log": [],
            "ended": None,
        }
        with rng_of(state) as drawn:
            mode.setup(state, drawn)
        prepare(state, list(range(players)), now, START_SECONDS)
        if teams_of(state):
            say(state, teams_text(state))
        return state

    # ---------------------------------------------------------------- queries

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        return legal(state, seat)

    def view(self, state: State, seat: Seat | None) -> View:
        return self.views(state, [seat])[0]

    def views(self, state: State, seats: Sequence[Seat | None], shared: bool = False) -> list[View]:
        """Nothing is hidden: the public view is built once, and each seat gets its own copy (or,
        `shared`, the same parts under its own top level)."""
        return seat_views(state, self._deadline(state, shown=True), seats, shared)

    def next_deadline(self, state: State) -> float | None:
        """The round clock, the turn clock, the earliest reaction window, the end of a status or
        the mode's timed event; a turn-based turn waits while its attack's window is open."""
        return self._deadline(state, shown=False)

    @staticmethod
    def _deadline(state: State, shown: bool) -> float | None:
        """`shown`: as players may see it, without a mode's secret timer (unannounced calls)."""
        if state["phase"] == OVER:
            return None
        window = next_window(state)
        if state["phase"] == TURNS and state["pending"]:
            return window
        mode = mode_of(state)
        timer = None if shown and mode.secret_timer else mode.timer(state)
        times = [t for t in (window, next_expiry(state), state["flow"]["deadline"], timer) if t is not None]
        return min(times) if times else None

    def waiting_for(self, state: State) -> list[Seat]:
        """Defenders with an open window first; then whoever the phase waits on (in real time,
        nobody: everyone may act, no one must)."""
        defenders = [p["defender"] for p in state["pending"] if p["deadline"] is not None]
        if defenders or state["phase"] in (OVER, FIGHT):
            return defenders
        if state["phase"] in mode_of(state).phases:
            return mode_of(state).waiting(state)
        if state["phase"] == ROLL:
            return [s for s in unclaimed(state) if s not in state["flow"]["away"]]
        return flow.waiting(state["flow"])

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != OVER:
            return None
        points = state["points"]
        mode = mode_of(state)
        ranks = mode.ranks(state)
        best = [s for s in range(state["players"]) if ranks[s] == 1]
        staying = sides(state, flow.in_game(state["flow"]))  # a side's players share its points
        side_points = sorted((points[side[0]] for side in staying), reverse=True)
        margin = float(side_points[0] - side_points[1]) if len(side_points) > 1 else None
        summary = self._summary(state, best)
        return Outcome(tuple(ranks), tuple(float(p) for p in points), summary,
                       won=tuple(r == 1 for r in ranks), margin=margin)

    @staticmethod
    def _summary(state: State, best: list[Seat]) -> Said:
        """The match's last line: who won (a side, or sides sharing the win), with what, and how a tie was broken."""
        mode, winners = mode_of(state), sides(state, best)
        names = side_name(state, winners[0])
        for side in winners[1:]:
            names = Said("{list} and {item}", list=names, item=side_name(state, side))
        many = len(best) > 1
        if state["ended"] == "left":
            return (Said("The others left: {names} win the match.", names=names) if many
                    else Said("The others left: {names} wins the match.", names=names))
        score = mode.score_words(state["points"][best[0]])
        if len(winners) > 1:
            return Said("{names} share the win with {score}.", names=names, score=score)
        decided = mode.decided_by(state, best)
        if decided:
            return (Said("{names} win the match with {score}, {decided}.", names=names, score=score, decided=decided)
                    if many else
                    Said("{names} wins the match with {score}, {decided}.", names=names, score=score, decided=decided))
        return (Said("{names} win the match with {score}.", names=names, score=score) if many
                else Said("{names} wins the match with {score}.", names=names, score=score))

    # ---------------------------------------------------------------- play

    def play(self, state: State, seat: Seat | None, parsed: Action, now: float) -> list[Event]:
        if state["phase"] == OVER:
            raise RuleError("The match is over.")
        action = cast(ArenaAction, parsed)  # `parse` checked it against SHAPES
        kind = action["type"]
        if kind == "timeout":
            events = self._timeout(state, seat, now)
        else:
            if not whole(seat) or not 0 <= seat < state["players"]:
                raise RuleError("Only a seated player can act.")
            if seat in state["flow"]["left"]:
                raise RuleError("You have left this game.")
            events = expire_statuses(state, now)  # a status whose time is up is gone for this action
            if kind == "leave":
                events += self._leave(state, seat, now)
            elif kind == "auto_parry":
                events += self._auto_parry(state, seat, action.get("on"))
            elif state["phase"] in mode_of(state).phases:
                events += mode_of(state).play(state, seat, kind, action, now)
            else:
                handler = {START: self._start, COUNTDOWN: self._countdown, FIGHT: self._fight,
                           ROLL: self._roll, TURNS: self._turns}[state["phase"]]
                events += handler(state, seat, kind, action, now)
        return events + maybe_end(state, now)

    def _start(self, state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        if seat not in state["flow"]["seats"]:
            raise RuleError("You sit this round out.")
        if kind == "place":
            return place(state, seat, action.get("hex"), action.get("facing"))
        if kind == "ready":
            if seat in state["flow"]["acted"]:
                raise RuleError("You are ready; waiting for the others.")
            return say_ready(state, seat, now)
        raise RuleError("The round has not started: place your figure, or say you are ready.")

    @staticmethod
    def _countdown(state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        raise RuleError("The round starts in a moment: wait for Yarra Mark!")

    def _fight(self, state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        """Real time: everyone at once; a defender with an open window answers it first; while a
        Tribal card's attack waits to land, only answers go (rule 14). A pass holds until its
        player acts again (rounds.pass_round)."""
        self._must_stand(state, seat)
        if kind not in ANSWERS:
            self._not_under_attack(state, seat)
            self._not_paused(state)
        self._acted(state, seat)
        if kind in ANSWERS:
            return self._answer(state, seat, kind, action, now)
        if kind == "pass":
            return pass_round(state, seat)
        return take_back(state, seat) + self._dice_or_resolve(state, seat, kind, action, now)

    @staticmethod
    def _acted(state: State, seat: Seat) -> None:
        """The seat acts in this phase: marked before the action, which may end the phase (the
        marker that starts the turns, the action that passes the turn on); marked after, the seat
        would count as having acted in the next phase. A refused action leaves no mark: `apply`
        plays on a copy."""
        flow.acted(state["flow"], seat)

    @staticmethod
    def _answer(state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        if kind == "react":
            return react(state, seat, action, now)
        return answer(state, seat, action.get("dice", 0) if kind == "parry" else 0, now)

    def _roll(self, state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        """Turn-based realtime phase: roll, allocate, take a marker; nothing resolves yet."""
        self._must_stand(state, seat)
        marker = marker_of(state, seat)
        if marker is not None:
            raise RuleError("You have taken marker {marker}; waiting for the others.", marker=marker)
        if kind in RESOLVES:
            raise RuleError("Actions resolve in the turn phase, once everyone has a marker.")
        self._acted(state, seat)
        if kind == "roll":
            return counted_roll(state, seat)
        if kind == "marker":
            return claim(state, seat, action.get("marker"), now, stamp(action))
        return self._dice_or_resolve(state, seat, kind, action, now)

    def _turns(self, state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        """Turn-based turn phase: the active player acts; a defender answers; reactions are free."""
        tb = state["tb"]
        if kind in ANSWERS:
            self._acted(state, seat)
            return self._answer(state, seat, kind, action, now) + proceed(state, now)
        if state["pending"]:
            raise RuleError("Waiting for {name} to defend.", name=name(state, state["pending"][0]["defender"]))
        if seat != tb["active"]:
            raise (RuleError("It is {name}'s turn.", name=name(state, tb["active"])) if tb["active"] is not None
                   else RuleError("You may not act now."))
        if kind in DICE_WORK:
            raise RuleError("Dice are rolled and allocated in the realtime phase.")
        if kind not in (*RESOLVES, "end_turn", "pass"):
            raise RuleError("Resolve an action, end your turn, or pass.")
        self._acted(state, seat)
        if kind == "end_turn":
            return end_turn(state, seat, now)
        if kind == "pass":
            return pass_turn(state, seat, now)
        free = kind == "use" and self._free(state, seat, action)
        events = self._dice_or_resolve(state, seat, kind, action, now)
        return events + (proceed(state, now) if free else action_done(state, now))

    @staticmethod
    def _free(state: State, seat: Seat, action: ArenaAction) -> bool:
        """Turn-based, reactions cost no action, even used on your own turn (ARENA.md 2.5)."""
        key = action.get("track")
        track = board_of(state, seat).get(key) if key is not None else None
        return track is not None and track.reaction

    def _dice_or_resolve(self, state: State, seat: Seat, kind: str, action: ArenaAction, now: float) -> list[Event]:
        if kind == "roll":
            return roll_dice(state, seat)
        if kind == "allocate":
            return allocate_dice(state, seat, action.get("track"), action.get("count"))
        if kind == "auto":
            return auto_allocate(state, seat)
        if kind == "recover":
            return recover_dice(state, seat, action.get("track"), action.get("count"))
        if (mode := claiming(action)) is not None:  # a mode's own move (the Hill's card, the Ceremony's catch)
            return mode.act(state, seat, action, now)
        if kind == "attack":
            return attack(state, seat, action, now, stamp(action))
        if kind == "move":
            return move(state, seat, action.get("steps"), action.get("by"), action.get("flow"))
        if (terrain := terrain_claiming(action)) is not None:  # the ground's own move (the Rainforest's currents)
            return terrain.act(state, seat, action, now)
        if kind == "heal":
            return heal(state, seat, action.get("dice"))
        if kind == "use":
            return use_track(state, seat, action, now)
        if kind in ANSWERS:
            raise RuleError("No attack is waiting for your answer.")
        raise RuleError("Roll, allocate, recover, or resolve Attack, Movement or Heal.")

    @staticmethod
    def _must_stand(state: State, seat: Seat) -> None:
        if seat not in state["in_round"]:
            raise RuleError("You sit this round out.")
        if not is_standing(state, seat):
            raise RuleError("You are knocked out: wait for the next round.")

    @staticmethod
    def _not_under_attack(state: State, seat: Seat) -> None:
        entry = head(state, seat)
        if entry is not None:
            raise RuleError("{attack} from {name} is on you: Parry or take it first.",
                            attack=action_word(entry["action"]), name=name(state, entry["attacker"]))

    @staticmethod
    def _not_paused(state: State) -> None:
        """Rule 14: a Tribal card pauses everyone else (reactions apart) until it has resolved."""
        entry = paused_by(state)
        if entry is not None:
            raise RuleError("Everyone waits: {name}'s {card} is resolving.", name=name(state, entry["attacker"]),
                            card=action_word(entry["card"]))

    def _auto_parry(self, state: State, seat: Seat, on: bool | None) -> list[Event]:
        if on is None:
            raise RuleError("Auto-Parry is on or off.")
        state["auto_parry"][seat] = on
        text = (Said("Auto-Parry is on: Parry answers front attacks at once.") if on else
                Said("Auto-Parry is off: you will be asked how many Parry dice to spend."))
        return [Event(text, private_to=seat)]

    # ---------------------------------------------------------------- the table's actions

    def _timeout(self, state: State, seat: Seat | None, now: float) -> list[Event]:
        if seat is not None:
            raise RuleError("Only the table's clock can run out.")
        deadline = self.next_deadline(state)
        if deadline is None or now < deadline:
            raise RuleError("The time is not up yet.")
        window = next_window(state)
        if window is not None and window <= now:
            events = expire(state, now)
            return events + (proceed(state, now) if state["phase"] == TURNS else [])
        status = next_expiry(state)
        if status is not None and status <= now:
            return expire_statuses(state, now)
        mode = mode_of(state)
        timer = mode.timer(state)
        if timer is not None and timer <= now:
            return mode.fire(state, now)
        phase = state["phase"]
        if phase in mode.phases:
            return mode.timeout(state, now)
        if phase == START:
            return count_down(state, now)
        if phase == COUNTDOWN:
            return begin(state, now)
        if phase == FIGHT:
            return end_round(state, now, Said("the time is up"), TIME)
        if phase == ROLL:
            return roll_timeout(state, now)
        return turn_timeout(state, now)

    def _leave(self, state: State, seat: Seat, now: float) -> list[Event]:
        """The player's figure leaves the arena (no one's trophy; its health stays off every cup)."""
        flow.leave(state["flow"], seat)
        figure = state["figures"][seat]
        was_standing = figure["status"] == STANDING
        figure["status"], figure["hex"], figure["statuses"] = LEFT, None, {}
        state["pending"] = [p for p in state["pending"] if p["defender"] != seat]
        leaves = (Said("{who} leaves the match and the arena.", who=name(state, seat)) if was_standing
                  else Said("{who} leaves the match.", who=name(state, seat)))
        events = [say(state, leaves)] + leave_board(state, seat)
        if len(sides(state, flow.in_game(state["flow"]))) < 2:
            finish(state, "left")
            outcome = self.outcome(state)
            assert outcome is not None
            return events + [say(state, outcome.summary, kind="game_over")]
        if state["phase"] == START:
            return events + (count_down(state, now) if flow.complete(state["flow"]) else [])
        return events + settle(state, now) + after_leave(state, seat, now) + mode_of(state).after_leave(state, now)

    # ---------------------------------------------------------------- checks

    def invariants(self, state: State) -> list[str]:
        return broken_rules(state, self.next_deadline(state))

"""Rounds and the match: placing figures, starting, ending and scoring rounds (rules 1, 19-20).

A round begins with a "start" phase: the figures stand in their starting areas (the middle hex,
default facing); a player may place theirs on another hex of the area (front arc clear) and say
ready. When all are ready or the timer runs out, a short "countdown" phase (its own deadline, so
it survives a restart; nobody acts) lets everyone get to their panel, then the round starts
("Yarra Mark!") and its clock runs from that moment (5 minutes; a quick match's 3). It ends when
at most one side (a player, or a team in Alliances: teams) has a figure standing, in real time
when every figure standing has passed (`pass_round`), when the real-time clock runs out
("Yarra Bung!"), or turn-based after the mode's last game turn. Waiting attacks are answered by
Auto-Parry first. Each side scores its cup plus SURVIVOR_BONUS per standing figure; tied scores
share the higher place's points and the next place is skipped; each player of a side gets its
points. A match is players + 1 rounds (Alliances too, ARENA.md 4.9), a quick match QUICK_ROUNDS
(`new_match`); points carry over, cups do not. Sides tied for the most points then play one more
round alone, and share the win if still tied (ARENA.md 4.8). The game mode (engine/arena/modes) places
the figures, adds to the round's start and end, and in the alternative modes a round scores
Victory Points instead: each side's VP (allies add theirs together, rule 28) add to its players'
points, and ties are not played off.
"""
from __future__ import annotations

from .. import flow
from ..errors import RuleError, Said, counted
from ..flow import after
from ..protocol import Event, Seat, ranked
from .board import COMPASS, front_arc, key, start_hex
from .cards import new_cards
from .data import (
    BETWEEN_SECONDS,
    COUNTDOWN_SECONDS,
    DICE,
    POINTS,
    QUICK_ROUND_SECONDS,
    QUICK_ROUNDS,
    ROUND_SECONDS,
    SURVIVOR_BONUS,
    TB_EXTRA_DICE,
)
from .dice import new_dice
from .figures import (
    IDLE,
    LEFT,
    STANDING,
    State,
    arena,
    board_of,
    character,
    name,
    occupied,
    say,
    standing,
)
from .guards import new_guards
from .hits import flush
from .modes import mode_of
from .sides import side_name, sides, standing_sides, teams_of
from .terrain import terrain_of
from .turns import DECLARE, ROLL, TURNS, capped, new_turns, start_game_turn

START, COUNTDOWN, FIGHT, OVER = "start", "countdown", "fight", "over"
PLAYING = (FIGHT, ROLL, TURNS, DECLARE)
# How a round ended, kept in its result (state["results"][i]["ended"]) for the simulator's count:
# one side (or none) left standing, the mode's own end (King of the Hill's third scoring, the last
# flower scored, the last Nymphlet caught), everyone standing passed, the real-time clock, or the
# turn-based cap on game turns.
KNOCKOUT, SCORING, PASSED, TIME, CAP = "knockout", "scoring", "passed", "time", "cap"


def new_match(players: int, quick: bool) -> dict[str, float | int]:
    """How long the match is: its rounds, and a real-time round's seconds (the quick match's option)."""
    return ({"rounds": QUICK_ROUNDS, "round_seconds": QUICK_ROUND_SECONDS} if quick
            else {"rounds": players + 1, "round_seconds": ROUND_SECONDS})


def round_seconds(state: State) -> float:
    """A real-time round's length (a match stored before quick matches existed: the rulebook's)."""
    return float(state.get("round_seconds", ROUND_SECONDS))


def dice_count(state: State) -> int:
    return DICE + (TB_EXTRA_DICE if state["turn_based"] else 0)


def prepare(state: State, seats: list[Seat], now: float, seconds: float) -> list[Event]:
    """Set up a round for `seats`: full health, all dice in the pool, empty cups, figures placed."""
    state["in_round"] = list(seats)
    for seat in range(state["players"]):
        colour, facing = state["areas"][seat], arena(state).areas[state["areas"][seat]][1]
        playing = seat in seats
        state["figures"][seat] = {
            "hex": start_hex(arena(state), colour) if playing else None,
            "facing": facing,
            "health": character(state, seat).health if playing else 0,
            "status": STANDING if playing else (LEFT if seat in state["flow"]["left"] else IDLE),
            "out_ms": None,
            "heat": 0,
            "statuses": {},
        }
    new_cards(state)  # advanced rules: Tribal cards Unready, Guards in the supply
    new_guards(state)
    for seat in range(state["players"]):
        state["dice"][seat] = new_dice(dice_count(state), board_of(state, seat))
    state["cups"] = [0] * state["players"]
    state["trophies"] = [[] for _ in range(state["players"])]
    state["healed"] = 0
    state["start_health"] = sum(f["health"] for f in state["figures"])
    state["pending"] = []
    state["passed"] = []
    state["shared"] = terrain_of(state).round_tracks(state)
    state["tb"] = new_turns()
    mode_of(state).prepare(state)
    state["phase"] = START
    flow.each_once(state["flow"], after(now, seconds))
    state["flow"]["seats"] = [s for s in state["flow"]["seats"] if s in seats]
    starts = (Said("Tiebreak round: figures take their places. It starts in {seconds} s, or when everyone is ready.",
                   seconds=f"{seconds:g}") if state["tiebreak"] else
              Said("Round {round} of {rounds}: figures take their places. It starts in {seconds} s, or when everyone is "
                   "ready.", round=state["round"], rounds=state["rounds"], seconds=f"{seconds:g}"))
    return [say(state, starts, kind="round")]


def place(state: State, seat: Seat, where: list[int] | None, facing: int | None) -> list[Event]:
    """Before the round: stand on a hex of your starting area (the mode's start hexes), facing a
    side with a clear front arc (as the mode counts it), on no hex of another figure's front arc
    (ARENA.md 4.17: nobody starts able to strike or be struck)."""
    mode = mode_of(state)
    hexes = [list(h) for h in mode.start_hexes(state, seat)]
    if where is None or where not in hexes:
        raise RuleError(mode.start_words(state, seat))
    if facing is None or not 0 <= facing < 6:
        raise RuleError("Face one of the 6 sides: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.")
    if key(where) in occupied(state, but=seat):
        raise RuleError("Another figure stands there.")
    if not mode.clear_start(state, seat, where, facing):
        raise RuleError(mode.clear_words(state))
    for other in standing(state):
        figure = state["figures"][other]
        if other != seat and key(where) in {key(h) for h in front_arc(figure["hex"], figure["facing"])}:
            raise RuleError("That hex is in the front arc of {name}.", name=name(state, other))
    figure = state["figures"][seat]
    figure["hex"], figure["facing"] = list(where), facing
    return [say(state, Said("{who} stands at {hex}, facing {facing}.", who=name(state, seat), hex=str(where),
                            facing=COMPASS[facing]))]


def count_down(state: State, now: float) -> list[Event]:
    """Everyone is in place: nobody acts for COUNTDOWN_SECONDS, then the round begins."""
    state["phase"] = COUNTDOWN
    flow.everyone(state["flow"], after(now, COUNTDOWN_SECONDS))
    state["flow"]["seats"] = []  # nobody is waited on, nobody may act: the table only waits
    return [say(state, Said("Everyone is in place: Yarra Mark! in {seconds} s.", seconds=f"{COUNTDOWN_SECONDS:g}"),
                kind="countdown")]


def begin(state: State, now: float) -> list[Event]:
    """"Yarra Mark!" at the end of the countdown: real time, everyone acts at once until the
    round clock, which runs from now; turn-based, a game turn."""
    if state["turn_based"]:
        return ([say(state, Said("Yarra Mark!"), kind="round")] + mode_of(state).begin(state, now)
                + start_game_turn(state, now))
    state["phase"] = FIGHT
    flow.everyone(state["flow"], after(now, round_seconds(state)))
    state["flow"]["seats"] = standing(state)
    return ([say(state, Said("Yarra Mark! The round runs {minutes} minutes.", minutes=f"{round_seconds(state) / 60:g}"),
                 kind="round")]
            + mode_of(state).begin(state, now))


def maybe_end(state: State, now: float) -> list[Event]:
    """End the round once at most one side has a figure standing, by the mode's own rule, when
    every figure standing has passed (real time; the mode's timed events still to come first), or
    when the turn-based game turns are used up."""
    if state["phase"] not in PLAYING:
        return []
    if len(standing_sides(state)) <= 1:
        if not standing(state):
            why = Said("no figure is left standing")
        else:
            why = Said("only one team is left standing") if teams_of(state) else Said("only one figure is left standing")
        return end_round(state, now, why, KNOCKOUT)
    ended = mode_of(state).round_over(state)
    if ended is not None:
        return end_round(state, now, ended, SCORING)
    if state["phase"] == FIGHT and everyone_passed(state):
        rest = mode_of(state).rest_of_round(state, now)
        return rest + end_round(state, now, Said("everyone still standing has passed"), PASSED)
    if state["turn_based"] and capped(state):
        return end_round(state, now, Said("the last game turn is over"), CAP)
    return []


def scores(state: State) -> list[int]:
    """Cup plus the survivor bonus; seats not in the round score 0."""
    return [state["cups"][s] + (SURVIVOR_BONUS if state["figures"][s]["status"] == STANDING else 0)
            if s in state["in_round"] else 0 for s in range(state["players"])]


def points_for(round_scores: list[int]) -> list[int]:
    """Points by place among the round's players: ties share the higher place's points."""
    table = POINTS[len(round_scores)]
    return [table[rank - 1] for rank in ranked([float(x) for x in round_scores])]


def end_round(state: State, now: float, why: str, how: str) -> list[Event]:
    """Rank the sides of the round by score; each player gets their side's place and points. `why`
    is said; `how` (KNOCKOUT ... CAP) is kept in the round's result."""
    events = flush(state)
    seats = state["in_round"]
    vp = mode_of(state).round_vp(state)
    total = scores(state) if vp is None else vp
    groups = sides(state, seats)
    group_scores = [sum(total[s] for s in group) for group in groups]  # allies add their VP together
    awarded = points_for(group_scores) if vp is None else group_scores
    ranks = ranked([float(x) for x in group_scores])
    of = {s: i for i, group in enumerate(groups) for s in group}
    for seat in seats:
        state["points"][seat] += awarded[of[seat]]
    state["results"].append({"round": state["round"], "tiebreak": state["tiebreak"], "seats": list(seats),
                             "scores": [group_scores[of[s]] for s in seats], "ranks": [ranks[of[s]] for s in seats],
                             "points": [awarded[of[s]] for s in seats],
                             "health": [state["figures"][s]["health"] for s in seats], "ended": how})
    lines = [Said("{side} {score} VP", side=side_name(state, groups[i]), score=group_scores[i]) if vp is not None else
             counted("{side} {score} (+{n} point)", "{side} {score} (+{n} points)", awarded[i],
                     side=side_name(state, groups[i]), score=group_scores[i])
             for _, i in sorted((rank, i) for i, rank in enumerate(ranks))]
    results = lines[0]
    for line in lines[1:]:
        results = Said("{list}; {item}", list=results, item=line)
    events.append(say(state, Said("Yarra Bung! The round ends: {why}. {results}.", why=why, results=results),
                      kind="round_end"))
    return events + _next(state, now)


def _next(state: State, now: float) -> list[Event]:
    """Another round, a tiebreak for the most points, or the end of the match."""
    if not state["tiebreak"] and state["round"] < state["rounds"]:
        state["round"] += 1
        return prepare(state, flow.in_game(state["flow"]), now, BETWEEN_SECONDS)
    if mode_of(state).round_vp(state) is not None:
        return finish(state, "rounds")  # ties go to the most health left (modes.VictoryPoints)
    staying = flow.in_game(state["flow"])
    best = max(state["points"][s] for s in staying)
    leaders = [s for s in staying if state["points"][s] == best]
    if len(sides(state, leaders)) > 1 and not state["tiebreak"]:
        state["tiebreak"] = True
        state["round"] += 1
        tied = ", ".join(name(state, s) for s in leaders)
        return [say(state, counted("{who} are tied with {n} point: they play a tiebreak round.",
                                   "{who} are tied with {n} points: they play a tiebreak round.", best, who=tied),
                    kind="round")] + prepare(state, leaders, now, BETWEEN_SECONDS)
    return finish(state, "rounds")


def finish(state: State, why: str) -> list[Event]:
    state["phase"], state["ended"] = OVER, why
    state["pending"] = []
    f = state["flow"]
    f["kind"], f["seats"], f["acted"], f["deadline"] = "", [], [], None
    return []


def say_ready(state: State, seat: Seat, now: float) -> list[Event]:
    flow.acted(state["flow"], seat)
    return count_down(state, now) if flow.complete(state["flow"]) else []


def fronts_clear(state: State) -> bool:
    """Every standing figure's front arc is clear, as placing requires (checked before a round)."""
    mode = mode_of(state)
    return all(mode.clear_start(state, s, state["figures"][s]["hex"], state["figures"][s]["facing"])
               for s in standing(state))


# ---------------------------------------------------------------- passing (real time)
# The rulebook ends a round when one player or team is left or when the soundtrack runs out
# (rule 19); a round whose players have all stopped would only wait out its clock. So a player
# may pass, done for the round [D]: once every figure standing has passed and no attack waits to
# land, the round ends (`maybe_end`), the mode's timed events still to come happening first
# (Domination's calls: nobody moves any more, so they score as they would have). A pass holds
# until its player acts again (rolling, allocating, resolving); answering an attack is not a
# choice and keeps it. Turn-based play has its own pass, for the game turn (turns.pass_turn).
# state["passed"]: the seats that have passed this round (a match stored before passing has none).
# (Kept here, not in a module of its own: every click ends in `maybe_end`, and a click should
# enter as few files as it can, issue 21.)

def passed(state: State) -> list[Seat]:
    """The seats that have passed this round, in the order they passed."""
    return list(state.get("passed", []))


def still_playing(state: State) -> list[Seat]:
    """The seats with a figure standing that have not passed."""
    return [s for s in standing(state) if s not in passed(state)]


def everyone_passed(state: State) -> bool:
    """Every figure standing has passed and no attack waits: nothing can happen any more."""
    return bool(standing(state)) and not still_playing(state) and not state["pending"]


def pass_round(state: State, seat: Seat) -> list[Event]:
    if seat in passed(state):
        raise RuleError("You have passed already: the round ends once everyone standing has passed. "
                        "Act again to take your pass back.")
    state["passed"] = passed(state) + [seat]
    left, who = still_playing(state), name(state, seat)
    if len(left) == 1:
        return [say(state, Said("{who} passes: done for this round (acting again takes it back); the round ends when "
                                "{others} passes too.", who=who, others=name(state, left[0])))]
    if left:
        names = [name(state, s) for s in left]
        others = names[0]
        for more in names[1:-1]:
            others = Said("{list}, {item}", list=others, item=more)
        others = Said("{list} and {item}", list=others, item=names[-1])
        return [say(state, Said("{who} passes: done for this round (acting again takes it back); the round ends when "
                                "{others} pass too.", who=who, others=others))]
    return [say(state, Said("{who} passes: done for this round (acting again takes it back).", who=who))]


def take_back(state: State, seat: Seat) -> list[Event]:
    """The seat acts again: its pass, if it had one, no longer holds."""
    if seat not in passed(state):
        return []
    state["passed"] = [s for s in passed(state) if s != seat]
    return [say(state, Said("{who} acts again and takes back the pass.", who=name(state, seat)))]

"""Computer players for Bugs & Co: remember where designs lie, keep tiles only for sets it can
finish, and take a trophy once stopping is worth more than playing on.

Everything comes from the seat's view: the design of the tile it holds (the only face it ever
sees), and the public table (which places are face down, empty or held, by whom, how many tiles
each player keeps). By comparing each view with the one before, it follows the tiles it has
seen: one put back on another place has moved there (the view's public `moved` says where, and
whether it swapped with the tile that lay there, which then lies where the other came from), one
another player kept is out of play (and in that player's hand). Its own kept designs it
remembers exactly, as a player does.

Levels, as a player would notice them:
- look speed: how long it takes to pick a place and to read a tile (easy slow, hard quick);
- memory: how many tile positions it remembers, the most recent ones (easy a handful);
- judgement: easy starts a set on a hunch (knowing one other copy) and judges the others by
  their tile count; normal and hard keep only tiles whose missing copies they know where to
  find, and judge the others by what they saw them look at and keep (a blind keep is a stray,
  and it stops at once to punish it); hard also takes a trophy early when the others are taking
  them faster than it could finish a set, and disrupts the table: a tile it does not want goes
  onto a place a rival looked at lately, swapping with the tile the rival may be counting on;
  and it sees through a weak player (below).
It never takes a trophy on an empty hand while the others may still be ahead: with two players
that would end the game in seconds (the single trophy starts the last countdown), a sure win
against anyone slower to click, and no game at all.

Weak players (hard only). Against uniformly random play hard won only 71 % of two-player games:
it lost when the random player took the single trophy early (within 45 s, before hard's first
set), leaving hard 20 s to beat 3 points from an empty hand. So hard watches how each player puts
tiles back: in place (a player who remembers), onto a place a rival looked at (disruption), or
onto a place no rival looked at, swapping with a tile nobody saw (aimless: it spoils no one's
memory and keeps nothing in order). A player with at least WEAK_MOVES aimless moves, and more of
them than tiles put back in place, keeps no memory of the table and builds no sets: hard judges
it by the hand it has (no set to come in the countdown), and when every player still playing is
weak, stops as soon as its trophy puts it safely ahead, even on an empty hand (two players: 3 to
nothing). That raised hard vs random at two players from 71 % to 92-93 % (the games it still
loses: random play took the trophy before its second aimless move, nearly all within 13 s); a
person who puts tiles back in place or disrupts is never judged weak, nor is any computer level,
and one slip is not enough.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..bugs import (
    COPIES,
    COUNTDOWN_SECONDS,
    DOWN,
    EMPTY,
    MAX_SECONDS,
    OVER,
    SET_POINTS,
    STRAY_POINTS,
    BugsView,
    Move,
    as_view,
    score_designs,
)
from ..protocol import Action, View
from ..rng import Rng
from . import EASY, HARD, NORMAL, Mind, Policy


@dataclass(frozen=True)
class Level:
    grab_seconds: tuple[float, float]  # to choose a place and press it
    read_seconds: tuple[float, float]  # to read the tile and press keep or put back
    memory: int  # tile positions remembered, most recent kept
    hunch: int  # copies of a set it may start or extend without knowing where they are
    lead: int  # points it wants over the best the others could reach before it stops
    patience: float  # looks without a keep, per face-down tile, before it gives up searching and stops
    reads_hands: bool  # counts what it saw others keep when judging their hands
    races: bool  # takes a trophy early when the others take them faster than it can make a set
    disrupts: bool  # puts a tile it does not want onto a rival's recent look, swapping them
    spots_weak: bool  # judges a player who moves tiles aimlessly by its hand alone, and stops once safely ahead

    @property
    def look_seconds(self) -> float:
        """The mean time of one look (a grab and a keep or put back), to plan within a clock."""
        return (sum(self.grab_seconds) + sum(self.read_seconds)) / 2


LEVEL_SETTINGS: dict[str, Level] = {
    EASY: Level(grab_seconds=(2.5, 4.5), read_seconds=(2.0, 3.5), memory=6, hunch=1, lead=2,
                patience=0.3, reads_hands=False, races=False, disrupts=False, spots_weak=False),
    NORMAL: Level(grab_seconds=(1.8, 3.0), read_seconds=(1.4, 2.4), memory=14, hunch=0, lead=1,
                  patience=0.5, reads_hands=True, races=False, disrupts=False, spots_weak=False),
    HARD: Level(grab_seconds=(1.1, 2.0), read_seconds=(0.9, 1.6), memory=32, hunch=0, lead=0,
                patience=0.8, reads_hands=True, races=True, disrupts=True, spots_weak=True),
}
ENDGAME_SECONDS = 30.0  # this close to the game's longest end, a trophy is taken while one is left
RECENT_LOOKS = 3  # a rival's looks it may disrupt, the latest first
WEAK_MOVES = 2  # aimless moves (and more of them than tiles put back in place) to judge a player weak


# ---------------------------------------------------------------------------------------------
# Memory: plain JSON in mind.memory
#   seen:  [[place, design], ...] the tile positions remembered, oldest first (bounded per level)
#   mine:  designs of its own kept tiles
#   hands: per seat, designs it saw that seat keep;  looked: per seat, the places it saw that seat grab
#   prev:  the last view's table (places, holding, kept) and its own held tile, to compare with
#   key:   the moment its current plan reacts to;  dry: looks since its last keep
#   moves: the count of the last public move it followed


def _fresh(players: int) -> dict[str, Any]:
    return {"seen": [], "mine": [], "hands": [[] for _ in range(players)], "looked": [[] for _ in range(players)],
            "prev": None, "key": None, "dry": 0, "moves": 0, "stays": [0] * players, "aimless": [0] * players}


def _memory(mind: Mind, view: BugsView) -> dict[str, Any]:
    if not mind.memory:
        mind.memory.update(_fresh(view["players"]))
    for key in ("stays", "aimless"):  # a mind stored before these were counted starts counting now
        mind.memory.setdefault(key, [0] * view["players"])
    return mind.memory


def _remember(memory: dict[str, Any], place: int, design: int, size: int) -> None:
    """The newest position goes last; beyond the level's size the oldest is forgotten."""
    seen = [entry for entry in memory["seen"] if entry[0] != place]
    seen.append([place, design])
    memory["seen"] = seen[-size:]


def _forget(memory: dict[str, Any], place: int) -> int | None:
    """Drop a remembered place; the design it held, if remembered."""
    for entry in memory["seen"]:
        if entry[0] == place:
            memory["seen"].remove(entry)
            return int(entry[1])
    return None


def _move(memory: dict[str, Any], source: int, target: int) -> None:
    for entry in memory["seen"]:
        if entry[0] == source:
            entry[0] = target


def _follow_move(memory: dict[str, Any], view: BugsView) -> Move | None:
    """A tile put on another place since the last view: what it remembered of either place changes
    places (a swap exchanges them); the move, if there was a new one. Several moves missed at once
    (a mind started late) cannot be followed: both places are forgotten."""
    move = view.get("moved")
    if move is None or move["n"] == memory.get("moves", 0):
        return None
    source, target = move["from"], move["to"]
    if move["n"] != memory.get("moves", 0) + 1:
        _forget(memory, source)
        _forget(memory, target)
    else:
        if _aimless(memory, move["seat"], target):
            memory["aimless"][move["seat"]] += 1
        for entry in memory["seen"]:
            if entry[0] in (source, target):
                entry[0] = target if entry[0] == source else source
    memory["moves"] = move["n"]
    return move


def _aimless(memory: dict[str, Any], mover: int, target: int) -> bool:
    """A move onto a place none of the mover's rivals has looked at: it spoils nobody's memory (no
    disruption) and hides the tile that lay there from the mover too (no organisation)."""
    return not any(target in looked for seat, looked in enumerate(memory["looked"]) if seat != mover)


def _track(memory: dict[str, Any], view: BugsView, me: int, size: int) -> None:
    """Follow what changed since the last view: its own look, keep and put back, and the others'
    public moves (a tile kept leaves play, a tile put back on an empty place moves there)."""
    prev = memory["prev"]
    places, holding, kept = view["places"], view["holding"], view["kept"]
    held = view.get("held")
    moved = _follow_move(memory, view)
    if prev is not None:
        mine_before = prev["held"]
        if mine_before is not None and (held is None or held["place"] != mine_before[0]):
            place, design = mine_before
            if kept[me] > prev["kept"][me]:
                memory["mine"].append(design)
                memory["dry"] = 0
                _forget(memory, place)
            elif places[place] != DOWN:
                _forget(memory, place)
        filled = [q for q, word in enumerate(places) if word == DOWN and prev["places"][q] != DOWN]
        for seat, before in enumerate(prev["holding"]):
            now_at = holding[seat]
            if now_at is not None and now_at != before and now_at not in memory["looked"][seat]:
                memory["looked"][seat].append(now_at)
            if seat == me or before is None or now_at == before:
                continue
            if places[before] == DOWN and not (moved is not None and moved["seat"] == seat):
                memory["stays"][seat] += 1  # put back on its own place
            if kept[seat] > prev["kept"][seat]:
                design = _forget(memory, before)
                if design is not None:
                    memory["hands"][seat].append(design)
            elif places[before] != DOWN and moved is None:  # a view without `moved`: guess from the table
                moved_to = [q for q in filled if q != before]
                if len(moved_to) == 1:
                    _move(memory, before, moved_to[0])
                else:
                    _forget(memory, before)
    if held is not None:
        _remember(memory, held["place"], held["design"], size)
    # a remembered place that is empty now holds nothing any more (changes this seat did not see)
    memory["seen"] = [entry for entry in memory["seen"] if places[entry[0]] != EMPTY]
    memory["prev"] = {"places": list(places), "holding": list(holding), "kept": list(kept),
                      "held": None if held is None else [held["place"], held["design"]]}


# ---------------------------------------------------------------------------------------------
# Judging the table


@dataclass
class Reading:
    """What this seat knows now, counted per design."""

    located: dict[int, list[int]]  # design -> face-down places remembered to hold it
    mine: Counter[int]
    out: Counter[int]  # designs known out of reach: in its hand, in hands it saw, held by it
    unexplored: list[int]  # face-down places it does not remember

    def reachable(self, design: int) -> int:
        """Copies that may still be taken from the table (remembered there, or not known elsewhere)."""
        return COPIES - self.out[design]

    def needed(self, design: int) -> int:
        """Tiles it still has to keep to finish its group of this design (COPIES when it has none)."""
        return COPIES - self.mine[design] % COPIES


def _read(memory: dict[str, Any], view: BugsView) -> Reading:
    located: dict[int, list[int]] = {}
    for place, design in memory["seen"]:
        if view["places"][place] == DOWN:
            located.setdefault(design, []).append(place)
    remembered = {place for place, _ in memory["seen"]}
    mine: Counter[int] = Counter(memory["mine"])
    out = mine + Counter(d for hand in memory["hands"] for d in hand)
    held = view.get("held")
    if held is not None:
        out[held["design"]] += 1
    unexplored = [p for p, word in enumerate(view["places"]) if word == DOWN and p not in remembered]
    return Reading(located, mine, out, unexplored)


def _playing(view: BugsView, me: int) -> bool:
    return view["phase"] != OVER and me not in view["stopped"] and me not in view["left"]


def _seconds_left(view: BugsView, now: float) -> float:
    end = view["ends_at"] if view["countdown_at"] is None else min(view["countdown_at"], view["ends_at"])
    return end - now


def _in_time(view: BugsView, now: float, level: Level, looks: int) -> bool:
    """Whether `looks` more looks fit before the clock ends play (only the countdown is tight)."""
    return looks * level.look_seconds < _seconds_left(view, now) - level.read_seconds[1]


def _worth_keeping(reading: Reading, design: int, view: BugsView, now: float, level: Level) -> bool:
    """Keep when it finishes a set, or when the copies still missing after it are remembered on the
    table (easy: all but `hunch` of them), can still exist, and can be fetched in time."""
    after = reading.needed(design) - 1  # held tile is already counted out of reach
    if after == 0:
        return True
    still_free = reading.reachable(design)
    if still_free < after:
        return False
    known = len(reading.located.get(design, []))
    return known + level.hunch >= after and _in_time(view, now, level, after)


def _best_case(kept: int, known: list[int], reading: Reading) -> int:
    """The most a hand of `kept` tiles could score, knowing some of its designs: unknown tiles
    finish its partial groups where copies remain, then form whole sets."""
    unknown = kept - len(known)
    points = 0
    for design, count in Counter(known).items():
        sets, rest = divmod(count, COPIES)
        points += SET_POINTS * sets
        if rest:
            missing = COPIES - rest
            if missing <= unknown and reading.reachable(design) >= missing:
                unknown -= missing
                points += SET_POINTS
            else:
                points += STRAY_POINTS * rest
    sets, rest = divmod(unknown, COPIES)
    return points + SET_POINTS * sets + STRAY_POINTS * rest


def _weak(memory: dict[str, Any], seat: int) -> bool:
    """A player seen to move tiles aimlessly, again and again, more often than it puts a tile back
    where it lay: one who neither disrupts nor organises, and so builds no sets from a memory of
    the table."""
    aimless = memory["aimless"][seat]
    return aimless >= WEAK_MOVES and aimless > memory["stays"][seat]


def _threats(view: BugsView, memory: dict[str, Any], reading: Reading, me: int, level: Level) -> dict[int, int]:
    """Per other player still in the game, the best final score they could reach if this seat
    stopped now: their hand at its best, plus the tiles they could still keep: in the last
    countdown one set at most, and only tiles they have looked at (a blind keep makes a stray);
    while more trophies stay on the table, as many again as they hold. A weak player (hard only)
    is judged by the hand it has, plus the best trophy left to it."""
    last = len(view["trophies"]) == 1
    threats: dict[int, int] = {}
    for seat in range(view["players"]):
        if seat == me or seat in view["left"]:
            continue
        kept = view["kept"][seat]
        known = memory["hands"][seat]
        trophy = view["trophy"][seat] or 0
        if level.spots_weak and seat not in view["stopped"] and _weak(memory, seat):
            threats[seat] = _best_case(kept, known, reading) + (view["trophies"][1] if not last else 0)
            continue
        more = 0 if seat in view["stopped"] else COPIES if last else max(COPIES, kept)
        if level.reads_hands:
            if last:
                more = min(more, max(0, len(memory["looked"][seat]) - kept))
            points = max(_best_case(kept + extra, known, reading) for extra in range(more + 1))
        else:
            points = SET_POINTS * -(-(kept + more) // COPIES)
        threats[seat] = points + trophy
    return threats


def _safe_from_the_weak(view: BugsView, memory: dict[str, Any], reading: Reading, me: int, level: Level) -> bool:
    """Every other player still playing is weak, and its trophy now puts this seat ahead of the
    best anyone could still reach: stop before a weak player's lucky trophy ends its own play."""
    playing = [s for s in range(view["players"]) if s != me and s not in view["stopped"] and s not in view["left"]]
    if not level.spots_weak or not playing or not all(_weak(memory, s) for s in playing):
        return False
    points = score_designs(memory["mine"], None)["points"]
    return points + view["trophies"][0] > max(_threats(view, memory, reading, me, level).values())


def _pending(reading: Reading) -> list[int]:
    """Its unfinished groups that can still be finished."""
    return [d for d, n in reading.mine.items() if n % COPIES and reading.reachable(d) >= reading.needed(d)]


def _target(reading: Reading, level: Level) -> int | None:
    """A face-down place worth fetching: a copy for an unfinished group (nearest to done first),
    else the first copy of a set whose copies it knows (all but `hunch`)."""
    pending = sorted(_pending(reading), key=reading.needed)
    for design in pending:
        if reading.located.get(design):
            return reading.located[design][-1]
    for design, places in sorted(reading.located.items(), key=lambda item: -len(item[1])):
        if reading.mine[design] % COPIES == 0 and len(places) + level.hunch >= COPIES \
                and reading.reachable(design) >= COPIES:
            return places[-1]
    return None


def _should_stop(view: BugsView, memory: dict[str, Any], reading: Reading, me: int, now: float,
                 level: Level, keeping: bool) -> bool:
    """Take the trophy: near the game's end; when searching has run dry; or when ahead enough of
    the best anyone else could still reach."""
    if not view["trophies"]:
        return False
    if _seconds_left(view, now) < ENDGAME_SECONDS:
        return True
    if keeping:
        return False
    if _safe_from_the_weak(view, memory, reading, me, level):
        return True
    if any(reading.located.get(d) for d in _pending(reading)):
        return False
    target = _target(reading, level)
    if target is None and not reading.unexplored:
        return True  # nothing left to find
    patience = level.patience * view["face_down"]
    if (target is None and memory["dry"] >= patience) or memory["dry"] >= 2 * patience:
        return True  # searching has run dry
    if _pending(reading):
        return False
    points = score_designs(memory["mine"], None)["points"]
    threats = _threats(view, memory, reading, me, level)
    if level.races and _race_lost(view, memory, reading, me, now, level, points):
        return True
    strong = [threat for seat, threat in threats.items() if not (level.spots_weak and _weak(memory, seat))]
    if points < SET_POINTS and max(strong, default=-1) >= 0:
        return False  # no trophy on an empty hand unless the others have spoilt theirs or are weak
    return points + view["trophies"][0] > max(threats.values()) + level.lead


def _race_lost(view: BugsView, memory: dict[str, Any], reading: Reading, me: int, now: float, level: Level,
               points: int) -> bool:
    """The trophies go faster than its next set would come (at the pace they have gone so far), and
    taking one now still ties or beats every player who has stopped."""
    taken = len(view["stopped"])
    if not taken:
        return False
    elapsed = max(1.0, now - (view["ends_at"] - MAX_SECONDS))
    horizon = elapsed / taken * (len(view["trophies"]) - 1) + COUNTDOWN_SECONDS
    target = _target(reading, level)
    looks = COPIES + len(reading.unexplored) // 2 if target is None else COPIES
    if horizon >= looks * level.look_seconds:
        return False
    stopped = max(_best_case(view["kept"][s], memory["hands"][s], reading) + (view["trophy"][s] or 0)
                  for s in view["stopped"])
    return points + view["trophies"][0] >= stopped


def _disruption(view: BugsView, memory: dict[str, Any], me: int, own: int) -> int | None:
    """Where to put back a tile it does not want so that a rival's memory is wrong: the latest place
    the rival still playing with the most kept tiles looked at, if it lies face down (they swap)."""
    rivals = sorted((s for s in range(view["players"]) if s != me and s not in view["stopped"]
                     and s not in view["left"]), key=lambda s: -view["kept"][s])
    for rival in rivals:
        for place in reversed(memory["looked"][rival][-RECENT_LOOKS:]):
            if place != own and view["places"][place] == DOWN:
                return int(place)
    return None


class BugsPolicy(Policy):
    game = "bugs"

    def observe(self, mind: Mind, view: View, now: float) -> None:
        seen = as_view(view)
        _track(_memory(mind, seen), seen, mind.seat, LEVEL_SETTINGS[mind.level].memory)

    def when(self, mind: Mind, view: View, now: float, rng: Rng) -> float | None:
        seen = as_view(view)
        memory = _memory(mind, seen)
        if not _playing(seen, mind.seat):
            memory["key"] = None
            return None
        held = seen.get("held")
        key = [None if held is None else held["place"], seen["kept"][mind.seat]]
        if mind.due is not None and memory["key"] == key:
            return mind.due  # others' moves do not delay a reaction already under way
        memory["key"] = key
        level = LEVEL_SETTINGS[mind.level]
        low, high = level.grab_seconds if held is None else level.read_seconds
        return now + low + (high - low) * rng.below(1001) / 1000

    def decide(self, mind: Mind, view: View, now: float, rng: Rng) -> Action | None:
        seen = as_view(view)
        memory = _memory(mind, seen)
        level = LEVEL_SETTINGS[mind.level]
        _track(memory, seen, mind.seat, level.memory)
        if not _playing(seen, mind.seat):
            return None
        reading = _read(memory, seen)
        held = seen.get("held")
        if held is not None:
            keep = _worth_keeping(reading, held["design"], seen, now, level)
            if _should_stop(seen, memory, reading, mind.seat, now, level, keep):
                return {"type": "take_trophy"}
            if keep:
                return {"type": "keep"}
            memory["dry"] += 1
            target = _disruption(seen, memory, mind.seat, held["place"]) if level.disrupts else None
            return {"type": "put_back"} if target is None else {"type": "put_back", "place": target}
        if _should_stop(seen, memory, reading, mind.seat, now, level, False):
            return {"type": "take_trophy"}
        place = _target(reading, level)
        if place is None and reading.unexplored:
            place = rng.choice(reading.unexplored)
        if place is None:
            return None
        return {"type": "grab", "place": place}


POLICY = BugsPolicy()

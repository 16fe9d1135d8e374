"""Eye for an Eye's board in words: the sentences its image prints and the description that plays without it.

A module of its own because the words are the half of the board a player without the image relies on
(every image goes out with its description, under Discord's 1024 characters), and they change for
other reasons than the drawing: a rule's wording, what a phase asks of whom, how much detail fits.
The image prints the same sentences (the header's status and clock, the pending attacks, the log
with seats named), so both halves take them from here and never say a thing two ways. It reads only
the view (and the modes' words from render.arena_modes) and draws nothing, so it needs no PIL.

render.arena imports this module, so this one cannot import render.arena: the readings of the view
both halves need (whether the game is live or advanced, who won, Echo's Guards, who attacks whom)
live here, with the words they serve.
"""
from __future__ import annotations

import math
import re
import time
from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple

from engine.arena.board import BUSHLAND, COMPASS
from engine.arena.data import FACE_NAMES, FLAME_BLADE, TB_GAME_TURNS
from engine.arena.teams import TEAM_LETTERS  # Alliances' teams, on their badges and in words
from engine.arena.view_types import ArenaView, BoardView, CardView, GuardView, PendingView, SeatView, StatusView
from engine.errors import Said, Term, counted, read
from engine.flow import ranks
from render import arena_modes as modes
from render.arena_modes import Show  # (defined there, the module this one builds on)
from render.encode import MAX_DESCRIPTION

DESCRIBE_CHARS = 24  # a display name in the description is cut to this when the whole would not fit (see DETAILS)
BANDS = ("I", "II", "III")  # a Tribal card's band


# ----------------------------------------------------------------- reading the view
def is_advanced(view: ArenaView) -> bool:
    """Whether the view is of a game under the advanced rules (its seats carry cards)."""
    return bool(view["seats"]) and "cards" in view["seats"][0]


def is_live(view: ArenaView, aborted: bool) -> bool:
    """Whether the board still asks anyone to act: the game neither ended early nor over."""
    return not aborted and view["phase"] != "over"


def winning_seats(view: ArenaView) -> list[int]:
    """The engine's standings when it gives them (the modes break ties on health), else by points."""
    points = [seat["points"] for seat in view["seats"]]
    left = [seat["seat"] for seat in view["seats"] if seat["left"]]
    places = view.get("ranks") or ranks(points, left)
    return [s for s, place in enumerate(places) if place == 1]


def _side(view: ArenaView, seat: int) -> tuple[str, int]:
    """What a player ranks as: their team in Alliances, else themselves."""
    team = view["seats"][seat].get("team")
    return ("team", team) if team is not None else ("seat", seat)


def holds_heat(seat: SeatView) -> bool:
    """Incendiary holds Heat (0-3): his Flame Blade burns it."""
    return any(p["key"] == FLAME_BLADE for p in seat.get("passives", ()))


def guard_slots(seat: SeatView) -> list[GuardView | None]:
    """Echo's Guards, each on the board or None (in the supply); [] for every other character."""
    return seat.get("guards") or []


def on_board_guards(seat: SeatView) -> list[GuardView]:
    """Echo's Guards standing on the board (the others wait in the supply)."""
    return [g for g in guard_slots(seat) if g is not None]


Piece = tuple[int, int | None, int | None]  # a seat, and one of its Guards or Nymphlets (or neither)


def attacker_of(p: PendingView) -> Piece:
    """Who makes a pending attack: a seat's character, or one of Echo's Guards (`by`)."""
    return (p["attacker"], p.get("by"), None)


def defender_of(p: PendingView) -> Piece:
    """What a pending attack is aimed at: the defender's character, one of Echo's Guards, or (in the
    Ceremony, a catch) a Nymphlet of the defender's, by its place in the mode's list."""
    return (p["defender"], p.get("guard"), p.get("nymphlet"))


# ----------------------------------------------------------------- hexes by names a person can say
# The engine speaks axial [q, r] ('[-4, 1]'), which no player can find on the picture. Every place a
# player reads a hex (the labels drawn on the board, the panel, the placement menu, this description)
# names it here, as a spreadsheet names its cells: the number is the row, 1 at the top to 9 at the
# bottom; the letter the hex's place in its row, A at the left. The middle row runs A5 to I5, the top
# row A1 to E1. Rows are offset by half a hex, so letters do not line up down the board; counting
# along a row always finds a hex. Both arenas share the shape.
LETTERS = "ABCDEFGHI"
_ENGINE_HEX = re.compile(r"\[(-?\d+), (-?\d+)\]")  # how the engine's texts write a hex: '[1, 0]'


@cache
def _labels() -> dict[tuple[int, int], str]:
    rows = sorted({r for _, r in BUSHLAND.hexes})
    return {(q, r): f"{LETTERS[place]}{number}" for number, r in enumerate(rows, start=1)
            for place, q in enumerate(sorted(q for q, row in BUSHLAND.hexes if row == r))}


def hex_label(h: Sequence[int]) -> str:
    """A hex as a player says it: [-4, 1] -> 'A6' (off the board, never shown: its numbers)."""
    return _labels().get((h[0], h[1]), f"{h[0]},{h[1]}")


def row_label(r: int) -> str:
    """The number of the hexes' row r: '5' for the middle row, r = 0."""
    return str(sorted({row for _, row in BUSHLAND.hexes}).index(r) + 1)


def hexes_words(hexes: Iterable[Sequence[int]]) -> str:
    """Several hexes in reading order (top row first, left to right): 'C3, E3, B5'."""
    return ", ".join(hex_label((q, r)) for r, q in sorted((h[1], h[0]) for h in hexes))


def name_places(text: str) -> str:
    """An engine text (a log line, a refusal) with its hexes named as players say them:
    'goes 1 hex E to [1, 0]' -> 'goes 1 hex E to F5'."""
    def named(match: re.Match[str]) -> str:
        h = (int(match.group(1)), int(match.group(2)))
        return hex_label(h) if h in _labels() else match.group(0)
    return _ENGINE_HEX.sub(named, text)


# ----------------------------------------------------------------- names and clocks
def seat_names(view: ArenaView, names: Sequence[str] | None) -> list[str]:
    """Each seat's display name as given, else its character's name."""
    given = list(names or [])
    return [given[s] if s < len(given) and given[s] else seat["name"] for s, seat in enumerate(view["seats"])]


def cut_name(name: str, most: int) -> str:
    """`name` cut to at most `most` characters, ending in '...' when cut."""
    return name if len(name) <= most else name[:most - 1].rstrip() + "..."


_SEATS = re.compile(r"(?:\b(\w+) \(\{(\d+)\}\)|\{(\d+)\})")


def name_seats(text: str, view: ArenaView, who: Sequence[str]) -> str:
    """An engine text with its seat fields named as the players are: 'Grublic ({0})' -> 'Ann' (the
    character is the one that seat plays), and a bare '{1}' -> 'Bob'; and its hexes as players say
    them ('[1, 0]' -> 'F5')."""
    seats = view["seats"]

    def named(match: re.Match[str]) -> str:
        character, number = match.group(1), match.group(2) or match.group(3)
        seat = int(number)
        if not 0 <= seat < len(who):
            return match.group(0)
        if character is None:
            return who[seat]
        return who[seat] if seats[seat]["name"] == character else f"{character} ({who[seat]})"
    return name_places(_SEATS.sub(named, text))


def time_left(deadline: float, now: float) -> str:
    """'4:12': minutes and seconds from `now` to `deadline`, never below 0:00."""
    left = max(0, math.ceil(deadline - now))
    return f"{left // 60}:{left % 60:02d}"


def clock_text(deadline: float, now: float | None, show: Show = str) -> str:
    """'4:12 left' (players live in every time zone: a clock time means nothing to most); only
    when the time now is unknown, the deadline itself, 'at 00:21:40 UTC'."""
    if now is None:
        return show(Said("at {time} UTC", time=time.strftime("%H:%M:%S", time.gmtime(deadline))))
    return show(Said("{time} left", time=time_left(deadline, now)))


def name(show: Show, word: str, context: str = "arena action") -> str:
    """A thing of the game the view names in English (a track, card or current; a status: "arena status")
    as the reader names it."""
    return show(Term(word, context))


# ----------------------------------------------------------------- pieces, statuses and cards
def piece_words(who: Sequence[str], seat: int, guard: int | None, nymphlet: int | None = None,
                show: Show = str) -> str:
    """'Ann', one of her Guards: 'Ann's Guard 2', or her Nymphlet: 'Ann's Nymphlet'."""
    if nymphlet is not None:
        return show(Said("{name}'s Nymphlet", name=who[seat]))
    return who[seat] if guard is None else show(Said("{chief}'s Guard {number}", chief=who[seat], number=guard + 1))


def status_words(status: StatusView, now: float | None, *, spoken: bool = False, show: Show = str) -> str:
    """How long a status lasts: 'Hidden till 12:03:21' (with `now`: 'Hidden 0:12'); spoken, with
    the clock's words ('Hidden, 0:12 left'); turn-based, until or through the figure's next turn."""
    status_name, until = name(show, status["name"], "arena status"), status.get("until")
    if until is None:
        if status.get("ends") == "start":
            return show(Said("{status} until its next turn", status=status_name))
        return show(Said("{status} through its next turn", status=status_name))
    if spoken:
        return f"{status_name}, {clock_text(until, now, show)}"
    if now is None:
        return show(Said("{status} till {time}", status=status_name,
                         time=time.strftime("%H:%M:%S", time.gmtime(until))))
    return f"{status_name} {time_left(until, now)}"


def card_words(card: CardView, band: bool = False, show: Show = str) -> str:
    """A Tribal card and its state: 'Leap ✓' when Ready, else its Ready dice so far 'Shield Bash
    1/2'; `band`: by its band, 'II 1/2'."""
    label = BANDS[card["band"] - 1] if band else name(show, card["name"])
    return f"{label} ✓" if card["ready"] else f"{label} {card['count']}/{card['ready_cost']}"


# ----------------------------------------------------------------- the header: the round, what it asks of whom, the clock
def round_name(view: ArenaView, show: Show = str) -> str:
    return show(Said("Tiebreak round") if view["tiebreak"]
                else Said("Round {round} of {rounds}", round=view["round"], rounds=view["rounds"]))


def _score(view: ArenaView, points: int) -> Said:
    return Said("{points} VP", points=points) if view.get("game_mode") else counted("{n} point", "{n} points", points)


def _and(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann and Bob and Cy', kept as words each language joins its own way."""
    listed = names[0] if names else ""
    for more in names[1:]:
        listed = Said("{list} and {item}", list=listed, item=more)
    return listed


def _mode_words(view: ArenaView, who: Sequence[str], show: Show = str) -> str:
    """Domination: the flower's area to hold; King of the Hill: the hill, climbing or not; the
    Ceremony: the Nymphlets left; and who has scored this round ('' in Every Eye)."""
    mode = view.get("game_mode") or {}
    if mode.get("flower"):
        goal = show(Said("Hold the {colour} area", colour=Term(str(mode["flower"]), "arena colour")))
    elif mode.get("hill"):
        goal = show(Said("Hold the hill: Climbing the Hill!") if mode["climbing"] else Said("Hold the hill"))
    elif "nymphlets" in mode:
        goal = show(Said("Catch the Nymphlets ({n} left)", n=len(mode["nymphlets"])))
    else:
        return ""
    scored = sorted(((vp, s) for s, vp in enumerate(mode["vp"]) if vp), reverse=True)
    vp = ", ".join(f"{who[s]} {v}" for v, s in scored)
    return goal + (show(Said(" (VP: {scores}).", scores=vp)) if vp else "" if goal.endswith("!") else ".") + " "


def status_text(view: ArenaView, who: Sequence[str], aborted: bool, show: Show = str) -> str:
    """What the phase asks of whom, or how the match ended; first, while a Tribal card's attack
    waits to land, that everyone else is paused."""
    paused = pause_text(view, who, show) if is_live(view, aborted) else None
    asks = asks_text(view, who, aborted, show)
    return f"{paused}. {asks}" if paused and asks else paused or asks


def pause_text(view: ArenaView, who: Sequence[str], show: Show = str) -> str | None:
    """While a Tribal card's attack waits to land, everyone else pauses (rule 14): whose card."""
    paused = view.get("paused")
    return None if paused is None else show(Said("Paused: {name}'s {card} lands first", name=who[paused["seat"]],
                                                 card=Term(paused["card"], "arena action")))


def asks_text(view: ArenaView, who: Sequence[str], aborted: bool, show: Show = str) -> str:
    """What the phase asks of whom, or how the match ended."""
    phase = view["phase"]
    if aborted:
        return show(Said("The game was ended early, in tiebreak round.") if view["tiebreak"] else
                    Said("The game was ended early, in round {round} of {rounds}.", round=view["round"],
                         rounds=view["rounds"]))
    if phase == "over":
        if view.get("ended") == "left":
            alone = winning_seats(view)
            names = _and([who[s] for s in alone])
            return show(Said("Game over: the others left, {names} win.", names=names) if len(alone) > 1
                        else Said("Game over: the others left, {names} wins.", names=names))
        best = winning_seats(view)
        points = _score(view, view["seats"][best[0]]["points"])
        names = _and([who[s] for s in best])
        if len({_side(view, s) for s in best}) > 1:  # players or teams tied
            return show(Said("Game over: {names} share the win with {points}.", names=names, points=points))
        return show(Said("Game over: {names} win the match with {points}.", names=names, points=points)
                    if len(best) > 1 else Said("Game over: {names} wins the match with {points}.", names=names,
                                               points=points))
    windows = [p for p in view["pending"] if p["deadline"] is not None]
    if windows:
        p = windows[0]
        attack = {"defender": who[p["defender"]], "action": Term(p["action"], "arena action"),
                  "attacker": piece_words(who, *attacker_of(p), show=show)}
        if defender_of(p)[2] is not None:  # a catch: the owner's Dart answers for the Nymphlet
            return show(Said("{defender}: Dart or take {action} from {attacker} on your Nymphlet.", **attack))
        if is_advanced(view):
            return show(Said("{defender}: answer or take {action} from {attacker}.", **attack))
        if view["mode"] == "turn_based":
            return show(Said("{defender}: roll Defence dice or take {action} from {attacker}.", **attack))
        return show(Said("{defender}: Parry or take {action} from {attacker}.", **attack))
    if view.get("paused"):
        return ""
    if phase == "start":
        playing = [s for s in view["in_round"] if not view["seats"][s]["left"]]
        ready = [s for s in playing if s not in view["waiting"]]
        if len(ready) < len(playing):
            counts = {"ready": len(ready), "playing": len(playing)}
            if (view.get("game_mode") or {}).get("key") == "domination":
                return show(Said("Place your figure next to the centre (any facing with a clear front arc), then say "
                                 "ready: {ready} of {playing} ready.", **counts))
            return show(Said("Place your figure in your start area (any facing with a clear front arc), then say "
                             "ready: {ready} of {playing} ready.", **counts))
        return show(Said("Everyone is ready: the round starts."))
    if phase == "countdown":  # the few seconds before Yarra Mark!, in either mode
        return show(Said("Everyone is in place: the round starts at Yarra Mark!"))
    return _mode_words(view, who, show) + _playing_text(view, who, show)


def _playing_text(view: ArenaView, who: Sequence[str], show: Show = str) -> str:
    """What a phase of play asks of whom."""
    phase = view["phase"]
    if phase == "fight":
        return show(Said("Fight! Everyone acts at once, in real time."))
    turns = view["turns"] or {}
    cap = turns.get("game_turns", TB_GAME_TURNS)  # None: the mode's own rule ends the round
    game_turn = (Said("game turn {turn} of {turns}", turn=turns.get("game_turn", 0), turns=cap) if cap
                 else Said("game turn {turn}", turn=turns.get("game_turn", 0)))
    if phase == "declare":
        declared = modes.mode_of(view)["declared"]
        waiting = [who[s] for s in view["in_round"] if view["seats"][s]["status"] == "standing"
                   and declared[s] is None]
        return show(Said("Burraparay? Declare Trigger or Not, and the dice you roll: waiting for {names}.",
                         names=", ".join(waiting)) if waiting
                    else Said("Burraparay? Declare Trigger or Not, and the dice you roll."))
    if phase == "roll":
        rolling = [who[s] for s in view["in_round"] if view["seats"][s]["status"] == "standing"
                   and view["seats"][s]["marker"] is None and not view["seats"][s]["away"]]
        text = show(Said("Realtime phase, {turn}: roll, allocate, take a turn-order marker.", turn=game_turn))
        return text + (show(Said(" Waiting for {names}.", names=", ".join(rolling))) if rolling else "")
    active = turns.get("active")
    if active is None:
        return show(Said("Turn phase, {turn}.", turn=game_turn))
    return show(counted("{name}'s turn, {n} action left ({turn}).", "{name}'s turn, {n} actions left ({turn}).",
                        turns["actions_left"], name=who[active], turn=game_turn))


CLOCK_WHAT = {"start": Said("Round starts"), "countdown": Said("Round starts (Yarra Mark!)"),
              "fight": Said("Round ends (Yarra Bung!)"), "roll": Said("Markers dealt"), "turns": Said("Turn passes"),
              "declare": Said("Declaring closes")}  # what happens when a phase's clock runs out


def clock_line(view: ArenaView, now: float | None, aborted: bool, show: Show = str) -> str | None:
    """The timer: what happens when the deadline passes, and how long until then ('Round ends
    (Yarra Bung!): 4:12 left')."""
    deadline = view.get("deadline")
    if not is_live(view, aborted) or deadline is None:
        return None
    if any(p["deadline"] == deadline for p in view["pending"]):
        what = show(Said("Time to answer"))
    else:
        what = show(CLOCK_WHAT.get(view["phase"], Said("Time runs out")))
    left = clock_text(deadline, now, show)
    return show(Said("{what}: {left}", what=what, left=left)) if now is not None else f"{what} {left}"


def attack_text(p: PendingView, who: Sequence[str], *, live: bool, spoken: bool = False,
                rolled: bool = True, show: Show = str) -> str:
    """'Ann -> Bob: Spear Thrust, 3 hits from the front; Bob to answer'. Turn-based, the dice rolled
    follow: as letters on the image, `spoken` as words (the description)."""
    hits: list[str] = []
    if p["hits"] or not p["unblockable"]:
        hits.append(counted("{n} hit", "{n} hits", p["hits"]))
    if p["unblockable"]:
        hits.append(counted("{n} unblockable hit", "{n} unblockable hits", p["unblockable"]))
    values = {"attacker": piece_words(who, *attacker_of(p), show=show),
              "defender": piece_words(who, *defender_of(p), show=show), "action": Term(p["action"], "arena action"),
              "hits": _and(hits)}
    text = show(Said("{attacker} -> {defender}: {action}, {hits} from the front", **values) if p["arc"] == "front"
                else Said("{attacker} -> {defender}: {action}, {hits} from the rear", **values))
    dice = p.get("rolled")
    if dice and rolled:
        faces = ", ".join(show(FACE_NAMES[f]) for f in dice) if spoken else " ".join(dice)
        text += show(Said(" (rolled {faces})", faces=faces))
    if live:
        text += show(Said("; {name} to answer", name=who[p["defender"]]) if p["deadline"] is not None
                     else Said("; waiting its turn"))
    return text


# ----------------------------------------------------------------- the description
class Detail(NamedTuple):
    """How much the description says; `describe` steps down these until the text fits."""

    name_chars: int     # display names cut to this
    places: bool        # landmarks after hexes ('high ground', 'red start')
    arcs: bool          # who stands in each figure's front arc
    attacks: bool       # every waiting attack (else the first and how many more)
    rolled: bool        # the dice a turn-based attack rolled
    log: bool           # the newest log line
    terrain: bool       # where the stones are
    cards: bool = True  # advanced rules: each Tribal card's state
    guards: bool = True  # ... where each of Echo's Guards stands (else how many)
    times: bool = True  # ... and until when each status lasts
    currents: bool = True  # the Rainforest's Raging Current tracks and whose dice are on them


DETAILS = (
    Detail(40, True, True, True, True, True, True),
    Detail(DESCRIBE_CHARS, True, True, True, True, True, True),
    Detail(DESCRIBE_CHARS, True, True, True, True, True, False),
    Detail(DESCRIBE_CHARS, True, True, True, False, False, False),
    Detail(DESCRIBE_CHARS, True, True, True, False, False, False, cards=False),
    Detail(16, False, True, True, False, False, False, cards=False),
    Detail(14, False, False, False, False, False, False, cards=False, guards=False),
    Detail(14, False, False, False, False, False, False, cards=False, guards=False, times=False),
    Detail(14, False, False, False, False, False, False, cards=False, guards=False, times=False, currents=False),
    Detail(10, False, False, False, False, False, False, cards=False, guards=False, times=False, currents=False),
    Detail(8, False, False, False, False, False, False, cards=False, guards=False, times=False, currents=False),
)


def describe(view: ArenaView, names: Sequence[str] | None = None, now: float | None = None, *,
             aborted: bool = False, show: Show = str) -> str:
    """The board in words, most important first, kept under Discord's 1024 characters: the
    round and what it asks (or how it ended), the clock, pending attacks, the turn order, then
    each figure (hex, facing, health, cup, points, status), the last log line and the stones.
    Long names are cut and details dropped, in that order, until it fits. `show` reads the words in the
    reader's language (`str`: English)."""
    full = seat_names(view, names)
    for detail in DETAILS:
        text = _describe(view, full, now, aborted, detail, show)
        if len(text) <= MAX_DESCRIPTION:
            break
    return text


def _describe(view: ArenaView, full: Sequence[str], now: float | None, aborted: bool, detail: Detail,
              show: Show = str) -> str:
    who = [cut_name(n, detail.name_chars) for n in full]
    live = is_live(view, aborted)
    values = {"game": Term("Eye for an Eye", "game title"), "arena": Term(view["board"]["name"], "arena"),
              "round": round_name(view, show)}
    opening = show(Said("{game} on the {arena}, turn-based. {round}.", **values) if view["mode"] == "turn_based"
                   else Said("{game} on the {arena}, real time. {round}.", **values))
    lines = [f"{opening} {status_text(view, who, aborted, show)}"]
    clock = clock_line(view, now, aborted, show)
    if clock:
        lines.append(clock + ".")
    if live and view["pending"]:
        shown = view["pending"] if detail.attacks else view["pending"][:1]
        attacks = "; ".join(attack_text(p, who, live=True, spoken=detail.rolled, rolled=detail.rolled, show=show)
                            for p in shown)
        more = len(view["pending"]) - len(shown)
        lines.append(show(counted("Attacks waiting: {attacks}; {n} more attack.",
                                  "Attacks waiting: {attacks}; {n} more attacks.", more, attacks=attacks) if more
                          else Said("Attacks waiting: {attacks}.", attacks=attacks)))
    turns = view["turns"]
    if live and turns and any(m is not None for m in turns["markers"]):
        order = []
        for i, s in enumerate(turns["markers"]):
            if s is None:
                continue
            note = (show(Said(" (on turn)")) if turns["active"] == s and view["phase"] == "turns" else
                    show(Said(" (passed)")) if view["seats"][s]["passed"] else "")
            order.append(f"{i + 1} {who[s]}{note}")
        lines.append(show(Said("Turn order: {order}.", order=", ".join(order))))
    lines += [_figure_words(view, seat, who, detail, now, show) for seat in view["seats"]]
    if view.get("teams"):
        lines.append(_teams_words(view, who, show))
    if detail.currents and view.get("currents"):
        lines.append(modes.currents_words(view, who, show))
    if mode := modes.mode_words(view, who, hexes_words, show):
        lines.append(mode)
    if detail.log and view["log"]:
        lines.append(show(Said("Last: {line}", line=name_seats(show(read(view["log"][-1])), view, who))))
    if detail.terrain:
        lines.append(_terrain_words(view["board"], show))
    return "\n".join(lines)


def _figure_words(view: ArenaView, seat: SeatView, who: Sequence[str], detail: Detail,
                  now: float | None = None, show: Show = str) -> str:
    s = seat["seat"]
    label = f"{who[s]} ({seat['name']})" if who[s] != seat["name"] else who[s]
    team = seat.get("team")
    points = show(counted("{n} point", "{n} points", seat["points"]))
    tail = (show(Said("team {team}", team=TEAM_LETTERS[team])) if team is not None
            else show(Said("cup {cup}", cup=seat["cup"]))) + f", {points}"
    if seat["left"]:
        return show(Said("{name}: left the match, {points}.", name=label, points=points))
    if seat["status"] == "out":
        by = [a for a, other in enumerate(view["seats"]) if s in other["trophies"]]
        if by:
            return show(Said("{name}: knocked out ({by}'s trophy), {tail}.", name=label, by=who[by[0]], tail=tail))
        return show(Said("{name}: knocked out, {tail}.", name=label, tail=tail))
    if seat["hex"] is None:
        return show(Said("{name}: sits this round out, {points}.", name=label, points=points))
    where = _place(view, seat["hex"], show) if detail.places else hex_label(seat["hex"])
    text = show(Said("{name}: {where}, facing {facing}, health {health}/{most}, {tail}", name=label, where=where,
                     facing=COMPASS[seat["facing"]], health=seat["health"], most=seat["max_health"], tail=tail))
    front = [other["seat"] for other in view["seats"] if other["seat"] != s and other["hex"] is not None
             and other["hex"] in seat["front"]]
    if front and detail.arcs:
        text += show(Said(", front arc: {names}", names=_and([who[o] for o in front])))
    if "cards" in seat or guard_slots(seat):  # the advanced rules, or Echo's Guards in any game
        text += _advanced_words(seat, now, detail, show)
    return text + (show(Said(", away")) if seat["away"] else "") + "."


def _place(view: ArenaView, h: Sequence[int], show: Show = str) -> str:
    """A hex by its label, with a landmark: 'E4 high ground', 'I3 red start'."""
    board = view["board"]
    text = hex_label(h)
    if list(h) in board.get("stream", []):
        return show(Said("{hex} stream", hex=text))
    if list(h) in board["high_ground"]:
        return show(Said("{hex} high ground", hex=text))
    for colour, area in board["areas"].items():
        if list(h) in area["hexes"]:
            return show(Said("{hex} {colour} start", hex=text, colour=Term(colour, "arena colour")))
    return text


def _advanced_words(seat: SeatView, now: float | None, detail: Detail, show: Show = str) -> str:
    """The advanced rules in a figure's description: Heat, statuses, Guards and tokens (Echo's, in any
    game), cards."""
    words = [show(Said("Heat {heat}", heat=seat["heat"]))] if holds_heat(seat) else []
    words += [status_words(st, now, spoken=True, show=show) if detail.times else name(show, st["name"], "arena status")
              for st in seat.get("statuses", ())]
    if guard_slots(seat):
        out = on_board_guards(seat)
        where = [show(Said("{number} at {hex} facing {facing}", number=g["guard"] + 1, hex=hex_label(g["hex"]),
                           facing=COMPASS[g["facing"]]))
                 + "".join(f", {name(show, st['name'], 'arena status')}" for st in g["statuses"]) for g in out]
        if detail.guards:
            guards = show(Said("Guards {where}", where=", ".join(where)) if out else Said("every Guard in the supply"))
            words.append(show(counted("{guards}; {n} Guard token left", "{guards}; {n} Guard tokens left",
                                      seat["guard_tokens"], guards=guards)))
        else:
            words.append(show(counted("Guards {out} out, {n} token", "Guards {out} out, {n} tokens",
                                      seat["guard_tokens"], out=len(out))))
    cards = seat.get("cards") or []
    if detail.cards and cards:
        ready = [name(show, c["name"]) for c in cards if c["ready"]]
        unready = [name(show, c["name"]) + (f" {c['count']}/{c['ready_cost']}" if c["count"] else "")
                   for c in cards if not c["ready"]]
        states = ([show(Said("{cards} ready", cards=", ".join(ready)))] if ready else []) + (
            [show(Said("{cards} unready", cards=", ".join(unready)))] if unready else [])
        words.append(show(Said("cards: {states}", states="; ".join(states))))
    return "".join(f", {w}" for w in words)


def _teams_words(view: ArenaView, who: Sequence[str], show: Show = str) -> str:
    """'Teams: A Ann and Bob, cup 7; B Cy and Di, cup 3.'"""
    teams = "; ".join(show(Said("{team} {names}, cup {cup}", team=TEAM_LETTERS[i], cup=team["cup"],
                                names=_and([who[s] for s in team["seats"]])))
                      for i, team in enumerate(view["teams"] or ()))  # (only in Alliances)
    return show(Said("Teams: {teams}.", teams=teams))


def _terrain_words(board: BoardView, show: Show = str) -> str:
    """Where the stones (or boulders and the stream) are, and how the hexes are named."""
    places = hexes_words(board["impassable"])
    names = show(Said("Hexes: row 1 (top) to 9, lettered from the left of each row."))
    if board.get("stream"):
        return show(Said("Boulders (impassable, sight passes): {hexes}. Stream: row {row}, flowing {way}. {names}",
                         hexes=places, row=row_label(board["stream"][0][1]), way=board["flows"], names=names))
    return show(Said("Stones (impassable, block sight): {hexes}. High ground: {hex} and its 6 neighbours. {names}",
                     hexes=places, hex=hex_label([0, 0]), names=names))

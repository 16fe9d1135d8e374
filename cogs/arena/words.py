"""How Eye for an Eye's views read as text: dice faces, tracks, clocks, lost races, Echo's Guards
(every game); under the advanced rules Tribal cards, Heat and statuses; and what the options add: a game
mode's Victory Points and its own line (Domination's flower and calls, the hill card, the
Nymphlets), Alliances' teams and the Rainforest's Raging Current tracks.

Texts name seats as the engine does (as the field `{2}`, engine.protocol.seat_name); cogs/markup.py
fills them in as mentions, so a player is named, never "Seat 2". Each text is in the `language` given (a
locale: the table's on the board, the clicking player's on a panel; English without one); the names of the
game's things come in the view as plain English (engine/arena/views.py) and are read as `term` reads them.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

from engine.arena.data import (
    FLAME_BLADE,
    FLAME_BLADE_HEAT,
    FLAME_BLADE_HITS,
    KINDLE,
    KINDLE_HEAT,
    LUFTLES,
    MENDING_TIDE,
    MENDING_TIDE_CANCELS,
    MENDING_TIDE_HEALTH,
    SOARING,
    THICK_BARK,
    THICK_BARK_FEWER,
)
from engine.arena.races import MARKER, Race
from engine.arena.teams import TEAM_LETTERS
from engine.arena.view_types import (
    ArenaView,
    CardView,
    ModeView,
    PendingView,
    SeatView,
    StatusView,
    TrackView,
    as_view,
)
from engine.protocol import seat_name
from render.arena_words import hex_label

from ..language import N_, ntext, ptext, text
from ..markup import stamp, too_slow
from ..panels import Seat

FACE = {"A": "⚔", "D": "🛡", "M": "👣", "H": "❤", "R": "⏫", "S": "✨"}
UNROLLED = "▫"
ICON = {"attack": "⚔", "move": "👣", "heal": "❤", "parry": "🛡"}
BANDS = ("I", "II", "III")  # a Tribal card's band
READY_FACE = "⏫"


READER: ContextVar[object] = ContextVar("arena_panel_reader", default=None)  # the locale of the click being answered


def reader(seat: Seat) -> object:
    """The language a panel is drawn in: its own player's (the locale of the click it answers, or of the
    interaction a pushed redraw goes through), else the table's."""
    return READER.get() or seat.session.language


def term(language: object, word: str, context: str = "arena action") -> str:
    """A thing of the game the view names in English (a track, card or current: "arena action"; a status:
    "arena status"; a mode: "arena mode") as `language` names it."""
    return ptext(language, context, word)


# What each passive does (data.PASSIVES says it in English), as words with their numbers.
PASSIVE_WORDS: dict[str, tuple[str, dict[str, int]]] = {
    MENDING_TIDE: (N_("when a Parry cancels {cancels} or more hits, +{health} health"),
                   {"cancels": MENDING_TIDE_CANCELS, "health": MENDING_TIDE_HEALTH}),
    THICK_BARK: (N_("attacks from the rear arc deal {fewer} hit fewer"), {"fewer": THICK_BARK_FEWER}),
    KINDLE: (N_("when a Parry cancels a hit, +{heat} Heat"), {"heat": KINDLE_HEAT}),
    FLAME_BLADE: (N_("once per attack, spend {heat} Heat for {hits} more unblockable hit"),
                  {"heat": FLAME_BLADE_HEAT, "hits": FLAME_BLADE_HITS}),
    SOARING: (N_("moves over terrain and figures, ending on an open hex"), {}),
    LUFTLES: (N_("each Attack or Movement is taken by one Luftle figure: the Chief or a Guard"), {}),
}


def passive_text(language: object, key: str, english: str) -> str:
    """What a passive does, in `language` (`english`, the view's words, for one this table does not know)."""
    if key not in PASSIVE_WORDS:
        return english
    words, values = PASSIVE_WORDS[key]
    return text(language, words, **values)


def ordinal(language: object, place: int) -> str:
    """A turn-order marker by its place (1: '1st') as the reader writes it."""
    return (ptext(language, "turn-order marker", "1st"), ptext(language, "turn-order marker", "2nd"),
            ptext(language, "turn-order marker", "3rd"), ptext(language, "turn-order marker", "4th"),
            ptext(language, "turn-order marker", "5th"), ptext(language, "turn-order marker", "6th"))[place - 1]


def pool_text(pool: list[str | None], language: object = None) -> str:
    return " ".join(FACE.get(f, UNROLLED) if f else UNROLLED for f in pool) or ptext(language, "dice pool", "empty")


def track_text(t: TrackView, language: object = None) -> str:
    filled = FACE[t["face"]] * t["count"] + "·" * (t["spaces"] - t["count"])
    shown = text(language, "{icon} {track} [{filled}] min {least}", icon=ICON.get(t["key"], ""),
                 track=term(language, t["name"]), filled=filled, least=t["min"])
    return shown + (" ✓" if t["ready"] else "")


def short_of(t: TrackView, language: object = None) -> str | None:
    """A track under its minimum (rule 8: it acts only once its minimum spaces are filled): the dice
    it still needs, 'put 2 ⚔ dice on Spear Thrust first.' (None when it is filled)."""
    if t["ready"]:
        return None
    values = {"face": FACE[t["face"]], "track": term(language, t["name"])}
    if t["count"]:
        return ntext(language, "put {n} more {face} die on {track} first.",
                     "put {n} more {face} dice on {track} first.", t["min"] - t["count"], **values)
    return ntext(language, "put {n} {face} die on {track} first.", "put {n} {face} dice on {track} first.",
                 t["min"] - t["count"], **values)


def dice_words(t: TrackView, reason: str | None, language: object = None) -> str | None:
    """The engine's refusal of a track's action, its shortage of dice ('... needs 1 Move dice allocated
    (you have 0)') said as `short_of` says it; any other reason as the engine gives it (its words, a `Said`,
    read where it is shown)."""
    if reason is not None and not t["ready"] and " dice allocated (you have " in reason:
        return short_of(t, language)
    return reason


def track(me: SeatView, key: str) -> TrackView:
    return next(t for t in me["tracks"] if t["key"] == key)


def who(view: ArenaView, seat: int) -> str:
    """A figure as engine texts name it: 'Grublic (Seat 1)', which the session makes a mention."""
    return f"{view['seats'][seat]['name']} ({seat_name(seat)})"


CLOCK_WORDS = {  # what a phase's clock ends, after the round's words
    "start": N_("{round} starts {when}"), "countdown": N_("{round} starts {when}"), "fight": N_("{round} ends {when}"),
    "roll": N_("{round} realtime phase ends {when}"), "turns": N_("{round} turn ends {when}"),
    "declare": N_("{round} declaring ends {when}")}


def clock_words(view: ArenaView, language: object = None) -> str:
    which = (text(language, "tiebreak round") if view["tiebreak"]
             else text(language, "round {round} of {rounds}", round=view["round"], rounds=view["rounds"]))
    if view["phase"] not in CLOCK_WORDS:
        return which
    return text(language, CLOCK_WORDS[view["phase"]], round=which, when=stamp(view["phase_deadline"]))


def turn_words(view: ArenaView, seat: int, language: object = None) -> list[str]:
    """Where a turn-based game turn stands, for one player's panel."""
    turns = view["turns"]
    if turns is None:
        return []
    if view["phase"] == "roll":
        marker = view["seats"][seat]["marker"]
        if marker is not None:
            return [text(language, "You hold the {marker} marker; waiting for the others.",
                         marker=ordinal(language, marker))]
        return [text(language, "Game turn {turn}: roll, allocate, then ✔ Done to take a turn-order marker.",
                     turn=turns["game_turn"])]
    active = turns["active"]
    if active == seat:
        return [ntext(language, "**Your turn**: {n} action left.", "**Your turn**: {n} actions left.",
                      turns["actions_left"])]
    return [text(language, "{name}'s turn.", name=view["seats"][active]["name"])] if active is not None else []


def race_words(view: Mapping[str, Any], seat: int, race: Race, clicked_ms: int, language: object = None) -> str:
    """A click that lost a race, told to its player: who was first, and by how many ms (`view`:
    the seat's, as the click path hands it over)."""
    arena_view = as_view(view)
    winner = who(arena_view, race.winner)
    if race.won == MARKER:
        what = text(language, "{winner} took the {marker} marker", winner=winner,
                    marker=ordinal(language, race.of))
    elif race.of == seat:
        what = text(language, "{winner} knocked you out", winner=winner)
    else:
        what = text(language, "{winner} knocked {whom} out", winner=winner, whom=who(arena_view, race.of))
    return too_slow(what, race.at_ms, clicked_ms, language)


def card_label(card: CardView, language: object = None) -> str:
    """A Tribal card as its button shows it (ARENA.md 3.3 row 4): band, ● Ready or ○ Unready, name,
    and the dice on it of what it needs: Unready its Ready dice ('II ○ Shield Bash 1/2⏫'), Ready
    its use dice and bonus space ('II ● Shield Bash 2/2+1✨')."""
    if card["ready"]:
        need = f"{card['count']}/{card['use_min']}" + (f"+{card['bonus']}" if card["bonus"] else "") + \
            FACE[card["use_face"]]
    else:
        need = f"{card['count']}/{card['ready_cost']}{READY_FACE}"
    return f"{BANDS[card['band'] - 1]} {'●' if card['ready'] else '○'} {term(language, card['name'])} {need}"


def figure_name(view: ArenaView, seat: int, guard: int | None = None, language: object = None) -> str:
    """A figure by its character's name: 'Riparian', or one of Echo's Guards 'Echo's Guard 2'."""
    name = view["seats"][seat]["name"]
    return name if guard is None else text(language, "{chief}'s Guard {number}", chief=name, number=guard + 1)


def aimed_at(view: ArenaView, entry: PendingView, language: object = None) -> str:
    """Whom a waiting attack strikes, in its defender's words: their Nymphlet (a catch: it has no
    facing, so no arc), or them or one of their Guards, and from which arc."""
    nymphlet, guard = entry.get("nymphlet"), entry.get("guard")
    if nymphlet is not None:
        where = hex_label((view["game_mode"] or {})["nymphlets"][nymphlet]["hex"])
        return text(language, "your Nymphlet at {hex}", hex=where)
    arc = ptext(language, "arc", "front") if entry["arc"] == "front" else ptext(language, "arc", "rear")
    if guard is None:
        return text(language, "you ({arc})", arc=arc)
    return text(language, "your Guard {number} ({arc})", number=guard + 1, arc=arc)


def answer_label(me: SeatView, entry: PendingView, turn_based: bool, dice: int, language: object = None) -> str:
    """A REACT answer button: Dart on a Nymphlet (never rolled), turn-based Parry's rolled Defence
    dice, else Parry."""
    if entry.get("nymphlet") is not None:
        return f"🐾 {term(language, track(me, 'dart')['name'])} {dice}"
    if turn_based:
        return text(language, "🎲 Roll {n} Defence", n=dice)
    return f"🛡 {term(language, track(me, 'parry')['name'])} {dice}"


def unanswered(me: SeatView, entry: PendingView, turn_based: bool, most: int, language: object = None) -> str:
    """What answers when the REACT window runs out (the engine's hits.resolve): in real time
    Auto-Parry; turn-based Parry rolls every Defence die, while Dart, never rolled, spends one a hit
    (at most `most`) with Auto-Parry's switch on, and off the hits land."""
    if not turn_based:
        return text(language, "Auto-Parry answers for you.")
    if entry.get("nymphlet") is None:
        return text(language, "every Defence die is rolled.")
    if me["auto_parry"] and most:
        return text(language, "{track} {n} answers for you.", track=term(language, track(me, "dart")["name"]), n=most)
    return text(language, "the hits land.")


def nymphlets_on(view: ArenaView, hexes: list[list[int]], language: object = None) -> list[str]:
    """The Ceremony's Nymphlets standing on `hexes`, by owner: "Riparian's Nymphlet"."""
    return [text(language, "{name}'s Nymphlet", name=view["seats"][n["owner"]]["name"])
            for n in (view.get("game_mode") or {}).get("nymphlets", ()) if n["hex"] in hexes]


def holds_heat(seat: SeatView) -> bool:
    """Incendiary holds Heat, which his Flame Blade burns."""
    return any(p["key"] == FLAME_BLADE for p in seat.get("passives", ()))


def status_words(status: StatusView, language: object = None) -> str:
    """'Netted (ends <t:..:R>)' in real time; turn-based until or through the figure's next turn."""
    status_name = term(language, status["name"], "arena status")
    if status.get("until") is not None:
        return text(language, "{status} (ends {when})", status=status_name, when=stamp(status["until"]))
    if status.get("ends") == "start":
        return text(language, "{status} (until its next turn)", status=status_name)
    return text(language, "{status} (through its next turn)", status=status_name)


def advanced_words(seat: SeatView, language: object = None) -> list[str]:
    """A seat's Heat, statuses (advanced rules) and Guards (Echo's, in every game), for the board and the panel."""
    words = [text(language, "🔥 Heat {heat}", heat=seat["heat"])] if holds_heat(seat) else []
    words += [status_words(s, language) for s in seat.get("statuses", ())]
    guards = seat.get("guards") or []
    if guards:
        out = sum(1 for g in guards if g is not None)
        words.append(ntext(language, "Guards {out}/{all} out, {n} token", "Guards {out}/{all} out, {n} tokens",
                           seat["guard_tokens"], out=out, all=len(guards)))
    return words


def cards_words(seat: SeatView, language: object = None) -> str:
    """A seat's Tribal cards and their states: 'Leap ● · Shield Bash ○ 1/2⏫'."""
    return " · ".join(f"{term(language, c['name'])} ●" if c["ready"]
                      else f"{term(language, c['name'])} ○ {c['count']}/{c['ready_cost']}{READY_FACE}"
                      for c in seat.get("cards", ()))


# ------------------------------------------------------------------ the options: modes, teams, currents

def score_words(view: ArenaView, seat: SeatView, language: object = None) -> str:
    """What a player scored: in a game mode this round's VP and the match's ('3 VP · 7 in all');
    in Every Eye their cup and the match points (Alliances: the team's cup, in `team_lines`)."""
    mode = view.get("game_mode")
    if mode is not None:
        return text(language, "{vp} VP · {points} in all", vp=mode["vp"][seat["seat"]], points=seat["points"])
    team_number = seat.get("team")
    team = (text(language, "team {team}", team=TEAM_LETTERS[team_number]) if team_number is not None
            else text(language, "cup {cup}", cup=seat["cup"]))
    points = ntext(language, "{n} pt", "{n} pts", seat["points"])
    return f"{team} · {points}"


def shared_track_words(view: ArenaView, faces: list[str], dice: list[int | None], language: object = None) -> str:
    """A shared track's spaces, each its face and whose die sits there: '👣 Grublic ({0}) · ✨ free'."""
    free = ptext(language, "space", "free")
    return " · ".join(f"{FACE[face]} {free if seat is None else who(view, seat)}"
                      for face, seat in zip(faces, dice, strict=True))


def current_lines(view: ArenaView, language: object = None) -> list[str]:
    """The Rainforest's Raging Current tracks: what each does and whose dice are locked on it."""
    lines = []
    for current in view.get("currents") or ():
        shift = current["shift"]
        does = ([text(language, "the stream moves {n} downstream", n=shift) if shift > 0
                 else text(language, "the stream moves {n} upstream", n=-shift)] if shift else [])
        does += [text(language, "figures beside the stream step in")] if current["flood"] else []
        lines.append(f"**{term(language, current['name'])}** ({', '.join(does)}): "
                     f"{shared_track_words(view, current['faces'], current['dice'], language)}")
    return lines


def team_lines(view: ArenaView, language: object = None) -> list[str]:
    """Alliances: each team's players and its one cup (in a game mode, also its VP together)."""
    mode = view.get("game_mode")
    lines = []
    for n, team in enumerate(view.get("teams") or ()):
        players = ", ".join(who(view, s) for s in team["seats"])
        if mode:
            lines.append(text(language, "Team {team}: {players} · cup {cup} · {vp} VP together", team=TEAM_LETTERS[n],
                              players=players, cup=team["cup"], vp=sum(mode["vp"][s] for s in team["seats"])))
        else:
            lines.append(text(language, "Team {team}: {players} · cup {cup}", team=TEAM_LETTERS[n], players=players,
                              cup=team["cup"]))
    return lines


def undeclared(view: ArenaView) -> list[int]:
    """Domination, turn-based: the standing players still to declare Trigger or Not."""
    declared = (view["game_mode"] or {})["declared"]  # (asked only in Domination)
    return [s["seat"] for s in view["seats"] if s["status"] == "standing" and declared[s["seat"]] is None]


def declare_words(view: ArenaView, language: object = None) -> str:
    """Domination's declaring phase, for the board: who is still to declare, and until when."""
    names = [seat_name(s) for s in undeclared(view)]
    listed = names[0]
    for more in names[1:-1]:
        listed = text(language, "{list}, {item}", list=listed, item=more)
    listed = listed if len(names) == 1 else text(language, "{list} and {item}", list=listed, item=names[-1])
    flower = flower_name(language, (view["game_mode"] or {})["flower"])
    return text(language, "Burraparay? The flower is **{flower}**: {players} still to declare Trigger or Not and the "
                "dice they roll (**Open my board**), {when}.", flower=flower, players=listed,
                when=stamp(view["phase_deadline"]))


def flower_name(language: object, flower: str | None) -> str:
    """A Ceremonial Flower (an area's colour) as `language` names it."""
    return ptext(language, "arena colour", flower) if flower else str(flower)


def mode_lines(view: ArenaView, language: object = None) -> list[str]:
    """What the game mode shows beside the players: Domination's flower, calls and last trigger;
    the hill card and whether the hill is climbing; the Nymphlets left and caught."""
    mode = view.get("game_mode")
    if mode is None:
        return []
    shown = {"domination": _domination_lines, "hill": _hill_lines, "ceremony": _ceremony_lines}.get(mode["key"])
    return shown(view, mode, language) if shown else []


def _domination_lines(view: ArenaView, mode: ModeView, language: object) -> list[str]:
    flower = mode["flower"]
    held = (text(language, "🌸 Hold the **{flower}** area", flower=flower_name(language, flower)) if flower
            else text(language, "🌸 Yarra Mark! flips the first flower"))
    lines = [ntext(language, "{held} · {n} flower scored this round, {deck} left in the deck",
                   "{held} · {n} flowers scored this round, {deck} left in the deck", mode["scored"], held=held,
                   deck=mode["deck"])]
    if mode["calls"] is not None:  # real time: how many were made, never when the next comes
        lines.append(text(language, "📣 Burraparay! {made} of {of} calls made (they come unannounced)",
                          made=mode["calls"]["made"], of=mode["calls"]["of"]))
    trigger = mode["trigger"]
    if trigger is not None:
        lines.append(text(language, "Last Burraparay?: Trigger {trigger}, Not {against}: scored",
                          trigger=trigger["trigger"], against=trigger["not"]) if trigger["scored"] else
                     text(language, "Last Burraparay?: Trigger {trigger}, Not {against}: no scoring",
                          trigger=trigger["trigger"], against=trigger["not"]))
    return lines


def _hill_lines(view: ArenaView, mode: ModeView, language: object) -> list[str]:
    card = mode["card"]
    climbing = (text(language, "⛰ **Climbing the Hill!** The next fill scores") if mode["climbing"]
                else text(language, "⛰ The next fill climbs the hill"))
    spaces = shared_track_words(view, card["faces"], card["dice"], language)
    return [text(language, "Hill card: {spaces}", spaces=spaces),
            ntext(language, "{climbing} · scored {n} time this round", "{climbing} · scored {n} times this round",
                  mode["scorings"], climbing=climbing)]


def _ceremony_lines(view: ArenaView, mode: ModeView, language: object) -> list[str]:
    left = Counter(n["owner"] for n in mode["nymphlets"])
    caught = [f"{who(view, s)} {c}" for s, c in enumerate(mode["catches"]) if c]
    standing = " · ".join(f"{who(view, s)} {left[s]}" for s in view["in_round"])
    return [text(language, "🌟 Nymphlets left: {left}", left=standing),
            text(language, "Caught: {caught}", caught=" · ".join(caught)) if caught
            else text(language, "Caught: none yet")]

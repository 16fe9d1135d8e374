"""How Eye for an Eye's views read as text: dice faces, tracks, clocks, lost races, Echo's Guards
(every game); under the advanced rules Tribal cards, Heat and statuses; and what the options add: a game
mode's Victory Points and its own line (Domination's flower and calls, the hill card, the
Nymphlets), Alliances' teams and the Rainforest's Raging Current tracks.

Texts name seats as the engine does (as the field `{2}`, engine.protocol.seat_name); cogs/markup.py
fills them in as mentions, so a player is named, never "Seat 2".
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.arena.data import FLAME_BLADE
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
from engine.words import plural
from render.arena_words import hex_label

from ..markup import stamp, too_slow

FACE = {"A": "⚔", "D": "🛡", "M": "👣", "H": "❤", "R": "⏫", "S": "✨"}
UNROLLED = "▫"
ICON = {"attack": "⚔", "move": "👣", "heal": "❤", "parry": "🛡"}
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")
BANDS = ("I", "II", "III")  # a Tribal card's band
READY_FACE = "⏫"


def pool_text(pool: list[str | None]) -> str:
    return " ".join(FACE.get(f, UNROLLED) if f else UNROLLED for f in pool) or "empty"


def track_text(t: TrackView) -> str:
    filled = FACE[t["face"]] * t["count"] + "·" * (t["spaces"] - t["count"])
    return f"{ICON.get(t['key'], '')} {t['name']} [{filled}] min {t['min']}{' ✓' if t['ready'] else ''}"


def short_of(t: TrackView) -> str | None:
    """A track under its minimum (rule 8: it acts only once its minimum spaces are filled): the dice
    it still needs, 'put 2 ⚔ dice on Spear Thrust first.' (None when it is filled)."""
    if t["ready"]:
        return None
    face, more = FACE[t["face"]], "more " if t["count"] else ""
    return f"put {plural(t['min'] - t['count'], f'{more}{face} die', f'{more}{face} dice')} on {t['name']} first."


def dice_words(t: TrackView, reason: str | None) -> str | None:
    """The engine's refusal of a track's action, its shortage of dice ('... needs 1 Move dice allocated
    (you have 0)') said as `short_of` says it; any other reason as the engine gives it."""
    if reason is not None and not t["ready"] and " dice allocated (you have " in reason:
        return short_of(t)
    return reason


def track(me: SeatView, key: str) -> TrackView:
    return next(t for t in me["tracks"] if t["key"] == key)


def who(view: ArenaView, seat: int) -> str:
    """A figure as engine texts name it: 'Grublic (Seat 1)', which the session makes a mention."""
    return f"{view['seats'][seat]['name']} ({seat_name(seat)})"


def clock_words(view: ArenaView) -> str:
    which = "tiebreak round" if view["tiebreak"] else f"round {view['round']} of {view['rounds']}"
    when = {"start": "starts", "countdown": "starts", "fight": "ends", "roll": "realtime phase ends",
            "turns": "turn ends", "declare": "declaring ends"}
    if view["phase"] not in when:
        return which
    return f"{which} {when[view['phase']]} {stamp(view['phase_deadline'])}"


def turn_words(view: ArenaView, seat: int) -> list[str]:
    """Where a turn-based game turn stands, for one player's panel."""
    turns = view["turns"]
    if turns is None:
        return []
    if view["phase"] == "roll":
        marker = view["seats"][seat]["marker"]
        if marker is not None:
            return [f"You hold the {ORDINAL[marker - 1]} marker; waiting for the others."]
        return [f"Game turn {turns['game_turn']}: roll, allocate, then ✔ Done to take a turn-order marker."]
    active = turns["active"]
    if active == seat:
        return [f"**Your turn**: {plural(turns['actions_left'], 'action')} left."]
    return [f"{view['seats'][active]['name']}'s turn."] if active is not None else []


def race_words(view: Mapping[str, Any], seat: int, race: Race, clicked_ms: int) -> str:
    """A click that lost a race, told to its player: who was first, and by how many ms (`view`:
    the seat's, as the click path hands it over)."""
    arena_view = as_view(view)
    winner = who(arena_view, race.winner)
    if race.won == MARKER:
        what = f"{winner} took the {ORDINAL[race.of - 1]} marker"
    else:
        what = f"{winner} knocked {'you' if race.of == seat else who(arena_view, race.of)} out"
    return too_slow(what, race.at_ms, clicked_ms)


def card_label(card: CardView) -> str:
    """A Tribal card as its button shows it (ARENA.md 3.3 row 4): band, ● Ready or ○ Unready, name,
    and the dice on it of what it needs: Unready its Ready dice ('II ○ Shield Bash 1/2⏫'), Ready
    its use dice and bonus space ('II ● Shield Bash 2/2+1✨')."""
    if card["ready"]:
        need = f"{card['count']}/{card['use_min']}" + (f"+{card['bonus']}" if card["bonus"] else "") + \
            FACE[card["use_face"]]
    else:
        need = f"{card['count']}/{card['ready_cost']}{READY_FACE}"
    return f"{BANDS[card['band'] - 1]} {'●' if card['ready'] else '○'} {card['name']} {need}"


def figure_name(view: ArenaView, seat: int, guard: int | None = None) -> str:
    """A figure by its character's name: 'Riparian', or one of Echo's Guards 'Echo's Guard 2'."""
    name = view["seats"][seat]["name"]
    return name if guard is None else f"{name}'s Guard {guard + 1}"


def aimed_at(view: ArenaView, entry: PendingView) -> str:
    """Whom a waiting attack strikes, in its defender's words: their Nymphlet (a catch: it has no
    facing, so no arc), or them or one of their Guards, and from which arc."""
    nymphlet, guard = entry.get("nymphlet"), entry.get("guard")
    if nymphlet is not None:
        return f"your Nymphlet at {hex_label((view['game_mode'] or {})['nymphlets'][nymphlet]['hex'])}"
    return ("you" if guard is None else f"your Guard {guard + 1}") + f" ({entry['arc']})"


def answer_label(me: SeatView, entry: PendingView, turn_based: bool, dice: int) -> str:
    """A REACT answer button: Dart on a Nymphlet (never rolled), turn-based Parry's rolled Defence
    dice, else Parry."""
    if entry.get("nymphlet") is not None:
        return f"🐾 {track(me, 'dart')['name']} {dice}"
    return f"🎲 Roll {dice} Defence" if turn_based else f"🛡 {track(me, 'parry')['name']} {dice}"


def unanswered(me: SeatView, entry: PendingView, turn_based: bool, most: int) -> str:
    """What answers when the REACT window runs out (the engine's hits.resolve): in real time
    Auto-Parry; turn-based Parry rolls every Defence die, while Dart, never rolled, spends one a hit
    (at most `most`) with Auto-Parry's switch on, and off the hits land."""
    if not turn_based:
        return "Auto-Parry answers for you."
    if entry.get("nymphlet") is None:
        return "every Defence die is rolled."
    return f"{track(me, 'dart')['name']} {most} answers for you." if me["auto_parry"] and most else "the hits land."


def nymphlets_on(view: ArenaView, hexes: list[list[int]]) -> list[str]:
    """The Ceremony's Nymphlets standing on `hexes`, by owner: "Riparian's Nymphlet"."""
    return [f"{view['seats'][n['owner']]['name']}'s Nymphlet"
            for n in (view.get("game_mode") or {}).get("nymphlets", ()) if n["hex"] in hexes]


def holds_heat(seat: SeatView) -> bool:
    """Incendiary holds Heat, which his Flame Blade burns."""
    return any(p["key"] == FLAME_BLADE for p in seat.get("passives", ()))


def status_words(status: StatusView) -> str:
    """'Netted (ends <t:..:R>)' in real time; turn-based until or through the figure's next turn."""
    if status.get("until") is not None:
        return f"{status['name']} (ends {stamp(status['until'])})"
    return f"{status['name']} ({'until' if status.get('ends') == 'start' else 'through'} its next turn)"


def advanced_words(seat: SeatView) -> list[str]:
    """A seat's Heat, statuses (advanced rules) and Guards (Echo's, in every game), for the board and the panel."""
    words = [f"🔥 Heat {seat['heat']}"] if holds_heat(seat) else []
    words += [status_words(s) for s in seat.get("statuses", ())]
    guards = seat.get("guards") or []
    if guards:
        out = sum(1 for g in guards if g is not None)
        words.append(f"Guards {out}/{len(guards)} out, {plural(seat['guard_tokens'], 'token')}")
    return words


def cards_words(seat: SeatView) -> str:
    """A seat's Tribal cards and their states: 'Leap ● · Shield Bash ○ 1/2⏫'."""
    return " · ".join(f"{c['name']} ●" if c["ready"] else f"{c['name']} ○ {c['count']}/{c['ready_cost']}{READY_FACE}"
                      for c in seat.get("cards", ()))


# ------------------------------------------------------------------ the options: modes, teams, currents

def score_words(view: ArenaView, seat: SeatView) -> str:
    """What a player scored: in a game mode this round's VP and the match's ('3 VP · 7 in all');
    in Every Eye their cup and the match points (Alliances: the team's cup, in `team_lines`)."""
    mode = view.get("game_mode")
    if mode is not None:
        return f"{mode['vp'][seat['seat']]} VP · {seat['points']} in all"
    team_number = seat.get("team")
    team = f"team {TEAM_LETTERS[team_number]}" if team_number is not None else f"cup {seat['cup']}"
    return f"{team} · {plural(seat['points'], 'pt')}"


def shared_track_words(view: ArenaView, faces: list[str], dice: list[int | None]) -> str:
    """A shared track's spaces, each its face and whose die sits there: '👣 Grublic ({0}) · ✨ free'."""
    return " · ".join(f"{FACE[face]} {'free' if seat is None else who(view, seat)}"
                      for face, seat in zip(faces, dice, strict=True))


def current_lines(view: ArenaView) -> list[str]:
    """The Rainforest's Raging Current tracks: what each does and whose dice are locked on it."""
    lines = []
    for current in view.get("currents") or ():
        shift = current["shift"]
        does = [f"the stream moves {abs(shift)} {'downstream' if shift > 0 else 'upstream'}"] if shift else []
        does += ["figures beside the stream step in"] if current["flood"] else []
        lines.append(f"**{current['name']}** ({', '.join(does)}): "
                     f"{shared_track_words(view, current['faces'], current['dice'])}")
    return lines


def team_lines(view: ArenaView) -> list[str]:
    """Alliances: each team's players and its one cup (in a game mode, also its VP together)."""
    mode = view.get("game_mode")
    lines = []
    for n, team in enumerate(view.get("teams") or ()):
        vp = f" · {sum(mode['vp'][s] for s in team['seats'])} VP together" if mode else ""
        players = ", ".join(who(view, s) for s in team["seats"])
        lines.append(f"Team {TEAM_LETTERS[n]}: {players} · cup {team['cup']}{vp}")
    return lines


def undeclared(view: ArenaView) -> list[int]:
    """Domination, turn-based: the standing players still to declare Trigger or Not."""
    declared = (view["game_mode"] or {})["declared"]  # (asked only in Domination)
    return [s["seat"] for s in view["seats"] if s["status"] == "standing" and declared[s["seat"]] is None]


def declare_words(view: ArenaView) -> str:
    """Domination's declaring phase, for the board: who is still to declare, and until when."""
    names = [seat_name(s) for s in undeclared(view)]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return (f"Burraparay? The flower is **{(view['game_mode'] or {})['flower']}**: {listed} still to declare "
            f"Trigger or Not and the dice they roll (**Open my board**), {stamp(view['phase_deadline'])}.")


def mode_lines(view: ArenaView) -> list[str]:
    """What the game mode shows beside the players: Domination's flower, calls and last trigger;
    the hill card and whether the hill is climbing; the Nymphlets left and caught."""
    mode = view.get("game_mode")
    if mode is None:
        return []
    shown = {"domination": _domination_lines, "hill": _hill_lines, "ceremony": _ceremony_lines}.get(mode["key"])
    return shown(view, mode) if shown else []


def _domination_lines(view: ArenaView, mode: ModeView) -> list[str]:
    flower = mode["flower"]
    held = f"🌸 Hold the **{flower}** area" if flower else "🌸 Yarra Mark! flips the first flower"
    lines = [f"{held} · {plural(mode['scored'], 'flower')} scored this round, {mode['deck']} left in the deck"]
    if mode["calls"] is not None:  # real time: how many were made, never when the next comes
        lines.append(f"📣 Burraparay! {mode['calls']['made']} of {mode['calls']['of']} calls made "
                     "(they come unannounced)")
    trigger = mode["trigger"]
    if trigger is not None:
        lines.append(f"Last Burraparay?: Trigger {trigger['trigger']}, Not {trigger['not']}: "
                     f"{'scored' if trigger['scored'] else 'no scoring'}")
    return lines


def _hill_lines(view: ArenaView, mode: ModeView) -> list[str]:
    card = mode["card"]
    climbing = "⛰ **Climbing the Hill!** The next fill scores" if mode["climbing"] else "⛰ The next fill climbs the hill"
    return [f"Hill card: {shared_track_words(view, card['faces'], card['dice'])}",
            f"{climbing} · scored {plural(mode['scorings'], 'time')} this round"]


def _ceremony_lines(view: ArenaView, mode: ModeView) -> list[str]:
    left = Counter(n["owner"] for n in mode["nymphlets"])
    caught = [f"{who(view, s)} {c}" for s, c in enumerate(mode["catches"]) if c]
    return [f"🌟 Nymphlets left: {' · '.join(f'{who(view, s)} {left[s]}' for s in view['in_round'])}",
            f"Caught: {' · '.join(caught) or 'none yet'}"]

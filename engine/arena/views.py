"""What everyone sees: in Eye for an Eye nothing is hidden (ARENA.md 3.5), so every seat's view
is the public one, plus `you`. Dice, allocations, cups and reaction windows are all shown. A view
shares no list or dict with the state (a careless caller may change it), and it is plain data (the
names of the game's things, `Term`s in data.py, go in as plain text; the cog translates them). `game_mode`
is what the game mode shows (None for Every Eye; Domination: VP, the flower, calls and declarations); a mode's
secret timer (Domination's unannounced calls) is never in `deadline`.

Echo's Guards, his innate Call the Guard and his Luftles, in every game (ARENA.md 4.16; `core_view`).
Advanced rules, per seat: its innate action and passives, each Tribal card with its state and
costs, Heat, statuses and Echo's Guards; at the top, `paused`: the Tribal card everyone waits on.

Every part is built as its type in view_types (`ArenaView` and its parts), so mypy checks the keys
the render and the cog will read; `public` hands the whole to the protocol as its plain dict.

The computers read every seat's view after every step, so the public view is built once per state
(`seat_views`) and each seat gets its own copy of it (`copied`), and the fixed layout is laid out
once per arena (`board_data`).
"""
from __future__ import annotations

import copy
import marshal
from collections.abc import Sequence
from functools import cache
from typing import Any, cast

from .. import flow
from ..protocol import View
from .board import ARENAS, COMPASS, Key, front_arc, line_of_sight
from .cards import is_ready_card
from .data import PASSIVES, STATUS_NAMES
from .dice import room
from .figures import (
    State,
    advanced,
    arena,
    board_of,
    character,
    figure_hexes,
    guards_of,
    guards_play,
    hand,
    innate_of,
    passives_of,
)
from .hits import paused_by
from .modes import mode_of
from .rounds import passed, round_seconds
from .sides import cup, teams_of
from .terrain import terrain_of
from .turns import marker_of
from .view_types import (
    AdvancedParts,
    ArenaView,
    BoardView,
    ModeView,
    PausedView,
    SeatView,
    StatusView,
)


def copies(data: Any, n: int) -> list[Any]:
    """`n` deep copies of `data`, types kept. Plain data (dicts, lists, tuples, strings, numbers, None)
    goes through marshal, Python's own C serialiser of exactly these, several times faster than
    `copy.deepcopy`, which copies anything else (a str subclass, such as an engine text)."""
    if n < 1:
        return []
    try:
        frozen = marshal.dumps(data)
    except ValueError:  # not plain data
        return [copy.deepcopy(data) for _ in range(n)]
    return [marshal.loads(frozen) for _ in range(n)]


def copied(data: Any) -> Any:
    return copies(data, 1)[0]


def board_data(state: State) -> BoardView:
    """The arena's fixed layout, for the render (drawn once and cached): the view's own copy."""
    return copied(_layout(state["arena"]))


@cache
def _layout(name: str) -> BoardView:
    """The fixed layout of the arena `name`, laid out once (never handed out: `board_data` copies it)."""
    ar = ARENAS[name]
    return {
        "name": ar.name,
        "hexes": sorted([q, r] for q, r in ar.hexes),
        "impassable": sorted([q, r] for q, r in ar.impassable),
        "blocks_sight": sorted([q, r] for q, r in ar.blocks_sight),
        "high_ground": sorted([q, r] for q, r in ar.high_ground),
        "areas": {colour: {"hexes": [list(h) for h in hexes], "facing": facing}
                  for colour, (hexes, facing) in ar.areas.items()},
        "compass": list(COMPASS),
        "stream": sorted([q, r] for q, r in ar.stream),
        "flows": COMPASS[ar.current] if ar.stream else None,
    }


def seat_view(state: State, seat: int, figures: set[Key]) -> SeatView:
    """One seat's part of the public view; `figures`: the hexes holding a figure (what blocks sight)."""
    figure = state["figures"][seat]
    board = board_of(state, seat)
    dice = state["dice"][seat]
    placed = figure["hex"] is not None
    view: SeatView = {
        "seat": seat,
        "character": state["chars"][seat],
        "name": character(state, seat).name,
        "colour": state["areas"][seat],
        "status": figure["status"],
        "hex": list(figure["hex"]) if placed else None,
        "facing": figure["facing"],
        "front": front_arc(figure["hex"], figure["facing"]) if placed else [],
        "sight": line_of_sight(arena(state), figures, figure["hex"], figure["facing"]) if placed else [],
        "health": figure["health"],
        "max_health": character(state, seat).health,
        "cup": state["cups"][seat],  # what this player landed; Alliances: the team's cup is in "teams"
        "team": next((i for i, t in enumerate(teams_of(state) or []) if seat in t), None),
        "trophies": list(state["trophies"][seat]),
        "points": state["points"][seat],
        "auto_parry": state["auto_parry"][seat],
        "away": seat in state["flow"]["away"],
        "left": seat in state["flow"]["left"],
        "pool": list(dice["pool"]),
        "tracks": [{"key": k, "name": str(t.name), "face": t.face, "spaces": t.spaces, "min": t.min,
                    "count": dice["tracks"][k], "ready": dice["tracks"][k] >= t.min, "reaction": t.reaction,
                    "fits": room(dice, board, k)}  # pool dice that would go onto it now
                   for k, t in board.items()],
        "marker": marker_of(state, seat) if state["turn_based"] else None,
        "rolls_left": state["tb"]["rolls_left"][seat] if state["tb"]["rolls_left"] else None,
        "passed": bool(state["tb"]["passed"][seat]) if state["tb"]["passed"] else False,
    }
    if advanced(state):
        view.update(advanced_view(state, seat))
    elif guards_play(state):
        view.update(core_view(state, seat))
    return view


def core_view(state: State, seat: int) -> AdvancedParts:
    """What every game adds to a seat beside its board (ARENA.md 4.16): Echo's innate Call the Guard,
    his Luftles and his Guards (for the others: no innate action, no passive, no Guard)."""
    innate, dice = innate_of(state, seat), state["dice"][seat]
    return {
        "innate": None if innate is None else {
            "key": innate.effect, "name": str(innate.name), "face": innate.face, "min": innate.min,
            "reaction": innate.reaction, "count": dice["tracks"][innate.effect]},
        "passives": [{"key": k, "name": str(PASSIVES[k][0]), "text": PASSIVES[k][1]} for k in passives_of(state, seat)],
        "guards": [None if g is None else {"guard": n, "hex": list(g["hex"]), "facing": g["facing"],
                                           "front": front_arc(g["hex"], g["facing"]), "statuses": statuses_view(g)}
                   for n, g in enumerate(guards_of(state, seat))],
        "guard_tokens": state["guard_tokens"][seat],
    }


def advanced_view(state: State, seat: int) -> AdvancedParts:
    """What the advanced rules add to a seat: innate action, passives, cards, Heat, statuses, Guards."""
    dice = state["dice"][seat]
    return core_view(state, seat) | {
        "cards": [{"key": c.key, "name": str(c.name), "band": c.band, "ready": is_ready_card(state, seat, c.key),
                   "ready_cost": c.ready.spaces, "use_face": c.use.face, "use_min": c.use.min,
                   "bonus": c.use.spaces - c.use.min, "reaction": c.use.reaction, "count": dice["tracks"][c.key]}
                  for c in hand(state, seat)],
        "heat": state["figures"][seat]["heat"],
        "statuses": statuses_view(state["figures"][seat]),
    }


def statuses_view(spot: dict[str, Any]) -> list[StatusView]:
    """A figure's statuses: until when (real time), or which turn ends them (turn-based)."""
    return [{"key": k, "name": str(STATUS_NAMES[k]), "until": v.get("until"), "ends": v.get("ends")}
            for k, v in spot.get("statuses", {}).items()]


def _paused(state: State) -> PausedView | None:
    entry = paused_by(state)
    return None if entry is None else {"seat": entry["attacker"], "card": entry["card"]}


def public(state: State, deadline: float | None) -> View:
    """The view, built as an `ArenaView` and handed to the protocol as its plain dict."""
    tb = state["tb"]
    figures = figure_hexes(state)
    view: ArenaView = {
        "game": "arena",
        "mode": "turn_based" if state["turn_based"] else "realtime",
        "phase": state["phase"],
        "round": state["round"],
        "rounds": state["rounds"],
        "round_seconds": round_seconds(state),
        "tiebreak": state["tiebreak"],
        "passed": passed(state),
        "in_round": list(state["in_round"]),
        "deadline": deadline,
        "phase_deadline": state["flow"]["deadline"],
        "waiting": flow.waiting(state["flow"]),
        "board": board_data(state),
        "seats": [seat_view(state, s, figures) for s in range(state["players"])],
        "pending": [{"attacker": p["attacker"], "defender": p["defender"], "action": p["action"],
                     "hits": p["hits"], "unblockable": p["unblockable"], "arc": "front" if p["front"] else "rear",
                     "rolled": None if p["rolled"] is None else list(p["rolled"]), "deadline": p["deadline"],
                     "guard": p["guard"], "by": p["by"], "card": p["card"],
                     "nymphlet": p.get("nymphlet")} for p in state["pending"]],  # a Ceremony catch's Nymphlet
        "paused": _paused(state),
        "turns": None if not state["turn_based"] else {
            "game_turn": tb["game_turn"], "markers": list(tb["markers"]),
            "game_turns": None if mode_of(state).tb_safety_cap else mode_of(state).tb_game_turns,
            "active": tb["active"], "actions_left": tb["actions_left"]},
        "teams": [{"seats": list(team), "cup": cup(state, team)} for team in teams_of(state) or []] or None,
        "currents": terrain_of(state).tracks_view(state),  # the Rainforest's Raging Current tracks
        "game_mode": cast("ModeView | None", mode_of(state).view(state)),  # each mode's own (modes.Mode.view)
        "ranks": list(mode_of(state).ranks(state)),  # the match standings now (the modes break ties on health)
        "results": copied(state["results"]),
        "log": copied(state["log"]),
        "ended": state["ended"],
    }
    return cast(View, view)


def seat_views(state: State, deadline: float | None, seats: Sequence[int | None], shared: bool = False) -> list[View]:
    """Each seat's view of one state (None: what everyone sees): the public view built once, then
    each seat its own copy of it, so no two views share a list or dict; or, `shared`, each seat the
    same parts under a top level of its own (for readers that change nothing)."""
    shown = public(state, deadline)
    if not seats:
        return []
    views: list[View] = [shown, *([cast(View, dict(shown)) for _ in seats[1:]] if shared
                                  else copies(shown, len(seats) - 1))]
    for view, seat in zip(views, seats, strict=True):
        if seat is not None:
            view["you"] = seat
    return views

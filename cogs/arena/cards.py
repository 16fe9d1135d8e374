"""Innate actions and Tribal cards on the private panel (advanced rules, ARENA.md 3.3 rows 3-4).

A card's button uses it at once when the engine lists one way to use it now (Leap, Thunderstomp,
a Shield Bash with one figure in reach): 1 click. When there is a choice, a view asks it (2
clicks): TARGET (whom), FACING (which way), AMOUNT (how much Heat to vent), STEP (Raking Talons:
where to step first, or stay), PLACE (Call the Guard: which hex beside Echo), LAND (Dive Bomb:
whom, then which hex beside them). Three cards compose their use in a view of their own, each
pick queued in the draft's path: WIND (Will of the Wind: up to 2 steps, a facing sends it), DANCE
(Sword Dance: strike after strike, each at a figure within reach of some facing, burning Heat at
will; the engine's whole dance is one button) and SURGE (a step and/or a turn per Guard).

Which choices exist is the engine's: its legal actions list them, and what they list sparingly
(Heat amounts, landings, paths, Surges) is asked of `explain` one candidate at a time. Reactions
(Watch Out!, Slippery, Protect the Chief) are offered in the REACT prompt beside Parry.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any, cast

import discord

from engine.arena.action_types import CardFields, Strike
from engine.arena.board import COMPASS
from engine.arena.view_types import ArenaView, SeatView, TrackView, as_view
from engine.hexgrid import Hex, neighbour
from engine.protocol import Action
from host.errors import TableError

from ..language import N_, ptext, text
from ..panels import Drawn, Panel, Seat
from .draft import CODE, CODES, STEPS, USE, Draft
from .words import FACE, READY_FACE, card_label, figure_name, reader, short_of, term

TARGETS, FACING, AMOUNT, STEP, PLACE, LAND, WIND, DANCE, SURGE = (
    "targets", "facing", "amount", "step", "place", "land", "wind", "dance", "surge")
COMPOSED = (WIND, DANCE, SURGE)  # views opened even when the engine lists one way: it lists a few
ARROW = {"E": "➡", "NE": "↗", "NW": "↖", "W": "⬅", "SW": "↙", "SE": "↘"}
PAD = ((2, 1), (3, None, 0), (4, 5))  # compass buttons laid out as the hexes lie
FIGURE = re.compile(r"(?P<seat>[0-9])(?:g(?P<guard>[0-9]))?")
REACT = re.compile(r"r(?P<track>[0-9]+)(?:(?P<field>[fsg])(?P<n>[0-9]))?")
Items = list[discord.ui.Item]
UNREADY = N_("○ Unready: {sign} Ready dice on a card ready it (its button: dice on it/dice it needs).")
Greying = Callable[[str, str | None], bool]  # notes why a button is greyed (None: it is not); whether it is


# ---------------------------------------------------------------- what the engine offers

def usable(me: SeatView) -> list[int]:
    """The board places of the seat's innate action and Tribal cards."""
    innate = me.get("innate")
    keys = [c["key"] for c in me.get("cards", ())] + ([innate["key"]] if innate else [])
    return [i for i, t in enumerate(me["tracks"]) if t["key"] in keys]


def options(legal: list[Action], key: str, kind: str = "use") -> list[CardFields]:
    """The ways the engine lists to use (or react with) track `key` now: their fields, dice aside."""
    out: list[CardFields] = []
    for action in legal:
        if action["type"] == kind and action["track"] == key:
            fields = cast(CardFields, {k: v for k, v in action.items() if k not in ("type", "track", "dice")})
            if fields not in out:
                out.append(fields)
    return out


def form_of(opts: list[CardFields]) -> str:
    """Which view asks for a use's fields, from the fields the engine lists ("" none)."""
    keys = set().union(*opts) if opts else set()
    if "strikes" in keys:
        return DANCE
    if "steps" in keys:
        return WIND if "facing" in keys else SURGE
    if "hex" in keys:
        return LAND if "target" in keys else PLACE
    for form, field in ((FACING, "facing"), (AMOUNT, "heat"), (STEP, "step"), (TARGETS, "target")):
        if field in keys:
            return form
    return ""


def use(d: Draft, key: str, **fields: Any) -> Action:
    return {"type": "use", "track": key, **fields, **d.count()}


# ---------------------------------------------------------------- the main view's buttons

def card_buttons(panel: Panel, seat: Seat, me: SeatView, d: Draft, greyed: Greying = lambda label, why: bool(why)
                 ) -> Items:
    """Row 3: a button per Tribal card (ARENA.md 3.3 row 4), greyed while Unready or while the engine
    lists no way to use it; `greyed` (the panel's Greyed.why) notes why."""
    cards = {c["key"]: c for c in me.get("cards", ())}
    legal, language = seat.legal, reader(seat)
    out: Items = []
    for i in usable(me):
        card = cards.get(me["tracks"][i]["key"])
        if card is not None:
            why = (refusal(seat, d, me["tracks"][i], legal) if card["ready"]
                   else text(language, UNREADY, sign=READY_FACE))
            out.append(panel.button(seat, card_label(card, language), f"c{i}", str(d), row=3,
                                    disabled=greyed(term(language, card["name"]), why),
                                    style=discord.ButtonStyle.primary if card["ready"] else
                                    discord.ButtonStyle.secondary))
    return out


def innate_button(panel: Panel, seat: Seat, me: SeatView, d: Draft,
                  greyed: Greying = lambda label, why: bool(why)) -> discord.ui.Item | None:
    """Row 2's ✨ Innate: the character's innate dice action, if it has one; greyed with why as a card is."""
    innate = me.get("innate")
    if innate is None:
        return None
    i = next(i for i, t in enumerate(me["tracks"]) if t["key"] == innate["key"])
    t = me["tracks"][i]
    language = reader(seat)
    why = short_of(t, language) or refusal(seat, d, t, seat.legal)
    name = term(language, innate["name"])
    return panel.button(seat, f"{FACE[innate['face']]} {name} {innate['count']}/{innate['min']}", f"c{i}",
                        str(d), row=2, disabled=greyed(name, why))


def refusal(seat: Seat, d: Draft, t: TrackView, legal: list[Action]) -> str | None:
    """Why a Ready card (or a filled innate action) cannot be used now: the engine's reason when it
    lists no way to use it (None when it lists one; its view then asks what it needs)."""
    if options(legal, t["key"]):
        return None
    why = seat.explain(use(d, t["key"]))
    # A bare use of a card that composes its use (Surge's steps) is refused for its form ("... e.g. [...]"),
    # words for one who writes actions: the player only needs to know it has no use now.
    if why and "e.g." in why:
        return text(reader(seat), "it has no use from where your figures stand now.")
    return why


# ---------------------------------------------------------------- a click on a card, or in its view

def pick(seat: Seat, draft: str, control: str, values: list[str]) -> Draft | Action:
    """A click on a card's button (`c<place>`) or in its view: the draft it leads to, or the use."""
    d, me = Draft.parse(draft), as_view(seat.view)["seats"][seat.seat]
    if control == "x":
        return d.to()
    if control == "ref":
        return d
    if control.startswith("c") and control[1:].isdigit():
        return open_card(seat, d, int(control[1:]))
    if d.card is None or not 0 <= d.card < len(me["tracks"]):
        return d.to()
    key = me["tracks"][d.card]["key"]
    legal = seat.legal
    opts = options(legal, key)
    form = form_of(opts)
    handler = {DANCE: _dance_pick, SURGE: _surge_pick, WIND: _wind_pick}.get(form, _simple_pick)
    return handler(seat, d, key, opts, control, values)


def open_card(seat: Seat, d: Draft, place: int) -> Draft | Action:
    """A card's button: its one use at once, or the view asking what it needs."""
    me = as_view(seat.view)["seats"][seat.seat]
    if place not in usable(me):
        raise TableError("That button does nothing now.")
    key = me["tracks"][place]["key"]
    opts = options(seat.legal, key)
    if not opts:  # the engine says why not
        return use(d, key)
    if len(opts) == 1 and form_of(opts) not in COMPOSED:
        return use(d, key, **opts[0])
    return d.to(USE, card=place)


def _figure(code: str) -> CardFields:
    match = FIGURE.fullmatch(code)
    if match is None:
        raise TableError("That button does nothing now.")
    fields: CardFields = {"target": int(match["seat"])}
    if match["guard"] is not None:
        fields["guard"] = int(match["guard"])
    return fields


def figure_code(fields: CardFields) -> str:
    return f"{fields['target']}" + ("" if fields.get("guard") is None else f"g{fields['guard']}")


def _simple_pick(seat: Seat, d: Draft, key: str, opts: list[CardFields], control: str,
                 values: list[str]) -> Draft | Action:
    """TARGET, FACING, AMOUNT, STEP, PLACE and LAND: one pick makes the use (LAND asks whom first)."""
    view = as_view(seat.view)
    me, form = view["seats"][seat.seat], form_of(opts)
    kind, arg = control[:1], control[1:]
    if kind == "o":  # a figure
        fields = _figure(arg)
        return dataclasses.replace(d, path=arg) if form == LAND else use(d, key, **fields)
    if kind == "f" and arg.isdigit():
        return use(d, key, facing=int(arg))
    if kind == "n" and arg.isdigit():
        return use(d, key, heat=int(arg))
    if kind == "s":
        if arg == "-":  # Raking Talons without a step
            return use(d, key)
        direction = COMPASS.index(STEPS[CODES.index(arg)])
        if form == STEP:
            return use(d, key, step=COMPASS[direction])
        if form == PLACE:
            assert me["hex"] is not None  # Call the Guard: Echo stands on the board
            here = neighbour(me["hex"], direction)
            facing = next((o["facing"] for o in opts if o["hex"] == here), direction)
            return use(d, key, hex=here, facing=facing)
        if form == LAND and d.path:
            aim = _figure(d.path)
            return use(d, key, **aim, hex=neighbour(_hex_of(view, aim), direction))
    raise TableError("That button does nothing now.")


def _hex_of(view: ArenaView, aim: CardFields) -> Hex:
    """Where the figure `aim` names stands (the engine aims only at figures on the board)."""
    seat, guard = view["seats"][aim["target"]], aim.get("guard")
    piece = seat if guard is None else seat["guards"][guard]
    assert piece is not None and piece["hex"] is not None
    return piece["hex"]


def _wind_pick(seat: Seat, d: Draft, key: str, opts: list[CardFields], control: str,
               values: list[str]) -> Draft | Action:
    """Will of the Wind: steps queue (up to 2), a facing sends it."""
    if control == "u":
        return dataclasses.replace(d, path=d.path[:-1])
    if control.startswith("s") and control[1:] in CODES[:6]:
        return dataclasses.replace(d, path=d.path + control[1:])
    if control.startswith("f") and control[1:].isdigit():
        return use(d, key, steps=list(d.steps), facing=int(control[1:]))
    raise TableError("That button does nothing now.")


def _strikes(path: str) -> list[Strike]:
    """Sword Dance's strikes queued in the path: facing, seat, Guard (x none), h burns Heat."""
    out: list[Strike] = []
    for i in range(0, len(path) - 3, 4):
        code = path[i:i + 4]
        strike: Strike = {"facing": int(code[0]), "target": int(code[1])}
        if code[2] != "x":
            strike["guard"] = int(code[2])
        if code[3] == "h":
            strike["heat"] = True
        out.append(strike)
    return out


def _strike_code(s: Strike, heat: bool) -> str:
    return f"{s['facing']}{s['target']}{'x' if s.get('guard') is None else s['guard']}{'h' if heat else 'n'}"


def _dance_pick(seat: Seat, d: Draft, key: str, opts: list[CardFields], control: str,
                values: list[str]) -> Draft | Action:
    """Sword Dance: each strike button queues a strike (burning Heat if 🔥 is on); the last one
    the card allows, or ✔ Dance, sends them; the engine's whole dance is one button."""
    if control == "burn":
        return dataclasses.replace(d, heat=not d.heat)
    if control == "u":
        return dataclasses.replace(d, path=d.path[:-4])
    if control == "all":
        return use(d, key, strikes=max((o["strikes"] for o in opts), key=len))
    if control == "go":
        return use(d, key, strikes=_strikes(d.path))
    if control.startswith("k") and len(control) == 4:
        path = d.path + _strike_code(_strikes(control[1:] + "n")[0], d.heat)  # the strike k names, heat as 🔥 says
        if len(_strikes(path)) >= most_strikes(opts):
            return use(d, key, strikes=_strikes(path))
        return dataclasses.replace(d, path=path)
    raise TableError("That button does nothing now.")


def most_strikes(opts: list[CardFields]) -> int:
    return max((len(o["strikes"]) for o in opts), default=1)


def _surge_paths(path: str, guards: int) -> list[list[str]]:
    """Surge's per-Guard steps from the path: two characters a Guard, a step code or x, a turn l/r or x."""
    padded = (path + "xx" * guards)[:2 * guards]
    out = []
    for g in range(guards):
        step, turn = padded[2 * g], padded[2 * g + 1]
        out.append(([STEPS[CODES.index(step)]] if step in CODES[:6] else []) + ([turn.upper()] if turn in "lr" else []))
    return out


def _surge_pick(seat: Seat, d: Draft, key: str, opts: list[CardFields], control: str,
                values: list[str]) -> Draft | Action:
    """Surge: a select per Guard on the board sets its step and turn; ✔ Surge sends them."""
    slots = len(as_view(seat.view)["seats"][seat.seat]["guards"])
    if control == "go":
        return use(d, key, steps=_surge_paths(d.path, slots))
    if control.startswith("g") and control[1:].isdigit() and values:
        g = int(control[1:])
        padded = (d.path + "xx" * slots)[:2 * slots]
        return dataclasses.replace(d, path=padded[:2 * g] + values[0][:2] + padded[2 * g + 2:])
    raise TableError("That button does nothing now.")


# ---------------------------------------------------------------- drawing a card's view

def draw_form(panel: Panel, seat: Seat, d: Draft, head: list[str]) -> Drawn | None:
    """The view of the card being used (None: it cannot be used now; the main view shows)."""
    me = as_view(seat.view)["seats"][seat.seat]
    if d.card is None or d.card not in usable(me):
        return None
    track = me["tracks"][d.card]
    opts = options(seat.legal, track["key"])
    form = form_of(opts)
    if not opts or not form:
        return None
    draw = {TARGETS: _draw_targets, FACING: _draw_facing, AMOUNT: _draw_amount, STEP: _draw_step,
            PLACE: _draw_place, LAND: _draw_land, WIND: _draw_wind, DANCE: _draw_dance, SURGE: _draw_surge}[form]
    lines, items = draw(panel, seat, d, track, opts)
    language = reader(seat)
    items.append(panel.button(seat, ptext(language, "button", "✖ Cancel"), "x", str(d), row=4))
    return Drawn("\n".join(head + [f"**{term(language, track['name'])}** · {lines}"]), items)


def _draw_targets(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    figures, language = [o for o in opts if "target" in o], reader(seat)
    view = as_view(seat.view)
    return text(language, "whom?"), [panel.button(seat, f"⚔ {figure_name(view, o['target'], o.get('guard'), language)}",
                                                  f"o{figure_code(o)}", str(d), style=discord.ButtonStyle.danger,
                                                  row=i // 5)
                     for i, o in enumerate(figures[:20])]


def _draw_facing(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    facings = {o["facing"] for o in opts}
    return text(reader(seat), "face which way?"), _pad(panel, seat, d, lambda f: f"f{f}",
                                                                lambda f: f not in facings)


def _pad(panel: Panel, seat: Seat, d: Draft, control, greyed, first_row: int = 0) -> Items:
    """Six compass buttons laid out as the hexes lie, NW NE / W E / SW SE."""
    items: Items = []
    for row, directions in enumerate(PAD):
        for direction in directions:
            if direction is not None:
                items.append(panel.button(seat, f"{ARROW[COMPASS[direction]]} {COMPASS[direction]}", control(direction),
                                          str(d), disabled=greyed(direction), row=first_row + row))
    return items


def _draw_amount(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    most = max(o["heat"] for o in opts)
    amounts = [n for n in range(1, most + 1) if seat.explain(use(d, track["key"], heat=n)) is None]
    return text(reader(seat), "vent how much Heat?"), [panel.button(seat, f"🔥 {n}", f"n{n}", str(d),
                                                                            style=discord.ButtonStyle.danger,
                                                row=0) for n in amounts]


def _draw_step(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    steps = {o["step"] for o in opts if "step" in o}
    items = _pad(panel, seat, d, lambda s: "s" + CODE[COMPASS[s]], lambda s: COMPASS[s] not in steps)
    stay = ptext(reader(seat), "button", "Stay")
    items.append(panel.button(seat, stay, "s-", str(d), disabled={} not in opts, row=3))
    return text(reader(seat), "step first, or stay?"), items


def _draw_place(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    here = as_view(seat.view)["seats"][seat.seat]["hex"]
    assert here is not None  # Call the Guard: Echo stands on the board
    open_ = {tuple(o["hex"]) for o in opts}
    return text(reader(seat), "which hex beside you?"), _pad(panel, seat, d, lambda s: "s" + CODE[COMPASS[s]],
                                         lambda s: tuple(neighbour(here, s)) not in open_)


def _draw_land(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    aims: list[CardFields] = []
    for o in opts:
        aim = cast(CardFields, {k: v for k, v in o.items() if k in ("target", "guard")})
        if aim not in aims:
            aims.append(aim)
    if not d.path and len(aims) > 1:
        return _draw_targets(panel, seat, d, track, aims)
    aim = _figure(d.path) if d.path else aims[0]
    there = _hex_of(as_view(seat.view), aim)
    d = dataclasses.replace(d, path=figure_code(aim))
    greyed = {s: seat.explain(use(d, track["key"], **aim, hex=neighbour(there, s))) is not None for s in range(6)}
    language = reader(seat)
    return (text(language, "land on which side of {figure}?",
                 figure=figure_name(as_view(seat.view), aim["target"], aim.get("guard"), language)),
            _pad(panel, seat, d, lambda s: "s" + CODE[COMPASS[s]], lambda s: greyed[s]))


def _draw_wind(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    me, steps = as_view(seat.view)["seats"][seat.seat], list(d.steps)
    most = max(len(o["steps"]) for o in opts)
    step_ok = {s: len(steps) < most and seat.explain(use(d, track["key"], steps=steps + [COMPASS[s]],
                                                         facing=me["facing"])) is None for s in range(6)}
    items = _pad(panel, seat, d, lambda s: "s" + CODE[COMPASS[s]], lambda s: not step_ok[s])
    language = reader(seat)
    items += [panel.button(seat, text(language, "face {facing}", facing=COMPASS[f]), f"f{f}", str(d),
                           style=discord.ButtonStyle.success, row=3 if f < 3 else 4) for f in range(6)]
    items.append(panel.button(seat, ptext(language, "button", "⌫ Undo"), "u", str(d), disabled=not steps, row=2))
    if steps:
        return text(language, "fly {path}, then a facing sends it.", path=", ".join(steps)), items
    return text(language, "fly up to 2 hexes (or stay), then a facing sends it."), items


def _draw_dance(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    view, queued, most = as_view(seat.view), _strikes(d.path), most_strikes(opts)
    language = reader(seat)
    reach = [o["strikes"][0] for o in opts if len(o["strikes"]) == 1]
    items: Items = [panel.button(seat, text(language, "⚔ {figure} (face {facing})", facing=COMPASS[s["facing"]],
                                            figure=figure_name(view, s["target"], s.get("guard"), language)),
                                 "k" + _strike_code(s, False)[:3], str(d),
                                 style=discord.ButtonStyle.danger, row=i // 5) for i, s in enumerate(reach[:10])]
    heat = view["seats"][seat.seat]["heat"] - sum(1 for s in queued if s.get("heat"))
    burn = (text(language, "🔥 Burn Heat: on ({n} left)", n=heat) if d.heat
            else text(language, "🔥 Burn Heat: off ({n} left)", n=heat))
    items += [panel.button(seat, burn, "burn", str(d), disabled=heat < 1 and not d.heat, row=2),
              panel.button(seat, text(language, "✔ Dance ({n})", n=len(queued)), "go", str(d),
                           style=discord.ButtonStyle.success, disabled=not queued, row=3),
              panel.button(seat, ptext(language, "button", "⌫ Undo"), "u", str(d), disabled=not queued, row=3),
              panel.button(seat, text(language, "Whole dance ×{n}", n=most), "all", str(d), row=3)]
    done = "; ".join(text(language, "{figure} facing {facing}", facing=COMPASS[s["facing"]],
                          figure=figure_name(view, s["target"], s.get("guard"), language))
                     + (" 🔥" if s.get("heat") else "") for s in queued)
    if done:
        return text(language, "strike {strike} of up to {most} (so far: {done}).", strike=len(queued) + 1, most=most,
                    done=done), items
    return text(language, "strike {strike} of up to {most}.", strike=len(queued) + 1, most=most), items


def surge_moves(language: object) -> list[tuple[str, str]]:
    """A Guard's Surge moves: each code and its words."""
    turns = {"l": text(language, "turns left"), "r": text(language, "turns right")}
    return ([("xx", text(language, "stays"))] + [(CODE[c] + "x", text(language, "steps {way}", way=c)) for c in COMPASS]
            + [("x" + t, turns[t]) for t in "lr"]
            + [(CODE[c] + t, text(language, "steps {way}, {turn}", way=c, turn=turns[t]))
               for c in COMPASS for t in "lr"])


def _draw_surge(panel: Panel, seat: Seat, d: Draft, track: TrackView, opts: list[CardFields]) -> tuple[str, Items]:
    guards = as_view(seat.view)["seats"][seat.seat]["guards"]
    padded = (d.path + "xx" * len(guards))[:2 * len(guards)]
    language = reader(seat)
    items: Items = []
    for g in [g for g in guards if g is not None][:4]:
        n = g["guard"]
        chosen = padded[2 * n:2 * n + 2]
        items.append(panel.select(seat, f"g{n}", str(d), [
            discord.SelectOption(label=text(language, "Guard {number} {move}", number=n + 1, move=words), value=code,
                                 default=code == chosen)
            for code, words in surge_moves(language)], row=len(items)))
    ready = seat.explain(use(d, track["key"], steps=_surge_paths(d.path, len(guards)))) is None
    items.append(panel.button(seat, f"✔ {term(language, track['name'])}", "go", str(d),
                              style=discord.ButtonStyle.success, disabled=not ready, row=4))
    return text(language, "each Guard may step 1 hex and turn 1 side."), items


# ---------------------------------------------------------------- the REACT prompt

def react_items(panel: Panel, seat: Seat, legal: list[Action]) -> Items:
    """Row 1 of the REACT prompt: a button per reaction beside Parry the engine offers (Watch Out!
    per facing that faces the attacker, Slippery, Protect the Chief per Guard beside Echo); row 2:
    Slippery's slips, as a select."""
    me = as_view(seat.view)["seats"][seat.seat]
    language = reader(seat)
    buttons: Items = []
    slips: list[discord.SelectOption] = []
    for place, t in enumerate(me["tracks"]):
        name = term(language, t["name"])
        for o in options(legal, t["key"], "react"):
            if "step" in o:
                slip = text(language, "{track}, then slip {way}", track=name, way=o["step"])
                slips.append(discord.SelectOption(label=slip, value=f"r{place}s{COMPASS.index(o['step'])}"))
                continue
            label, code = f"⚡ {name}", ""
            if "facing" in o:
                label, code = text(language, "⚡ {track} → face {facing}", track=name, facing=COMPASS[o["facing"]]), \
                    f"f{o['facing']}"
            elif (guard := o.get("guard")) is not None:
                label, code = text(language, "⚡ {track}: Guard {number} takes it", track=name, number=guard + 1), \
                    f"g{guard}"
            buttons.append(panel.button(seat, label, f"r{place}{code}", "", style=discord.ButtonStyle.primary, row=1))
    items = buttons[:5]
    if slips:
        items.append(panel.select(seat, "slip", "", slips, placeholder=text(language, "…or slip away after it"), row=2))
    return items


def react_pick(seat: Seat, control: str, values: list[str]) -> Action | None:
    """A reaction button or slip: the engine's react action (None: not a reaction control)."""
    match = REACT.fullmatch(values[0] if control == "slip" and values else control)
    if match is None:
        return None
    me = as_view(seat.view)["seats"][seat.seat]
    place = int(match["track"])
    if not 0 <= place < len(me["tracks"]):
        raise TableError("That button does nothing now.")
    field, n = match["field"], match["n"]
    fields: CardFields = {}
    if field == "f":
        fields = {"facing": int(n)}
    elif field == "s":
        fields = {"step": COMPASS[int(n)]}
    elif field == "g":
        fields = {"guard": int(n)}
    return {"type": "react", "track": me["tracks"][place]["key"], **fields}

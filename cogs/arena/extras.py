"""What the game modes and the Rainforest add to the private panel (ARENA.md 3.3-3.4): the header's
score, MOVE's 🌊 Flow toggle, MAIN's row 5 of mode extras (the Raging Current tracks, the hill
card, Scamper), Nymphlets among the Attack's targets, the Scamper view and turn-based
Domination's declaration. As everywhere on the panel, what is offered is the engine's legal
actions and a refusal is its `explain`.

Control codes (a button's custom_id control, for tests and whole-match players that click them):
- `flow`: MOVE's 🌊 Flow toggle; ✔ Go and the automatic commit then send `flow: true`.
- `cur<track>` (`curswell`, `currapids`, `curbackwash`, `curflood`): lock dice on that Raging
  Current track (the Qty's count, or all that fit).
- `hill`: lock dice on King of the Hill's hill card (the Qty's count, or all that fit).
- `ny<i>`: catch Nymphlet i (its place in view["game_mode"]["nymphlets"]): the Attack button
  when it is the only target, else in the TARGET view beside the figures.
- `scm`: open the Scamper view (your Nymphlet's steps; with several, which one first: `scm<i>`);
  there `ns<code>` queues a step (draft.CODE of a compass direction; the path goes once every
  Scamper die is used), `nsgo` sends a shorter path, `nsu` undoes a step, `x` cancels.
- `dec1` / `dec0`: Domination's declaration, Trigger / Not; then `dd<n>` declares rolling n dice.
"""
from __future__ import annotations

import dataclasses

import discord

from engine.arena.board import COMPASS
from engine.arena.data import SCAMPER as SCAMPER_TRACK
from engine.arena.hill import hill_room
from engine.arena.stream import current_room, flowing
from engine.arena.turns import DECLARE
from engine.arena.view_types import ArenaView, SeatView, as_view
from engine.hexgrid import neighbour
from engine.protocol import Action
from render.arena_words import hex_label

from ..language import ntext, ptext, said_text, text
from ..panels import Drawn, Panel, Seat
from .cards import ARROW
from .draft import CODE, CODES, SCAMPER, Draft, move
from .words import FACE, figure_name, flower_name, reader, stamp, term, track

Items = list[discord.ui.Item]
HEXES = (("NW", "NE"), ("W", "E"), ("SW", "SE"))  # compass steps laid out as the hexes lie


# ---------------------------------------------------------------- the header and the Attack's targets

def header_score(view: ArenaView, me: SeatView, language: object = None) -> str:
    """The panel header's score, spelt out for its player: in a game mode this round's VP and the
    match's; else the cup and the points. Alliances add the team's: its VP this round, or its cup.
    (The board's compact line for every player is words.score_words.)"""
    mode, team = view["game_mode"], next((t for t in view["teams"] or () if me["seat"] in t["seats"]), None)
    if mode is not None and "vp" in mode:
        vp, points = mode["vp"][me["seat"]], me["points"]
        if team:
            return text(language, "{vp} VP this round (team {team}) · {points} VP in all", vp=vp, points=points,
                        team=sum(mode["vp"][s] for s in team["seats"]))
        return text(language, "{vp} VP this round · {points} VP in all", vp=vp, points=points)
    cup = (text(language, "cup {cup} (team cup {team})", cup=me["cup"], team=team["cup"]) if team
           else text(language, "cup {cup}", cup=me["cup"]))
    score = ntext(language, "{n} point", "{n} points", me["points"])
    return f"{cup} · {score}"


def aim_control(seat: int, guard: int | None) -> str:
    """The control attacking a figure: 't2', or one of Echo's Guards 't5g1'."""
    return f"t{seat}" + ("" if guard is None else f"g{guard}")


def attack_aims(view: ArenaView, legal: list[Action], by: int | None, language: object = None) -> list[tuple[str, str]]:
    """What the Attack may strike now, as (name, control): the figures, then the Nymphlets the
    Chief could catch (an owner's name alone, or with the hex when they have two in reach)."""
    figures = sorted({(a["target"], a.get("guard", -1)) for a in legal
                      if a["type"] == "attack" and "target" in a and a.get("by") == by})
    aims = [(figure_name(view, t, None if g < 0 else g, language), aim_control(t, None if g < 0 else g))
            for t, g in figures]
    if by is not None:
        return aims  # Echo's Guards do not catch
    nymphlets = (view["game_mode"] or {}).get("nymphlets", [])
    caught = sorted({a["nymphlet"] for a in legal if a["type"] == "attack" and "nymphlet" in a})
    owners = [nymphlets[i]["owner"] for i in caught]
    for i, owner in zip(caught, owners, strict=True):
        name = view["seats"][owner]["name"]
        aims.append((text(language, "Nymphlet of {name} at {hex}", name=name, hex=hex_label(nymphlets[i]["hex"]))
                     if owners.count(owner) > 1 else text(language, "Nymphlet of {name}", name=name), f"ny{i}"))
    return aims


# ---------------------------------------------------------------- MOVE: going with the flow

def flow_button(panel: Panel, seat: Seat, d: Draft, have: int) -> tuple[discord.ui.Item | None, str | None]:
    """The Rainforest's 🌊 Flow toggle, and why it is greyed: the engine's reason when neither the
    path so far nor one more step could end in the stream (it can always be turned off)."""
    if not flowing(seat.state):
        return None, None
    on, off = dataclasses.replace(d, flow=True), dataclasses.replace(d, flow=False)
    ends = ([d.path] if d.path else []) + ([d.path + c for c in CODES] if len(d.steps) < have else [])
    refused = [seat.explain(move(on, p)) for p in ends]
    why = None
    if refused and all(refused):  # the reason for a path the figure could walk, rather than a blocked step's
        why = next((w for p, w in zip(ends, refused, strict=True) if seat.explain(move(off, p)) is None), refused[0])
    language = reader(seat)
    flow = text(language, "🌊 Flow: on") if d.flow else text(language, "🌊 Flow: off")
    button = panel.button(seat, flow, "flow", str(d), row=3,
                          disabled=why is not None and not d.flow,
                          style=discord.ButtonStyle.primary if d.flow else discord.ButtonStyle.secondary)
    return button, why


# ---------------------------------------------------------------- MAIN row 5: the mode's extras

def extras_row(panel: Panel, seat: Seat, me: SeatView, d: Draft, legal: list[Action]) -> Items:
    """Row 4: a button per Raging Current track with room for the player's dice, the hill card's,
    and Scamper for a Ceremony player who has Nymphlets. A shared track's label says what it does,
    how full it is and how many dice a click locks (the Qty, else all of the player's that fit)."""
    items: Items = []
    view, language = as_view(seat.view), reader(seat)
    for current in view["currents"] or ():
        if room := current_room(seat.state, seat.seat, current["key"]):
            shift = current["shift"]
            does = (text(language, "banks step in") if current["flood"] else
                    text(language, "stream {n} downstream", n=shift) if shift > 0 else
                    text(language, "stream {n} upstream", n=-shift))
            items.append(panel.button(seat, f"🌊 {term(language, current['name'])} ({does}) {filled(current['dice'])} "
                                            f"+{d.qty or room}{FACE[current['faces'][0]]}",
                                      f"cur{current['key']}", str(d), row=4))
    mode = view["game_mode"] or {}
    if any(a["type"] == "hill" for a in legal):
        values = {"filled": filled(mode["card"]["dice"]), "n": d.qty or hill_room(seat.state, seat.seat)}
        items.append(panel.button(seat, text(language, "⛰ Hill card {filled} +{n} (next fill scores)", **values)
                                  if mode["climbing"] else
                                  text(language, "⛰ Hill card {filled} +{n} (next fill climbs)", **values),
                                  "hill", str(d), row=4))
    if my_nymphlets(seat):
        scamper = track(me, SCAMPER_TRACK)
        items.append(panel.button(seat, f"🐾 {term(language, scamper['name'])} {scamper['count']}/{scamper['spaces']}"
                                        f"{FACE[scamper['face']]}",
                                  "scm", str(d), row=4, disabled=not any(a["type"] == "scamper" for a in legal)))
    return items[:5]


def filled(spaces: list[int | None]) -> str:
    """How full a shared track is: '1/3'."""
    return f"{sum(s is not None for s in spaces)}/{len(spaces)}"


# ---------------------------------------------------------------- the Scamper view and Domination's declaration

def draw_extra(panel: Panel, seat: Seat, me: SeatView, d: Draft, head: list[str]) -> Drawn | None:
    """Domination's declaration in its phase, or the Scamper view (None: neither; the main view)."""
    if as_view(seat.view)["phase"] == DECLARE:
        return draw_declare(panel, seat, d, head)
    if d.mode == SCAMPER:
        return draw_scamper(panel, seat, me, d, head)
    return None


def my_nymphlets(seat: Seat) -> list[int]:
    nymphlets = (as_view(seat.view)["game_mode"] or {}).get("nymphlets", ())
    return [i for i, n in enumerate(nymphlets) if n["owner"] == seat.seat]


def scamper(d: Draft, path: str) -> Action:
    return {"type": "scamper", "nymphlet": d.nymphlet, "steps": list(Draft(path=path).steps)}


def draw_scamper(panel: Panel, seat: Seat, me: SeatView, d: Draft, head: list[str]) -> Drawn | None:
    """Which Nymphlet (when there are several), then its steps: 1 hex a Scamper die."""
    mine = my_nymphlets(seat)
    if not mine or not track(me, SCAMPER_TRACK)["count"]:
        return None
    have, language = track(me, SCAMPER_TRACK)["count"], reader(seat)
    scamper_name = term(language, track(me, SCAMPER_TRACK)["name"])
    cancel = panel.button(seat, ptext(language, "button", "✖ Cancel"), "x", str(d), row=3)
    nymphlets = (as_view(seat.view)["game_mode"] or {})["nymphlets"]  # (mine is not empty: the Ceremony)
    if d.nymphlet not in mine and len(mine) > 1:
        items: Items = [panel.button(seat, text(language, "⭐ Nymphlet at {hex}", hex=hex_label(nymphlets[i]["hex"])),
                                     f"scm{i}", str(d), row=0) for i in mine[:5]]
        return Drawn("\n".join(head + [text(language, "**{track}** · which Nymphlet?", track=scamper_name)]),
                     [*items, cancel])
    if d.nymphlet not in mine:
        d = dataclasses.replace(d, nymphlet=mine[0], path="")
    assert d.nymphlet is not None  # one of mine, now
    q, r = nymphlets[d.nymphlet]["hex"]
    for step in d.steps:
        q, r = neighbour([q, r], COMPASS.index(step))
    refused = {s: seat.explain(scamper(d, d.path + CODE[s])) for s in COMPASS}
    items = [panel.button(seat, f"{ARROW[s]} {s}", "ns" + CODE[s], str(d), row=row, disabled=refused[s] is not None)
             for row, line in enumerate(HEXES) for s in line]
    items += [panel.button(seat, text(language, "✔ Go ({n})", n=len(d.steps)), "nsgo", str(d),
                           style=discord.ButtonStyle.success, disabled=not d.steps, row=3),
              panel.button(seat, ptext(language, "button", "⌫ Undo"), "nsu", str(d), disabled=not d.steps, row=3),
              cancel]
    path = (text(language, "path {path}: it ends at {hex}", path=", ".join(d.steps), hex=hex_label([q, r])) if d.steps
            else text(language, "it stands at {hex}", hex=hex_label([q, r])))
    why = next(iter(refused.values())) if all(refused.values()) else None
    said = text(language, "**{track}** · your Nymphlet moves 1 hex a {track} die ({steps} of {have}); {path}.",
                track=scamper_name, steps=len(d.steps), have=have, path=path)
    return Drawn("\n".join(head + [said] + ([f"❌ {said_text(language, why)}"] if why else [])), items)


def draw_declare(panel: Panel, seat: Seat, d: Draft, head: list[str]) -> Drawn:
    """Burraparay?: Trigger or Not, then how many pool dice to roll; once declared, who is awaited."""
    language = reader(seat)
    view, refresh = as_view(seat.view), panel.button(seat, ptext(language, "button", "🔄 Refresh"), "ref", str(d), row=0)
    mode = view["game_mode"] or {}  # (Domination's phase)
    mine = mode["declared"][seat.seat]
    if mine is not None:
        others = ", ".join(view["seats"][s]["name"] for s in view["waiting"] if s != seat.seat)
        waiting = others or text(language, "the others")
        head.append(ntext(language, "You declared **Trigger**, rolling {n} die; waiting for {others}.",
                          "You declared **Trigger**, rolling {n} dice; waiting for {others}.", mine["dice"],
                          others=waiting) if mine["trigger"] else
                    ntext(language, "You declared **Not**, rolling {n} die; waiting for {others}.",
                          "You declared **Not**, rolling {n} dice; waiting for {others}.", mine["dice"],
                          others=waiting))
        return Drawn("\n".join(head), [refresh])
    legal = seat.legal
    most = max((a["dice"] for a in legal if a["type"] == "declare"), default=0)
    head.append(text(language, "**Burraparay?** The flower is **{flower}**. Declare Trigger or Not, then how many of "
                     "your pool's dice you roll (Attack counts for Trigger, Defence for Not, Special for your side) "
                     "{when}; if you do not, Not with no dice.", flower=flower_name(language, mode["flower"]),
                     when=stamp(view["phase_deadline"])))
    side = {1: discord.ButtonStyle.success, 0: discord.ButtonStyle.danger}
    items: Items = [panel.button(seat, "⚡ Trigger", "dec1", str(d), row=0,
                                 style=side[1] if d.trigger == 1 else discord.ButtonStyle.secondary),
                    panel.button(seat, "✋ Not", "dec0", str(d), row=0,
                                 style=side[0] if d.trigger == 0 else discord.ButtonStyle.secondary), refresh]
    items += [panel.button(seat, text(language, "🎲 Roll {n}", n=n), f"dd{n}", str(d), disabled=d.trigger is None,
                           style=discord.ButtonStyle.primary, row=1 + n // 5) for n in range(min(most, 9) + 1)]
    if d.trigger is None:
        head.append(text(language, "Pick **Trigger** or **Not** first."))
    return Drawn("\n".join(head), items)


# ---------------------------------------------------------------- a click on a mode's control

def pick(seat: Seat, draft: str, control: str, values: list[str]) -> str | Action | None:
    """A click on one of the controls above: the new draft or the action (None: not one of them)."""
    d = Draft.parse(draft)
    if control.startswith("cur") and len(control) > 3:
        return {"type": "current", "track": control[3:], **({"count": d.qty} if d.qty else {})}
    if control == "hill":
        return {"type": "hill", **({"count": d.qty} if d.qty else {})}
    if control.startswith("ny") and control[2:].isdigit():
        return {"type": "attack", "nymphlet": int(control[2:]), **d.count()}
    if control == "scm" or control.startswith("scm") and control[3:].isdigit():
        return str(d.to(SCAMPER, nymphlet=int(control[3:]) if control[3:] else None))
    if control in ("dec1", "dec0"):
        return str(dataclasses.replace(d, trigger=int(control[3])))
    if control.startswith("dd") and control[2:].isdigit():
        trigger = {} if d.trigger is None else {"trigger": d.trigger == 1}
        return {"type": "declare", **trigger, "dice": int(control[2:])}
    if control == "nsu":
        return str(dataclasses.replace(d, path=d.path[:-1]))
    if control == "nsgo":
        return scamper(d, d.path)
    if control.startswith("ns") and control[2:] in CODES[:6]:
        path = d.path + control[2:]
        have = track(as_view(seat.view)["seats"][seat.seat], SCAMPER_TRACK)["count"]
        return scamper(d, path) if len(path) >= have else str(dataclasses.replace(d, path=path))
    return None

"""Eye for an Eye on Discord (ARENA.md 3): one public board per round, and a private panel per player.

The board (render/arena.py) is edited at most every 2 s while a round runs (`min_edit_seconds`;
edits in between merge, the newest wins), so its buttons carry no version: Open my board (the
panel), Peek boards (everyone's dice, privately) and Rules. The embed has the clock as a live
timestamp, health, cups, points and the last log lines. A round start, a knock-out and the
results are headlines: messages of their own. Each round after the first (which stays on the
lobby's message) gets a fresh board message; the last one stays as the round's record.

The panel (one ephemeral message per player, opened any time, unversioned: everyone acts at
once) redraws itself in place after every click, with what happened on top; a refusal is the
engine's words and changes nothing. Its views, all drawn from the player's view and the legal
actions: MAIN (Roll, Auto, Qty, Auto-Parry, the allocate/recover select, Attack, Move..., Heal;
turn-based also the turn-order markers, End turn and Pass), MOVE (compass steps and turns queue
in the draft; the path commits as one movement once every Move die is used, or on Go; a step
the engine would refuse is greyed, asked with `explain`), TARGET (only with 2+ targets), REACT
(Parry 1..k or take it; turn-based "Roll k Defence"), and the start phase's placing and Ready.

Discord lets a bot write to a player privately only through that player's own interaction, so
the bot keeps each player's latest panel interaction in memory (per session and seat; tokens
last 15 min) and pushes to that panel: the REACT view when an attack waits on them, hit and
knock-out news, a turn that comes to them, a new round. A defender with no live panel (none
opened, expired, or the bot restarted) gets a public mention pinging only them, with a button
that opens their panel on the prompt; it is deleted once the attack is answered. If nobody
answers, the engine's timer lets Auto-Parry answer.

Clicks (panel open): Roll 1 · allocate 1 (a select) · Auto 1 · Attack 1, 2 with a choice of
targets · Move 2 steps 3 (Move..., two steps; + Go when more Move dice are allocated) · Heal 1 ·
Parry 0 (Auto-Parry) or 1 (the pushed prompt) · a partial spend +1-4 (Qty cycles All/1/2/3/4).
Opening the panel is 1 more, once per 15 minutes.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands

from engine import registry
from engine.arena.actions import walk
from engine.arena.board import COMPASS
from engine.errors import RuleError
from engine.hexgrid import distance
from engine.protocol import SEAT_NAME, Action, Game
from engine.words import plural
from host.errors import TableError
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.arena import render_arena
from render.encode import RenderedImage

from . import replies
from .actions import table_of
from .components import TableButton, handles, view_of
from .game_ui import GameUI, register_ui
from .markup import pinging
from .panels import OPEN, Drawn, Panel, Seat, on_panel, register_panels, seat_for
from .presenter import presenter_of
from .refs import Ref

log = logging.getLogger(__name__)
FACE = {"A": "⚔", "D": "🛡", "M": "👣", "H": "❤", "R": "⏫", "S": "✨"}
UNROLLED = "▫"
ICON = {"attack": "⚔", "move": "👣", "heal": "❤", "parry": "🛡"}
ARROW = {"E": "➡ E", "NE": "↗ NE", "NW": "↖ NW", "W": "⬅ W", "SW": "↙ SW", "SE": "↘ SE", "L": "⟲ Left", "R": "⟳ Right"}
STEPS = (*COMPASS, "L", "R")
CODE = dict(zip(STEPS, "012345lr", strict=True))  # a step in the draft: one character
PAD = (("NW", "L", "NE"), ("W", None, "E"), ("SW", "R", "SE"))  # the MOVE view's keypad
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")
PEEK, RULES = "arena_peek", "arena_rules"
HEADLINES = ("round", "round_end", "knockout", "game_over")
EVERYONE = ("round", "round_end", "phase", "game_over")  # news that changes every panel
DRAFT = re.compile(r"(?P<qty>[1-5]?)(?P<mode>(?:m[0-5lr]{0,6})|t|)")


def state_of(session: Session) -> dict[str, Any]:
    """The game state of a session that has started (every board and panel here is of one)."""
    if session.state is None:
        raise TableError("The game has not started yet.")
    return session.state


def stamp(at: float | None) -> str:
    return f"<t:{math.ceil(at)}:R>" if at else "-"


def pool_text(pool: list[str | None]) -> str:
    return " ".join(FACE.get(f, UNROLLED) if f else UNROLLED for f in pool) or "empty"


def track_text(t: dict[str, Any]) -> str:
    filled = FACE[t["face"]] * t["count"] + "·" * (t["spaces"] - t["count"])
    return f"{ICON.get(t['key'], '')} {t['name']} [{filled}] min {t['min']}{' ✓' if t['ready'] else ''}"


def track(me: dict[str, Any], key: str) -> dict[str, Any]:
    return next(t for t in me["tracks"] if t["key"] == key)


@dataclass(frozen=True)
class Draft:
    """What a panel remembers between clicks, in its custom_ids: a Qty (0: all), the view ("" MAIN,
    "m" MOVE with its queued steps, "t" TARGET)."""

    qty: int = 0
    mode: str = ""
    steps: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Draft:
        match = DRAFT.fullmatch(text)
        if match is None:
            return cls()
        mode = match["mode"]
        steps = tuple(STEPS["012345lr".index(c)] for c in mode[1:])
        return cls(int(match["qty"] or 0), mode[:1], steps)

    def __str__(self) -> str:
        return f"{self.qty or ''}{self.mode}{''.join(CODE[s] for s in self.steps)}"

    def count(self) -> dict[str, int]:
        return {"dice": self.qty} if self.qty else {}


class ArenaPanel(Panel):
    name, versioned, any_time = "arena", False, True

    # ---------------------------------------------------------------- drawing

    def draw(self, seat: Seat, draft: str, note: str = "") -> Drawn:
        view, me, d = seat.view, seat.view["seats"][seat.seat], Draft.parse(draft)
        named = seat.session.name_seats
        head = [named(note)] if note else []
        head.append(f"**{me['name']}** (you) · ❤ {me['health']}/{me['max_health']} · cup {me['cup']} · "
                    f"{plural(me['points'], 'point')} · {clock_words(view)}")
        phase = view["phase"]
        if phase == "start" and seat.seat in view["in_round"]:
            return self.draw_start(seat, me, head)
        if seat.seat not in view["in_round"] or me["status"] != "standing":
            gone = "You sit this round out." if seat.seat not in view["in_round"] else \
                "You are knocked out: wait for the next round."
            return Drawn("\n".join(head + [gone]), [self.button(seat, "🔄 Refresh", "ref", "")])
        legal = seat.game.legal_actions(seat.state, seat.seat)
        if any(a["type"] in ("parry", "take") for a in legal):
            return self.draw_react(seat, legal, head)
        head += [f"Pool: {pool_text(me['pool'])}" + (f" ({UNROLLED} = roll first)" if None in me["pool"] else "")]
        head += [track_text(t) for t in me["tracks"]]
        front = [s["name"] for s in view["seats"] if s["hex"] in me["front"]]
        head.append(f"Facing {COMPASS[me['facing']]} at {me['hex'][0]},{me['hex'][1]} · in your front arc: "
                    f"{', '.join(front) or 'nobody'}")
        head += turn_words(view, seat.seat)
        if d.mode == "m" and track(me, "move")["ready"]:
            return self.draw_move(seat, me, d, head)
        targets = sorted({a["target"] for a in legal if a["type"] == "attack"})
        if d.mode == "t" and len(targets) > 1:
            items: list[discord.ui.Item] = [self.button(seat, f"⚔ {view['seats'][t]['name']}", f"t{t}", str(d),
                                                        style=discord.ButtonStyle.danger, row=0) for t in targets[:5]]
            items.append(self.button(seat, "✖ Cancel", "x", str(d), row=1))
            return Drawn("\n".join(head + ["**Attack whom?**"]), items)
        return self.draw_main(seat, me, d, legal, targets, head)

    def draw_start(self, seat: Seat, me: dict, head: list[str]) -> Drawn:
        legal = seat.game.legal_actions(seat.state, seat.seat)
        places = [a for a in legal if a["type"] == "place"]
        ready = not any(a["type"] == "ready" for a in legal)
        head.append(f"You are {me['name']} ({me['colour']} area), at {me['hex'][0]},{me['hex'][1]} facing "
                    f"{COMPASS[me['facing']]}. "
                    + ("You are ready; waiting for the others." if ready else
                       "Stand elsewhere in your area if you like, then press Ready."))
        items: list[discord.ui.Item] = []
        if places:
            options = [discord.SelectOption(
                label=f"Stand at {a['hex'][0]},{a['hex'][1]} facing {COMPASS[a['facing']]}",
                value=f"{a['hex'][0]}.{a['hex'][1]}.{a['facing']}",
                default=a["hex"] == me["hex"] and a["facing"] == me["facing"]) for a in places]
            items.append(self.select(seat, "pl", "", options, placeholder="Where to stand, which way to face", row=0))
        items += [self.button(seat, "✅ Ready", "ready", "", style=discord.ButtonStyle.success, disabled=ready, row=1),
                  self.button(seat, "🔄 Refresh", "ref", "", row=1)]
        if seat.view["mode"] == "realtime":
            items.append(self.parry_switch(seat, me, 1))
        return Drawn("\n".join(head), items)

    def draw_react(self, seat: Seat, legal: list[Action], head: list[str]) -> Drawn:
        view = seat.view
        entry = next(p for p in view["pending"] if p["defender"] == seat.seat and p["deadline"] is not None)
        attacker = view["seats"][entry["attacker"]]
        tb = view["mode"] == "turn_based"
        hits = plural(entry["hits"], "hit") + (f" and {entry['unblockable']} unblockable" if entry["unblockable"] else "")
        head.append(f"⚠ **{attacker['name']}: {entry['action']} on you ({entry['arc']})**: {hits}. Answer "
                    f"{stamp(entry['deadline'])}, or " + ("every Defence die is rolled." if tb else
                                                          "Auto-Parry answers for you."))
        parries = [a["dice"] for a in legal if a["type"] == "parry"]
        items: list[discord.ui.Item] = [
            self.button(seat, f"🎲 Roll {n} Defence" if tb else f"🛡 Parry {n}", f"p{n}", "",
                        style=discord.ButtonStyle.primary, row=0) for n in parries[:5]]
        items.append(self.button(seat, "Take the hits", "take", "", style=discord.ButtonStyle.danger, row=1))
        return Drawn("\n".join(head), items)

    def draw_main(self, seat: Seat, me: dict, d: Draft, legal: list[Action], targets: list[int],
                  head: list[str]) -> Drawn:
        view, phase, kinds = seat.view, seat.view["phase"], {a["type"] for a in legal}
        arg = str(d)
        rolls = f" ({me['rolls_left']} left)" if phase == "roll" else ""
        items: list[discord.ui.Item] = []
        if phase != "turns":
            items += [self.button(seat, f"🎲 Roll{rolls}", "roll", arg, style=discord.ButtonStyle.primary,
                                  disabled="roll" not in kinds, row=0),
                      self.button(seat, "⚡ Auto", "auto", arg, disabled="auto" not in kinds, row=0)]
        items.append(self.button(seat, f"Qty: {d.qty or 'All'}", "qty", arg, row=0))
        if view["mode"] == "realtime":
            items.append(self.parry_switch(seat, me, 0))
        items.append(self.button(seat, "🔄 Refresh", "ref", arg, row=0))
        options = dice_options(me, legal)
        if options:
            items.append(self.select(seat, "al", arg, options, placeholder="Allocate or recover dice…", row=1))
        if phase == "roll":
            for m, holder in enumerate(view["turns"]["markers"]):
                label = ORDINAL[m] + (f": {view['seats'][holder]['name']}" if holder is not None else "")
                items.append(self.button(seat, label, f"mk{m + 1}", arg, style=discord.ButtonStyle.success,
                                         disabled=holder is not None or me["marker"] is not None, row=2 + m // 5))
            return Drawn("\n".join(head), items)
        attack = f"⚔ Attack{' ' + str(d.qty) if d.qty else ''}"
        if len(targets) == 1:
            attack += f" → {view['seats'][targets[0]]['name']}"
        items += [self.button(seat, attack, "atk", arg, style=discord.ButtonStyle.danger,
                              disabled=not track(me, "attack")["ready"], row=2),
                  self.button(seat, "👣 Move…", "mv", arg, disabled=not track(me, "move")["ready"], row=2),
                  self.button(seat, f"❤ Heal{' ' + str(d.qty) if d.qty else ''}", "heal", arg,
                              style=discord.ButtonStyle.success, row=2,
                              disabled=not track(me, "heal")["ready"] or me["health"] >= me["max_health"])]
        if phase == "turns":
            items += [self.button(seat, "End turn", "end", arg, disabled="end_turn" not in kinds, row=3),
                      self.button(seat, "Pass", "pass", arg, row=3)]
        return Drawn("\n".join(head), items)

    def draw_move(self, seat: Seat, me: dict, d: Draft, head: list[str]) -> Drawn:
        have = track(me, "move")["count"]
        steps = list(d.steps)
        try:
            (q, r), facing = walk(seat.state, seat.seat, steps)
        except RuleError:  # someone moved into the path meanwhile: start it again
            steps, d, facing = [], Draft(d.qty, "m"), me["facing"]
        if steps:
            where = f"Path {', '.join(steps)} ({len(steps)} of {have}): you end at {q},{r} facing {COMPASS[facing]}."
        else:
            where = f"{plural(have, 'Move die', 'Move dice')} allocated: each is a step or a turn. The path goes " \
                    "when all are used, or on Go."
        items: list[discord.ui.Item] = []
        refused = {s: seat.explain({"type": "move", "steps": steps + [s]}) for s in STEPS}
        for row, keys in enumerate(PAD):
            for s in keys:
                if s is None:
                    items.append(self.button(seat, f"facing {COMPASS[facing]}", "ref", str(d), disabled=True,
                                             row=row))
                else:
                    items.append(self.button(seat, ARROW[s], "s" + CODE[s], str(d), row=row,
                                             disabled=refused[s] is not None))
        items += [self.button(seat, f"✔ Go ({len(steps)})", "go", str(d), style=discord.ButtonStyle.success,
                              disabled=not steps, row=3),
                  self.button(seat, "⌫ Undo", "undo", str(d), disabled=not steps, row=3),
                  self.button(seat, "✖ Cancel", "x", str(d), row=3)]
        why = next((w for w in refused.values() if w), None) if all(refused.values()) else None
        return Drawn("\n".join(head + [f"**Move** · {where}"] + ([f"❌ {why}"] if why else [])), items)

    def parry_switch(self, seat: Seat, me: dict, row: int) -> discord.ui.Item:
        on = me["auto_parry"]
        return self.button(seat, f"🛡 Auto-Parry: {'on' if on else 'off'}", "ap", "", row=row,
                           style=discord.ButtonStyle.primary if on else discord.ButtonStyle.secondary)

    # ---------------------------------------------------------------- what a click means

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        d, me = Draft.parse(draft), seat.view["seats"][seat.seat]
        value = values[0] if values else ""
        simple: dict[str, Action] = {"roll": {"type": "roll"}, "auto": {"type": "auto"}, "ready": {"type": "ready"},
                  "take": {"type": "take"}, "end": {"type": "end_turn"}, "pass": {"type": "pass"},
                  "ap": {"type": "auto_parry", "on": not me["auto_parry"]}}
        if control in simple:
            return simple[control]
        if control == "ref":
            return str(d)
        if control == "qty":
            return str(Draft((d.qty + 1) % 5, d.mode, d.steps))
        if control == "x":
            return str(Draft(d.qty))
        if control == "al":
            verb, _, key = value.partition(":")
            if verb == "a":
                return {"type": "allocate", "track": key, **({"count": d.qty} if d.qty else {})}
            if key == "*":
                return {"type": "recover"}
            return {"type": "recover", "track": key, **({"count": d.qty} if d.qty else {})}
        if control == "pl":
            q, r, facing = (int(p) for p in value.split("."))
            return {"type": "place", "hex": [q, r], "facing": facing}
        if control == "heal":
            return {"type": "heal", **d.count()}
        if control.startswith("p") and control[1:].isdigit():
            return {"type": "parry", "dice": int(control[1:])}
        if control.startswith("mk") and control[2:].isdigit():
            return {"type": "marker", "marker": int(control[2:])}
        if control.startswith("t") and control[1:].isdigit():
            return {"type": "attack", "target": int(control[1:]), **d.count()}
        if control == "atk":
            legal = seat.game.legal_actions(seat.state, seat.seat)
            targets = sorted({a["target"] for a in legal if a["type"] == "attack"})
            if len(targets) > 1:
                return str(Draft(d.qty, "t"))
            # One target, or none: then the engine says why (nobody adjacent, not your turn, ...).
            return {"type": "attack", "target": targets[0] if targets else nearest(seat), **d.count()}
        if control == "mv":
            return str(Draft(d.qty, "m"))
        steps = list(d.steps)
        if control == "undo":
            return str(Draft(d.qty, "m", tuple(steps[:-1])))
        if control.startswith("s") and control[1:] in CODE.values():
            steps.append(STEPS["012345lr".index(control[1:])])
            if len(steps) < track(me, "move")["count"]:
                return str(Draft(d.qty, "m", tuple(steps)))
        if control in ("go",) or control.startswith("s"):
            return {"type": "move", "steps": steps}
        raise TableError("That button does nothing now.")


def nearest(seat: Seat) -> int:
    """The closest other figure standing (for the engine to say why it may not be attacked)."""
    me = seat.view["seats"][seat.seat]
    others = [s for s in seat.view["seats"] if s["seat"] != seat.seat and s["hex"] is not None]
    return min(others, key=lambda s: distance(s["hex"], me["hex"]))["seat"] if others else -1


def dice_options(me: dict, legal: list[Action]) -> list[discord.SelectOption]:
    out = []
    for a in legal:
        if a["type"] == "allocate":
            t = track(me, a["track"])
            fits = min(me["pool"].count(t["face"]), t["spaces"] - t["count"])
            out.append(discord.SelectOption(label=f"{FACE[t['face']]}×{fits} → {t['name']}", value=f"a:{t['key']}"))
    back = {a["track"] for a in legal if a["type"] == "recover"}
    held = [t for t in me["tracks"] if t["key"] in back]
    out += [discord.SelectOption(label=f"↩ {t['name']}: {plural(t['count'], 'die', 'dice')} back to the pool",
                                 value=f"r:{t['key']}") for t in held]
    if len(held) > 1:
        out.append(discord.SelectOption(label="↩ Every allocated die back to the pool", value="r:*"))
    return out


def clock_words(view: dict) -> str:
    which = "tiebreak round" if view["tiebreak"] else f"round {view['round']} of {view['rounds']}"
    when = {"start": "starts", "fight": "ends", "roll": "realtime phase ends", "turns": "turn ends"}
    if view["phase"] not in when:
        return which
    return f"{which} {when[view['phase']]} {stamp(view['phase_deadline'])}"


def turn_words(view: dict, seat: int) -> list[str]:
    turns = view["turns"]
    if turns is None:
        return []
    if view["phase"] == "roll":
        marker = view["seats"][seat]["marker"]
        if marker is not None:
            return [f"You hold the {ORDINAL[marker - 1]} marker; waiting for the others."]
        return [f"Game turn {turns['game_turn']}: roll, allocate, then take a turn-order marker "
                "(every die that fits is allocated then)."]
    active = turns["active"]
    if active == seat:
        return [f"**Your turn**: {plural(turns['actions_left'], 'action')} left."]
    return [f"{view['seats'][active]['name']}'s turn."] if active is not None else []


PANEL = ArenaPanel()


# ---------------------------------------------------------------- clicks on the panel

async def on_click(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    """The kit opens the panel; every other click redraws it in place (a move, or its refusal)."""
    control, _, draft = ref.arg.partition("~")
    table = table_of(interaction)
    live = live_of(interaction.client)
    if control == OPEN:
        await on_panel(interaction, ref, values)
        seat = (await table.get(ref.session_id)).seat_of(interaction.user.id)
        live.keep(ref.session_id, seat, interaction, "")
        return
    seat = await seat_for(interaction, await table.get(ref.session_id))
    change, note = None, ""
    try:
        picked = PANEL.pick(seat, draft, control, values)
        if isinstance(picked, str):
            draft = picked
        else:
            await table.remember_name(interaction.user.id, interaction.user.display_name)
            change = await table.act(ref.session_id, interaction.user.id, picked, interaction.id)
            draft = ""  # Qty and sub-views reset after a move
            note = "\n".join(e.text for e in change.events if e.private_to in (None, seat.seat))
    except (TableError, RuleError) as refused:
        note = f"❌ {refused}"
    session = await table.get(ref.session_id)
    await replies.edit(interaction, **live.payload(session, seat.seat, draft, note))
    live.keep(session.id, seat.seat, interaction, draft)
    if change is not None and not change.duplicate:
        await live.tell(change, actor=seat.seat)
        await presenter_of(interaction.client).show(change)


# ---------------------------------------------------------------- reaching players who did not click

@dataclass
class Held:
    interaction: discord.Interaction
    draft: str


class Live:
    """What the bot keeps in memory to reach players' panels: their latest panel interaction, the
    mentions it posted instead, and whom each game waited on. A restart forgets it all, by design:
    players without a live panel get mentions until they open it again."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.panels: dict[tuple[int, int], Held] = {}
        self.mentions: dict[tuple[int, int], int] = {}
        self.waiting: dict[int, set[int]] = {}
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def keep(self, session_id: int, seat: int | None, interaction: discord.Interaction, draft: str) -> None:
        if seat is not None:
            self.panels[(session_id, seat)] = Held(interaction, draft)

    def payload(self, session: Session, seat: int, draft: str, note: str = "") -> dict[str, Any]:
        """The panel's message as it should be now."""
        if session.status != PLAYING:
            return {"content": f"{session.name_seats(note)}\nThis match is over: see the channel."
                               .strip(), "view": None, "attachments": [], "allowed_mentions": replies.QUIET}
        game = registry.get(session.game)
        table = self.client.table  # type: ignore[attr-defined]
        drawn = PANEL.draw(Seat(session, game, seat, game.view(state_of(session), seat), table.clock()), draft, note)
        return {"content": drawn.text[:2000], "view": view_of(drawn.items) if drawn.items else None,
                "attachments": [], "allowed_mentions": replies.QUIET}

    async def push(self, change: Change, actor: int | None = None) -> None:
        """After a change: bring the panels it concerns up to date, and mention defenders who have none."""
        table = self.client.table  # type: ignore[attr-defined]
        session = await table.get(change.session.id)
        sid = session.id
        async with self.locks[sid]:
            mine = sorted(seat for s, seat in self.panels if s == sid)
            if session.status != PLAYING:
                last = [e.text for e in change.events if e.kind in ("round_end", "game_over")]
                for seat in mine:
                    await self.refresh(session, seat, last)
                for key in [k for k in self.mentions if k[0] == sid]:
                    await self.unmention(session, key)
                self.waiting.pop(sid, None)
                self.locks.pop(sid, None)
                return
            game = registry.get(session.game)
            windows = {p["defender"]: p for p in game.view(state_of(session), None)["pending"] if p["deadline"]}
            for key in [k for k in self.mentions if k[0] == sid and k[1] not in windows]:
                await self.unmention(session, key)
            notes: dict[int, list[str]] = defaultdict(list)
            react, everyone = set(), False
            for event in change.events:
                named = [int(n) - 1 for n in SEAT_NAME.findall(event.text)]
                if event.kind == "react" and event.private_to is not None:
                    react.add(event.private_to)
                elif event.kind in ("attack", "hit", "knockout") and named:
                    notes[named[1] if event.kind == "attack" and len(named) > 1 else named[0]].append(event.text)
                everyone = everyone or event.kind in EVERYONE
            waiting = set(game.waiting_for(state_of(session)))
            newly = waiting - self.waiting.get(sid, set())
            self.waiting[sid] = waiting
            for seat in sorted((react | set(notes) | newly | (set(mine) if everyone else set())) - {actor}):
                reached = await self.refresh(session, seat, notes[seat])
                if seat not in react or seat not in windows:
                    continue
                if reached:
                    await self.take_ping(session, seat, None)
                elif (sid, seat) not in self.mentions:
                    await self.mention(session, seat, windows[seat], notes[seat])

    async def refresh(self, session: Session, seat: int, notes: list[str]) -> bool:
        """Edit the seat's panel through its latest interaction; False when there is none alive."""
        held = self.panels.get((session.id, seat))
        if held is None:
            return False
        try:
            await held.interaction.edit_original_response(**self.payload(session, seat, held.draft, "\n".join(notes)))
        except discord.HTTPException:  # its token expired (15 min), or the panel was dismissed
            self.panels.pop((session.id, seat), None)
            return False
        if session.status != PLAYING:
            self.panels.pop((session.id, seat), None)
        return True

    async def mention(self, session: Session, seat: int, entry: dict, notes: list[str]) -> None:
        """A public prompt pinging only the defender, whose button opens their panel on it."""
        user = session.seats[seat]
        said = session.name_seats(notes[0]) if notes else f"An attack waits on <@{user}>."
        channel = self.client.get_partial_messageable(session.channel_id)
        message = await channel.send(
            f"<@{user}>, you are attacked! {said} Answer {stamp(entry['deadline'])}, or Auto-Parry answers for you.",
            view=view_of([PANEL.opener(session, "Answer the attack", style=discord.ButtonStyle.danger)]),
            allowed_mentions=pinging([user]))
        self.mentions[(session.id, seat)] = message.id
        await self.take_ping(session, seat, message.id)

    async def take_ping(self, session: Session, seat: int, message_id: int | None) -> None:
        """The defender was called (their panel, or `message_id`): the presenter, which keeps one
        ping message per table, must not ping them again with a generic "your move". Its slot
        takes our call instead; it deletes that message once the game waits on someone else."""
        if registry.get(session.game).waiting_for(state_of(session)) != [seat]:
            return  # the presenter pings nobody while several players must answer
        if session.ping_message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                channel = self.client.get_partial_messageable(session.channel_id)
                await channel.get_partial_message(session.ping_message_id).delete()
        await self.client.table.set_ping(session.id, message_id, [session.seats[seat]])  # type: ignore[attr-defined]

    async def unmention(self, session: Session, key: tuple[int, int]) -> None:
        message_id = self.mentions.pop(key)
        channel = self.client.get_partial_messageable(session.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).delete()

    async def on_timer(self, change: Change) -> None:
        if change.session.game == "arena" and not change.duplicate:
            await self.tell(change)

    async def tell(self, change: Change, actor: int | None = None) -> None:
        """`push`, where Discord refusing a message must not stop the board's redraw."""
        try:
            await self.push(change, actor)
        except discord.HTTPException:
            log.warning("could not reach the panels of session %s", change.session.id, exc_info=True)


def live_of(client: discord.Client) -> Live:
    return client.arena_live  # type: ignore[attr-defined]  # one per bot, made in setup


# ---------------------------------------------------------------- the public board

def player_line(view: dict, seat: dict, user: int, waiting: set[int]) -> str:
    tags = {"out": "KO", "left": "left", "idle": "sits out"}.get(seat["status"], "")
    tags += " · away" if seat["away"] else ""
    if view["phase"] == "start" and seat["seat"] in view["in_round"]:
        tags += "" if seat["seat"] in view["waiting"] else " · ready"
    if seat["marker"] is not None:
        tags += f" · {ORDINAL[seat['marker'] - 1]}" + (" (passed)" if seat["passed"] else "")
    line = (f"{'▶ ' if seat['seat'] in waiting else ''}{seat['seat'] + 1}. <@{user}> · {seat['name']} · "
            f"❤ {seat['health']}/{seat['max_health']} · cup {seat['cup']} · {plural(seat['points'], 'pt')}")
    return line + (f" · {tags.strip(' ·')}" if tags.strip(" ·") else "")


def now_words(view: dict, session: Session) -> str:
    phase, turns = view["phase"], view["turns"]
    said = {"start": f"Figures take their places: **Open my board** to stand elsewhere, then Ready. "
                     f"Yarra Mark! {stamp(view['phase_deadline'])}, or when everyone is ready.",
            "fight": f"Everyone at once! **Open my board** to roll, allocate and act. "
                     f"Yarra Bung! {stamp(view['phase_deadline'])}."}.get(phase, "")
    if phase == "roll":
        said = (f"Game turn {turns['game_turn']}: roll, allocate and take a turn-order marker in "
                f"**Open my board**, {stamp(view['phase_deadline'])}.")
    elif phase == "turns" and turns["active"] is not None:
        said = (f"<@{session.seats[turns['active']]}>'s turn: {plural(turns['actions_left'], 'action')} left, "
                f"{stamp(view['phase_deadline'])}.")
    for p in view["pending"]:
        a, d = view["seats"][p["attacker"]]["name"], view["seats"][p["defender"]]["name"]
        said += f"\n⚔ {a} → {d}: {p['action']}, {plural(p['hits'], 'hit')} from the {p['arc']}" + \
            (f"; {d} answers {stamp(p['deadline'])}" if p["deadline"] else "")
    return said[:1024]


class ArenaUI(GameUI):
    game_name = "arena"
    min_edit_seconds = 2.0

    def headlines(self, change: Change) -> list[str]:
        return [e.text for e in change.events if e.kind in HEADLINES and e.private_to is None]

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_arena(game.view(state_of(session), None), names, aborted=session.status == ABORTED)

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round (the first is the lobby's); the last one stays as its record."""
        round_ = state_of(session)["round"]
        return None if round_ == 1 else str(round_)

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        view = game.view(state_of(session), None)
        playing = session.status == PLAYING and view["phase"] != "over"
        which = "tiebreak round" if view["tiebreak"] else f"round {view['round']} of {view['rounds']}"
        mode = " · turn-based" if view["mode"] == "turn_based" else ""
        lines = [session.name_seats(line) for line in view["log"]]
        if not playing and session.summary:
            lines.append(session.summary)
        embed = discord.Embed(title=f"Eye for an Eye · {which}{mode}", description="\n".join(lines)[-4096:] or None,
                              colour=discord.Colour.dark_orange())
        waiting = set(game.waiting_for(state_of(session))) if playing else set()
        embed.add_field(name="Players", inline=False, value="\n".join(
            player_line(view, seat, user, waiting) for seat, user in zip(view["seats"], session.seats, strict=True)))
        if playing:
            embed.add_field(name="Now", value=now_words(view, session) or "-", inline=False)
        return embed.set_footer(text=f"Table {session.id} · move {session.version}")

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        if state_of(session)["phase"] == "over":
            return []
        return [PANEL.opener(session, "🎮 Open my board"),
                TableButton(Ref(session.id, PEEK), label="👁 Peek boards"),
                TableButton(Ref(session.id, RULES), label="📜 Rules")]


async def peek(interaction: discord.Interaction, ref: Ref, values: list[str]) -> None:
    """Everyone's dice, privately (nothing in the game is hidden: ARENA.md 3.5)."""
    session = await table_of(interaction).get(ref.session_id)
    game = registry.get(session.game)
    if ref.action == RULES:
        await replies.tell(interaction, embed=discord.Embed(title=f"{game.title}: rules", description=game.rules[:4096]))
        return
    view = game.view(state_of(session), None)
    lines = [f"**{s['name']}** <@{user}> · ❤ {s['health']}/{s['max_health']} · pool {pool_text(s['pool'])}\n"
             + " · ".join(f"{ICON.get(t['key'], '')}{t['count']}/{t['spaces']}" for t in s["tracks"])
             + (" · Auto-Parry on" if s["auto_parry"] else " · Auto-Parry off")
             for s, user in zip(view["seats"], session.seats, strict=True)]
    await replies.tell(interaction, "\n".join(lines)[:2000])


async def setup(bot: commands.Bot) -> None:
    register_ui(ArenaUI())
    register_panels(PANEL)
    handles(PANEL.name)(on_click)  # after the kit's routing: this panel redraws in place
    handles(PEEK, RULES)(peek)
    bot.arena_live = Live(bot)  # type: ignore[attr-defined]
    bot.table.listeners.insert(0, bot.arena_live.on_timer)  # type: ignore[attr-defined]  # before the presenter's ping

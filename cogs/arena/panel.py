"""The private panel (ARENA.md 3.3-3.4): one ephemeral message per player, redrawn in place, in the
table's language (a panel is also redrawn with no click of its player: pushed news, a new round).

Every view is drawn from the player's view and the engine's legal actions; greyed steps and
refusals are the engine's `explain`. On MAIN every button the engine would refuse is greyed and
a 🚫 line says why (`Greyed`); ℹ Legend (in the first row with room) sends the legend of its signs. Views: START (placing, Ready; then the countdown), MAIN
(row 0 Roll, Auto, Qty, Auto-Parry; row 1 the allocate/recover select; row 2 Attack, Move...,
Heal and, under the advanced rules, the innate action, Incendiary's Flame Blade toggle and Echo's
figure cycle; row 3 the Tribal cards, and turn-based End turn and Pass; the realtime phase's ✔
Done), MOVE (compass steps and turns queue as a path), TARGET (only with 2+ targets), a card's
view (cards.py), MARKERS (after Done), REACT (Parry 1..k, the reactions beside it, or take the
hits; turn-based, Defence dice to roll). The game modes' controls (row 4's extras, 🌊 Flow,
Nymphlets as targets, SCAMPER, Domination's declaration) are drawn and read by extras.py.
"""
from __future__ import annotations

import discord

from engine.arena.actions import walk
from engine.arena.board import COMPASS
from engine.arena.view_types import ArenaView, SeatView, TrackView, as_view
from engine.errors import RuleError
from engine.protocol import Action
from host.table import Change
from render.arena_words import hex_label, name_places

from .. import markup
from ..language import N_, ntext, ptext, said_text, text
from ..panels import Drawn, Panel, Seat
from .cards import card_buttons, draw_form, innate_button, react_items, react_pick
from .cards import pick as card_pick
from .draft import CODE, INFO, MARKERS, MOVE, STEPS, TARGET, USE, Draft, burn, meaning, move
from .extras import attack_aims, draw_extra, extras_row, flow_button, header_score
from .extras import pick as extra_pick
from .words import (
    BANDS,
    FACE,
    UNROLLED,
    advanced_words,
    aimed_at,
    answer_label,
    clock_words,
    dice_words,
    figure_name,
    holds_heat,
    nymphlets_on,
    ordinal,
    passive_text,
    pool_text,
    reader,
    stamp,
    term,
    track,
    track_text,
    turn_words,
    unanswered,
)

ARROW = {"E": "➡ E", "NE": "↗ NE", "NW": "↖ NW", "W": "⬅ W", "SW": "↙ SW", "SE": "↘ SE", "L": "⟲ Left", "R": "⟳ Right"}
TURNS = {"L": N_("⟲ Left"), "R": N_("⟳ Right")}  # the keypad's turns, in words (the compass points read alike)
PAD = (("NW", "L", "NE"), ("W", None, "E"), ("SW", "R", "SE"))  # the MOVE view's keypad
Items = list[discord.ui.Item]


class ArenaPanel(Panel):
    name, versioned, any_time = "arena", False, True  # everyone acts at once: the engine refuses what is stale
    pushed = True  # live.py tells it the news and the end

    def news(self, change: Change, seat: Seat) -> str:
        """What a click did, on top of the redrawn panel: its news for everyone and for its player, in the
        panel's reader's language, hexes as players say them."""
        told = [markup.said(change.session, e.text, seat.language) for e in change.events
                if e.private_to in (None, seat.seat)]
        return name_places("\n".join(told))

    def draw(self, seat: Seat, draft: str, note: str = "") -> Drawn:
        view, language = as_view(seat.view), reader(seat)
        me, d = view["seats"][seat.seat], Draft.parse(draft)
        head = [markup.said(seat.session, name_places(note), language)] if note else []
        head.append(text(language, "**{name}** (you) · ❤ {health}/{most} · {score} · {clock}", name=me["name"],
                         health=me["health"], most=me["max_health"], score=header_score(view, me, language),
                         clock=clock_words(view, language)))
        if view["phase"] in ("start", "countdown") and seat.seat in view["in_round"]:
            return self.draw_start(seat, me, head)
        if seat.seat not in view["in_round"] or me["status"] != "standing":
            gone = (text(language, "You sit this round out.") if seat.seat not in view["in_round"] else
                    text(language, "You are knocked out: wait for the next round."))
            refresh = self.button(seat, ptext(language, "button", "🔄 Refresh"), "ref", "")
            return Drawn("\n".join(head + [gone]), [refresh])
        legal = seat.legal
        if any(a["type"] in ("parry", "take") for a in legal):
            return self.draw_react(seat, legal, head)
        head += board_lines(view, me, language) + turn_words(view, seat.seat, language)
        if paused := view.get("paused"):
            head.append(text(language, "⏸ **Paused:** {name}'s {card} lands first; then you may act.",
                             name=view["seats"][paused["seat"]]["name"], card=term(language, paused["card"])))
        if (drawn := draw_extra(self, seat, me, d, head)) is not None:
            return drawn
        targets = attack_aims(view, legal, d.by, language)
        if d.mode == MOVE and track(me, "move")["ready"]:
            return self.draw_move(seat, me, d, head)
        if d.mode == TARGET and targets:
            items: Items = [self.button(seat, f"⚔ {name}", control, str(d), style=discord.ButtonStyle.danger,
                                        row=i // 5) for i, (name, control) in enumerate(targets[:15])]
            items.append(self.button(seat, ptext(language, "button", "✖ Cancel"), "x", str(d), row=3))
            who = (text(language, "Attack whom?") if d.by is None
                   else text(language, "Guard {number} attacks whom?", number=d.by + 1))
            return Drawn("\n".join(head + [f"**{who}**"]), items)
        if d.mode == USE:
            if (drawn := draw_form(self, seat, d, head)) is not None:
                return drawn
            d = d.to()  # the card cannot be used now (someone moved, it was spent): the main view
        if d.mode == MARKERS and view["phase"] == "roll":
            return self.draw_markers(seat, me, d, head)
        return self.draw_main(seat, me, d, legal, targets, head)

    def draw_start(self, seat: Seat, me: SeatView, head: list[str]) -> Drawn:
        view, language = as_view(seat.view), reader(seat)
        assert me["hex"] is not None  # the round's figures stand in their areas
        where = text(language, "You are {name} ({colour} area), at **{hex}** facing {facing}. ", name=me["name"],
                     colour=ptext(language, "arena colour", me["colour"]), hex=hex_label(me["hex"]),
                     facing=COMPASS[me["facing"]])
        refresh = self.button(seat, ptext(language, "button", "🔄 Refresh"), "ref", "", row=1)
        switch = [self.parry_switch(seat, me, 1)] if view["mode"] == "realtime" else []
        if view["phase"] == "countdown":
            head.append(where + text(language, "Everyone is in place: **Yarra Mark!** {when}.",
                                     when=stamp(view["phase_deadline"])))
            return Drawn("\n".join(head), [refresh, *switch])
        legal = seat.legal
        places = [a for a in legal if a["type"] == "place"]
        ready = not any(a["type"] == "ready" for a in legal)
        head.append(where + (text(language, "You are ready; waiting for the others.") if ready else
                             text(language, "Stand elsewhere in your area if you like, then press Ready.")))
        items: Items = []
        if places:
            options = [discord.SelectOption(
                label=text(language, "Stand at {hex} facing {facing}", hex=hex_label(a["hex"]),
                           facing=COMPASS[a["facing"]]),
                value=f"{a['hex'][0]}.{a['hex'][1]}.{a['facing']}",
                default=a["hex"] == me["hex"] and a["facing"] == me["facing"]) for a in places]
            where_to = text(language, "Where to stand, which way to face")
            items.append(self.select(seat, "pl", "", options, placeholder=where_to, row=0))
        items += [self.button(seat, ptext(language, "button", "✅ Ready"), "ready", "",
                              style=discord.ButtonStyle.success, disabled=ready, row=1),
                  refresh, *switch]
        return Drawn("\n".join(head), items)

    def draw_react(self, seat: Seat, legal: list[Action], head: list[str]) -> Drawn:
        view, language = as_view(seat.view), reader(seat)
        me = view["seats"][seat.seat]
        entry = next(p for p in view["pending"] if p["defender"] == seat.seat and p["deadline"] is not None)
        tb = view["mode"] == "turn_based"
        hits = (ntext(language, "{n} hit and {unblockable} unblockable", "{n} hits and {unblockable} unblockable",
                      entry["hits"], unblockable=entry["unblockable"]) if entry["unblockable"]
                else ntext(language, "{n} hit", "{n} hits", entry["hits"]))
        attacker = figure_name(view, entry["attacker"], entry.get("by"), language)
        answers = [a["dice"] for a in legal if a["type"] == "parry"]
        head.append(text(language, "⚠ **{attacker}: {action} on {whom}**: {hits}. Answer {when}, or {otherwise}",
                         attacker=attacker, action=term(language, entry["action"]),
                         whom=aimed_at(view, entry, language),
                         hits=hits, when=stamp(entry["deadline"]),
                         otherwise=unanswered(me, entry, tb, max(answers, default=0), language)))
        items: Items = [self.button(seat, answer_label(me, entry, tb, n, language), f"p{n}", "",
                                    style=discord.ButtonStyle.primary, row=0) for n in answers[:5]]
        items += react_items(self, seat, legal)
        items.append(self.button(seat, ptext(language, "button", "Take the hits"), "take", "",
                                 style=discord.ButtonStyle.danger, row=3))
        return Drawn("\n".join(head), items)

    def draw_main(self, seat: Seat, me: SeatView, d: Draft, legal: list[Action], targets: list[tuple[str, str]],
                  head: list[str]) -> Drawn:
        """Every button the engine would refuse now is greyed, and the panel says why (`Greyed`)."""
        view, language = as_view(seat.view), reader(seat)
        phase, kinds, arg = view["phase"], {a["type"] for a in legal}, str(d)
        qty = f" {d.qty}" if d.qty else ""
        greyed = Greyed(seat)
        items: Items = []

        word = main_words(language).__getitem__
        if phase != "turns":
            roll = (text(language, "🎲 Roll ({n} left)", n=me["rolls_left"]) if phase == "roll" else word("🎲 Roll"))
            items += [self.button(seat, roll, "roll", arg, style=discord.ButtonStyle.primary,
                                  disabled=greyed.unless("roll" in kinds, word("🎲 Roll"), {"type": "roll"}), row=0),
                      self.button(seat, word("⚡ Auto"), "auto", arg, row=0,
                                  disabled=greyed.unless("auto" in kinds, word("⚡ Auto"), {"type": "auto"}))]
        items.append(self.button(seat, text(language, "Qty: {qty}", qty=d.qty or ptext(language, "quantity", "All")),
                                 "qty", arg, row=0))
        if view["mode"] == "realtime":
            items.append(self.parry_switch(seat, me, 0))
        items.append(self.button(seat, word("🔄 Refresh"), "ref", arg, row=0))
        if options := dice_options(me, legal, language):
            items.append(self.select(seat, "al", arg, options, placeholder=text(language, "Allocate or recover dice…"),
                                     row=1))
        items += extras_row(self, seat, me, d, legal)
        if phase == "roll":
            items.append(self.button(seat, word("✔ Done"), "done", arg, style=discord.ButtonStyle.success,
                                     disabled=me["marker"] is not None, row=2))
            return Drawn("\n".join(head + greyed.lines()), with_info(self, seat, arg, items))
        attack, control = f"{word('⚔ Attack')}{qty}", "atk" if not targets else "who"
        if len(targets) == 1:
            (name, control), = targets
            attack = f"{attack} → {name}"
        walk_, heal = track(me, "move"), track(me, "heal")  # a path of turns only: any figure may take it
        items += [self.button(seat, attack, control, arg, style=discord.ButtonStyle.danger, row=2,
                              disabled=greyed.why(word("⚔ Attack"), attack_refusal(seat, me, d, targets))),
                  self.button(seat, word("👣 Move…"), "mv", arg, row=2, disabled=greyed.why(word("👣 Move"), dice_words(
                      walk_, seat.explain(move(d, CODE["L"] * max(1, walk_["count"]))), language))),
                  self.button(seat, f"{word('❤ Heal')}{qty}", "heal", arg, style=discord.ButtonStyle.success, row=2,
                              disabled=greyed.why(word("❤ Heal"), dice_words(heal, seat.explain({"type": "heal",
                                                                                                  **d.count()}),
                                                                              language)))]
        items += self.advanced_row(seat, me, d, greyed)
        items += card_buttons(self, seat, me, d, greyed.why)
        if phase == "fight" and (row := free_row(items, (3, 4))) is not None:
            done = seat.seat in view["passed"]  # the round ends once every figure standing has passed
            items.append(self.button(seat, word("🏳 Passed") if done else word("🏳 Pass"), "pass", arg, row=row,
                                     disabled=greyed.why(word("🏳 Pass"), seat.explain({"type": "pass"}))))
        if phase == "turns":
            items += [self.button(seat, word("End turn"), "end", arg, row=3,
                                  disabled=greyed.unless("end_turn" in kinds, word("End turn"), {"type": "end_turn"})),
                      self.button(seat, word("Pass"), "pass", arg, row=3,
                                  disabled=greyed.why(word("Pass"), seat.explain({"type": "pass"})))]
        return Drawn("\n".join(head + greyed.lines()), with_info(self, seat, arg, items))

    def advanced_row(self, seat: Seat, me: SeatView, d: Draft, greyed: Greyed) -> Items:
        """Row 2's advanced buttons: the innate action, Incendiary's Flame Blade toggle (his Attack
        burns 1 Heat for an unblockable hit), Echo's cycle of the figure taking his Attack and Move."""
        items: Items = []
        language = reader(seat)
        if (innate := innate_button(self, seat, me, d, greyed.why)) is not None:
            items.append(innate)
        if holds_heat(me):
            burn_ = text(language, "🔥 Burn Heat: on") if d.heat else text(language, "🔥 Burn Heat: off")
            items.append(self.button(seat, burn_, "fire", str(d), row=2, disabled=not me["heat"] and not d.heat,
                                     style=discord.ButtonStyle.danger if d.heat else discord.ButtonStyle.secondary))
        if me.get("guards"):
            out = any(g is not None for g in me["guards"])
            acting = (text(language, "🐦 {name} acts", name=me["name"]) if d.by is None
                      else text(language, "🐦 Guard {number} acts", number=d.by + 1))
            items.append(self.button(seat, acting, "by", str(d), row=2, disabled=not out and d.by is None))
        return items

    def draw_markers(self, seat: Seat, me: SeatView, d: Draft, head: list[str]) -> Drawn:
        """The free turn-order markers, after ✔ Done; the first claim that arrives takes one."""
        view, language = as_view(seat.view), reader(seat)
        names = [s["name"] for s in view["seats"]]
        items: Items = []
        for m, holder in enumerate((view["turns"] or {})["markers"]):  # (turn-based: the roll phase)
            label = ordinal(language, m + 1) + (f": {names[holder]}" if holder is not None else "")
            items.append(self.button(seat, label, f"mk{m + 1}", str(d), style=discord.ButtonStyle.success,
                                     disabled=holder is not None or me["marker"] is not None, row=m // 5))
        items.append(self.button(seat, ptext(language, "button", "↩ Back to the dice"), "back", str(d), row=2))
        return Drawn("\n".join(head + [text(language, "**Take a turn-order marker**: the 1st plays first.")]), items)

    def draw_move(self, seat: Seat, me: SeatView, d: Draft, head: list[str]) -> Drawn:
        have, language = track(me, "move")["count"], reader(seat)
        steps = list(d.steps)
        try:
            (q, r), facing = walk(seat.state, seat.seat, steps, d.by)
        except RuleError:  # someone moved into the path meanwhile: start it again
            steps, d = [], d.to(MOVE)
            (q, r), facing = walk(seat.state, seat.seat, [], d.by)
        if steps:
            values = {"path": ", ".join(steps), "steps": len(steps), "have": have, "hex": hex_label([q, r]),
                      "facing": COMPASS[facing]}
            where = (text(language, "Path {path} ({steps} of {have}): you end at {hex} facing {facing}.", **values)
                     if d.by is None else
                     text(language, "Path {path} ({steps} of {have}): Guard {number} ends at {hex} facing {facing}.",
                          number=d.by + 1, **values))
        else:
            where = ntext(language, "{n} Move die allocated: each is a step or a turn. The path goes when all are "
                          "used, or on Go.", "{n} Move dice allocated: each is a step or a turn. The path goes when "
                          "all are used, or on Go.", have)
        refused = {s: seat.explain(move(d, d.path + CODE[s], whole=len(steps) + 1 >= have)) for s in STEPS}
        items: Items = []
        for row, keys in enumerate(PAD):
            for s in keys:
                if s is None:
                    items.append(self.button(seat, text(language, "facing {facing}", facing=COMPASS[facing]), "ref",
                                             str(d), disabled=True, row=row))
                else:
                    items.append(self.button(seat, text(language, TURNS[s]) if s in TURNS else ARROW[s], "s" + CODE[s],
                                             str(d), row=row, disabled=refused[s] is not None))
        items += [self.button(seat, text(language, "✔ Go ({n})", n=len(steps)), "go", str(d),
                              style=discord.ButtonStyle.success, disabled=not steps, row=3),
                  self.button(seat, ptext(language, "button", "⌫ Undo"), "undo", str(d), disabled=not steps, row=3),
                  self.button(seat, ptext(language, "button", "✖ Cancel"), "x", str(d), row=3)]
        flow, stuck = flow_button(self, seat, d, have)
        items += [flow] if flow is not None else []
        why = next((w for w in refused.values() if w), None) if all(refused.values()) else None
        lines = [text(language, "**Move** · {where}", where=where)] + (
            [f"❌ {said_text(language, why)}"] if why else []) + ([f"🌊 {said_text(language, stuck)}"] if stuck else [])
        return Drawn("\n".join(head + lines), items)

    def parry_switch(self, seat: Seat, me: SeatView, row: int) -> discord.ui.Item:
        on, language = me["auto_parry"], reader(seat)
        switch = text(language, "🛡 Auto-Parry: on") if on else text(language, "🛡 Auto-Parry: off")
        return self.button(seat, switch, "ap", "", row=row,
                           style=discord.ButtonStyle.primary if on else discord.ButtonStyle.secondary)

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        if (reaction := react_pick(seat, control, values)) is not None:
            return reaction
        if (extra := extra_pick(seat, draft, control, values)) is not None:
            return extra
        if Draft.parse(draft).mode == USE or control[:1] == "c" and control[1:].isdigit():
            picked = card_pick(seat, draft, control, values)
            return picked if isinstance(picked, dict) else str(picked)
        return meaning(seat, draft, control, values)


def main_words(language: object) -> dict[str, str]:
    """The MAIN view's button words in `language`, by their English."""
    return {"🎲 Roll": ptext(language, "button", "🎲 Roll"), "⚡ Auto": ptext(language, "button", "⚡ Auto"),
            "🔄 Refresh": ptext(language, "button", "🔄 Refresh"), "✔ Done": ptext(language, "button", "✔ Done"),
            "⚔ Attack": ptext(language, "button", "⚔ Attack"), "👣 Move…": ptext(language, "button", "👣 Move…"),
            "👣 Move": ptext(language, "button", "👣 Move"), "❤ Heal": ptext(language, "button", "❤ Heal"),
            "🏳 Passed": ptext(language, "button", "🏳 Passed"), "🏳 Pass": ptext(language, "button", "🏳 Pass"),
            "End turn": ptext(language, "button", "End turn"), "Pass": ptext(language, "button", "Pass")}


def board_lines(view: ArenaView, me: SeatView, language: object = None) -> list[str]:
    """The player's own dice and tracks (Tribal cards by band, ● Ready or ○ Unready), Heat,
    statuses and Guards, passives, and where they stand: who is in their front arc, the Ceremony's
    Nymphlets too."""
    unrolled = text(language, " ({sign} = roll first)", sign=UNROLLED) if None in me["pool"] else ""
    front = [s["name"] for s in view["seats"] if s["hex"] in me["front"]] + \
        [figure_name(view, s["seat"], g["guard"], language) for s in view["seats"] for g in s.get("guards") or []
         if g is not None and g["hex"] in me["front"]] + nymphlets_on(view, me["front"], language)
    cards = {c["key"]: c for c in me.get("cards", ())}
    innate = (me.get("innate") or {}).get("key")

    def shown(t: TrackView) -> str:
        if t["key"] in cards:
            card = cards[t["key"]]
            return f"{BANDS[card['band'] - 1]} {'●' if card['ready'] else '○'}{track_text(t, language)}"
        shown_track = track_text(t, language).strip()
        return text(language, "Innate: {track}", track=shown_track) if t["key"] == innate else shown_track
    lines = [text(language, "Pool: {pool}", pool=pool_text(me["pool"], language)) + unrolled,
             *(shown(t) for t in me["tracks"])]
    if extra := advanced_words(me, language):
        lines.append(" · ".join(extra))
    for g in me.get("guards") or []:
        if g is not None:
            lines.append(text(language, "Guard {number} at {hex} facing {facing}", number=g["guard"] + 1,
                              hex=hex_label(g["hex"]), facing=COMPASS[g["facing"]]))
    if me.get("passives"):
        lines.append(text(language, "Passive: {passives}", passives=" · ".join(
            f"{term(language, p['name'], 'arena passive')} ({passive_text(language, p['key'], p['text'])})"
            for p in me["passives"])))
    assert me["hex"] is not None  # the panel's main view: a standing figure
    return lines + [text(language, "Facing {facing} at {hex} · in your front arc: {front}",
                         facing=COMPASS[me["facing"]], hex=hex_label(me["hex"]),
                         front=", ".join(front) or text(language, "nobody"))]


def dice_options(me: SeatView, legal: list[Action], language: object = None) -> list[discord.SelectOption]:
    """The allocate/recover select: each track the pool fits (a card's '(ready)' or '(use)' track),
    each track holding dice, all back."""
    cards = {c["key"]: c for c in me.get("cards", ())}
    out = []
    for a in legal:
        if a["type"] == "allocate":
            t = track(me, a["track"])
            which = ("" if t["key"] not in cards else " " + ptext(language, "card track", "(use)")
                     if cards[t["key"]]["ready"] else " " + ptext(language, "card track", "(ready)"))
            out.append(discord.SelectOption(label=f"{FACE[t['face']]}×{t['fits']} → {term(language, t['name'])}{which}",
                                            value=f"a:{t['key']}"))
    back = {a["track"] for a in legal if a["type"] == "recover"}
    held = [t for t in me["tracks"] if t["key"] in back]
    out += [discord.SelectOption(label=ntext(language, "↩ {track}: {n} die back to the pool",
                                             "↩ {track}: {n} dice back to the pool", t["count"],
                                             track=term(language, t["name"])),
                                 value=f"r:{t['key']}") for t in held]
    if len(held) > 1:
        out.append(discord.SelectOption(label=text(language, "↩ Every allocated die back to the pool"), value="r:*"))
    return out


class Greyed:
    """The MAIN view's greyed buttons and why: the engine's `explain` of the action a button makes
    (or, for a track under its minimum, the dice it still needs, from the view). A button is greyed
    when there is a reason, and the panel lists the reasons in words, one line each, buttons that
    share one together."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.reasons: dict[str, list[str]] = {}

    def why(self, label: str, reason: str | None) -> bool:
        """Note `label`'s reason, if any (the engine's words read in the table's language); whether the
        button is greyed."""
        if reason is not None:
            self.reasons.setdefault(name_places(said_text(reader(self.seat), reason)), []).append(label)
        return reason is not None

    def unless(self, offered: bool, label: str, action: Action) -> bool:
        """Greyed unless the engine offers the action: then its refusal says why."""
        if offered:
            return False
        self.why(label, self.seat.explain(action) or text(reader(self.seat), "Not now."))
        return True

    def lines(self) -> list[str]:
        """The reasons, seats named as players (the engine's '{3}' a mention, as every panel text)."""
        language = reader(self.seat)
        return [markup.said(self.seat.session, text(language, "🚫 {buttons}: {reason}", buttons=", ".join(labels),
                                                    reason=reason), language)
                for reason, labels in self.reasons.items()]


def attack_refusal(seat: Seat, me: SeatView, d: Draft, targets: list[tuple[str, str]]) -> str | None:
    """Why the Attack cannot go now (None: it can, at one of `targets`). Nobody in the front arc is
    the engine's reason even with no dice on the track: that is what a player must change first."""
    if targets:
        return None
    view = as_view(seat.view)
    figure = me if d.by is None else (me.get("guards") or [])[d.by]
    front = figure["front"] if figure is not None else []
    facing: list[dict[str, int]] = [{"target": s["seat"]} for s in view["seats"]
                                    if s["seat"] != me["seat"] and s["hex"] is not None and s["hex"] in front]
    facing += [{"target": s["seat"], "guard": g["guard"]} for s in view["seats"] if s["seat"] != me["seat"]
               for g in s.get("guards") or [] if g is not None and g["hex"] in front]
    aim = facing[0] if facing else {}  # no one: the engine's reason is that nobody is there, dice or not
    return dice_words(track(me, "attack"), seat.explain({"type": "attack", **aim, **d.count(), **d.luftle(),
                                                          **burn(d)}), reader(seat))


def free_row(items: Items, rows: tuple[int, ...]) -> int | None:
    """The first of `rows` with room for one more button (a select fills its row)."""
    used = [0] * 5
    for item in items:
        inner = getattr(item, "item", item)  # a DynamicItem's own button or select
        used[inner.row or 0] += 5 if isinstance(inner, discord.ui.Select) else 1
    return next((r for r in rows if used[r] < 5), None)


def with_info(panel: Panel, seat: Seat, draft: str, items: Items) -> Items:
    """The ℹ button (the legend of the panel's signs, privately) in the first row with room."""
    row = free_row(items, (0, 2, 3, 4))
    legend = ptext(reader(seat), "button", "ℹ Legend")
    return items if row is None else [*items, panel.button(seat, legend, INFO, draft, row=row)]


PANEL = ArenaPanel()

"""The public board (ARENA.md 3.2): the arena image, an embed, and three buttons.

The board (render/arena.py) is edited at most every 2 s while a round runs (`min_edit_seconds`;
edits in between merge, the newest wins), so its buttons carry no version: Open my board (the
panel), Peek boards (everyone's dice, privately: nothing in the game is hidden) and Rules. The
picture gives the time left as of its drawing (the table's clock), never a UTC time; the
embed has the clock as a live timestamp, health, cups, points and the last log lines (hexes as
players say them, 'D4'); under the
advanced rules also Heat, statuses (ending as live timestamps), Echo's Guards and tokens, every
player's Tribal cards, and a pause while a card's attack waits to land. A game mode shows each
player's VP and a field of its own (Domination's flower and calls, the hill card, the Nymphlets);
Domination's turn-based declaring is the Now line, naming who is still to declare. Alliances add
the teams with their one cup; the Rainforest (advanced) whose dice sit on each Raging Current.

A round's start (after its countdown), a knock-out and the results are headlines: messages of
their own. The advanced rules' news (a card readied or used, a status, Heat, a Guard sent back)
comes every few seconds in a real-time round: it stays news, in the board's log, or the channel
would drown. Each round after the first (which stays on the lobby's message) gets a fresh board
message; the last one stays as the round's record.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Mapping

import discord

from engine import registry
from engine.arena.view_types import ArenaView, SeatView, as_view
from engine.protocol import Game, View
from engine.words import plural
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.arena import render_arena
from render.arena_words import name_places
from render.encode import RenderedImage

from .. import markup, replies
from ..actions import table_of
from ..components import Ref, TableButton
from ..game_ui import Control, GameUI, Seated
from ..rules import options_embed, rules_embed
from ..services import Interaction
from .clicks import on_click
from .panel import PANEL
from .words import (
    ICON,
    ORDINAL,
    advanced_words,
    cards_words,
    current_lines,
    declare_words,
    figure_name,
    mode_lines,
    pool_text,
    score_words,
    stamp,
    team_lines,
)

PEEK, RULES = "arena_peek", "arena_rules"
HEADLINES = ("round", "round_end", "knockout", "game_over")  # not "ready", "card", "status", "heat", "guard"


def player_line(view: ArenaView, seat: SeatView, name: str, waiting: set[int]) -> str:
    tags = {"out": "KO", "left": "left", "idle": "sits out"}.get(seat["status"], "")
    tags += " · away" if seat["away"] else ""
    if view["phase"] in ("start", "countdown") and seat["seat"] in view["in_round"]:
        tags += "" if seat["seat"] in view["waiting"] else " · ready"
    if seat["marker"] is not None:
        tags += f" · {ORDINAL[seat['marker'] - 1]}" + (" (passed)" if seat["passed"] else "")
    if seat["status"] == "standing":
        tags += "".join(f" · {words}" for words in advanced_words(seat))
    line = (f"{'▶ ' if seat['seat'] in waiting else ''}{seat['seat'] + 1}. {name} · {seat['name']} · "
            f"❤ {seat['health']}/{seat['max_health']} · {score_words(view, seat)}")
    return line + (f" · {tags.strip(' ·')}" if tags.strip(" ·") else "")


def now_words(view: ArenaView, session: Session) -> str:
    """What the table waits for now, and until when."""
    phase, turns, until = view["phase"], view["turns"] or {}, stamp(view["phase_deadline"])  # turns: read turn-based
    said = {"start": f"Figures take their places: **Open my board** to stand elsewhere, then Ready. "
                     f"Yarra Mark! {until}, or when everyone is ready.",
            "countdown": f"Everyone is in place: **Yarra Mark!** {until}. Open your board now.",
            "fight": f"Everyone at once! **Open my board** to roll, allocate and act. Yarra Bung! {until}."
            }.get(phase, "")
    if phase == "roll":
        said = (f"Game turn {turns['game_turn']}: roll, allocate and take a turn-order marker in "
                f"**Open my board**, {until}.")
    elif phase == "declare":
        said = declare_words(view)
    elif phase == "turns" and turns["active"] is not None:
        said = f"{markup.who(session.seats[turns['active']])}'s turn: {plural(turns['actions_left'], 'action')} left, {until}."
    if paused := view.get("paused"):
        said += f"\n⏸ **Paused:** {view['seats'][paused['seat']]['name']}'s {paused['card']} " \
                "lands first; only answers go meanwhile."
    for p in view["pending"]:
        a, d = figure_name(view, p["attacker"], p.get("by")), figure_name(view, p["defender"], p.get("guard"))
        answers = view["seats"][p["defender"]]["name"]
        unblockable = f" and {p['unblockable']} unblockable" if p["unblockable"] else ""
        said += f"\n⚔ {a} → {d}: {p['action']}, {plural(p['hits'], 'hit')}{unblockable} from the {p['arc']}" + \
            (f"; {answers} answers {stamp(p['deadline'])}" if p["deadline"] else "")
    return markup.said(session, said)[:1024]


class ArenaUI(GameUI):
    """`clock` is the table's: the picture says how long is left ('4:12 left'), as of its drawing."""

    game_name = "arena"
    min_edit_seconds = 2.0

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock: Callable[[], float] = clock

    def controls(self) -> Mapping[str, Control]:
        return {PANEL.name: Seated(on_click), PEEK: peek, RULES: peek}  # the panel redraws in place (clicks.py)

    def headlines(self, change: Change) -> list[str]:
        return [name_places(e.text) for e in change.events if e.kind in HEADLINES and e.private_to is None]

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_arena(game.view(session.game_state, None), names, now=self.clock(),
                            aborted=session.status == ABORTED)

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round (the first is the lobby's); the last one stays as its record."""
        round_ = session.game_state["round"]
        return None if round_ == 1 else str(round_)

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """What to do in this phase, and why an attack would not land now (the engine's words)."""
        v = as_view(view)
        phase = v["phase"]
        if phase in ("start", "countdown"):
            return "Open your board, stand in your start area facing the arena and press ✅ Ready."
        if phase == "over" or v["seats"][seat]["status"] != "standing":
            return None
        why = game.explain(session.game_state, seat, {"type": "attack"}, self.clock())
        attack = ("An attack lands now: strike!" if why is None
                  else f"An attack would not land now: {name_places(why)}")
        if phase == "fight":
            return ("Roll, then put dice on your tracks: Attack dice strike a figure in your front arc, Move dice walk and "
                    "turn, Defence dice parry, Heal dice heal. A hit from behind cannot be parried. " + attack)
        if phase == "roll":
            return "Roll and keep the dice you want on your tracks, then take a turn-order marker."
        if phase == "turns":
            return "On your turn take up to two actions (move, attack, heal) or pass. " + attack
        return None

    def calls_everyone(self, session: Session, game: Game) -> bool:
        """Domination's turn-based declaration: each undeclared player owes their Trigger/Not."""
        return bool(session.game_state["phase"] == "declare")

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        view = as_view(game.view(session.game_state, None))
        playing = session.status == PLAYING and view["phase"] != "over"
        which = "tiebreak round" if view["tiebreak"] else f"round {view['round']} of {view['rounds']}"
        game_mode = view["game_mode"]
        mode = (f" · {game_mode['title']}" if game_mode else "") + (" · turn-based" if view["mode"] == "turn_based" else "")
        lines = [markup.said(session, name_places(line)) for line in view["log"]]
        if not playing and session.summary:
            lines.append(markup.said(session, session.summary))
        embed = discord.Embed(title=f"Eye for an Eye · {which}{mode}", description="\n".join(lines)[-4096:] or None,
                              colour=discord.Colour.dark_orange())
        waiting = set(game.waiting_for(session.game_state)) if playing else set()
        embed.add_field(name="Players", inline=False, value="\n".join(
            player_line(view, seat, markup.seated(session, seat["seat"]), waiting) for seat in view["seats"]
        )[:1024])
        options = (("Teams", team_lines(view)), (game_mode and game_mode["title"], mode_lines(view)),
                   ("Raging Currents", current_lines(view)))
        for name, lines in options:
            if lines:
                embed.add_field(name=name, value=markup.said(session, "\n".join(lines))[:1024], inline=False)
        if playing:
            embed.add_field(name="Now", value=now_words(view, session) or "-", inline=False)
        cards = [f"{seat['name']}: {cards_words(seat)}" for seat in view["seats"]
                 if seat.get("cards") and seat["status"] == "standing"]
        if playing and cards:
            embed.add_field(name="Tribal cards (● Ready)", value="\n".join(cards)[:1024], inline=False)
        return embed.set_footer(text=f"Table {session.id} · move {session.version}")

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        if session.game_state["phase"] == "over":
            return []
        return [PANEL.opener(session, "🎮 Open my board"),
                TableButton(Ref(session.id, PEEK), label="👁 Peek boards"),
                TableButton(Ref(session.id, RULES), label="📜 Rules")]


async def peek(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """Everyone's dice, privately (nothing in the game is hidden: ARENA.md 3.5); or the rules."""
    session = await table_of(interaction).get(ref.session_id)
    game = registry.get(session.game)
    if ref.action == RULES:  # the advanced rules and the other options' follow the core, each a message
        await replies.tell(interaction, embed=rules_embed(game))
        if session.game_state.get("advanced"):
            await replies.tell(interaction, embed=rules_embed(game, advanced=True))
        options = options_embed(game, [key for key, on in session.options.items() if on])
        if options is not None:
            await replies.tell(interaction, embed=options)
        return
    view = as_view(game.view(session.game_state, None))
    lines = [f"**{s['name']}** {markup.who(user)} · ❤ {s['health']}/{s['max_health']} · pool {pool_text(s['pool'])}\n"
             + " · ".join(f"{ICON.get(t['key']) or t['name'] + ' '}{t['count']}/{t['spaces']}" for t in s["tracks"])
             + (" · Auto-Parry on" if s["auto_parry"] else " · Auto-Parry off")
             for s, user in zip(view["seats"], session.seats, strict=True)]
    await replies.tell(interaction, "\n".join(lines)[:2000])

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
from engine.arena.view_types import ArenaView, PendingView, SeatView, as_view
from engine.protocol import Game, View
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.arena import render_arena
from render.arena_words import name_places
from render.encode import RenderedImage

from .. import markup, replies
from ..actions import table_of
from ..components import Ref, TableButton
from ..game_ui import Control, GameUI, Seated
from ..language import ntext, ptext, said_text, shown_in, text
from ..rules import options_embed, rules_embed
from ..services import Interaction
from .clicks import on_click
from .panel import PANEL
from .words import (
    ICON,
    advanced_words,
    cards_words,
    current_lines,
    declare_words,
    figure_name,
    mode_lines,
    ordinal,
    pool_text,
    score_words,
    stamp,
    team_lines,
    term,
)

PEEK, RULES = "arena_peek", "arena_rules"
HEADLINES = ("round", "round_end", "knockout", "game_over")  # not "ready", "card", "status", "heat", "guard"


def player_line(view: ArenaView, seat: SeatView, name: str, waiting: set[int], language: object = None) -> str:
    status = {"out": ptext(language, "arena player", "KO"), "left": ptext(language, "arena player", "left"),
              "idle": ptext(language, "arena player", "sits out")}
    tags = status.get(seat["status"], "")
    tags += " · " + ptext(language, "arena player", "away") if seat["away"] else ""
    if view["phase"] in ("start", "countdown") and seat["seat"] in view["in_round"]:
        tags += "" if seat["seat"] in view["waiting"] else " · " + ptext(language, "arena player", "ready")
    if seat["marker"] is not None:
        marker = ordinal(language, seat["marker"])
        tags += " · " + (text(language, "{marker} (passed)", marker=marker) if seat["passed"] else marker)
    if seat["status"] == "standing":
        tags += "".join(f" · {words}" for words in advanced_words(seat, language))
    line = (f"{'▶ ' if seat['seat'] in waiting else ''}{seat['seat'] + 1}. {name} · {seat['name']} · "
            f"❤ {seat['health']}/{seat['max_health']} · {score_words(view, seat, language)}")
    return line + (f" · {tags.strip(' ·')}" if tags.strip(" ·") else "")


def now_words(view: ArenaView, session: Session) -> str:
    """What the table waits for now, and until when, in the table's language."""
    language = session.language
    phase, turns, until = view["phase"], view["turns"] or {}, stamp(view["phase_deadline"])  # turns: read turn-based
    said = {"start": text(language, "Figures take their places: **Open my board** to stand elsewhere, then Ready. "
                          "Yarra Mark! {when}, or when everyone is ready.", when=until),
            "countdown": text(language, "Everyone is in place: **Yarra Mark!** {when}. Open your board now.",
                              when=until),
            "fight": text(language, "Everyone at once! **Open my board** to roll, allocate and act. "
                          "Yarra Bung! {when}.", when=until)
            }.get(phase, "")
    if phase == "roll":
        said = text(language, "Game turn {turn}: roll, allocate and take a turn-order marker in **Open my board**, "
                    "{when}.", turn=turns["game_turn"], when=until)
    elif phase == "declare":
        said = declare_words(view, language)
    elif phase == "turns" and turns["active"] is not None:
        said = ntext(language, "{who}'s turn: {n} action left, {when}.", "{who}'s turn: {n} actions left, {when}.",
                     turns["actions_left"], who=markup.who(session.seats[turns["active"]], language), when=until)
    if paused := view.get("paused"):
        said += "\n" + text(language, "⏸ **Paused:** {name}'s {card} lands first; only answers go meanwhile.",
                            name=view["seats"][paused["seat"]]["name"], card=term(language, paused["card"]))
    for p in view["pending"]:
        said += "\n" + pending_words(view, p, language)
    return markup.said(session, said)[:1024]


def pending_words(view: ArenaView, p: PendingView, language: object) -> str:
    """An attack waiting to land, for the board: who strikes whom with what, and who answers until when."""
    a = figure_name(view, p["attacker"], p.get("by"), language)
    d = figure_name(view, p["defender"], p.get("guard"), language)
    hits = (ntext(language, "{n} hit and {unblockable} unblockable", "{n} hits and {unblockable} unblockable",
                  p["hits"], unblockable=p["unblockable"]) if p["unblockable"]
            else ntext(language, "{n} hit", "{n} hits", p["hits"]))
    values = {"attacker": a, "defender": d, "action": term(language, p["action"]), "hits": hits}
    said = (text(language, "⚔ {attacker} → {defender}: {action}, {hits} from the front", **values)
            if p["arc"] == "front"
            else text(language, "⚔ {attacker} → {defender}: {action}, {hits} from the rear", **values))
    if p["deadline"]:
        said += text(language, "; {who} answers {when}", who=view["seats"][p["defender"]]["name"],
                     when=stamp(p["deadline"]))
    return said


OFF_THE_PICTURE = frozenset({"pool", "tracks", "rolls_left", "auto_parry"})  # a seat's, in its panel only


class ArenaUI(GameUI):
    """`clock` is the table's: the picture says how long is left ('4:12 left'), as of its drawing."""

    game_name = "arena"
    min_edit_seconds = 2.0

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock: Callable[[], float] = clock

    def controls(self) -> Mapping[str, Control]:
        return {PANEL.name: Seated(on_click), PEEK: peek, RULES: peek}  # the panel redraws in place (clicks.py)

    def headlines(self, change: Change) -> list[str]:
        language = change.session.language
        return [name_places(said_text(language, e.text)) for e in change.events
                if e.kind in HEADLINES and e.private_to is None]

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_arena(session.public_view(), names, now=self.clock(),
                            aborted=session.status == ABORTED, show=shown_in(session.language))

    def pictured(self, view: View) -> object:
        """The board never shows a seat's dice (its pool, tracks and rolls left) nor its Auto-Parry: its
        player's panel and the 🔍 peek do. Rolling and allocating (most actions of a round) change only
        those, so they keep the picture drawn last."""
        return {**view, "seats": [{key: value for key, value in seat.items() if key not in OFF_THE_PICTURE}
                                  for seat in as_view(view)["seats"]]}

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round (the first is the lobby's); the last one stays as its record."""
        round_ = session.game_state["round"]
        return None if round_ == 1 else str(round_)

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """What to do in this phase, and why an attack would not land now (the engine's words)."""
        v, language = as_view(view), session.language
        phase = v["phase"]
        if phase in ("start", "countdown"):
            return text(language, "Open your board, stand in your start area facing the arena and press ✅ Ready.")
        if phase == "over" or v["seats"][seat]["status"] != "standing":
            return None
        why = game.explain(session.game_state, seat, {"type": "attack"}, self.clock())
        attack = (text(language, "An attack lands now: strike!") if why is None
                  else text(language, "An attack would not land now: {why}", why=name_places(said_text(language, why))))
        if phase == "fight":
            return text(language, "Roll, then put dice on your tracks: Attack dice strike a figure in your front arc, "
                        "Move dice walk and turn, Defence dice parry, Heal dice heal. A hit from behind cannot be "
                        "parried. {attack}", attack=attack)
        if phase == "roll":
            return text(language, "Roll and keep the dice you want on your tracks, then take a turn-order marker.")
        if phase == "turns":
            return text(language, "On your turn take up to two actions (move, attack, heal) or pass. {attack}",
                        attack=attack)
        return None

    def calls_everyone(self, session: Session, game: Game) -> bool:
        """Domination's turn-based declaration: each undeclared player owes their Trigger/Not."""
        return bool(session.game_state["phase"] == "declare")

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        view = as_view(session.public_view())
        language = session.language
        playing = session.status == PLAYING and view["phase"] != "over"
        which = (text(language, "tiebreak round") if view["tiebreak"]
                 else text(language, "round {round} of {rounds}", round=view["round"], rounds=view["rounds"]))
        game_mode = view["game_mode"]
        mode_title = game_mode and ptext(language, "arena mode", game_mode["title"])
        mode = (f" · {mode_title}" if game_mode else "") + (
            " · " + text(language, "turn-based") if view["mode"] == "turn_based" else "")
        lines = [name_places(markup.said(session, line)) for line in view["log"]]
        if not playing and session.summary:
            lines.append(markup.said(session, session.summary))
        title = ptext(language, "game title", game.title)
        embed = discord.Embed(title=f"{title} · {which}{mode}", description="\n".join(lines)[-4096:] or None,
                              colour=discord.Colour.dark_orange())
        waiting = set(game.waiting_for(session.game_state)) if playing else set()
        embed.add_field(name=text(language, "Players"), inline=False, value="\n".join(
            player_line(view, seat, markup.seated(session, seat["seat"]), waiting, language) for seat in view["seats"]
        )[:1024])
        options = ((text(language, "Teams"), team_lines(view, language)), (mode_title, mode_lines(view, language)),
                   (text(language, "Raging Currents"), current_lines(view, language)))
        for name, lines in options:
            if lines:
                embed.add_field(name=name, value=markup.said(session, "\n".join(lines))[:1024], inline=False)
        if playing:
            embed.add_field(name=ptext(language, "board", "Now"), value=now_words(view, session) or "-", inline=False)
        cards = [f"{seat['name']}: {cards_words(seat, language)}" for seat in view["seats"]
                 if seat.get("cards") and seat["status"] == "standing"]
        if playing and cards:
            embed.add_field(name=text(language, "Tribal cards (● Ready)"), value="\n".join(cards)[:1024], inline=False)
        return embed.set_footer(text=text(language, "Table {table} · move {move}", table=session.id,
                                          move=session.version))

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        if session.game_state["phase"] == "over":
            return []
        language = session.language
        return [PANEL.opener(session, ptext(language, "button", "🎮 Open my board")),
                TableButton(Ref(session.id, PEEK), label=ptext(language, "button", "👁 Peek boards")),
                TableButton(Ref(session.id, RULES), label=ptext(language, "button", "📜 Rules"))]


async def peek(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """Everyone's dice, privately (nothing in the game is hidden: ARENA.md 3.5); or the rules."""
    session = await table_of(interaction).get(ref.session_id)
    game = registry.get(session.game)
    if ref.action == RULES:  # the advanced rules and the other options' follow the core, each a message
        await replies.tell(interaction, embed=rules_embed(game, locale=interaction.locale))
        if session.game_state.get("advanced"):
            await replies.tell(interaction, embed=rules_embed(game, advanced=True, locale=interaction.locale))
        options = options_embed(game, [key for key, on in session.options.items() if on], interaction.locale)
        if options is not None:
            await replies.tell(interaction, embed=options)
        return
    view, language = as_view(session.public_view()), interaction.locale
    lines = [text(language, "**{name}** {who} · ❤ {health}/{most} · pool {pool}", name=s["name"],
                  who=markup.who(user, language), health=s["health"], most=s["max_health"],
                  pool=pool_text(s["pool"], language)) + "\n"
             + " · ".join(f"{ICON.get(t['key']) or term(language, t['name']) + ' '}{t['count']}/{t['spaces']}"
                          for t in s["tracks"])
             + " · " + (text(language, "Auto-Parry on") if s["auto_parry"] else text(language, "Auto-Parry off"))
             for s, user in zip(view["seats"], session.seats, strict=True)]
    await replies.tell(interaction, "\n".join(lines)[:2000])

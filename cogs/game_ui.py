"""How a game looks and is clicked on Discord. Rules stay in the engine; this only maps.

`GameUI` is also the default for a game without its own cog: its public view as a text card,
and a button for each action the seats it waits on may take. A game's cog supplies only its own
words for the board's embed (`BoardWords`); the kit lays out the rest the same for every game.

What each control of a game means is declared in one place, its UI's `controls` (a custom_id's
action -> a `Move` the engine makes, a private `Panel`, or a `Handler` of its own); cogs/clicks.py
takes every click and looks its control up there.
"""
from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import discord

from engine.protocol import Action, ActionLike, Game, View
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.encode import RenderedImage
from render.text_card import render_text_card

from . import markup
from .components import Ref, TableButton, view_of
from .language import N_, ptext, text, translation
from .panels import Panel, Seat
from .pictures import as_file
from .services import Interaction

MAX_BUTTONS = 20
ENDED_EARLY = "This game was ended early; no results count."


@dataclass
class Board:
    """Everything a board message carries."""

    embed: discord.Embed
    image: RenderedImage | None = None
    items: list[discord.ui.Item] = field(default_factory=list)

    def payload(self, *, editing: bool) -> dict[str, Any]:
        """The message's fields, to edit the board's message (`editing`) or to send a new one."""
        out: dict[str, Any] = {"embed": self.embed, "view": view_of(self.items) if self.items else None}
        if self.image is not None:
            self.embed.set_image(url=f"attachment://{self.image.filename}")
            out["attachments" if editing else "files"] = [as_file(self.image)]
        elif editing:
            out["attachments"] = []
        if not editing and out["view"] is None:
            del out["view"]
        return out


@dataclass
class BoardWords:
    """What a board's embed says of its own game. The kit adds the news, a row per player
    ("▶ 1. @name · words (left)"), the Now line while the game is played, the timer and the footer."""

    title: str
    now: str | None = None  # what the table waits for (seats named as fields)
    heading: str = N_("Players")  # in the table's language where the catalogue has it
    seat_words: Sequence[str] = ()  # per seat, after its player: "3 👻"
    marked: Collection[int] | None = None  # the seats marked ▶ as waited on (None: whom the game waits for)
    left: Collection[int] = ()
    away: Collection[int] = ()
    colour: discord.Colour = field(default_factory=discord.Colour.blurple)


Handler = Callable[[Interaction, Ref, list[str]], Awaitable[None]]  # a control answered in its own way, for anyone


@dataclass(frozen=True)
class Seated:
    """A control answered in its own way, for a player seated in the game in play only: the click path
    checks the seat (cogs/clicks.py, once for every seated control) and hands it over."""

    answer: Callable[[Interaction, Seat, Ref, list[str]], Awaitable[None]]


@dataclass(frozen=True)
class Move:
    """A board control that makes an engine move: the action a click on it means (None: none now)."""

    action: Callable[[Session, Game, Ref, list[str]], ActionLike | None]


Control: TypeAlias = "Move | Panel | Seated | Handler"


def action_label(action: Action) -> str:
    words = [str(v) for k, v in action.items() if k != "type"]
    return " ".join([str(action.get("type", "act")).replace("_", " ").capitalize(), *words])[:80]


class GameUI:
    game_name: str = ""
    private_board_copies = True  # False where a copy could outlive what it shows (memory games)
    min_edit_seconds = 0.0  # a busy real-time board is edited at most this often; edits between merge
    clock: Callable[[], float] | None = None  # a board that shows time left ('4:12 left') reads this clock

    def headlines(self, change: Change) -> list[str]:
        """Public news worth a message of its own (a round starts, a knock-out), not only a board edit."""
        return []

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        """The board image; runs in a worker thread, so it must only read its arguments."""
        view = session.public_view()
        lines = [f"{key}: {json.dumps(value)}" for key, value in view.items()]
        if session.status == ABORTED:
            lines.insert(0, ENDED_EARLY)
        return render_text_card(game.title, lines)

    def pictured(self, view: View) -> object:
        """The part of the public `view` the board's picture (and its description) shows: a move that
        changes nothing of it keeps the picture drawn last (cogs/pictures.py). By default all of it."""
        return view

    def calls_everyone(self, session: Session, game: Game) -> bool:
        """Whether every seat the game waits on owes a move of its own now, so all are pinged (e.g.
        a declaration each makes); otherwise several waited-on seats are a race, nobody's turn."""
        return False

    def words(self, session: Session, game: Game, view: View) -> BoardWords:
        """This game's own words on its board, from the public `view`; by default its title only."""
        return BoardWords(game.title)

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        """The board's embed in the table's language (`session.language`)."""
        words = self.words(session, game, session.public_view())
        language = session.language
        playing = session.status == PLAYING  # an ended game waits on nobody and asks nobody to act
        marked = set(() if not playing else game.waiting_for(session.game_state) if words.marked is None
                     else words.marked)
        kept = session.kept_by_computer()
        left, away, kept_word = text(language, "(left)"), text(language, "(away)"), markup.kept(language)
        rows = [f"{'▶ ' if seat in marked else ''}{seat + 1}. {markup.who(user, language)}"
                + (f" · {words.seat_words[seat]}" if seat < len(words.seat_words) else "")
                + (f" {left}" if seat in words.left else f" {kept_word}" if seat in kept
                   else f" {away}" if seat in words.away else "")
                for seat, user in enumerate(session.seats)]
        embed = discord.Embed(title=words.title, description=markup.news(session) or None, colour=words.colour)
        embed.add_field(name=translation(language, words.heading) or words.heading, value="\n".join(rows) or "-",
                        inline=False)
        if playing and words.now:
            embed.add_field(name=ptext(language, "board", "Now"), value=markup.said(session, words.now), inline=False)
        if playing and (deadline := game.next_deadline(session.game_state)):
            embed.add_field(name=ptext(language, "board", "Timer"), value=markup.stamp(deadline), inline=True)
        return embed.set_footer(text=text(language, "Table {table} · move {move}", table=session.id,
                                          move=session.version))

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """For one person learning against computers: what they can do now and why, from their
        seat's `view` (their own secrets included: the board's tip is for a table they sit alone at).
        By default the moves the engine offers them."""
        offered = game.legal_actions(session.game_state, seat)
        return ("You may: " + ", ".join(sorted({action_label(a) for a in offered}))) if offered else None

    def choices(self, session: Session, game: Game) -> list[Action]:
        """The distinct actions the waited-on seats may take, in a stable order."""
        seats = game.waiting_for(session.game_state) or range(len(session.seats))
        seen: dict[str, Action] = {}
        for seat in seats:
            for action in game.legal_actions(session.game_state, seat):
                seen.setdefault(json.dumps(action, sort_keys=True), action)
        return list(seen.values())[:MAX_BUTTONS]

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        return [TableButton(Ref(session.id, "do", str(i), session.version), label=action_label(a))
                for i, a in enumerate(self.choices(session, game))]

    def move(self, session: Session, name: str, label: str, arg: str = "", *, versioned: bool = True,
             style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None,
             emoji: str | None = None) -> TableButton:
        """A board button for the control `name` (`controls`). An unversioned one carries in `arg`
        what the engine needs to refuse it once stale."""
        return TableButton(Ref(session.id, name, arg, session.version if versioned else None), label=label,
                           style=style, row=row, emoji=emoji)

    def board_key(self, session: Session, game: Game) -> str | None:
        """What the board message is about; when this changes, a fresh message is posted
        (for example one message per round) and the old one keeps its picture, without buttons."""
        return None

    def controls(self) -> Mapping[str, Control]:
        """What a click on each of this game's controls means, by the custom_id's action: by default a
        button per move the waited-on seats may take (`items`)."""
        return {"do": Move(self.chosen)}

    def chosen(self, session: Session, game: Game, ref: Ref, values: list[str]) -> Action | None:
        """The move of the default board's button `ref.arg` (its place among `choices`)."""
        choices = self.choices(session, game)
        index = int(ref.arg) if ref.arg.isdigit() else len(choices)
        return choices[index] if index < len(choices) else None


RULES = "rules"  # the action of the 📜 Rules button on lobbies and boards (cogs/rules_book.py answers it)


def rules_button(session_id: int, *, row: int | None = None, language: str | None = None) -> TableButton:
    """📜 Rules on a lobby or a board: the book of its game with the table's options, privately
    (labelled in the table's `language`)."""
    return TableButton(Ref(session_id, RULES), label=ptext(language, "button", "📜 Rules"), row=row)


def is_rules_button(item: discord.ui.Item[Any]) -> bool:
    """A rules button already there (Eye for an Eye's board has its own, `arena_rules`)."""
    ref = getattr(item, "ref", None)
    return isinstance(ref, Ref) and ref.action.endswith(RULES)


def with_rules(session: Session, items: list[discord.ui.Item]) -> list[discord.ui.Item]:
    """A board's controls and the 📜 Rules button, where Discord's rows leave it room (5 rows of 5
    buttons, a select filling a row) and the game has no rules button of its own."""
    if any(is_rules_button(item) for item in items):
        return items
    rows = [item.row for item in items if item.row is not None]
    for row in (max(rows), max(rows) + 1) if rows else (None,):  # after the game's own controls
        try:  # discord.py's own layout says whether it fits (a row past the fifth is refused too)
            button = rules_button(session.id, row=row, language=session.language)
            view_of(items).add_item(button)
        except ValueError:
            continue
        return [*items, button]
    return items


DEFAULT_UI = GameUI()

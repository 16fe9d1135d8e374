"""How a game looks and is clicked on Discord. Rules stay in the engine; this only maps.

`GameUI` is also the default for a game without its own cog: its public view as a text card,
and a button for each action the seats it waits on may take.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import discord

from engine.protocol import Action, ActionLike, Game
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.encode import RenderedImage
from render.text_card import render_text_card

from . import markup
from .components import TableButton
from .refs import Ref

MAX_BUTTONS = 20
ENDED_EARLY = "This game was ended early; no results count."


@dataclass
class Board:
    """Everything a board message carries."""

    embed: discord.Embed
    image: RenderedImage | None = None
    items: list[discord.ui.Item] = field(default_factory=list)


def action_label(action: Action) -> str:
    words = [str(v) for k, v in action.items() if k != "type"]
    return " ".join([str(action.get("type", "act")).replace("_", " ").capitalize(), *words])[:80]


class GameUI:
    game_name: str = ""
    private_board_copies = True  # False where a copy could outlive what it shows (memory games)
    min_edit_seconds = 0.0  # a busy real-time board is edited at most this often; edits between merge

    def headlines(self, change: Change) -> list[str]:
        """Public news worth a message of its own (a round starts, a knock-out), not only a board edit."""
        return []

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        """The board image; runs in a worker thread, so it must only read its arguments."""
        view = game.view(session.game_state, None)
        lines = [f"{key}: {json.dumps(value)}" for key, value in view.items()]
        if session.status == ABORTED:
            lines.insert(0, ENDED_EARLY)
        return render_text_card(game.title, lines)

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        playing = session.status == PLAYING
        waiting = set(game.waiting_for(session.game_state)) if playing else set()  # an ended game waits on nobody
        embed = discord.Embed(title=game.title, description=markup.news(session) or None,
                              colour=discord.Colour.blurple())
        seats = [f"{'▶ ' if seat in waiting else ''}{seat + 1}. <@{user}>" for seat, user in enumerate(session.seats)]
        embed.add_field(name="Players", value="\n".join(seats) or "-", inline=False)
        if session.deadline and playing:
            embed.add_field(name="Timer", value=f"<t:{int(session.deadline)}:R>", inline=True)
        embed.set_footer(text=f"Table {session.id} · move {session.version}")
        return embed

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

    def board_key(self, session: Session, game: Game) -> str | None:
        """What the board message is about; when this changes, a fresh message is posted
        (for example one message per round) and the old one keeps its picture, without buttons."""
        return None

    async def handle_locally(self, interaction: discord.Interaction, session: Session, game: Game,
                             ref: Ref, values: list[str]) -> bool:
        """Answer a click that changes only what a message shows, not the game; True if done."""
        return False

    def action_for(self, session: Session, game: Game, ref: Ref, values: list[str]) -> ActionLike | None:
        """The engine action a click means, or None when the click names none."""
        if ref.action != "do" or not ref.arg.isdigit():
            return None
        choices = self.choices(session, game)
        index = int(ref.arg)
        return choices[index] if index < len(choices) else None


_uis: dict[str, GameUI] = {}
DEFAULT_UI = GameUI()


def register_ui(ui: GameUI) -> None:
    _uis[ui.game_name] = ui


def ui_for(game_name: str) -> GameUI:
    return _uis.get(game_name, DEFAULT_UI)

"""Treasure of the Dragons on Discord: pick a row, then a cell; Stop to collect.

A message holds at most 25 buttons, so the board shows one row's seven cells at a time and a
row select to switch rows (switching only redraws the buttons; it is not a move). One board
message per game, edited in place, so no old uncovered board stays in the channel; stale
clicks get a link to the board rather than a private copy of it.
"""
from __future__ import annotations

import string

import discord
from discord.ext import commands

from engine.dragon import OVER, REVEAL, SIZE, DragonAction, DragonView, public_view
from engine.protocol import Game
from host.errors import TableError
from host.session import ABORTED, Session
from render.dragon import render_dragon
from render.encode import RenderedImage

from . import replies
from .components import TableButton, TableSelect, view_of
from .game_ui import GameUI, register_ui
from .panel_clicks import seat_for
from .refs import Ref
from .services import Interaction


class DragonUI(GameUI):
    game_name = "dragon"
    private_board_copies = False

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_dragon(public_view(session.game_state), names, aborted=session.status == ABORTED)

    def items(self, session: Session, game: Game, wanted_row: int | None = None) -> list[discord.ui.Item]:
        state = session.game_state
        view = public_view(state)
        if view["phase"] == OVER:
            return []
        (seat,) = game.waiting_for(state)
        open_cells = {(a["cell"][0], a["cell"][1]) for a in game.legal_actions(state, seat) if "cell" in a}
        rows = sorted({r for r, _ in open_cells})
        row = wanted_row if wanted_row is not None and wanted_row in rows else self._default_row(view, rows)
        ver, grey = session.version, discord.ButtonStyle.secondary
        items: list[discord.ui.Item] = []
        if rows:
            items.append(TableSelect(Ref(session.id, "row", "", ver), placeholder=f"Row {row + 1}", options=[
                discord.SelectOption(label=f"Row {r + 1}", value=str(r), default=r == row) for r in rows], row=0))
        action = "reveal" if view["phase"] == REVEAL else "spider"
        for c in range(SIZE):
            items.append(TableButton(Ref(session.id, action, f"{row}-{c}", ver),
                                     label=f"{string.ascii_uppercase[c]}{row + 1}",
                                     disabled=(row, c) not in open_cells, row=1 if c < 5 else 2,
                                     style=discord.ButtonStyle.primary if action == "reveal" else grey))
        if view["phase"] == REVEAL:
            items.append(TableButton(Ref(session.id, "stop", "", ver), label="Stop and collect",
                                     style=discord.ButtonStyle.success, disabled=not view["revealed"], row=2))
        else:
            items.append(TableButton(Ref(session.id, "keep", "", ver), label="Leave the spider", row=2))
        return items

    @staticmethod
    def _default_row(view: DragonView, rows: list[int]) -> int:
        """The row of the last card turned over, else the first row with a choice."""
        if view["revealed"] and view["revealed"][-1]["cell"][0] in rows:
            return view["revealed"][-1]["cell"][0]
        return rows[0] if rows else 0

    async def handle_locally(self, interaction: Interaction, session: Session, game: Game,
                             ref: Ref, values: list[str]) -> bool:
        if ref.action != "row":
            return False
        seat = await seat_for(interaction, session)  # watchers are refused there
        if seat.seat not in game.waiting_for(session.game_state):
            raise TableError("It is not your turn.")
        row = int(values[0]) if values and values[0].isdigit() else None
        await replies.edit(interaction, view=view_of(self.items(session, game, row)))
        return True

    def action_for(self, session: Session, game: Game, ref: Ref, values: list[str]) -> DragonAction | None:
        if ref.action == "stop":
            return {"type": "stop"}
        if ref.action == "keep":
            return {"type": "keep_spider"}
        r, _, c = ref.arg.partition("-")
        if not (r.isdigit() and c.isdigit()):
            return None
        cell = [int(r), int(c)]
        return {"type": "reveal", "cell": cell} if ref.action == "reveal" else {"type": "move_spider", "cell": cell}


async def setup(bot: commands.Bot) -> None:
    register_ui(DragonUI())

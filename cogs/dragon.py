"""Treasure of the Dragons on Discord: any covered card in one choice; Stop to collect.

A message holds five rows of components, so 49 cells cannot all be buttons. The cells the player
may pick are listed, in reading order (A1, B1, ... G7), in one select, or in two of up to 25 when
more are covered; the last row holds Stop (or, after a spider, Leave the spider). Choosing a cell
is the move itself: one interaction per card. One board message per game, edited in place, so no
old uncovered board stays in the channel; stale clicks get a link to the board rather than a
private copy of it.

Everything on the board reads in the table's language (`session.language`): the embed's words here,
the picture's through `render_dragon(show=..., title=...)`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import discord

from engine import registry
from engine.dragon import EMPTY, OVER, REVEAL, TREASURES, DragonAction, DragonView, describe
from engine.grid import label
from engine.protocol import Game, View, seat_name
from host.session import ABORTED, Session
from render.dragon import render_dragon
from render.encode import RenderedImage

from . import replies
from .components import Ref, TableButton, TableSelect, view_of
from .game_ui import BoardWords, Control, GameUI, Move
from .language import ntext, number, ptext, said_text, shown_in, text
from .services import Interaction

MAX_OPTIONS = 25  # Discord's limit on a select's options


def public(session: Session) -> DragonView:
    """What everyone sees (every seat sees the same), the session's one view of its state."""
    return cast(DragonView, session.public_view())


def split_for_selects(cells: list[list[int]]) -> list[list[list[int]]]:
    """The cells in as few selects as fit (two at most for a 7x7 grid), halves of equal length so
    neither menu is long to scroll; each half keeps reading order, so a menu covers a range."""
    if len(cells) <= MAX_OPTIONS:
        return [cells] if cells else []
    half = -(-len(cells) // 2)
    return [cells[:half], cells[half:]]


def cell_value(cell: list[int]) -> str:
    return f"{cell[0]}-{cell[1]}"


def parse_cell(text: str) -> list[int] | None:
    r, _, c = text.partition("-")
    return [int(r), int(c)] if r.isdigit() and c.isdigit() else None


class DragonUI(GameUI):
    game_name = "dragon"
    private_board_copies = False

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        language = session.language
        return render_dragon(public(session), names, aborted=session.status == ABORTED,
                             show=shown_in(language),
                             title=ptext(language, "game title", game.title))

    def words(self, session: Session, game: Game, view: View) -> BoardWords:
        """Cards collected per player, and what the player on turn may do now, in words: the
        picture says it too, but not everyone can read the picture."""
        v, language = public(session), session.language
        return BoardWords(ptext(language, "game title", game.title), self._now(v, language),
                          seat_words=[ntext(language, "{n} card", "{n} cards", n) for n in v["scores"]],
                          left=v["gone"], away=game.away(session.game_state))

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """What a turn risks and what a stop would collect, for a person learning the game."""
        v, language = public(session), session.language
        if v["phase"] == OVER:
            return None
        if v["turn"] != seat:
            return text(language, "Watch every card turned over and remember where the rings, dragons and spiders "
                                  "lie: memory wins.")
        if v["phase"] != REVEAL:
            return text(language, "Your turn ended on a spider: move it onto an empty cell (where someone may "
                                  "remember a card) or leave it.")
        kinds = [face["kind"] for face in v["revealed"]]
        if not kinds:
            return text(language, "Turn over a card you remember as a ring or a dragon, or try your luck. Rings and "
                                  "dragons count alone, toys in pairs, candlesticks in threes, crates in fours; a "
                                  "spider, or a dragon with a toy, candlestick or crate, ends your turn with nothing.")
        stop = game.explain(session.game_state, seat, {"type": "stop"}, 0.0)
        collect = v["would_collect"]
        tip = (text(language, "Stop now to collect {cards}.", cards=said_text(language, describe(collect)))
               if collect and stop is None else text(language, "A stop now collects nothing: complete a set first."))
        if "dragon" in kinds:
            risk = text(language, "Another card risks it all: a toy, candlestick or crate would end your turn with "
                                  "nothing, and so would a spider.")
        elif any(kind in TREASURES for kind in kinds):
            risk = text(language, "Another card risks it all: a dragon would end your turn with nothing, and so "
                                  "would a spider.")
        else:
            risk = text(language, "Another card risks a spider, which ends your turn with nothing.")
        return f"{tip} {risk}"

    @staticmethod
    def _now(v: DragonView, language: str = "en") -> str | None:
        """What the table waits for, the seat on turn left as its field for the mentions."""
        who = seat_name(v["turn"])
        if v["phase"] == OVER:
            return None
        if v["phase"] != REVEAL:
            if not any(kind == EMPTY for row in v["grid"] for kind in row):
                return text(language, "{who} turned over a spider: no cell is empty, so leave it where it is.", who=who)
            return text(language, "{who} turned over a spider: move it to an empty cell (in the menu below) or leave "
                                  "it where it is.", who=who)
        turned = len(v["revealed"])
        if not turned:
            return text(language, "{who}: turn over a card (choose it in a menu below).", who=who)
        collects = (said_text(language, describe(v["would_collect"])) if v["would_collect"]
                    else text(language, "nothing yet"))
        return text(language, "{who}: turn over a card or stop ({n} turned over this turn; a stop now collects "
                              "{collects}).", who=who, n=number(language, turned), collects=collects)

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        state, language = session.game_state, session.language
        view = public(session)
        if view["phase"] == OVER:
            return []
        (seat,) = game.waiting_for(state)
        cells = [list(a["cell"]) for a in game.legal_actions(state, seat) if "cell" in a]  # reading order
        revealing = view["phase"] == REVEAL
        action = "reveal" if revealing else "spider"
        items: list[discord.ui.Item] = []
        menus = split_for_selects(cells)
        for k, part in enumerate(menus):
            items.append(TableSelect(Ref(session.id, action, str(k), session.version),
                                     placeholder=self.placeholder(language, revealing, part),
                                     options=[discord.SelectOption(label=label(cell), value=cell_value(cell))
                                              for cell in part], row=k))
        if revealing:
            items.append(TableButton(Ref(session.id, "stop", "", session.version),
                                     label=ptext(language, "button", "Stop and collect"),
                                     style=discord.ButtonStyle.success, disabled=not view["revealed"], row=len(menus)))
        else:
            items.append(TableButton(Ref(session.id, "keep", "", session.version),
                                     label=ptext(language, "button", "Leave the spider"), row=len(menus)))
        return items

    @staticmethod
    def placeholder(language: str, revealing: bool, cells: list[list[int]]) -> str:
        """'Turn over a card: A1 to D4': what a menu does, and the range of cells it lists."""
        first, last = label(cells[0]), label(cells[-1])
        if revealing:
            return (text(language, "Turn over a card: {cell}", cell=first) if len(cells) == 1
                    else text(language, "Turn over a card: {first} to {last}", first=first, last=last))
        return (text(language, "Move the spider to: {cell}", cell=first) if len(cells) == 1
                else text(language, "Move the spider to: {first} to {last}", first=first, last=last))

    def controls(self) -> Mapping[str, Control]:
        return {"reveal": Move(self.cell_move), "spider": Move(self.cell_move), "row": self.rows_of_old,
                "stop": Move(lambda *_: {"type": "stop"}), "keep": Move(lambda *_: {"type": "keep_spider"})}

    async def rows_of_old(self, interaction: Interaction, ref: Ref, values: list[str]) -> None:
        """A row menu of a board drawn before cells had menus of their own: it gets today's controls."""
        session = await interaction.client.table.get(ref.session_id)
        await replies.edit(interaction, view=view_of(self.items(session, registry.get(session.game))))

    @staticmethod
    def cell_move(session: Session, game: Game, ref: Ref, values: list[str]) -> DragonAction | None:
        """The card turned over, or the cell the spider moves to (a button of an older board names it in arg)."""
        cell = parse_cell(values[0] if values else ref.arg)
        if cell is None:
            return None
        return {"type": "reveal", "cell": cell} if ref.action == "reveal" else {"type": "move_spider", "cell": cell}

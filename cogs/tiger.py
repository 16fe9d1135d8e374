"""Eye of the Tiger on Discord: the track image as the board, with the openers of its private panels
(cogs/tiger_panels.py: Buy…, Fight…, Thin deck…; Keep all cards is a move at once).
Hint tells the player privately what the computer player (engine/computers/tiger.py) would do now and
changes nothing; at the end the board shows the par, what that player scores on the same deal.
"""
from __future__ import annotations

from collections.abc import Mapping

import discord

from engine.computers.tiger import advise, par
from engine.protocol import Game, View
from engine.tiger_types import as_view
from engine.words import plural
from host.session import ABORTED, FINISHED, Session
from render.encode import RenderedImage
from render.tiger import render_tiger

from . import replies
from .clicks import seat_for
from .components import Ref
from .game_ui import BoardWords, Control, GameUI, Move
from .services import Interaction
from .tiger_panels import BUY, FIGHT, THIN, thin

KEEP_ALL, HINT = "keep_all", "hint"


def hint_words(view: View) -> str:
    """The computer player's move for this view, as a private hint the player reads."""
    advice = advise(view)
    return f"💡 Hint: **{advice.move}**: {advice.why}. (A suggestion only: nothing was played.)"


class TigerUI(GameUI):
    game_name = "tiger"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        return render_tiger(game.view(session.game_state, None), aborted=session.status == ABORTED)

    def words(self, session: Session, game: Game, view: View) -> BoardWords:
        v = as_view(view)
        now = ("Your deck is used up: **Thin deck** to remove cards from it, or **Keep all cards**."
               if v["phase"] == "thin" else "First turn: **Buy** a card." if v["first_turn"]
               else "**Buy** a card or **Fight** a monster.")
        mode = " · advanced mode" if v["advanced"] else ""
        return BoardWords(game.title,
                          None if v["over"] else f"{now}\nTurn {v['turn']} · {v['gold_available']} gold{mode}")

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        """The kit's board embed; a finished game adds its par, so the player can compare."""
        embed = super().embed(session, game, names)
        if session.status == FINISHED:
            embed.add_field(name="Par", inline=False,
                            value=f"Par for this deal: {plural(par(session.setup_options(), session.seed), 'point')} "
                                  "(what the computer player scores on the same deal)")
        return embed

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view = as_view(game.view(session.game_state, None))  # (asked only while the game is played)
        hint = self.move(session, HINT, "Hint", emoji="💡")
        if view["phase"] == "thin":
            return [THIN.opener(session, "Thin deck…"), self.move(session, KEEP_ALL, "Keep all cards"), hint]
        return [BUY.opener(session, "Buy…"),
                FIGHT.opener(session, "Fight…", style=discord.ButtonStyle.danger, disabled=not view["fight_fields"]),
                hint]

    def controls(self) -> Mapping[str, Control]:
        return {KEEP_ALL: Move(lambda *_: thin([])), HINT: hint, BUY.name: BUY, FIGHT.name: FIGHT, THIN.name: THIN}


async def hint(interaction: Interaction, ref: Ref, values: list[str]) -> None:
    """Hint: the computer player's move for this position, told privately; the game is not touched."""
    seat = await seat_for(interaction, await interaction.client.table.get(ref.session_id))  # watchers are refused there
    await replies.tell(interaction, hint_words(seat.view))

"""Eye of the Tiger on Discord: the track image as the board, with the openers of its private panels
(cogs/tiger_panels.py: Buy…, Fight…, Thin deck…; Keep all cards is a move at once).
Hint tells the player privately what the computer player (engine/computers/tiger.py) would do now and
changes nothing; at the end the board shows the par, what that player scores on the same deal.
The board reads in the table's language (`session.language`), the hint in its reader's.
"""
from __future__ import annotations

from collections.abc import Mapping

import discord

from engine.computers.tiger import advise, par
from engine.protocol import Game, View
from engine.tiger_types import as_view
from host.session import ABORTED, FINISHED, Session
from render.encode import RenderedImage
from render.tiger import render_tiger

from . import replies
from .components import Ref
from .game_ui import BoardWords, Control, GameUI, Move, Seated
from .language import ntext, ptext, said_text, shown_in, text
from .panels import Seat
from .services import Interaction
from .tiger_panels import BUY, FIGHT, THIN, thin

KEEP_ALL, HINT = "keep_all", "hint"


def hint_words(view: View, locale: object = None) -> str:
    """The computer player's move for this view, as a private hint the player reads (the move and its
    reason are the computer player's own words, engine/computers/tiger.py)."""
    advice = advise(view)
    return text(locale, "💡 Hint: **{move}**: {why}. (A suggestion only: nothing was played.)",
                move=said_text(locale, advice.move), why=said_text(locale, advice.why))


class TigerUI(GameUI):
    game_name = "tiger"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        language = session.language
        return render_tiger(session.public_view(), aborted=session.status == ABORTED,
                           show=shown_in(language), title=ptext(language, "game title", game.title))

    def words(self, session: Session, game: Game, view: View) -> BoardWords:
        v, language = as_view(view), session.language
        if v["phase"] == "thin":
            now = text(language, "Your deck is used up: **Thin deck** to remove cards from it, or **Keep all cards**.")
        elif v["first_turn"]:
            now = text(language, "First turn: **Buy** a card.")
        else:
            now = text(language, "**Buy** a card or **Fight** a monster.")
        turn = (text(language, "Turn {turn} · {gold} gold · advanced mode", turn=v["turn"], gold=v["gold_available"])
                if v["advanced"] else text(language, "Turn {turn} · {gold} gold", turn=v["turn"], gold=v["gold_available"]))
        return BoardWords(ptext(language, "game title", game.title), None if v["over"] else f"{now}\n{turn}")

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        """The kit's board embed; a finished game adds its par, so the player can compare."""
        embed, language = super().embed(session, game, names), session.language
        if session.status == FINISHED:
            embed.add_field(name=ptext(language, "board", "Par"), inline=False,
                            value=ntext(language, "Par for this deal: {n} point (what the computer player scores on "
                                                  "the same deal)",
                                        "Par for this deal: {n} points (what the computer player scores on the same "
                                        "deal)", par(session.setup_options(), session.seed)))
        return embed

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view = as_view(session.public_view())  # (asked only while the game is played)
        language = session.language
        hint = self.move(session, HINT, ptext(language, "button", "Hint"), emoji="💡")
        if view["phase"] == "thin":
            return [THIN.opener(session, ptext(language, "button", "Thin deck…")),
                    self.move(session, KEEP_ALL, ptext(language, "button", "Keep all cards")), hint]
        return [BUY.opener(session, ptext(language, "button", "Buy…")),
                FIGHT.opener(session, ptext(language, "button", "Fight…"), style=discord.ButtonStyle.danger,
                             disabled=not view["fight_fields"]), hint]

    def controls(self) -> Mapping[str, Control]:
        return {KEEP_ALL: Move(lambda *_: thin([])), HINT: Seated(hint), BUY.name: BUY, FIGHT.name: FIGHT, THIN.name: THIN}


async def hint(interaction: Interaction, seat: Seat, ref: Ref, values: list[str]) -> None:
    """Hint: the computer player's move for this position, told privately; the game is not touched."""
    await replies.tell(interaction, hint_words(seat.view, interaction.locale))

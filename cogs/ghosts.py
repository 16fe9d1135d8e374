"""Zap That Ghost on Discord: race for a meeple colour, then zap a ghost in private.

One board message per round. Its colour buttons are the race (a later presser learns who was first, by
how many ms); they stay, greyed, while the caller plays, since late presses arrive then. Everything
private is a panel (cogs/ghosts_panels.py): My hand, the discard, the attempt and the swap. The board
reads in the table's language (`session.language`), the panels in their players' own (`Seat.language`).
"""
from __future__ import annotations

from collections.abc import Mapping

import discord

from engine.ghosts import DEAL, DISCARD_COUNT, MEEPLES, colour_word, lost_race
from engine.ghosts_types import as_action, public_view
from engine.protocol import Action, Game, View, seat_name
from host.session import ABORTED, Session
from render.encode import RenderedImage
from render.ghosts import render_ghosts

from . import markup
from .actions import perform_race
from .clicks import offer, seat_for
from .components import Ref
from .game_ui import BoardWords, Control, GameUI, Move, Seated
from .ghosts_panels import ATTEMPT, DISCARD, EMOJI, HAND, SWAP, Play
from .language import ntext, ptext, said_text, shown_in, text
from .panels import Seat
from .services import Interaction

STYLE = {"red": discord.ButtonStyle.danger, "blue": discord.ButtonStyle.primary,
         "yellow": discord.ButtonStyle.secondary, "green": discord.ButtonStyle.success}
CALL, KEEP = "g_call", "g_keep"  # board moves; their arg is a Play


def lost(session: Session, seat: int | None, action: Action, pressed: int, language: str) -> str | None:
    """A call refused because another came first: who, with which meeple, and by how many ms."""
    race = lost_race(session.game_state, seat, action)
    if race is None:
        return None
    what = text(language, "{seat} called the {meeple} meeple", seat=seat_name(race["winner"]),
                meeple=said_text(language, colour_word(race["meeple"])))
    return markup.too_slow(what, race["at_ms"], pressed, language)


async def call(interaction: Interaction, seat: Seat, ref: Ref, values: list[str]) -> None:
    """A colour button, pressed by `seat`'s player: the race. The caller gets their attempt panel, a
    later presser the margin."""
    play = Play.parse(ref.arg)
    action = as_action({"type": "call", "meeple": play.meeple, "round": play.round})
    change = await perform_race(interaction, ref.session_id, action, lost)
    if not change.duplicate:
        await offer(interaction, ATTEMPT, await seat_for(interaction, change.session))


class GhostsUI(GameUI):
    game_name = "ghosts"

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        language = session.language
        return render_ghosts(session.public_view(), names=names, aborted=session.status == ABORTED,
                             show=shown_in(language), title=ptext(language, "game title", game.title))

    def board_key(self, session: Session, game: Game) -> str | None:
        """A fresh message per round; the opening discard stays on the lobby's message."""
        round_ = public_view(session.public_view())["round"]
        return str(round_) if round_ else None

    def words(self, session: Session, game: Game, view: View) -> BoardWords:
        """The round, the scores, and what happens now; nobody is marked during the race (all may press)."""
        v, language = public_view(view), session.language
        caller = "" if v["caller"] is None else seat_name(v["caller"])
        meeple = said_text(language, colour_word(v["meeple"] or "red"))
        now = {"discard": text(language, "Everyone discards {n} of their {deal} cards in secret: press **Discard {n}**.",
                               n=DISCARD_COUNT, deal=DEAL),
               "race": text(language, "The die shows **{die}**. Race! The first to press a meeple colour gets the "
                                      "attempt.", die=v["die"]),
               "attempt": ntext(language, "{who} called the **{meeple}** meeple: exactly {n} step. They choose a card "
                                          "and a tile in private.",
                                "{who} called the **{meeple}** meeple: exactly {n} steps. They choose a card and a tile "
                                "in private.", v["die"] or 0, who=caller, meeple=meeple),
               "swap": text(language, "Everyone but {who} may **swap a card** or **keep** their cards.", who=caller)}
        title = ptext(language, "game title", "Zap That Ghost")
        part = (text(language, "round {n}", n=v["round"]) if v["round"] else text(language, "opening discard"))
        return BoardWords(f"{title} · {part}",
                          now.get(v["phase"]), heading=text(language, "Ghosts (first to {n} wins)", n=v["target"]),
                          seat_words=[f"{score} 👻" for score in v["scores"]], left=v["left"], away=v["away"],
                          marked=() if v["phase"] == "race" else None, colour=discord.Colour.dark_green())

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """How to spot a zap in this phase, for a person learning the game (never their cards: the
        board is public)."""
        v, language = public_view(view), session.language
        die = ntext(language, "{n} step", "{n} steps", v["die"] or 0)
        tips = {"discard": text(language, "Keep the cards that match a ghost on the board (the ghost's colour and the "
                                          "symbol of its tile) and discard the {n} that match least.", n=DISCARD_COUNT),
                "race": text(language, "Find a card matching a ghost that a meeple can reach in exactly {steps}, never "
                                       "entering a tile twice; if you have one, press that meeple's colour before the "
                                       "computers do.", steps=die),
                "attempt": (text(language, "Choose your card and the ghost's tile in your panel: the meeple must end on "
                                           "it in exactly {steps}.", steps=die) if v["caller"] == seat
                            else text(language, "Wait: the caller is trying their zap.")),
                "swap": text(language, "Swap a card that matches no ghost for a fresh one, or keep your hand.")}
        return tips.get(v["phase"])

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        view, language = public_view(session.public_view()), session.language
        phase, round_, grey = view["phase"], view["round"], discord.ButtonStyle.secondary
        hand: discord.ui.Item = HAND.opener(session, ptext(language, "button", "My hand"), emoji="🃏", style=grey, row=1)
        if phase == "discard":
            return [DISCARD.opener(session, ptext(language, "button", "Discard {n}", n=DISCARD_COUNT), row=0), hand]
        if phase == "swap":
            return [SWAP.opener(session, ptext(language, "button", "Swap a card"), row=0),
                    self.move(session, KEEP, ptext(language, "button", "Keep my cards"), str(Play(round_)),
                              versioned=False, row=0), hand]
        race: list[discord.ui.Item] = [
            self.move(session, CALL, said_text(language, colour_word(m)).capitalize(), str(Play(round_, meeple=m)),
                      versioned=False, emoji=EMOJI[m],
                      style=STYLE[m] if phase == "race" or m == view["meeple"] else grey, row=0) for m in MEEPLES]
        caller = [] if phase == "race" else [ATTEMPT.opener(session, ptext(language, "button", "Play a card (caller)"),
                                                            row=1)]
        return race + caller + [hand]  # the colours stay while the caller plays: late presses still land

    def controls(self) -> Mapping[str, Control]:
        return {KEEP: Move(lambda _s, _g, ref, _v: as_action({"type": "keep", "round": Play.parse(ref.arg).round})),
                CALL: Seated(call), **{panel.name: panel for panel in (HAND, DISCARD, ATTEMPT, SWAP)}}

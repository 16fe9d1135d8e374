"""Bugs & Co on Discord: one public table, edited in place, and one private panel per player.

The board (render/bugs.py) shows the numbered places (face down, empty, or held: marked with the
holder's colour), the trophies left, who stopped, how many tiles each player keeps; it is edited at
most once a second (edits between merge), and trophies and the countdown also get a message of
their own. The countdown is ten beats of two seconds: each beat is a table timer, so the board is
redrawn with the beats left (image, alt text and embed, beside the end as a live timestamp). Where
a tile was moved or swapped is news on the board, as hands moving tiles are at a table. Its one
button, **Grab a tile**, opens the player's panel through the kit (cogs/panels.py: watchers and
stopped players refused in the engine's words).

The private panel is cogs/bugs_panel.py.

No message ever names a kept tile: views give counts only, and the panel's picture goes as soon
as its tile is kept or put back. At the end the board moves to a new message (`board_key`):
every hand revealed and scored in one image, posted before the table's standings. The board reads in
the table's language (`session.language`), the panels in their players' own (`Seat.language`).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import discord

from engine.bugs import (
    COPIES,
    COUNTDOWN,
    COUNTDOWN_BEATS,
    IDLE_SECONDS,
    OVER,
    BugsView,
    seat_view,
)
from engine.protocol import Game, View
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.bugs import hands_in_words, render_bugs, render_scoring, tiles_described
from render.encode import RenderedImage

from . import markup
from .bugs_panel import PLAY, countdown_words
from .game_ui import Control, GameUI
from .language import ntext, ptext, shown_in, text

HEADLINES = ("trophy", "countdown", "leave")  # the engine's public event kinds worth a message


def public(session: Session) -> BugsView:
    """What everyone sees of a game under way or over (the presenter asks only then): the session's one
    view of its state."""
    return cast(BugsView, session.public_view())


def player_line(view: BugsView, seat: int, name: str, language: str = "en") -> str:
    words = [text(language, "{n} kept", n=view["kept"][seat])]
    if (scores := view.get("scores")) is not None:
        words.append(ntext(language, "{n} point", "{n} points", scores[seat]))
    trophy, holding = view["trophy"][seat], view["holding"][seat]
    if trophy is not None:
        words.append(text(language, "🏆 {value}, stopped", value=trophy))
    elif holding is not None and view["phase"] != OVER:
        words.append(text(language, "looks at place {place}", place=holding + 1))
    if seat in view["left"]:
        words.append(text(language, "left"))
    return f"{seat + 1}. {name} · " + " · ".join(words)


class BugsUI(GameUI):
    game_name = "bugs"
    min_edit_seconds = 1.0  # everybody grabs at once: the board is edited at most once a second

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """How sets score and when to stop, for a person learning the game."""
        v, language = seat_view(session.game_state, seat), session.language
        if v["phase"] == OVER or v["trophy"][seat] is not None:
            return None
        if v["phase"] == COUNTDOWN:
            return text(language, "The last trophy is gone: {n} beats, then everybody stops. Keep only a tile that "
                                  "finishes a set.", n=COUNTDOWN_BEATS)
        return text(language, "Grab a tile to look at it. Keep it only if you know where its two twins lie (three "
                              "alike score 3, any other kept tile costs 1); put it back where you will remember it (on "
                              "another place: a face-down one swaps with it). Take a trophy when you cannot do better: "
                              "you stop, and the last trophy starts the countdown.")

    def headlines(self, change: Change) -> list[str]:
        """Trophies, the countdown and leavers get a message of their own; grabs and keeps only the board."""
        return [e.text for e in change.events if e.private_to is None and e.kind in HEADLINES]

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        view, language = public(session), session.language
        show, title = shown_in(language), ptext(language, "game title", game.title)
        if view["phase"] == OVER:
            return render_scoring(view, names, show, title)
        return render_bugs(view, names, aborted=session.status == ABORTED, show=show, title=title)

    def board_key(self, session: Session, game: Game) -> str | None:
        """The end is a new message: every hand scored; the table's last picture stays above it."""
        return "scores" if public(session)["phase"] == OVER else None

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        view, language = public(session), session.language
        over, title = view["phase"] == OVER, ptext(language, "game title", game.title)
        show = shown_in(language)
        embed = discord.Embed(title=text(language, "{game}: every hand revealed", game=title) if over else title,
                              description=markup.news(session) or None, colour=discord.Colour.dark_gold())
        embed.add_field(name=text(language, "Players"), inline=False,
                        value="\n".join(player_line(view, s, markup.seated(session, s), language)
                                        for s in range(len(session.seats))))
        if over and not tiles_described(view, names, show, title):  # the alt text had room only for places and points
            for name, tiles in hands_in_words(view, names, show):
                embed.add_field(name=text(language, "{name}'s hand", name=name)[:256], value=tiles[:1024], inline=False)
        deadline = view["deadline"]  # None once over
        if session.status == PLAYING and deadline is not None:  # an ended game asks nobody to act
            embed.add_field(name=text(language, "Trophies left"), inline=False,
                            value=" · ".join(f"🏆 {t}" for t in view["trophies"]) or text(language, "none"))
            if view["phase"] == COUNTDOWN:
                now = text(language, "The last trophy is taken: {countdown}!", countdown=countdown_words(view, language))
            else:
                now = text(language, "Everybody at once: press **Grab a tile** for your own panel. Sets of {n} alike "
                                     "score; a trophy stops you.\nThe game stops {idle} if nobody moves for {seconds} s, "
                                     "{latest} at the latest.", n=COPIES, idle=markup.stamp(deadline),
                           seconds=int(IDLE_SECONDS), latest=markup.stamp(view["ends_at"]))
            embed.add_field(name=ptext(language, "board", "Now"), value=now, inline=False)
        return embed.set_footer(text=text(language, "Table {table} · move {move}", table=session.id,
                                          move=session.version))

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        if public(session)["phase"] == OVER:
            return []
        return [PLAY.opener(session, ptext(session.language, "button", "Grab a tile"), emoji="🐞")]

    def controls(self) -> Mapping[str, Control]:
        return {PLAY.name: PLAY}

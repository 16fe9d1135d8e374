"""Bugs & Co on Discord: one public table, edited in place, and one private panel per player.

The board (render/bugs.py) shows the numbered places (face down, empty, or held: marked with the
holder's colour), the trophies left, who stopped, how many tiles each player keeps; it is edited at
most once a second (edits between merge), and trophies and the countdown also get a message of
their own. The countdown is ten beats of two seconds: each beat is a table timer, so the board is
redrawn with the beats left (image, alt text and embed, beside the end as a live timestamp). Where
a tile was moved or swapped is news on the board, as hands moving tiles are at a table. Its one
button, **Grab a tile**, opens the player's panel through the kit (cogs/panels.py: watchers and
stopped players refused in the engine's words).

The panel stays open for the whole game. Picking a place grabs its tile at once and the panel
shows it (picture and name) with Keep, Put back on its own place, Take trophy, and a select of
every other place nobody else holds: an empty one takes the tile, a face-down one swaps with it
(one pick, as many clicks as a put-back); after that move it offers the places again. So a grab
is two clicks (open, place), a whole grab-look-decide cycle three, and two from then on.
Everybody acts at once, so the panel is not versioned: a move no longer possible is refused by the engine ("Someone was
faster...", naming who, and by how many ms: a grab carries its press time, the interaction's
snowflake). The panel is `in_place`: after every move, or refusal, it redraws itself with that
news on top, so no follow-up messages pile up and nothing is lost.

No message ever names a kept tile: views give counts only, and the panel's picture goes as soon
as its tile is kept or put back. At the end the board moves to a new message (`board_key`):
every hand revealed and scored in one image, posted before the table's standings.
"""
from __future__ import annotations

import discord
from discord.ext import commands

from engine.bugs import (
    BEAT_SECONDS,
    COPIES,
    COUNTDOWN,
    COUNTDOWN_BEATS,
    DOWN,
    EMPTY,
    HELD,
    IDLE_SECONDS,
    OVER,
    BugsView,
    as_view,
    seat_view,
)
from engine.protocol import Action, Game, View
from engine.words import plural
from host.errors import TableError
from host.session import ABORTED, PLAYING, Session
from host.table import Change
from render.bugs import hands_in_words, render_bugs, render_scoring, render_tile, tiles_described
from render.encode import RenderedImage

from . import markup
from .game_ui import GameUI, register_ui
from .panel_clicks import register_panels
from .panels import Panel, Seat
from .redraw import Drawn

PER_SELECT = 25  # Discord's limit of options in one select
GRAB, ELSEWHERE = "g", "p"  # place selects (+ their index): grab a tile, put it on another place (or swap)
KEEP, BACK, TROPHY, LOOK = "keep", "back", "trophy", "look"
HEADLINES = ("trophy", "countdown", "leave")  # the engine's public event kinds worth a message


def groups(places: list[int]) -> list[list[int]]:
    """Places split evenly into the fewest selects (68 places at most: three selects)."""
    count = -(-len(places) // PER_SELECT)
    size = -(-len(places) // count) if count else 1
    return [places[i:i + size] for i in range(0, len(places), size)]


def countdown_words(view: BugsView) -> str:
    """'7 of 10 beats left: everybody stops <in 14 seconds>' (the stamp counts on in Discord)."""
    beats = view["beats"] or 1
    return (f"**{beats} of {plural(COUNTDOWN_BEATS, 'beat')}** ({int(BEAT_SECONDS)} s each) left: everybody stops "
            f"{markup.stamp(view['countdown_at'])}")


def table_line(view: BugsView, seat: int) -> str:
    """The table in one line for a panel: what is left, what the player keeps (a count), the clock."""
    parts = [f"{view['face_down']} of {plural(len(view['places']), 'place')} face down",
             f"you keep {plural(view['kept'][seat], 'tile')}",
             "trophies left: " + (", ".join(map(str, view["trophies"])) or "none")]
    if view["phase"] == COUNTDOWN and view["countdown_at"] is not None:
        parts.append(countdown_words(view))
    return " · ".join(parts)


def place_option(view: BugsView, place: int, held: int | None) -> discord.SelectOption:
    """A place in a select: to grab from, or (holding the tile of `held`) to put the tile on, saying
    whether that swaps."""
    label = f"Place {place + 1}"
    if held is not None:
        label += " (empty)" if view["places"][place] == EMPTY else f" (swap: its tile goes to place {held + 1})"
    return discord.SelectOption(label=label, value=str(place))


class PlayPanel(Panel):
    """Draft: the place of the tile the panel shows ("" while it offers places), so Keep or Put
    back on a panel that no longer shows the tile held is refused instead of meaning another."""

    name, versioned, in_place = "bugs_play", False, True

    def refusal(self, seat: Seat) -> str | None:
        if seat.seat in seat.game.waiting_for(seat.state):
            return None
        return seat.explain({"type": "take_trophy"}) or super().refusal(seat)

    def draw(self, seat: Seat, draft: str) -> Drawn:
        view, me = as_view(seat.view), seat.seat
        line = table_line(view, me)
        if view["phase"] == OVER or me in view["stopped"] or me in view["left"]:
            done = "left the game" if me in view["left"] else "stopped playing"
            return Drawn(f"You have {done} ({plural(view['kept'][me], 'tile')} kept).\n{line}")
        held = view.get("held")
        mark = "" if held is None else str(held["place"])
        row = 0 if held else 3
        items: list[discord.ui.Item] = []
        if held is not None:
            items += [self.button(seat, "Keep it", KEEP, mark, style=discord.ButtonStyle.success, emoji="✋", row=0),
                      self.button(seat, f"Put it back on place {held['place'] + 1}", BACK, mark,
                                  style=discord.ButtonStyle.primary, row=0)]
        if view["trophies"]:
            items.append(self.button(seat, f"Take the {view['trophies'][0]} trophy and stop", TROPHY, mark,
                                     style=discord.ButtonStyle.danger, emoji="🏆", row=row))
        items.append(self.button(seat, "Refresh", LOOK, mark, emoji="🔄", row=row))
        own = None if held is None else held["place"]
        if held is None:
            places = [p for p, state in enumerate(view["places"]) if state == DOWN]
        else:  # any place nobody holds: an empty one, or a face-down one to swap with
            places = [p for p, state in enumerate(view["places"]) if state != HELD]
        chunks = groups(places)
        prompt = "Or put it on another place (face down: swap)" if held else "Grab the tile of place"
        for k, chunk in enumerate(chunks):
            span = f" ({chunk[0] + 1}-{chunk[-1] + 1})" if len(chunks) > 1 else ""
            options = [place_option(view, p, own) for p in chunk]
            items.append(self.select(seat, f"{ELSEWHERE if held else GRAB}{k}", mark, options,
                                     placeholder=prompt + span, row=k + 1 if held else k))
        if held is None:
            return Drawn(f"**Grab a tile:** pick a face-down place; only you see the tile.\n{line}", items)
        return Drawn(f"**Place {held['place'] + 1}: {held['name']}.** Keep it face down (you will not see it "
                     f"again) or put it back.\n{line}", items,
                     image=lambda: render_tile(held["design"], place=held["place"]))

    def pick(self, seat: Seat, draft: str, control: str, values: list[str]) -> str | Action:
        """The action a control means, or the draft to redraw (Refresh)."""
        if control == LOOK:
            return draft
        if control == TROPHY:
            return {"type": "take_trophy"}
        place = int(values[0]) if values and values[0].isdigit() else None
        if control.startswith(GRAB) and place is not None:
            return {"type": "grab", "place": place}
        held = as_view(seat.view).get("held")
        if held is None or str(held["place"]) != draft:
            raise TableError("That panel no longer shows the tile you hold; here is the current one.")
        if control == KEEP:
            return {"type": "keep"}
        if control == BACK or place is None:
            return {"type": "put_back"}
        return {"type": "put_back", "place": place}

    def news(self, change: Change, seat: int) -> str:
        """The move's news, but for a look: the panel shows the tile itself."""
        return "\n".join(markup.said(change.session, e.text) for e in change.events
                         if e.private_to in (None, seat) and e.kind != "look")


PLAY = PlayPanel()


def public(session: Session) -> BugsView:
    """What everyone sees of a game under way or over (the presenter asks only then)."""
    return seat_view(session.game_state, None)


def player_line(view: BugsView, seat: int, name: str) -> str:
    words = [f"{view['kept'][seat]} kept"]
    if (scores := view.get("scores")) is not None:
        words.append(plural(scores[seat], "point"))
    trophy, holding = view["trophy"][seat], view["holding"][seat]
    if trophy is not None:
        words.append(f"🏆 {trophy}, stopped")
    elif holding is not None and view["phase"] != OVER:
        words.append(f"looks at place {holding + 1}")
    if seat in view["left"]:
        words.append("left")
    return f"{seat + 1}. {name} · " + " · ".join(words)


class BugsUI(GameUI):
    game_name = "bugs"
    min_edit_seconds = 1.0  # everybody grabs at once: the board is edited at most once a second

    def coach(self, session: Session, game: Game, seat: int, view: View) -> str | None:
        """How sets score and when to stop, for a person learning the game."""
        v = seat_view(session.game_state, seat)
        if v["phase"] == OVER or v["trophy"][seat] is not None:
            return None
        if v["phase"] == COUNTDOWN:
            return (f"The last trophy is gone: {COUNTDOWN_BEATS} beats, then everybody stops. Keep only a tile "
                    "that finishes a set.")
        return ("Grab a tile to look at it. Keep it only if you know where its two twins lie (three alike score 3, "
                "any other kept tile costs 1); put it back where you will remember it (on another place: a "
                "face-down one swaps with it). Take a trophy when you cannot do better: you stop, and the last "
                "trophy starts the countdown.")

    def headlines(self, change: Change) -> list[str]:
        """Trophies, the countdown and leavers get a message of their own; grabs and keeps only the board."""
        return [e.text for e in change.events if e.private_to is None and e.kind in HEADLINES]

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage:
        view = public(session)
        if view["phase"] == OVER:
            return render_scoring(view, names)
        return render_bugs(view, names, aborted=session.status == ABORTED)

    def board_key(self, session: Session, game: Game) -> str | None:
        """The end is a new message: every hand scored; the table's last picture stays above it."""
        return "scores" if public(session)["phase"] == OVER else None

    def embed(self, session: Session, game: Game, names: list[str]) -> discord.Embed:
        view = public(session)
        over = view["phase"] == OVER
        embed = discord.Embed(title="Bugs & Co: every hand revealed" if over else "Bugs & Co",
                              description=markup.news(session) or None, colour=discord.Colour.dark_gold())
        embed.add_field(name="Players", inline=False,
                        value="\n".join(player_line(view, s, markup.seated(session, s)) for s in range(len(session.seats))))
        if over and not tiles_described(view, names):  # the alt text had room only for places and points
            for name, tiles in hands_in_words(view, names):
                embed.add_field(name=f"{name}'s hand"[:256], value=tiles[:1024], inline=False)
        deadline = view["deadline"]  # None once over
        if session.status == PLAYING and deadline is not None:  # an ended game asks nobody to act
            embed.add_field(name="Trophies left", inline=False,
                            value=" · ".join(f"🏆 {t}" for t in view["trophies"]) or "none")
            if view["phase"] == COUNTDOWN:
                now = f"The last trophy is taken: {countdown_words(view)}!"
            else:
                now = (f"Everybody at once: press **Grab a tile** for your own panel. Sets of {COPIES} alike "
                       f"score; a trophy stops you.\nThe game stops {markup.stamp(deadline)} if nobody moves "
                       f"for {int(IDLE_SECONDS)} s, {markup.stamp(view['ends_at'])} at the latest.")
            embed.add_field(name="Now", value=now, inline=False)
        return embed.set_footer(text=f"Table {session.id} · move {session.version}")

    def items(self, session: Session, game: Game) -> list[discord.ui.Item]:
        if public(session)["phase"] == OVER:
            return []
        return [PLAY.opener(session, "Grab a tile", emoji="🐞")]


async def setup(bot: commands.Bot) -> None:
    register_ui(BugsUI())
    register_panels(PLAY)

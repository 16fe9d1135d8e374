"""Bugs & Co's private panel, one per player (the board is cogs/bugs.py).

The panel stays open for the whole game. Picking a place grabs its tile at once and the panel
shows it (picture and name) with Keep, Put back on its own place, Take trophy, and a select of
every other place nobody else holds: an empty one takes the tile, a face-down one swaps with it
(one pick, as many clicks as a put-back); after that move it offers the places again. So a grab
is two clicks (open, place), a whole grab-look-decide cycle three, and two from then on.
Everybody acts at once, so the panel is not versioned: a move no longer possible is refused by the engine ("Someone was
faster...", naming who, and by how many ms: a grab carries its press time, the interaction's
snowflake). The panel is `in_place`: after every move, or refusal, it redraws itself with that
news on top, so no follow-up messages pile up and nothing is lost. It reads in its player's own language
(`Seat.language`, their Discord's), whatever the table's.
"""
from __future__ import annotations

import discord

from engine.bugs import (
    BEAT_SECONDS,
    COUNTDOWN,
    COUNTDOWN_BEATS,
    DESIGNS,
    DOWN,
    EMPTY,
    HELD,
    OVER,
    BugsView,
    as_view,
)
from engine.protocol import Action
from host.errors import TableError
from host.table import Change
from render.bugs import render_tile

from . import markup
from .language import N_, ntext, ptext, shown_in, text
from .panels import Panel, Seat
from .redraw import Drawn

PER_SELECT = 25  # Discord's limit of options in one select
GRAB, ELSEWHERE = "g", "p"  # place selects (+ their index): grab a tile, put it on another place (or swap)
KEEP, BACK, TROPHY, LOOK = "keep", "back", "trophy", "look"
STALE = N_("That panel no longer shows the tile you hold; here is the current one.")  # read by its reader's catalogue


def groups(places: list[int]) -> list[list[int]]:
    """Places split evenly into the fewest selects (68 places at most: three selects)."""
    count = -(-len(places) // PER_SELECT)
    size = -(-len(places) // count) if count else 1
    return [places[i:i + size] for i in range(0, len(places), size)]


def countdown_words(view: BugsView, language: str = "en") -> str:
    """'7 of 10 beats left: everybody stops <in 14 seconds>' (the stamp counts on in Discord)."""
    return ntext(language, "**{beats} of {n} beat** ({seconds} s each) left: everybody stops {when}",
                 "**{beats} of {n} beats** ({seconds} s each) left: everybody stops {when}", COUNTDOWN_BEATS,
                 beats=view["beats"] or 1, seconds=int(BEAT_SECONDS), when=markup.stamp(view["countdown_at"]))


def table_line(view: BugsView, seat: int, language: str = "en") -> str:
    """The table in one line for a panel: what is left, what the player keeps (a count), the clock."""
    trophies = ", ".join(map(str, view["trophies"])) or text(language, "none")
    parts = [ntext(language, "{down} of {n} place face down", "{down} of {n} places face down", len(view["places"]),
                   down=view["face_down"]),
             ntext(language, "you keep {n} tile", "you keep {n} tiles", view["kept"][seat]),
             text(language, "trophies left: {trophies}", trophies=trophies)]
    if view["phase"] == COUNTDOWN and view["countdown_at"] is not None:
        parts.append(countdown_words(view, language))
    return " · ".join(parts)


def place_option(view: BugsView, place: int, held: int | None, language: str = "en") -> discord.SelectOption:
    """A place in a select: to grab from, or (holding the tile of `held`) to put the tile on, saying
    whether that swaps."""
    if held is None:
        label = text(language, "Place {place}", place=place + 1)
    elif view["places"][place] == EMPTY:
        label = text(language, "Place {place} (empty)", place=place + 1)
    else:
        label = text(language, "Place {place} (swap: its tile goes to place {own})", place=place + 1, own=held + 1)
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
        view, me, language = as_view(seat.view), seat.seat, seat.language
        line = table_line(view, me, language)
        if view["phase"] == OVER or me in view["stopped"] or me in view["left"]:
            done = (ntext(language, "You have left the game ({n} tile kept).", "You have left the game ({n} tiles kept).",
                          view["kept"][me]) if me in view["left"] else
                    ntext(language, "You have stopped playing ({n} tile kept).",
                          "You have stopped playing ({n} tiles kept).", view["kept"][me]))
            return Drawn(f"{done}\n{line}")
        held = view.get("held")
        mark = "" if held is None else str(held["place"])
        row = 0 if held else 3
        items: list[discord.ui.Item] = []
        if held is not None:
            items += [self.button(seat, ptext(language, "button", "Keep it"), KEEP, mark,
                                  style=discord.ButtonStyle.success, emoji="✋", row=0),
                      self.button(seat, ptext(language, "button", "Put it back on place {place}", place=held["place"] + 1),
                                  BACK, mark, style=discord.ButtonStyle.primary, row=0)]
        if view["trophies"]:
            items.append(self.button(seat, ptext(language, "button", "Take the {value} trophy and stop",
                                                 value=view["trophies"][0]), TROPHY, mark,
                                     style=discord.ButtonStyle.danger, emoji="🏆", row=row))
        items.append(self.button(seat, ptext(language, "button", "Refresh"), LOOK, mark, emoji="🔄", row=row))
        own = None if held is None else held["place"]
        if held is None:
            places = [p for p, state in enumerate(view["places"]) if state == DOWN]
        else:  # any place nobody holds: an empty one, or a face-down one to swap with
            places = [p for p, state in enumerate(view["places"]) if state != HELD]
        chunks = groups(places)
        prompt = (text(language, "Or put it on another place (face down: swap)") if held
                  else text(language, "Grab the tile of place"))
        for k, chunk in enumerate(chunks):
            span = f" ({chunk[0] + 1}-{chunk[-1] + 1})" if len(chunks) > 1 else ""
            options = [place_option(view, p, own, language) for p in chunk]
            items.append(self.select(seat, f"{ELSEWHERE if held else GRAB}{k}", mark, options,
                                     placeholder=prompt + span, row=k + 1 if held else k))
        if held is None:
            return Drawn(text(language, "**Grab a tile:** pick a face-down place; only you see the tile.") + f"\n{line}",
                         items)
        show = shown_in(language)
        name = show(DESIGNS[held["design"]].said)
        return Drawn(text(language, "**Place {place}: {tile}.** Keep it face down (you will not see it again) or put "
                                    "it back.", place=held["place"] + 1, tile=name) + f"\n{line}", items,
                     image=lambda: render_tile(held["design"], place=held["place"], show=show))

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
            raise TableError(STALE)
        if control == KEEP:
            return {"type": "keep"}
        if control == BACK or place is None:
            return {"type": "put_back"}
        return {"type": "put_back", "place": place}

    def news(self, change: Change, seat: Seat) -> str:
        """The move's news, but for a look: the panel shows the tile itself."""
        return "\n".join(markup.said(change.session, e.text, seat.language) for e in change.events
                         if e.private_to in (None, seat.seat) and e.kind != "look")


PLAY = PlayPanel()

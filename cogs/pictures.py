"""Pictures for messages: drawn off the event loop, sent with their text description, never fatal.

A table's board is drawn by `BoardPictures`: once per view. What a board shows is a function of the
game's public view (the part of it the picture shows: `GameUI.pictured`), the players' names, the
table's status and, for a game whose board reads the clock (Eye for an Eye: '4:12 left'), the whole
seconds left to each of the view's deadlines; these, serialised and digested, are the key. (Pickled rather than as canonical JSON: seven times faster
on a big view, and as safe: equal bytes only ever come from equal views; an equal view serialised
in another order is merely drawn again.) A table asked for a board with the key of its last one
(the same state drawn again: a stale click's private copy, a board redrawn after Discord failed it;
or a move that changed nothing the public sees) gets that picture back, not drawn again. The rest
are drawn in worker processes when the bot has them (render/workers.py; setting
TABLETOP_RENDER_WORKERS), else on the render threads.
"""
from __future__ import annotations

import copy
import hashlib
import io
import json
import logging
import math
import pickle
import re
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

from engine.protocol import Game, View
from host import metrics
from host.session import Session
from render.cache import LastDrawn
from render.encode import RenderedImage, render_async
from render.workers import Drawers, Drawing, Frozen

log = logging.getLogger(__name__)

MAX_LAST_BYTES = 24 * 1024 * 1024  # each table's last board (a board is 15-45 KB: about a thousand tables)


class GameUI(Protocol):
    """What drawing a board needs of a game's UI (cogs/game_ui.py): its renderer, and the clock a
    board that shows time left reads."""

    clock: Callable[[], float] | None

    def render(self, session: Session, game: Game, names: list[str]) -> RenderedImage: ...

    def pictured(self, view: View) -> object: ...


def as_file(image: RenderedImage) -> discord.File:
    return discord.File(io.BytesIO(image.png), filename=image.filename, description=image.alt_text)


_undrawable: set[str] = set()  # what could not be drawn: logged once each


async def picture(what: str, draw: Callable[..., RenderedImage], *args: Any) -> RenderedImage | None:
    """`draw(*args)` off the event loop, or None when it fails: a table is never lost to its picture.
    The board then goes on as text (its embed, which names every player); `what` failed is logged once."""
    return await _never_fatal(what, render_async(draw, *args))


async def _never_fatal(what: str, drawn: Awaitable[RenderedImage]) -> RenderedImage | None:
    try:
        return await drawn
    except Exception:
        if what in _undrawable:
            log.debug("%s still cannot be drawn", what)
        else:
            _undrawable.add(what)
            log.exception("could not draw %s; it is shown as text", what)
        return None


_TIMES = re.compile(r'"(?:deadline|until)":\s*(-?[0-9][0-9.eE+-]*)')  # a time of the view, in its JSON


def seconds_left(shown: str, now: float) -> list[int]:
    """The whole seconds from `now` to every time under a "deadline" or "until" key of `shown` (a
    view's JSON), in order: all of the clock a board shows ('4:12 left', rounded up as
    render.arena_words.time_left does). Read from the text: a regular expression over it is faster
    than walking the view in Python."""
    return [max(0, math.ceil(float(time) - now)) for time in _TIMES.findall(shown)]


class BoardPictures:
    """Every table's board picture (see the module): drawn once per view, in a worker when there are any."""

    def __init__(self, workers: int = 0) -> None:
        self.drawers = Drawers(workers)
        self.last: LastDrawn[RenderedImage] = LastDrawn(MAX_LAST_BYTES, lambda image: len(image.png) + 200)

    def request(self, ui: GameUI, session: Session, game: Game, names: list[str]) -> tuple[bytes | None, Drawing]:
        """What the board shows, digested (None when it cannot be: then it is always drawn), and the
        drawing of it. A UI's clock is read once, here: the key and the picture agree on the time."""
        now = None if ui.clock is None else ui.clock()
        if now is not None:
            ui = copy.copy(ui)
            ui.clock = Frozen(now)
        drawing = Drawing(ui.render, (session, game, names), table=("board", session.id))
        try:
            view = ui.pictured(session.public_view())
            shown = pickle.dumps((f"{type(ui).__module__}.{type(ui).__qualname__}", session.game, session.status,
                                  session.options, names, view), pickle.HIGHEST_PROTOCOL)
            left = b"" if now is None else repr(seconds_left(json.dumps(view), now)).encode()
        except (TypeError, ValueError, LookupError, pickle.PicklingError):  # no game yet, or not data
            return None, drawing
        return hashlib.blake2b(shown + left, digest_size=16).digest(), drawing

    def draw_here(self, ui: GameUI, session: Session, game: Game, names: list[str]) -> RenderedImage:
        """The board, drawn in this thread unless its table's last one shows the same (benches)."""
        digest, drawing = self.request(ui, session, game, names)
        found = None if digest is None else self.last.get(session.id, digest)
        if found is not None:
            return found
        image = drawing()
        if digest is not None:
            self.last.put(session.id, digest, image)
        return image

    async def board(self, ui: GameUI, session: Session, game: Game, names: list[str]) -> RenderedImage | None:
        """The board, off the event loop unless its table's last one shows the same; None when it cannot
        be drawn (the board goes on as text)."""
        digest, drawing = self.request(ui, session, game, names)
        found = None if digest is None else self.last.get(session.id, digest)
        if found is not None:
            return found
        with metrics.RENDER_SECONDS.labels(session.game).time():  # wall time: drawing and the wait for a worker
            image = await _never_fatal(f"the {session.game} board of session {session.id}",
                                       self.drawers.draw(drawing))
        if image is not None and digest is not None:
            self.last.put(session.id, digest, image)
        return image

    def close(self) -> None:
        self.drawers.close()

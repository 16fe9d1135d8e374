"""Pictures for messages: drawn off the event loop, sent with their text description, never fatal."""
from __future__ import annotations

import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from render.encode import RenderedImage, render_async

log = logging.getLogger(__name__)


def as_file(image: RenderedImage) -> discord.File:
    return discord.File(io.BytesIO(image.png), filename=image.filename, description=image.alt_text)


_undrawable: set[str] = set()  # what could not be drawn: logged once each


async def picture(what: str, draw: Callable[..., RenderedImage], *args: Any) -> RenderedImage | None:
    """`draw(*args)` off the event loop, or None when it fails: a table is never lost to its picture.
    The board then goes on as text (its embed, which names every player); `what` failed is logged once."""
    try:
        return await render_async(draw, *args)
    except Exception:
        if what in _undrawable:
            log.debug("%s still cannot be drawn", what)
        else:
            _undrawable.add(what)
            log.exception("could not draw %s; it is shown as text", what)
        return None

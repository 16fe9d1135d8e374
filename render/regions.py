"""A board drawn region by region over its table's last picture: only the regions that changed are painted.

Why: most of a board stays as it was from one move to the next. A Treasure of the Dragons move turns
over one card of 49 and rewrites a few lines of text, yet drawing the board afresh pastes every card
again. A renderer that splits its board into regions (each a box, the key of everything it shows
there, and a painter) gets, inside `render.encode.frames_of(table)`, a copy of the table's last
picture with only the regions whose key changed put back to the base layer and painted again.

Exact by construction, given two promises a renderer keeps (and its test checks on replayed games,
against drawing afresh): a painter paints only inside its region's box, and the key holds all it
shows. Regions do not overlap, so the order they are painted in does not matter. Outside a table,
on a new base layer (another language, another table size) or in `naive()` mode, every region is
painted, as a fresh drawing would be.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PIL import Image, ImageDraw

from render.cache import ByteLRU, image_bytes, is_naive, on_clear
from render.encode import table_now

MAX_PICTURE_BYTES = 48 * 1024 * 1024  # tables' last pictures (a 480x900 board: 1.7 MB)

Paint = Callable[[Image.Image, ImageDraw.ImageDraw], None]


class Region(NamedTuple):  # a tuple: a Dragon board is made of 56 of them, on every move
    """A box of the board (left, top, right, bottom: right and bottom excluded), all it shows, and
    how to paint it onto the whole board (in the board's coordinates, never outside the box)."""

    box: tuple[int, int, int, int]
    key: Hashable
    paint: Paint


@dataclass(frozen=True)
class _Picture:
    base: Image.Image  # the layer it was painted over (held, so its identity is never reused)
    keys: tuple[Hashable, ...]
    image: Image.Image


_pictures: ByteLRU[_Picture] = ByteLRU(MAX_PICTURE_BYTES, lambda picture: image_bytes(picture.image) + 200)
on_clear(_pictures.clear)


def draw_regions(base: Image.Image, regions: Sequence[Region]) -> Image.Image:
    """The board: `base` (an RGB layer, never drawn on) with every region painted, the regions that
    show what they showed on the table's last board copied from it. Do not draw on the result."""
    table = None if is_naive() else table_now()
    keys = tuple(region.key for region in regions)
    last = _pictures.get(table) if table is not None else None
    if last is None or last.base is not base or len(last.keys) != len(keys):
        image = base.copy()
        draw = ImageDraw.Draw(image)
        for region in regions:
            region.paint(image, draw)
    else:
        image = last.image.copy()
        draw = ImageDraw.Draw(image)
        for region, before in zip(regions, last.keys, strict=True):
            if region.key != before:
                image.paste(base.crop(region.box), region.box[:2])
                region.paint(image, draw)
    if table is not None:
        _pictures.set(table, _Picture(base, keys, image))
    return image

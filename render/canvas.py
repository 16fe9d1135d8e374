"""Drawing helpers shared by every game: text, panels, grid labels, hexes, dice.

Coordinates are pixels with the origin at the top-left, as in Pillow.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import palette
from render.cache import ByteLRU, cached_piece, is_naive, on_clear
from render.fonts import bold_stroke, font, renderable
from render.palette import ColourLike

Point = tuple[float, float]
Box = tuple[float, float, float, float]

# A 1x1 scratch image so text can be measured without a target canvas.
_MEASURE = ImageDraw.Draw(Image.new("L", (1, 1)))


def new_canvas(
    width: int, height: int, background: ColourLike = palette.BACKGROUND, *, mode: str = "RGBA"
) -> Image.Image:
    """A fresh opaque image: RGBA by default, so layers can be alpha-composited onto it.

    Pass `mode="RGB"` for a board whose layers and tiles are opaque (flattened once, then
    pasted): RGB is drawn, copied and encoded faster, with no conversion at encode.
    """
    colour = palette.to_rgb(background)
    return Image.new(mode, (width, height), colour + (255,) if mode == "RGBA" else colour)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    size: int,
    fill: ColourLike = palette.TEXT,
    anchor: str = "la",
    bold: bool = False,
) -> Box:
    """Draw `text` at `xy` (Pillow anchor semantics) and return its bounding box.

    Bold uses the font's real bold face. Characters the font lacks are replaced (see
    `fonts.renderable`). A line's rendered mask is cached by its text, size, weight, anchor
    and sub-pixel offset, so a label drawn again (every board redraws most of its text) is
    only blended in: the same pixels as drawing it afresh. A hit costs a look-up and the blend.
    """
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    key = (text, size, bold, anchor, start, draw.fontmode)
    found = None if is_naive() else _masks.get(key)
    if found is None:
        shown, stroke = renderable(text), bold_stroke(size) if bold else 0
        if "\n" in shown or stroke:
            return _draw_text_uncached(draw, xy, shown, size, palette.to_rgb(fill), anchor, bold, stroke)
        found = _text_mask(font(size, bold), shown, draw.fontmode, anchor, start)
        if not is_naive():
            _masks.put(key, found)
    mask, (dx, dy), (left, top, right, bottom) = found
    _blend(draw, (int(x) + dx, int(y) + dy), mask, fill)
    return (left + x, top + y, right + x, bottom + y)


BLEND_BY_PASTE = 500  # px of a text's mask from which pasting a plain tile through it beats draw_bitmap


def _blend(draw: ImageDraw.ImageDraw, xy: tuple[int, int], mask: Any, fill: ColourLike) -> None:
    """`fill` blended through the text `mask` at `xy`. On an RGB image, a mask of BLEND_BY_PASTE px or more
    is pasted through as a plain tile of the colour: the same pixels as Pillow's draw_bitmap, whose
    blend checks the image's mode again at every pixel (1.6x slower on a 200 px line)."""
    width, height = mask.size
    image = draw._image
    if width * height >= BLEND_BY_PASTE and image.mode == "RGB" and not image.readonly:
        x, y = xy
        image.im.paste(Image.core.fill("RGB", (width, height), palette.to_rgb(fill)), (x, y, x + width, y + height),
                       mask)
    else:
        draw.draw.draw_bitmap(xy, mask, _ink(draw, fill))


TextMask = tuple[Any, tuple[int, int], tuple[float, float, float, float]]
MAX_TEXT_BYTES = 8 * 1024 * 1024  # rendered lines of text kept (a 16 px label is ~1.5 KB)
_masks: ByteLRU[TextMask] = ByteLRU(MAX_TEXT_BYTES, lambda m: m[0].size[0] * m[0].size[1] + 160)
on_clear(_masks.clear)
_inks: dict[tuple[str, ColourLike], int] = {}  # (image mode, colour) -> Pillow's ink, for images without a palette


def _ink(draw: ImageDraw.ImageDraw, fill: ColourLike) -> int | None:
    """Pillow's ink for `fill` on `draw`'s image: the same for every image of a mode without a palette."""
    if draw.palette is not None:
        return draw._getink(palette.to_rgb(fill))[0]
    key = (draw.mode, fill)
    ink = _inks.get(key)
    if ink is None:
        if len(_inks) > 4096:  # colours computed on the fly: never let them pile up
            _inks.clear()
        ink = draw._getink(palette.to_rgb(fill))[0]
        if ink is not None:
            _inks[key] = ink
    return ink


def _text_mask(f: Any, text: str, mode: str, anchor: str, start: tuple[float, float]) -> TextMask:
    """What `ImageDraw.text` renders for one line, with its offset and layout box from the anchor."""
    mask, offset = f.getmask2(text, mode, anchor=anchor, start=start)
    return mask, offset, f.getbbox(text, mode, anchor=anchor)


def _draw_text_uncached(
    draw: ImageDraw.ImageDraw, xy: Point, text: str, size: int, colour: palette.RGB, anchor: str,
    bold: bool, stroke: float,
) -> Box:
    """Multiline text, and bold faked with a stroke (without the font package)."""
    f = font(size, bold)
    if "\n" in text and anchor[1] in "sd":
        anchor = anchor[0] + "a"  # multiline text has no baseline anchors
    draw.text(xy, text, fill=colour, font=f, anchor=anchor, stroke_width=stroke, stroke_fill=colour)
    return draw.textbbox(xy, text, font=f, anchor=anchor, stroke_width=stroke)


Paint = Callable[[ImageDraw.ImageDraw, float, float], None]


def paste_sprite(
    target: Image.Image | ImageDraw.ImageDraw, xy: Point, size: tuple[int, int], key: Hashable, paint: Paint,
    *, margin: int = 2, background: ColourLike | None = None,
) -> None:
    """Draw a piece at `xy` from a cache: `paint(draw, x, y)` draws it at (x, y) on a transparent
    canvas `size` px plus `margin` on every side, once per `key` and sub-pixel offset (`margin`
    must be even).

    The key must capture everything `paint` draws. Only what `paint` draws opaque is pasted, so
    the result is the same as painting straight onto the image when the piece is opaque shapes
    (Pillow's shapes are not anti-aliased) with any text on top of them. Text or lines straight
    on the image need what is under them: pass that plain `background` colour, and the piece
    (margin included) is pasted whole, opaque.
    """
    image = target._image if isinstance(target, ImageDraw.ImageDraw) else target
    x, y = xy
    # Moved by an even number of pixels, a drawing rounds its half pixels the same way (Pillow
    # rounds half to even), so the sprite is drawn at the same offset in [0, 2) that xy has.
    left, top = 2 * math.floor(x / 2), 2 * math.floor(y / 2)
    offset = (x - left, y - top)

    under = None if background is None else palette.to_rgb(background) + (255,)

    def build() -> tuple[Image.Image, Image.Image | None]:
        canvas = Image.new("RGBA", (size[0] + 2 * margin + 2, size[1] + 2 * margin + 2), under or (0, 0, 0, 0))
        paint(ImageDraw.Draw(canvas), margin + offset[0], margin + offset[1])
        pixels = canvas.convert(image.mode if image.mode in ("RGB", "RGBA") else "RGB")
        return pixels, None if under else sharp_mask(canvas.getchannel("A"))

    pixels, mask = cached_piece(("sprite", key, size, margin, offset, image.mode, under), build)
    x0, y0 = left - margin, top - margin
    if type(image) is Image.Image and not image.readonly and image.mode == pixels.mode:
        # What Image.paste does for these (an image in memory, the same mode), without its Python
        # around the copy: a board pastes dozens of sprites, and that Python cost more than the copies.
        box = (x0, y0, x0 + pixels.width, y0 + pixels.height)
        if mask is None:
            image.im.paste(pixels.im, box)
        else:
            image.im.paste(pixels.im, box, mask.im)
    else:
        image.paste(pixels, (x0, y0), mask)


def sharp_mask(alpha: Image.Image) -> Image.Image:
    """`alpha` as a paste mask: mode "1" when every pixel is fully opaque or fully clear (Pillow's
    shapes are not anti-aliased), which pastes the same pixels three times faster than an "L" mask
    (a blend per pixel); `alpha` itself when some pixel is partly clear."""
    levels = alpha.histogram()
    if levels[0] + levels[255] < alpha.width * alpha.height:
        return alpha
    return alpha.convert("1", dither=Image.Dither.NONE)


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height in px of the inked area of `text` at `size`."""
    stroke = bold_stroke(size) if bold else 0
    left, top, right, bottom = _MEASURE.textbbox(
        (0, 0), renderable(text), font=font(size, bold), stroke_width=stroke
    )
    return (math.ceil(right - left), math.ceil(bottom - top))


@lru_cache(maxsize=16384)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """Advance width of a single line, for word wrapping and right-aligning (cached)."""
    extra = 2 * bold_stroke(size) if bold else 0
    return font(size, bold).getlength(renderable(text)) + extra


def line_height(size: int, spacing: float = 1.25) -> int:
    """Distance between baselines for body text at `size` px."""
    return math.ceil(size * spacing)


BREAKS = re.compile(r"[^\S\u00a0\u202f]+")  # whitespace a line may break at: every kind but the no-break spaces


def wrap_text(text: str, size: int, max_width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap of one paragraph to `max_width` px; splits over-long words. A no-break space
    (French puts one before ':', ';', '!' and '?') joins its neighbours: no line starts with ':'."""
    words = BREAKS.split(text.strip())
    if not words:
        return [""]
    lines: list[str] = []
    current = ""
    for word in words:
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, size, bold) <= max_width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = word
        while text_width(current, size, bold) > max_width and len(current) > 1:
            cut = len(current) - 1
            while cut > 1 and text_width(current[:cut], size, bold) > max_width:
                cut -= 1
            lines.append(current[:cut])
            current = current[cut:]
    lines.append(current)
    return lines


def rounded_panel(
    draw: ImageDraw.ImageDraw,
    box: Box,
    *,
    radius: int = 12,
    fill: ColourLike | None = palette.PANEL,
    outline: ColourLike | None = palette.PANEL_BORDER,
    width: int = 2,
) -> None:
    """A rounded rectangle used as a card or info panel behind text."""
    draw.rounded_rectangle(
        box,
        radius=radius,
        fill=None if fill is None else palette.to_rgb(fill),
        outline=None if outline is None else palette.to_rgb(outline),
        width=width,
    )


def column_label(index: int, letters: str = string.ascii_uppercase) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA" (spreadsheet style).

    Pass `letters` to change the alphabet, e.g. Go boards skip "I".
    """
    base = len(letters)
    label = ""
    index += 1
    while index > 0:
        index, rem = divmod(index - 1, base)
        label = letters[rem] + label
    return label


def label_grid(
    draw: ImageDraw.ImageDraw,
    origin: Point,
    cell: float,
    rows: int,
    cols: int,
    *,
    size: int | None = None,
    fill: ColourLike = palette.MUTED,
    sides: Sequence[str] = ("top", "left"),
    rows_from_bottom: bool = False,
    letters: str = string.ascii_uppercase,
    offset: float | None = None,
) -> None:
    """Label columns A, B, C... and rows 1, 2, 3... around a square-cell grid.

    `origin` is the grid's top-left corner. Labels are centred `offset` px
    (default: `size`) outside the grid edge on each of `sides`
    ("top", "bottom", "left", "right"), so leave about 2*size px of margin.
    Row 1 is the top row unless `rows_from_bottom` (chess style).
    """
    size = size or max(16, min(24, round(cell * 0.45)))
    offset = size if offset is None else offset
    ox, oy = origin
    right, bottom = ox + cols * cell, oy + rows * cell
    for c in range(cols):
        x = ox + (c + 0.5) * cell
        text = column_label(c, letters)
        if "top" in sides:
            draw_text(draw, (x, oy - offset), text, size, fill, anchor="mm")
        if "bottom" in sides:
            draw_text(draw, (x, bottom + offset), text, size, fill, anchor="mm")
    for r in range(rows):
        y = oy + (r + 0.5) * cell
        text = str(rows - r if rows_from_bottom else r + 1)
        if "left" in sides:
            draw_text(draw, (ox - offset, y), text, size, fill, anchor="mm")
        if "right" in sides:
            draw_text(draw, (right + offset, y), text, size, fill, anchor="mm")


def hex_corners(center: Point, size: float) -> list[Point]:
    """The 6 corners of a pointy-top hexagon whose corners are `size` px from centre."""
    cx, cy = center
    return [
        (
            cx + size * math.cos(math.radians(60 * i - 30)),
            cy + size * math.sin(math.radians(60 * i - 30)),
        )
        for i in range(6)
    ]


def hex_center(q: int, r: int, size: float, origin: Point = (0.0, 0.0)) -> Point:
    """Pixel centre of axial hex (q, r) in a pointy-top layout."""
    ox, oy = origin
    return (
        ox + size * math.sqrt(3) * (q + r / 2),
        oy + size * 1.5 * r,
    )


def draw_hex(
    draw: ImageDraw.ImageDraw,
    center: Point,
    size: float,
    *,
    fill: ColourLike | None = None,
    outline: ColourLike | None = palette.GRID,
    width: int = 2,
) -> None:
    """Draw a pointy-top hexagon (see `hex_corners`)."""
    draw.polygon(
        hex_corners(center, size),
        fill=None if fill is None else palette.to_rgb(fill),
        outline=None if outline is None else palette.to_rgb(outline),
        width=width,
    )


# Pip positions on a 3x3 lattice (0 = near edge, 1 = middle, 2 = far edge).
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def draw_pips(
    draw: ImageDraw.ImageDraw,
    box: Box,
    n: int,
    fill: ColourLike = palette.BLACK,
) -> None:
    """Draw the pips of die face `n` (0-6) inside `box` (the die face minus padding)."""
    if n not in _PIPS:
        raise ValueError(f"die faces have 0-6 pips, not {n}")
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    radius = side * 0.13
    step = (side - 2 * radius) / 2
    colour = palette.to_rgb(fill)
    for col, row in _PIPS[n]:
        cx = x0 + radius + col * step
        cy = y0 + radius + row * step
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)


def draw_die(
    target: Image.Image | ImageDraw.ImageDraw,
    xy: Point,
    size: int,
    value: int,
    *,
    face: ColourLike = palette.WHITE,
    pips: ColourLike | None = None,
    outline: ColourLike | None = palette.GRID,
) -> None:
    """Draw a die with top-left at `xy`, `size` px square, showing `value` (0-6).

    Pip colour defaults to whichever of black/white reads best on `face`.
    """
    draw = target if isinstance(target, ImageDraw.ImageDraw) else ImageDraw.Draw(target)
    x, y = xy
    draw.rounded_rectangle(
        (x, y, x + size, y + size),
        radius=max(2, size // 6),
        fill=palette.to_rgb(face),
        outline=None if outline is None else palette.to_rgb(outline),
        width=max(1, size // 32),
    )
    pad = size * 0.18
    draw_pips(
        draw,
        (x + pad, y + pad, x + size - pad, y + size - pad),
        value,
        fill=palette.readable_text(face) if pips is None else pips,
    )

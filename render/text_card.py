"""Fallback board: a title bar and lines of text on a panel.

Any game without its own renderer can still send a readable image, and tests
get a cheap real render to exercise the pipeline.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from render import palette
from render.canvas import draw_text, line_height, new_canvas, rounded_panel, wrap_text
from render.encode import RenderedImage, encode_png

TITLE_SIZE = 28
BODY_SIZE = 22
MARGIN = 16  # canvas edge to panel
PAD = 20  # panel edge to text
# A phone shows an image about 400 px wide; no text may end up smaller than 12 px there.
PHONE_WIDTH = 400
MIN_PHONE_PX = 12


def _sizes(width: int) -> tuple[int, int]:
    """Title and body text sizes: the defaults, grown on a wide card so they still read on a phone."""
    least = math.ceil(MIN_PHONE_PX * width / PHONE_WIDTH)
    return max(TITLE_SIZE, least + 6), max(BODY_SIZE, least)


def render_text_card(title: str, lines: list[str], *, width: int = 640) -> RenderedImage:
    """Draw `title` and `lines` (word-wrapped to fit) and return the PNG.

    The description is the title followed by the unwrapped lines, one per line.
    """
    title_size, body_size = _sizes(width)
    text_w = width - 2 * (MARGIN + PAD)
    title_rows = wrap_text(title, title_size, text_w, bold=True)
    body_rows = [row for line in lines for row in wrap_text(line, body_size, text_w)]

    title_step, body_step = line_height(title_size), line_height(body_size, 1.4)
    title_h = PAD + len(title_rows) * title_step + PAD * 3 // 4
    body_h = PAD + len(body_rows) * body_step + PAD * 3 // 4 if body_rows else 0
    height = 2 * MARGIN + title_h + body_h

    image = new_canvas(width, height, mode="RGB")
    draw = ImageDraw.Draw(image)
    panel = (MARGIN, MARGIN, width - MARGIN - 1, height - MARGIN - 1)
    rounded_panel(draw, panel, radius=14)

    # Title bar: the panel's top, filled with the highlight colour.
    bar_bottom = MARGIN + title_h
    draw.rounded_rectangle(
        (MARGIN, MARGIN, width - MARGIN - 1, bar_bottom), radius=14, fill=palette.HIGHLIGHT,
        corners=(True, True, not body_rows, not body_rows),
    )
    title_colour = palette.readable_text(palette.HIGHLIGHT)
    y = MARGIN + PAD
    for row in title_rows:
        draw_text(draw, (MARGIN + PAD, y), row, title_size, title_colour, bold=True)
        y += title_step

    y = bar_bottom + PAD
    for row in body_rows:
        draw_text(draw, (MARGIN + PAD, y), row, body_size, palette.TEXT)
        y += body_step

    description = "\n".join([title, *lines])
    return RenderedImage(png=encode_png(image), description=description)

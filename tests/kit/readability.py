"""Is the text in an image readable on a phone? Records every `draw_text` of one render.

Why: a board is shown about 400 px wide in Discord's phone app, so a label drawn at 14 px on a
760 px canvas ends up 7 px tall. Every render module draws text through `render.canvas.draw_text`
(imported by name), so this wraps that name in the module under test, notes the size, the fill
and the background under the text just before it is drawn, and checks the finished image's width.
"""
from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType

from PIL import Image

from render import canvas, palette
from render.cache import clear_layer_cache

PHONE_WIDTH = 400  # px a board is shown at on a phone
MIN_PHONE_PX = 12  # smallest text size there
MIN_CONTRAST = 4.5  # WCAG AA for normal text


@dataclass
class DrawnText:
    text: str
    size: int
    fill: palette.RGB
    background: palette.RGB

    @property
    def contrast(self) -> float:
        return palette.contrast_ratio(self.fill, self.background)


@dataclass
class TextLog:
    drawn: list[DrawnText] = field(default_factory=list)

    def problems(self, image_width: int) -> list[str]:
        """Each text too small or too faint at phone size, described."""
        scale = PHONE_WIDTH / image_width
        found = []
        for t in self.drawn:
            if not t.text.strip():
                continue
            if t.size * scale < MIN_PHONE_PX - 1e-9:
                found.append(f"{t.text!r} is {t.size} px: {t.size * scale:.1f} px at {PHONE_WIDTH} px wide")
            if t.contrast < MIN_CONTRAST:
                found.append(f"{t.text!r} has contrast {t.contrast:.2f}:1 ({t.fill} on {t.background})")
        return found


def _background(image: Image.Image, box: tuple[float, float, float, float]) -> palette.RGB:
    """The most common colour under the text's box, transparency flattened on the table."""
    left, top, right, bottom = (int(round(v)) for v in box)
    left, top = max(0, left), max(0, top)
    right, bottom = min(image.width, max(right, left + 1)), min(image.height, max(bottom, top + 1))
    patch = image.crop((left, top, right, bottom)).convert("RGBA")
    flat = Image.alpha_composite(Image.new("RGBA", patch.size, palette.BACKGROUND + (255,)), patch).convert("RGB")
    colours = flat.getcolors(flat.width * flat.height) or [(1, palette.BACKGROUND)]
    return max(colours)[1]


@contextlib.contextmanager
def recording_text(*modules: ModuleType) -> Iterator[TextLog]:
    """Record every text drawn by `modules` (and by `render.canvas` helpers) while inside."""
    log = TextLog()
    original = canvas.draw_text

    def recording(draw, xy, text, size, fill=palette.TEXT, anchor="la", bold=False):
        stroke = canvas.bold_stroke(size) if bold else 0
        probe_anchor = anchor[0] + "a" if "\n" in text and anchor[1] in "sd" else anchor
        box = draw.textbbox(xy, canvas.renderable(text), font=canvas.font(size, bold), anchor=probe_anchor,
                            stroke_width=stroke)
        log.drawn.append(DrawnText(text, size, palette.to_rgb(fill), _background(draw._image, box)))
        return original(draw, xy, text, size, fill, anchor, bold)

    patched = [m for m in (canvas, *modules) if getattr(m, "draw_text", None) is original]
    clear_layer_cache()  # cached layers would hide their text from the log
    for module in patched:
        module.draw_text = recording
    try:
        yield log
    finally:
        for module in patched:
            module.draw_text = original
        clear_layer_cache()


def image_width(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).width

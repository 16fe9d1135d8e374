"""One cached font source: Pillow's bundled scalable default font.

Nothing is fetched or read from disk, so renders behave the same on every
host. The bundled font covers little beyond ASCII, so `renderable` maps other
text to what it can draw. It has no bold face either: bold is simulated by
drawing with a stroke of the text colour (see `bold_stroke`, `canvas.draw_text`).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Font:
    """Pillow's default font at `size` px.

    `bold` returns the same face (kept so call sites read naturally); pass
    `stroke_width=bold_stroke(size)` when drawing to make it look bold.
    Without FreeType, Pillow falls back to a fixed-size bitmap font.
    """
    return ImageFont.load_default(size=size)


def bold_stroke(size: int) -> float:
    """Stroke width that makes text of `size` px look semibold.

    Fractional: a whole pixel at 16 px clogs the letters; Pillow >= 11 accepts
    float stroke widths.
    """
    return size / 40


# The bundled face covers little beyond ASCII (no accents, dashes, arrows,
# suits or emoji), so text is mapped to what it can draw instead of tofu boxes.
_SUBSTITUTES = {
    "\u2014": "-", "\u2013": "-", "\u2212": "-", "\u2022": "\u00b7",
    "\u2192": "->", "\u2190": "<-", "\u00d7": "x", "\u00f7": "/",
    "\u00df": "ss", "\u00e6": "ae", "\u00c6": "AE", "\u0153": "oe", "\u0152": "OE",
    "\u00f8": "o", "\u00d8": "O", "\u0142": "l", "\u0141": "L", "\u0111": "d", "\u0110": "D",
}
_PROBE_SIZE = 24


@lru_cache(maxsize=1)
def _notdef_mask() -> tuple[tuple[int, int], bytes]:
    mask = font(_PROBE_SIZE).getmask("\ue000")  # private-use: never in the font
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """True if the default font draws `char` as something other than a tofu box."""
    if char.isspace():
        return True
    mask = font(_PROBE_SIZE).getmask(char)
    return (mask.size, bytes(mask)) != _notdef_mask()


def renderable(text: str) -> str:
    """`text` rewritten into characters the default font can draw.

    Common punctuation is substituted, accents are stripped ("é" -> "e") and
    anything else (emoji, CJK, symbols) becomes "?". Use it for drawing only;
    keep the original text for alt-text descriptions.
    """
    if all(has_glyph(c) for c in text):
        return text
    out: list[str] = []
    for char in text:
        if has_glyph(char):
            out.append(char)
        elif char in _SUBSTITUTES:
            out.append(_SUBSTITUTES[char])
        else:
            base = "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            out.append(base if base and all(has_glyph(c) for c in base) else "?")
    return "".join(out)

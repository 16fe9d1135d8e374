"""One cached font source: Source Sans Pro, regular and a real bold (SIL OFL).

The faces ship inside the `font-source-sans-pro` package (a project dependency) and are read
through importlib.resources, so renders behave the same on every host and nothing is fetched.
Without that package, Pillow's bundled default font stands in, with bold faked by a stroke
(see `bold_stroke`). `renderable` maps text the face cannot draw to what it can.
"""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

_PACKAGE = "font_source_sans_pro"
_FILES = {False: "SourceSansPro-Regular.ttf", True: "SourceSansPro-Bold.ttf"}


@lru_cache(maxsize=2)
def _face_bytes(bold: bool) -> bytes | None:
    """The font file's bytes, or None when the font package is not installed."""
    try:
        from importlib.resources import files

        return (files(_PACKAGE) / "files" / _FILES[bold]).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError):
        return None


def real_bold() -> bool:
    """True when a bold face is installed (bold text needs no stroke)."""
    return _face_bytes(True) is not None


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> Font:
    """Source Sans Pro at `size` px, the Bold face if `bold` (cached: share, don't mutate).

    Falls back to Pillow's default font (one weight) if the font package is missing.
    """
    data = _face_bytes(bold)
    if data is None:
        return ImageFont.load_default(size=size)
    return ImageFont.truetype(io.BytesIO(data), size)


def bold_stroke(size: int) -> float:
    """Stroke width to draw bold text with: 0 with the real bold face.

    Only the fallback font fakes bold with a fractional stroke (a whole pixel at 16 px clogs
    the letters; Pillow >= 11 accepts float stroke widths).
    """
    return 0 if real_bold() else size / 40


# Characters the face lacks are mapped to what it can draw instead of tofu boxes.
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
    """True if the font draws `char` as something other than a tofu box."""
    if char.isspace():
        return True
    mask = font(_PROBE_SIZE).getmask(char)
    return (mask.size, bytes(mask)) != _notdef_mask()


def _breaks_a_line(char: str) -> bool:
    """A control character (C0, C1: CR, LF, NEL, the separators) or a line or paragraph separator."""
    return unicodedata.category(char) in ("Cc", "Zl", "Zp")


@lru_cache(maxsize=8192)
def renderable(text: str) -> str:
    """`text` rewritten into characters the font can draw.

    Common punctuation the face lacks is substituted, accents it lacks are stripped
    ("é" -> "e" where there is no "é") and anything else (emoji, CJK, symbols) becomes "?".
    A label is one line: line and paragraph breaks and other control characters become spaces
    (Pillow's text layout fails on a break inside a single-line label).
    Use it for drawing only; keep the original text for alt-text descriptions.
    """
    if all(has_glyph(c) and not _breaks_a_line(c) for c in text):
        return text
    out: list[str] = []
    for char in text:
        if _breaks_a_line(char):
            out.append(" ")
        elif has_glyph(char):
            out.append(char)
        elif char in _SUBSTITUTES:
            out.append(_SUBSTITUTES[char])
        else:
            base = "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            out.append(base if base and all(has_glyph(c) for c in base) else "?")
    return "".join(out)

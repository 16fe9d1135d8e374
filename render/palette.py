"""Shared colours, so every game looks like it belongs to the same table.

Game colours follow the Okabe-Ito palette (distinguishable with the common
forms of colour blindness); games should still pair colour with a shape,
letter or number, never rely on colour alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from PIL import ImageColor

RGB = tuple[int, int, int]
ColourLike = RGB | tuple[int, int, int, int] | str

# Table and chrome: a dark slate table so light pieces and text pop.
BACKGROUND: RGB = (0x23, 0x27, 0x2E)
PANEL: RGB = (0x2F, 0x35, 0x3F)
PANEL_BORDER: RGB = (0x4A, 0x52, 0x60)
GRID: RGB = (0x6B, 0x75, 0x85)
TEXT: RGB = (0xF2, 0xF2, 0xEE)
MUTED: RGB = (0xA9, 0xB1, 0xBD)
HIGHLIGHT: RGB = (0xE6, 0x9F, 0x00)  # Okabe-Ito orange: last move, selection

# Game colours (Okabe-Ito; blue lifted a little for contrast on the dark table).
RED: RGB = (0xD5, 0x5E, 0x00)  # vermillion
BLUE: RGB = (0x1F, 0x7F, 0xC8)
YELLOW: RGB = (0xF0, 0xE4, 0x42)
GREEN: RGB = (0x00, 0x9E, 0x73)  # bluish green
WHITE: RGB = (0xF5, 0xF5, 0xF0)
BLACK: RGB = (0x1A, 0x1A, 0x1A)

GAME_COLOURS: Mapping[str, RGB] = MappingProxyType(
    {
        "red": RED,
        "blue": BLUE,
        "yellow": YELLOW,
        "green": GREEN,
        "white": WHITE,
        "black": BLACK,
    }
)


def to_rgb(colour: ColourLike) -> RGB:
    """Normalise a tuple or CSS-style string ("#rrggbb", "red") to an RGB tuple."""
    if isinstance(colour, str):
        colour = ImageColor.getrgb(colour)
    r, g, b = colour[:3]
    return (int(r), int(g), int(b))


def _luminance(colour: RGB) -> float:
    """WCAG relative luminance (0 = black, 1 = white)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: ColourLike, b: ColourLike) -> float:
    """WCAG contrast ratio between two colours (1.0 to 21.0)."""
    la, lb = _luminance(to_rgb(a)), _luminance(to_rgb(b))
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


# Above this luminance dark text wins. WCAG 2's contrast formula alone would
# switch at about 0.18 and put black text on mid blues, reds and greens, where
# light text reads better (as the newer APCA contrast model also finds).
_DARK_TEXT_ABOVE = 0.3


def readable_text(fill: ColourLike) -> RGB:
    """Return BLACK or WHITE, whichever reads better as text on `fill`."""
    return BLACK if _luminance(to_rgb(fill)) > _DARK_TEXT_ABOVE else WHITE

"""Shared colours, so every game looks like it belongs to the same table.

Game colours follow the Okabe-Ito palette (distinguishable with the common
forms of colour blindness); games should still pair colour with a shape,
letter or number, never rely on colour alone.
"""

from __future__ import annotations

import sys
import threading
import zlib
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from PIL import Image, ImageColor

from engine.protocol import Game, State, View

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


@lru_cache(maxsize=4096)
def _luminance(colour: RGB) -> float:
    """WCAG relative luminance (0 = black, 1 = white)."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: ColourLike, b: ColourLike) -> float:
    """WCAG contrast ratio between two colours (1.0 to 21.0)."""
    la, lb = _luminance(to_rgb(a)), _luminance(to_rgb(b))  # (cached by colour)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


# Above this luminance dark text wins. WCAG 2's contrast formula alone would
# switch at about 0.18 and put black text on mid blues, reds and greens, where
# light text reads better (as the newer APCA contrast model also finds).
_DARK_TEXT_ABOVE = 0.3


def readable_text(fill: ColourLike) -> RGB:
    """Return BLACK or WHITE, whichever reads better as text on `fill`."""
    return BLACK if _luminance(to_rgb(fill)) > _DARK_TEXT_ABOVE else WHITE


# ------------------------------------------------------------------ fixed palettes
class FixedPalette:
    """A game's 256-colour palette, learnt once from every colour it draws (see `learn`).

    Encoding every frame of a game with one palette saves choosing a new one per frame and
    lets unchanged parts of a board be reused already encoded (`render.encode`).
    """

    def __init__(self, image: Image.Image) -> None:
        if image.mode != "P":
            raise ValueError("a fixed palette is a P-mode image")
        self.image = image
        self.rgb = bytes(image.getpalette() or [])
        self.token = (len(self.rgb), zlib.crc32(self.rgb))  # names the palette in cache keys

    def __len__(self) -> int:
        return len(self.rgb) // 3

    def indices(self, image: Image.Image) -> Image.Image:
        """`image` in this palette: each pixel its nearest colour's index, no dithering (a pixel's index
        depends on that pixel alone)."""
        return image.quantize(palette=self.image, dither=Image.Dither.NONE)


EXACT_COLOURS = 96  # the commonest colours of a specimen are kept exactly (panels, fills, ink)


def learn(specimen: Sequence[Image.Image], colours: int = 256) -> FixedPalette:
    """The palette for a game, from images holding every colour it draws (real boards, tiles).

    The specimen's commonest colours (flat fills and text ink) go in exactly; the rest of the
    palette is the fast octree's choice for the whole specimen (anti-aliased edges, blends).
    """
    images = [image.convert("RGB") for image in specimen]
    width = max(image.width for image in images)
    sheet = Image.new("RGB", (width, sum(image.height for image in images)), BACKGROUND)
    top = 0
    for image in images:
        sheet.paste(image, (0, top))
        top += image.height
    counted = sheet.getcolors(sheet.width * sheet.height) or []
    commonest = sorted(counted, key=lambda c: (-c[0], c[1]))[:EXACT_COLOURS]
    exact: list[tuple[int, ...]] = [tuple(colour) for _, colour in commonest]  # type: ignore[arg-type]
    rest = sheet.quantize(colours - len(exact), method=Image.Quantize.FASTOCTREE)
    spread = rest.getpalette() or []
    chosen = list(exact)
    for i in range(0, len(spread), 3):
        colour = tuple(spread[i : i + 3])
        if colour not in chosen and len(chosen) < colours:
            chosen.append(colour)
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in chosen for channel in colour])
    return FixedPalette(image)


SHIPPED = Path(__file__).resolve().parent / "palettes"  # <game>.rgb: 256 colours, 3 bytes each
_learnt: dict[str, FixedPalette] = {}
_specimens: dict[str, Callable[[], Sequence[Image.Image]]] = {}
_learning = threading.Lock()


def learnt(key: str, specimen: Callable[[], Sequence[Image.Image]]) -> FixedPalette:
    """The palette of `key` (a game): shipped as data in SHIPPED, so a start draws no specimen
    (learning all five took seconds of CPU and most of a gigabyte); learnt from `specimen()` on
    first use only when no data is shipped. `python -m render.palette` writes the data again, and
    a test checks that it is what `specimen()` teaches today."""
    _specimens[key] = specimen
    found = _learnt.get(key)
    if found is None:
        with _learning:
            found = _learnt.get(key)
            if found is None:
                found = _learnt[key] = _shipped(key) or learn(specimen())
    return found


def known(key: str) -> FixedPalette | None:
    """The palette of `key` (a game) once it is learnt or loaded; None while its specimen is being drawn."""
    return _learnt.get(key)


def _shipped(key: str) -> FixedPalette | None:
    path = SHIPPED / f"{key}.rgb"
    if not path.exists():
        return None
    image = Image.new("P", (1, 1))
    image.putpalette(path.read_bytes())
    return FixedPalette(image)


def relearn(key: str) -> FixedPalette:
    """The palette `key`'s specimen teaches now (what the shipped data must equal)."""
    return learn(_specimens[key]())


def write_shipped() -> list[str]:
    """Learn every game's palette again and ship it; returns the keys written."""
    import importlib

    for game in ("arena", "bugs", "dragon", "ghosts", "tiger"):
        importlib.import_module(f"render.{game}")  # each registers its specimen
    SHIPPED.mkdir(exist_ok=True)
    for key in sorted(_specimens):
        (SHIPPED / f"{key}.rgb").write_bytes(relearn(key).rgb)
    return sorted(_specimens)


def sample_states(game: Game, players: int, *, seed: int, at: Sequence[int] = (0, 9, 40),
                  options: Mapping[str, bool] | None = None, limit: int = 400) -> list[State]:
    """One seeded random game after `at` actions and at its end: sample boards for a game's
    palette specimen (same seed, same states)."""
    from engine.rng import Rng  # only to learn a palette

    state, rng, states = game.setup(players, dict(options or {}), seed, 0.0), Rng(seed), []
    for step in range(limit):
        if step in at:
            states.append(state)
        moves = [(seat, a) for seat in range(players) for a in game.legal_actions(state, seat)]
        if game.outcome(state) is not None or not moves:
            break
        seat, action = rng.choice(moves)
        state, _ = game.apply(state, seat, action, 1.0 + step)
    states.append(state)
    return states


def sample_views(game: Game, players: int, *, seed: int, at: Sequence[int] = (0, 9, 40),
                 options: Mapping[str, bool] | None = None, limit: int = 400) -> list[View]:
    """The public views of `sample_states`."""
    return [game.view(state, None)
            for state in sample_states(game, players, seed=seed, at=at, options=options, limit=limit)]


if __name__ == "__main__":  # run as a script this file is `__main__`: the renderers register with render.palette
    from render.palette import write_shipped as write

    print("wrote", ", ".join(f"render/palettes/{key}.rgb" for key in write()), file=sys.stderr)

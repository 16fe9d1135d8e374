"""PNG encoding and the image-plus-alt-text type every renderer returns.

Boards are flat colours plus anti-aliased text, so a 256-colour palette looks the same as full
RGB at about a third of the size. Three ways to get one:

- `encode_png(image)`: a palette chosen for this image (fast octree), as any render may use.
- `encode_png(image, palette=fixed)`: a game's `palette.FixedPalette`, learnt once from every
  colour the game draws, so no palette is chosen per frame.
- `colours=None`: full RGB (photos, gradients).

Encoding is CPU-bound, so `render_async` moves the whole render off the event loop.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

from PIL import Image

from render import palette
from render.cache import is_naive
from render.palette import FixedPalette

P = ParamSpec("P")
T = TypeVar("T")

# Discord rejects attachment descriptions (alt text) longer than this.
MAX_DESCRIPTION = 1024

COMPRESS_LEVEL = 4  # zlib: level 6 is ~12% smaller and ~50% slower on boards
SQUEEZE_ABOVE = 36 * 1024  # a PNG larger than this is compressed again at level 9


@dataclass(frozen=True)
class RenderedImage:
    """PNG bytes with the description screen-reader users get instead."""

    png: bytes
    description: str
    filename: str = "board.png"

    @property
    def alt_text(self) -> str:
        """`description` trimmed to Discord's attachment-description limit."""
        if len(self.description) <= MAX_DESCRIPTION:
            return self.description
        return self.description[: MAX_DESCRIPTION - 1].rstrip() + "…"


def opaque_rgb(image: Image.Image) -> Image.Image:
    """`image` as opaque RGB: transparency flattened onto the table background.

    An RGB image is returned as it is; a fully opaque RGBA one is only converted.
    """
    if image.mode == "RGB":
        return image
    if image.mode == "RGBA" and image.getchannel("A").getextrema()[0] == 255:
        return image.convert("RGB")
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        base = Image.new("RGBA", rgba.size, palette.BACKGROUND + (255,))
        return Image.alpha_composite(base, rgba).convert("RGB")
    return image.convert("RGB")


def encode_png(
    image: Image.Image,
    *,
    compress_level: int = COMPRESS_LEVEL,
    colours: int | None = 256,
    palette: FixedPalette | None = None,
) -> bytes:
    """Encode `image` as an opaque PNG, palette-based by default.

    With `palette` (a game's fixed palette) every pixel takes its nearest palette colour, no
    dithering. Without, a 256-colour
    palette is chosen for this image (fast octree); `colours=None` keeps full RGB.
    Transparency is flattened onto the table background. `optimize` stays off: it costs far
    more time than the little it saves.
    """
    if is_naive():  # the baseline benchmarks compare against: plain RGBA, optimised
        buffer = io.BytesIO()
        image.convert("RGBA").save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()
    image = opaque_rgb(image)
    if colours is not None and palette is not None:
        image = image.quantize(palette=palette.image, dither=Image.Dither.NONE)
    elif colours is not None:
        image = image.quantize(colours, method=Image.Quantize.FASTOCTREE)
    png = _save(image, compress_level)
    if len(png) > SQUEEZE_ABOVE and compress_level < 9:
        png = min(png, _save(image, 9), key=len)  # rare busy boards: small beats fast
    return png


def _save(image: Image.Image, level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=level)
    return buffer.getvalue()


async def render_async(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a (synchronous, CPU-bound) render function in a worker thread."""
    return await asyncio.to_thread(fn, *args, **kwargs)

"""PNG encoding and the image-plus-alt-text type every renderer returns.

Encoding is CPU-bound, so `render_async` moves the whole render off the event
loop.
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

P = ParamSpec("P")
T = TypeVar("T")

# Discord rejects attachment descriptions (alt text) longer than this.
MAX_DESCRIPTION = 1024


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


def encode_png(
    image: Image.Image, *, compress_level: int = 6, colours: int | None = 256
) -> bytes:
    """Encode `image` as an opaque PNG, palette-based by default.

    Boards are flat colours plus anti-aliased text, so a 256-colour palette
    (fast octree quantiser) looks identical and is about a third of the size;
    pass `colours=None` for full RGB (photos, gradients). Transparency is
    flattened onto the table background. `optimize` stays off: it costs far
    more time than the little it saves.
    """
    if is_naive():  # the baseline benchmarks compare against: plain RGBA, optimised
        buffer = io.BytesIO()
        image.convert("RGBA").save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        base = Image.new("RGBA", rgba.size, palette.BACKGROUND + (255,))
        image = Image.alpha_composite(base, rgba).convert("RGB")
    elif image.mode != "RGB":
        image = image.convert("RGB")
    if colours is not None:
        image = image.quantize(colours, method=Image.Quantize.FASTOCTREE)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=compress_level)
    return buffer.getvalue()


async def render_async(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a (synchronous, CPU-bound) render function in a worker thread."""
    return await asyncio.to_thread(fn, *args, **kwargs)

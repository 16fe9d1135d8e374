"""PNG encoding and the image-plus-alt-text type every renderer returns.

Boards are flat colours plus anti-aliased text, so a 256-colour palette looks the same as full
RGB at about a third of the size. Three ways to encode:

- `encode_png(image)`: a palette chosen for this image (fast octree), as any render may use.
- `encode_png(image, palette=fixed)`: a game's `palette.FixedPalette`, learnt once from every
  colour the game draws, so no palette is chosen per frame.
- `colours=None`: full RGB (photos, gradients).

Palette images are written here, not by Pillow: the rows of palette indices go through ISA-L's
deflate (the `isal` package, ten times faster than zlib on boards for a file ~8% larger), or
through zlib at a level the caller names. A busy board that comes out large (a few Dragon boards
in a thousand; every Eye for an Eye board of 5-6 players under the advanced rules) is compressed
again harder, so boards stay small enough to send quickly.

Rendering is CPU-bound, so `render_async` moves the whole render off the event loop, onto a
render thread.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import io
import struct
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from PIL import Image

from render import palette
from render.cache import is_naive
from render.palette import FixedPalette

P = ParamSpec("P")
T = TypeVar("T")

# Discord rejects attachment descriptions (alt text) longer than this.
MAX_DESCRIPTION = 1024

_fast_zlib: Any
try:  # ISA-L's deflate: a board's ~400 KB of palette indices in ~0.1 ms instead of ~1.6 ms
    from isal import isal_zlib as _fast_zlib
except ImportError:  # pragma: no cover - the package is a dependency; zlib still works
    _fast_zlib = None

COMPRESS_LEVEL = 4  # zlib's level when ISA-L is missing (level 6: ~12% smaller, ~50% slower)
FAST_LEVEL = 1  # ISA-L's level (0-3): 1 is as fast as 0 and ~15% smaller
SQUEEZE_ABOVE = 36 * 1024  # a PNG larger than this is compressed again at zlib's SQUEEZE_LEVEL
# zlib's level for that. Eye for an Eye's 6-player advanced boards (41-45 KiB from ISA-L) come out
# at most 34.5 KiB at level 6 in ~4.3 ms, 36.7 KiB at 5 in ~2.9 ms, 38.2 KiB at 4 in ~2.4 ms; the
# crowded advanced test board (every mark at once) is 39.5 KB at 6 but 41.8 KB at 5, over the 40
# KiB a board may take, so 6 it stays. ISA-L's levels 2-3 are no smaller than its 1; level 9: ~20 ms.
SQUEEZE_LEVEL = 6


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
    compress_level: int | None = None,
    colours: int | None = 256,
    palette: FixedPalette | None = None,
) -> bytes:
    """Encode `image` as an opaque PNG, palette-based by default.

    With `palette` (a game's fixed palette) every pixel takes its nearest palette colour, no
    dithering. Without, a 256-colour palette is chosen for this image (fast octree);
    `colours=None` keeps full RGB. `compress_level` is a zlib level (0-9); by default the
    fastest good deflate is used. Transparency is flattened onto the table background.
    `optimize` stays off: it costs far more time than the little it saves.
    """
    if is_naive():  # the baseline benchmarks compare against: plain RGBA, optimised
        buffer = io.BytesIO()
        image.convert("RGBA").save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()
    image = opaque_rgb(image)
    if colours is None:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=False, compress_level=compress_level or COMPRESS_LEVEL)
        return buffer.getvalue()
    if palette is not None:
        indexed = image.quantize(palette=palette.image, dither=Image.Dither.NONE)
    else:
        indexed = image.quantize(colours, method=Image.Quantize.FASTOCTREE)
    return palette_png(indexed, compress_level)


_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def palette_png(image: Image.Image, compress_level: int | None = None) -> bytes:
    """A P-mode image as a PNG: 8-bit indices, no filter (as for any palette image), deflated by
    ISA-L (or zlib at `compress_level`); compressed again harder if it comes out large."""
    width, height = image.size
    rows = Image.new("P", (width + 1, height), 0)  # column 0: each row's filter byte, 0 (none)
    rows.paste(image, (1, 0))
    raw = rows.tobytes()
    if compress_level is None and _fast_zlib is not None:
        pixels = _fast_zlib.compress(raw, FAST_LEVEL)
    else:
        pixels = zlib.compress(raw, COMPRESS_LEVEL if compress_level is None else compress_level)
    if len(pixels) > SQUEEZE_ABOVE and (compress_level or 0) < SQUEEZE_LEVEL:
        pixels = min(pixels, zlib.compress(raw, SQUEEZE_LEVEL), key=len)  # a rare busy board: small beats fast
    colours = bytes(image.getpalette() or [])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit, palette, no interlace
    return b"".join((_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", colours[:768]),
                     _chunk(b"IDAT", pixels), _chunk(b"IEND", b"")))


# Renders run on a few threads of their own. Drawing is mostly Python, which holds the GIL, so
# more threads would not draw faster: they would only keep the event loop (and with it every
# click's acknowledgement) waiting longer for the GIL. Two let one thread's deflate, quantising
# and pasting (which release the GIL) overlap the other's drawing.
RENDER_THREADS = 2
_renderers = ThreadPoolExecutor(RENDER_THREADS, thread_name_prefix="render")


async def render_async(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run a (synchronous, CPU-bound) render function on a render thread (context kept)."""
    call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_renderers, call)

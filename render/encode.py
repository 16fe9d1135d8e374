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

A table's boards follow one another: inside `render.cache.frames_of(table)`, a board encoded with a fixed
palette keeps the table's last one's palette indices except where it changed (a move changes a fifth
to a half of a board). A board put together by regions (render.cache.draw_regions) is palette indices
already, and says what changed: the tiles put in over the last board (a Treasure of the Dragons move:
a card and a few lines, about 62,000 of its 419,000 pixels); they go into the last PNG's rows. Any
other board is compared with the last one, block of rows by block of rows, the pixels themselves,
not checksums of them, and what changed is mapped onto the palette. A board with no change at all
(most Eye for an Eye actions change nothing its board shows) gets the last PNG back, not even
deflated. Either way the PNG is the one encoding the board afresh gives.

Rendering is CPU-bound, so `render_async` moves the whole render off the event loop, onto a
render thread (render.workers draws in other processes).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import io
import struct
import zlib
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from PIL import Image

from render import palette
from render.cache import ByteLRU, Repaint, is_naive, on_clear, repaint_of, table_now
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
    if is_naive():  # the baseline benchmarks compare against: the image as drawn, Pillow's defaults
        buffer = io.BytesIO()
        image.save(buffer, format="PNG")
        return buffer.getvalue()
    if palette is not None and image.mode == "P":
        repaint = repaint_of(image)
        if (repaint.palette if repaint is not None else _palette_of(image)) == palette.token:
            return _indices_png(table_now(), image, repaint, palette, compress_level)
    image = opaque_rgb(image)
    if colours is None:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=False, compress_level=compress_level or COMPRESS_LEVEL)
        return buffer.getvalue()
    if palette is None:
        return palette_png(image.quantize(colours, method=Image.Quantize.FASTOCTREE), compress_level)
    table = table_now()
    if table is None:
        return palette_png(palette.indices(image), compress_level)
    return _next_frame(table, image, palette, compress_level)


# ------------------------------------------------------------------ a table's frames
MAX_FRAME_BYTES = 48 * 1024 * 1024  # the busiest tables' last frames (a 480x900 board: ~2.2 MB)
PIXEL_BLOCK = 64 * 1024  # bytes of pixels compared at a time (whole rows: 34 of a 480 px board)


@dataclass(frozen=True)
class _Frame:
    """A table's last board: how it was encoded, its palette indices as the PNG deflates them
    (`framed`), the PNG, and what tells the next board's changes: the picture it was
    (render.cache.Repaint's serial) for a board drawn by regions, else its pixels as drawn (blocks
    of Pillow's RGBX bytes)."""

    size: tuple[int, int]
    encoding: tuple[Any, ...]  # the palette's token and the compress level
    rows: Image.Image
    png: bytes
    picture: int | None
    pixels: tuple[bytes, ...] | None


_frames: ByteLRU[_Frame] = ByteLRU(MAX_FRAME_BYTES, lambda frame: frame.size[0] * frame.size[1] * 5
                                   + len(frame.png) + 200)
on_clear(_frames.clear)


def _last_frame(table: Hashable, size: tuple[int, int], encoding: tuple[Any, ...]) -> _Frame | None:
    """The table's last frame, when it has this size and encoding (of another, nothing of it carries over)."""
    last = _frames.get(table)
    return last if last is not None and (last.size, last.encoding) == (size, encoding) else None


def _palette_of(image: Image.Image) -> tuple[int, int] | None:
    """The token of a P image's palette, as FixedPalette names one."""
    colours = bytes(image.getpalette() or [])
    return (len(colours), zlib.crc32(colours)) if colours else None


def _indices_png(table: Hashable | None, image: Image.Image, repaint: Repaint | None, fixed: FixedPalette,
                 compress_level: int | None) -> bytes:
    """The PNG of a board already made of `fixed`'s indices: put together by regions (render.cache.draw_regions,
    `repaint` says how), or any image in that palette. Inside a table, a board put together over the one
    its last PNG showed is that PNG's rows with the new tiles put in, and the board itself is its PNG."""
    if repaint is None:
        return framed_png(framed(image), fixed.rgb, compress_level)
    encoding = (fixed.token, compress_level)
    last = _last_frame(table, image.size, encoding)
    if last is not None and last.picture == repaint.serial:
        return last.png
    if last is not None and repaint.over is not None and last.picture == repaint.over:
        rows = last.rows.copy()
        for (left, top, right, bottom), tile in zip(repaint.boxes, repaint.tiles, strict=True):
            rows.im.paste(tile, (left + 1, top, right + 1, bottom))
    else:
        rows = framed(image)
    png = framed_png(rows, fixed.rgb, compress_level)
    _frames.set(table, _Frame(image.size, encoding, rows, png, repaint.serial, None))
    return png


def _next_frame(table: Hashable, image: Image.Image, fixed: FixedPalette, compress_level: int | None) -> bytes:
    """The PNG of `table`'s next board (an RGB one: a board put together by regions is `_indices_png`'s),
    mapping onto the palette only the blocks of rows whose pixels changed since the last one; the last
    PNG itself when nothing changed. The same bytes as encoding the board afresh (a test compares them)."""
    pixels = pixel_blocks(image)
    encoding = (fixed.token, compress_level)
    last = _last_frame(table, image.size, encoding)
    if last is not None and last.pixels is not None and len(last.pixels) == len(pixels):
        if last.pixels == pixels:
            return last.png
        rows = last.rows.copy()
        high = len(pixels[0]) // (4 * image.width)  # rows a block holds
        changed = [i for i, (now, before) in enumerate(zip(pixels, last.pixels, strict=True)) if now != before]
        for first, end in _runs(changed):
            _map_onto(rows, image, (0, first * high, image.width, end * high), fixed)
    else:
        rows = framed(fixed.indices(image))
    png = framed_png(rows, fixed.rgb, compress_level)
    _frames.set(table, _Frame(image.size, encoding, rows, png, None, pixels))
    return png


def _map_onto(rows: Image.Image, image: Image.Image, box: tuple[int, int, int, int], fixed: FixedPalette) -> None:
    """Put `image`'s `box` (clipped to it) mapped onto the palette into the `framed` `rows`."""
    left, top = max(0, box[0]), max(0, box[1])
    right, bottom = min(image.width, box[2]), min(image.height, box[3])
    if left < right and top < bottom:  # what crop, quantize and paste do, less their Python: a move maps several boxes
        part = image.im.crop((left, top, right, bottom)).convert("P", Image.Dither.NONE, fixed.image.im)
        rows.im.paste(part, (left + 1, top, right + 1, bottom))


def _runs(indices: list[int]) -> Iterator[tuple[int, int]]:
    """Consecutive runs of ascending `indices`, each as (first, last + 1)."""
    start = previous = None
    for i in indices:
        if previous is not None and i == previous + 1:
            previous = i
            continue
        if start is not None and previous is not None:
            yield start, previous + 1
        start = previous = i
    if start is not None and previous is not None:
        yield start, previous + 1


def pixel_blocks(image: Image.Image) -> tuple[bytes, ...]:
    """An RGB image's pixels as Pillow keeps them (RGBX: a copy, no conversion), in blocks of whole rows
    (PIXEL_BLOCK bytes or one row), as `Image.tobytes` reads them before joining them. Joined, a board
    is 1.7 MB: a fresh allocation that large costs more in page faults than the copy (0.3-0.4 ms
    against 0.07 ms); blocks reuse freed memory, and tell which rows changed."""
    assert image.mode == "RGB", "blocks are compared as RGBX rows"
    encoder = Image._getencoder(image.mode, "raw", ("RGBX",))
    try:
        encoder.setimage(image.im, (0, 0, *image.size))
        blocks = []
        while True:
            _, done, block = encoder.encode(max(PIXEL_BLOCK, image.width * 4))
            blocks.append(block)
            if done:
                break
        if done < 0:
            raise RuntimeError(f"encoder error {done} reading the pixels")
    finally:
        encoder.cleanup()
    return tuple(blocks)


_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def framed(image: Image.Image) -> Image.Image:
    """A P-mode image one column wider, that column 0: the rows as a PNG deflates them, each after its
    filter byte (0: none, as for any palette image)."""
    rows = Image.new("P", (image.width + 1, image.height), 0)
    rows.paste(image, (1, 0))
    return rows


def palette_png(image: Image.Image, compress_level: int | None = None) -> bytes:
    """A P-mode image as a PNG: 8-bit indices, no filter (as for any palette image), deflated by
    ISA-L (or zlib at `compress_level`); compressed again harder if it comes out large."""
    return framed_png(framed(image), bytes(image.getpalette() or []), compress_level)


def framed_png(rows: Image.Image, colours: bytes, compress_level: int | None = None) -> bytes:
    """The PNG of `framed` rows and their palette's `colours` (see `palette_png`)."""
    raw = rows.tobytes()
    if compress_level is None and _fast_zlib is not None:
        pixels = _fast_zlib.compress(raw, FAST_LEVEL)
    else:
        pixels = zlib.compress(raw, COMPRESS_LEVEL if compress_level is None else compress_level)
    if len(pixels) > SQUEEZE_ABOVE and (compress_level or 0) < SQUEEZE_LEVEL:
        pixels = min(pixels, zlib.compress(raw, SQUEEZE_LEVEL), key=len)  # a rare busy board: small beats fast
    header = struct.pack(">IIBBBBB", rows.width - 1, rows.height, 8, 3, 0, 0, 0)  # 8-bit, palette, no interlace
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

"""Bounded caches for rendering: static image layers, and a byte-sized LRU for everything else.

Static parts of a board are identical across turns, so they are drawn once per key and reused;
only pieces are drawn per render.

Caches are sized by what they hold (bytes), not by how many entries: a thousand live games
must not thrash a cache built for thirty-two, and must not grow memory without bound either.

The cached image is shared between callers and threads: never draw on it. Either
`base.paste(layer, ...)` / `Image.alpha_composite(base, layer)` it onto your own image, or take
`layer.copy()` and draw on the copy.

`LastDrawn` keeps each table's last picture with a digest of what it showed, so a board whose view
did not change is not drawn again. Inside `frames_of(table)` (render/workers.py draws every board
there) a board split into `Region`s is its table's last picture with only the regions that
changed painted again (`draw_regions`), and the encoder maps only those onto the palette
(render/encode.py).

`naive()` turns every cache off (and makes `encode_png` save the image as drawn, with Pillow's
defaults) for the duration of a `with` block in this thread: `python -m bench.latency
--compare-naive` measures the pipeline against it.
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar

from PIL import Image, ImageDraw

V = TypeVar("V")

MAX_LAYER_BYTES = 48 * 1024 * 1024  # static layers and tiles (a 480x1000 RGB board is 1.4 MB)
MAX_LAYERS = 4096  # a guard on the entry count alone (tiny layers cost bookkeeping too)
MAX_PIECE_BYTES = 24 * 1024 * 1024  # pieces: tiles, cards, tokens (a 72x72 tile is 20 KB)

_naive: contextvars.ContextVar[bool] = contextvars.ContextVar("render_naive", default=False)


@contextlib.contextmanager
def naive() -> Iterator[None]:
    """Inside: no cache is read or filled and PNGs are encoded the plain way (for benchmarks)."""
    token = _naive.set(True)
    try:
        yield
    finally:
        _naive.reset(token)


def is_naive() -> bool:
    return _naive.get()


def image_bytes(image: Image.Image) -> int:
    """Memory an image holds: Pillow stores 1 byte a pixel for L and P, 4 for RGB and RGBA."""
    per_pixel = 1 if image.mode in ("1", "L", "P") else 4
    return image.width * image.height * per_pixel + 200


class ByteLRU(Generic[V]):
    """A thread-safe least-recently-used map bounded by the summed size of its values."""

    def __init__(self, max_bytes: int, size_of: Callable[[V], int], max_entries: int = 1 << 20) -> None:
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self._size_of = size_of
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: Hashable, value: V) -> V:
        """Store `value` unless `key` is already there; returns the stored value."""
        size = self._size_of(value)
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found[0]
            if size > self.max_bytes:
                return value  # larger than the whole cache: used once, never kept
            self._items[key] = (value, size)
            self._bytes += size
            while self._bytes > self.max_bytes or len(self._items) > self.max_entries:
                _, (_, dropped) = self._items.popitem(last=False)
                self._bytes -= dropped
            return value

    def take(self, key: Hashable) -> V | None:
        """The value for `key`, removed: the caller has it to itself until it stores it again."""
        with self._lock:
            found = self._items.pop(key, None)
            if found is None:
                return None
            self._bytes -= found[1]
            return found[0]

    def set(self, key: Hashable, value: V) -> None:
        """Store `value` under `key`, replacing what was there (`put` keeps the first)."""
        with self._lock:
            found = self._items.pop(key, None)
            if found is not None:
                self._bytes -= found[1]
        self.put(key, value)

    def get_or_build(self, key: Hashable, builder: Callable[[], V]) -> V:
        """The value for `key`, built outside the lock on a miss (the first stored result wins)."""
        if _naive.get():
            return builder()
        found = self.get(key)
        if found is not None:
            return found
        return self.put(key, builder())

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    @property
    def bytes(self) -> int:
        with self._lock:
            return self._bytes


class LastDrawn(Generic[V]):
    """The last picture drawn for each table, beside a digest of everything it shows (the view, the
    names...): asked again with the same digest, the table gets that picture back instead of a new
    drawing. One entry a table, bounded in bytes; a digest that differs is simply a miss."""

    def __init__(self, max_bytes: int, size_of: Callable[[V], int]) -> None:
        self._last: ByteLRU[tuple[bytes, V]] = ByteLRU(max_bytes, lambda entry: size_of(entry[1]) + 64)
        self.hits = 0  # pictures given back undrawn (for benches and diagnostics)

    def get(self, table: Hashable, digest: bytes) -> V | None:
        """The picture last drawn for `table` if it showed `digest`, else None."""
        if _naive.get():
            return None
        found = self._last.get(table)
        if found is None or found[0] != digest:
            return None
        self.hits += 1
        return found[1]

    def put(self, table: Hashable, digest: bytes, picture: V) -> None:
        if not _naive.get():
            self._last.set(table, (digest, picture))

    def clear(self) -> None:
        self._last.clear()


def images_bytes(value: Image.Image | tuple[Image.Image | None, ...]) -> int:
    if isinstance(value, tuple):
        return sum(image_bytes(image) for image in value if image is not None)
    return image_bytes(value)


_layers: ByteLRU[Image.Image] = ByteLRU(MAX_LAYER_BYTES, image_bytes, MAX_LAYERS)
_pieces: ByteLRU[Any] = ByteLRU(MAX_PIECE_BYTES, images_bytes)
_clear_hooks: list[Callable[[], None]] = [_pieces.clear]


def cached_layer(key: Hashable, builder: Callable[[], Image.Image]) -> Image.Image:
    """Return the layer for `key`, calling `builder()` only on a miss.

    The key must capture everything the builder depends on (game, size, theme...). Building
    happens outside the lock so slow builds of different keys don't block each other; if two
    threads race on the same key, the first stored result wins and both get that same object.
    """
    return _layers.get_or_build(key, builder)


def cached_piece(key: Hashable, builder: Callable[[], V]) -> V:
    """Like `cached_layer`, for the small pieces a board is pasted together from (tiles,
    cards, tokens: an image or a tuple of images), kept apart from the layers and their count."""
    return _pieces.get_or_build(key, builder)


def on_clear(hook: Callable[[], None]) -> None:
    """Call `hook` whenever `clear_layer_cache` runs (other render caches register here)."""
    _clear_hooks.append(hook)


def clear_layer_cache() -> None:
    """Drop every cached layer, piece and every other render cache (tests, or after a theme change)."""
    _layers.clear()
    for hook in _clear_hooks:
        hook()


def cached_layer_count() -> int:
    """How many layers are cached (for tests and diagnostics)."""
    return len(_layers)


def cached_layer_bytes() -> int:
    """How many bytes the cached layers hold."""
    return _layers.bytes


# ------------------------------------------------------------------ a table's boards, region by region
# Why: most of a board stays as it was from one move to the next. A Treasure of the Dragons move
# turns over one card of 49 and rewrites a few lines, yet drawing the board afresh pastes every card
# again. A renderer that splits its board into regions (each a box, the key of everything it shows
# there, and a painter) gets a copy of the table's last picture with only the regions whose key
# changed put back to the base layer and painted again.
#
# Exact by construction, given the promises a renderer keeps (tests/render/test_board_regions.py
# checks them on replayed games: each painter on its own, and every board against drawing it
# afresh): a painter paints only inside its region's box, the key holds all it shows, and regions
# do not overlap, so the order they are painted in does not matter. The encoder maps onto the
# palette only the boxes painted again (`repaint_of`). Outside a table, on a new base layer
# (another language, another table size) or in `naive()` mode, every region is painted, as a fresh
# drawing would be.
_table: contextvars.ContextVar[Hashable | None] = contextvars.ContextVar("render_frames_of", default=None)


@contextlib.contextmanager
def frames_of(table: Hashable | None) -> Iterator[None]:
    """Inside: the boards drawn and encoded are `table`'s, each following the one before (None: no table).
    The last board `draw_regions` drew inside is the table's again when the block ends: its next board
    is painted over it, so hold no board drawn here past the block."""
    token, drawn = _table.set(table), _drawn.set(None)
    try:
        yield
    finally:
        picture = _drawn.get()
        _drawn.reset(drawn)
        _table.reset(token)
        if picture is not None and table is not None:
            _pictures.set(table, picture)


def table_now() -> Hashable | None:
    """The table whose boards are being drawn (inside `frames_of`), else None."""
    return _table.get()


MAX_PICTURE_BYTES = 48 * 1024 * 1024  # tables' last pictures (a 480x900 board: 1.7 MB)

Paint = Callable[[Image.Image, ImageDraw.ImageDraw], None]


class Region(NamedTuple):  # a tuple: a Dragon board is made of 56 of them, on every move
    """A box of the board (left, top, right, bottom: right and bottom excluded), all it shows, and
    how to paint it onto the whole board (in the board's coordinates, never outside the box)."""

    box: tuple[int, int, int, int]
    key: Hashable
    paint: Paint


class Repaint(NamedTuple):
    """What `draw_regions` knows of a board it drew, for the encoder (render/encode.py): which picture it
    is, the picture it was painted over (None: painted whole) and the boxes painted again over it."""

    serial: int
    over: int | None
    boxes: tuple[tuple[int, int, int, int], ...]


_serials = itertools.count(1)


@dataclass(frozen=True)
class _Picture:
    base: Image.Image  # the layer it was painted over (held, so its identity is never reused)
    keys: tuple[Hashable, ...]
    image: Image.Image
    repaint: Repaint


_pictures: ByteLRU[_Picture] = ByteLRU(MAX_PICTURE_BYTES, lambda picture: image_bytes(picture.image) + 200)
on_clear(_pictures.clear)
# The table's picture drawn in this `frames_of` block, taken from `_pictures` (no other draw of the table
# paints over it meanwhile, and the encoder reads it undisturbed) until the block ends.
_drawn: contextvars.ContextVar[_Picture | None] = contextvars.ContextVar("render_drawn", default=None)


def draw_regions(base: Image.Image, regions: Sequence[Region]) -> Image.Image:
    """The board: `base` (an RGB layer, never drawn on) with every region painted, the regions that
    show what they showed on the table's last board taken from it (that board itself when none
    changed). Never draw on the result. The table's last board is painted over in place, not copied
    (a copy of a whole board was a tenth of a Tiger move), unless it was drawn in this same block:
    whoever drew it may still hold it."""
    table = None if is_naive() else _table.get()
    keys = tuple(region.key for region in regions)
    drawn_here = _drawn.get() if table is not None else None
    last = drawn_here or (_pictures.take(table) if table is not None else None)
    if last is None or last.base is not base or len(last.keys) != len(keys):
        image = base.copy()
        draw = ImageDraw.Draw(image)
        for region in regions:
            region.paint(image, draw)
        picture = _Picture(base, keys, image, Repaint(next(_serials), None, ()))
    else:
        changed = [region for region, before in zip(regions, last.keys, strict=True) if region.key != before]
        if changed:
            image = last.image.copy() if last is drawn_here else last.image
            draw = ImageDraw.Draw(image)
            for region in changed:
                image.im.paste(base.im.crop(region.box), region.box)  # Image.paste of a crop, less its Python
                region.paint(image, draw)
            picture = _Picture(base, keys, image, Repaint(next(_serials), last.repaint.serial,
                                                          tuple(region.box for region in changed)))
        else:
            picture = last
    if table is not None:
        _drawn.set(picture)
    return picture.image


def repaint_of(image: Image.Image) -> Repaint | None:
    """How `image` was painted, when it is the board `draw_regions` last drew in this `frames_of` block."""
    picture = _drawn.get()
    return picture.repaint if picture is not None and picture.image is image else None

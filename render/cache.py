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
there) a board split into `Region`s is its table's last board, in palette indices, with only the
regions that changed put in again (`draw_regions`), each a tile kept from the last time any board
showed it, else painted and mapped onto the palette; the encoder deflates it (render/encode.py).

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

from render.palette import FixedPalette

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
# again. A renderer splits its board into regions (each a box, the key of everything it shows there,
# and a painter). Inside a table, with the game's palette, its board is kept as palette indices (what
# the PNG holds), and only the regions whose key changed are put in again, each as a tile of palette
# indices: the tile kept from when that region showed that key before, on any table (kept from its
# second showing), or else painted over the base layer and mapped onto the palette. Most regions
# show what they showed before somewhere (the same card turned over, the same supply stack): a kept
# tile is neither painted nor mapped.
#
# Exact by construction, given the promises a renderer keeps (tests/render/test_board_regions.py
# checks them on replayed games: each painter on its own, and every board against drawing it
# afresh): a painter paints only inside its region's box, the key holds all it shows, and regions
# do not overlap, so the order they are painted in does not matter; a pixel's palette index depends
# on that pixel alone (no dithering). The encoder deflates the indices, putting in only the tiles
# new since the table's last PNG (`repaint_of`). Outside a table, without a palette or in `naive()`
# mode, the board is drawn whole in RGB, every region painted, as a fresh drawing is.
_table: contextvars.ContextVar[Hashable | None] = contextvars.ContextVar("render_frames_of", default=None)


@contextlib.contextmanager
def frames_of(table: Hashable | None) -> Iterator[None]:
    """Inside: the boards drawn and encoded are `table`'s, each following the one before (None: no table).
    The last board `draw_regions` drew inside is the table's again when the block ends: its next board
    is put together over it, so hold no board drawn here past the block."""
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


MAX_PICTURE_BYTES = 16 * 1024 * 1024  # tables' last boards, as palette indices (a 480x900 board: 0.4 MB)
MAX_TILE_BYTES = 16 * 1024 * 1024  # regions' tiles, as palette indices, from every table
MAX_SEEN = 16384  # keys of tiles shown once, remembered

Paint = Callable[[Image.Image, ImageDraw.ImageDraw], None]


class Region(NamedTuple):  # a tuple: a Dragon board is made of 56 of them, on every move
    """A box of the board (left, top, right, bottom: right and bottom excluded), all it shows, and
    how to paint it onto the whole board (in the board's coordinates, never outside the box)."""

    box: tuple[int, int, int, int]
    key: Hashable
    paint: Paint


class Repaint(NamedTuple):
    """What `draw_regions` knows of a board it put together, for the encoder (render/encode.py): which
    board it is, the board it was put together over (None: made whole), the palette of its indices,
    and the tiles put in over that board with their boxes."""

    serial: int
    over: int | None
    palette: tuple[int, int]
    boxes: tuple[tuple[int, int, int, int], ...]
    tiles: tuple[Any, ...]  # Pillow's images (ImagingCore) of palette indices, one a box


_serials = itertools.count(1)


@dataclass(frozen=True)
class _Picture:
    base: Image.Image  # the layer it was put together over (held, so its identity is never reused)
    keys: tuple[Hashable, ...]
    image: Image.Image  # palette indices, the palette attached
    repaint: Repaint


_pictures: ByteLRU[_Picture] = ByteLRU(MAX_PICTURE_BYTES, lambda picture: image_bytes(picture.image) + 200)
_tiles: ByteLRU[Any] = ByteLRU(MAX_TILE_BYTES, lambda tile: tile.size[0] * tile.size[1] + 120)
# Tiles' keys (their hashes) shown once: a tile is kept from its second showing, so the many a board shows
# only once (a status that reads the whole game) do not push out the ones shown again and again.
_seen: ByteLRU[bool] = ByteLRU(MAX_SEEN, lambda _: 1)
_mapped_bases: ByteLRU[Image.Image] = ByteLRU(MAX_PICTURE_BYTES, image_bytes)
for _cache in (_pictures, _tiles, _seen, _mapped_bases):
    on_clear(_cache.clear)
# The table's board put together in this `frames_of` block, taken from `_pictures` (no other drawing of
# the table puts tiles in it meanwhile, and the encoder reads it undisturbed) until the block ends.
_drawn: contextvars.ContextVar[_Picture | None] = contextvars.ContextVar("render_drawn", default=None)
_layer_serials = itertools.count(1)
_scratch = threading.local()  # each thread's RGB board to paint regions on


def draw_regions(base: Image.Image, regions: Sequence[Region], palette: FixedPalette | None) -> Image.Image:
    """The board: `base` (an RGB layer, never drawn on) with every region painted. Inside a table with
    the game's `palette`: as palette indices (P, the palette attached), the table's last board with
    the tiles of the regions that changed put in (that board itself when none changed); put
    together over in place, unless it was drawn in this same block (whoever drew it may still hold
    it). Else in RGB, drawn whole. Never draw on the result."""
    table = None if is_naive() or palette is None else _table.get()
    if table is None or palette is None:
        image = base.copy()
        draw = ImageDraw.Draw(image)
        for region in regions:
            region.paint(image, draw)
        return image
    keys = tuple(region.key for region in regions)
    drawn_here = _drawn.get()
    last = drawn_here or _pictures.take(table)
    if (last is None or last.base is not base or last.repaint.palette != palette.token
            or len(last.keys) != len(keys)):
        image, changed, over = _mapped_base(base, palette).copy(), list(regions), None
    else:
        changed = [region for region, before in zip(regions, last.keys, strict=True) if region.key != before]
        if not changed:
            _drawn.set(last)
            return last.image
        image, over = last.image.copy() if last is drawn_here else last.image, last.repaint.serial
    tiles = tuple(_tile(base, region, palette) for region in changed)
    boxes = tuple(region.box for region in changed)
    for box, tile in zip(boxes, tiles, strict=True):
        image.im.paste(tile, box)
    picture = _Picture(base, keys, image, Repaint(next(_serials), over, palette.token, boxes, tiles))
    _drawn.set(picture)
    return image


def _tile(base: Image.Image, region: Region, palette: FixedPalette) -> Any:
    """The region's palette indices: kept from a board that showed its key before, or painted and mapped."""
    try:
        key: Hashable = (palette.token, _serial(base), region.box, region.key)
        found = _tiles.get(key)
    except TypeError:  # a key that cannot be hashed: painted every time
        key, found = None, None
    if found is not None:
        return found
    left, top, right, bottom = region.box
    if not (0 <= left < right <= base.width and 0 <= top < bottom <= base.height):
        raise ValueError(f"a region's box must lie inside its board: {region.box} on {base.size}")
    board, draw = _scratch_board(base.size)
    board.im.paste(base.im.crop(region.box), region.box)  # Image.paste of a crop, less its Python
    region.paint(board, draw)
    tile = board.im.crop(region.box).convert("P", Image.Dither.NONE, palette.image.im)
    if key is None or _seen.get(hash(key)) is None:  # shown for the first time: only kept when shown again
        if key is not None:
            _seen.put(hash(key), True)
        return tile
    return _tiles.put(key, tile)


def _serial(layer: Image.Image) -> int:
    """A number naming `layer` in tile keys (a Pillow image is not hashable), given on first use."""
    serial: int | None = getattr(layer, "_tile_serial", None)
    if serial is None:
        serial = next(_layer_serials)
        layer._tile_serial = serial  # type: ignore[attr-defined]
    return serial


def _scratch_board(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """This thread's RGB board, at least `size`, to paint one region at a time on: only the region's box is
    ever read back, so what other regions (of any board) left on it does not matter. One a thread, as
    large as the largest board drawn on it."""
    found: tuple[Image.Image, ImageDraw.ImageDraw] | None = getattr(_scratch, "board", None)
    if found is None or found[0].width < size[0] or found[0].height < size[1]:
        board = Image.new("RGB", (max(size[0], found[0].width if found else 0),
                                  max(size[1], found[0].height if found else 0)))
        found = _scratch.board = (board, ImageDraw.Draw(board))
    return found


def _mapped_base(base: Image.Image, palette: FixedPalette) -> Image.Image:
    """`base` as palette indices (kept: a table's first board, and every board after a break, start from it)."""
    return _mapped_bases.get_or_build((palette.token, _serial(base)), lambda: palette.indices(base))


def repaint_of(image: Image.Image) -> Repaint | None:
    """How `image` was put together, when it is the board `draw_regions` last drew in this `frames_of` block."""
    picture = _drawn.get()
    return picture.repaint if picture is not None and picture.image is image else None

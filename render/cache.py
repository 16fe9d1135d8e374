"""A small bounded LRU of static image layers (board grids, backgrounds).

Static parts of a board are identical across turns, so they are drawn once
per key and reused; only pieces are drawn per render.

The cached image is shared between callers and threads: never draw on it.
Either `Image.alpha_composite(base, layer)` / `base.paste(layer, ...)` it onto
your own image, or take `layer.copy()` and draw on the copy.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

MAX_LAYERS = 32

_layers: OrderedDict[Hashable, Image.Image] = OrderedDict()
_lock = threading.Lock()


def cached_layer(key: Hashable, builder: Callable[[], Image.Image]) -> Image.Image:
    """Return the layer for `key`, calling `builder()` only on a miss.

    The key must capture everything the builder depends on (game, size,
    theme...). Building happens outside the lock so slow builds of different
    keys don't block each other; if two threads race on the same key, the first
    stored result wins and both get that same object.
    """
    with _lock:
        layer = _layers.get(key)
        if layer is not None:
            _layers.move_to_end(key)
            return layer
    built = builder()
    with _lock:
        layer = _layers.setdefault(key, built)
        _layers.move_to_end(key)
        while len(_layers) > MAX_LAYERS:
            _layers.popitem(last=False)
        return layer


def clear_layer_cache() -> None:
    """Drop every cached layer (tests, or after a theme change)."""
    with _lock:
        _layers.clear()


def cached_layer_count() -> int:
    """How many layers are cached (for tests and diagnostics)."""
    with _lock:
        return len(_layers)

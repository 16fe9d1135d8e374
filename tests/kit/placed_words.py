"""Where a render module draws its words: every text drawn straight onto a board, with its box, so a
test can check that a translation's words stay inside the picture and clear of each other."""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from types import ModuleType

from render import canvas, palette
from render.cache import clear_layer_cache

Box = tuple[float, float, float, float]


@contextlib.contextmanager
def placed_words(module: ModuleType, on_board: Callable[[tuple[int, int]], bool]) -> Iterator[list[tuple[str, Box]]]:
    """Every text `module` draws while inside onto an image whose size `on_board` accepts (the board,
    not the cached pictures of its pieces), with its box."""
    placed: list[tuple[str, Box]] = []
    original = canvas.draw_text

    def placing(draw, xy, text, size, fill=palette.TEXT, anchor="la", bold=False):
        if on_board(draw._image.size) and text.strip():
            placed.append((text, draw.textbbox(xy, canvas.renderable(text), font=canvas.font(size, bold),
                                               anchor=anchor)))
        return original(draw, xy, text, size, fill, anchor, bold)

    clear_layer_cache()  # cached layers would hide their words
    module.draw_text = placing
    try:
        yield placed
    finally:
        module.draw_text = original
        clear_layer_cache()


def clashes(placed: list[tuple[str, Box]], width: int, height: int | None = None) -> list[str]:
    """Each word that leaves the picture or overlaps another, described."""
    found = []
    for k, (text, (l1, t1, r1, b1)) in enumerate(placed):
        if l1 < 0 or t1 < 0 or r1 > width or height is not None and b1 > height:
            found.append(f"{text!r} leaves the picture")
        for other, (l2, t2, r2, b2) in placed[k + 1:]:
            if l1 < r2 and l2 < r1 and t1 < b2 and t2 < b1:
                found.append(f"{text!r} overlaps {other!r}")
    return found

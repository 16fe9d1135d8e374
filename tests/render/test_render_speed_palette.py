"""Each game's fixed palette (learnt once from sample boards) draws its boards as faithfully as a
palette chosen per frame: a board's colours stay put and text edges keep their shades."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from engine.arena import EyeForAnEye
from engine.bugs import Bugs
from engine.dragon import Dragon
from engine.ghosts import Ghosts
from engine.tiger import Tiger
from render import arena, bugs, dragon, ghosts, palette, tiger
from render.encode import encode_png

GAMES = {
    "dragon": (Dragon(), dragon, (2, 5), lambda view: dragon.draw_board(view, ["Ann", "Bob", "Cy", "Di", "Ed"])),
    "ghosts": (Ghosts(), ghosts, (2, 6), lambda view: ghosts.draw_board(view, names=["Ann", "Bob", "Cy"])),
    "tiger": (Tiger(), tiger, (1, 1), lambda view: tiger.draw_board(view)),
    "bugs": (Bugs(), bugs, (2, 8), lambda view: bugs.draw_board(view, ["Ann", "Bob", "Cy"], now=0.0)),
    "arena": (EyeForAnEye(), arena, (2, 6), lambda view: arena.draw_board(view, ["Ann", "Bob", "Cy"], now=0.0)),
}


def error(truth: Image.Image, png: bytes) -> tuple[float, int]:
    """Mean and largest difference (0-255, the largest channel's) between a board and its PNG."""
    diff = ImageChops.difference(truth, Image.open(io.BytesIO(png)).convert("RGB"))
    histogram = diff.convert("L").histogram()
    pixels = sum(histogram)
    return sum(i * n for i, n in enumerate(histogram)) / pixels, max(i for i, n in enumerate(histogram) if n)


@pytest.mark.parametrize("name", GAMES)
def test_a_fixed_palette_is_as_faithful_as_one_chosen_per_frame(name: str) -> None:
    game, module, table_sizes, draw = GAMES[name]
    for players in table_sizes:
        for view in palette.sample_views(game, players, seed=100 + players, at=(1, 20, 70)):
            board = draw(view)
            fixed_mean, fixed_max = error(board, encode_png(board, palette=module.PALETTE))
            own_mean, _ = error(board, encode_png(board))
            assert fixed_mean <= max(1.5, own_mean * 1.6), (players, fixed_mean, own_mean)
            assert fixed_max <= 48, (players, fixed_max)


@pytest.mark.parametrize("name", GAMES)
def test_the_table_colours_are_in_every_palette_exactly(name: str) -> None:
    colours = set(zip(*[iter(GAMES[name][1].PALETTE.rgb)] * 3, strict=True))
    for colour in (palette.BACKGROUND, palette.PANEL, palette.TEXT, palette.MUTED, palette.HIGHLIGHT):
        assert colour in colours

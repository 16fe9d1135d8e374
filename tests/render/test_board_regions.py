"""Boards put together region by region over their table's last board (render.cache.draw_regions): only the
regions whose key changed are put in again, painted only when no board showed that key before, and the
board is always the one drawing it afresh gives (in palette indices), its PNG the one encoding it afresh
gives."""
from __future__ import annotations

import contextvars
import functools
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from cogs.language import said_text
from engine.bugs import Bugs
from engine.dragon import Dragon
from engine.ghosts import Ghosts
from engine.tiger import Tiger
from render import bugs, dragon, ghosts, tiger
from render.cache import Region, draw_regions, frames_of
from render.encode import encode_png
from render.palette import learn

NAMES = ["Ann", "Bartholomew Fitzgerald-Smythe", "Zoë", "Maximilian von Habsburg", "Ed", "Flo", "Gus", "Hal"]


RED, GREEN, BLUE, GREY = (200, 0, 0), (0, 200, 0), (0, 0, 200), (20, 20, 20)
SQUARES = learn([Image.frombytes("RGB", (5, 1), bytes([0, 0, 0, *RED, *GREEN, *BLUE, *GREY]))])


def _square(x: int, colour: tuple[int, int, int], painted: list[int]) -> Region:
    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        painted.append(x)
        d.rectangle((x, 0, x + 9, 9), fill=colour)
    return Region((x, 0, x + 10, 10), colour, paint)


def _shown(board: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return board.convert("RGB").getpixel(xy)


def test_only_the_regions_whose_key_changed_are_put_in_again() -> None:
    base = Image.new("RGB", (30, 10), GREY)
    painted: list[int] = []
    with frames_of(("regions", 1)):
        draw_regions(base, [_square(0, RED, painted), _square(10, RED, painted), _square(20, RED, painted)], SQUARES)
        assert painted == [0, 10, 20], "a table's first board paints every region"
        painted.clear()
        board = draw_regions(base, [_square(0, RED, painted), _square(10, BLUE, painted), _square(20, RED, painted)],
                             SQUARES)
    assert painted == [10]
    assert board.mode == "P", "a table's board is kept as palette indices"
    assert _shown(board, (15, 5)) == BLUE and _shown(board, (5, 5)) == RED == _shown(board, (25, 5))


def test_a_region_shown_twice_before_on_any_table_is_its_kept_tile_neither_painted_nor_mapped() -> None:
    base = Image.new("RGB", (30, 10), GREY)
    painted: list[int] = []
    for table in (5, 6):  # shown once, then again: kept from its second showing
        with frames_of(("regions", table)):
            draw_regions(base, [_square(0, RED, painted), _square(10, BLUE, painted), _square(20, GREEN, painted)],
                         SQUARES)
    assert painted == [0, 10, 20] * 2
    painted.clear()
    with frames_of(("regions", 7)):  # another table
        board = draw_regions(base, [_square(0, RED, painted), _square(10, GREEN, painted),
                                    _square(20, GREEN, painted)], SQUARES)
    assert painted == [10], "only green in the middle box was never shown before"
    assert [_shown(board, (x, 5)) for x in (5, 15, 25)] == [RED, GREEN, GREEN]
    layer = Image.new("RGB", (30, 10), GREY)
    for table in (8, 9):
        with frames_of(("regions", table)):
            other_layer = draw_regions(layer, [_square(0, RED, painted)], SQUARES)
    assert painted == [10, 0, 0], "a tile is kept for its base layer only"
    assert _shown(other_layer, (5, 5)) == RED


def test_a_new_base_layer_no_palette_or_no_table_paints_every_region() -> None:
    painted: list[int] = []
    regions = [_square(0, RED, painted), _square(10, GREEN, painted)]
    with frames_of(("regions", 2)):
        draw_regions(Image.new("RGB", (20, 10)), regions, SQUARES)
        draw_regions(Image.new("RGB", (20, 10)), regions, SQUARES)  # another layer (another language, say)
        layer = Image.new("RGB", (20, 10))
        assert draw_regions(layer, regions, None).mode == "RGB"  # no palette: drawn whole
        assert draw_regions(layer, regions, None).mode == "RGB"
    assert draw_regions(layer, regions, SQUARES).mode == "RGB"
    draw_regions(layer, regions, SQUARES)
    assert painted == [0, 10] * 6


def test_boards_of_every_size_painted_on_one_thread_are_the_boards_drawn_afresh() -> None:
    for table, size in enumerate(((60, 30), (20, 10), (40, 20), (30, 40))):  # the thread paints on one board
        base = Image.new("RGB", size, GREY)
        regions = [_square(0, RED, []), _square(10, BLUE, [])]
        with frames_of(("regions", 20 + table)):
            board = draw_regions(base, regions, SQUARES)
        assert board.tobytes() == SQUARES.indices(draw_regions(base, regions, None)).tobytes(), size


def test_a_region_whose_box_leaves_its_board_is_refused() -> None:
    with frames_of(("regions", 10)), pytest.raises(ValueError, match="inside its board"):
        draw_regions(Image.new("RGB", (20, 10), GREY), [_square(0, RED, []), _square(15, RED, [])], SQUARES)


def test_a_tables_last_board_is_put_together_over_in_its_next_block_never_in_the_block_that_drew_it() -> None:
    base = Image.new("RGB", (20, 10), GREY)
    with frames_of(("regions", 3)):
        first = draw_regions(base, [_square(0, RED, []), _square(10, RED, [])], SQUARES)
        second = draw_regions(base, [_square(0, BLUE, []), _square(10, RED, [])], SQUARES)
        assert first is not second and _shown(first, (5, 5)) == RED, "its drawer may still hold the first"
    with frames_of(("regions", 3)):
        third = draw_regions(base, [_square(0, RED, []), _square(10, RED, [])], SQUARES)
    assert third is second and _shown(third, (5, 5)) == RED, "the table's last board, put together over in place"


def test_a_board_being_drawn_is_not_put_together_over_by_another_drawing_of_its_table_meanwhile() -> None:
    base = Image.new("RGB", (20, 10), GREY)
    with frames_of(("regions", 4)):
        draw_regions(base, [_square(0, RED, []), _square(10, RED, [])], SQUARES)
    one, other = contextvars.copy_context(), contextvars.copy_context()  # two render threads, say
    block = frames_of(("regions", 4))
    one.run(block.__enter__)
    drawing = one.run(draw_regions, base, [_square(0, BLUE, []), _square(10, RED, [])], SQUARES)

    def meanwhile() -> Image.Image:
        with frames_of(("regions", 4)):
            return draw_regions(base, [_square(0, RED, []), _square(10, BLUE, [])], SQUARES)
    drawn_meanwhile = other.run(meanwhile)
    assert drawn_meanwhile is not drawing
    assert _shown(drawing, (5, 5)) == BLUE and _shown(drawing, (15, 5)) == RED
    assert _shown(drawn_meanwhile, (5, 5)) == RED and _shown(drawn_meanwhile, (15, 5)) == BLUE
    one.run(block.__exit__, None, None, None)


LANGUAGES = [str, functools.partial(said_text, "de"), functools.partial(said_text, "fr")]


def _boards(game, sizes: list[int], every: int = 150, options: dict | None = None):
    """(game number, players, view, now, aborted, show) after every action of a seeded random game at
    each table size in `sizes`, its language changing every `every` actions (English, German, French),
    the first one's last board drawn again ended early."""
    for number, players in enumerate(sizes):
        rng = random.Random(number)
        state = game.setup(players, options or {}, number, 0.0)
        for step in range(600):
            moves = [(seat, action) for seat in range(players) for action in game.legal_actions(state, seat)]
            if game.outcome(state) is not None or not moves:
                break
            seat, action = rng.choice(moves)
            state, _ = game.apply(state, seat, action, 1.0 + step)
            show = LANGUAGES[step // every % len(LANGUAGES)]
            yield number, players, game.view(state, None), 1.0 + step + rng.randrange(40), False, show
        last = LANGUAGES[number % len(LANGUAGES)]
        yield number, players, game.view(state, None), None, False, last
        if number == 0:  # the same board again, ended early: only `aborted` changes
            yield number, players, game.view(state, None), None, True, last


def _draw(renderer, view, players: int, now, aborted: bool, show):
    names = NAMES[:players]
    if renderer is ghosts:  # a board of its own shape: no clock, names by keyword
        return ghosts.draw_board(ghosts.public_view(view), names=names, aborted=aborted, show=show)
    if renderer is tiger:  # solo: no names, no clock
        return tiger.draw_board(view, aborted=aborted, show=show)
    return renderer.draw_board(view, names, now=now, aborted=aborted, show=show)


def _drawn_both_ways(renderer, boards) -> int:
    """How many boards put together by regions (a table's boards in turn, every table sharing its tiles)
    were the palette indices of the board drawn afresh, and encoded to the same PNG from the tiles put
    in again (render/encode.py) as afresh."""
    drawn = 0
    for number, players, view, now, aborted, show in boards:
        with frames_of((renderer.__name__, number)):
            continued = _draw(renderer, view, players, now, aborted, show)
            png = encode_png(continued, palette=renderer.PALETTE)
        afresh = _draw(renderer, view, players, now, aborted, show)
        assert continued.tobytes() == renderer.PALETTE.indices(afresh).tobytes(), f"game {number}, {view}"
        assert png == encode_png(afresh, palette=renderer.PALETTE), f"game {number}, {view}"
        drawn += 1
    return drawn


def test_a_treasure_of_the_dragons_board_drawn_by_regions_is_the_board_drawn_afresh() -> None:
    assert _drawn_both_ways(dragon, _boards(Dragon(), [3])) > 300


def test_a_zap_that_ghost_board_drawn_by_regions_is_the_board_drawn_afresh() -> None:
    assert _drawn_both_ways(ghosts, _boards(Ghosts(), [5])) > 300


def test_a_bugs_and_co_board_drawn_by_regions_is_the_board_drawn_afresh() -> None:
    assert _drawn_both_ways(bugs, _boards(Bugs(), [6])) > 300


def test_an_eye_of_the_tiger_board_drawn_by_regions_is_the_board_drawn_afresh() -> None:
    for advanced in (False, True):  # solo games are short: several, in every language
        assert _drawn_both_ways(tiger, _boards(Tiger(), [1] * 8, every=12, options={"advanced": advanced})) > 300


def _painted_outside(region: Region, size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """Where `region`'s painter drew outside its box, on two boards of one colour each (a painter that
    drew outside in one of the two colours shows on the other), or None."""
    for colour in ((255, 0, 255), (0, 255, 0)):
        blank = Image.new("RGB", size, colour)
        image = blank.copy()
        region.paint(image, ImageDraw.Draw(image))
        image.paste(colour, region.box)
        outside = ImageChops.difference(image, blank).getbbox()
        if outside is not None:
            return outside
    return None


@pytest.mark.parametrize("renderer, game, sizes, options", [
    (dragon, Dragon(), [4], None), (ghosts, Ghosts(), [5], None), (bugs, Bugs(), [6], None),
    (tiger, Tiger(), [1, 1, 1], {"advanced": True})])
def test_every_region_paints_only_inside_its_box(renderer, game, sizes, options, monkeypatch) -> None:
    """The promises a board put together from tiles relies on (render.cache.draw_regions keeps what a region's
    box shows by its key): a region paints only inside its box, and no two boxes overlap; checked on every
    region of every 7th board of replayed games, in every language."""
    drawn: list[tuple[tuple[int, int], list[Region]]] = []
    real = renderer.draw_regions

    def spy(base, regions, palette):  # noqa: ANN001 - the renderer's own call, watched
        drawn.append((base.size, list(regions)))
        return real(base, regions, palette)

    monkeypatch.setattr(renderer, "draw_regions", spy)
    for i, (_, players, view, now, aborted, show) in enumerate(_boards(game, sizes, every=7, options=options)):
        if i % 7 == 0:
            _draw(renderer, view, players, now, aborted, show)
    assert len(drawn) > 20
    checked: set[tuple[tuple[int, int, int, int], object]] = set()  # the same box and key paint the same
    for size, regions in drawn:
        for region in regions:
            if (region.box, region.key) not in checked:
                checked.add((region.box, region.key))
                assert _painted_outside(region, size) is None, (renderer.__name__, region.box, region.key)
        boxes = sorted(region.box for region in regions)
        for i, (left, top, right, bottom) in enumerate(boxes):
            for other in boxes[i + 1:]:
                assert right <= other[0] or bottom <= other[1] or other[2] <= left or other[3] <= top, \
                    ("regions overlap", renderer.__name__, (left, top, right, bottom), other)

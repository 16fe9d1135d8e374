"""The Treasure of the Dragons board: PNG, size, description, and that covered cards never show."""
from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

from engine.dragon import Dragon
from render.dragon import (
    CARD,
    WIDTH,
    _card_xy,
    _height,
    back_tile,
    describe,
    face_tile,
    render_dragon,
)

GAME = Dragon()


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def find(state, kind, skip=()):
    for r in range(7):
        for c in range(7):
            if state["grid"][r][c] == kind and [r, c] not in skip:
                return [r, c]
    raise AssertionError(kind)


def play_kinds(state, kinds, now=1.0):
    seat, done = state["turn"], []
    for kind in kinds:
        cell = find(state, kind, done)
        done.append(cell)
        state, _ = GAME.apply(state, seat, {"type": "reveal", "cell": cell}, now)
    return state, done


def mid_turn():
    state = GAME.setup(3, {}, 11, 0.0)
    state, _ = play_kinds(state, ["ring", "dragon"])
    state, _ = GAME.apply(state, 0, {"type": "stop"}, 2.0)
    state, cells = play_kinds(state, ["ball", "candlestick", "ball", "ring"], now=3.0)
    return state, cells


def cell_pixels(image, cell):
    x, y = _card_xy(*cell)
    return image.crop((x, y, x + CARD, y + CARD))


def same(a, b) -> bool:
    """Equal up to the PNG palette quantiser's small colour shifts."""
    diff = ImageStat.Stat(ImageChops.difference(a, b))
    return max(diff.mean) < 2 and max(hi for _, hi in diff.extrema) < 40


def test_board_is_a_phone_sized_png():
    state, _ = mid_turn()
    for players in (2, 5):
        s = GAME.setup(players, {}, 3, 0.0)
        image = decode(render_dragon(GAME.view(s, None)).png)
        assert image.size == (WIDTH, _height(players))
        assert 640 <= image.width <= 800 and image.height < 1200
    rendered = render_dragon(GAME.view(state, None), ["Ann", "Bob", "Cy"])
    assert rendered.png.startswith(b"\x89PNG") and rendered.filename == "dragon.png"


def test_description_names_turn_revealed_cards_and_scores():
    state, cells = mid_turn()
    text = render_dragon(GAME.view(state, None), ["Ann", "Bob", "Cy"], now=10.0).description
    assert "Bob's turn" in text
    labels = ["ABCDEFG"[c] + str(r + 1) for r, c in cells]
    assert f"{labels[0]} ball, {labels[1]} candlestick, {labels[2]} ball, {labels[3]} ring" in text
    assert "Stopping now collects 2 balls, 1 ring." in text
    assert "Ann 2 (1 ring, 1 dragon)" in text and "Bob 0 (nothing)" in text
    assert "Last turn: Ann stopped and collected 1 ring, 1 dragon." in text
    assert "Empty cells:" in text and "s left" in text


def test_face_up_cards_are_drawn_and_face_down_show_the_back():
    state, cells = mid_turn()
    image = decode(render_dragon(GAME.view(state, None)).png)
    back = cell_pixels(decode(render_dragon(GAME.view(GAME.setup(3, {}, 11, 0.0), None)).png), cells[0])
    for cell in cells:  # the revealed cards do not look like card backs, nor like each other's kinds
        assert not same(cell_pixels(image, cell), back)
    assert not same(cell_pixels(image, cells[0]), cell_pixels(image, cells[1]))
    assert same(cell_pixels(image, find(state, "spider")), back)


def test_no_covered_card_is_visible_after_the_turn_ends():
    state, cells = mid_turn()
    during = render_dragon(GAME.view(state, None))
    # the same turn now meets a dragon while a ball is face up: everything is covered again
    dragon = find(state, "dragon")
    after, _ = GAME.apply(state, state["turn"], {"type": "reveal", "cell": dragon}, 4.0)
    before_turn = GAME.setup(3, {}, 11, 0.0)
    before_turn, _ = play_kinds(before_turn, ["ring", "dragon"])
    before_turn, _ = GAME.apply(before_turn, 0, {"type": "stop"}, 2.0)
    shown = render_dragon(GAME.view(after, None), ["Ann", "Bob", "Cy"])
    baseline = render_dragon(GAME.view(before_turn, None), ["Ann", "Bob", "Cy"])
    img, base = decode(shown.png), decode(baseline.png)
    for cell in [*cells, dragon]:  # the grid looks exactly as before the turn began
        assert same(cell_pixels(img, cell), cell_pixels(base, cell))
    labels = ["ABCDEFG"[c] + str(r + 1) for r, c in [*cells, dragon]]
    assert not any(f"{lab} " in shown.description for lab in labels)
    assert "candlestick" not in shown.description and "ball" not in shown.description
    assert "woke a dragon" in shown.description
    assert during.description != shown.description


def test_spider_phase_and_game_over_are_described():
    state = GAME.setup(2, {}, 4, 0.0)
    state, _ = play_kinds(state, ["spider"])
    view = GAME.view(state, None)
    text = describe(view, ["Ann", "Bob"])
    assert "Ann met a spider: move it to an empty cell" in text
    assert {v for row in view["grid"] for v in row} == {"down"} and "Face up" not in text
    state["phase"], state["deadline"] = "over", None
    state["collected"][1]["ring"] = 8
    state["grid"] = [[None if k == "ring" else k for k in row] for row in state["grid"]]
    rendered = render_dragon(GAME.view(state, None), ["Ann", "Bob"])
    assert "Game over: Bob wins with 8 cards." in rendered.description


def test_tiles_are_cached():
    assert face_tile("dragon") is face_tile("dragon")
    assert back_tile() is back_tile()


def test_late_game_description_lists_the_few_face_down_cells():
    state = GAME.setup(2, {}, 4, 0.0)
    keep = {(0, 0), (3, 3), (6, 6)}
    for r in range(7):
        for c in range(7):
            if (r, c) not in keep:
                kind = state["grid"][r][c]
                state["grid"][r][c] = None
                state["collected"][0][kind] += 1
    text = describe(GAME.view(state, None))
    assert "3 cards face down: A1 D4 G7. Every other cell is empty." in text

"""The Treasure of the Dragons board: PNG, size, description, and that covered cards never show."""
from __future__ import annotations

import io
import re

from PIL import Image, ImageChops, ImageStat

import render.dragon
from engine.dragon import Dragon, turn_of
from render.dragon import (
    CARD,
    MARGIN,
    ON_TURN,
    SCORE_ROW,
    SCORES_Y,
    SHOWN_RING,
    WIDTH,
    _card_xy,
    _height,
    back_tile,
    describe,
    face_tile,
    render_dragon,
)
from tests.kit.readability import recording_text

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
    seat, done = turn_of(state), []
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
        assert image.width == WIDTH <= 480 and image.height < 2 * image.width  # shown ~400 px wide on a phone
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
    """A clash: only the dragon and the treasures it clashed with stay face up (the ring is covered
    again), and once the next player turns over a card nothing of that turn shows."""
    state, cells = mid_turn()                  # ball, candlestick, ball, ring face up
    during = render_dragon(GAME.view(state, None))
    dragon = find(state, "dragon")
    after, _ = GAME.apply(state, turn_of(state), {"type": "reveal", "cell": dragon}, 4.0)
    before_turn = GAME.setup(3, {}, 11, 0.0)
    before_turn, _ = play_kinds(before_turn, ["ring", "dragon"])
    before_turn, _ = GAME.apply(before_turn, 0, {"type": "stop"}, 2.0)
    shown = render_dragon(GAME.view(after, None), ["Ann", "Bob", "Cy"])
    baseline = render_dragon(GAME.view(before_turn, None), ["Ann", "Bob", "Cy"])
    img, base = decode(shown.png), decode(baseline.png)
    ring = cells[3]
    assert same(cell_pixels(img, ring), cell_pixels(base, ring))  # covered again, looks as before the turn
    for cell in [*cells[:3], dragon]:                             # the cards that clashed stay face up
        assert not same(cell_pixels(img, cell), cell_pixels(base, cell))
    ring_label = "ABCDEFG"[ring[1]] + str(ring[0] + 1)
    assert f"{ring_label} " not in shown.description and f"at {ring_label}" not in shown.description
    assert during.description != shown.description
    # the next player's first card covers them: the grid looks as before the turn but for that card
    other = find(after, "car")
    next_turn, _ = GAME.apply(after, turn_of(after), {"type": "reveal", "cell": other}, 5.0)
    later = render_dragon(GAME.view(next_turn, None), ["Ann", "Bob", "Cy"])
    img = decode(later.png)
    for cell in [*cells, dragon]:
        assert same(cell_pixels(img, cell), cell_pixels(base, cell))
    labels = ["ABCDEFG"[c] + str(r + 1) for r, c in [*cells, dragon]]
    assert not any(f"{lab} " in later.description or f"at {lab}" in later.description for lab in labels)
    assert "candlestick" not in later.description and "ball" not in later.description
    assert "woke a dragon" in later.description


def test_spider_phase_and_game_over_are_described():
    state = GAME.setup(2, {}, 4, 0.0)
    state, _ = play_kinds(state, ["spider"])
    view = GAME.view(state, None)
    text = describe(view, ["Ann", "Bob"])
    assert "Ann met a spider: move it to an empty cell" in text
    spider = view["shown"][0]
    assert {v for row in view["grid"] for v in row} == {"down", "spider"}  # the spider shows where it is
    assert f"Ann turned over a spider at {spider['label']}" in text and "Face up this turn" not in text
    state["phase"], state["flow"]["deadline"] = "over", None
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


# ----------------------------------------------------------------- the card that ends a turn
def ringed(image, cell) -> bool:
    """A white ring is drawn round the card at `cell` (the mark of a card that ended the last turn)."""
    x, y = _card_xy(*cell)
    edge = [image.getpixel((x + CARD // 2, y - 1)), image.getpixel((x - 1, y + CARD // 2)),
            image.getpixel((x + CARD, y + CARD // 2)), image.getpixel((x + CARD // 2, y + CARD))]
    return all(sum(abs(a - b) for a, b in zip(p, SHOWN_RING, strict=False)) < 40 for p in edge)


def looks_like(image, cell, tile) -> bool:
    """The card at `cell` is drawn as `tile` (compared inside its rounded corners and any ring)."""
    inset = (6, 6, CARD - 6, CARD - 6)
    diff = ImageStat.Stat(ImageChops.difference(cell_pixels(image, cell).crop(inset), tile.convert("RGB").crop(inset)))
    return max(diff.mean) < 8  # the quantiser shifts a dark spider more than `same` allows; a face vs a back is ~100


def label_of(cell) -> str:
    return "ABCDEFG"[cell[1]] + str(cell[0] + 1)


def test_everyone_sees_the_spider_that_ends_a_turn_face_up_and_ringed():
    state = GAME.setup(2, {}, 4, 0.0)
    state, (empty,) = play_kinds(state, ["ring"])
    state, _ = GAME.apply(state, 0, {"type": "stop"}, 1.0)      # Ann collects a ring: its cell is empty
    state, (spider,) = play_kinds(state, ["spider"])            # Bob meets a spider
    rendered = render_dragon(GAME.view(state, None), ["Ann", "Bob"])
    image = decode(rendered.png)
    assert looks_like(image, spider, face_tile("spider"))
    assert ringed(image, spider) and not ringed(image, find(state, "ring"))
    assert f"Bob turned over a spider at {label_of(spider)}: the turn ended with nothing." in rendered.description
    # moved to the empty cell, it shows where it now lies, until Ann turns over a card
    moved, _ = GAME.apply(state, 1, {"type": "move_spider", "cell": empty}, 2.0)
    rendered = render_dragon(GAME.view(moved, None), ["Ann", "Bob"])
    image = decode(rendered.png)
    assert looks_like(image, empty, face_tile("spider")) and ringed(image, empty) and not ringed(image, spider)
    assert (f"Bob turned over a spider at {label_of(spider)} and moved it to {label_of(empty)}"
            in rendered.description)
    later, _ = GAME.apply(moved, 0, {"type": "reveal", "cell": find(moved, "ring")}, 3.0)
    image = decode(render_dragon(GAME.view(later, None)).png)
    assert looks_like(image, empty, back_tile()) and not ringed(image, empty)


def test_everyone_sees_the_dragon_and_the_treasure_that_clashed_face_up_and_ringed():
    state, cells = mid_turn()                  # Bob: ball, candlestick, ball, ring face up
    dragon = find(state, "dragon")
    state, _ = GAME.apply(state, 1, {"type": "reveal", "cell": dragon}, 4.0)
    rendered = render_dragon(GAME.view(state, None), ["Ann", "Bob", "Cy"])
    image = decode(rendered.png)
    for cell in (dragon, *cells[:3]):
        assert ringed(image, cell)
    assert not ringed(image, cells[3]) and looks_like(image, cells[3], back_tile())
    ball, candle, ball2 = (label_of(c) for c in cells[:3])
    assert (f"Bob turned over a dragon at {label_of(dragon)} with a ball at {ball}, a candlestick at {candle} "
            f"and a ball at {ball2} face up: the turn ended with nothing.") in rendered.description
    assert "Cy's turn" in rendered.description


# ----------------------------------------------------------------- words
def test_the_crate_has_one_word_in_picture_and_text():
    state = GAME.setup(3, {}, 11, 0.0)
    state, _ = play_kinds(state, ["crate"] * 4)
    state, _ = GAME.apply(state, 0, {"type": "stop"}, 2.0)
    state, _ = play_kinds(state, ["crate"])     # collected crates, and one face up
    with recording_text(render.dragon) as log:
        rendered = render_dragon(GAME.view(state, None))
    drawn = " ".join(t.text for t in log.drawn).lower() + rendered.description.lower()
    assert "crate" in drawn and "chest" not in drawn and "chest" not in (render.dragon.__doc__ or "").lower()
    assert "4 crates" in rendered.description and " crate." in rendered.description


def test_counts_of_one_are_singular():
    state = GAME.setup(2, {}, 4, 0.0)
    keep = {(0, 0)}
    for r in range(7):
        for c in range(7):
            if (r, c) not in keep:
                state["collected"][0][state["grid"][r][c]] += 1
                state["grid"][r][c] = None
    assert "1 card face down: A1." in describe(GAME.view(state, None))
    state["collected"] = [{k: 0 for k in state["collected"][0]}, {**{k: 0 for k in state["collected"][0]}, "ring": 1}]
    state["phase"], state["flow"]["deadline"] = "over", None
    with recording_text(render.dragon) as log:
        rendered = render_dragon(GAME.view(state, None), ["Ann", "Bob"])
    assert "Game over: Bob wins with 1 card." in rendered.description
    assert "Game over: Bob wins with 1 card." in [t.text for t in log.drawn]
    texts = " ".join(t.text for t in log.drawn) + rendered.description
    assert not re.search(r"\b1 (card|ball|car|doll|candlestick|crate|ring|dragon|spider)s\b", texts)


# ----------------------------------------------------------------- an aborted game
def test_an_aborted_board_says_the_game_ended_early_and_prompts_nobody():
    state, _ = mid_turn()                      # Bob is on turn with cards face up
    live = render_dragon(GAME.view(state, None), ["Ann", "Bob", "Cy"], now=10.0)
    with recording_text(render.dragon) as log:
        ended = render_dragon(GAME.view(state, None), ["Ann", "Bob", "Cy"], now=10.0, aborted=True)
    drawn = " ".join(t.text for t in log.drawn)
    for text in (drawn, ended.description):
        assert "ended early" in text
        for prompt in ("'s turn", "turn over a card", "Stop now", "Stopping now", "s left", "move it"):
            assert prompt not in text, prompt
    assert "Bob's turn" in live.description and "Stopping now" in live.description
    # no waiting mark: the player on turn's row is neither highlighted nor arrowed
    row = (SCORES_Y + 8 + SCORE_ROW * 2 + SCORE_ROW // 2)
    assert decode(live.png).getpixel((MARGIN + 6, row)) == ON_TURN
    assert decode(ended.png).getpixel((MARGIN + 6, row)) != ON_TURN


def test_an_aborted_spider_phase_asks_for_no_move():
    state = GAME.setup(2, {}, 4, 0.0)
    state, _ = play_kinds(state, ["spider"])
    ended = render_dragon(GAME.view(state, None), ["Ann", "Bob"], now=5.0, aborted=True)
    assert ended.description.startswith("Treasure of the Dragons, turn 1. The game was ended early.")
    assert "move it" not in ended.description and "s left" not in ended.description

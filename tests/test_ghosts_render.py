"""Zap That Ghost images: they decode, fit a phone, say in words what they show, hide hands."""
from __future__ import annotations

import io

from PIL import Image

from engine import ghosts as G
from engine.greenbox import CARDS
from render import ghosts as R
from render.cache import cached_layer_count, clear_layer_cache
from render.encode import MAX_DESCRIPTION

GAME = G.Ghosts()
NOW = 1_000.0


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def zapped_state(players: int = 3):
    """A race state right after the red meeple zapped a blue ghost on C2 via A2 B2 (3 steps)."""
    state = GAME.setup(players, {}, 11, NOW)
    for s in range(players):
        state["deck"]["discard"].extend(state["hands"][s][4:])
        del state["hands"][s][4:]
    state.update(phase="race", discard_pending=[], die=4, roller=1, round=3)
    state["ghosts"][1][2] = None
    state["captured"][0].append("blue")
    state["meeples"]["red"] = [1, 2]
    state["last_path"] = [[0, 0], [1, 0], [1, 1], [1, 2]]
    blue_wheel = next(c.id for c in CARDS if c.colour == "blue" and c.symbol == "wheel" and not c.starter)
    state["last_attempt"] = {"seat": 0, "meeple": "red", "card": blue_wheel, "from": [0, 0],
                             "to": [1, 2], "die": 3, "success": True, "reason": ""}
    return state


def test_board_decodes_as_png_at_phone_width():
    for players in (2, 6):
        image = decode(R.render_ghosts(GAME.view(zapped_state(players), None)).png)
        assert image.width == R.WIDTH == 720
        assert 850 <= image.height <= 1000


def test_description_spells_out_every_cell_symbol_ghost_and_meeple():
    state = zapped_state()
    text = R.render_ghosts(GAME.view(state, None)).description
    for r in range(6):
        for c in range(6):
            cell = f"{'ABCDEF'[c]}{r + 1} "
            symbol, ghost = state["symbols"][r][c], state["ghosts"][r][c]
            if symbol is None:
                expected = cell + "corner"
            else:
                expected = cell + (f"{ghost} {symbol}" if ghost else f"empty {symbol}")
            assert expected in text, expected
    assert "C2 empty" in text and "with red meeple" in text
    assert "Meeples: red C2, blue F1, yellow A6, green F6." in text
    assert "Seat 2 rolled 4" in text
    assert "Last zap path: A1 A2 B2 C2." in text
    assert "blue wheel (6)" in text and "zapped" in text
    assert "Seat 1 1" in text and "target 8" in text


def test_a_seats_view_draws_the_same_board_as_the_public_view():
    state = zapped_state()
    public = R.render_ghosts(GAME.view(state, None))
    seat = R.render_ghosts(GAME.view(state, 1))
    assert public.png == seat.png and public.description == seat.description
    for cid in state["hands"][1]:
        assert CARDS[cid].name not in seat.description


def test_the_last_path_is_drawn_on_the_board():
    state = zapped_state()
    with_path = decode(R.render_ghosts(GAME.view(state, None)).png)
    state["last_path"] = None
    without = decode(R.render_ghosts(GAME.view(state, None)).png)
    x0, y0, _, _ = R._cell_box(1, 1)  # B2, a middle step of the path
    spot = (int(x0 + 52), int(y0 + 52))
    r, g, b = with_path.getpixel(spot)
    assert r > 150 and b < 110, (r, g, b)  # the orange highlight
    assert without.getpixel(spot) != (r, g, b)


def test_the_static_board_layer_is_cached_per_game():
    clear_layer_cache()
    state = zapped_state()
    R.render_ghosts(GAME.view(state, None))
    R.render_ghosts(GAME.view(state, 0))
    assert cached_layer_count() == 1
    R.render_ghosts(GAME.view(GAME.setup(2, {}, 99, NOW), None))
    assert cached_layer_count() == 2


def test_status_line_follows_the_phase():
    state = zapped_state()
    names = ["Ann", "Bo", "Cy"]
    assert "Race" in R.describe(GAME.view(state, None), names)
    state, _ = GAME.apply(state, 2, {"type": "call", "meeple": "green"}, NOW)
    assert "Cy called the green meeple: 4 steps." in R.describe(GAME.view(state, None), names)
    state, _ = GAME.apply(state, 2, {"type": "give_up"}, NOW)
    text = R.describe(GAME.view(state, None), names)
    assert "Waiting for: Ann, Bo" in text and "Cy gave up" in text
    fresh = GAME.view(GAME.setup(2, {}, 5, NOW), None)
    assert "discards 2 cards in secret" in R.describe(fresh)
    state["phase"], state["end"] = "over", {"reason": "alone"}
    state["left"] = [1, 2]
    text = R.describe(GAME.view(state, None), names)
    assert "Game over: Ann wins!" in text and "Bo 0 (left)" in text


def test_alt_text_keeps_the_whole_grid_with_six_long_names():
    state = zapped_state(6)
    names = [f"A very long display name {i}" for i in range(6)]
    image = R.render_ghosts(GAME.view(state, None), names=names)
    assert "Row 6:" in image.alt_text and len(image.alt_text) <= MAX_DESCRIPTION
    assert decode(image.png).width == 720


def test_hand_image_shows_each_card_and_lists_them_in_words():
    state = zapped_state()
    hand = GAME.view(state, 0)["hand"]
    image = R.render_hand(hand)
    decoded = decode(image.png)
    assert decoded.width >= 4 * R.CARD_W and decoded.height < 300
    for i, info in enumerate(hand, start=1):
        assert f"{i}: {info['colour']} {info['symbol']}, value {info['value']}" in image.description
    six = R.render_hand([GAME.view(state, 0)["hand"][0]] * 6)
    assert decode(six.png).width > decoded.width
    assert R.render_hand([]).description == "Your hand: no cards."


def test_every_symbol_is_drawn_as_a_distinct_glyph():
    from PIL import ImageDraw

    masks = set()
    for symbol in R.DOTS:
        image = Image.new("L", (60, 60), 0)
        R.draw_symbol(ImageDraw.Draw(image), symbol, 30, 30, 50, 255)
        ink = image.tobytes()
        assert sum(1 for v in ink if v) > 150, symbol
        masks.add(ink)
    assert len(masks) == 6

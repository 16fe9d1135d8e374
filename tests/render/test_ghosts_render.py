"""Zap That Ghost images: they decode, fit a phone, say in words what they show, hide hands."""
from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from engine import ghosts as G
from engine.greenbox import CARDS
from render import ghosts as R
from render.cache import cached_layer_count, clear_layer_cache, frames_of
from render.encode import MAX_DESCRIPTION
from tests.kit.readability import recording_text
from tests.render.ghosts_states import GAME, NOW, board_states, zapped_state


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def test_board_decodes_as_png_at_phone_width():
    for players in (2, 6):
        png = R.render_ghosts(GAME.view(zapped_state(players), None)).png
        image = decode(png)
        assert image.width == R.WIDTH == 480  # shown about 400 px wide on a phone
        assert 600 <= image.height <= 800
        assert len(png) <= 40 * 1024


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
    assert "Seat 1 played the blue wheel, red meeple A1 to C2: zapped!" in text
    assert "(6)" not in text  # the card's Green Box number plays no role in this game
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
    spot = (int(x0 + 20), int(y0 + R.CELL // 2))  # on the path's line, left of B2's ghost
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
    state["flow"]["left"] = [1, 2]
    text = R.describe(GAME.view(state, None), names)
    assert "Game over: Ann wins!" in text and "Bo 0 (left)" in text


def test_alt_text_keeps_the_whole_grid_with_six_long_names():
    state = zapped_state(6)
    names = [f"A very long display name {i}" for i in range(6)]
    image = R.render_ghosts(GAME.view(state, None), names=names)
    assert "Row 6:" in image.alt_text and len(image.alt_text) <= MAX_DESCRIPTION
    assert decode(image.png).width == R.WIDTH


def test_hand_image_shows_each_card_and_lists_them_in_words():
    state = zapped_state()
    hand = GAME.view(state, 0)["hand"]
    image = R.render_hand(hand)
    decoded = decode(image.png)
    assert decoded.width >= 4 * R.CARD_W and decoded.height < 300
    for i, info in enumerate(hand, start=1):
        assert f"{i}: {info['colour']} {info['symbol']}" in image.description
    assert "value" not in image.description
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


# ---------------------------------------------------------------------------------------------
# No card numbers, counted words, the aborted board


def drawn_texts(render, *args, **kwargs) -> tuple[list[str], object]:
    """Every text a render draws, and its result."""
    with recording_text(R) as log:
        image = render(*args, **kwargs)
    return [t.text for t in log.drawn], image


def test_a_hand_image_shows_no_card_number_since_it_plays_no_role():
    # Seed 002: only a card's colour and symbol decide a zap; the Green Box value is never used.
    state = zapped_state()
    hand = [G.card_info(c.id) for c in CARDS[:9]]  # red: the starters and all six symbols
    texts, image = drawn_texts(R.render_hand, hand)
    assert texts and not any(ch.isdigit() for text in texts for ch in text), texts
    assert "Red" in texts
    assert image.description.startswith("Your hand: 1: red drop; 2: red hammers; 3: red circles;")
    assert "(" not in image.description and "value" not in image.description
    seat_hand = GAME.view(state, 0)["hand"]
    described = R.render_hand(seat_hand).description
    assert all(f"{i}: {info['name']}" in described for i, info in enumerate(seat_hand, start=1))


def test_the_board_names_the_last_card_played_without_its_number():
    texts, _ = drawn_texts(R.render_ghosts, GAME.view(zapped_state(), None))
    line = " ".join(texts)
    assert "played the blue wheel" in line and "(6)" not in line


def test_an_attempt_of_one_step_says_step_not_steps():
    state = zapped_state()
    state["die"] = 1
    state, _ = GAME.apply(state, 2, {"type": "call", "meeple": "green"}, NOW)
    names = ["Ann", "Bo", "Cy"]
    texts, image = drawn_texts(R.render_ghosts, GAME.view(state, None), names=names)
    assert "Cy called the green meeple: 1 step." in texts
    assert "Cy called the green meeple: 1 step." in image.description


def test_waiting_for_one_player_is_singular_on_the_board():
    state = zapped_state(2)
    state, _ = GAME.apply(state, 0, {"type": "call", "meeple": "blue"}, NOW)
    state, _ = GAME.apply(state, 0, {"type": "give_up"}, NOW)
    texts, image = drawn_texts(R.render_ghosts, GAME.view(state, None), names=["Ann", "Bo"])
    assert "Waiting for 1 player." in texts and "Waiting for: Bo." in image.description


def stopped_states():
    """The same table stopped in each phase a game can be ended early in."""
    fresh = GAME.setup(3, {}, 11, NOW)
    race = zapped_state()
    called, _ = GAME.apply(race, 1, {"type": "call", "meeple": "green"}, NOW)
    swap, _ = GAME.apply(called, 1, {"type": "give_up"}, NOW)
    return {"discard": fresh, "race": race, "attempt": called, "swap": swap}


INSTRUCTIONS = ("Race", "press", "Press", "Waiting", "discards", "Discard", "swap", "called", "step")


def test_an_aborted_board_says_the_game_ended_early_and_gives_no_instruction():
    names = ["Ann", "Bo", "Cy"]
    for phase, state in stopped_states().items():
        texts, image = drawn_texts(R.render_ghosts, GAME.view(state, None), names=names, aborted=True)
        assert "The game was ended early." in texts, phase
        assert image.description.splitlines()[0].endswith(" The game was ended early."), phase
        for word in INSTRUCTIONS:
            assert not any(word in t for t in texts), (phase, word, texts)
            assert word not in image.description.splitlines()[0], (phase, word)
        assert "Row 6:" in image.description and "Ann" in image.description  # still the whole board


def test_an_aborted_board_draws_no_waiting_mark_caller_ring_or_die():
    # Stopped in any phase, the board draws nothing of that phase: the same image as a view
    # with no phase, die, caller or waiting list.
    for phase, state in stopped_states().items():
        view = GAME.view(state, None)
        neutral = {**view, "phase": "race", "die": None, "caller": None, "meeple": None, "waiting_for": []}
        assert R.render_ghosts(view, aborted=True).png == R.render_ghosts(neutral, aborted=True).png, phase


def test_render_ghosts_is_not_aborted_by_default():
    view = GAME.view(zapped_state(), None)
    assert R.render_ghosts(view).png == R.render_ghosts(view, aborted=False).png
    assert "ended early" not in R.render_ghosts(view).description


def test_every_piece_of_a_cell_stays_in_its_row_so_each_row_of_the_board_is_drawn_on_its_own():
    """Each row of the board is a region of its own (render.cache.draw_regions): whatever stands on a
    cell (one to four meeples, the called one ringed, beside a ghost or not, on a tile or a corner)
    is drawn inside that row's box, never over the next row's."""
    blank = (1, 2, 3)
    for r in (0, 3, G.SIZE - 1):
        band = R._row_band(r)
        for c, plain in ((0, True), (2, False)):
            x0, y0, _, _ = R._cell_box(r, c)
            for count in range(1, 5):
                for ghost in (False, True):
                    image = Image.new("RGB", (R.WIDTH, R.SCORES_Y + 40), blank)
                    d = ImageDraw.Draw(image)
                    if ghost:
                        R.draw_cube(d, x0 + 36, y0 + 19, 26, "red")
                    spots = R._pawn_spots(r, c, count, plain, crowded=count > 1 or ghost)
                    for (cx, bottom, height), meeple in zip(spots, G.MEEPLES, strict=False):
                        R.draw_pawn(d, cx, bottom, height, meeple, ring=True)
                    inked = ImageChops.difference(image, Image.new("RGB", image.size, blank)).getbbox()
                    assert band[1] <= inked[1] and inked[3] <= band[3], (r, c, count, ghost, inked, band)


def test_a_crowded_board_with_a_path_drawn_row_by_row_is_the_board_drawn_afresh():
    states = board_states(4)
    assert all(states[kind][0]["last_path"] for kind in ("race", "crowded"))
    for number, kinds in enumerate((["race", "crowded", "attempt", "crowded"], ["crowded", "game over", "crowded"])):
        for kind in kinds:
            state, aborted = states[kind]
            with frames_of(("crowded", number)):
                continued = R.draw_board(R.public_view(GAME.view(state, None)), aborted=aborted)
            afresh = R.draw_board(R.public_view(GAME.view(state, None)), aborted=aborted)
            assert continued.tobytes() == R.PALETTE.indices(afresh).tobytes(), kind

"""A table's boards as frames (render.cache.frames_of): a board is encoded only where it changed, and
the PNG is always the one encoding it afresh gives. Also the drawing helpers' fast paths (sharp sprite
masks, the ink of a text's colour) draw the same pixels as the slow ones."""
from __future__ import annotations

import random

from PIL import Image, ImageDraw

from render import cache, canvas, encode
from render.cache import frames_of
from render.canvas import draw_text, new_canvas, sharp_mask
from render.encode import encode_png
from render.palette import learn

BOARD = (240, 300)  # a small board: 9 blocks of 34 rows... and a last short one
COLOURS = [(35, 39, 46), (242, 242, 238), (230, 159, 0), (0, 158, 115), (31, 127, 200), (213, 94, 0)]


def board(seed: int, size: tuple[int, int] = BOARD) -> Image.Image:
    """A board-like RGB image: flat panels and some text, drawn from a seed."""
    rng = random.Random(seed)
    image = Image.new("RGB", size, COLOURS[0])
    d = ImageDraw.Draw(image)
    for _ in range(12):
        x, y = rng.randrange(size[0] - 40), rng.randrange(size[1] - 30)
        d.rounded_rectangle((x, y, x + rng.randrange(10, 40), y + rng.randrange(8, 30)), radius=4,
                            fill=rng.choice(COLOURS[1:]))
    draw_text(d, (10, 10), f"Board {seed}", 16, COLOURS[1])
    return image


PALETTE = learn([board(seed) for seed in range(4)])


def changed(image: Image.Image, rng: random.Random) -> Image.Image:
    """`image` with a few rows' worth of change somewhere (or none at all, now and then)."""
    out = image.copy()
    d = ImageDraw.Draw(out)
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        y = rng.randrange(out.height - 6)
        d.rectangle((rng.randrange(out.width - 20), y, out.width - 1, y + rng.randrange(1, 6)), fill=rng.choice(COLOURS))
    return out


def test_a_tables_next_board_is_the_png_encoding_it_afresh_gives() -> None:
    rng = random.Random(3)
    image = board(1)
    for _ in range(60):
        image = changed(image, rng)
        with frames_of(("table", 1)):
            continued = encode_png(image, palette=PALETTE)
        assert continued == encode_png(image, palette=PALETTE)


def test_an_unchanged_board_gets_the_last_png_back_without_encoding() -> None:
    image = board(2)
    with frames_of(("table", 2)):
        first = encode_png(image, palette=PALETTE)
        again = encode_png(image.copy(), palette=PALETTE)
    assert again is first


def test_a_board_of_another_size_or_palette_or_level_is_encoded_afresh() -> None:
    other = learn([board(9)])
    with frames_of(("table", 3)):
        encode_png(board(3), palette=PALETTE)
        bigger = encode_png(board(3, (240, 340)), palette=PALETTE)
        repainted = encode_png(board(3), palette=other)
        squeezed = encode_png(board(3), palette=PALETTE, compress_level=9)
    assert bigger == encode_png(board(3, (240, 340)), palette=PALETTE)
    assert repainted == encode_png(board(3), palette=other)
    assert squeezed == encode_png(board(3), palette=PALETTE, compress_level=9)


def test_each_table_continues_its_own_frames() -> None:
    with frames_of(("table", 4)):
        encode_png(board(4), palette=PALETTE)
    with frames_of(("table", 5)):
        fifth = encode_png(board(5), palette=PALETTE)
    with frames_of(("table", 4)):
        assert encode_png(board(5), palette=PALETTE) == fifth


def test_frames_stay_within_their_bytes() -> None:
    cache.clear_layer_cache()
    for table in range(encode.MAX_FRAME_BYTES // (BOARD[0] * BOARD[1] * 5) + 20):
        with frames_of(("many", table)):
            encode_png(board(table % 3), palette=PALETTE)
    assert 0 < encode._frames.bytes <= encode.MAX_FRAME_BYTES
    cache.clear_layer_cache()
    assert encode._frames.bytes == 0


def test_outside_a_table_no_frame_is_kept() -> None:
    cache.clear_layer_cache()
    encode_png(board(6), palette=PALETTE)
    assert len(encode._frames) == 0


def test_a_sharp_mask_pastes_the_same_pixels_as_the_alpha_it_came_from() -> None:
    sprite = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).ellipse((3, 3, 36, 30), fill=(230, 159, 0, 255))
    alpha = sprite.getchannel("A")
    mask = sharp_mask(alpha)
    assert mask.mode == "1"
    by_alpha, by_mask = new_canvas(60, 60, mode="RGB"), new_canvas(60, 60, mode="RGB")
    by_alpha.paste(sprite.convert("RGB"), (7, 9), alpha)
    by_mask.paste(sprite.convert("RGB"), (7, 9), mask)
    assert by_mask.tobytes() == by_alpha.tobytes()


def test_a_mask_with_soft_edges_stays_as_it_is() -> None:
    alpha = Image.linear_gradient("L").resize((20, 20))
    assert sharp_mask(alpha) is alpha


def test_text_takes_the_ink_of_its_colour_on_every_kind_of_image() -> None:
    for mode in ("RGB", "RGBA"):
        for fill in ((230, 159, 0), (0, 158, 115), "#1f7fc8"):
            fast, slow = Image.new(mode, (80, 30)), Image.new(mode, (80, 30))
            draw_text(ImageDraw.Draw(fast), (4, 4), "Ink", 18, fill)
            ImageDraw.Draw(slow).text((4, 4), "Ink", fill=canvas.palette.to_rgb(fill), font=canvas.font(18), anchor="la")
            assert fast.tobytes() == slow.tobytes(), (mode, fill)


def test_a_long_line_of_text_blends_as_pillow_draws_it_over_any_background_even_cut_by_the_edge() -> None:
    line = "A long line of text, pasted through its mask"
    assert canvas.text_width(line, 18) * 18 >= canvas.BLEND_BY_PASTE, "long enough to be pasted"
    background = Image.effect_noise((200, 40), 60).convert("RGB")  # no flat colour under the text
    for xy in ((4, 4), (-30, 20), (120, -6), (60, 30)):
        for fill in ((230, 159, 0), "#1f7fc8"):
            fast, slow = background.copy(), background.copy()
            draw_text(ImageDraw.Draw(fast), xy, line, 18, fill)
            ImageDraw.Draw(slow).text(xy, line, fill=canvas.palette.to_rgb(fill), font=canvas.font(18), anchor="la")
            assert fast.tobytes() == slow.tobytes(), (xy, fill)


def _panels(colours: list[tuple[int, int, int]]) -> list[cache.Region]:
    """Six panels of a board drawn by regions, one colour each (its key)."""
    def panel(i: int, colour: tuple[int, int, int]) -> cache.Region:
        box = (10 + 35 * (i % 6), 20 + 40 * (i // 6), 40 + 35 * (i % 6), 50 + 40 * (i // 6))
        inside = (box[0], box[1], box[2] - 1, box[3] - 1)  # Pillow fills a shape's right and bottom edge too
        return cache.Region(box, colour, lambda image, d: d.rounded_rectangle(inside, radius=4, fill=colour))
    return [panel(i, colour) for i, colour in enumerate(colours)]


def test_a_board_put_together_by_regions_gets_only_the_changed_panels_and_is_the_png_afresh() -> None:
    rng = random.Random(5)
    base = board(7)
    colours = [COLOURS[1]] * 6
    with frames_of(("regions", 1)):
        last_picture = cache.draw_regions(base, _panels(colours), PALETTE)
        last = encode_png(last_picture, palette=PALETTE)
    for _ in range(40):
        before = list(colours)
        colours[rng.randrange(6)] = rng.choice(COLOURS)
        with frames_of(("regions", 1)):
            picture = cache.draw_regions(base, _panels(colours), PALETTE)
            repaint = cache.repaint_of(picture)
            png = encode_png(picture, palette=PALETTE)
        assert repaint is not None
        assert png == encode_png(cache.draw_regions(base, _panels(colours), None), palette=PALETTE), "as afresh"
        assert png == encode_png(picture.copy(), palette=PALETTE)
        changed = [region.box for region, colour, old in zip(_panels(colours), colours, before, strict=True)
                   if colour != old]
        if changed:
            assert list(repaint.boxes) == changed, "only the panel that changed is put in again"
        else:
            assert picture is last_picture, "an unchanged board is the table's last board itself"
        assert (png is last) == (colours == before), "an unchanged board is the last PNG itself"
        last, last_picture = png, picture


def test_a_board_drawn_but_never_encoded_breaks_the_chain_and_the_next_is_encoded_whole() -> None:
    base = board(8)
    with frames_of(("regions", 2)):
        encode_png(cache.draw_regions(base, _panels([COLOURS[1]] * 6), PALETTE), palette=PALETTE)
        cache.draw_regions(base, _panels([COLOURS[2]] + [COLOURS[1]] * 5), PALETTE)  # drawn, never sent
        third = cache.draw_regions(base, _panels([COLOURS[2]] * 2 + [COLOURS[1]] * 4), PALETTE)
        png = encode_png(third, palette=PALETTE)  # its new tile alone would miss the first panel
    assert png == encode_png(cache.draw_regions(base, _panels([COLOURS[2]] * 2 + [COLOURS[1]] * 4), None),
                             palette=PALETTE)

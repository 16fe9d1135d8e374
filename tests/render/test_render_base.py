"""Behaviour of the shared render base: encoding, text, cache, threads, purity."""

from __future__ import annotations

import ast
import io
import math
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from render import palette
from render.cache import cached_layer, cached_layer_count, clear_layer_cache
from render.canvas import (
    column_label,
    draw_die,
    draw_text,
    hex_corners,
    label_grid,
    new_canvas,
    text_size,
    text_width,
    wrap_text,
)
from render.encode import MAX_DESCRIPTION, RenderedImage, encode_png, render_async
from render.fonts import font, renderable
from render.text_card import render_text_card

RENDER_DIR = Path(__file__).resolve().parents[2] / "render"


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def test_encode_png_decodes_to_same_size() -> None:
    png = encode_png(new_canvas(321, 123))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert decode(png).size == (321, 123)


def test_encode_png_keeps_colours() -> None:
    image = new_canvas(40, 20, palette.BLUE)
    ImageDraw.Draw(image).rectangle((20, 0, 39, 19), fill=palette.YELLOW)
    for colours in (256, None):
        decoded = decode(encode_png(image, colours=colours)).convert("RGB")
        assert decoded.getpixel((5, 5)) == palette.BLUE
        assert decoded.getpixel((30, 5)) == palette.YELLOW


def test_encode_png_flattens_transparency_onto_background() -> None:
    decoded = decode(encode_png(Image.new("RGBA", (4, 4), (0, 0, 0, 0)), colours=None))
    assert decoded.mode == "RGB"
    assert decoded.getpixel((0, 0)) == palette.BACKGROUND


def test_text_card_png_and_description() -> None:
    lines = ["Red to move", "Roll: 5", "Blue has two pieces home"]
    card = render_text_card("Ludo", lines, width=640)
    assert isinstance(card, RenderedImage)
    assert card.filename == "board.png"
    image = decode(card.png)
    assert image.width == 640
    assert image.height > 100
    assert "Ludo" in card.description
    for line in lines:
        assert line in card.description


def test_text_card_grows_with_wrapped_lines() -> None:
    short = decode(render_text_card("T", ["short"]).png)
    long = decode(render_text_card("T", ["word " * 80]).png)
    assert long.width == short.width == 640
    assert long.height > short.height


def test_alt_text_fits_discord_limit() -> None:
    image = RenderedImage(png=b"", description="x" * 5000)
    assert len(image.alt_text) <= MAX_DESCRIPTION
    assert RenderedImage(png=b"", description="short").alt_text == "short"


def test_text_size_grows_with_size() -> None:
    small_w, small_h = text_size("Hello board", 16)
    big_w, big_h = text_size("Hello board", 32)
    assert big_w > small_w > 0
    assert big_h > small_h > 0
    assert text_size("Hello", 20, bold=True)[0] > text_size("Hello", 20)[0]


def test_font_is_cached_and_scalable() -> None:
    assert font(20) is font(20)
    assert font(20).size == 20


def test_wrap_text_fits_width() -> None:
    rows = wrap_text("the quick brown fox jumps over the lazy dog " * 5, 20, 200)
    assert len(rows) > 1
    assert all(text_width(row, 20) <= 200 for row in rows)
    assert wrap_text("x" * 200, 20, 100)[0]  # over-long word is split, not dropped


def test_renderable_keeps_what_the_font_draws_and_replaces_the_rest() -> None:
    assert renderable("Plain ASCII 123") == "Plain ASCII 123"
    assert renderable("Zoë — café, Łódź") == "Zoë — café, Łódź"  # Source Sans Pro has them
    assert renderable("🎲") == "?"
    assert renderable("中") == "?"


def test_bold_is_a_real_bold_face() -> None:
    from render.fonts import bold_stroke, real_bold

    assert real_bold()
    assert bold_stroke(20) == 0
    assert font(20, bold=True) is not font(20)
    assert "Bold" in font(20, bold=True).getname()[1]


def test_cached_text_draws_the_same_pixels_as_pillow() -> None:
    for anchor, xy, bold in (("la", (10.0, 8.0), False), ("mm", (100.5, 30.25), True), ("rs", (190.0, 50.0), False)):
        ours = new_canvas(200, 60, mode="RGB")
        theirs = ours.copy()
        for _ in range(2):  # the second draw comes from the cache
            box = draw_text(ImageDraw.Draw(ours), xy, "Ann's turn: 12 s", 16, palette.TEXT, anchor=anchor, bold=bold)
        pillow = ImageDraw.Draw(theirs)
        for _ in range(2):
            pillow.text(xy, "Ann's turn: 12 s", fill=palette.TEXT, font=font(16, bold), anchor=anchor)
        assert ours.tobytes() == theirs.tobytes(), anchor
        assert box == pillow.textbbox(xy, "Ann's turn: 12 s", font=font(16, bold), anchor=anchor)


def test_draw_text_draws_ink() -> None:
    image = new_canvas(200, 60)
    draw = ImageDraw.Draw(image)
    box = draw_text(draw, (10, 10), "Hi", 24, palette.TEXT)
    assert box[2] > box[0] and box[3] > box[1]
    assert image.convert("RGB").getcolors(10_000) is not None
    assert len(image.convert("RGB").getcolors(10_000)) > 1


def test_layer_cache_builds_once_and_returns_same_object() -> None:
    clear_layer_cache()
    calls = 0

    def build() -> Image.Image:
        nonlocal calls
        calls += 1
        return new_canvas(10, 10)

    first = cached_layer(("test", 10), build)
    second = cached_layer(("test", 10), build)
    assert first is second
    assert calls == 1
    other = cached_layer(("test", 11), build)
    assert other is not first
    assert calls == 2


def test_layer_cache_is_bounded_by_bytes_not_count() -> None:
    from render import cache

    clear_layer_cache()
    for i in range(100):  # a hundred small layers all fit: the bound is bytes, not 32 entries
        cached_layer(("small", i), lambda: Image.new("RGB", (10, 10)))
    assert cached_layer_count() == 100
    big = Image.new("RGB", (1000, 1000))  # 4 MB as Pillow stores it
    for i in range(cache.MAX_LAYER_BYTES // cache.image_bytes(big) + 5):
        cached_layer(("big", i), lambda: big.copy())
    assert cache.cached_layer_bytes() <= cache.MAX_LAYER_BYTES
    assert cached_layer_count() < cache.MAX_LAYER_BYTES // cache.image_bytes(big) + 5
    clear_layer_cache()
    assert cache.cached_layer_bytes() == 0


def test_naive_mode_builds_every_time_and_writes_rgba() -> None:
    from render.cache import naive

    clear_layer_cache()
    calls = 0

    def build() -> Image.Image:
        nonlocal calls
        calls += 1
        return new_canvas(10, 10)

    with naive():
        cached_layer(("naive", 1), build)
        cached_layer(("naive", 1), build)
        assert decode(encode_png(new_canvas(8, 8))).mode == "RGBA"
    assert calls == 2
    assert cached_layer_count() == 0


@pytest.mark.asyncio
async def test_render_async_runs_in_worker_thread() -> None:
    loop_thread = threading.get_ident()
    seen: list[int] = []

    def render(title: str, *, width: int) -> bytes:
        seen.append(threading.get_ident())
        return render_text_card(title, ["line"], width=width).png

    png = await render_async(render, "Async", width=700)
    assert seen and seen[0] != loop_thread
    assert decode(png).size[0] == 700


def test_hex_corners_six_points_at_radius() -> None:
    center, size = (100.0, 50.0), 30.0
    corners = hex_corners(center, size)
    assert len(corners) == 6
    for x, y in corners:
        assert math.isclose(math.dist((x, y), center), size)
    # Pointy-top: one corner straight above the centre.
    assert any(math.isclose(x, 100.0, abs_tol=1e-9) and y < 50 for x, y in corners)


def test_readable_text_colour() -> None:
    assert palette.readable_text(palette.YELLOW) == palette.BLACK
    assert palette.readable_text(palette.BLUE) == palette.WHITE
    assert palette.readable_text("#ffffff") == palette.BLACK
    assert palette.readable_text((0, 0, 0, 255)) == palette.WHITE


def test_column_labels() -> None:
    assert [column_label(i) for i in (0, 1, 25, 26, 27)] == ["A", "B", "Z", "AA", "AB"]
    go = "ABCDEFGHJKLMNOPQRST"
    assert column_label(8, go) == "J"


def test_label_grid_draws_outside_the_grid_only() -> None:
    image = new_canvas(300, 300)
    draw = ImageDraw.Draw(image)
    label_grid(draw, (60, 60), 40, 5, 5, sides=("top", "left", "bottom", "right"))
    inside = image.crop((60, 60, 260, 260)).convert("RGB").getcolors()
    assert inside == [(200 * 200, palette.BACKGROUND)]
    assert len(image.crop((60, 0, 260, 60)).convert("RGB").getcolors(10_000)) > 1


@pytest.mark.parametrize("value", range(0, 7))
def test_die_faces_have_the_right_number_of_pips(value: int) -> None:
    image = new_canvas(100, 100)
    draw_die(image, (10, 10), 80, value)
    # Count dark connected blobs on the die face by scanning a binary mask.
    face = image.crop((16, 16, 84, 84)).convert("L").point(lambda v: 255 if v < 128 else 0)
    pixels = face.load()
    w, h = face.size
    seen: set[tuple[int, int]] = set()
    blobs = 0
    for y in range(h):
        for x in range(w):
            if pixels[x, y] and (x, y) not in seen:
                blobs += 1
                stack = [(x, y)]
                while stack:
                    px, py = stack.pop()
                    if (px, py) in seen or not (0 <= px < w and 0 <= py < h) or not pixels[px, py]:
                        continue
                    seen.add((px, py))
                    stack.extend([(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)])
    assert blobs == value


def test_render_package_is_pure() -> None:
    forbidden = {
        "discord", "aiosqlite", "sqlite3", "aiohttp", "requests", "httpx", "urllib", "socket",
    }
    sources = sorted(RENDER_DIR.rglob("*.py"))
    assert sources
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{path.name} imports {name}"


def test_encode_png_with_a_fixed_palette_keeps_its_flat_colours() -> None:
    image = new_canvas(40, 20, palette.BLUE, mode="RGB")
    ImageDraw.Draw(image).rectangle((20, 0, 39, 19), fill=palette.YELLOW)
    draw_text(ImageDraw.Draw(image), (2, 2), "Hi", 14, palette.TEXT)
    fixed = palette.learn([image])
    decoded = decode(encode_png(image, palette=fixed))
    assert decoded.mode == "P"
    assert image.getpixel((18, 18)) == palette.BLUE
    assert decoded.convert("RGB").getpixel((18, 18)) == palette.BLUE
    assert decoded.convert("RGB").getpixel((30, 5)) == palette.YELLOW
    assert palette.learn([image]).rgb == fixed.rgb  # the same specimen, the same palette


def test_rgb_canvas_and_opaque_rgba_encode_alike() -> None:
    rgb = new_canvas(30, 30, palette.GREEN, mode="RGB")
    rgba = new_canvas(30, 30, palette.GREEN)
    assert rgb.mode == "RGB" and rgba.mode == "RGBA"
    assert decode(encode_png(rgb)).convert("RGB").tobytes() == decode(encode_png(rgba)).convert("RGB").tobytes()


def test_palette_png_is_a_valid_png_of_the_same_indices() -> None:
    import struct
    import zlib

    from render.encode import palette_png

    image = new_canvas(50, 30, palette.PANEL, mode="RGB")
    draw_text(ImageDraw.Draw(image), (3, 3), "Turn 12", 16, palette.HIGHLIGHT, bold=True)
    indexed = image.quantize(64)
    for level in (None, 1, 9):
        png = palette_png(indexed, level)
        decoded = decode(png)
        assert decoded.mode == "P" and decoded.size == (50, 30)
        assert decoded.tobytes() == indexed.tobytes()
        assert decoded.convert("RGB").tobytes() == indexed.convert("RGB").tobytes()
        chunks, at = {}, 8
        while at < len(png):  # every chunk's CRC is right and IDAT inflates with its checksum
            (length,), kind = struct.unpack(">I", png[at : at + 4]), png[at + 4 : at + 8]
            data = png[at + 8 : at + 8 + length]
            assert struct.unpack(">I", png[at + 8 + length : at + 12 + length])[0] == zlib.crc32(kind + data)
            chunks[kind] = data
            at += 12 + length
        assert zlib.decompress(chunks[b"IDAT"]) == b"".join(
            b"\x00" + indexed.tobytes()[y * 50 : (y + 1) * 50] for y in range(30))


def test_a_pasted_sprite_is_the_piece_painted_in_place() -> None:
    from render.canvas import paste_sprite

    def paint(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
        d.rounded_rectangle((x, y, x + 30, y + 20), radius=5, fill=palette.BLUE, outline=palette.WHITE, width=2)
        draw_text(d, (x + 15, y + 10), "7", 16, palette.WHITE, anchor="mm", bold=True)

    for xy in ((10, 10), (21.5, 7.0), (40.25, 13.5)):
        painted = new_canvas(80, 40, palette.PANEL, mode="RGB")
        paint(ImageDraw.Draw(painted), *xy)
        for _ in range(2):  # drawn once, then from the cache
            pasted = new_canvas(80, 40, palette.PANEL, mode="RGB")
            paste_sprite(pasted, xy, (31, 21), ("test-card", 7), paint)
            assert pasted.tobytes() == painted.tobytes(), xy


def test_pieces_do_not_count_as_layers_and_clear_with_them() -> None:
    from render.cache import cached_piece

    clear_layer_cache()
    piece = cached_piece(("test-piece",), lambda: Image.new("RGB", (4, 4)))
    assert cached_piece(("test-piece",), lambda: Image.new("RGB", (4, 4))) is piece
    assert cached_layer_count() == 0
    clear_layer_cache()
    assert cached_piece(("test-piece",), lambda: Image.new("RGB", (4, 4))) is not piece


def test_a_no_break_space_never_starts_a_line():
    """French writes 'Combat !' with a no-break space: the '!' stays with its word, whatever the width."""
    for width in range(40, 200, 7):
        lines = wrap_text("Combat\u00a0! Tout le monde agit\u202f: en même temps", 14, width)
        assert not any(line.startswith(("!", ":")) for line in lines), (width, lines)
    assert wrap_text("plain  english\twords", 14, 1000) == ["plain english words"]

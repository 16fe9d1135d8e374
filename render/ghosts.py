"""Zap That Ghost board and hand images (pure: view in, PNG bytes and alt text out).

`render_ghosts(view, names=...)` draws the 6x6 board (symbol tiles with their dots, ghosts as
coloured cubes, meeples as pawns, labels A-F / 1-6, the path of the last successful zap), the
die, the phase and the scores. It reads only public keys of the view, so a seat's view (with
its hand) gives the same image as the public one. `render_hand(cards)` draws a hand of cards.

Every piece pairs its colour with a letter (R, B, Y, G) so colour is never the only cue; the
description spells out the whole grid, row by row, for players who cannot see the image.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import palette
from render.cache import cached_layer
from render.canvas import (
    draw_die,
    draw_text,
    label_grid,
    new_canvas,
    rounded_panel,
    text_width,
)
from render.encode import RenderedImage, encode_png
from render.greenbox import draw_symbol

SIZE = 6
WIDTH = 720
MARGIN = 16
HEADER_H = 84
CELL = 104
LABEL_SPACE = 34
BOARD_X = (WIDTH - SIZE * CELL) // 2 + 8  # a little right of centre: row labels sit on the left
BOARD_Y = HEADER_H + LABEL_SPACE
BOARD_PX = SIZE * CELL
SCORE_ROW = 34
DIE_SIZE = 58

TILE = (0x2F, 0x5E, 0x45)  # the green symbol side
TILE_EDGE = (0x1E, 0x3D, 0x2C)
PLAIN = (0xB8, 0x96, 0x4A)  # the yellow plain side (corners), darkened so yellow pieces show
GLYPH = (0xF4, 0xF1, 0xE6)
INK = (0x26, 0x26, 0x26)
CARD_FACE = (0xFA, 0xF6, 0xEA)
STARTER_FACE = (0xC8, 0xE6, 0xB4)  # the light green background of the starter cards
OUTLINE = (0x14, 0x14, 0x14)

DOTS = {"drop": 1, "hammers": 2, "circles": 3, "bricks": 4, "wheel": 5, "arrow": 6}
LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "white": "W", "black": "K"}
MEEPLES = ("red", "blue", "yellow", "green")
COLUMNS = "ABCDEF"

Point = tuple[float, float]


def _label(cell: Sequence[int]) -> str:
    return f"{COLUMNS[cell[1]]}{cell[0] + 1}"


def _name(names: Sequence[str] | None, seat: int) -> str:
    if names and 0 <= seat < len(names) and names[seat]:
        return str(names[seat])
    return f"Seat {seat + 1}"


# ---------------------------------------------------------------------------------------------
# Glyphs: the six symbols from Pillow primitives


def _draw_dots(d: ImageDraw.ImageDraw, n: int, cx: float, top: float, r: float, fill: Any) -> None:
    """`n` dots in rows of three, centred on `cx`, starting at `top`."""
    step = 3.2 * r
    for row_start in range(0, n, 3):
        count = min(3, n - row_start)
        y = top + r + (row_start // 3) * step
        for i in range(count):
            x = cx + (i - (count - 1) / 2) * step
            d.ellipse((x - r, y - r, x + r, y + r), fill=fill)


def draw_cube(d: ImageDraw.ImageDraw, x: float, y: float, size: float, colour: str) -> None:
    """A ghost: a small cube in perspective, its colour's letter on the front face."""
    base = palette.GAME_COLOURS[colour]
    depth = size * 0.28
    light = tuple(min(255, int(c * 0.55 + 255 * 0.45)) for c in base)
    dark = tuple(int(c * 0.6) for c in base)
    fx0, fy0, fx1, fy1 = x, y + depth, x + size, y + depth + size
    d.polygon([(fx0, fy0), (fx0 + depth, y), (fx1 + depth, y), (fx1, fy0)], fill=light, outline=OUTLINE)
    d.polygon([(fx1, fy0), (fx1 + depth, y), (fx1 + depth, fy1 - depth), (fx1, fy1)], fill=dark,
              outline=OUTLINE)
    d.rectangle((fx0, fy0, fx1, fy1), fill=base, outline=OUTLINE, width=2)
    text_size = max(12, int(size * 0.55))
    draw_text(d, ((fx0 + fx1) / 2, (fy0 + fy1) / 2), LETTER[colour], text_size,
              palette.readable_text(base), anchor="mm", bold=True)


def draw_pawn(d: ImageDraw.ImageDraw, cx: float, bottom: float, height: float, colour: str,
              ring: bool = False) -> None:
    """A meeple: a pawn (head, body, base) with its colour's letter on the body."""
    fill = palette.GAME_COLOURS[colour]
    h = height
    w = h * 0.72
    if ring:
        pad = h * 0.16
        d.ellipse((cx - w / 2 - pad, bottom - h - pad / 2, cx + w / 2 + pad, bottom + pad / 2),
                  outline=palette.HIGHLIGHT, width=max(3, int(h * 0.08)))
    base_h = h * 0.16
    d.rounded_rectangle((cx - w / 2, bottom - base_h, cx + w / 2, bottom), radius=base_h / 2,
                        fill=fill, outline=OUTLINE, width=2)
    body_top = bottom - h * 0.66
    d.polygon([(cx - w * 0.16, body_top), (cx + w * 0.16, body_top), (cx + w * 0.36, bottom - base_h),
               (cx - w * 0.36, bottom - base_h)], fill=fill, outline=OUTLINE)
    r = h * 0.19
    hy = bottom - h + r
    d.ellipse((cx - r, hy - r, cx + r, hy + r), fill=fill, outline=OUTLINE, width=2)
    draw_text(d, (cx, bottom - h * 0.36), LETTER[colour], max(12, int(h * 0.3)),
              palette.readable_text(fill), anchor="mm", bold=True)


# ---------------------------------------------------------------------------------------------
# The board


def _cell_box(r: int, c: int) -> tuple[float, float, float, float]:
    x = BOARD_X + c * CELL
    y = BOARD_Y + r * CELL
    return (x, y, x + CELL, y + CELL)


def _centre(cell: Sequence[int]) -> Point:
    x0, y0, x1, y1 = _cell_box(cell[0], cell[1])
    return ((x0 + x1) / 2, (y0 + y1) / 2)


def _board_layer(symbols: tuple[tuple[str | None, ...], ...]) -> Image.Image:
    """The tiles, their symbols and dots and the labels: fixed for a whole game."""
    layer = Image.new("RGBA", (WIDTH, BOARD_Y + BOARD_PX + 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    d.rectangle((BOARD_X - 4, BOARD_Y - 4, BOARD_X + BOARD_PX + 3, BOARD_Y + BOARD_PX + 3), fill=TILE_EDGE)
    for r in range(SIZE):
        for c in range(SIZE):
            x0, y0, x1, y1 = _cell_box(r, c)
            symbol = symbols[r][c]
            d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), radius=8,
                                fill=TILE if symbol else PLAIN)
            if symbol:
                draw_symbol(d, symbol, x0 + 30, y0 + 32, 40, GLYPH)
                _draw_dots(d, DOTS[symbol], x0 + 30, y0 + 64, 4.5, GLYPH)
    label_grid(d, (BOARD_X, BOARD_Y), CELL, SIZE, SIZE, size=20, fill=palette.TEXT, offset=20)
    return layer


def _draw_path(image: Image.Image, path: Sequence[Sequence[int]]) -> None:
    overlay = Image.new("RGBA", image.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(overlay)
    colour = palette.HIGHLIGHT + (215,)
    points = [_centre(cell) for cell in path]
    d.line(points, fill=colour, width=9, joint="curve")
    for x, y in points[1:-1]:
        d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=colour)
    sx, sy = points[0]
    d.ellipse((sx - 13, sy - 13, sx + 13, sy + 13), outline=colour, width=5)
    ex, ey = points[-1]
    if len(points) > 1:
        px, py = points[-2]
        angle = math.atan2(ey - py, ex - px)
        tip = (ex - 20 * math.cos(angle), ey - 20 * math.sin(angle))
        head = [(tip[0] + 18 * math.cos(angle), tip[1] + 18 * math.sin(angle)),
                (tip[0] + 12 * math.cos(angle + 2.3), tip[1] + 12 * math.sin(angle + 2.3)),
                (tip[0] + 12 * math.cos(angle - 2.3), tip[1] + 12 * math.sin(angle - 2.3))]
        d.polygon(head, fill=colour)
    image.alpha_composite(overlay)


def _draw_pieces(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    ghosts = view["ghosts"]
    for r in range(SIZE):
        for c in range(SIZE):
            if ghosts[r][c]:
                x0, y0, _, _ = _cell_box(r, c)
                draw_cube(d, x0 + 56, y0 + 14, 32, ghosts[r][c])
    by_cell: dict[tuple[int, int], list[str]] = {}
    for meeple in MEEPLES:
        cell = view["meeples"].get(meeple)
        if cell is not None:
            by_cell.setdefault((cell[0], cell[1]), []).append(meeple)
    called = view.get("meeple") if view.get("phase") == "attempt" else None
    for (r, c), meeples in by_cell.items():
        x0, y0, x1, y1 = _cell_box(r, c)
        plain = view["symbols"][r][c] is None
        crowded = len(meeples) > 1 or ghosts[r][c] is not None
        if len(meeples) == 1 and not crowded:
            cx = (x0 + x1) / 2 if plain else x0 + 74
            draw_pawn(d, cx, y1 - 12, 72 if plain else 68, meeples[0], ring=meeples[0] == called)
            continue
        if plain and len(meeples) == 2:
            spots, height = [(x0 + 30, y1 - 16), (x0 + 74, y1 - 16)], 58
        elif plain:
            spots, height = [(x0 + 30, y0 + 50), (x0 + 74, y0 + 50), (x0 + 30, y1 - 6), (x0 + 74, y1 - 6)], 42
        else:  # never in play (a meeple only lands where it zapped the ghost), but drawable
            spots, height = [(x0 + 62, y1 - 6), (x0 + 88, y1 - 6), (x0 + 62, y0 + 50), (x0 + 88, y0 + 50)], 40
        for (cx, bottom), meeple in zip(spots, meeples):
            draw_pawn(d, cx, bottom, height, meeple, ring=meeple == called)


def _status(view: dict[str, Any], names: Sequence[str] | None) -> str:
    phase = view["phase"]
    n = lambda s: _name(names, s)  # noqa: E731
    waiting = view.get("waiting_for") or []
    if phase == "discard":
        who = ", ".join(n(s) for s in waiting)
        return f"Everyone discards 2 cards in secret. Waiting for: {who}." if who else "Discarding."
    if phase == "race":
        return f"{n(view['roller'])} rolled {view['die']}. Race: press a meeple colour!"
    if phase == "attempt":
        return f"{n(view['caller'])} called the {view['meeple']} meeple: {view['die']} steps."
    if phase == "swap":
        who = ", ".join(n(s) for s in waiting)
        return f"Others may swap a card. Waiting for: {who}." if who else "Swapping."
    if phase == "over":
        ranks = view.get("ranks") or []
        winners = [s for s, rank in enumerate(ranks) if rank == 1]
        won = " and ".join(n(s) for s in winners)
        return f"Game over: {won} win{'s' if len(winners) == 1 else ''}!"
    return phase


def _attempt_text(view: dict[str, Any], names: Sequence[str] | None) -> str | None:
    attempt = view.get("last_attempt")
    if not attempt:
        return None
    who = _name(names, attempt["seat"])
    meeple = attempt["meeple"]
    if attempt["card"] is None:
        why = {"timeout": "ran out of time", "gave_up": "gave up",
               "left": "left"}.get(attempt["reason"], "missed")
        return f"Last: {who} {why} with the {meeple} meeple."
    card = attempt["card"]["name"]
    where = f"{_label(attempt['from'])} to {_label(attempt['to'])}"
    if attempt["success"]:
        return f"Last: {who} played {card}, {meeple} meeple {where}: zapped!"
    why = "no walk of that length" if attempt["reason"] == "no_walk" else "no match"
    return f"Last: {who} played {card}, {meeple} meeple {where}: {why}."


def _fit(text: str, size: int, width: float) -> str:
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "...", size) > width:
        text = text[:-1]
    return text + "..."


def _draw_header(d: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str] | None) -> None:
    rounded_panel(d, (MARGIN, 10, WIDTH - MARGIN, HEADER_H - 8), radius=12)
    title = "Zap That Ghost"
    if view.get("round"):
        title += f"  -  round {view['round']}"
    draw_text(d, (MARGIN + 14, 18), title, 24, palette.TEXT, bold=True)
    status_w = WIDTH - 2 * MARGIN - 28 - (DIE_SIZE + 12)
    draw_text(d, (MARGIN + 14, 52), _fit(_status(view, names), 18, status_w), 18, palette.HIGHLIGHT)
    if view.get("die"):
        draw_die(d, (WIDTH - MARGIN - 12 - DIE_SIZE, 14), DIE_SIZE, view["die"])


def _score_rows(players: int) -> int:
    return (players + 1) // 2


def _draw_scores(d: ImageDraw.ImageDraw, view: dict[str, Any], names: Sequence[str] | None,
                 top: float) -> float:
    players = view["players"]
    rows = _score_rows(players)
    last = _attempt_text(view, names)
    height = 44 + rows * SCORE_ROW + (30 if last else 0)
    rounded_panel(d, (MARGIN, top, WIDTH - MARGIN, top + height), radius=12)
    target = view["target"]
    draw_text(d, (MARGIN + 14, top + 10), f"Ghosts (first to {target} wins)", 18, palette.MUTED)
    col_w = (WIDTH - 2 * MARGIN - 28) / 2
    for seat in range(players):
        col, row = divmod(seat, rows)
        x = MARGIN + 14 + col * col_w
        y = top + 38 + row * SCORE_ROW
        gone = seat in view.get("left", [])
        away = seat in view.get("away", [])
        colour = palette.MUTED if gone or away else palette.TEXT
        if seat == view.get("caller") and view["phase"] in ("attempt", "swap"):
            d.rounded_rectangle((x - 6, y - 3, x + col_w - 10, y + SCORE_ROW - 5), radius=6,
                                outline=palette.HIGHLIGHT, width=2)
        tag = " (left)" if gone else " (away)" if away else ""
        score = view["scores"][seat]
        draw_text(d, (x, y + 2), _fit(_name(names, seat) + tag, 18, 128), 18, colour)
        draw_text(d, (x + 136, y + 2), f"{score}", 18, colour, bold=True)
        cx = x + 164
        captured = view.get("captured", [[]] * players)[seat]
        for i, ghost in enumerate(captured[:12]):
            fill = palette.GAME_COLOURS[ghost]
            d.rectangle((cx + i * 13, y + 6, cx + i * 13 + 10, y + 16), fill=fill, outline=OUTLINE)
    if last:
        draw_text(d, (MARGIN + 14, top + 40 + rows * SCORE_ROW),
                  _fit(last, 17, WIDTH - 2 * MARGIN - 28), 17, palette.TEXT)
    return top + height


def describe(view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The board in words: status, meeples, last move, every cell row by row, then the scores
    (in that order, so a description cut to Discord's alt-text limit loses the scores first).

    Each cell reads "B3 red drop" (a red ghost on a drop tile), "B3 empty drop" or "A1 corner",
    plus "with blue meeple" where a meeple stands."""
    heading = f"Zap That Ghost, round {view['round']}." if view.get("round") else "Zap That Ghost."
    lines = [f"{heading} {_status(view, names)}"]
    lines.append("Meeples: " + ", ".join(f"{m} {_label(view['meeples'][m])}" for m in MEEPLES) + ".")
    last = _attempt_text(view, names)
    if last:
        lines.append(last)
    if view.get("last_path"):
        lines.append("Last zap path: " + " ".join(_label(c) for c in view["last_path"]) + ".")
    at: dict[tuple[int, int], list[str]] = {}
    for m in MEEPLES:
        cell = view["meeples"][m]
        at.setdefault((cell[0], cell[1]), []).append(m)
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            symbol, ghost = view["symbols"][r][c], view["ghosts"][r][c]
            text = f"{COLUMNS[c]}{r + 1} "
            if symbol is None:
                text += "corner"
            else:
                text += f"{ghost} {symbol}" if ghost else f"empty {symbol}"
            if (r, c) in at:
                text += " with " + " and ".join(f"{m} meeple" for m in at[(r, c)])
            cells.append(text)
        lines.append(f"Row {r + 1}: " + "; ".join(cells) + ".")
    left, away = view.get("left", []), view.get("away", [])
    scores = ", ".join(f"{_name(names, s)[:20]} {view['scores'][s]}"
                       + (" (left)" if s in left else " (away)" if s in away else "")
                       for s in range(view["players"]))
    lines.append(f"Ghosts (target {view['target']}): {scores}.")
    return "\n".join(lines)


def render_ghosts(view: dict[str, Any], *, names: Sequence[str] | None = None) -> RenderedImage:
    """The board for `view` (public or a seat's: only public keys are read).

    `names` are display names by seat (default "Seat N").
    """
    symbols = tuple(tuple(row) for row in view["symbols"])
    rows = _score_rows(view["players"])
    height = BOARD_Y + BOARD_PX + 16 + 44 + rows * SCORE_ROW + 30 + 14
    image = new_canvas(WIDTH, height)
    image.alpha_composite(cached_layer(("ghosts-board", symbols), lambda: _board_layer(symbols)))
    if view.get("last_path"):
        _draw_path(image, view["last_path"])
    d = ImageDraw.Draw(image)
    _draw_pieces(d, view)
    _draw_header(d, view, names)
    bottom = _draw_scores(d, view, names, BOARD_Y + BOARD_PX + 16)
    image = image.crop((0, 0, WIDTH, int(bottom) + 14))
    return RenderedImage(png=encode_png(image), description=describe(view, names), filename="ghosts.png")


# ---------------------------------------------------------------------------------------------
# A hand of cards

CARD_W = 112
CARD_H = 156
CARD_GAP = 12


def draw_card(d: ImageDraw.ImageDraw, x: float, y: float, info: dict[str, Any],
              index: int | None = None) -> None:
    """One card: its colour as a thick border, the value in the corners, the symbol in the middle."""
    colour = info["colour"]
    border = palette.GAME_COLOURS[colour]
    d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=12, fill=border, outline=palette.GRID, width=2)
    face = STARTER_FACE if info.get("starter") else CARD_FACE
    d.rounded_rectangle((x + 9, y + 9, x + CARD_W - 9, y + CARD_H - 9), radius=8, fill=face,
                        outline=(0x8A, 0x8A, 0x80), width=2)
    draw_text(d, (x + 18, y + 14), str(info["value"]), 26, INK, bold=True)
    draw_text(d, (x + CARD_W - 18, y + CARD_H - 12), str(info["value"]), 20, INK, anchor="rd")
    draw_symbol(d, info["symbol"], x + CARD_W / 2, y + 72, 52, INK)
    draw_text(d, (x + CARD_W / 2, y + 112), colour.upper(), 16, INK, anchor="mm", bold=True)
    if index is not None:
        draw_text(d, (x + CARD_W / 2, y + CARD_H + 14), f"{index}", 18, palette.MUTED, anchor="mm")


def render_hand(cards: Sequence[dict[str, Any]], *, title: str = "Your hand") -> RenderedImage:
    """A small image of a hand (card dicts as in a seat's view: colour, symbol, value, starter)."""
    count = max(1, len(cards))
    width = max(320, 2 * MARGIN + count * CARD_W + (count - 1) * CARD_GAP)
    height = 52 + CARD_H + 34
    image = new_canvas(width, height)
    d = ImageDraw.Draw(image)
    draw_text(d, (MARGIN, 14), title, 22, palette.TEXT, bold=True)
    for i, info in enumerate(cards):
        draw_card(d, MARGIN + i * (CARD_W + CARD_GAP), 48, info, index=i + 1)
    if not cards:
        draw_text(d, (MARGIN, 60), "No cards.", 20, palette.MUTED)
    words = "; ".join(f"{i + 1}: {c['colour']} {c['symbol']}, value {c['value']}"
                      for i, c in enumerate(cards))
    description = f"{title}: {words}." if cards else f"{title}: no cards."
    return RenderedImage(png=encode_png(image), description=description, filename="hand.png")

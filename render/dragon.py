"""Treasure of the Dragons board: the 7x7 cave grid, this turn's face-up cards, the scores.

`render_dragon(view, names=None, now=None)` draws a `Dragon.view` (public or a seat's: they are
the same) and describes it in text. The view only ever holds the cards revealed in the turn now
running, so neither the image nor the description can show a card that was covered again.

Every kind is a drawn shape with a coloured frame and a short label (no emoji fonts): balls,
cars, dolls (toys), candlesticks, treasure chests, diamond rings, small dragons, spiders. Card
faces, the card back and the board frame are drawn once (supersampled) and cached.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import palette
from render.cache import cached_layer
from render.canvas import (
    draw_text,
    label_grid,
    new_canvas,
    rounded_panel,
    text_width,
    wrap_text,
)
from render.encode import RenderedImage, encode_png

SIZE = 7
WIDTH = 720
MARGIN = 16
HEADER_H = 84
CELL = 90          # grid pitch
CARD = 84          # card side inside a cell
LABEL_SPACE = 30   # room for the row and column labels
GRID_X = (WIDTH - (SIZE * CELL + LABEL_SPACE)) // 2 + LABEL_SPACE
GRID_Y = MARGIN + HEADER_H + 12 + LABEL_SPACE
GRID_BOTTOM = GRID_Y + SIZE * CELL
TURN_Y = GRID_BOTTOM + 12
TURN_H = 76
SCORES_Y = TURN_Y + TURN_H + 12
ROW_H = 44
MINI = 30          # scoreboard icon side
SUPER = 3          # supersampling factor for the cached card art

KINDS = ("ball", "car", "doll", "candlestick", "crate", "ring", "dragon", "spider")
LABELS = {"ball": "BALL", "car": "CAR", "doll": "DOLL", "candlestick": "CANDLE", "crate": "CHEST",
          "ring": "RING", "dragon": "DRAGON", "spider": "SPIDER"}
SINGULAR = {"ball": "ball", "car": "car", "doll": "doll", "candlestick": "candlestick", "crate": "crate",
            "ring": "ring", "dragon": "dragon", "spider": "spider"}
PLURAL = {"ball": "balls", "car": "cars", "doll": "dolls", "candlestick": "candlesticks",
          "crate": "crates", "ring": "rings", "dragon": "dragons", "spider": "spiders"}

# Okabe-Ito hues, one per kind; shape and label carry the meaning too.
SKY = (0x56, 0xB4, 0xE9)
PURPLE = (0xCC, 0x79, 0xA7)
ORANGE = (0xE6, 0x9F, 0x00)
GOLD = (0xD9, 0xA4, 0x1E)
BROWN = (0x8B, 0x5A, 0x2B)
SKIN = (0xF1, 0xC2, 0x9B)
DARK = (0x22, 0x22, 0x22)
KIND_COLOUR = {"ball": palette.RED, "car": palette.BLUE, "doll": PURPLE, "candlestick": ORANGE,
               "crate": BROWN, "ring": SKY, "dragon": palette.GREEN, "spider": (0x10, 0x10, 0x10)}
FACE = (0xF7, 0xF1, 0xE1)
BACK = (0x5B, 0x42, 0x30)
BACK_LINE = (0x7C, 0x5E, 0x45)
SLOT = (0x29, 0x2E, 0x36)


# ----------------------------------------------------------------- card art
def draw_icon(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, s: float) -> None:
    """Draw `kind`'s shape in the square with top-left (x, y) and side s."""
    def p(u: float, v: float) -> tuple[float, float]:
        return (x + u * s, y + v * s)

    def box(u0: float, v0: float, u1: float, v1: float) -> tuple[float, float, float, float]:
        return (*p(u0, v0), *p(u1, v1))

    w = max(1, round(s * 0.035))
    colour = KIND_COLOUR[kind]
    if kind == "ball":  # a beach ball: six coloured segments
        segment_colours = (colour, palette.WHITE, palette.YELLOW, colour, palette.WHITE, palette.BLUE)
        for i, fill in enumerate(segment_colours):
            d.pieslice(box(0.14, 0.14, 0.86, 0.86), i * 60 - 90, i * 60 - 30, fill=fill)
        d.ellipse(box(0.14, 0.14, 0.86, 0.86), outline=DARK, width=w)
        d.ellipse(box(0.42, 0.42, 0.58, 0.58), fill=palette.WHITE, outline=DARK, width=w)
    elif kind == "car":
        d.polygon([p(0.26, 0.46), p(0.36, 0.24), p(0.66, 0.24), p(0.78, 0.46)], fill=colour, outline=DARK,
                  width=w)
        d.polygon([p(0.34, 0.44), p(0.41, 0.3), p(0.5, 0.3), p(0.5, 0.44)], fill=SKY)
        d.polygon([p(0.55, 0.44), p(0.55, 0.3), p(0.63, 0.3), p(0.71, 0.44)], fill=SKY)
        d.rounded_rectangle(box(0.06, 0.44, 0.94, 0.7), radius=s * 0.08, fill=colour, outline=DARK, width=w)
        d.ellipse(box(0.86, 0.5, 0.93, 0.57), fill=palette.YELLOW)
        for u in (0.28, 0.72):
            d.ellipse(box(u - 0.12, 0.58, u + 0.12, 0.82), fill=DARK)
            d.ellipse(box(u - 0.05, 0.65, u + 0.05, 0.75), fill=palette.MUTED)
    elif kind == "doll":
        d.polygon([p(0.5, 0.36), p(0.2, 0.92), p(0.8, 0.92)], fill=colour, outline=DARK, width=w)
        d.line([p(0.36, 0.5), p(0.16, 0.64)], fill=SKIN, width=w * 3)
        d.line([p(0.64, 0.5), p(0.84, 0.64)], fill=SKIN, width=w * 3)
        d.ellipse(box(0.33, 0.08, 0.67, 0.42), fill=SKIN, outline=DARK, width=w)
        d.chord(box(0.31, 0.05, 0.69, 0.36), 180, 360, fill=BROWN)
        for u in (0.43, 0.57):
            d.ellipse(box(u - 0.025, 0.24, u + 0.025, 0.29), fill=DARK)
        d.arc(box(0.43, 0.26, 0.57, 0.36), 20, 160, fill=palette.RED, width=w)
    elif kind == "candlestick":
        d.ellipse(box(0.4, 0.04, 0.6, 0.26), fill=ORANGE)
        d.ellipse(box(0.45, 0.11, 0.55, 0.24), fill=palette.YELLOW)
        d.rectangle(box(0.41, 0.24, 0.59, 0.52), fill=palette.WHITE, outline=DARK, width=w)
        d.rounded_rectangle(box(0.28, 0.5, 0.72, 0.58), radius=s * 0.03, fill=GOLD, outline=DARK, width=w)
        d.rectangle(box(0.45, 0.58, 0.55, 0.82), fill=GOLD, outline=DARK, width=w)
        d.polygon([p(0.26, 0.93), p(0.36, 0.8), p(0.64, 0.8), p(0.74, 0.93)], fill=GOLD, outline=DARK, width=w)
    elif kind == "crate":
        d.rounded_rectangle(box(0.1, 0.16, 0.9, 0.46), radius=s * 0.12, fill=colour, outline=DARK, width=w)
        d.rectangle(box(0.1, 0.42, 0.9, 0.86), fill=colour, outline=DARK, width=w)
        for v in (0.58, 0.72):
            d.line([p(0.1, v), p(0.9, v)], fill=DARK, width=w)
        for u in (0.18, 0.82):
            d.rectangle(box(u - 0.04, 0.17, u + 0.04, 0.85), fill=GOLD)
        d.rectangle(box(0.4, 0.36, 0.6, 0.56), fill=GOLD, outline=DARK, width=w)
        d.ellipse(box(0.47, 0.42, 0.53, 0.49), fill=DARK)
    elif kind == "ring":
        d.ellipse(box(0.22, 0.36, 0.78, 0.92), outline=GOLD, width=max(2, round(s * 0.09)))
        d.polygon([p(0.3, 0.26), p(0.4, 0.12), p(0.6, 0.12), p(0.7, 0.26), p(0.5, 0.48)], fill=colour,
                  outline=DARK, width=w)
        d.line([p(0.3, 0.26), p(0.7, 0.26)], fill=DARK, width=w)
        d.line([p(0.45, 0.13), p(0.5, 0.47)], fill=palette.WHITE, width=w)
    elif kind == "dragon":
        # wing, then a head in profile with horns, spikes, eye and a puff of fire
        d.polygon([p(0.08, 0.62), p(0.14, 0.2), p(0.3, 0.36), p(0.36, 0.16), p(0.46, 0.5)], fill=(0x0B, 0x70, 0x52),
                  outline=DARK, width=w)
        head = [p(0.18, 0.9), p(0.3, 0.58), p(0.44, 0.42), p(0.5, 0.2), p(0.58, 0.4), p(0.7, 0.42),
                p(0.86, 0.52), p(0.86, 0.62), p(0.66, 0.64), p(0.6, 0.74), p(0.46, 0.74), p(0.4, 0.9)]
        d.polygon(head, fill=colour, outline=DARK, width=w)
        d.polygon([p(0.28, 0.62), p(0.24, 0.5), p(0.34, 0.54)], fill=palette.YELLOW)
        d.polygon([p(0.22, 0.76), p(0.16, 0.66), p(0.27, 0.68)], fill=palette.YELLOW)
        d.ellipse(box(0.55, 0.45, 0.65, 0.55), fill=palette.YELLOW, outline=DARK, width=w)
        d.ellipse(box(0.59, 0.47, 0.63, 0.53), fill=DARK)
        d.ellipse(box(0.79, 0.52, 0.83, 0.56), fill=DARK)
        d.polygon([p(0.86, 0.56), p(0.98, 0.5), p(0.94, 0.58), p(0.99, 0.66), p(0.86, 0.62)], fill=ORANGE)
    elif kind == "spider":
        for side in (-1, 1):
            for i, v in enumerate((0.34, 0.46, 0.58, 0.7)):
                knee = p(0.5 + side * 0.3, v - 0.16 + i * 0.04)
                foot = p(0.5 + side * 0.44, v + 0.08 + i * 0.05)
                d.line([p(0.5, 0.52), knee, foot], fill=colour, width=w * 2, joint="curve")
        d.ellipse(box(0.32, 0.42, 0.68, 0.88), fill=colour)
        d.ellipse(box(0.38, 0.2, 0.62, 0.46), fill=colour)
        for u in (0.45, 0.55):
            d.ellipse(box(u - 0.03, 0.28, u + 0.03, 0.34), fill=palette.RED)
        d.polygon([p(0.5, 0.56), p(0.44, 0.66), p(0.5, 0.76), p(0.56, 0.66)], fill=palette.RED)
    else:
        raise ValueError(f"unknown kind {kind!r}")


def _supersampled(side: int, paint) -> Image.Image:
    big = Image.new("RGBA", (side * SUPER, side * SUPER), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), side * SUPER)
    return big.resize((side, side), Image.Resampling.LANCZOS)


def face_tile(kind: str, side: int = CARD) -> Image.Image:
    """A face-up card: coloured frame, the shape, and the kind's label (cached; do not draw on it)."""
    def build() -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, s: int) -> None:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.12, fill=FACE,
                                outline=KIND_COLOUR[kind],
                                width=round(s * 0.06))
            draw_icon(d, kind, s * 0.2, s * 0.08, s * 0.6)
        tile = _supersampled(side, paint)
        d = ImageDraw.Draw(tile)
        draw_text(d, (side / 2, side * 0.83), LABELS[kind], 16 if side >= 80 else 14, DARK, anchor="mm",
                  bold=True)
        return tile
    return cached_layer(("dragon", "face", kind, side), build)


def mini_icon(kind: str, side: int = MINI) -> Image.Image:
    """A small scoreboard icon: the shape on a face-coloured tile with the kind's colour as frame."""
    def build() -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, s: int) -> None:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.18, fill=FACE,
                                outline=KIND_COLOUR[kind],
                                width=round(s * 0.07))
            draw_icon(d, kind, s * 0.1, s * 0.1, s * 0.8)
        return _supersampled(side, paint)
    return cached_layer(("dragon", "mini", kind, side), build)


def back_tile(side: int = CARD) -> Image.Image:
    """A face-down card: earth brown with a lattice and a round seal (cached)."""
    def build() -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, s: int) -> None:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.12, fill=BACK, outline=BACK_LINE,
                                width=round(s * 0.04))
            inset, step = s * 0.14, s * 0.18
            d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=s * 0.06, outline=BACK_LINE,
                                width=round(s * 0.02))
            k = -s
            while k < s:  # diagonal lattice inside the inner frame
                d.line([(inset + max(0, k), inset + max(0, -k)), (s - inset - max(0, -k), s - inset - max(0, k))],
                       fill=BACK_LINE, width=round(s * 0.015))
                k += step
            r = s * 0.13
            d.ellipse((s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r), fill=BACK, outline=GOLD, width=round(s * 0.025))
        return _supersampled(side, paint)
    return cached_layer(("dragon", "back", side), build)


def _height(players: int) -> int:
    return SCORES_Y + 40 + players * ROW_H + 8 + MARGIN


def _base_layer(players: int) -> Image.Image:
    """Background, panels and grid labels: everything that never changes during a game."""
    def build() -> Image.Image:
        height = _height(players)
        image = new_canvas(WIDTH, height)
        d = ImageDraw.Draw(image)
        rounded_panel(d, (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H), radius=14)
        frame = (GRID_X - 8, GRID_Y - 8, GRID_X + SIZE * CELL + 8, GRID_BOTTOM + 8)
        rounded_panel(d, frame, radius=12, fill=(0x1B, 0x1E, 0x24))
        label_grid(d, (GRID_X, GRID_Y), CELL, SIZE, SIZE, size=18, offset=LABEL_SPACE - 8 + 8 // 2,
                   fill=palette.TEXT)
        rounded_panel(d, (MARGIN, TURN_Y, WIDTH - MARGIN, TURN_Y + TURN_H), radius=12)
        rounded_panel(d, (MARGIN, SCORES_Y, WIDTH - MARGIN, height - MARGIN), radius=12)
        draw_text(d, (MARGIN + 16, SCORES_Y + 10), "Collected", 18, palette.MUTED)
        draw_text(d, (WIDTH - MARGIN - 16, SCORES_Y + 10), "Cards", 18, palette.MUTED, anchor="ra")
        empty_slot = Image.new("RGBA", (CARD, CARD), (0, 0, 0, 0))
        ImageDraw.Draw(empty_slot).rounded_rectangle((0, 0, CARD - 1, CARD - 1), radius=10, fill=SLOT,
                                                     outline=(0x3A, 0x40, 0x4A), width=2)
        for r in range(SIZE):
            for c in range(SIZE):
                image.alpha_composite(empty_slot, _card_xy(r, c))
        return image
    return cached_layer(("dragon", "base", players), build)


def _card_xy(r: int, c: int) -> tuple[int, int]:
    pad = (CELL - CARD) // 2
    return (GRID_X + c * CELL + pad, GRID_Y + r * CELL + pad)


# ----------------------------------------------------------------- words
def _label(cell: Sequence[int]) -> str:
    return f"{'ABCDEFG'[cell[1]]}{cell[0] + 1}"


def count_words(counts: dict[str, int]) -> str:
    parts = [f"{n} {SINGULAR[k] if n == 1 else PLURAL[k]}" for k in KINDS if (n := counts.get(k, 0))]
    return ", ".join(parts) if parts else "nothing"


def _names(view: dict[str, Any], names: Sequence[str] | None) -> list[str]:
    players = view["players"]
    given = list(names or [])
    return [given[s] if s < len(given) and given[s] else f"Seat {s + 1}" for s in range(players)]


def _winners(view: dict[str, Any]) -> list[int]:
    gone = set(view["gone"])
    staying = [s for s in range(view["players"]) if s not in gone] or list(range(view["players"]))
    best = max(view["scores"][s] for s in staying)
    return [s for s in staying if view["scores"][s] == best]


def _status(view: dict[str, Any], who: list[str], now: float | None) -> str:
    player = who[view["turn"]]
    clock = ""
    if now is not None and view.get("deadline") is not None:
        clock = f" ({max(0, math.ceil(view['deadline'] - now))} s left)"
    if view["phase"] == "over":
        winners = _winners(view)
        text = f"Game over: {' and '.join(who[s] for s in winners)} {'win' if len(winners) > 1 else 'wins'} " \
               f"with {view['scores'][winners[0]]} cards."
        if view.get("spiders_to") is not None:
            text += f" {who[view['spiders_to']]} took the spiders."
        return text
    if view["phase"] == "spider":
        return f"{player} met a spider: move it to an empty cell or leave it{clock}."
    return f"{player}'s turn: turn over a card or stop{clock}."


def _last_turn(view: dict[str, Any], who: list[str]) -> str | None:
    last = view.get("last_turn")
    if not last:
        return None
    name = who[last["seat"]]
    ending = last["ending"]
    if ending == "stop":
        return f"Last turn: {name} stopped and collected {count_words(last['collected'])}."
    if ending == "timeout":
        return f"Last turn: {name} ran out of time and collected {count_words(last['collected'])}."
    if ending == "spider":
        return f"Last turn: {name} met a spider and got nothing."
    if ending == "dragon":
        return f"Last turn: {name} woke a dragon among the treasure and got nothing."
    return f"Last turn: {name} left the game."


def describe(view: dict[str, Any], names: Sequence[str] | None = None, now: float | None = None) -> str:
    """The board in words: whose turn, this turn's face-up cards by cell, empty cells, the scores."""
    who = _names(view, names)
    lines = [f"Treasure of the Dragons, turn {view['turn_number']}. {_status(view, who, now)}"]
    if view["revealed"]:
        shown = ", ".join(f"{item['label']} {SINGULAR[item['kind']]}" for item in view["revealed"])
        lines.append(f"Face up this turn: {shown}. Stopping now collects {count_words(view['would_collect'])}.")
    elif view["phase"] == "reveal":
        lines.append("No card is face up yet this turn.")
    empty = [_label([r, c]) for r in range(SIZE) for c in range(SIZE) if view["grid"][r][c] == "empty"]
    down = [_label([r, c]) for r in range(SIZE) for c in range(SIZE) if view["grid"][r][c] == "down"]
    if view["phase"] != "over":
        if len(empty) <= len(down):  # name the shorter list
            lines.append(f"{len(down)} cards face down. Empty cells: {' '.join(empty) if empty else 'none'}.")
        else:
            lines.append(f"{len(down)} cards face down: {' '.join(down)}. Every other cell is empty.")
    last = _last_turn(view, who)
    if last and view["phase"] != "over":
        lines.append(last)
    scores = []
    for s in range(view["players"]):
        tag = " (left)" if s in view["gone"] else ""
        scores.append(f"{who[s]}{tag} {view['scores'][s]} ({count_words(view['collected'][s])})")
    lines.append("Cards: " + "; ".join(scores) + ".")
    return "\n".join(lines)


# ----------------------------------------------------------------- drawing
def _draw_header(d: ImageDraw.ImageDraw, view: dict[str, Any], who: list[str], now: float | None) -> None:
    x0 = MARGIN + 16
    draw_text(d, (x0, MARGIN + 12), "Treasure of the Dragons", 24, palette.HIGHLIGHT, bold=True)
    draw_text(d, (WIDTH - MARGIN - 16, MARGIN + 14), f"Turn {view['turn_number']}", 20, palette.MUTED,
              anchor="ra")
    status = wrap_text(_status(view, who, now), 20, WIDTH - 2 * MARGIN - 32)
    draw_text(d, (x0, MARGIN + 48), status[0], 20, palette.TEXT)


def _draw_turn_panel(d: ImageDraw.ImageDraw, view: dict[str, Any], who: list[str]) -> None:
    x0, width = MARGIN + 16, WIDTH - 2 * MARGIN - 32
    if view["phase"] == "over":
        first = "Only the spiders were left." if view.get("ended") == "spiders" else "Too few players were left."
    elif view["revealed"]:
        first = f"Stop now to collect: {count_words(view['would_collect'])}"
    elif view["phase"] == "spider":
        first = "Everything is covered again."
    else:
        first = "No card face up yet."
    draw_text(d, (x0, TURN_Y + 12), wrap_text(first, 20, width)[0], 20, palette.TEXT, bold=bool(view["revealed"]))
    last = _last_turn(view, who) or "First turn of the game."
    draw_text(d, (x0, TURN_Y + 44), wrap_text(last, 18, width)[0], 18, palette.MUTED)


def _draw_scores(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], who: list[str]) -> None:
    y = SCORES_Y + 40
    name_w = 150
    for s in range(view["players"]):
        cy = y + ROW_H // 2
        on_turn = s == view["turn"] and view["phase"] != "over"
        if on_turn:
            d.rounded_rectangle((MARGIN + 6, y + 2, WIDTH - MARGIN - 6, y + ROW_H - 2), radius=8,
                                fill=(0x3B, 0x43, 0x50))
            d.polygon([(MARGIN + 12, cy - 8), (MARGIN + 24, cy), (MARGIN + 12, cy + 8)], fill=palette.HIGHLIGHT)
        name = who[s]
        while text_width(name, 20) > name_w - 8 and len(name) > 2:
            name = name[:-2] + "."
        colour = palette.MUTED if s in view["gone"] else palette.TEXT
        draw_text(d, (MARGIN + 30, cy), name, 20, colour, anchor="lm", bold=on_turn)
        if s in view["gone"]:
            draw_text(d, (MARGIN + 30 + name_w - 6, cy), "left", 16, palette.MUTED, anchor="rm")
        x = MARGIN + 30 + name_w
        for kind in KINDS:
            n = view["collected"][s].get(kind, 0)
            if not n:
                continue
            image.alpha_composite(mini_icon(kind), (x, cy - MINI // 2))
            draw_text(d, (x + MINI + 3, cy), str(n), 18, palette.TEXT, anchor="lm")
            x += MINI + 12 + int(text_width(str(n), 18))
        draw_text(d, (WIDTH - MARGIN - 16, cy), str(view["scores"][s]), 24, palette.TEXT, anchor="rm", bold=True)
        y += ROW_H


def render_dragon(view: dict[str, Any], names: Sequence[str] | None = None, *, now: float | None = None) -> RenderedImage:
    """The board for a `Dragon.view`: PNG bytes and a description that plays without the image.

    `names` are the seats' display names (default "Seat N"); with `now` the header shows the
    seconds left on the turn clock.
    """
    who = _names(view, names)
    image = _base_layer(view["players"]).copy()
    d = ImageDraw.Draw(image)
    order = {tuple(item["cell"]): i + 1 for i, item in enumerate(view["revealed"])}
    for r in range(SIZE):
        for c in range(SIZE):
            value = view["grid"][r][c]
            if value == "empty":
                continue
            xy = _card_xy(r, c)
            image.alpha_composite(back_tile() if value == "down" else face_tile(value), xy)
            if (r, c) in order:  # reveal order badge
                bx, by = xy[0] + 1, xy[1] + 1
                d.ellipse((bx, by, bx + 21, by + 21), fill=palette.HIGHLIGHT, outline=DARK)
                draw_text(d, (bx + 10.5, by + 10.5), str(order[(r, c)]), 16, DARK, anchor="mm", bold=True)
    _draw_header(d, view, who, now)
    _draw_turn_panel(d, view, who)
    _draw_scores(image, d, view, who)
    return RenderedImage(png=encode_png(image), description=describe(view, names, now), filename="dragon.png")

"""The leaderboard image (top 10 and the viewer's own row) and the small rating-over-time chart.

Both take plain, already-formatted data (the cog turns standings into `Row`s), draw with the
shared canvas helpers, and describe themselves in text for screen readers.

    render_leaderboard("Tally", "This server · all time · 12 players", rows, me=row, figure_label="Rating")
    render_rating_chart("Ann: rating over time", [Series("Tally", [(t0, 1500.0), (t1, 1565.0)])])
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from PIL import ImageDraw

from render import palette
from render.canvas import draw_text, new_canvas, rounded_panel, text_width
from render.encode import RenderedImage, encode_png
from render.palette import ColourLike

WIDTH = 640
MARGIN = 16
HEADER_H = 76
COLUMNS_H = 30
ROW_H = 46
ROW_GAP = 4
GAP_H = 26  # the "..." between the top rows and the viewer's row
TITLE_SIZE = 28
SUBTITLE_SIZE = 18
ROW_SIZE = 22
SMALL_SIZE = 16

GOLD = (0xD9, 0xA4, 0x1E)
SILVER = (0xB8, 0xC0, 0xCC)
BRONZE = (0xB0, 0x72, 0x3A)
MEDALS = {1: GOLD, 2: SILVER, 3: BRONZE}

# x positions of the columns (right edges for the numbers).
POS_RIGHT = MARGIN + 58
NAME_X = MARGIN + 74
FIGURE_RIGHT = WIDTH - MARGIN - 170
GAMES_RIGHT = WIDTH - MARGIN - 86
RATE_RIGHT = WIDTH - MARGIN - 14


@dataclass(frozen=True)
class Row:
    """One line of a board, formatted: `figure` is the rating, points or wins it is ranked by."""

    position: int
    name: str
    figure: str
    games: int
    win_rate: float  # 0..1
    highlight: bool = False  # the viewer's own row


def fit(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """`text` cut with '...' to fit `max_width` px."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "...", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "..."


def _draw_row(draw: ImageDraw.ImageDraw, y: int, row: Row, stripe: bool) -> None:
    fill = palette.PANEL if stripe else palette.BACKGROUND
    outline = palette.HIGHLIGHT if row.highlight else None
    rounded_panel(draw, (MARGIN, y, WIDTH - MARGIN - 1, y + ROW_H), radius=10, fill=fill, outline=outline,
                  width=3 if row.highlight else 0)
    mid = y + ROW_H // 2
    medal = MEDALS.get(row.position)
    if medal is not None:
        cx = POS_RIGHT - 14
        draw.ellipse((cx - 17, mid - 17, cx + 17, mid + 17), fill=medal)
        draw_text(draw, (cx, mid), str(row.position), ROW_SIZE, palette.readable_text(medal), anchor="mm", bold=True)
    else:
        draw_text(draw, (POS_RIGHT, mid), str(row.position), ROW_SIZE, palette.MUTED, anchor="rm")
    name_room = FIGURE_RIGHT - 110 - NAME_X
    draw_text(draw, (NAME_X, mid), fit(row.name, ROW_SIZE, name_room, bold=row.highlight), ROW_SIZE,
              palette.HIGHLIGHT if row.highlight else palette.TEXT, anchor="lm", bold=row.highlight)
    draw_text(draw, (FIGURE_RIGHT, mid), row.figure, ROW_SIZE, palette.TEXT, anchor="rm", bold=True)
    draw_text(draw, (GAMES_RIGHT, mid), str(row.games), ROW_SIZE, palette.MUTED, anchor="rm")
    draw_text(draw, (RATE_RIGHT, mid), f"{round(100 * row.win_rate)}%", ROW_SIZE, palette.MUTED, anchor="rm")


def render_leaderboard(title: str, subtitle: str, rows: Sequence[Row], *, me: Row | None = None,
                       figure_label: str = "Rating", empty: str = "No games on this board yet.",
                       filename: str = "leaderboard.png") -> RenderedImage:
    """The ranked rows, then (after a gap) the viewer's own row when they are outside them."""
    body_rows = len(rows) + (1 if me is not None else 0)
    body_h = COLUMNS_H + body_rows * (ROW_H + ROW_GAP) + (GAP_H if me is not None else 0) if rows else 70
    height = MARGIN + HEADER_H + 10 + body_h + MARGIN
    image = new_canvas(WIDTH, height)
    draw = ImageDraw.Draw(image)

    draw.rounded_rectangle((MARGIN, MARGIN, WIDTH - MARGIN - 1, MARGIN + HEADER_H), radius=14,
                           fill=palette.HIGHLIGHT)
    ink = palette.readable_text(palette.HIGHLIGHT)
    draw_text(draw, (MARGIN + 18, MARGIN + 12), fit(title, TITLE_SIZE, WIDTH - 2 * MARGIN - 36, True), TITLE_SIZE,
              ink, bold=True)
    draw_text(draw, (MARGIN + 18, MARGIN + 50), fit(subtitle, SUBTITLE_SIZE, WIDTH - 2 * MARGIN - 36),
              SUBTITLE_SIZE, ink)

    y = MARGIN + HEADER_H + 10
    if not rows:
        rounded_panel(draw, (MARGIN, y, WIDTH - MARGIN - 1, y + 60), radius=10)
        draw_text(draw, (WIDTH // 2, y + 30), empty, ROW_SIZE, palette.MUTED, anchor="mm")
    else:
        header_mid = y + COLUMNS_H // 2
        for x, label, anchor in ((POS_RIGHT, "#", "rm"), (NAME_X, "Player", "lm"),
                                 (FIGURE_RIGHT, figure_label, "rm"), (GAMES_RIGHT, "Games", "rm"),
                                 (RATE_RIGHT, "Won", "rm")):
            draw_text(draw, (x, header_mid), label, SMALL_SIZE, palette.MUTED, anchor=anchor)
        y += COLUMNS_H
        for i, row in enumerate(rows):
            _draw_row(draw, y, row, stripe=i % 2 == 0)
            y += ROW_H + ROW_GAP
        if me is not None:
            draw_text(draw, (WIDTH // 2, y + GAP_H // 2 - 2), ". . .", ROW_SIZE, palette.MUTED, anchor="mm")
            y += GAP_H
            _draw_row(draw, y, me, stripe=True)

    lines = [title, subtitle]
    if not rows:
        lines.append(empty)
    for row in [*rows, *([me] if me is not None else [])]:
        lines.append(f"{row.position}. {row.name}: {figure_label.lower()} {row.figure}, {row.games} games, "
                     f"{round(100 * row.win_rate)}% won" + (" (you)" if row.highlight else ""))
    return RenderedImage(encode_png(image), "\n".join(lines), filename)


# ---------------------------------------------------------------- the rating chart

CHART_W, CHART_H = 640, 300
SERIES_COLOURS: tuple[ColourLike, ...] = (palette.BLUE, palette.HIGHLIGHT, palette.GREEN, palette.YELLOW)
MARKERS = ("circle", "square", "triangle", "diamond")


@dataclass(frozen=True)
class Series:
    label: str
    points: Sequence[tuple[float, float]]  # (unix time, rating), oldest first


def _marker(draw: ImageDraw.ImageDraw, shape: str, x: float, y: float, r: float, colour: ColourLike) -> None:
    fill = palette.to_rgb(colour)
    if shape == "circle":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
    elif shape == "square":
        draw.rectangle((x - r, y - r, x + r, y + r), fill=fill)
    elif shape == "triangle":
        draw.polygon([(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)], fill=fill)
    else:
        draw.polygon([(x, y - r * 1.3), (x + r * 1.3, y), (x, y + r * 1.3), (x - r * 1.3, y)], fill=fill)


def _nice_step(span: float, ticks: int = 4) -> float:
    raw = max(span, 1.0) / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def _date(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%d %b %Y")


def render_rating_chart(title: str, series: Sequence[Series], *, filename: str = "rating.png") -> RenderedImage:
    """Lines of rating against games played (oldest left), one per game, with a legend.

    The x axis steps one place per game in time order across all series, so games played far apart
    do not squeeze the rest; the first and last dates are written under it.
    """
    series = [s for s in series if s.points][: len(SERIES_COLOURS)]
    image = new_canvas(CHART_W, CHART_H)
    draw = ImageDraw.Draw(image)
    rounded_panel(draw, (MARGIN // 2, MARGIN // 2, CHART_W - MARGIN // 2 - 1, CHART_H - MARGIN // 2 - 1), radius=12)
    draw_text(draw, (MARGIN + 8, MARGIN + 4), fit(title, 20, CHART_W - 2 * MARGIN - 16, True), 20, palette.TEXT,
              bold=True)
    if not series:
        draw_text(draw, (CHART_W // 2, CHART_H // 2), "No rated games yet.", ROW_SIZE, palette.MUTED, anchor="mm")
        return RenderedImage(encode_png(image), f"{title}\nNo rated games yet.", filename)

    # Legend: marker and name per series.
    x = MARGIN + 8
    for i, s in enumerate(series):
        _marker(draw, MARKERS[i], x + 6, MARGIN + 44, 6, SERIES_COLOURS[i])
        label = fit(s.label, SMALL_SIZE, 130)
        draw_text(draw, (x + 18, MARGIN + 44), label, SMALL_SIZE, palette.TEXT, anchor="lm")
        x += 18 + int(text_width(label, SMALL_SIZE)) + 22

    order = sorted({(at, i, j) for i, s in enumerate(series) for j, (at, _) in enumerate(s.points)})
    slot = {(i, j): n for n, (_, i, j) in enumerate(order)}
    values = [v for s in series for _, v in s.points]
    step = _nice_step(max(values) - min(values))
    low = math.floor(min(values) / step) * step
    high = max(math.ceil(max(values) / step) * step, low + step)
    left, right, top, bottom = MARGIN + 62, CHART_W - MARGIN - 16, MARGIN + 64, CHART_H - MARGIN - 30

    def px(n: int) -> float:
        return left + (right - left) * (n / (len(order) - 1) if len(order) > 1 else 0.5)

    def py(v: float) -> float:
        return bottom - (bottom - top) * (v - low) / (high - low)

    tick = low
    while tick <= high + 1e-9:
        y = py(tick)
        draw.line((left, y, right, y), fill=palette.PANEL_BORDER, width=1)
        draw_text(draw, (left - 8, y), f"{tick:g}", SMALL_SIZE, palette.MUTED, anchor="rm")
        tick += step
    draw_text(draw, (left, bottom + 8), _date(order[0][0]), SMALL_SIZE, palette.MUTED, anchor="la")
    draw_text(draw, (right, bottom + 8), _date(order[-1][0]), SMALL_SIZE, palette.MUTED, anchor="ra")

    for i, s in enumerate(series):
        xy = [(px(slot[(i, j)]), py(v)) for j, (_, v) in enumerate(s.points)]
        colour = palette.to_rgb(SERIES_COLOURS[i])
        if len(xy) > 1:
            draw.line(xy, fill=colour, width=3, joint="curve")
        marked = xy if len(xy) <= 30 else [xy[-1]]
        for mx, my in marked:
            _marker(draw, MARKERS[i], mx, my, 4.5, colour)

    lines = [title]
    for s in series:
        first, last = s.points[0][1], s.points[-1][1]
        lines.append(f"{s.label}: {first:.0f} to {last:.0f} over {len(s.points) - 1} games "
                     f"(low {min(v for _, v in s.points):.0f}, high {max(v for _, v in s.points):.0f}), "
                     f"{_date(s.points[0][0])} to {_date(s.points[-1][0])}")
    return RenderedImage(encode_png(image), "\n".join(lines), filename)

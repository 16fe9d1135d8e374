"""The leaderboard image (top 10 and the viewer's own row) and the small rating-over-time chart.

Both take plain, already-formatted data (the cog turns standings into `Row`s), draw with the
shared canvas helpers, and describe themselves in text for screen readers.

    render_leaderboard("Tally", "This server · all time · 12 players", rows, me=row, figure_label="Rating")
    render_rating_chart("Ann: rating over time", [Series("Tally", [(t0, 1500.0), (t1, 1565.0)])])

The words the cog does not hand over (column headings, the descriptions' sentences, percentages) are made
as engine words (`Said`, `counted`, `Term`: English with its source and values) and shown through `show`,
which the cog gives in the reader's language (cogs/language.said_text), as render/dragon.py's are; dates
are written by `dated`. The defaults (`str`, `_date`) read English.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from PIL import ImageDraw

from engine.errors import Said, Term, counted
from render import palette
from render.canvas import draw_text, new_canvas, rounded_panel, text_width
from render.encode import RenderedImage, encode_png
from render.palette import ColourLike

# Sized for a phone, which shows an image about 400 px wide: on this 640 px canvas no text is
# smaller than 20 px (12.5 px there), and muted text keeps 4.5:1 contrast on the panels.
WIDTH = 640
MARGIN = 16
HEADER_H = 92
COLUMNS_H = 34
ROW_H = 48
ROW_GAP = 4
GAP_H = 30  # the "..." between the top rows and the viewer's row
TITLE_SIZE = 30
SUBTITLE_SIZE = 22
ROW_SIZE = 24
SMALL_SIZE = 20  # column headings, chart axes and legend: the smallest text drawn

GOLD = (0xD9, 0xA4, 0x1E)
SILVER = (0xB8, 0xC0, 0xCC)
BRONZE = (0xD4, 0x8A, 0x4B)  # light enough for dark numbers, like the other two (6.3:1)
MEDALS = {1: GOLD, 2: SILVER, 3: BRONZE}
MEDAL_R = 17

PAD_X = 14  # row edge to the first and last column
COL_GAP = 18  # between columns

Show = Callable[[str], str]  # engine words (a `Said`, a `Term`) as the reader reads them; `str` reads English
# Column headings, under the catalogues' context "leaderboard column" (the cog's figure label's too)
PLAYER = Term("Player", "leaderboard column")
GAMES = Term("Games", "leaderboard column")
WON = Term("Won", "leaderboard column")


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
    fits, too_long = 0, len(text)  # the longest prefix that fits with its '...' (a bisection)
    while too_long - fits > 1:
        mid = (fits + too_long) // 2
        if text_width(text[:mid].rstrip() + "...", size, bold) <= max_width:
            fits = mid
        else:
            too_long = mid
    return text[:fits].rstrip() + "..."


def percent(rate: float) -> Said:
    """A win rate as a percentage ('50%'; the reader's language places its own sign: '50 %')."""
    return Said("{n}%", n=round(100 * rate))


@dataclass(frozen=True)
class _Columns:
    """x positions of the columns (right edges for the numbers), wide enough for every row."""

    pos_right: float
    name_x: float
    name_room: float
    figure_right: float
    games_right: float
    rate_right: float

    @classmethod
    def of(cls, rows: Sequence[Row], figure_label: str, show: Show) -> _Columns:
        def widest(texts: Sequence[str], heading: str, bold: bool = False) -> float:
            return max([text_width(heading, SMALL_SIZE), *(text_width(t, ROW_SIZE, bold) for t in texts)])

        pos_w = max(2 * MEDAL_R, widest([str(r.position) for r in rows] + ["10"], "#"))
        figure_w = widest([r.figure for r in rows] + ["0000"], figure_label, bold=True)
        games_w = widest([str(r.games) for r in rows], show(GAMES))
        rate_w = widest([show(percent(r.win_rate)) for r in rows] + [show(percent(1.0))], show(WON))
        rate_right = WIDTH - MARGIN - PAD_X
        games_right = rate_right - rate_w - COL_GAP
        figure_right = games_right - games_w - COL_GAP
        pos_right = MARGIN + PAD_X + pos_w
        name_x = pos_right + COL_GAP - 4
        return cls(pos_right, name_x, figure_right - figure_w - COL_GAP - name_x, figure_right, games_right,
                   rate_right)


def _draw_row(draw: ImageDraw.ImageDraw, y: int, row: Row, stripe: bool, cols: _Columns, show: Show) -> None:
    fill = palette.PANEL if stripe else palette.BACKGROUND
    outline = palette.HIGHLIGHT if row.highlight else None
    rounded_panel(draw, (MARGIN, y, WIDTH - MARGIN - 1, y + ROW_H), radius=10, fill=fill, outline=outline,
                  width=3 if row.highlight else 0)
    mid = y + ROW_H // 2
    medal = MEDALS.get(row.position)
    if medal is not None:
        cx = cols.pos_right - MEDAL_R
        draw.ellipse((cx - MEDAL_R, mid - MEDAL_R, cx + MEDAL_R, mid + MEDAL_R), fill=medal)
        draw_text(draw, (cx, mid), str(row.position), ROW_SIZE, palette.readable_text(medal), anchor="mm", bold=True)
    else:
        draw_text(draw, (cols.pos_right, mid), str(row.position), ROW_SIZE, palette.MUTED, anchor="rm")
    draw_text(draw, (cols.name_x, mid), fit(row.name, ROW_SIZE, cols.name_room, bold=row.highlight), ROW_SIZE,
              palette.HIGHLIGHT if row.highlight else palette.TEXT, anchor="lm", bold=row.highlight)
    draw_text(draw, (cols.figure_right, mid), row.figure, ROW_SIZE, palette.TEXT, anchor="rm", bold=True)
    draw_text(draw, (cols.games_right, mid), str(row.games), ROW_SIZE, palette.MUTED, anchor="rm")
    draw_text(draw, (cols.rate_right, mid), show(percent(row.win_rate)), ROW_SIZE, palette.MUTED, anchor="rm")


def render_leaderboard(title: str, subtitle: str, rows: Sequence[Row], *, me: Row | None = None,
                       figure_label: str = "Rating", figure_word: str | None = None,
                       empty: str = "No games on this board yet.", show: Show = str,
                       filename: str = "leaderboard.png") -> RenderedImage:
    """The ranked rows, then (after a gap) the viewer's own row when they are outside them.

    `figure_label` heads the figure's column; `figure_word` names it inside the description's sentences
    ('rating 1516': the label in lower case unless given, since only some languages lower a noun there)."""
    body_rows = len(rows) + (1 if me is not None else 0)
    body_h = COLUMNS_H + body_rows * (ROW_H + ROW_GAP) + (GAP_H if me is not None else 0) if rows else 70
    height = MARGIN + HEADER_H + 10 + body_h + MARGIN
    image = new_canvas(WIDTH, height, mode="RGB")
    draw = ImageDraw.Draw(image)

    draw.rounded_rectangle((MARGIN, MARGIN, WIDTH - MARGIN - 1, MARGIN + HEADER_H), radius=14,
                           fill=palette.HIGHLIGHT)
    ink = palette.readable_text(palette.HIGHLIGHT)
    draw_text(draw, (MARGIN + 18, MARGIN + 12), fit(title, TITLE_SIZE, WIDTH - 2 * MARGIN - 36, True), TITLE_SIZE,
              ink, bold=True)
    draw_text(draw, (MARGIN + 18, MARGIN + 54), fit(subtitle, SUBTITLE_SIZE, WIDTH - 2 * MARGIN - 36),
              SUBTITLE_SIZE, ink)

    y = MARGIN + HEADER_H + 10
    if not rows:
        rounded_panel(draw, (MARGIN, y, WIDTH - MARGIN - 1, y + 60), radius=10)
        draw_text(draw, (WIDTH // 2, y + 30), fit(empty, ROW_SIZE, WIDTH - 2 * (MARGIN + PAD_X)), ROW_SIZE,
                  palette.MUTED, anchor="mm")
    else:
        cols = _Columns.of([*rows, *([me] if me is not None else [])], figure_label, show)
        header_mid = y + COLUMNS_H // 2
        for x, label, anchor in ((cols.pos_right, "#", "rm"), (cols.name_x, show(PLAYER), "lm"),
                                 (cols.figure_right, figure_label, "rm"), (cols.games_right, show(GAMES), "rm"),
                                 (cols.rate_right, show(WON), "rm")):
            draw_text(draw, (x, header_mid), label, SMALL_SIZE, palette.MUTED, anchor=anchor)
        y += COLUMNS_H
        for i, row in enumerate(rows):
            _draw_row(draw, y, row, stripe=i % 2 == 0, cols=cols, show=show)
            y += ROW_H + ROW_GAP
        if me is not None:
            draw_text(draw, (WIDTH // 2, y + GAP_H // 2 - 2), ". . .", ROW_SIZE, palette.MUTED, anchor="mm")
            y += GAP_H
            _draw_row(draw, y, me, stripe=True, cols=cols, show=show)

    lines = [title, subtitle]
    if not rows:
        lines.append(empty)
    word = figure_label.lower() if figure_word is None else figure_word
    for row in [*rows, *([me] if me is not None else [])]:
        line = Said("{place}. {name}: {figure_word} {figure}, {games}, {rate} won", place=row.position, name=row.name,
                    figure_word=word, figure=row.figure, games=counted("{n} game", "{n} games", row.games),
                    rate=percent(row.win_rate))
        lines.append(show(Said("{line} (you)", line=line) if row.highlight else line))
    return RenderedImage(encode_png(image), "\n".join(lines), filename)


# ---------------------------------------------------------------- the rating chart

CHART_W, CHART_H = 640, 300  # taller by a legend line for each line the legend wraps onto
CHART_TITLE_SIZE = 22
LEGEND_LINE = 28
MIN_SPAN = 40  # rating points: a flat or single-point chart still gets whole-number ticks
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
    """A day as English writes it on the chart: '05 Jan 2027' (UTC)."""
    return datetime.fromtimestamp(at, UTC).strftime("%d %b %Y")


def _legend(series: Sequence[Series], width: float) -> list[list[tuple[int, str, float]]]:
    """The legend's lines: (series index, label, x offset) per entry, wrapped to `width` px."""
    lines: list[list[tuple[int, str, float]]] = [[]]
    x = 0.0
    for i, s in enumerate(series):
        label = fit(s.label, SMALL_SIZE, width - 18)
        entry = 18 + text_width(label, SMALL_SIZE)
        if lines[-1] and x + entry > width:
            lines.append([])
            x = 0.0
        lines[-1].append((i, label, x))
        x += entry + 24
    return lines


def render_rating_chart(title: str, series: Sequence[Series], *, show: Show = str,
                        dated: Callable[[float], str] = _date, filename: str = "rating.png") -> RenderedImage:
    """Lines of rating against games played (oldest left), one per game, with a legend.

    The x axis steps one place per game in time order across all series, so games played far apart
    do not squeeze the rest; the first and last dates (`dated`: a unix time as the reader writes a day)
    are written under it.
    """
    series = [s for s in series if s.points][: len(SERIES_COLOURS)]
    inner_left, inner_right = MARGIN + 8, CHART_W - MARGIN - 8
    legend = _legend(series, inner_right - inner_left) if series else [[]]
    height = CHART_H + LEGEND_LINE * (len(legend) - 1)
    image = new_canvas(CHART_W, height, mode="RGB")
    draw = ImageDraw.Draw(image)
    rounded_panel(draw, (MARGIN // 2, MARGIN // 2, CHART_W - MARGIN // 2 - 1, height - MARGIN // 2 - 1), radius=12)
    draw_text(draw, (inner_left, MARGIN + 2), fit(title, CHART_TITLE_SIZE, inner_right - inner_left, True),
              CHART_TITLE_SIZE, palette.TEXT, bold=True)
    if not series:
        nothing = show(Said("No rated games yet."))
        draw_text(draw, (CHART_W // 2, height // 2), nothing, ROW_SIZE, palette.MUTED, anchor="mm")
        return RenderedImage(encode_png(image), f"{title}\n{nothing}", filename)

    # Legend: marker and name per series, wrapping onto more lines when the names are long.
    for n, line in enumerate(legend):
        line_y = MARGIN + 48 + n * LEGEND_LINE
        for i, label, dx in line:
            _marker(draw, MARKERS[i], inner_left + dx + 6, line_y, 6, SERIES_COLOURS[i])
            draw_text(draw, (inner_left + dx + 18, line_y), label, SMALL_SIZE, palette.TEXT, anchor="lm")

    order = sorted({(at, i, j) for i, s in enumerate(series) for j, (at, _) in enumerate(s.points)})
    slot = {(i, j): n for n, (_, i, j) in enumerate(order)}
    values = [v for s in series for _, v in s.points]
    lowest, highest = min(values), max(values)
    if highest - lowest < MIN_SPAN:
        middle = (lowest + highest) / 2
        lowest, highest = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    step = _nice_step(highest - lowest)
    low = math.floor(lowest / step) * step
    high = max(math.ceil(highest / step) * step, low + step)
    ticks = [low + k * step for k in range(round((high - low) / step) + 1)]
    labels = [f"{tick:g}" for tick in ticks]
    left = inner_left + max(text_width(label, SMALL_SIZE) for label in labels) + 10
    right = inner_right - 10
    top = MARGIN + 48 + (len(legend) - 1) * LEGEND_LINE + 30
    bottom = height - MARGIN - 34

    def px(n: int) -> float:
        return left + (right - left) * (n / (len(order) - 1) if len(order) > 1 else 0.5)

    def py(v: float) -> float:
        return bottom - (bottom - top) * (v - low) / (high - low)

    for tick, label in zip(ticks, labels, strict=False):
        y = py(tick)
        draw.line((left, y, right, y), fill=palette.PANEL_BORDER, width=1)
        draw_text(draw, (left - 10, y), label, SMALL_SIZE, palette.MUTED, anchor="rm")
    first, last = dated(order[0][0]), dated(order[-1][0])
    if first == last:
        draw_text(draw, ((left + right) / 2, bottom + 8), first, SMALL_SIZE, palette.MUTED, anchor="ma")
    else:
        draw_text(draw, (left, bottom + 8), first, SMALL_SIZE, palette.MUTED, anchor="la")
        draw_text(draw, (right, bottom + 8), last, SMALL_SIZE, palette.MUTED, anchor="ra")

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
        ratings = [v for _, v in s.points]
        whole = {name: f"{v:.0f}" for name, v in (("start", ratings[0]), ("end", ratings[-1]),
                                                   ("low", min(ratings)), ("high", max(ratings)))}
        lines.append(show(Said("{game}: {start} to {end} over {games} (low {low}, high {high}), {first} to {last}",
                               game=s.label, **whole, games=counted("{n} game", "{n} games", len(s.points) - 1),
                               first=dated(s.points[0][0]), last=dated(s.points[-1][0]))))
    return RenderedImage(encode_png(image), "\n".join(lines), filename)

"""Bugs & Co images (pure: view in, PNG bytes and alt text out).

- `render_bugs(view, names=None, *, aborted=False, now=None)`: the table. Numbered places, each
  a face-down tile, an empty place (dashed) or a place whose tile a player is holding (filled in
  that player's colour, with their initial); the trophies left; every player's kept tiles (a
  count: kept tiles are never shown before the end), trophy, and whether they stopped or left.
  It reads only public keys, so a seat's view (with the tile it holds) gives the same image. In the
  countdown its status says how many of the ten beats are left (redrawn at every beat); its alt text
  also says where the last tile was moved or swapped (never which tiles).
- `render_tile(design_id, place=None)`: one monster, large, with its name: what a player sees
  privately after a grab.
- `render_scoring(view, names=None)`: the end: every hand sorted by design, sets framed. Its alt text
  names every player within Discord's 1,024 characters, and every tile while there is room;
  `tiles_described` says whether it did, else the message lists `hands_in_words`.

Monsters are drawn from the design data in engine/bugs.py: body shape, colour and 1-3 eyes; no
two designs share a shape and a colour, so the pair tells them apart at a glance and the eyes
confirm. The table is drawn region by region over its empty panels (render.cache.draw_regions): the
header, the caption, each place and each player's row, a move repainting only those that changed.
Sized for phones: images are 480 px wide (the tile 320), no text under 15 px (12.5 px
when shown 400 px wide), always at 4.5:1 contrast or better.

Every word, drawn or in an alt text, is made as engine words (`Said`, `counted`, terms: English with
its source and values) and shown through `show`, which the cog gives in the table's language
(cogs/language.said_text); `str`, the default, reads English. The title comes in the same way.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.bugs import (
    COLOUR_HEX,
    COPIES,
    COUNTDOWN,
    COUNTDOWN_BEATS,
    DESIGNS,
    DOWN,
    EMPTY,
    HELD,
    OVER,
    SET_POINTS,
    STRAY_POINTS,
    Bugs,
    BugsView,
    Design,
    FinalHand,
    Group,
    beats_after,
    seat_view,
)
from engine.errors import Said, counted
from engine.words import comma_list
from render import palette
from render.cache import Region, cached_layer, draw_regions
from render.canvas import draw_text, new_canvas, paste_sprite, rounded_panel, text_width, wrap_text
from render.encode import MAX_DESCRIPTION, RenderedImage, encode_png
from render.leaderboard import fit

WIDTH = 480
SMALL = 15  # the smallest text: 12.5 px on a 400 px wide phone
BODY = 16
TITLE = 20
MARGIN = 8
PAD = 12
GAP = 8
LINE = 20
HEADER_H = 92
COLS = 9
CELL = 50
TILE = 46
GRID_X = (WIDTH - COLS * CELL) // 2 + (CELL - TILE) // 2
CAPTION_H = 30
ROW = 30  # a player's row
CUP = 34  # a trophy's height in the header
SUPER = 4  # supersampling of the monster art

INK = (0x14, 0x14, 0x14)
OUTLINE = (0x22, 0x22, 0x22)
FACE = (0xF7, 0xF1, 0xE1)
FACE_EDGE = (0x8A, 0x84, 0x76)
BACK = (0x5A, 0x3E, 0x2A)
BACK_LINE = (0x6E, 0x50, 0x38)
BACK_EDGE = (0x2E, 0x20, 0x16)
GOLD = (0xE8, 0xB9, 0x2E)
GOLD_DARK = (0x9A, 0x72, 0x10)
# One colour per seat, to mark the places players hold: Okabe-Ito, plus white.
SEAT_COLOURS: tuple[palette.RGB, ...] = (
    (0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9), (0x00, 0x9E, 0x73), (0xF0, 0xE4, 0x42),
    (0x00, 0x72, 0xB2), (0xD5, 0x5E, 0x00), (0xCC, 0x79, 0xA7), (0xF5, 0xF5, 0xF0))
ORDINALS = {1: Said("1st"), 2: Said("2nd"), 3: Said("3rd")}
HANDS_IN_MESSAGE = Said("Every hand is written out tile by tile in the message.")  # when the alt text has no room
Show = Callable[[str], str]  # engine words (a `Said`) as the reader reads them; `str` reads English


# ---------------------------------------------------------------------------------------------
# Names


def _names(view: BugsView, names: Sequence[str] | None) -> list[str]:
    given = list(names or [])
    return [given[s] if s < len(given) and given[s] else f"Seat {s + 1}" for s in range(view["players"])]


def initials(names: Sequence[str]) -> list[str]:
    """One letter per player for the table marks; a letter two players share gets their seat number."""
    first = [(name.strip()[:1] or "?").upper() for name in names]
    return [f"{c}{s + 1}" if first.count(c) > 1 else c for s, c in enumerate(first)]


def _ink_on(fill: palette.RGB) -> palette.RGB:
    """Black or white text, whichever has more contrast on `fill`."""
    return max((INK, palette.WHITE), key=lambda ink: palette.contrast_ratio(ink, fill))


def _ordinal(rank: int) -> Said:
    return ORDINALS.get(rank) or Said("{n}th", n=rank)


# ---------------------------------------------------------------------------------------------
# Monsters


def _body(d: ImageDraw.ImageDraw, design: Design, s: float, fill: palette.RGB, w: int) -> float:
    """The body in its shape; returns the height (0-1) of the eye line."""
    def box(u0: float, v0: float, u1: float, v1: float) -> tuple[float, float, float, float]:
        return (u0 * s, v0 * s, u1 * s, v1 * s)

    shape = design.shape
    if shape == "round":
        d.ellipse(box(0.17, 0.2, 0.83, 0.86), fill=fill, outline=OUTLINE, width=w)
        return 0.46
    if shape == "long":
        d.rounded_rectangle(box(0.03, 0.36, 0.97, 0.8), radius=0.22 * s, fill=fill, outline=OUTLINE, width=w)
        d.arc(box(0.1, 0.4, 0.26, 0.76), 300, 60, fill=OUTLINE, width=w)  # tail and head segments
        d.arc(box(0.74, 0.4, 0.9, 0.76), 120, 240, fill=OUTLINE, width=w)
        return 0.5
    if shape == "square":
        d.rounded_rectangle(box(0.17, 0.2, 0.83, 0.86), radius=0.07 * s, fill=fill, outline=OUTLINE, width=w)
        return 0.44
    if shape == "spiky":
        points = []
        for i in range(28):
            r = 0.42 if i % 2 == 0 else 0.31
            a = math.pi * i / 14 - math.pi / 2
            points.append(((0.5 + r * math.cos(a)) * s, (0.54 + r * math.sin(a)) * s))
        d.polygon(points, fill=fill, outline=OUTLINE, width=w)
        return 0.48
    d.polygon([(0.5 * s, 0.04 * s), (0.92 * s, 0.88 * s), (0.08 * s, 0.88 * s)], fill=fill,
              outline=OUTLINE, width=w)  # pointy
    return 0.6


def _eyes(d: ImageDraw.ImageDraw, eyes: int, eye_v: float, s: float, w: int) -> None:
    """1 big eye, or 2 or 3 in a row, on the eye line; then a smile under them."""
    r = {1: 0.13, 2: 0.095, 3: 0.08}[eyes]
    step = {1: 0.0, 2: 0.24, 3: 0.18}[eyes]
    for i in range(eyes):
        u = 0.5 + (i - (eyes - 1) / 2) * step
        d.ellipse(((u - r) * s, (eye_v - r) * s, (u + r) * s, (eye_v + r) * s), fill=palette.WHITE,
                  outline=OUTLINE, width=w)
        p = r * 0.5
        d.ellipse(((u - p) * s, (eye_v - p + r * 0.2) * s, (u + p) * s, (eye_v + p + r * 0.2) * s), fill=OUTLINE)
    top = eye_v + r + 0.02
    d.arc((0.4 * s, top * s, 0.6 * s, (top + 0.12) * s), 20, 160, fill=OUTLINE, width=w)


def _legs_and_feelers(d: ImageDraw.ImageDraw, design: Design, s: float, w: int) -> None:
    """Bug legs under every body, feelers on top of all but the pointy one."""
    legs = (0.12, 0.3, 0.7, 0.88) if design.shape == "long" else (0.28, 0.42, 0.58, 0.72)
    for u in legs:
        lean = -0.06 if u < 0.5 else 0.06
        d.line([(u * s, 0.75 * s), ((u + lean) * s, 0.95 * s)], fill=OUTLINE, width=w + 1)
    if design.shape == "pointy":
        return
    base = {"round": 0.26, "long": 0.42, "square": 0.24, "spiky": 0.26}[design.shape]
    for side in (-1, 1):
        tip = (0.5 + side * 0.2, 0.06)
        d.line([((0.5 + side * 0.08) * s, base * s), (tip[0] * s, tip[1] * s)], fill=OUTLINE, width=w + 1)
        d.ellipse(((tip[0] - 0.035) * s, (tip[1] - 0.035) * s, (tip[0] + 0.035) * s, (tip[1] + 0.035) * s),
                  fill=OUTLINE)


@lru_cache(maxsize=128)
def monster(design_id: int, size: int) -> Image.Image:
    """A design's monster on a transparent square of `size` px, drawn large and scaled down.

    Cached here, not in render.cache: 25 designs at a few sizes would crowd other games' layers
    out of that small shared LRU. The image is shared: paste it, never draw on it."""
    design = DESIGNS[design_id]
    s = size * SUPER
    art = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(art)
    w = max(2, round(s * 0.03))
    _legs_and_feelers(d, design, s, w)
    eye_v = _body(d, design, s, palette.to_rgb(COLOUR_HEX[design.colour]), w)
    _eyes(d, design.eyes, eye_v, s, w)
    return art.resize((size, size), Image.Resampling.BOX)  # an area average: smooth edges, no ringing


def draw_face(image: Image.Image, x: float, y: float, side: int, design_id: int) -> None:
    """A face-up tile: the cream face and its monster."""
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((x, y, x + side, y + side), radius=max(3, side // 8), fill=FACE, outline=FACE_EDGE,
                        width=max(1, side // 24))
    inner = round(side * 0.86)
    offset = (side - inner) // 2
    image.alpha_composite(monster(design_id, inner), (int(x) + offset, int(y) + offset))


# ---------------------------------------------------------------------------------------------
# Table pieces


def _place_box(place: int, top: float) -> tuple[float, float, float, float]:
    row, col = divmod(place, COLS)
    x = GRID_X + col * CELL
    y = top + row * CELL
    return (x, y, x + TILE, y + TILE)


def _draw_back(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], number: int) -> None:
    """A face-down tile: a plain patterned back and its place number (drawn once, then pasted)."""
    paste_sprite(d, box[:2], (TILE + 1, TILE + 1), ("bugs-back", number),
                 lambda s, x, y: _paint_back(s, (x, y, x + TILE, y + TILE), number))


def _paint_back(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], number: int) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=6, fill=BACK, outline=BACK_EDGE, width=2)
    for k in range(1, 4):
        off = k * TILE / 4
        d.line([(x0 + off, y0 + 3), (x0 + 3, y0 + off)], fill=BACK_LINE, width=2)
        d.line([(x1 - off, y1 - 3), (x1 - 3, y1 - off)], fill=BACK_LINE, width=2)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d.rounded_rectangle((cx - 15, cy - 11, cx + 15, cy + 11), radius=5, fill=BACK)
    draw_text(d, (cx, cy), str(number), BODY, palette.WHITE, anchor="mm", bold=True)


def _draw_empty(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], number: int) -> None:
    """An empty place: a dashed outline and its number, so tiles can be put back there (drawn
    once on the places panel, then pasted)."""
    paste_sprite(d, box[:2], (TILE + 1, TILE + 1), ("bugs-empty", number),
                 lambda s, x, y: _paint_empty(s, (x, y, x + TILE, y + TILE), number), margin=0,
                 background=palette.PANEL)  # no margin: pasted opaque, it keeps to its place's box


def _paint_empty(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], number: int) -> None:
    x0, y0, x1, y1 = box
    dash = 6
    for t in range(int(x0) + 3, int(x1) - 3, 2 * dash):
        end = min(t + dash, x1 - 3)
        d.line([(t, y0 + 1), (end, y0 + 1)], fill=palette.GRID, width=2)
        d.line([(t, y1 - 1), (end, y1 - 1)], fill=palette.GRID, width=2)
    for t in range(int(y0) + 3, int(y1) - 3, 2 * dash):
        end = min(t + dash, y1 - 3)
        d.line([(x0 + 1, t), (x0 + 1, end)], fill=palette.GRID, width=2)
        d.line([(x1 - 1, t), (x1 - 1, end)], fill=palette.GRID, width=2)
    draw_text(d, ((x0 + x1) / 2, (y0 + y1) / 2), str(number), SMALL, palette.MUTED, anchor="mm")


def _draw_held(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], number: int,
               colour: palette.RGB, initial: str) -> None:
    """A place whose tile a player holds: their colour and initial, the place number above
    (drawn once, then pasted)."""
    paste_sprite(d, box[:2], (TILE + 1, TILE + 1), ("bugs-held", number, colour, initial),
                 lambda s, x, y: _paint_held(s, (x, y, x + TILE, y + TILE), number, colour, initial))


def _paint_held(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], number: int,
                colour: palette.RGB, initial: str) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=6, fill=colour, outline=palette.WHITE, width=2)
    ink = _ink_on(colour)
    draw_text(d, ((x0 + x1) / 2, y0 + 13), str(number), SMALL, ink, anchor="mm")
    draw_text(d, ((x0 + x1) / 2, y1 - 13), initial, BODY, ink, anchor="mm", bold=True)


def draw_cup(d: ImageDraw.ImageDraw, x: float, y: float, height: float, value: int) -> None:
    """A trophy: a gold cup with its value on the bowl; (x, y) is its top-left corner (drawn
    once per height and value, then pasted)."""
    pad = math.ceil(height * 0.15) + 2  # the handles reach out of the cup's square
    paste_sprite(d, (x - pad, y - pad), (math.ceil(height) + 2 * pad, math.ceil(height) + 2 * pad),
                 ("bugs-cup", height, value), lambda s, px, py: _paint_cup(s, px + pad, py + pad, height, value))


def _paint_cup(d: ImageDraw.ImageDraw, x: float, y: float, height: float, value: int) -> None:
    h = height
    w = h * 0.9
    d.arc((x - h * 0.1, y + h * 0.08, x + h * 0.3, y + h * 0.45), 90, 270, fill=GOLD_DARK, width=max(2, round(h / 12)))
    d.arc((x + w - h * 0.3, y + h * 0.08, x + w + h * 0.1, y + h * 0.45), 270, 90, fill=GOLD_DARK,
          width=max(2, round(h / 12)))
    d.chord((x, y - h * 0.45, x + w, y + h * 0.68), 0, 180, fill=GOLD, outline=GOLD_DARK, width=2)
    cx = x + w / 2
    d.rectangle((cx - h * 0.07, y + h * 0.66, cx + h * 0.07, y + h * 0.84), fill=GOLD_DARK)
    d.rounded_rectangle((cx - w * 0.32, y + h * 0.82, cx + w * 0.32, y + h), radius=2, fill=GOLD,
                        outline=GOLD_DARK, width=2)
    draw_text(d, (cx, y + h * 0.3), str(value), BODY, INK, anchor="mm", bold=True)


# ---------------------------------------------------------------------------------------------
# The end


class Results(NamedTuple):
    """What the final view adds, by seat: every hand scored, its score and its rank."""

    hands: list[FinalHand]
    scores: list[int]
    ranks: list[int]

    def best_first(self) -> list[int]:
        return sorted(range(len(self.ranks)), key=lambda s: (self.ranks[s], s))


def results(view: BugsView) -> Results | None:
    """The results of a game that is over; None while it goes on (hands stay secret)."""
    hands, scores, ranks = view.get("hands"), view.get("scores"), view.get("ranks")
    return None if hands is None or scores is None or ranks is None else Results(hands, scores, ranks)


def final_results(view: BugsView) -> Results:
    end = results(view)
    if end is None:
        raise ValueError("hands are revealed only once the game is over")
    return end


# ---------------------------------------------------------------------------------------------
# Words


def _holders(view: BugsView) -> dict[int, int]:
    """Place -> the seat holding its tile."""
    return {place: seat for seat, place in enumerate(view["holding"]) if place is not None}


def _winners(view: BugsView) -> list[int]:
    return [s for s, rank in enumerate(view.get("ranks", [])) if rank == 1]


def _status(view: BugsView, who: Sequence[str], aborted: bool, now: float | None) -> Said:
    """What is happening, in one sentence."""
    if aborted:
        return Said("The game was ended early.")
    phase = view["phase"]
    end = results(view)
    if phase == OVER and end is not None:
        winners = _winners(view)
        won = _and_words([who[s] for s in winners])
        if len(winners) == 1:
            return counted("Game over: {who} wins with {n} point.", "Game over: {who} wins with {n} points.",
                           end.scores[winners[0]], who=won)
        return counted("Game over: {who} win with {n} point.", "Game over: {who} win with {n} points.",
                       end.scores[winners[0]], who=won)
    if phase == COUNTDOWN:
        ends = view["countdown_at"]
        beats = view["beats"] or COUNTDOWN_BEATS
        if now is not None and ends is not None:
            beats = max(1, min(beats, beats_after(ends, now)))
        return Said("Last trophy taken: {beats} of {total} beats left, then everybody stops!", beats=beats,
                    total=COUNTDOWN_BEATS)
    return Said("Everybody plays at once: grab a tile, then put it back or keep it.")


def _and_words(parts: Sequence[str]) -> str:
    """'a and b and c', kept as words each language joins its own way."""
    listed = parts[0] if parts else ""
    for part in parts[1:]:
        listed = Said("{list} and {item}", list=listed, item=part)
    return listed


def _ranges(numbers: Sequence[int]) -> str:
    """[1, 2, 3, 5] -> '1-3, 5'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def _counts_line(view: BugsView) -> Said:
    places = view["places"]
    return counted("{n} place: {down} face down, {empty} empty, {held} held; {removed} removed unseen",
                   "{n} places: {down} face down, {empty} empty, {held} held; {removed} removed unseen", len(places),
                   down=places.count(DOWN), empty=places.count(EMPTY), held=places.count(HELD), removed=view["removed"])


def _player_words(view: BugsView, seat: int) -> str:
    """One player's public state: kept count, trophy, held place, stopped or left."""
    parts: list[Said] = [counted("keeps {n} tile", "keeps {n} tiles", view["kept"][seat])]
    if view["trophy"][seat] is not None:
        parts.append(Said("took the {value} trophy and stopped", value=view["trophy"][seat]))
    place = view["holding"][seat]
    if place is not None:
        parts.append(Said("holds the tile of place {place}", place=place + 1))
    if seat in view["left"]:
        parts.append(Said("left the game"))
    if (end := results(view)) is not None:
        parts.append(counted("scores {n} point", "scores {n} points", end.scores[seat]))
    return comma_list(parts)


def describe(view: BugsView, names: Sequence[str] | None = None, *, aborted: bool = False,
             now: float | None = None, show: Show = str, title: str = Bugs.title) -> str:
    """The table in words: status, trophies, players, then the places by state; `show` puts them in the
    reader's language, `title` is the game's name in it."""
    who = _names(view, names)
    trophies = ", ".join(str(t) for t in view["trophies"]) or Said("none")
    lines: list[str] = [Said("{game}. {status}", game=title, status=_status(view, who, aborted, now)),
                        Said("Trophies left: {trophies}.", trophies=trophies)]
    lines += [Said("{who}: {words}.", who=who[s], words=_player_words(view, s)) for s in range(view["players"])]
    lines.append(Said("{counts}.", counts=_counts_line(view)))
    places = view["places"]
    down, empty = ([p + 1 for p, state in enumerate(places) if state == word] for word in (DOWN, EMPTY))
    if down:
        lines.append(Said("Face down: places {places}.", places=_ranges(down)))
    if empty:
        lines.append(Said("Empty: places {places}.", places=_ranges(empty)))
    held = _holders(view)
    if held:
        by = [Said("place {place} by {who}", place=p + 1, who=who[s]) for p, s in sorted(held.items())]
        lines.append(Said("Held: {places}.", places=comma_list(by)))
    if (move := view["moved"]) is not None and view["phase"] != OVER:
        source, target = move["from"] + 1, move["to"] + 1
        mover = who[move["seat"]]
        lines.append(Said("Last move: {who} swapped the tiles of places {source} and {target}.", who=mover,
                          source=source, target=target) if move["swapped"]
                     else Said("Last move: {who} moved the tile of place {source} to place {target}.", who=mover,
                               source=source, target=target))
    return "\n".join(show(line) for line in lines)


# ---------------------------------------------------------------------------------------------
# The table image


def _header_region(view: BugsView, status: str, show: Show, title: str) -> Region:
    trophies = tuple(view["trophies"])
    label = show(Said("Trophies left") if trophies else Said("No trophy left"))

    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        cups_w = len(trophies) * (CUP + 4)
        right = WIDTH - MARGIN - PAD
        draw_text(d, (right, MARGIN + 10), label, SMALL, palette.MUTED, anchor="ra")
        for i, value in enumerate(trophies):
            draw_cup(d, right - cups_w + i * (CUP + 4) + 2, MARGIN + 38, CUP, value)
        draw_text(d, (MARGIN + PAD, MARGIN + 8), title, TITLE, palette.TEXT, bold=True)
        room = right - max(cups_w, text_width(label, SMALL)) - (MARGIN + PAD) - 10
        lines = wrap_text(status, BODY, room)
        if len(lines) > 2:
            lines = [lines[0], fit(" ".join(lines[1:]), BODY, room)]
        for i, line in enumerate(lines):
            draw_text(d, (MARGIN + PAD, MARGIN + 40 + i * LINE), line, BODY, palette.HIGHLIGHT)
    return Region((MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H), (trophies, label, title, status), paint)


def _grid_rows(view: BugsView) -> int:
    return -(-len(view["places"]) // COLS)


def _place_regions(view: BugsView, top: int, marks: Sequence[str], show: Show) -> list[Region]:
    """The places panel from `top`: its caption, then each place (its box reaches 2 px to the left of
    and above its tile, as far as the tile's sprite does; 1 px above on an even row, where the empty
    place's sprite, pasted whole, ends 2 px below its tile)."""
    grid_top = top + CAPTION_H
    caption = fit(show(_counts_line(view)), SMALL, WIDTH - 2 * (MARGIN + PAD))

    def paint_caption(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        draw_text(d, (MARGIN + PAD, top + 7), caption, SMALL, palette.MUTED)
    holders = _holders(view)
    regions = [Region((MARGIN, top, WIDTH - MARGIN, grid_top - 2), caption, paint_caption)]
    for place, state in enumerate(view["places"]):
        seat = holders.get(place) if state == HELD else None
        held = None if seat is None else (SEAT_COLOURS[seat % len(SEAT_COLOURS)], marks[seat])
        regions.append(_place_region(place, grid_top, state, held))
    return regions


def _place_region(place: int, grid_top: int, state: str, held: tuple[palette.RGB, str] | None) -> Region:
    box = _place_box(place, grid_top)

    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        if state == DOWN:
            _draw_back(d, box, place + 1)
        elif held is not None:
            _draw_held(d, box, place + 1, *held)
        else:
            _draw_empty(d, box, place + 1)
    x, y = int(box[0]), int(box[1])
    top = y - 2 + (y % 2 == 0)  # an empty place's sprite starts on an even row: at y itself when y is even
    return Region((x - 2, top, x - 2 + CELL, top + CELL), (state, held), paint)


def _players_height(players: int) -> int:
    return 10 + players * ROW + 6


def _player_region(view: BugsView, seat: int, name: str, mark: str, y: int, aborted: bool, show: Show) -> Region:
    """One row: colour and initial, name, state, kept count, trophy (or the final score). Its box starts
    2 px above `y`, where a winner's frame does."""
    gone = seat in view["left"]
    winner = seat in _winners(view) and not aborted
    end, trophy, holding = results(view), view["trophy"][seat], view["holding"][seat]
    if end is not None:
        tag = show(counted("{rank}, {n} pt", "{rank}, {n} pts", end.scores[seat], rank=_ordinal(end.ranks[seat])))
    elif gone:
        tag = show(Said("left"))
    elif trophy is not None:
        tag = show(Said("stopped"))
    elif holding is not None:
        tag = show(Said("holds {place}", place=holding + 1))
    else:
        tag = ""
    kept = show(Said("{n} kept", n=view["kept"][seat]))
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        x = MARGIN + PAD
        if winner:
            d.rounded_rectangle((x - 6, y - 2, WIDTH - MARGIN - 4, y + ROW - 4), radius=6,
                                outline=palette.HIGHLIGHT, width=2)
        d.rounded_rectangle((x, y + 2, x + 26 + 6 * (len(mark) - 1), y + 24), radius=5, fill=colour)
        draw_text(d, (x + 13 + 3 * (len(mark) - 1), y + 13), mark, SMALL, _ink_on(colour), anchor="mm", bold=True)
        cup_x = WIDTH - MARGIN - PAD - 24
        kept_right = cup_x - 10
        tag_right = kept_right - text_width(kept, SMALL) - 14
        name_x = x + 36 + 6 * (len(mark) - 1)
        room = tag_right - text_width(tag, SMALL) - 10 - name_x
        text_colour = palette.MUTED if gone else palette.TEXT
        draw_text(d, (name_x, y + 4), fit(name, BODY, room), BODY, text_colour)
        if tag:
            draw_text(d, (tag_right, y + 5), tag, SMALL, palette.HIGHLIGHT if end is not None else palette.MUTED,
                      anchor="ra")
        draw_text(d, (kept_right, y + 5), kept, SMALL, text_colour, anchor="ra")
        if trophy is not None:
            draw_cup(d, cup_x, y + 1, 26, trophy)
    key = (name, mark, gone, winner, tag, end is not None, kept, trophy)
    return Region((MARGIN, y - 2, WIDTH - MARGIN, y - 2 + ROW), key, paint)


def render_bugs(view: BugsView, names: Sequence[str] | None = None, *, aborted: bool = False,
                now: float | None = None, show: Show = str, title: str = Bugs.title) -> RenderedImage:
    """The table for `view` (public or a seat's: only public keys are read).

    `names` are display names by seat (default "Seat N"); with `now` the countdown shows the
    seconds left. `aborted`: the game was ended early, so the image says so and marks no winner.
    `show` and `title`: the words in the reader's language (English by default).
    """
    return RenderedImage(png=encode_png(draw_board(view, names, aborted=aborted, now=now, show=show, title=title),
                                        palette=PALETTE),
                         description=describe(view, names, aborted=aborted, now=now, show=show, title=title),
                         filename="bugs.png")


def draw_board(view: BugsView, names: Sequence[str] | None = None, *, aborted: bool = False,
               now: float | None = None, show: Show = str, title: str = Bugs.title) -> Image.Image:
    """The table of `render_bugs` before encoding (in RGB, or palette indices inside a table's frames)."""
    who = _names(view, names)
    marks = initials(who)
    players_top = _players_top(_grid_rows(view))
    return draw_regions(_base_layer(view["players"], _grid_rows(view)), [
        _header_region(view, show(_status(view, who, aborted, now)), show, title),
        *_place_regions(view, MARGIN + HEADER_H + GAP, marks, show),
        *(_player_region(view, seat, who[seat], marks[seat], players_top + 10 + seat * ROW, aborted, show)
          for seat in range(view["players"]))], palette.known("bugs"))


def _players_top(rows: int) -> int:
    return MARGIN + HEADER_H + GAP + CAPTION_H + rows * CELL + 6 + GAP


def _base_layer(players: int, rows: int) -> Image.Image:
    """The three panels, empty: header, places, players (cached; never drawn on)."""
    def build() -> Image.Image:
        places_top, players_top = MARGIN + HEADER_H + GAP, _players_top(rows)
        image = new_canvas(WIDTH, players_top + _players_height(players) + MARGIN, mode="RGB")
        d = ImageDraw.Draw(image)
        rounded_panel(d, (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H), radius=12)
        rounded_panel(d, (MARGIN, places_top, WIDTH - MARGIN, places_top + CAPTION_H + rows * CELL + 6), radius=12)
        rounded_panel(d, (MARGIN, players_top, WIDTH - MARGIN, players_top + _players_height(players)), radius=12)
        return image
    return cached_layer(("bugs", "base", players, rows), build)


def _specimen() -> list[Image.Image]:
    """Every colour the table draws: tables of seeded games, small and full, from the first grab
    to the end (every seat's colour, trophies, winners), and an ended one."""
    views = [seat_view(state, None) for players in (2, 5, 8)
             for state in palette.sample_states(Bugs(), players, seed=players)]
    return [draw_board(view, now=0.0) for view in views] + [draw_board(views[-1], aborted=True)]


PALETTE = palette.learnt("bugs", _specimen)


# ---------------------------------------------------------------------------------------------
# One tile, privately

TILE_W = 320
BIG = 200
NAME_SIZE = 18


def render_tile(design_id: int, place: int | None = None, show: Show = str) -> RenderedImage:
    """The tile a player looks at: the monster large and its name, for that player only (in their words
    through `show`)."""
    design = DESIGNS[design_id]
    title = show(Said("Your tile") if place is None else Said("Your tile from place {place}", place=place + 1))
    name = show(design.said)
    image = new_canvas(TILE_W, 44 + BIG + 76)
    d = ImageDraw.Draw(image)
    draw_text(d, (TILE_W / 2, 14), title, TITLE, palette.TEXT, anchor="ma", bold=True)
    draw_face(image, (TILE_W - BIG) / 2, 44, BIG, design_id)
    draw_text(d, (TILE_W / 2, 44 + BIG + 12), name, NAME_SIZE, palette.TEXT, anchor="ma", bold=True)
    draw_text(d, (TILE_W / 2, 44 + BIG + 42), show(Said("Put it back, or keep it.")), SMALL, palette.MUTED, anchor="ma")
    return RenderedImage(png=encode_png(image), description=show(Said("{title}: {tile}.", title=title, tile=name)),
                         filename="tile.png")


# ---------------------------------------------------------------------------------------------
# The final scoring

MINI = 38  # a tile in a revealed hand
MINI_GAP = 3
GROUP_GAP = 12
SET_FRAME = 3
HAND_ROW = MINI + 2 * SET_FRAME + 6
HAND_W = WIDTH - 2 * (MARGIN + PAD)
LEGEND = Said("Framed: a set of {n} alike, +{points}. Every other tile {other}.", n=COPIES, points=SET_POINTS,
              other=STRAY_POINTS)


def _group_width(group: Group) -> int:
    return group["count"] * MINI + (group["count"] - 1) * MINI_GAP


def _hand_rows(groups: Sequence[Group]) -> list[list[Group]]:
    """Groups of identical tiles laid out in rows, a group never split."""
    rows: list[list[Group]] = [[]]
    used = 0
    for group in groups:
        width = _group_width(group) + 2 * SET_FRAME
        if rows[-1] and used + GROUP_GAP + width > HAND_W:
            rows.append([])
            used = 0
        used += (GROUP_GAP if rows[-1] else 0) + width
        rows[-1].append(group)
    return rows


def _breakdown(hand: FinalHand, *, terse: bool = False) -> Said:
    """'4 sets +12, 3 others -3, trophy +2'; `terse` leaves out what scored nothing ('3 others -3')."""
    parts = [counted("{n} set +{points}", "{n} sets +{points}", hand["sets"], points=SET_POINTS * hand["sets"])
             if hand["sets"] or not terse else None,
             counted("{n} other {points}", "{n} others {points}", hand["others"], points=STRAY_POINTS * hand["others"])
             if hand["others"] or not terse else None,
             Said("trophy +{n}", n=hand["trophy"]) if hand["trophy"] else None]
    said = comma_list([part for part in parts if part is not None]) or Said("nothing")
    return Said("{breakdown} (left: scores 0)", breakdown=said) if hand["left"] else Said("{breakdown}", breakdown=said)


def _hand_height(hand: FinalHand) -> int:
    rows = len(_hand_rows(hand["groups"])) if hand["groups"] else 1
    return 8 + 24 + LINE + rows * HAND_ROW + 6


def _draw_hand(image: Image.Image, d: ImageDraw.ImageDraw, end: Results, seat: int, name: str,
               top: float, show: Show) -> None:
    """One player's block: place, name and points, the breakdown, the tiles with sets framed."""
    hand = end.hands[seat]
    winner = end.ranks[seat] == 1
    rounded_panel(d, (MARGIN, top, WIDTH - MARGIN, top + _hand_height(hand)), radius=10,
                  outline=palette.HIGHLIGHT if winner else palette.PANEL_BORDER)
    x = MARGIN + PAD
    points = show(counted("{n} point", "{n} points", end.scores[seat]))
    right = WIDTH - MARGIN - PAD
    draw_text(d, (right, top + 8), points, BODY, palette.HIGHLIGHT if winner else palette.TEXT, anchor="ra")
    head = f"{show(_ordinal(end.ranks[seat]))}  "
    room = right - text_width(points, BODY) - 12 - x
    draw_text(d, (x, top + 8), fit(head + name, BODY, room), BODY, palette.TEXT, bold=True)
    draw_text(d, (x, top + 8 + 24), fit(show(_breakdown(hand)), SMALL, HAND_W), SMALL, palette.MUTED)
    y = top + 8 + 24 + LINE + 2
    if not hand["groups"]:
        draw_text(d, (x, y + 10), show(Said("No tiles kept.")), SMALL, palette.MUTED)
    for row in _hand_rows(hand["groups"]):
        gx = x
        for group in row:
            width = _group_width(group) + 2 * SET_FRAME
            if group["sets"]:
                d.rounded_rectangle((gx, y, gx + width, y + MINI + 2 * SET_FRAME), radius=6,
                                    outline=palette.HIGHLIGHT, width=SET_FRAME)
            for k in range(group["count"]):
                draw_face(image, gx + SET_FRAME + k * (MINI + MINI_GAP), y + SET_FRAME, MINI, group["design"])
            gx += width + GROUP_GAP
        y += HAND_ROW


def tiles_in_words(hand: FinalHand, *, short: bool = False, show: Show = str) -> str:
    """A hand's tiles by design: 'green round bug, two eyes x3 (set); ...', or `short`: 'green round x3
    (set), ...' (a colour and a shape name one design: the pair is never used twice)."""
    def named(g: Group) -> Said:
        design = DESIGNS[g["design"]]
        name = design.short if short else design.said
        if g["count"] > 1 or not short:
            name = Said("{tile} x{n}", tile=name, n=g["count"])
        return Said("{tiles} (set)", tiles=name) if g["sets"] else name
    words = [show(named(g)) for g in hand["groups"]]
    return ("; " if not short else ", ").join(words) or show(Said("no tiles"))


def hands_in_words(view: BugsView, names: Sequence[str] | None = None, show: Show = str) -> list[tuple[str, str]]:
    """Every player's tiles in full words, best first: (name, tiles), for where an alt text has no room."""
    end = final_results(view)
    who = _names(view, names)
    return [(who[s], tiles_in_words(end.hands[s], show=show)) for s in end.best_first()]


def _scoring_words(view: BugsView, names: Sequence[str] | None, show: Show = str,
                   title: str = Bugs.title) -> tuple[str, bool]:
    """The end in words within Discord's limit for an alt text, and whether that names every tile.

    From the most said to the least: every tile by its full name; every tile by colour and shape;
    only places, points and breakdowns (the tiles then go in the message), with or without the title."""
    end = final_results(view)
    who = _names(view, names)
    order = end.best_first()
    head = show(Said("{game}, final scores. {status}", game=title, status=_status(view, who, False, None)))

    def points(s: int) -> Said:
        return counted("{n} point", "{n} points", end.scores[s])

    scores = [show(Said("{rank} {who}: {points} ({breakdown}).", rank=_ordinal(end.ranks[s]), who=who[s],
                        points=points(s), breakdown=_breakdown(end.hands[s]))) for s in order]
    full = [head, *scores, *(show(Said("{who}'s hand: {tiles}.", who=who[s],
                                       tiles=tiles_in_words(end.hands[s], show=show))) for s in order)]
    short = [head, *(show(Said("{rank} {who}: {points} ({breakdown}); kept {tiles}.", rank=_ordinal(end.ranks[s]),
                               who=who[s], points=points(s), breakdown=_breakdown(end.hands[s], terse=True),
                               tiles=tiles_in_words(end.hands[s], short=True, show=show))) for s in order)]
    bare = [head, *scores, show(HANDS_IN_MESSAGE)]
    for lines, every_tile in ((full, True), (short, True), (bare, False)):
        if len(text := "\n".join(lines)) <= MAX_DESCRIPTION:
            return text, every_tile
    return "\n".join(bare[1:]), False  # a tie of eight long names: the lines say who won


def describe_scoring(view: BugsView, names: Sequence[str] | None = None, show: Show = str,
                     title: str = Bugs.title) -> str:
    """Every player in words, best first: places, points and breakdown, and every tile by design as long
    as there is room (else `HANDS_IN_MESSAGE`): an alt text cut short would lose the last players."""
    return _scoring_words(view, names, show, title)[0]


def tiles_described(view: BugsView, names: Sequence[str] | None = None, show: Show = str,
                    title: str = Bugs.title) -> bool:
    """Whether the alt text of the scores names every tile; if not, the message must (`hands_in_words`)."""
    return _scoring_words(view, names, show, title)[1]


def render_scoring(view: BugsView, names: Sequence[str] | None = None, show: Show = str,
                   title: str = Bugs.title) -> RenderedImage:
    """The end of the game as one image: every hand revealed, sorted by design, sets framed,
    players best first. Needs the final view (with `hands`, `scores` and `ranks`). `show` and
    `title`: the words in the reader's language (English by default)."""
    end = final_results(view)
    who = _names(view, names)
    order = end.best_first()
    intro = wrap_text(show(_status(view, who, False, None)), BODY, WIDTH - 2 * (MARGIN + PAD))[:2]
    top = MARGIN + 44 + len(intro) * LINE + LINE + 4
    height = top + sum(_hand_height(end.hands[s]) + GAP for s in order) + MARGIN - GAP
    image = new_canvas(WIDTH, height)
    d = ImageDraw.Draw(image)
    draw_text(d, (MARGIN + PAD, MARGIN + 6), show(Said("{game}: final scores", game=title)), TITLE, palette.TEXT,
              bold=True)
    for i, line in enumerate(intro):
        draw_text(d, (MARGIN + PAD, MARGIN + 36 + i * LINE), line, BODY, palette.HIGHLIGHT)
    draw_text(d, (MARGIN + PAD, MARGIN + 38 + len(intro) * LINE), show(LEGEND), SMALL, palette.MUTED)
    for seat in order:
        _draw_hand(image, d, end, seat, who[seat], top, show)
        top += _hand_height(end.hands[seat]) + GAP
    return RenderedImage(png=encode_png(image), description=describe_scoring(view, names, show, title),
                         filename="scores.png")

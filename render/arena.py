"""Eye for an Eye (`arena`) public board: the Bushland hexes, the figures, the round, the players.

`render_arena(view, names=None, *, now=None, aborted=False)` draws `EyeForAnEye.view(state, None)`
(a seat's view gives the same image: nothing in the game is hidden) and describes it in words; the
words, on the image and in the description, come from render.arena_words.

What it shows (ARENA.md 3.2):
- the header: title, round (or tiebreak) and mode, what the phase asks of whom, and the clock
  line as time left ('Round ends (Yarra Bung!): 4:12 left', from `now`; players live in every
  time zone, so a clock time only when `now` is not given);
- the arena: 61 pointy-top hexes, each open one labelled at its centre as players say it ('D4':
  render.arena_words.hex_label; a figure on it covers it, the panel and description name it),
  stones (impassable, they block sight), the high ground, the starting areas in play faintly
  tinted in their colour (fills dark enough for the labels at 4.6:1); a key in the bottom corners. On the
  Rainforest: the stream (water with chevrons pointing downstream) and round mossy boulders
  (impassable, sight passes); in the advanced rules its four Raging Current tracks fill the
  corners (the key moves under the top two);
- the modes' pieces (render.arena_modes, with the Raging Current tracks): the Nymphlets as stars,
  the current flower's area, the hill's outline, the hill card or the flower deck in a box;
- Alliances: a square team badge (A white, B black) on each figure and in each player's row,
  and one cup per team across its rows;
- every standing figure: a disc in its area's colour with the character's initial (unique per
  seat) and its health, a wedge towards the hex side it faces, its front arc as a border in its
  colour on those 3 hexes (a second arc on a hex nests inside the first, so colours never mix);
  badges on the hex's corners for the turn-order marker (turn-based; grey once passed) and for a
  player away ("z"); the player on turn has a white ring; a pending attack is a red arrowhead
  from the attacker towards the defender, whose disc is ringed in red. A knocked-out figure has
  left the board (the engine clears its hex): the legend shows it;
- one row per player: disc (grey when knocked out, left or sitting out), name and character,
  status tags (KO, left, away, sits out, ready, defend, #marker, turn, passed), the Ceremony's
  Nymphlets left as stars, health with a bar, cup (in a mode: VP) this round and match points;
  the player on turn (or the winners) outlined;
- the news: the pending attacks first (who attacks whom, how many hits, who must answer), then
  the newest lines of the game's log, seats named as the players are.
With `aborted`, the header says the game was ended early and nothing asks anyone to act: no
clock, no prompt, no turn ring or tag, no pending attacks.

Sized for phones: the canvas is 480 px wide and no text is smaller than SMALL (15 px: 12.5 px when
Discord shows the image 400 px wide), always at 4.5:1 contrast or better (discs are light with
black letters; panels are dark with light text). Hexes are S = 30 px (centre to corner), so the
board fills the width.

Fast and small (issue 11: a board in a few ms, under 40 KB at six players): the terrain, key,
panels and column heads are drawn once per (arena, colours in play, players) on opaque RGB and
cached, as are the anti-aliased discs, rings and badges; a render copies that layer, pastes the
pieces, draws the arcs and the text (glyphs cached), about 1 ms, and encodes with the game's
fixed palette (`PALETTE`, learnt once) through ISA-L's deflate, about 0.7 ms. Hexes sit on whole
pixels and are drawn crisp, so the hexes of a board are pixel for pixel alike: that keeps a busy
six-player board under the size at which `encode_png` would compress it again, slowly.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from engine.arena import EyeForAnEye
from engine.arena.board import COMPASS
from engine.arena.view_types import ArenaView, BoardView, SeatView, StatusView, as_view
from engine.errors import Said, Term, counted, read
from render import arena_modes as modes
from render import palette
from render.arena_words import (
    TEAM_LETTERS,
    Show,
    asks_text,
    attack_text,
    attacker_of,
    card_words,
    clock_line,
    cut_name,
    defender_of,
    describe,
    guard_slots,
    hex_label,
    holds_heat,
    is_advanced,
    is_live,
    name_seats,
    on_board_guards,
    pause_text,
    round_name,
    seat_names,
    status_words,
    winning_seats,
)
from render.cache import cached_layer
from render.canvas import draw_text, rounded_panel, text_width, wrap_text
from render.encode import RenderedImage, encode_png

WIDTH = 480
SMALL = 15         # the smallest text: 15 * 400 / 480 = 12.5 px on a 400 px wide phone
BODY = 16
TITLE = 20
LETTER = 17        # a figure's initial
LINE = 20          # baseline to baseline
MARGIN = 8
PAD = 12           # inside a panel
GAP = 8            # between panels
S = 30             # hex size: centre to top corner
HEX_W = 52         # a hex's width, side to side (a regular hex's would be 51.96 px)
ROW_H = 45         # between the centres of two rows of hexes (1.5 S)
BOARD_W = 9 * HEX_W              # the widest row, 9 hexes
BOARD_H = 14 * S                 # 9 rows: 2 S + 8 * 1.5 S
HEADER_H = 102     # title, then three lines of status and clock
HEADER_LINES = 3
BOARD_Y = MARGIN + HEADER_H + GAP
ORIGIN = (WIDTH / 2, BOARD_Y + 7 * S)   # the centre of hex (0, 0)
BOARD_BOTTOM = BOARD_Y + round(BOARD_H)
LEGEND_Y = BOARD_BOTTOM + GAP
LEGEND_HEAD = 26
ROW = 30
ROW_ADVANCED = ROW + 18  # advanced rules: a second line per player (Heat, statuses, Guards, cards)
NEWS_LINES = 5
NEWS_H = 10 + NEWS_LINES * LINE + 8
DISC = 19          # a figure's disc radius on the board
MINI = 12          # a legend disc radius
BADGE = 10         # marker and away badge radius
GUARD = 12         # one of Echo's Guards: a small disc
BADGE_OUT = 24     # a badge's centre from its hex's centre, towards a corner
SUPER = 4          # supersampling for cached art
NAME_CHARS = 18    # a display name inside a sentence on the image is cut to this

# Legend columns (centres, except the name, which starts at NAME_X).
MINI_X = MARGIN + PAD + MINI
NAME_X = MARGIN + PAD + 2 * MINI + 8
POINTS_X = WIDTH - MARGIN - PAD - 22
CUP_X = POINTS_X - 48
HEALTH_X = CUP_X - 52
TAGS_RIGHT = HEALTH_X - 30

# Colours. Discs are light so black letters read at 5:1 or better on each of them.
AREA_COLOURS: dict[str, palette.RGB] = {
    "red": (0xE3, 0x6A, 0x2E),
    "orange": (0xE6, 0x9F, 0x00),
    "yellow": (0xF0, 0xE4, 0x42),
    "green": (0x2B, 0xB5, 0x8A),
    "blue": (0x4A, 0xA8, 0xE8),
    "purple": (0xB5, 0x7B, 0xD9),
}
INK = palette.BLACK
GONE = (0x9A, 0x9A, 0x9A)           # the legend disc of a player knocked out, left or sitting out
GROUND = (0x45, 0x55, 0x38)
GROUND_LINE = (0x2B, 0x35, 0x24)
HIGH = (0x86, 0x77, 0x4A)
HIGH_LINE = (0xA8, 0x98, 0x66)
STONE_HEX = (0x3A, 0x3F, 0x36)
ROCK = (0x9C, 0x98, 0x90)
ROCK_DARK = (0x5E, 0x5B, 0x55)
ROCK_LIGHT = (0xC4, 0xC0, 0xB6)
OUTLINE = (0x14, 0x16, 0x12)
WATER = (0x2E, 0x6E, 0x8E)          # the Rainforest's stream
WATER_LIGHT = (0x7C, 0xC0, 0xDC)    # its flow chevrons
BOULDER = (0x8A, 0x6A, 0x48)        # boulders are round and brown, stones angular and grey
BOULDER_DARK = (0x4E, 0x3A, 0x26)
BOULDER_LIGHT = (0xB0, 0x92, 0x6C)
MOSS = (0x7E, 0xA8, 0x4A)
TEAM_COLOURS = (palette.WHITE, palette.BLACK, palette.MUTED)  # team badges A, B and C (2 v 2 v 2)
TEAM_INKS = (palette.BLACK, palette.WHITE, palette.BLACK)  # each badge's letter and rim
ATTACK = (0xFF, 0x4A, 0x3D)
WARN = (0xFF, 0x8C, 0x7A)           # KO and defending tags: 5.5:1 on the panel
GOOD = (0x7F, 0xD8, 0xA8)           # the ready tag, and a Ready Tribal card
HEAT = (0xFF, 0xB0, 0x60)           # Incendiary's Heat: its badge, and its words (6.8:1 on the panel)
STATUS_FILL = {"netted": (0xD9, 0xC2, 0x8C), "hidden": (0xB8, 0xC8, 0xB0)}  # a status badge, lettered
START_TINT = 0.3      # how strongly a starting area takes its colour
LABEL = palette.TEXT  # a hex's label ('D4', render.arena_places) at its centre, under any figure
LABEL_CONTRAST = 4.6  # what a hex's fill keeps against it
CHEVRON_UP = 13       # px: on the stream, the flow's chevron sits above the label ...
LABEL_DOWN = 6        # ... and the label below the centre
ARC_WIDTH = 4         # px, a front-arc border


# ----------------------------------------------------------------- geometry
def centre(h: Sequence[int]) -> tuple[float, float]:
    """A hex's centre: whole pixels, so every hex is drawn with the same pixels (a board of
    repeated hexes compresses several times smaller than one whose hexes each round apart)."""
    return (ORIGIN[0] + HEX_W * (h[0] + h[1] / 2), ORIGIN[1] + ROW_H * h[1])


def hex_points(c: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """A pointy-top hex `size` px from its centre `c` to its top corner, shaped as the board's
    (sides HEX_W / S times `size` apart: at `size` = S the hexes tile in whole pixels)."""
    x, y = c
    half = size * HEX_W / (2 * S)
    return [(x, y - size), (x + half, y - size / 2), (x + half, y + size / 2),
            (x, y + size), (x - half, y + size / 2), (x - half, y - size / 2)]


FRAME = modes.Frame(centre, lambda h: hex_points(centre(h), S), AREA_COLOURS,
                    (MARGIN, BOARD_Y, WIDTH - MARGIN, BOARD_BOTTOM), SMALL)


def _angle(direction: int) -> float:
    """Screen angle (radians, y down) of hex direction 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE."""
    return math.radians(-60 * direction)


def _row_h(advanced: bool) -> int:
    return ROW_ADVANCED if advanced else ROW


def _height(players: int, advanced: bool = False) -> int:
    return _news_y(players, advanced) + NEWS_H + MARGIN


def _news_y(players: int, advanced: bool = False) -> int:
    return LEGEND_Y + LEGEND_HEAD + 8 + players * _row_h(advanced) + 6 + GAP


# ----------------------------------------------------------------- cached art
def _supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None]) -> Image.Image:
    """`paint(draw, k)` drawn k = SUPER times larger, then shrunk by averaging each k x k block:
    anti-aliased edges in few shades (no ringing), so boards compress well. RGBA."""
    big = Image.new("RGBA", (size[0] * SUPER, size[1] * SUPER), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SUPER)
    return big.reduce(SUPER)


SPRITE = int(2 * S + 8)  # a square around one hex, centred on it


def disc_sprite(colour: str, facing: int, radius: int = DISC) -> Image.Image:
    """A figure: a disc in its colour with a dark rim and a wedge towards the side it faces, its
    tip just past the hex's side (cached; RGBA, SPRITE px square, centred on the hex centre).
    `radius` GUARD draws one of Echo's Guards."""
    reach = S * 0.866 + 6 - (DISC - radius) / 2

    def build() -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, k: int) -> None:
            c = SPRITE * k / 2
            a = _angle(facing)
            tip = (c + math.cos(a) * reach * k, c + math.sin(a) * reach * k)
            side = [(c + math.cos(a + sgn * 0.8) * (radius - 1) * k, c + math.sin(a + sgn * 0.8) * (radius - 1) * k)
                    for sgn in (-1, 1)]
            d.polygon([side[0], tip, side[1]], fill=AREA_COLOURS[colour], outline=OUTLINE, width=2 * k)
            r = radius * k
            d.ellipse((c - r, c - r, c + r, c + r), fill=AREA_COLOURS[colour], outline=OUTLINE, width=2 * k)
        return _supersampled((SPRITE, SPRITE), paint)
    return cached_layer(("arena", "disc", colour, facing, radius), build)


def mini_disc(fill: palette.RGB) -> Image.Image:
    """A legend disc (cached; RGBA, 2 * MINI + 2 px square)."""
    def build() -> Image.Image:
        side = 2 * MINI + 2

        def paint(d: ImageDraw.ImageDraw, k: int) -> None:
            d.ellipse((k, k, (side - 1) * k, (side - 1) * k), fill=fill, outline=OUTLINE, width=2 * k)
        return _supersampled((side, side), paint)
    return cached_layer(("arena", "mini", fill), build)


def _hex_sprite(key: str, paint_hex) -> Image.Image:
    def build() -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, k: int) -> None:
            paint_hex(d, (SPRITE * k / 2, SPRITE * k / 2), k)
        return _supersampled((SPRITE, SPRITE), paint)
    return cached_layer(("arena", "hex", key), build)


def draw_arc(d: ImageDraw.ImageDraw, h: Sequence[int], colour: str, nest: int) -> None:
    """A front-arc hex: a thick inner border in the figure's colour (pure colours, so two arcs on
    one hex stay readable: the second border nests inside the first). Crisp, as the hexes are."""
    inset = S - 3.5 - ARC_WIDTH * nest
    d.polygon(hex_points(centre(h), inset), outline=AREA_COLOURS[colour], width=ARC_WIDTH)


def _ring(key: str, colour: palette.RGB) -> Image.Image:
    """A ring around a figure's disc."""
    def paint(d: ImageDraw.ImageDraw, c: tuple[float, float], k: int) -> None:
        r = (DISC + 4) * k
        d.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), outline=colour, width=4 * k)
    return _hex_sprite(key, paint)


def turn_ring() -> Image.Image:
    """The player on turn: a white ring around the disc."""
    return _ring("turn", palette.WHITE)


def target_ring() -> Image.Image:
    """A figure with an attack waiting on it: a red ring around the disc."""
    return _ring("target", ATTACK)


def badge_sprite(fill: palette.RGB) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, c: tuple[float, float], k: int) -> None:
        r = BADGE * k
        d.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=fill, outline=OUTLINE, width=2 * k)
    return _hex_sprite(f"badge-{fill}", paint)


def team_badge(team: int) -> Image.Image:
    """An Alliances team: a square badge, white for the first team, black for the second, grey for a third."""
    def paint(d: ImageDraw.ImageDraw, c: tuple[float, float], k: int) -> None:
        r = BADGE * k
        d.rounded_rectangle((c[0] - r, c[1] - r, c[0] + r, c[1] + r), radius=3 * k, fill=TEAM_COLOURS[team],
                            outline=TEAM_INKS[team], width=2 * k)
    return _hex_sprite(f"team-{team}", paint)


def _draw_team_badge(image: Image.Image, d: ImageDraw.ImageDraw, team: int, at: tuple[float, float]) -> None:
    _paste(image, team_badge(team), at)
    draw_text(d, (at[0], at[1]), TEAM_LETTERS[team], SMALL, TEAM_INKS[team], anchor="mm", bold=True)


def _paste(image: Image.Image, sprite: Image.Image, at: tuple[float, float]) -> None:
    """Blend an RGBA sprite centred at `at` onto the RGB board."""
    image.paste(sprite, (round(at[0] - sprite.width / 2), round(at[1] - sprite.height / 2)), sprite)


def _rock(d: ImageDraw.ImageDraw, c: tuple[float, float], seed: int) -> None:
    """A boulder in a stone hex: an irregular grey polygon, a lit face and a pebble."""
    wobble = [0.62, 0.72, 0.58, 0.68, 0.55, 0.7, 0.6, 0.66]
    turn = seed % 8
    points = []
    for i in range(8):
        r = wobble[(i + turn) % 8] * S
        a = math.radians(i * 45 + 10 + 7 * (seed % 3))
        points.append((c[0] + math.cos(a) * r, c[1] + math.sin(a) * r * 0.85))
    d.polygon(points, fill=ROCK, outline=ROCK_DARK, width=2)
    lit = [(c[0] + (x - c[0]) * 0.55 - 4, c[1] + (y - c[1]) * 0.5 - 5) for x, y in points[4:8]]
    d.polygon(lit, fill=ROCK_LIGHT)
    d.line([points[1], (c[0] + 2, c[1] + 2), points[5]], fill=ROCK_DARK, width=2)


def _under_label(fill: palette.RGB) -> palette.RGB:
    """`fill` darkened just enough for a hex's label to read on it at 4.6:1 (the high ground and
    the yellow start area are otherwise too light for it)."""
    while palette.contrast_ratio(LABEL, fill) < LABEL_CONTRAST:
        fill = _mix(fill, palette.BLACK, 0.04)
    return fill


def _mix(a: palette.RGB, b: palette.RGB, share: float) -> palette.RGB:
    return tuple(round(x + (y - x) * share) for x, y in zip(a, b, strict=False))  # type: ignore[return-value]


# Every fill a hex is drawn in, darkened under its label once at import rather than at each draw.
_UNDER_LABEL = {fill: _under_label(fill) for fill in (STONE_HEX, WATER, HIGH, GROUND,
                                                      *(_mix(GROUND, c, START_TINT) for c in AREA_COLOURS.values()))}


def _readable(fill: palette.RGB) -> palette.RGB:
    return _UNDER_LABEL.get(fill) or _under_label(fill)


def _boulder(d: ImageDraw.ImageDraw, c: tuple[float, float]) -> None:
    """A boulder (impassable, sight passes it): a round brown rock with moss on top, unlike the
    angular grey stones that block sight."""
    x, y = c
    d.ellipse((x - 19, y - 15, x + 19, y + 17), fill=BOULDER, outline=BOULDER_DARK, width=2)
    d.chord((x - 16, y - 14, x + 16, y + 2), 190, 350, fill=MOSS)
    d.ellipse((x - 11, y + 3, x - 3, y + 9), fill=BOULDER_LIGHT)


def _chevron(d: ImageDraw.ImageDraw, c: tuple[float, float], direction: int) -> None:
    """The stream's flow: a light chevron pointing downstream."""
    a = _angle(direction)
    tip = (c[0] + math.cos(a) * 9, c[1] + math.sin(a) * 9)
    back = [(c[0] + math.cos(a + sgn * 2.4) * 9, c[1] + math.sin(a + sgn * 2.4) * 9) for sgn in (-1, 1)]
    d.line([back[0], tip, back[1]], fill=WATER_LIGHT, width=3)


def _draw_terrain(d: ImageDraw.ImageDraw, board: BoardView, colours: tuple[str, ...]) -> None:
    """The arena: ground, high ground, stones, a stream with its boulders, the starting areas in
    play. Crisp, not anti-aliased: hexes of whole pixels all look alike, which keeps the PNG small
    (anti-aliased edges cost a six-player board about 3 KB and are not seen at phone size)."""
    sight = {tuple(h) for h in board["blocks_sight"]}
    stones = {tuple(h) for h in board["impassable"]} & sight
    boulders = {tuple(h) for h in board["impassable"]} - sight
    stream = {tuple(h) for h in board["stream"]}
    water = stream | {b for b in boulders if b[1] == next(iter(stream))[1]} if stream else set()
    high = {tuple(h) for h in board["high_ground"]} - stream  # the stream is the Rainforest's hill
    starts = {tuple(h): colour for colour in colours for h in board["areas"][colour]["hexes"]}
    for h in board["hexes"]:
        key, c = tuple(h), centre(h)
        fill = STONE_HEX if key in stones else WATER if key in water else HIGH if key in high else GROUND
        if key in starts:
            fill = _mix(GROUND, AREA_COLOURS[starts[key]], START_TINT)
        fill = _readable(fill)
        d.polygon(hex_points(c, S), fill=fill, outline=GROUND_LINE, width=2)
        if key in high:
            d.polygon(hex_points(c, S * 0.62), outline=HIGH_LINE, width=1)
        if key in stones:
            _rock(d, c, 3 * h[0] + 5 * h[1] + 40)
        if key in boulders:
            _boulder(d, c)
        if key in stream:
            _chevron(d, (c[0], c[1] - CHEVRON_UP), COMPASS.index(board["flows"]))
        if key not in stones and key not in boulders:  # nobody stands there: the rock keeps its look
            _draw_label(d, c, hex_label(h), LABEL_DOWN if key in stream else 0)


def _draw_label(d: ImageDraw.ImageDraw, c: tuple[float, float], label: str, down: int) -> None:
    """A hex's label, centred on whole pixels: every '5' of a row is then the same pixels, which
    keeps the PNG small (61 labels at arbitrary sub-pixel offsets cost a busy board ~3 KB)."""
    d.fontmode = "1"  # crisp: 61 anti-aliased labels would cost a busy six-player board ~1.7 KB more
    try:
        draw_text(d, (round(c[0] - text_width(label, SMALL) / 2), c[1] + down), label, SMALL, LABEL, anchor="lm")
    finally:
        d.fontmode = "L"


def _key(d: ImageDraw.ImageDraw, board: BoardView, fixed: modes.Fixed, words: BaseWords) -> None:
    """The terrain key in the board's bottom corners (left: stone or boulder, start area; right:
    high ground or stream, outlined in white when it is King of the Hill's hill). With the Raging
    Current tracks in the corners, the boulder and the stream are keyed under the top two tracks,
    and the start areas go unkeyed."""
    def icon(x: float, y: float, kind: str) -> None:
        fill = {"stone": STONE_HEX, "start": _mix(GROUND, palette.WHITE, START_TINT), "high": _readable(HIGH),
                "stream": WATER}.get(kind, GROUND)  # the high ground as its hexes are drawn
        hill = fixed.hill and kind in ("high", "stream")
        d.polygon(hex_points((x, y), 10), fill=fill, outline=modes.HILL_EDGE if hill else GROUND_LINE,
                  width=2 if hill else 1)
        if kind == "stone":
            d.ellipse((x - 5, y - 4, x + 5, y + 5), fill=ROCK, outline=ROCK_DARK)
        if kind == "boulder":
            d.ellipse((x - 6, y - 5, x + 6, y + 5), fill=BOULDER, outline=BOULDER_DARK)

    def entry(x: float, y: float, kind: str, label: str, right: bool = False) -> None:
        if right:
            draw_text(d, (x, y), label, SMALL, palette.TEXT, anchor="rm")
            icon(x - text_width(label, SMALL) - 14, y, kind)
        else:
            icon(x, y, kind)
            draw_text(d, (x + 16, y), label, SMALL, palette.TEXT, anchor="lm")
    stream = bool(board["stream"])
    rock, water = ("boulder", words.boulder) if stream else ("stone", words.stone), \
        ("stream", words.stream) if stream else ("high", words.hill if fixed.hill else words.high)
    left, right = MARGIN + 10, WIDTH - MARGIN
    if fixed.tracks:
        y = modes.track_at(FRAME, "NW")[1] + modes.TRACK_H + 20
        entry(left, y, *rock)
        entry(right, y, *water, right=True)
        return
    y1, y2 = BOARD_BOTTOM - 60, BOARD_BOTTOM - 20
    entry(left, y1, *rock)
    entry(left, y2, "start", words.start)
    entry(right, y2, *water, right=True)


class BaseWords(NamedTuple):
    """The words drawn on the base layer (the key and the legend's column heads), in the reader's language."""

    boulder: str
    stone: str
    stream: str
    hill: str
    high: str
    start: str
    player: str
    health: str
    vp: str
    cup: str
    points: str


def base_words(show: Show = str) -> BaseWords:
    return BaseWords(show(Said("Boulder")), show(Said("Stone")), show(Said("Stream")), show(Said("The hill")),
                     show(Said("High ground")), show(Said("Start area")), show(Said("Player")), show(Said("Health")),
                     show(Said("VP")), show(Said("Cup")), show(Said("Points")))


def _base_layer(board: BoardView, colours: tuple[str, ...], players: int, advanced: bool,
                fixed: modes.Fixed, words: BaseWords) -> Image.Image:
    """Everything that does not change during a match: background, terrain, the key, the panels,
    the fixed parts of the mode and the Rainforest (`fixed`: the hill's outline, the boxes of the
    Raging Current tracks and of the mode) and the legend's column heads (cached; RGB; copy it
    before drawing)."""
    def build() -> Image.Image:
        height = _height(players, advanced)
        image = Image.new("RGB", (WIDTH, height), palette.BACKGROUND)
        d = ImageDraw.Draw(image)
        _draw_terrain(d, board, colours)
        rounded_panel(d, (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H))
        _key(d, board, fixed, words)
        modes.draw_fixed(d, FRAME, fixed)
        legend_bottom = LEGEND_Y + LEGEND_HEAD + 8 + players * _row_h(advanced) + 6
        rounded_panel(d, (MARGIN, LEGEND_Y, WIDTH - MARGIN, legend_bottom))
        head = LEGEND_Y + 6 + LEGEND_HEAD / 2
        draw_text(d, (NAME_X, head), words.player, SMALL, palette.MUTED, anchor="lm")
        draw_text(d, (HEALTH_X, head), words.health, SMALL, palette.MUTED, anchor="mm")
        draw_text(d, (CUP_X, head), words.vp if fixed.mode else words.cup, SMALL, palette.MUTED, anchor="mm")
        draw_text(d, (POINTS_X, head), words.points, SMALL, palette.MUTED, anchor="mm")
        news = _news_y(players, advanced)
        rounded_panel(d, (MARGIN, news, WIDTH - MARGIN, news + NEWS_H))
        return image
    return cached_layer(("arena", "base", board["name"], colours, players, advanced, fixed, words), build)


# ----------------------------------------------------------------- the legend's tags, each in its colour
TAGS = {str(word): word for word in (Term("left", "arena player"), Term("KO", "arena player"),
                                        Term("sits out", "arena player"), Term("away", "arena player"),
                                        Term("defend", "arena player"), Term("ready", "arena player"),
                                        Term("turn", "arena player"), Term("passed", "arena player"))}


def _tags(view: ArenaView, seat: SeatView, aborted: bool, show: Show = str) -> list[tuple[str, palette.RGB]]:
    """Short status words for a player's legend row, with their colour."""
    s = seat["seat"]
    live = is_live(view, aborted)
    tags: list[tuple[str, palette.RGB]] = []

    def tag(word: str) -> str:
        return show(TAGS[word])
    if seat["left"]:
        return [(tag("left"), palette.MUTED)]
    if seat["status"] == "out":
        tags.append((tag("KO"), WARN))
    elif seat["status"] == "idle" or s not in view["in_round"]:
        tags.append((tag("sits out"), palette.MUTED))
    if seat["away"]:
        tags.append((tag("away"), palette.MUTED))
    if not live or seat["status"] != "standing":
        return tags
    if any(p["defender"] == s and p["deadline"] is not None for p in view["pending"]):
        tags.append((tag("defend"), WARN))
    if view["phase"] == "start" and s not in view["waiting"]:
        tags.append((tag("ready"), GOOD))
    if seat["marker"] is not None:
        tags.append((f"#{seat['marker']}", palette.TEXT))
    turns = view["turns"]
    if turns and view["phase"] == "turns":
        if turns["active"] == s:
            tags.append((tag("turn"), palette.HIGHLIGHT))
        elif seat["passed"]:
            tags.append((tag("passed"), palette.MUTED))
    return tags


# ----------------------------------------------------------------- advanced rules
def piece_hex(view: ArenaView, seat: int, guard: int | None, nymphlet: int | None = None) -> list[int] | None:
    """Where a piece stands: a seat's character, one of Echo's Guards (`guard`), or a Nymphlet."""
    if nymphlet is not None:
        return modes.mode_of(view)["nymphlets"][nymphlet]["hex"]
    if guard is None:
        return view["seats"][seat]["hex"]
    slots = guard_slots(view["seats"][seat])
    spot = slots[guard] if guard < len(slots) else None
    return None if spot is None else spot["hex"]


def extras(seat: SeatView, now: float | None, level: int = 0, show: Show = str) -> list[tuple[str, palette.RGB]]:
    """A player's advanced-rules words for the legend, most urgent first: Heat, statuses, Guards,
    then each Tribal card. `level` shortens them: 1 statuses without their time, 2 cards by band,
    3 no cards."""
    out: list[tuple[str, palette.RGB]] = []
    if holds_heat(seat):
        out.append((show(Said("Heat {heat}", heat=seat["heat"])), HEAT))
    out += [(status_words(st, now, show=show) if level < 1 else show(Term(st["name"], "arena status")), WARN)
            for st in seat.get("statuses", ())]
    if guard_slots(seat):
        out.append((show(counted("Guards {out}/{all}, {n} token", "Guards {out}/{all}, {n} tokens",
                                 seat["guard_tokens"], out=len(on_board_guards(seat)), all=len(guard_slots(seat)))),
                    palette.TEXT))
    if level < 3:
        out += [(card_words(c, band=level >= 2, show=show), GOOD if c["ready"] else palette.MUTED)
                for c in seat["cards"]]
    return out


def _draw_extras(d: ImageDraw.ImageDraw, seat: SeatView, cy: float, now: float | None, show: Show = str) -> None:
    """A standing player's second legend line: the first level of `extras` that fits."""
    if seat["status"] != "standing":
        return
    width = WIDTH - MARGIN - PAD - NAME_X
    for level in range(4):
        parts = extras(seat, now, level, show)
        if text_width(" · ".join(t for t, _ in parts), SMALL) <= width:
            break
    x: float = NAME_X
    for i, (text, colour) in enumerate(parts):
        if i:
            draw_text(d, (x, cy), " · ", SMALL, palette.MUTED, anchor="lm")
            x += text_width(" · ", SMALL)
        if NAME_X + width - x < 40:  # no room left for a readable word
            break
        shown = _fit(text, SMALL, NAME_X + width - x)
        draw_text(d, (x, cy), shown, SMALL, colour, anchor="lm")
        x += text_width(shown, SMALL)


def _draw_guards(image: Image.Image, d: ImageDraw.ImageDraw, view: ArenaView, targets: set) -> None:
    """Echo's Guards: small discs in his colour, each with a wedge to the side it faces and its
    number; one an attack waits on is ringed in red."""
    for seat in view["seats"]:
        for g in on_board_guards(seat):
            c = centre(g["hex"])
            if (seat["seat"], g["guard"], None) in targets:
                _paste(image, target_ring(), c)
            _paste(image, disc_sprite(seat["colour"], g["facing"], GUARD), c)
            draw_text(d, (c[0], c[1]), str(g["guard"] + 1), SMALL, INK, anchor="mm", bold=True)


def _badges(seat: SeatView, live: bool) -> list[tuple[palette.RGB, str]]:
    """The badges on a figure's hex corners, most urgent first: turn-order marker, away, Heat,
    statuses."""
    out = []
    if live and seat["marker"] is not None:
        out.append((palette.MUTED if seat["passed"] else palette.WHITE, str(seat["marker"])))
    if seat["away"]:
        out.append((GONE, "z"))
    if holds_heat(seat) and seat["heat"]:
        out.append((HEAT, str(seat["heat"])))
    return out + [(STATUS_FILL[st["key"]], st["name"][0]) for st in seat.get("statuses", ())]


# ----------------------------------------------------------------- drawing
def _fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """`text` cut with '...' to fit `width` px."""
    if text_width(text, size, bold) <= width:
        return text
    low, high = 1, len(text) - 1
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if text_width(text[:mid] + "...", size, bold) <= width else (low, mid - 1)
    return text[:low].rstrip() + "..."


def _draw_header(d: ImageDraw.ImageDraw, view: ArenaView, who: Sequence[str], now: float | None,
                 aborted: bool, show: Show = str) -> None:
    x = MARGIN + PAD
    right = WIDTH - MARGIN - PAD
    draw_text(d, (x, MARGIN + 10), show(Term("Eye for an Eye", "game title")), TITLE, palette.HIGHLIGHT, bold=True)
    mode = show(Said("turn-based") if view["mode"] == "turn_based" else Said("real time"))
    draw_text(d, (right, MARGIN + 13), f"{round_name(view, show)} · {mode}", BODY, palette.MUTED, anchor="ra")
    banner = pause_text(view, who, show) if is_live(view, aborted) else None
    status = asks_text(view, who, aborted, show)
    clock = clock_line(view, now, aborted, show)
    width = right - x
    lines = [(line, palette.TEXT) for line in wrap_text(status, BODY, width)]
    room = HEADER_LINES - (1 if clock else 0) - (1 if banner else 0)
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = (_fit(lines[-1][0] + " ...", BODY, width), palette.TEXT)
    if clock:
        lines.append((_fit(clock, BODY, width), palette.HIGHLIGHT))
    top = MARGIN + 40
    if banner:  # the pause: a banner everyone sees first
        d.rounded_rectangle((x - 4, top - 2, right + 4, top + LINE - 1), radius=5, fill=WARN)
        draw_text(d, (x, top), _fit(banner, BODY, width, bold=True), BODY, INK, bold=True)
        top += LINE
    for i, (line, colour) in enumerate(lines):
        draw_text(d, (x, top + i * LINE), line, BODY, colour)


def _draw_figures(image: Image.Image, d: ImageDraw.ImageDraw, view: ArenaView, aborted: bool) -> None:
    live = is_live(view, aborted)
    standing = [(seat, seat["hex"]) for seat in view["seats"] if seat["hex"] is not None]
    nests: dict[tuple[int, int], int] = {}
    for seat, _ in standing:  # arcs first, so no disc is covered by another figure's arc
        for h in seat["front"]:
            if h in view["board"]["hexes"]:
                nest = nests.get((h[0], h[1]), 0)
                nests[(h[0], h[1])] = nest + 1
                draw_arc(d, h, seat["colour"], min(nest, 3))
    turns = view["turns"]
    active = turns["active"] if live and turns and view["phase"] == "turns" else None
    defenders = {defender_of(p) for p in view["pending"]} if live else set()
    for seat_index, _, nymphlet in defenders:  # a Nymphlet an attack waits on: ringed in red, as a figure is
        there = None if nymphlet is None else piece_hex(view, seat_index, None, nymphlet)
        if there is not None:
            _paste(image, target_ring(), centre(there))
    for seat, here in standing:
        c = centre(here)
        if (seat["seat"], None, None) in defenders:
            _paste(image, target_ring(), c)
        elif seat["seat"] == active:
            _paste(image, turn_ring(), c)
        _paste(image, disc_sprite(seat["colour"], seat["facing"]), c)
        draw_text(d, (c[0], c[1] - 7), seat["name"][0], LETTER, INK, anchor="mm", bold=True)
        draw_text(d, (c[0], c[1] + 9), str(seat["health"]), SMALL, INK, anchor="mm")
    _draw_guards(image, d, view, defenders)
    if live:
        _draw_attacks(d, view)
    for seat, here in standing:  # badges on the hex's corners, away from the wedge and the arrows
        c = centre(here)
        corners = _free_corners(view, seat, c, live)
        team_number = seat.get("team")
        if team_number is not None:
            _draw_team_badge(image, d, team_number, _corner(c, corners.pop(0)))
        for corner, (fill, letter) in zip(corners, _badges(seat, live), strict=False):
            at = _corner(c, corner)
            _paste(image, badge_sprite(fill), at)
            draw_text(d, (at[0], at[1] + (-1 if letter == "z" else 1)), letter, SMALL, INK, anchor="mm")
    for seat in view["seats"]:  # a Guard's statuses, on its top corner
        for g in on_board_guards(seat):
            for corner, status in zip(CORNERS, g["statuses"], strict=False):
                at = _corner(centre(g["hex"]), corner)
                _paste(image, badge_sprite(STATUS_FILL[status["key"]]), at)
                draw_text(d, (at[0], at[1] + 1), status["name"][0], SMALL, INK, anchor="mm")


CORNERS = (90, 30, 150, 330, 210, 270)  # screen degrees (y up) of a hex's corners, top first


def _corner(c: tuple[float, float], degrees: int) -> tuple[float, float]:
    a = math.radians(degrees)
    return (c[0] + math.cos(a) * BADGE_OUT, c[1] - math.sin(a) * BADGE_OUT)


def _free_corners(view: ArenaView, seat: SeatView, c: tuple[float, float], live: bool) -> list[int]:
    """The figure's hex corners for badges, best first (`c`: its hex's centre): the top ones unless
    the facing wedge or an attack arrow (to or from a neighbour) passes within 60 degrees."""
    busy = [60 * seat["facing"]]
    if live:
        me = (seat["seat"], None, None)
        for p in view["pending"]:
            ends = [attacker_of(p), defender_of(p)]
            other = ends[1] if ends[0] == me else ends[0] if ends[1] == me else None
            there = None if other is None else piece_hex(view, *other)
            if there is not None:
                (x0, y0), (x1, y1) = c, centre(there)
                busy.append(round(math.degrees(math.atan2(y0 - y1, x1 - x0))))

    def gap(corner: int) -> int:
        return min(min(abs(corner - b) % 360, 360 - abs(corner - b) % 360) for b in busy)
    return sorted(CORNERS, key=lambda corner: (gap(corner) < 60, CORNERS.index(corner)))


def _along(origin: tuple[float, float], unit: tuple[float, float]):
    """A point `t` px from `origin` along `unit`, `side` px to its right: (t, side) -> (x, y)."""
    (x0, y0), (ux, uy) = origin, unit

    def at(t: float, side: float = 0.0) -> tuple[float, float]:
        return (x0 + ux * t - uy * side, y0 + uy * t + ux * side)
    return at


def _draw_attacks(d: ImageDraw.ImageDraw, view: ArenaView) -> None:
    """A red arrowhead, rimmed in white, from each pending attacker towards its defender (once per
    pair; Echo's Guards attack and are attacked too): on the border between them when they are
    adjacent, with a shaft when they are not."""
    drawn = set()
    for p in view["pending"]:
        a, b = piece_hex(view, *attacker_of(p)), piece_hex(view, *defender_of(p))
        if a is None or b is None or (tuple(a), tuple(b)) in drawn:
            continue
        drawn.add((tuple(a), tuple(b)))
        (x0, y0), (x1, y1) = centre(a), centre(b)
        length = math.hypot(x1 - x0, y1 - y0)
        at = _along((x0, y0), ((x1 - x0) / length, (y1 - y0) / length))
        tip = max(length / 2 + 12, length - DISC - 2)
        base = tip - 22
        if base > DISC:
            d.line([at(DISC), at(base + 2)], fill=palette.WHITE, width=9)
            d.line([at(DISC), at(base + 2)], fill=ATTACK, width=5)
        d.polygon([at(tip), at(base, 11), at(base + 6), at(base, -11)], fill=ATTACK, outline=palette.WHITE, width=2)


def _draw_legend(image: Image.Image, d: ImageDraw.ImageDraw, view: ArenaView, who: Sequence[str],
                 aborted: bool, now: float | None, show: Show = str) -> None:
    live = is_live(view, aborted)
    turns = view["turns"]
    active = turns["active"] if live and turns and view["phase"] == "turns" else None
    winners = set(winning_seats(view)) if view["phase"] == "over" and not aborted else set()
    advanced = is_advanced(view)
    row = _row_h(advanced)
    vp = modes.mode_of(view).get("vp")
    for seat in view["seats"]:
        s = seat["seat"]
        top = _row_top(s, advanced)
        cy = top + ROW / 2 - 1
        if s == active or s in winners:
            d.rounded_rectangle((MARGIN + 4, top + 1, WIDTH - MARGIN - 4, top + row - 1), radius=8,
                                outline=palette.HIGHLIGHT, width=2)
        if advanced and live:
            _draw_extras(d, seat, top + ROW + 6, now, show)
        gone = seat["status"] != "standing" and view["phase"] != "over" or seat["left"]
        fill = GONE if gone else AREA_COLOURS[seat["colour"]]
        _paste(image, mini_disc(fill), (MINI_X, cy))
        draw_text(d, (MINI_X, cy), seat["name"][0], SMALL, INK, anchor="mm", bold=True)
        tags = _tags(view, seat, aborted, show)
        tag_text = " ".join(t for t, _ in tags)
        tags_right = modes.draw_row_stars(image, FRAME, view, seat, TAGS_RIGHT, cy) - (4 if tag_text else 0)
        x = tags_right - text_width(tag_text, SMALL)
        for text, colour in tags:
            draw_text(d, (x, cy), text, SMALL, colour, anchor="lm")
            x += text_width(text + " ", SMALL)
        room = tags_right - text_width(tag_text, SMALL) - 8 - NAME_X
        team_number = seat.get("team")
        if team_number is not None:
            room -= 2 * BADGE + 6
            _draw_team_badge(image, d, team_number, (NAME_X + room + 4 + BADGE, cy))
        strong = s == active or s in winners
        character = seat["name"] if who[s] != seat["name"] else ""
        colour = palette.MUTED if seat["left"] else palette.TEXT
        if character and room - text_width(" " + character, SMALL) >= 60:
            name = _fit(who[s], BODY, room - text_width(" " + character, SMALL), strong)
            box = draw_text(d, (NAME_X, cy), name, BODY, colour, anchor="lm", bold=strong)
            draw_text(d, (box[2] + 5, cy), character, SMALL, palette.MUTED, anchor="lm")
        else:
            draw_text(d, (NAME_X, cy), _fit(who[s], BODY, room, strong), BODY, colour, anchor="lm", bold=strong)
        health = seat["health"] if seat["status"] == "standing" or seat["status"] == "out" else None
        if health is not None:
            draw_text(d, (HEALTH_X, cy - 3), f"{health}/{seat['max_health']}", BODY, colour, anchor="mm")
            bar = (HEALTH_X - 22, top + ROW - 7, HEALTH_X + 22, top + ROW - 4)
            d.rectangle(bar, fill=palette.PANEL_BORDER)
            if health:
                share = health / max(1, seat["max_health"])
                tone = GOOD if share > 0.5 else palette.HIGHLIGHT if share > 0.25 else ATTACK
                d.rectangle((bar[0], bar[1], bar[0] + round(44 * share), bar[3]), fill=tone)
        if vp is not None:  # a mode: this round's Victory Points instead of the cup
            draw_text(d, (CUP_X, cy), str(vp[s]), BODY, colour, anchor="mm")
        elif not view.get("teams"):
            draw_text(d, (CUP_X, cy), str(seat["cup"]), BODY, colour, anchor="mm")
        draw_text(d, (POINTS_X, cy), str(seat["points"]), BODY, colour, anchor="mm", bold=True)
    for team in view.get("teams") or [] if vp is None else []:  # one cup per team, across its players' rows
        seats = sorted(team["seats"])
        apart = seats != list(range(seats[0], seats[-1] + 1))  # teams picked in the lobby may interleave
        if advanced or apart:  # second lines (or other teams) run between the rows: the cup on each row
            for s in team["seats"]:
                draw_text(d, (CUP_X, _row_top(s, advanced) + ROW / 2 - 1), str(team["cup"]), BODY, palette.TEXT,
                          anchor="mm")
            continue
        tops = [_row_top(s) for s in team["seats"]]
        d.rounded_rectangle((CUP_X - 18, min(tops) + 3, CUP_X + 18, max(tops) + ROW - 3), radius=6,
                            fill=palette.PANEL, outline=palette.PANEL_BORDER, width=2)  # over row outlines
        draw_text(d, (CUP_X, (min(tops) + max(tops) + ROW) / 2 - 1), str(team["cup"]), BODY, palette.TEXT,
                  anchor="mm")


def _row_top(seat: int, advanced: bool = False) -> float:
    """The top of a player's row in the legend."""
    return LEGEND_Y + 6 + LEGEND_HEAD + 2 + seat * _row_h(advanced)


def _news(view: ArenaView, who: Sequence[str], aborted: bool, show: Show = str) -> list[tuple[str, palette.RGB, bool]]:
    """The lines of the news panel, each (text, colour, bold): pending attacks, then the log."""
    live = is_live(view, aborted)
    width = WIDTH - 2 * (MARGIN + PAD)
    lines: list[tuple[str, palette.RGB, bool]] = []
    attacks = view["pending"] if live else []
    for i, p in enumerate(attacks):  # at most NEWS_LINES - 1 lines, 2 an attack, whole attacks only
        wrapped = wrap_text(attack_text(p, who, live=True, show=show), SMALL, width, bold=True)
        if len(wrapped) > 2:
            wrapped = [wrapped[0], _fit(wrapped[1] + " ...", SMALL, width, bold=True)]
        later = len(attacks) - i - 1
        if len(lines) + len(wrapped) + (1 if later else 0) > NEWS_LINES - 1:
            more = show(counted("+ {n} more attack waiting", "+ {n} more attacks waiting", later + 1))
            lines.append((more, WARN, True))
            break
        lines += [(line, WARN, True) for line in wrapped]
    room = NEWS_LINES - len(lines)
    log: list[tuple[str, palette.RGB, bool]] = []
    for i, entry in enumerate(reversed(view["log"])):
        colour = palette.TEXT if i == 0 else palette.MUTED
        said = [(line, colour, False) for line in wrap_text(name_seats(show(read(entry)), view, who), SMALL, width)]
        if len(log) + len(said) > room:
            if not log:
                log = said[:room - 1] + [(_fit(said[room - 1][0] + " ...", SMALL, width), colour, False)]
            break
        log = said + log
    if aborted and len(log) < room:
        log.append((show(Said("This game was ended early.")), palette.TEXT, False))
    return lines + log


def _draw_news(d: ImageDraw.ImageDraw, view: ArenaView, who: Sequence[str], aborted: bool, show: Show = str) -> None:
    top = _news_y(len(view["seats"]), is_advanced(view)) + 10
    for i, (line, colour, bold) in enumerate(_news(view, who, aborted, show)):
        draw_text(d, (MARGIN + PAD, top + i * LINE), line, SMALL, colour, bold=bold)


def draw_board(view: ArenaView, names: Sequence[str] | None = None, *, now: float | None = None,
               aborted: bool = False, show: Show = str) -> Image.Image:
    """The board of `render_arena` as an RGB image, before encoding."""
    who = [cut_name(name, NAME_CHARS) for name in seat_names(view, names)]
    colours = tuple(sorted(seat["colour"] for seat in view["seats"]))
    fixed = modes.fixed_parts(view, show)  # its words are the board's: the cached layer is kept per language
    image = _base_layer(view["board"], colours, len(view["seats"]), is_advanced(view), fixed, base_words(show)).copy()
    d = ImageDraw.Draw(image)
    modes.draw_live(image, d, FRAME, view, fixed, show)
    _draw_header(d, view, who, now, aborted, show)
    _draw_figures(image, d, view, aborted)
    _draw_legend(image, d, view, seat_names(view, names), aborted, now, show)
    _draw_news(d, view, who, aborted, show)
    return image


def render_arena(view: Mapping[str, Any], names: Sequence[str] | None = None, *, now: float | None = None,
                 aborted: bool = False, show: Show = str) -> RenderedImage:
    """The public board for an `EyeForAnEye.view`: PNG bytes and a description that plays without
    the image.

    `names` are the seats' display names (default: the character's name); with `now` (the table's
    clock, the same as the deadlines') the clock line adds the time left. `aborted`: the game was
    ended early, so the board says so and asks nobody to act. `show` reads every word in the table's
    language (the cog's cogs/language.said_text; `str`, the default, reads English).
    """
    arena_view = as_view(view)
    image = draw_board(arena_view, names, now=now, aborted=aborted, show=show)
    return RenderedImage(png=encode_png(image, palette=PALETTE),
                         description=describe(arena_view, names, now, aborted=aborted, show=show), filename="arena.png")


def _everything(view: ArenaView) -> ArenaView:
    """`view` (a round under way) with every mark a board can carry: attacks waiting (one with
    its clock, one rolled), a figure on turn, markers, passes, one player away, one knocked out."""
    view = {**view, "seats": [seat.copy() for seat in view["seats"]], "mode": "turn_based", "phase": "turns"}
    seats = view["seats"]
    for seat in seats:
        seat["marker"], seat["passed"] = seat["seat"] + 1, seat["seat"] % 2 == 1
    seats[-1].update({"away": True})
    seats[1].update({"status": "out", "hex": None, "health": 0})
    view["turns"] = {"game_turn": 2, "markers": [s["seat"] for s in seats], "active": 0, "actions_left": 1}
    view["pending"] = [{"attacker": 0, "defender": len(seats) - 1, "action": "Spear Thrust", "hits": 2,
                        "unblockable": 1, "arc": "front", "rolled": ["A", "R", "M"], "deadline": view["deadline"]}]
    if is_advanced(view):  # Heat, both statuses, a Guard, a Ready card and a pause
        for seat in seats:
            statuses: list[StatusView] = [{"key": k, "name": k.capitalize(), "until": None, "ends": "end"}
                                          for k in STATUS_FILL]
            seat.update({"heat": 3 if holds_heat(seat) else 0,
                         "cards": [{**c, "ready": c["band"] == 1} for c in seat["cards"]],
                         "statuses": statuses[:seat["seat"] % 3]})
            if guard_slots(seat) and seat["front"]:
                seat["guards"] = [{"guard": 0, "hex": seat["front"][0], "facing": seat["facing"], "front": [],
                                   "statuses": seat["statuses"]}, *seat["guards"][1:]]
        view["paused"] = {"seat": 0, "card": "Thunderstomp"}
    return view


def _rainforest_views() -> list[ArenaView]:
    """Six players in Alliances on the Rainforest, in the advanced rules, every seat's dice on the
    Raging Current tracks (one short of filling each)."""
    game = EyeForAnEye()
    views = []
    options = {"rainforest": True, "alliances": True, "advanced": True}
    for state in palette.sample_states(game, 6, seed=6, at=(0, 40), options=options):
        for i, spaces in enumerate(state["shared"].values()):
            spaces[:-1] = [(i + j) % 6 for j in range(len(spaces) - 1)]
        views.append(as_view(game.view(state, None)))
    return views


def _mode_views() -> list[ArenaView]:
    """Four players in each mode under the advanced rules, on both boards, every mode piece on
    show: the Nymphlets, each colour's flower and its area, dice on the hill card while climbing."""
    game = EyeForAnEye()
    views: list[ArenaView] = []
    for mode in ("ceremony", "domination", "hill"):
        for rainforest in (False, True):
            options = {"advanced": True, mode: True, "rainforest": rainforest}
            views += [as_view(view) for view in palette.sample_views(game, 4, seed=4, at=(0, 40), options=options)]
    for view in views:
        shown = modes.mode_of(view)
        if "card" in shown:
            shown.update({"climbing": True, "card": {**shown["card"], "dice": [0, None, 3]}})
    flowers: list[ArenaView] = [{**view, "game_mode": {**modes.mode_of(view), "flower": colour,
                                                       "area": view["board"]["areas"][colour]["hexes"]}}
                                for view in views if modes.mode_of(view)["key"] == "domination"
                                for colour in AREA_COLOURS]
    return views + flowers


def _specimen() -> list[Image.Image]:
    """Every colour a board draws: boards of seeded matches at small and full tables, in both
    modes, core and advanced, from the start to the end, two with every mark on it, an ended one,
    Alliances on the Rainforest with its tracks, and the game modes' pieces."""
    views = [as_view(view) for players in (2, 4, 6) for turn_based in (False, True) for advanced in (False, True)
             for view in palette.sample_views(EyeForAnEye(), players, seed=players, at=(0, 9, 40),
                                              options={"turn_based": turn_based, "advanced": advanced})]
    busy = [view for view in views if view["phase"] not in ("start", "over") and view["deadline"]]
    return ([draw_board(view, now=view["deadline"] or 0.0) for view in views + _rainforest_views() + _mode_views()]
            + [draw_board(_everything(view), now=0.0) for view in busy[-1:] + [v for v in busy if is_advanced(v)][-1:]]
            + [draw_board(views[-1], aborted=True)])


PALETTE = palette.learnt("arena", _specimen)

"""Eye of the Tiger: the monster track, the player's cards and the supply, from the engine's view.

Sized for a phone (shown about 400 px wide there): a narrow canvas, and no text smaller than 12 px
or fainter than 4.5:1 at that width (tests/kit/readability.py checks every state we draw).

Top: the face-down monster pile (count), fields III / II / I (each monster's symbol, points,
power as red (5) and blue (1) cubes with the number, ability markers, light needed) and the Eye
of the Tiger where it stands. Then both piles' points, the player's defeated tiles and the
monster discard pile side by side. Below: the three revealed cards with gold, deck and status,
and the six supply stacks' top cards in their fixed colour order.

Every word, drawn or in the description, is made as engine words (`Said`, `counted`: English with its
source and values) and shown through `show`, which the cog gives in the table's language
(cogs/language.said_text); `str`, the default, reads English. The title comes in the same way.
"""
from __future__ import annotations

import functools
import math
import pickle
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.errors import Said, counted
from engine.tiger import ENDINGS, FIELDS, LIGHT_NEEDED, REVEAL, THIN_MAX, Tiger, ability_said, colour_word, symbol_word
from engine.tiger_types import CardInfo, EyeOnTrack, MonsterOnTrack, Stack, TigerView, TilePile, as_view
from engine.words import comma_list
from render import palette
from render.cache import Region, cached_layer, draw_regions
from render.canvas import draw_text, new_canvas, paste_sprite, rounded_panel, wrap_text
from render.encode import RenderedImage, encode_png
from render.greenbox import draw_symbol

WIDTH, HEIGHT = 480, 716
MARGIN = 10
SMALL = 15  # the smallest text: 15 * 400 / WIDTH = 12.5 px on a phone
LABEL = 16
LINE = 18  # distance between lines of SMALL/LABEL text

TITLE_Y = 8
TRACK_Y, TRACK_H = 42, 250
SCORE_Y, SCORE_H = TRACK_Y + TRACK_H + 8, 58
HAND_Y, HAND_H = SCORE_Y + SCORE_H + 8, 150
SUPPLY_Y = HAND_Y + HAND_H + 8
SUPPLY_TOP = 26  # the supply's cards, under its two notes

PILE_X, PILE_W = MARGIN, 66
FIELD_GAP = 6
FIELD_X0 = PILE_X + PILE_W + FIELD_GAP  # field III; then II, then I to the right
FIELD_W = (WIDTH - MARGIN - FIELD_X0 - 2 * FIELD_GAP) // 3
TILE = 64  # a monster tile on the track
MINI_TILE = 40  # the top tile of the defeated pile and of the monster discard pile

CARD_W, CARD_H = 86, 122
STATUS_X = MARGIN + 3 * CARD_W + 2 * 8 + 8
MINI_W, MINI_H = 72, 96

TILE_BG = (0x5A, 0x4A, 0x3A)  # the tiles' dark side with a white symbol
TILE_SYMBOL = (0xF5, 0xF0, 0xE6)
CARD_BG = (0xFA, 0xF6, 0xEA)
STARTER_BG = (0xC8, 0xE6, 0xB4)  # the light green background of the starting cards
INK = (0x2A, 0x2A, 0x2A)
CUBE_RED = (0xD0, 0x30, 0x30)
CUBE_BLUE = (0x30, 0x60, 0xD0)
PILE_BACK = (0xC8, 0xA8, 0x30)
EYE_GOLD = (0xE8, 0xB8, 0x30)
WIN = (0x5C, 0xC8, 0x8C)
LOSE = (0xF0, 0x80, 0x70)

Show = Callable[[str], str]  # engine words (a `Said`) as the reader reads them; `str` reads English

CUBE_COLOUR = {"no_weakness": palette.GREEN, "light": palette.WHITE, "half_attack": palette.BLACK,
               "only_match": palette.BLACK, "dim": palette.WHITE, "no_match": palette.BLACK,
               "need_match": palette.BLACK, "even_odd": CUBE_BLUE, "double": CUBE_RED}


def _field_x(index: int) -> int:
    """Left edge of the field with track index `index` (0 = I, the rightmost)."""
    return FIELD_X0 + (len(FIELDS) - 1 - index) * (FIELD_W + FIELD_GAP)


def _finished(view: TigerView, aborted: bool) -> bool:
    """Nothing is left to do: no prompt, no hint of a next move."""
    return aborted or view["over"]


def _draw_lines(d: ImageDraw.ImageDraw, text: str, xy: tuple[float, float], width: float, size: int,
                fill: Any, anchor: str = "la", bold: bool = False) -> float:
    """`text` wrapped to `width`, one line under the other from `xy`; returns the y below it."""
    x, y = xy
    for line in wrap_text(text, size, width, bold):
        draw_text(d, (x, y), line, size, fill, anchor=anchor, bold=bold)
        y += LINE
    return y


# --------------------------------------------------------------------------- symbols

def _draw_dots(d: ImageDraw.ImageDraw, n: int, cx: float, y: float, r: float, fill: Any, outline: Any = None) -> None:
    step = r * 2.6
    x0 = cx - (n - 1) * step / 2
    for i in range(n):
        x = x0 + i * step
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline)


def _draw_eye(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    d.ellipse((cx - s * 0.46, cy - s * 0.26, cx + s * 0.46, cy + s * 0.26), fill=EYE_GOLD, outline=INK, width=2)
    d.ellipse((cx - s * 0.2, cy - s * 0.2, cx + s * 0.2, cy + s * 0.2), fill=(0xB0, 0x6A, 0x10))
    d.ellipse((cx - s * 0.06, cy - s * 0.18, cx + s * 0.06, cy + s * 0.18), fill=INK)


def _cube(d: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: Any) -> None:
    colour = palette.to_rgb(fill)

    def paint(s: ImageDraw.ImageDraw, x: float, y: float) -> None:
        s.rounded_rectangle((x, y, x + size, y + size), radius=3, fill=colour, outline=(0x10, 0x10, 0x10))
    paste_sprite(d, (x, y), (math.ceil(size) + 1, math.ceil(size) + 1), ("tiger-cube", size, colour), paint)


def _draw_tile(d: ImageDraw.ImageDraw, cx: float, top: float, size: float, symbol: str | None, eye: bool,
               dots: int = 0) -> None:
    """A monster tile (or the Eye) seen from above; None draws the outline of an empty pile."""
    if symbol is None and not eye:
        d.rounded_rectangle((cx - size / 2, top, cx + size / 2, top + size), radius=6, outline=palette.GRID, width=2)
        return

    def paint(s: ImageDraw.ImageDraw, left: float, top: float) -> None:
        _paint_tile(s, left + size / 2, top, size, symbol, eye, dots)
    side = math.ceil(size) + 1
    paste_sprite(d, (cx - size / 2, top), (side, side), ("tiger-tile", size, symbol, eye, dots), paint)


def _paint_tile(d: ImageDraw.ImageDraw, cx: float, top: float, size: float, symbol: str | None, eye: bool,
                dots: int) -> None:
    box = (cx - size / 2, top, cx + size / 2, top + size)
    d.rounded_rectangle(box, radius=6, fill=TILE_BG, outline=EYE_GOLD if eye else None, width=2)
    middle = top + size * (0.44 if dots else 0.5)
    if eye:
        _draw_eye(d, cx, middle, size * 0.9)
    elif symbol is not None:
        draw_symbol(d, symbol, cx, middle, size * 0.64, TILE_SYMBOL)
    if dots:
        _draw_dots(d, dots, cx, top + size * 0.85, max(2.5, size / 22), TILE_SYMBOL)


# --------------------------------------------------------------------------- cards

def draw_card(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, info: CardInfo, show: Show = str) -> None:
    """A Green Box card: border colour, value, symbol, its white dots and its light (drawn once per
    kind of card, size and language, then pasted)."""
    light = show(Said("light {n}", n=info["light"]))
    key = ("tiger-card", w, h, info["colour"], info["starter"], info["value"], info["symbol"], info["dots"], light)
    paste_sprite(d, (x, y), (math.ceil(w) + 1, math.ceil(h) + 1), key,
                 lambda s, x, y: _paint_card(s, x, y, w, h, info, light))


def _paint_card(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, info: CardInfo, light: str) -> None:
    border = palette.GAME_COLOURS[info["colour"]]
    d.rounded_rectangle((x, y, x + w, y + h), radius=9, fill=border,
                        outline=(0x90, 0x90, 0x90) if info["colour"] in ("white", "black") else None, width=2)
    inset = max(5, round(w / 14))
    bg = STARTER_BG if info["starter"] else CARD_BG
    d.rounded_rectangle((x + inset, y + inset, x + w - inset, y + h - inset), radius=5, fill=bg)
    value_size = max(20, round(h * 0.2))
    draw_text(d, (x + inset + 5, y + inset + 1), str(info["value"]), value_size, INK, bold=True)
    size = min(w - 2 * inset, h * 0.5) * 0.7
    draw_symbol(d, info["symbol"], x + w / 2, y + h * 0.45, size, INK)
    _draw_dots(d, info["dots"], x + w / 2, y + h * 0.45 + size * 0.64, 3.5, (0xFF, 0xFF, 0xFF), outline=INK)
    draw_text(d, (x + w / 2, y + h - inset - 3), light, SMALL, INK, anchor="ms")


# --------------------------------------------------------------------------- the static layer

def _base_words(show: Show) -> tuple[str, ...]:
    """The static layer's words in the reader's language: the pile, each field's light, the supply's two notes."""
    return (show(Said("Pile")), *(show(Said("needs {n} light", n=n)) for n in LIGHT_NEEDED),
            show(Said("Supply: top cards, price = dots")), show(Said("unspent gold is lost")))


def _base_layer(words: tuple[str, ...]) -> Image.Image:
    pile, *needs, supply, unspent = words
    image = new_canvas(WIDTH, HEIGHT, mode="RGB")
    d = ImageDraw.Draw(image)
    bottom = TRACK_Y + TRACK_H
    rounded_panel(d, (PILE_X, TRACK_Y, PILE_X + PILE_W, bottom))
    draw_text(d, (PILE_X + PILE_W / 2, TRACK_Y + 8), pile, LABEL, palette.MUTED, anchor="ma")
    for index, name in enumerate(FIELDS):
        x = _field_x(index)
        rounded_panel(d, (x, TRACK_Y, x + FIELD_W, bottom))
        draw_text(d, (x + 9, TRACK_Y + 6), name, 20, palette.TEXT, bold=True)
        draw_text(d, (x + FIELD_W / 2, bottom - 8), needs[index], SMALL, palette.MUTED, anchor="ms")
    rounded_panel(d, (MARGIN, SCORE_Y, WIDTH - MARGIN, SCORE_Y + SCORE_H))
    rounded_panel(d, (STATUS_X, HAND_Y, WIDTH - MARGIN, HAND_Y + HAND_H))
    draw_text(d, (MARGIN, SUPPLY_Y), supply, LABEL, palette.MUTED)
    draw_text(d, (WIDTH - MARGIN, SUPPLY_Y + 1), unspent, SMALL, palette.MUTED, anchor="ra")
    return image


# --------------------------------------------------------------------------- drawing the view

def _draw_title(d: ImageDraw.ImageDraw, view: TigerView, aborted: bool, show: Show, title: str) -> None:
    where = show(Said("ended early") if aborted else Said("turn {n}", n=view["turn"]))
    draw_text(d, (MARGIN, TITLE_Y), f"{title} · {where}", 22, palette.TEXT, bold=True)
    if view["advanced"]:
        draw_text(d, (WIDTH - MARGIN, TITLE_Y + 5), show(Said("advanced")), LABEL, palette.HIGHLIGHT, anchor="ra")


def _draw_pile(d: ImageDraw.ImageDraw, view: TigerView, show: Show) -> None:
    cx = PILE_X + PILE_W / 2
    count = view["pile"]
    top = TRACK_Y + 38
    shown = min(4, count)
    if shown:
        paste_sprite(d, (cx - 22, top), (44 + 3 * (shown - 1) + 1, 44 + 3 * (shown - 1) + 1), ("tiger-pile", shown),
                     lambda s, x, y: _paint_pile(s, x, y, shown))
    if count == 0:
        d.rounded_rectangle((cx - 22, top, cx + 22, top + 44), radius=5, outline=palette.GRID, width=2)
    draw_text(d, (cx, top + 64), str(count), 26, palette.TEXT, anchor="ma", bold=True)
    draw_text(d, (cx, top + 96), show(counted("tile", "tiles", count)), SMALL, palette.MUTED, anchor="ma")
    if view["eye"]["where"] == "pile":
        draw_text(d, (cx, top + 126), show(Said("Eye")), SMALL, EYE_GOLD, anchor="ma", bold=True)
        draw_text(d, (cx, top + 126 + LINE), show(Said("inside")), SMALL, EYE_GOLD, anchor="ma", bold=True)


def _paint_pile(d: ImageDraw.ImageDraw, left: float, top: float, shown: int) -> None:
    """`shown` tiles of the pile, face down, each 3 px below and right of the one above it."""
    for k in range(shown - 1, -1, -1):
        off = k * 3
        d.rounded_rectangle((left + off, top + off, left + 44 + off, top + 44 + off), radius=5,
                            fill=PILE_BACK, outline=(0x60, 0x50, 0x20), width=2)


def _draw_eye_field(d: ImageDraw.ImageDraw, x: float, entry: EyeOnTrack, finished: bool, show: Show) -> None:
    cx = x + FIELD_W / 2
    tile_top = TRACK_Y + 34
    _draw_tile(d, cx, tile_top, TILE, None, True, entry["dots"])
    y = tile_top + TILE + 8
    draw_text(d, (cx, y), show(Said("EYE OF THE")), LABEL, EYE_GOLD, anchor="ma", bold=True)  # two lines
    draw_text(d, (cx, y + LINE + 1), show(Said("TIGER")), LABEL, EYE_GOLD, anchor="ma", bold=True)
    if not finished:
        _draw_lines(d, show(Said("beat the monster to its right")), (cx, y + 2 * LINE + 10), FIELD_W - 12, SMALL,
                    palette.MUTED, anchor="ma")


def _rolled(entry: MonsterOnTrack) -> bool:
    """Two dice give at least 2: power 0 is a monster the game ended on before its roll."""
    return entry["power"] > 0


def _draw_power(d: ImageDraw.ImageDraw, x: float, y: float, entry: MonsterOnTrack, show: Show) -> None:
    """Power as red (5) and blue (1) cubes, and the number."""
    if not _rolled(entry):
        draw_text(d, (x + FIELD_W / 2, y + 6), show(Said("not rolled")), SMALL, palette.MUTED, anchor="ma")
        return
    cubes = [CUBE_RED] * entry["red"] + [CUBE_BLUE] * entry["blue"]
    size, gap, per_row = 11, 3, 5
    for k, colour in enumerate(cubes):
        col, row = k % per_row, k // per_row
        _cube(d, x + 8 + col * (size + gap), y + 4 + row * (size + gap), size, colour)
    draw_text(d, (x + FIELD_W - 8, y - 2), str(entry["power"]), 26, palette.TEXT, anchor="ra", bold=True)
    draw_text(d, (x + FIELD_W - 8, y + 26), show(Said("power")), SMALL, palette.MUTED, anchor="ra")


def _draw_abilities(d: ImageDraw.ImageDraw, x: float, y: float, entry: MonsterOnTrack, show: Show) -> None:
    """Each ability: its marker cube (the colour cube for the colour abilities) and its few words."""
    for ability in entry["abilities"]:
        colour = entry["colour"] if ability["key"] in ("colour_removed", "colour_needed") else None
        fill = CUBE_COLOUR.get(ability["key"], palette.WHITE) if colour is None else palette.GAME_COLOURS[colour]
        _cube(d, x + 8, y + 2, 12, fill)
        short = show(ability_said(ability["key"], entry["colour"], entry["symbol"], short=True))
        y = _draw_lines(d, short, (x + 25, y), FIELD_W - 31, SMALL, palette.TEXT)


def _draw_field(d: ImageDraw.ImageDraw, view: TigerView, index: int, finished: bool, show: Show) -> None:
    x = _field_x(index)
    entry = view["track"][index]
    cx = x + FIELD_W / 2
    bottom = TRACK_Y + TRACK_H
    if index == 0 and view["bonus"]["field_one"]:
        draw_text(d, (x + FIELD_W - 8, TRACK_Y + 9), show(Said("+{n} power", n=view["bonus"]["field_one"])), SMALL, LOSE,
                  anchor="ra")
    if entry is None:
        draw_text(d, (cx, TRACK_Y + TRACK_H / 2), show(Said("empty")), LABEL, palette.MUTED, anchor="mm")
        return
    if entry["eye"]:
        _draw_eye_field(d, x, entry, finished, show)
        return
    hint = entry["beside_eye"] and not finished
    if hint:
        d.rounded_rectangle((x, TRACK_Y, x + FIELD_W, bottom), radius=12, outline=palette.HIGHLIGHT, width=3)
    tile_top = TRACK_Y + 32
    _draw_tile(d, cx, tile_top, TILE, entry["symbol"], False, entry["dots"])
    y = tile_top + TILE + 4
    draw_text(d, (cx, y), show(counted("{symbol} · {n} pt", "{symbol} · {n} pts", entry["dots"],
                                        symbol=symbol_word(entry["symbol"]))), SMALL, palette.MUTED, anchor="ma")
    _draw_power(d, x, y + 24, entry, show)
    _draw_abilities(d, x, y + 66, entry, show)
    if hint:
        draw_text(d, (cx, bottom - 10 - LINE), show(Said("win the Eye!")), SMALL, palette.HIGHLIGHT, anchor="ms", bold=True)


def _draw_pile_total(d: ImageDraw.ImageDraw, pile: TilePile, label: Said, colour: Any, right: bool, show: Show) -> None:
    """One side of the score band: the pile's top tile, its name, tile count and points."""
    tile_cx = WIDTH - MARGIN - 8 - MINI_TILE / 2 if right else MARGIN + 8 + MINI_TILE / 2
    top = SCORE_Y + (SCORE_H - MINI_TILE) / 2
    symbol = pile["tiles"][-1] if pile["tiles"] else None
    _draw_tile(d, tile_cx, top, MINI_TILE, symbol, pile["eye"])  # the Eye is the last tile of its pile
    text_x = tile_cx + (-1 if right else 1) * (MINI_TILE / 2 + 8)
    anchor = "r" if right else "l"
    tiles = counted("{pile} ({n} tile)", "{pile} ({n} tiles)", len(pile["tiles"]), pile=label)
    draw_text(d, (text_x, SCORE_Y + 8), show(tiles), SMALL, palette.MUTED, anchor=anchor + "a")
    draw_text(d, (text_x, SCORE_Y + 28), show(counted("{n} point", "{n} points", pile["points"])), 20, colour,
              anchor=anchor + "a", bold=True)


def _draw_score(d: ImageDraw.ImageDraw, view: TigerView, show: Show) -> None:
    _draw_pile_total(d, view["defeated"], Said("Defeated"), WIN, right=False, show=show)
    _draw_pile_total(d, view["monster_discard"], Said("Monster discard"), LOSE, right=True, show=show)
    diff = view["defeated"]["points"] - view["monster_discard"]["points"]
    text = (Said("you lead by {n}", n=diff) if diff > 0 else Said("level") if diff == 0
            else Said("behind by {n}", n=-diff))
    draw_text(d, (WIDTH / 2, SCORE_Y + 38), show(text), SMALL, palette.MUTED, anchor="mm")


def _status_head(view: TigerView, aborted: bool) -> list[tuple[Said, Any]]:
    """What happens now: the prompt while the game goes on, else how it ended."""
    if aborted:
        return [(Said("Game aborted:"), palette.TEXT), (Said("ended early on turn {n}", n=view["turn"]), palette.MUTED)]
    if view["over"]:
        return [(Said("Game over: you WIN!"), WIN) if view["won"] else (Said("Game over: you lose"), LOSE)]
    if view["phase"] == "thin":
        return [(Said("Deck used up: remove"), palette.HIGHLIGHT),
                (Said("up to {n} cards, shuffle", n=THIN_MAX), palette.HIGHLIGHT)]
    return [(Said("First turn: buy a card") if view["first_turn"] else Said("Your turn: buy or fight"),
             palette.HIGHLIGHT)]


def _status_lines(view: TigerView, finished: bool) -> list[tuple[Said, Any]]:
    """Gold, the player's cards and what this reveal allows."""
    lines = [(counted("{gold} from cards, {n} cube", "{gold} from cards, {n} cubes", view["gold"],
                      gold=view["card_gold"]), EYE_GOLD),
             (Said("Deck {deck} · discard {discard}", deck=view["deck"], discard=view["discard"]), palette.TEXT),
             (Said("Out of the game: {n}", n=len(view["removed"])), palette.MUTED)]
    if not finished and view["colour_bonus"]:
        lines.append((Said("3 {colour}: 1 free card", colour=colour_word(view["colour_bonus"])), palette.TEXT))
    if not finished and view["double_buy"]:
        lines.append((Said("3 alike: buy up to 2"), palette.TEXT))
    bonus = view["bonus"]
    kept = [Said("+{n} light", n=bonus["light"]) if bonus["light"] else None,
            Said("+{n} attack", n=bonus["attack"]) if bonus["attack"] else None]
    if any(kept):
        lines.append((Said("Kept: {bonuses}", bonuses=comma_list([k for k in kept if k])), palette.TEXT))
    return lines


def _hand_regions(view: TigerView, show: Show) -> list[Region]:
    """The three revealed cards, a card at a time: a reveal turns over three cards, but each is one of a
    few dozen kinds, shown many times before. Each card's box reaches halfway to its neighbours'."""
    edges = [0, *(MARGIN + k * (CARD_W + 8) - 4 for k in range(1, REVEAL)), STATUS_X]
    revealed: list[CardInfo | None] = [*view["revealed"], *[None] * (REVEAL - len(view["revealed"]))]
    return [Region((edges[k], HAND_Y, edges[k + 1], SUPPLY_Y + SUPPLY_TOP), (_frozen(info), show),
                   functools.partial(_draw_revealed, k=k, info=info, show=show))
            for k, info in enumerate(revealed)]


def _draw_revealed(image: Image.Image, d: ImageDraw.ImageDraw, *, k: int, info: CardInfo | None, show: Show) -> None:
    """Revealed card `k` with its colour named (an outline when fewer were revealed)."""
    x, y = MARGIN + k * (CARD_W + 8), HAND_Y + 4
    if info is None:
        d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=9, outline=palette.GRID, width=2)
        return
    draw_card(d, x, y, CARD_W, CARD_H, info, show)
    draw_text(d, (x + CARD_W / 2, y + CARD_H + 4), show(colour_word(info["colour"])), SMALL, palette.MUTED, anchor="ma")


def _draw_status(d: ImageDraw.ImageDraw, view: TigerView, aborted: bool, show: Show) -> None:
    x, width = STATUS_X + 9, WIDTH - MARGIN - STATUS_X - 18
    y: float = HAND_Y + 8
    for text, colour in _status_head(view, aborted):
        y = _draw_lines(d, show(text), (x, y), width, SMALL, colour, bold=True)
    draw_text(d, (x, y + 2), show(Said("Gold {n}", n=view["gold_available"])), 20, EYE_GOLD, bold=True)
    y += 26
    for text, colour in _status_lines(view, _finished(view, aborted)):
        y = _draw_lines(d, show(text), (x, y), width, SMALL, colour)


SUPPLY_STEP = (WIDTH - 2 * MARGIN - MINI_W) / 5  # six stacks, from margin to margin


def _supply_regions(view: TigerView, finished: bool, show: Show) -> list[Region]:
    """The supply, a stack at a time (a buy changes one stack; the gold, which stacks are affordable):
    each stack's box reaches halfway to its neighbours', the first and last to the board's edges."""
    stacks = view["supply"]
    edges = [0, *(round(MARGIN + k * SUPPLY_STEP - (SUPPLY_STEP - MINI_W) / 2) for k in range(1, len(stacks))), WIDTH]
    return [_stack_region(k, stack, (edges[k], SUPPLY_Y + SUPPLY_TOP, edges[k + 1], HEIGHT),
                          stack["top"] is not None and stack["top"]["price"] <= view["gold_available"] and not finished,
                          show)
            for k, stack in enumerate(stacks)]


def _stack_region(k: int, stack: Stack, box: tuple[int, int, int, int], affordable: bool, show: Show) -> Region:
    return Region(box, (_frozen(stack), affordable, show), lambda image, d: _draw_stack(d, k, stack, affordable, show))


def _draw_stack(d: ImageDraw.ImageDraw, k: int, stack: Stack, affordable: bool, show: Show) -> None:
    x = MARGIN + k * SUPPLY_STEP
    y = SUPPLY_Y + SUPPLY_TOP
    cx = x + MINI_W / 2
    top = stack["top"]
    if top is None:
        d.rounded_rectangle((x, y, x + MINI_W, y + MINI_H), radius=9, outline=palette.GRID, width=2)
        draw_text(d, (cx, y + MINI_H / 2), show(Said("empty")), SMALL, palette.MUTED, anchor="mm")
    else:
        draw_card(d, x, y, MINI_W, MINI_H, top, show)
        draw_text(d, (cx, y + MINI_H + 4), show(Said("{n} gold", n=top["price"])), LABEL,
                  palette.HIGHLIGHT if affordable else palette.TEXT, anchor="ma", bold=affordable)
    draw_text(d, (cx, y + MINI_H + 4 + LINE + 1), show(colour_word(stack["colour"])), SMALL, palette.MUTED,
              anchor="ma")
    draw_text(d, (cx, y + MINI_H + 4 + 2 * LINE + 1), show(Said("{n} left", n=stack["count"])), SMALL,
              palette.MUTED, anchor="ma")


# --------------------------------------------------------------------------- description

# The description is made a part at a time, each part kept as the reader reads it (`_said`): from one
# move to the next most parts read as they did (the pile, the fields, the supply), and making and
# translating their words anew was most of the description's time.
@functools.lru_cache(maxsize=8192)
def _said(show: Show, words: Callable[..., Said], *key: Hashable) -> str:
    """`words(*key)` as `show` reads them."""
    return show(words(*key))


def _headline(title: str, aborted: bool, turn: int, advanced: bool, over: bool, won: bool, end_reason: str | None,
              thinning: bool, first_turn: bool) -> Said:
    """What the game is doing now, or how it ended; a prompt only while it goes on."""
    head = (Said("{game}, turn {n} (advanced).", game=title, n=turn) if advanced
            else Said("{game}, turn {n}.", game=title, n=turn))
    if aborted:
        now = Said("The game was aborted: it ended early and no result is recorded.")
    elif over:
        reason = ENDINGS.get(end_reason or "", end_reason or "")
        now = (Said("Game over ({reason}): you win.", reason=reason) if won
               else Said("Game over ({reason}): you lose.", reason=reason))
    elif thinning:
        now = Said("Your deck is used up: remove up to {n} discard cards, then shuffle.", n=THIN_MAX)
    else:
        now = Said("First turn: buy.") if first_turn else Said("Buy or fight.")
    return Said("{head} {now}", head=head, now=now)


def _pile_words(count: int, eye_inside: bool) -> Said:
    return (counted("Pile: {n} tile (the Eye is inside).", "Pile: {n} tiles (the Eye is inside).", count) if eye_inside
            else counted("Pile: {n} tile.", "Pile: {n} tiles.", count))


def _field_words(index: int, frozen_entry: bytes, finished: bool) -> Said:
    """Field `index` and what stands on it (`frozen_entry`: its entry of the track, `_frozen`)."""
    entry = pickle.loads(frozen_entry)[0]
    name = Said("Field {field} ({n} light)", field=FIELDS[index], n=LIGHT_NEEDED[index])
    if entry is None:
        return Said("{field}: empty.", field=name)
    if entry["eye"]:
        return Said("{field}: the Eye of the Tiger.", field=name)
    power = Said("power {n}", n=entry["power"]) if _rolled(entry) else Said("power not rolled")
    text = Said("{field}: {symbol} {n}pt, {power}", field=name, symbol=symbol_word(entry["symbol"]),
                n=entry["dots"], power=power)
    for ability in entry["abilities"]:
        text = Said("{text}; {more}", text=text, more=ability_said(ability["key"], entry["colour"], entry["symbol"]))
    if entry["beside_eye"] and not finished:
        text = Said("{text}; beside the Eye: beat it to win the Eye", text=text)
    return Said("{text}.", text=text)


def _points_words(mine: int, theirs: int) -> Said:
    return Said("Defeated {mine} vs monster discard {theirs}.", mine=counted("{n} point", "{n} points", mine),
                theirs=counted("{n} point", "{n} points", theirs))


def _cards_words(cards: tuple[tuple[str, str, int, int], ...]) -> Said:
    """The revealed cards, each as (colour, symbol, value, light)."""
    if not cards:
        return Said("No cards revealed.")
    # made outside the call of the Said that lists them: pybabel extract misses a Said inside another's call
    listed = [Said("{colour} {symbol} {value} (light {light})", colour=colour_word(colour), symbol=symbol_word(symbol),
                   value=value, light=light) for colour, symbol, value, light in cards]
    return Said("Cards: {cards}.", cards=comma_list(listed))


def _gold_words(cubes: int, gold: int, from_cards: int, deck: int, discard: int, removed: int, finished: bool) -> Said:
    said = counted("Gold {gold} ({cards} from cards, {n} cube)", "Gold {gold} ({cards} from cards, {n} cubes)",
                   cubes, gold=gold, cards=from_cards)
    piles = {"deck": deck, "discard": discard, "removed": removed}
    return (Said("{gold}. Deck {deck}, discard {discard}, removed {removed}.", gold=said, **piles) if finished
            else Said("{gold}; gold not spent at the buy is lost. Deck {deck}, discard {discard}, removed {removed}.",
                      gold=said, **piles))


def _bonus_words(light: int, attack: int, field_one: int) -> Said:
    return Said("Bonuses: light +{light}, attack +{attack}, field I power +{field_one}.", light=light, attack=attack,
                field_one=field_one)


def _supply_words(stacks: tuple[tuple[str, tuple[str, int, int] | None], ...]) -> Said:
    """The supply's stacks, each as (colour, its top card's (symbol, value, price) or None when empty)."""
    listed = [Said("{colour} {symbol} {value} for {price}", colour=colour_word(colour), symbol=symbol_word(top[0]),
                   value=top[1], price=top[2]) if top else Said("{colour} empty", colour=colour_word(colour))
              for colour, top in stacks]
    return Said("Supply: {stacks}.", stacks=comma_list(listed))


def describe(view: TigerView, *, aborted: bool = False, show: Show = str, title: str = Tiger.title) -> str:
    """The whole picture in words, so the game is playable without seeing it; `show` puts them in the
    reader's language, `title` is the game's name in it."""
    finished = _finished(view, aborted)
    parts = [_said(show, _headline, title, aborted, view["turn"], view["advanced"], view["over"], view["won"],
                   view["end_reason"], view["phase"] == "thin", view["first_turn"]),
             _said(show, _pile_words, view["pile"], view["eye"]["where"] == "pile")]
    parts += (_said(show, _field_words, index, _frozen(view["track"][index]), finished)
              for index in reversed(range(len(FIELDS))))  # III, II, I: the way the monsters come
    parts.append(_said(show, _points_words, view["defeated"]["points"], view["monster_discard"]["points"]))
    parts.append(_said(show, _cards_words, tuple((card["colour"], card["symbol"], card["value"], card["light"])
                                                 for card in view["revealed"])))
    parts.append(_said(show, _gold_words, view["gold"], view["gold_available"], view["card_gold"], view["deck"],
                       view["discard"], len(view["removed"]), finished))
    bonus = view["bonus"]
    if any(bonus.values()):
        parts.append(_said(show, _bonus_words, bonus["light"], bonus["attack"], bonus["field_one"]))
    parts.append(_said(show, _supply_words, tuple(
        (stack["colour"], None if stack["top"] is None else
         (stack["top"]["symbol"], stack["top"]["value"], stack["top"]["price"])) for stack in view["supply"])))
    return " ".join(parts)


def render_tiger(view: Mapping[str, Any], *, aborted: bool = False, show: Show = str,
                 title: str = Tiger.title) -> RenderedImage:
    """The board image of an Eye of the Tiger view (engine.tiger.Tiger.view) with its description.

    `aborted`: the game was ended early; the board says so and shows no prompt or turn marker.
    `show` and `title`: the words in the reader's language (English by default).
    """
    return RenderedImage(encode_png(draw_board(view, aborted=aborted, show=show, title=title), palette=PALETTE),
                         describe(as_view(view), aborted=aborted, show=show, title=title), filename="tiger.png")


def draw_board(tiger_view: Mapping[str, Any], *, aborted: bool = False, show: Show = str,
               title: str = Tiger.title) -> Image.Image:
    """The board of `render_tiger` before encoding: in RGB, or inside a table's frames its palette indices
    with only the parts whose view changed put in again (render.cache.draw_regions)."""
    view = as_view(tiger_view)
    finished = _finished(view, aborted)
    words = _base_words(show)  # one static layer per language
    base = cached_layer(("tiger", "base", WIDTH, HEIGHT, words), lambda: _base_layer(words))
    return draw_regions(base, [
        Region((0, 0, WIDTH, TRACK_Y), (title, aborted, view["turn"], view["advanced"], show),
               lambda image, d: _draw_title(d, view, aborted, show, title)),
        Region((0, TRACK_Y, FIELD_X0 - FIELD_GAP // 2, SCORE_Y), (view["pile"], view["eye"]["where"], show),
               lambda image, d: _draw_pile(d, view, show)),
        *(_field_region(view, index, finished, show) for index in range(len(FIELDS))),
        Region((0, SCORE_Y, WIDTH, HAND_Y), (_frozen(view["defeated"], view["monster_discard"]), show),
               lambda image, d: _draw_score(d, view, show)),
        *_hand_regions(view, show),
        # the status reads most of the view, and changes on every action: keyed on all of it
        Region((STATUS_X, HAND_Y, WIDTH, SUPPLY_Y + SUPPLY_TOP), (aborted, _frozen(view), show),
               lambda image, d: _draw_status(d, view, aborted, show)),
        *_supply_regions(view, finished, show)], palette.known("tiger"))


# A region's key is the view's part it shows, frozen, and `show` itself: the same function shows the same
# words (cogs/language.shown_in gives one per language; a new one each time only means drawing afresh).
def _frozen(*parts: Any) -> bytes:
    """View data as bytes: equal bytes, equal data (engine words pickle as their source and values)."""
    return pickle.dumps(parts, pickle.HIGHEST_PROTOCOL)


def _field_region(view: TigerView, index: int, finished: bool, show: Show) -> Region:
    x = _field_x(index)
    bonus = view["bonus"]["field_one"] if index == 0 else 0
    return Region((x - FIELD_GAP // 2, TRACK_Y, x + FIELD_W + FIELD_GAP // 2, SCORE_Y),
                  (_frozen(view["track"][index]), bonus, finished, show),
                  lambda image, d: _draw_field(d, view, index, finished, show))


def _specimen() -> list[Image.Image]:
    """Every colour a board draws: boards of seeded games, basic and advanced, from the first
    turn to the end (every card colour, monsters, the Eye), and an ended one."""
    views = [view for seed, advanced in ((1, False), (2, True), (3, True))
             for view in palette.sample_views(Tiger(), 1, seed=seed, at=(0, 9, 30, 60),
                                              options={"advanced": advanced})]
    return [draw_board(view) for view in views] + [draw_board(views[-1], aborted=True)]


PALETTE = palette.learnt("tiger", _specimen)

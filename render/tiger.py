"""Eye of the Tiger: the monster track, the player's cards and the supply, from the engine's view.

Sized for a phone (shown about 400 px wide there): a narrow canvas, and no text smaller than 12 px
or fainter than 4.5:1 at that width (tests/kit/readability.py checks every state we draw).

Top: the face-down monster pile (count), fields III / II / I (each monster's symbol, points,
power as red (5) and blue (1) cubes with the number, ability markers, light needed) and the Eye
of the Tiger where it stands. Then both piles' points, the player's defeated tiles and the
monster discard pile side by side. Below: the three revealed cards with gold, deck and status,
and the six supply stacks' top cards in their fixed colour order.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from engine.tiger import FIELDS, LIGHT_NEEDED, REVEAL, THIN_MAX, Tiger
from engine.tiger_types import CardInfo, EyeOnTrack, MonsterOnTrack, TigerView, TilePile, as_view
from engine.words import plural
from render import palette
from render.cache import cached_layer
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

def draw_card(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, info: CardInfo) -> None:
    """A Green Box card: border colour, value, symbol, its white dots and its light (drawn once per
    kind of card and size, then pasted)."""
    key = ("tiger-card", w, h, info["colour"], info["starter"], info["value"], info["symbol"], info["dots"],
           info["light"])
    paste_sprite(d, (x, y), (math.ceil(w) + 1, math.ceil(h) + 1), key,
                 lambda s, x, y: _paint_card(s, x, y, w, h, info))


def _paint_card(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, info: CardInfo) -> None:
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
    draw_text(d, (x + w / 2, y + h - inset - 3), f"light {info['light']}", SMALL, INK, anchor="ms")


# --------------------------------------------------------------------------- the static layer

def _base_layer() -> Image.Image:
    image = new_canvas(WIDTH, HEIGHT, mode="RGB")
    d = ImageDraw.Draw(image)
    bottom = TRACK_Y + TRACK_H
    rounded_panel(d, (PILE_X, TRACK_Y, PILE_X + PILE_W, bottom))
    draw_text(d, (PILE_X + PILE_W / 2, TRACK_Y + 8), "Pile", LABEL, palette.MUTED, anchor="ma")
    for index, name in enumerate(FIELDS):
        x = _field_x(index)
        rounded_panel(d, (x, TRACK_Y, x + FIELD_W, bottom))
        draw_text(d, (x + 9, TRACK_Y + 6), name, 20, palette.TEXT, bold=True)
        draw_text(d, (x + FIELD_W / 2, bottom - 8), f"needs {LIGHT_NEEDED[index]} light", SMALL, palette.MUTED,
                  anchor="ms")
    rounded_panel(d, (MARGIN, SCORE_Y, WIDTH - MARGIN, SCORE_Y + SCORE_H))
    rounded_panel(d, (STATUS_X, HAND_Y, WIDTH - MARGIN, HAND_Y + HAND_H))
    draw_text(d, (MARGIN, SUPPLY_Y), "Supply: top cards, price = dots", LABEL, palette.MUTED)
    draw_text(d, (WIDTH - MARGIN, SUPPLY_Y + 1), "unspent gold is lost", SMALL, palette.MUTED, anchor="ra")
    return image


# --------------------------------------------------------------------------- drawing the view

def _draw_title(d: ImageDraw.ImageDraw, view: TigerView, aborted: bool) -> None:
    where = "ended early" if aborted else f"turn {view['turn']}"
    draw_text(d, (MARGIN, TITLE_Y), f"Eye of the Tiger · {where}", 22, palette.TEXT, bold=True)
    if view["advanced"]:
        draw_text(d, (WIDTH - MARGIN, TITLE_Y + 5), "advanced", LABEL, palette.HIGHLIGHT, anchor="ra")


def _draw_pile(d: ImageDraw.ImageDraw, view: TigerView) -> None:
    cx = PILE_X + PILE_W / 2
    count = view["pile"]
    top = TRACK_Y + 38
    for k in range(min(4, count) - 1, -1, -1):
        off = k * 3
        d.rounded_rectangle((cx - 22 + off, top + off, cx + 22 + off, top + 44 + off), radius=5,
                            fill=PILE_BACK, outline=(0x60, 0x50, 0x20), width=2)
    if count == 0:
        d.rounded_rectangle((cx - 22, top, cx + 22, top + 44), radius=5, outline=palette.GRID, width=2)
    draw_text(d, (cx, top + 64), str(count), 26, palette.TEXT, anchor="ma", bold=True)
    draw_text(d, (cx, top + 96), "tile" if count == 1 else "tiles", SMALL, palette.MUTED, anchor="ma")
    if view["eye"]["where"] == "pile":
        draw_text(d, (cx, top + 126), "Eye", SMALL, EYE_GOLD, anchor="ma", bold=True)
        draw_text(d, (cx, top + 126 + LINE), "inside", SMALL, EYE_GOLD, anchor="ma", bold=True)


def _draw_eye_field(d: ImageDraw.ImageDraw, x: float, entry: EyeOnTrack, finished: bool) -> None:
    cx = x + FIELD_W / 2
    tile_top = TRACK_Y + 34
    _draw_tile(d, cx, tile_top, TILE, None, True, entry["dots"])
    y = tile_top + TILE + 8
    draw_text(d, (cx, y), "EYE OF THE", LABEL, EYE_GOLD, anchor="ma", bold=True)
    draw_text(d, (cx, y + LINE + 1), "TIGER", LABEL, EYE_GOLD, anchor="ma", bold=True)
    if not finished:
        _draw_lines(d, "beat the monster to its right", (cx, y + 2 * LINE + 10), FIELD_W - 12, SMALL,
                    palette.MUTED, anchor="ma")


def _rolled(entry: MonsterOnTrack) -> bool:
    """Two dice give at least 2: power 0 is a monster the game ended on before its roll."""
    return entry["power"] > 0


def _draw_power(d: ImageDraw.ImageDraw, x: float, y: float, entry: MonsterOnTrack) -> None:
    """Power as red (5) and blue (1) cubes, and the number."""
    if not _rolled(entry):
        draw_text(d, (x + FIELD_W / 2, y + 6), "not rolled", SMALL, palette.MUTED, anchor="ma")
        return
    cubes = [CUBE_RED] * entry["red"] + [CUBE_BLUE] * entry["blue"]
    size, gap, per_row = 11, 3, 5
    for k, colour in enumerate(cubes):
        col, row = k % per_row, k // per_row
        _cube(d, x + 8 + col * (size + gap), y + 4 + row * (size + gap), size, colour)
    draw_text(d, (x + FIELD_W - 8, y - 2), str(entry["power"]), 26, palette.TEXT, anchor="ra", bold=True)
    draw_text(d, (x + FIELD_W - 8, y + 26), "power", SMALL, palette.MUTED, anchor="ra")


def _draw_abilities(d: ImageDraw.ImageDraw, x: float, y: float, entry: MonsterOnTrack) -> None:
    """Each ability: its marker cube (the colour cube for the colour abilities) and its few words."""
    for ability in entry["abilities"]:
        colour = entry["colour"] if ability["key"] in ("colour_removed", "colour_needed") else None
        fill = CUBE_COLOUR.get(ability["key"], palette.WHITE) if colour is None else palette.GAME_COLOURS[colour]
        _cube(d, x + 8, y + 2, 12, fill)
        y = _draw_lines(d, ability["short"], (x + 25, y), FIELD_W - 31, SMALL, palette.TEXT)


def _draw_field(d: ImageDraw.ImageDraw, view: TigerView, index: int, finished: bool) -> None:
    x = _field_x(index)
    entry = view["track"][index]
    cx = x + FIELD_W / 2
    bottom = TRACK_Y + TRACK_H
    if index == 0 and view["bonus"]["field_one"]:
        draw_text(d, (x + FIELD_W - 8, TRACK_Y + 9), f"+{view['bonus']['field_one']} power", SMALL, LOSE, anchor="ra")
    if entry is None:
        draw_text(d, (cx, TRACK_Y + TRACK_H / 2), "empty", LABEL, palette.MUTED, anchor="mm")
        return
    if entry["eye"]:
        _draw_eye_field(d, x, entry, finished)
        return
    hint = entry["beside_eye"] and not finished
    if hint:
        d.rounded_rectangle((x, TRACK_Y, x + FIELD_W, bottom), radius=12, outline=palette.HIGHLIGHT, width=3)
    tile_top = TRACK_Y + 32
    _draw_tile(d, cx, tile_top, TILE, entry["symbol"], False, entry["dots"])
    y = tile_top + TILE + 4
    draw_text(d, (cx, y), f"{entry['symbol']} · {plural(entry['dots'], 'pt')}", SMALL, palette.MUTED, anchor="ma")
    _draw_power(d, x, y + 24, entry)
    _draw_abilities(d, x, y + 66, entry)
    if hint:
        draw_text(d, (cx, bottom - 10 - LINE), "win the Eye!", SMALL, palette.HIGHLIGHT, anchor="ms", bold=True)


def _draw_pile_total(d: ImageDraw.ImageDraw, pile: TilePile, label: str, colour: Any, right: bool) -> None:
    """One side of the score band: the pile's top tile, its name, tile count and points."""
    tile_cx = WIDTH - MARGIN - 8 - MINI_TILE / 2 if right else MARGIN + 8 + MINI_TILE / 2
    top = SCORE_Y + (SCORE_H - MINI_TILE) / 2
    symbol = pile["tiles"][-1] if pile["tiles"] else None
    _draw_tile(d, tile_cx, top, MINI_TILE, symbol, pile["eye"])  # the Eye is the last tile of its pile
    text_x = tile_cx + (-1 if right else 1) * (MINI_TILE / 2 + 8)
    anchor = "r" if right else "l"
    draw_text(d, (text_x, SCORE_Y + 8), f"{label} ({plural(len(pile['tiles']), 'tile')})", SMALL,
              palette.MUTED, anchor=anchor + "a")
    draw_text(d, (text_x, SCORE_Y + 28), plural(pile["points"], "point"), 20, colour, anchor=anchor + "a", bold=True)


def _draw_score(d: ImageDraw.ImageDraw, view: TigerView) -> None:
    _draw_pile_total(d, view["defeated"], "Defeated", WIN, right=False)
    _draw_pile_total(d, view["monster_discard"], "Monster discard", LOSE, right=True)
    diff = view["defeated"]["points"] - view["monster_discard"]["points"]
    text = f"you lead by {diff}" if diff > 0 else "level" if diff == 0 else f"behind by {-diff}"
    draw_text(d, (WIDTH / 2, SCORE_Y + 38), text, SMALL, palette.MUTED, anchor="mm")


def _status_head(view: TigerView, aborted: bool) -> list[tuple[str, Any]]:
    """What happens now: the prompt while the game goes on, else how it ended."""
    if aborted:
        return [("Game aborted:", palette.TEXT), (f"ended early on turn {view['turn']}", palette.MUTED)]
    if view["over"]:
        return [("Game over: you WIN!", WIN) if view["won"] else ("Game over: you lose", LOSE)]
    if view["phase"] == "thin":
        return [("Deck used up: remove", palette.HIGHLIGHT), (f"up to {THIN_MAX} cards, shuffle", palette.HIGHLIGHT)]
    return [("First turn: buy a card" if view["first_turn"] else "Your turn: buy or fight", palette.HIGHLIGHT)]


def _status_lines(view: TigerView, finished: bool) -> list[tuple[str, Any]]:
    """Gold, the player's cards and what this reveal allows."""
    lines = [(f"{view['card_gold']} from cards, {plural(view['gold'], 'cube')}", EYE_GOLD),
             (f"Deck {view['deck']} · discard {view['discard']}", palette.TEXT),
             (f"Out of the game: {len(view['removed'])}", palette.MUTED)]
    if not finished and view["colour_bonus"]:
        lines.append((f"3 {view['colour_bonus']}: 1 free card", palette.TEXT))
    if not finished and view["double_buy"]:
        lines.append(("3 alike: buy up to 2", palette.TEXT))
    bonus = view["bonus"]
    kept = [f"+{bonus['light']} light" if bonus["light"] else "", f"+{bonus['attack']} attack" if bonus["attack"] else ""]
    if any(kept):
        lines.append(("Kept: " + ", ".join(k for k in kept if k), palette.TEXT))
    return lines


def _draw_hand(d: ImageDraw.ImageDraw, view: TigerView) -> None:
    """The three revealed cards (outlines for cards not revealed), each with its colour named."""
    y = HAND_Y + 4
    for k in range(REVEAL):
        x = MARGIN + k * (CARD_W + 8)
        if k < len(view["revealed"]):
            info = view["revealed"][k]
            draw_card(d, x, y, CARD_W, CARD_H, info)
            draw_text(d, (x + CARD_W / 2, y + CARD_H + 4), info["colour"], SMALL, palette.MUTED, anchor="ma")
        else:
            d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=9, outline=palette.GRID, width=2)


def _draw_status(d: ImageDraw.ImageDraw, view: TigerView, aborted: bool) -> None:
    x, width = STATUS_X + 9, WIDTH - MARGIN - STATUS_X - 18
    y: float = HAND_Y + 8
    for text, colour in _status_head(view, aborted):
        y = _draw_lines(d, text, (x, y), width, SMALL, colour, bold=True)
    draw_text(d, (x, y + 2), f"Gold {view['gold_available']}", 20, EYE_GOLD, bold=True)
    y += 26
    for text, colour in _status_lines(view, _finished(view, aborted)):
        y = _draw_lines(d, text, (x, y), width, SMALL, colour)


def _draw_supply(d: ImageDraw.ImageDraw, view: TigerView, finished: bool) -> None:
    step = (WIDTH - 2 * MARGIN - MINI_W) / 5
    y = SUPPLY_Y + 26
    gold = view["gold_available"]
    for k, stack in enumerate(view["supply"]):
        x = MARGIN + k * step
        cx = x + MINI_W / 2
        top = stack["top"]
        if top is None:
            d.rounded_rectangle((x, y, x + MINI_W, y + MINI_H), radius=9, outline=palette.GRID, width=2)
            draw_text(d, (cx, y + MINI_H / 2), "empty", SMALL, palette.MUTED, anchor="mm")
        else:
            draw_card(d, x, y, MINI_W, MINI_H, top)
            affordable = top["price"] <= gold and not finished
            draw_text(d, (cx, y + MINI_H + 4), f"{top['price']} gold", LABEL,
                      palette.HIGHLIGHT if affordable else palette.TEXT, anchor="ma", bold=affordable)
        draw_text(d, (cx, y + MINI_H + 4 + LINE + 1), stack["colour"], SMALL, palette.MUTED, anchor="ma")
        draw_text(d, (cx, y + MINI_H + 4 + 2 * LINE + 1), f"{stack['count']} left", SMALL, palette.MUTED, anchor="ma")


# --------------------------------------------------------------------------- description

def _card_words(info: CardInfo) -> str:
    return f"{info['colour']} {info['symbol']} {info['value']} (light {info['light']})"


def _headline(view: TigerView, aborted: bool) -> str:
    """What the game is doing now, or how it ended; a prompt only while it goes on."""
    head = f"Eye of the Tiger, turn {view['turn']}" + (" (advanced)" if view["advanced"] else "") + "."
    if aborted:
        return head + " The game was aborted: it ended early and no result is recorded."
    if view["over"]:
        return head + f" Game over ({view['end_reason']}): " + ("you win." if view["won"] else "you lose.")
    if view["phase"] == "thin":
        return head + f" Your deck is used up: remove up to {THIN_MAX} discard cards, then shuffle."
    return head + (" First turn: buy." if view["first_turn"] else " Buy or fight.")


def _track_words(view: TigerView, finished: bool) -> list[str]:
    parts = []
    for index in reversed(range(len(FIELDS))):  # III, II, I: the way the monsters come
        entry = view["track"][index]
        name = f"Field {FIELDS[index]} ({LIGHT_NEEDED[index]} light)"
        if entry is None:
            parts.append(f"{name}: empty.")
        elif entry["eye"]:
            parts.append(f"{name}: the Eye of the Tiger.")
        else:
            power = f"power {entry['power']}" if _rolled(entry) else "power not rolled"
            text = f"{name}: {entry['symbol']} {entry['dots']}pt, {power}"
            if entry["abilities"]:
                text += "; " + "; ".join(a["label"] for a in entry["abilities"])
            if entry["beside_eye"] and not finished:
                text += "; beside the Eye: beat it to win the Eye"
            parts.append(text + ".")
    return parts


def describe(view: TigerView, *, aborted: bool = False) -> str:
    """The whole picture in words, so the game is playable without seeing it."""
    finished = _finished(view, aborted)
    parts = [_headline(view, aborted)]
    eye_note = " (the Eye is inside)" if view["eye"]["where"] == "pile" else ""
    parts.append(f"Pile: {plural(view['pile'], 'tile')}{eye_note}.")
    parts += _track_words(view, finished)
    parts.append(f"Defeated {plural(view['defeated']['points'], 'point')} vs monster discard "
                 f"{plural(view['monster_discard']['points'], 'point')}.")
    if view["revealed"]:
        parts.append("Cards: " + ", ".join(_card_words(c) for c in view["revealed"]) + ".")
    else:
        parts.append("No cards revealed.")
    gold = f"Gold {view['gold_available']} ({view['card_gold']} from cards, {plural(view['gold'], 'cube')})"
    parts.append(gold + (". " if finished else "; gold not spent at the buy is lost. ")
                 + f"Deck {view['deck']}, discard {view['discard']}, removed {len(view['removed'])}.")
    bonus = view["bonus"]
    if any(bonus.values()):
        parts.append(f"Bonuses: light +{bonus['light']}, attack +{bonus['attack']}, field I power +{bonus['field_one']}.")
    supply = [f"{s['colour']} {s['top']['symbol']} {s['top']['value']} for {s['top']['price']}"
              if s["top"] else f"{s['colour']} empty" for s in view["supply"]]
    parts.append("Supply: " + ", ".join(supply) + ".")
    return " ".join(parts)


def render_tiger(view: Mapping[str, Any], *, aborted: bool = False) -> RenderedImage:
    """The board image of an Eye of the Tiger view (engine.tiger.Tiger.view) with its description.

    `aborted`: the game was ended early; the board says so and shows no prompt or turn marker.
    """
    return RenderedImage(encode_png(draw_board(view, aborted=aborted), palette=PALETTE),
                         describe(as_view(view), aborted=aborted), filename="tiger.png")


def draw_board(tiger_view: Mapping[str, Any], *, aborted: bool = False) -> Image.Image:
    """The board of `render_tiger` as an RGB image, before encoding."""
    view = as_view(tiger_view)
    finished = _finished(view, aborted)
    image = cached_layer(("tiger", "base", WIDTH, HEIGHT), _base_layer).copy()
    d = ImageDraw.Draw(image)
    _draw_title(d, view, aborted)
    _draw_pile(d, view)
    for index in range(len(FIELDS)):
        _draw_field(d, view, index, finished)
    _draw_score(d, view)
    _draw_hand(d, view)
    _draw_status(d, view, aborted)
    _draw_supply(d, view, finished)
    return image


def _specimen() -> list[Image.Image]:
    """Every colour a board draws: boards of seeded games, basic and advanced, from the first
    turn to the end (every card colour, monsters, the Eye), and an ended one."""
    views = [view for seed, advanced in ((1, False), (2, True), (3, True))
             for view in palette.sample_views(Tiger(), 1, seed=seed, at=(0, 9, 30, 60),
                                              options={"advanced": advanced})]
    return [draw_board(view) for view in views] + [draw_board(views[-1], aborted=True)]


PALETTE = palette.learnt("tiger", _specimen)

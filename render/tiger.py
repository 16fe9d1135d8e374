"""Eye of the Tiger: the monster track, the player's cards and the supply, from the engine's view.

Top: the face-down monster pile (count), fields III / II / I (each monster's symbol, dots,
power as red (5) and blue (1) cubes with the number, ability markers, light needed), the Eye
of the Tiger where it stands, and the monster discard pile. Then both piles' points. Below:
the three revealed cards, gold, deck/discard counts, and the six supply stacks' top cards.
"""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import palette
from render.cache import cached_layer
from render.canvas import draw_text, new_canvas, rounded_panel
from render.encode import RenderedImage, encode_png
from render.greenbox import draw_symbol

WIDTH, HEIGHT = 760, 800
MARGIN = 12
TITLE_Y = 10
TRACK_Y, TRACK_H = 50, 262
SCORE_Y, SCORE_H = 320, 40
HAND_Y, HAND_H = 368, 200
SUPPLY_Y = 576

PILE_X, PILE_W = MARGIN, 100
FIELD_W, FIELD_GAP = 152, 8
FIELD_X0 = PILE_X + PILE_W + 10  # field III; then II, then I to the right
DISCARD_X = FIELD_X0 + 3 * FIELD_W + 3 * FIELD_GAP
DISCARD_W = WIDTH - MARGIN - DISCARD_X
FIELD_NAMES = ("I", "II", "III")

CARD_W, CARD_H = 104, 150
MINI_W, MINI_H = 112, 126

TILE_BG = (0x5A, 0x4A, 0x3A)  # the tiles' dark side with a white symbol
TILE_SYMBOL = (0xF5, 0xF0, 0xE6)
CARD_BG = (0xFA, 0xF6, 0xEA)
STARTER_BG = (0xC8, 0xE6, 0xB4)  # the light green background of the starting cards
INK = (0x2A, 0x2A, 0x2A)
CUBE_RED = (0xD0, 0x30, 0x30)
CUBE_BLUE = (0x30, 0x60, 0xD0)
EYE_GOLD = (0xE8, 0xB8, 0x30)
WIN = (0x5C, 0xC8, 0x8C)
LOSE = (0xF0, 0x80, 0x70)

CUBE_COLOUR = {"no_weakness": palette.GREEN, "light": palette.WHITE, "half_attack": palette.BLACK,
               "only_match": palette.BLACK, "dim": palette.WHITE, "no_match": palette.BLACK,
               "need_match": palette.BLACK, "even_odd": CUBE_BLUE, "double": CUBE_RED}
CHIP_TEXT = {"no_weakness": "no value-1", "light": "light must do", "half_attack": "half attack",
             "colour_removed": "drop 1 {colour}", "colour_needed": "only {colour}",
             "only_match": "only {symbol}", "dim": "light -1", "no_match": "no {symbol}",
             "need_match": "needs {symbol}", "even_odd": "all even/odd", "double": "may double 1"}


def _field_x(index: int) -> int:
    """Left edge of the field with track index `index` (0 = I, the rightmost)."""
    return FIELD_X0 + (2 - index) * (FIELD_W + FIELD_GAP)


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
    d.rounded_rectangle((x, y, x + size, y + size), radius=3, fill=palette.to_rgb(fill), outline=(0x10, 0x10, 0x10))


# --------------------------------------------------------------------------- cards

def draw_card(d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, info: dict[str, Any],
              *, show_light: bool = True) -> None:
    """A Green Box card: border colour, value, symbol, its white dots and its light."""
    border = palette.GAME_COLOURS[info["colour"]]
    d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=border,
                        outline=(0x90, 0x90, 0x90) if info["colour"] in ("white", "black") else None, width=2)
    inset = 7
    bg = STARTER_BG if info["starter"] else CARD_BG
    d.rounded_rectangle((x + inset, y + inset, x + w - inset, y + h - inset), radius=6, fill=bg)
    draw_text(d, (x + inset + 6, y + inset + 2), str(info["value"]), 28, INK, bold=True)
    size = min(w - 2 * inset, h * 0.5) * 0.72
    draw_symbol(d, info["symbol"], x + w / 2, y + h * 0.44, size, INK)
    dot_y = y + h * 0.44 + size * 0.62
    _draw_dots(d, info["dots"], x + w / 2, dot_y, 4, (0xFF, 0xFF, 0xFF), outline=INK)
    if show_light:
        draw_text(d, (x + w / 2, y + h - inset - 4), f"light {info['light']}", 16, INK, anchor="ms")


# --------------------------------------------------------------------------- the static layer

def _base_layer() -> Image.Image:
    image = new_canvas(WIDTH, HEIGHT)
    d = ImageDraw.Draw(image)
    rounded_panel(d, (PILE_X, TRACK_Y, PILE_X + PILE_W, TRACK_Y + TRACK_H))
    draw_text(d, (PILE_X + PILE_W / 2, TRACK_Y + 8), "Pile", 18, palette.MUTED, anchor="ma")
    for index in range(3):
        x = _field_x(index)
        rounded_panel(d, (x, TRACK_Y, x + FIELD_W, TRACK_Y + TRACK_H))
        draw_text(d, (x + 10, TRACK_Y + 8), FIELD_NAMES[index], 22, palette.TEXT, bold=True)
        draw_text(d, (x + FIELD_W - 10, TRACK_Y + 11), f"needs {index + 1} light", 16, palette.MUTED, anchor="ra")
    rounded_panel(d, (DISCARD_X, TRACK_Y, DISCARD_X + DISCARD_W, TRACK_Y + TRACK_H))
    draw_text(d, (DISCARD_X + DISCARD_W / 2, TRACK_Y + 8), "Monster", 18, palette.MUTED, anchor="ma")
    draw_text(d, (DISCARD_X + DISCARD_W / 2, TRACK_Y + 28), "discard", 18, palette.MUTED, anchor="ma")
    rounded_panel(d, (MARGIN, SCORE_Y, WIDTH - MARGIN, SCORE_Y + SCORE_H))
    rounded_panel(d, (3 * CARD_W + 4 * MARGIN + 8, HAND_Y, WIDTH - MARGIN, HAND_Y + HAND_H))
    draw_text(d, (MARGIN, SUPPLY_Y), "Supply: top card of each stack (price = dots)", 18, palette.MUTED)
    return image


# --------------------------------------------------------------------------- drawing the view

def _draw_pile(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    cx = PILE_X + PILE_W / 2
    count = view["pile"]
    top = TRACK_Y + 50
    for k in range(min(4, count) - 1, -1, -1):
        off = k * 4
        d.rounded_rectangle((cx - 34 + off, top + off, cx + 34 + off, top + 68 + off), radius=6,
                            fill=(0xC8, 0xA8, 0x30), outline=(0x60, 0x50, 0x20), width=2)
    if count == 0:
        d.rounded_rectangle((cx - 34, top, cx + 34, top + 68), radius=6, outline=palette.GRID, width=2)
    draw_text(d, (cx, top + 104), str(count), 30, palette.TEXT, anchor="ma", bold=True)
    draw_text(d, (cx, top + 140), "tiles", 16, palette.MUTED, anchor="ma")
    if view["eye"]["where"] == "pile":
        draw_text(d, (cx, top + 166), "Eye inside", 16, EYE_GOLD, anchor="ma")


def _draw_field(d: ImageDraw.ImageDraw, view: dict[str, Any], index: int) -> None:
    x = _field_x(index)
    entry = view["track"][index]
    cx = x + FIELD_W / 2
    tile_top = TRACK_Y + 40
    if entry is None:
        draw_text(d, (cx, TRACK_Y + TRACK_H / 2), "empty", 20, palette.GRID, anchor="mm")
        return
    if entry["beside_eye"]:
        d.rounded_rectangle((x, TRACK_Y, x + FIELD_W, TRACK_Y + TRACK_H), radius=12,
                            outline=palette.HIGHLIGHT, width=4)
    d.rounded_rectangle((cx - 44, tile_top, cx + 44, tile_top + 88), radius=8,
                        fill=TILE_BG, outline=EYE_GOLD if entry["eye"] else None, width=3)
    if entry["eye"]:
        _draw_eye(d, cx, tile_top + 38, 80)
        _draw_dots(d, entry["dots"], cx, tile_top + 76, 4, TILE_SYMBOL)
        draw_text(d, (cx, tile_top + 100), "EYE OF THE", 18, EYE_GOLD, anchor="ma", bold=True)
        draw_text(d, (cx, tile_top + 122), "TIGER", 18, EYE_GOLD, anchor="ma", bold=True)
        draw_text(d, (cx, tile_top + 152), "beat the monster", 16, palette.MUTED, anchor="ma")
        draw_text(d, (cx, tile_top + 172), "to its right", 16, palette.MUTED, anchor="ma")
        return
    draw_symbol(d, entry["symbol"], cx, tile_top + 38, 58, TILE_SYMBOL)
    _draw_dots(d, entry["dots"], cx, tile_top + 78, 4, TILE_SYMBOL)
    draw_text(d, (cx, tile_top + 96), f"{entry['symbol']} · {entry['dots']} pt", 16, palette.MUTED, anchor="ma")
    # power: red cubes (5) and blue cubes (1), then the number
    cubes = ["r"] * entry["red"] + ["b"] * entry["blue"]
    size, gap = 14, 3
    py = tile_top + 122
    px = x + 10
    for k, kind in enumerate(cubes):
        col, row = k % 6, k // 6
        _cube(d, px + col * (size + gap), py + row * (size + gap), size, CUBE_RED if kind == "r" else CUBE_BLUE)
    draw_text(d, (x + FIELD_W - 10, py - 4), str(entry["power"]), 28, palette.TEXT, anchor="ra", bold=True)
    draw_text(d, (x + FIELD_W - 10, py + 26), "power", 14, palette.MUTED, anchor="ra")
    # ability markers
    ay = TRACK_Y + 208
    for ability in entry["abilities"][:2]:
        key = ability["key"]
        colour = entry.get("colour")
        fill = palette.GAME_COLOURS.get(colour, palette.WHITE) if key in ("colour_removed", "colour_needed") \
            else CUBE_COLOUR.get(key, palette.WHITE)
        _cube(d, x + 10, ay + 2, 14, fill)
        label = CHIP_TEXT[key].format(colour=colour, symbol=entry["symbol"])
        draw_text(d, (x + 30, ay), label, 16, palette.TEXT)
        ay += 22
    if entry["beside_eye"]:
        draw_text(d, (cx, TRACK_Y + TRACK_H - 6), "beat it: win the Eye", 15, palette.HIGHLIGHT, anchor="ms")


def _draw_discard(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    pile = view["monster_discard"]
    cx = DISCARD_X + DISCARD_W / 2
    top = TRACK_Y + 60
    if pile["tiles"]:
        d.rounded_rectangle((cx - 34, top, cx + 34, top + 68), radius=6, fill=TILE_BG)
        if pile["eye"]:
            _draw_eye(d, cx, top + 34, 60)
        else:
            draw_symbol(d, pile["tiles"][-1], cx, top + 34, 46, TILE_SYMBOL)
    else:
        d.rounded_rectangle((cx - 34, top, cx + 34, top + 68), radius=6, outline=palette.GRID, width=2)
    draw_text(d, (cx, top + 84), str(pile["points"]), 30, LOSE, anchor="ma", bold=True)
    draw_text(d, (cx, top + 120), "points", 16, palette.MUTED, anchor="ma")
    draw_text(d, (cx, top + 142), f"{len(pile['tiles'])} tiles", 16, palette.MUTED, anchor="ma")


def _draw_score(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    mine, theirs = view["defeated"]["points"], view["monster_discard"]["points"]
    y = SCORE_Y + SCORE_H / 2
    draw_text(d, (MARGIN + 12, y), f"Defeated: {mine} pts ({len(view['defeated']['tiles'])} tiles)",
              18, WIN, anchor="lm", bold=True)
    draw_text(d, (WIDTH - MARGIN - 12, y), f"Monster discard: {theirs} pts", 18, LOSE, anchor="rm", bold=True)
    diff = mine - theirs
    text = f"you lead by {diff}" if diff > 0 else "level" if diff == 0 else f"behind by {-diff}"
    draw_text(d, (WIDTH / 2 + 20, y), text, 16, palette.MUTED, anchor="mm")


def _status_lines(view: dict[str, Any]) -> list[tuple[str, Any]]:
    lines: list[tuple[str, Any]] = []
    if view["over"]:
        lines.append(("Game over: " + ("you WIN" if view["won"] else "you lose"), WIN if view["won"] else LOSE))
    elif view["phase"] == "thin":
        lines.append(("Deck used up: remove up to", palette.HIGHLIGHT))
        lines.append(("2 cards, then shuffle", palette.HIGHLIGHT))
    elif view["first_turn"]:
        lines.append(("First turn: buy a card", palette.HIGHLIGHT))
    else:
        lines.append(("Your turn: buy or fight", palette.HIGHLIGHT))
    lines.append((f"Gold: {view['gold_available']} ({view['card_gold']} from cards + {view['gold']} cubes)", EYE_GOLD))
    lines.append((f"Deck {view['deck']}   Discard {view['discard']}", palette.TEXT))
    lines.append((f"Removed from game: {len(view['removed'])}", palette.MUTED))
    if view["colour_bonus"]:
        lines.append((f"3 {view['colour_bonus']}: free {view['colour_bonus']} card", palette.TEXT))
    if view["double_buy"]:
        lines.append(("3 same symbols: buy up to 2", palette.TEXT))
    bonus = view["bonus"]
    extras = [f"+{bonus['light']} light" if bonus["light"] else "", f"+{bonus['attack']} attack" if bonus["attack"] else "",
              f"field I +{bonus['field_one']} power" if bonus["field_one"] else ""]
    if any(extras):
        lines.append((", ".join(e for e in extras if e), palette.TEXT))
    return lines


def _draw_hand(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    for k in range(3):
        x = MARGIN + k * (CARD_W + MARGIN)
        y = HAND_Y + 10
        if k < len(view["revealed"]):
            draw_card(d, x, y, CARD_W, CARD_H, view["revealed"][k])
            info = view["revealed"][k]
            draw_text(d, (x + CARD_W / 2, y + CARD_H + 6), f"{info['colour']} {info['symbol']}", 16,
                      palette.MUTED, anchor="ma")
        else:
            d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=10, outline=palette.GRID, width=2)
    x0 = 3 * CARD_W + 4 * MARGIN + 20
    y = HAND_Y + 14
    for text, colour in _status_lines(view):
        draw_text(d, (x0, y), text, 18, colour)
        y += 26


def _draw_supply(d: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    step = (WIDTH - 2 * MARGIN - MINI_W) / 5
    y = SUPPLY_Y + 30
    gold = view["gold_available"]
    for k, stack in enumerate(view["supply"]):
        x = MARGIN + k * step
        top = stack["top"]
        if top is None:
            d.rounded_rectangle((x, y, x + MINI_W, y + MINI_H), radius=10, outline=palette.GRID, width=2)
            draw_text(d, (x + MINI_W / 2, y + MINI_H / 2), f"{stack['colour']}\nempty", 16, palette.MUTED, anchor="mm")
            continue
        draw_card(d, x, y, MINI_W, MINI_H, top)
        affordable = top["price"] <= gold and not view["over"]
        draw_text(d, (x + MINI_W / 2, y + MINI_H + 6), f"price {top['price']}", 17,
                  palette.HIGHLIGHT if affordable else palette.TEXT, anchor="ma", bold=affordable)
        draw_text(d, (x + MINI_W / 2, y + MINI_H + 28), f"{stack['colour']} · {stack['count']} left", 16,
                  palette.MUTED, anchor="ma")


# --------------------------------------------------------------------------- description

def _card_words(info: dict[str, Any]) -> str:
    return f"{info['colour']} {info['symbol']} {info['value']} (light {info['light']})"


def describe(view: dict[str, Any]) -> str:
    """The whole picture in words, so the game is playable without seeing it."""
    parts: list[str] = []
    head = f"Eye of the Tiger, turn {view['turn']}" + (" (advanced)" if view["advanced"] else "") + "."
    if view["over"]:
        head += f" Game over ({view['end_reason']}): " + ("you win." if view["won"] else "you lose.")
    elif view["phase"] == "thin":
        head += " Your deck is used up: remove up to 2 discard cards, then shuffle."
    else:
        head += " First turn: buy." if view["first_turn"] else " Buy or fight."
    parts.append(head)
    eye_note = " (the Eye is inside)" if view["eye"]["where"] == "pile" else ""
    parts.append(f"Pile: {view['pile']} tiles{eye_note}.")
    for index in (2, 1, 0):
        entry = view["track"][index]
        name = f"Field {FIELD_NAMES[index]} ({index + 1} light)"
        if entry is None:
            parts.append(f"{name}: empty.")
        elif entry["eye"]:
            parts.append(f"{name}: the Eye of the Tiger.")
        else:
            text = f"{name}: {entry['symbol']} {entry['dots']}pt, power {entry['power']}"
            if entry["abilities"]:
                text += "; " + "; ".join(a["label"] for a in entry["abilities"])
            if entry["beside_eye"]:
                text += "; beside the Eye: beat it to win the Eye"
            parts.append(text + ".")
    parts.append(f"Defeated {view['defeated']['points']} pts vs monster discard {view['monster_discard']['points']} pts.")
    if view["revealed"]:
        parts.append("Cards: " + ", ".join(_card_words(c) for c in view["revealed"]) + ".")
    else:
        parts.append("No cards revealed.")
    parts.append(f"Gold {view['gold_available']} ({view['card_gold']} from cards, {view['gold']} cubes). "
                 f"Deck {view['deck']}, discard {view['discard']}, removed {len(view['removed'])}.")
    bonus = view["bonus"]
    if any(bonus.values()):
        parts.append(f"Bonuses: light +{bonus['light']}, attack +{bonus['attack']}, field I power +{bonus['field_one']}.")
    supply = [f"{s['colour']} {s['top']['symbol']} {s['top']['value']} for {s['top']['price']}"
              if s["top"] else f"{s['colour']} empty" for s in view["supply"]]
    parts.append("Supply: " + ", ".join(supply) + ".")
    return " ".join(parts)


def render_tiger(view: dict[str, Any]) -> RenderedImage:
    """The board image of an Eye of the Tiger view (engine.tiger.Tiger.view) with its description."""
    image = cached_layer(("tiger", "base", WIDTH, HEIGHT), _base_layer).copy()
    d = ImageDraw.Draw(image)
    title = f"Eye of the Tiger · turn {view['turn']}"
    draw_text(d, (MARGIN, TITLE_Y), title, 24, palette.TEXT, bold=True)
    if view["advanced"]:
        draw_text(d, (WIDTH - MARGIN, TITLE_Y + 4), "advanced mode", 18, palette.HIGHLIGHT, anchor="ra")
    _draw_pile(d, view)
    for index in range(3):
        _draw_field(d, view, index)
    _draw_discard(d, view)
    _draw_score(d, view)
    _draw_hand(d, view)
    _draw_supply(d, view)
    return RenderedImage(encode_png(image), describe(view), filename="tiger.png")

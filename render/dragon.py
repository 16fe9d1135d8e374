"""Treasure of the Dragons board: the 7x7 cave grid, the face-up cards, a key, the scores.

`render_dragon(view, names=None, *, now=None, aborted=False)` draws a `DragonView`
(`engine.dragon.public_view`: every seat sees the same) and describes it in text. The view holds only the cards turned over
in the turn now running and the cards that ended the last turn (`shown`: the spider, or the
dragon and the treasure that clashed), so neither the image nor the description can show any
other card that was covered again. Shown cards are drawn face up with a white ring.

Sized for phones: the image is 480 px wide and no text is smaller than SMALL, 12.5 px when
Discord shows it 400 px wide. Every kind is a drawn shape with a coloured frame (no emoji
fonts): balls, cars, dolls (toys), candlesticks, treasure crates, diamond rings, small dragons,
spiders; a key under the grid names each shape, in the words the text uses. Card faces, the
card back and the static frame are drawn once (supersampled), flattened onto their slot as
opaque tiles and cached, so a board is pasted, not composited; every board is encoded with one
palette learnt from sample boards and every card face. A table's next board is its last one with
only the regions that changed put in again (render.cache.draw_regions): each cell, the header, the news
and each player's row.

Every word (on the image and in the description) is made as engine words (`Said`, `counted`:
English with its source and values) and shown through `show`, which the cog gives in the table's
language (cogs/language.said_text); `str`, the default, reads English. The title comes in the same way.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from engine.dragon import (
    A_CARD,
    DOWN,
    EMPTY,
    KINDS,
    OVER,
    REVEAL,
    SIZE,
    SPIDER,
    Dragon,
    DragonView,
    and_list,
    public_view,
)
from engine.dragon import describe as count_words
from engine.errors import Said, counted
from engine.grid import label
from render import palette
from render.cache import Region, cached_layer, cached_piece, draw_regions
from render.canvas import (
    draw_text,
    label_grid,
    new_canvas,
    rounded_panel,
    text_width,
    wrap_text,
)
from render.encode import RenderedImage, encode_png

WIDTH = 480
SMALL = 15         # the smallest text: 15 * 400 / WIDTH = 12.5 px on a 400 px wide phone
BODY = 16
TITLE = 20
LINE = 20          # baseline to baseline of SMALL and BODY lines
MARGIN = 8
PAD = 12           # inside a panel
GAP = 8            # between panels
HEADER_H = 82      # title line and two status lines
CELL = 62          # grid pitch
CARD = 58          # card side inside a cell
LABEL_SPACE = 20   # room for the row and column labels
GRID_X = (WIDTH - SIZE * CELL + LABEL_SPACE) // 2
GRID_Y = MARGIN + HEADER_H + GAP + LABEL_SPACE + 6
GRID_BOTTOM = GRID_Y + SIZE * CELL
KEY_ROW = 24       # a line of the key under the grid
KEY_Y = GRID_BOTTOM + 8
BOARD_BOTTOM = KEY_Y + 2 * KEY_ROW + 6
INFO_LINES = 4
INFO_Y = BOARD_BOTTOM + GAP
SCORES_Y = INFO_Y + 2 * 10 + INFO_LINES * LINE + GAP
SCORE_ROW = 28
MINI = 20          # key and score-table icon side
COUNT_W = 26       # a score-table column per kind
TOTAL_W = 48       # the score table's "Cards" column
NAME_CHARS = 20    # a display name in a sentence on the image is cut to this
SUPER = 3          # supersampling factor for the cached card art
KEY = (("ball", "car", "doll", "candlestick"), ("crate", "ring", "dragon", "spider"))

# Okabe-Ito hues, one per kind; the shape carries the meaning too.
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
BOARD = (0x1B, 0x1E, 0x24)
ON_TURN = (0x3B, 0x43, 0x50)
SHOWN_RING = palette.WHITE  # marks the cards that ended the last turn (no card frame is white)
Show = Callable[[str], str]  # engine words (a `Said`) as the reader reads them; `str` reads English
KIND_WORD = {"ball": Said("ball"), "car": Said("car"), "doll": Said("doll"), "candlestick": Said("candlestick"),
             "crate": Said("crate"), "ring": Said("ring"), "dragon": Said("dragon"), "spider": Said("spider")}


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


def _supersampled(side: int, paint: Callable[[ImageDraw.ImageDraw, int], None]) -> Image.Image:
    big = Image.new("RGBA", (side * SUPER, side * SUPER), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), side * SUPER)
    return big.resize((side, side), Image.Resampling.LANCZOS)


def face_tile(kind: str, side: int = CARD) -> Image.Image:
    """A face-up card: the shape on a light face in a frame of the kind's colour (cached; do not
    draw on it). No word on it: at phone size a word would crowd the shape; the key names it."""
    def build() -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, s: int) -> None:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.12, fill=FACE, outline=KIND_COLOUR[kind],
                                width=round(s * 0.07))
            draw_icon(d, kind, s * 0.12, s * 0.12, s * 0.76)
        return _supersampled(side, paint)
    return cached_piece(("dragon", "face", kind, side), build)


def mini_icon(kind: str, side: int = MINI) -> Image.Image:
    """A small key and score-table icon: the shape on a face-coloured tile framed in the kind's colour."""
    def build() -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, s: int) -> None:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.18, fill=FACE, outline=KIND_COLOUR[kind],
                                width=round(s * 0.07))
            draw_icon(d, kind, s * 0.08, s * 0.08, s * 0.84)
        return _supersampled(side, paint)
    return cached_piece(("dragon", "mini", kind, side), build)


def _slot() -> Image.Image:
    """An empty cell: a dark rounded slot (transparent corners)."""
    slot = Image.new("RGBA", (CARD, CARD), (0, 0, 0, 0))
    ImageDraw.Draw(slot).rounded_rectangle((0, 0, CARD - 1, CARD - 1), radius=8, fill=SLOT,
                                           outline=(0x3A, 0x40, 0x4A), width=2)
    return slot


def card_in_slot(value: str) -> Image.Image:
    """The opaque tile pasted into a cell: the card (`value`: a kind, or DOWN for its back)
    over its slot on the board panel (cached; do not draw on it)."""
    def build() -> Image.Image:
        tile = Image.new("RGBA", (CARD, CARD), BOARD + (255,))
        tile.alpha_composite(_slot())
        tile.alpha_composite(back_tile() if value == DOWN else face_tile(value))
        return tile.convert("RGB")
    return cached_piece(("dragon", "in-slot", value), build)


def back_tile(side: int = CARD) -> Image.Image:
    """A face-down card: earth brown with a lattice and a round seal (cached)."""
    def build() -> Image.Image:
        def paint(d: ImageDraw.ImageDraw, s: int) -> None:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.12, fill=BACK, outline=BACK_LINE,
                                width=round(s * 0.04))
            inset, step = s * 0.14, s * 0.18
            d.rounded_rectangle((inset, inset, s - inset, s - inset), radius=s * 0.06, outline=BACK_LINE,
                                width=round(s * 0.02))
            k: float = -s
            while k < s:  # diagonal lattice inside the inner frame
                d.line([(inset + max(0, k), inset + max(0, -k)), (s - inset - max(0, -k), s - inset - max(0, k))],
                       fill=BACK_LINE, width=round(s * 0.015))
                k += step
            r = s * 0.13
            d.ellipse((s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r), fill=BACK, outline=GOLD, width=round(s * 0.025))
        return _supersampled(side, paint)
    return cached_piece(("dragon", "back", side), build)


# ----------------------------------------------------------------- layout
def _height(players: int) -> int:
    return SCORES_Y + 8 + SCORE_ROW + players * SCORE_ROW + 8 + MARGIN


def _card_xy(r: int, c: int) -> tuple[int, int]:
    pad = (CELL - CARD) // 2
    return (GRID_X + c * CELL + pad, GRID_Y + r * CELL + pad)


def _count_x(index: int) -> float:
    """The centre of the score table's column for KINDS[index]."""
    return WIDTH - MARGIN - PAD - TOTAL_W - (len(KINDS) - index - 0.5) * COUNT_W


def capital(word: str) -> str:
    """The word starting with a capital letter, the rest as it is ("Kerzenleuchter", "Chandelier")."""
    return word[:1].upper() + word[1:]


def _draw_key(image: Image.Image, d: ImageDraw.ImageDraw, names: dict[str, str]) -> None:
    """Each shape with its name (`names`: kind -> word), two aligned lines under the grid."""
    widths = [max(MINI + 5 + text_width(names[row[i]], SMALL) for row in KEY) for i in range(len(KEY[0]))]
    spare = (WIDTH - 2 * (MARGIN + PAD) - sum(widths)) / (len(widths) - 1)
    for line, row in enumerate(KEY):
        y = KEY_Y + line * KEY_ROW
        x: float = MARGIN + PAD
        for kind, width in zip(row, widths, strict=True):
            image.alpha_composite(mini_icon(kind), (round(x), y + (KEY_ROW - MINI) // 2))
            draw_text(d, (x + MINI + 5, y + KEY_ROW / 2), names[kind], SMALL, palette.TEXT, anchor="lm")
            x += width + spare


def _base_layer(players: int, show: Show = str) -> Image.Image:
    """Background, panels, grid labels, the key and the score table's head: what never changes
    (one layer per language: its words are in it)."""
    names = {kind: capital(show(KIND_WORD[kind])) for kind in KINDS}
    collected, cards = show(Said("Collected")), show(Said("Cards"))

    def build() -> Image.Image:
        height = _height(players)
        image = new_canvas(WIDTH, height)
        d = ImageDraw.Draw(image)
        rounded_panel(d, (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H))
        rounded_panel(d, (MARGIN, MARGIN + HEADER_H + GAP, WIDTH - MARGIN, BOARD_BOTTOM), fill=BOARD)
        label_grid(d, (GRID_X, GRID_Y), CELL, SIZE, SIZE, size=SMALL, offset=LABEL_SPACE // 2 + 2,
                   fill=palette.TEXT)
        slot = _slot()
        for r in range(SIZE):
            for c in range(SIZE):
                image.alpha_composite(slot, _card_xy(r, c))
        _draw_key(image, d, names)
        rounded_panel(d, (MARGIN, INFO_Y, WIDTH - MARGIN, SCORES_Y - GAP))
        rounded_panel(d, (MARGIN, SCORES_Y, WIDTH - MARGIN, height - MARGIN))
        head = SCORES_Y + 8 + SCORE_ROW / 2
        draw_text(d, (MARGIN + PAD, head), collected, SMALL, palette.MUTED, anchor="lm")
        for i, kind in enumerate(KINDS):
            image.alpha_composite(mini_icon(kind), (round(_count_x(i) - MINI / 2), round(head - MINI / 2)))
        draw_text(d, (WIDTH - MARGIN - PAD, head), cards, SMALL, palette.MUTED, anchor="rm")
        return image.convert("RGB")  # opaque: each board starts as a copy
    return cached_layer(("dragon", "base", players, *names.values(), collected, cards), build)


# ----------------------------------------------------------------- words
def _names(view: DragonView, names: Sequence[str] | None, show: Show = str) -> list[str]:
    players = view["players"]
    given = list(names or [])
    return [given[s] if s < len(given) and given[s] else show(Said("Seat {n}", n=s + 1)) for s in range(players)]


def _short(name: str) -> str:
    """A display name cut for a sentence on the image (the description keeps it whole)."""
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1].rstrip() + "..."


def _winners(view: DragonView) -> list[int]:
    gone = set(view["gone"])
    staying = [s for s in range(view["players"]) if s not in gone] or list(range(view["players"]))
    best = max(view["scores"][s] for s in staying)
    return [s for s in staying if view["scores"][s] == best]


def _status(view: DragonView, who: list[str], now: float | None, aborted: bool) -> Said:
    """Whose turn and what they may do; or how the game ended."""
    if aborted:
        return Said("The game was ended early.")
    if view["phase"] == OVER:
        winners = _winners(view)
        names, cards = and_list([who[s] for s in winners]), view["scores"][winners[0]]
        result = (counted("{who} win with {n} card.", "{who} win with {n} cards.", cards, who=names) if len(winners) > 1
                  else counted("{who} wins with {n} card.", "{who} wins with {n} cards.", cards, who=names))
        return Said("Game over: {result}", result=result)
    player = who[view["turn"]]
    if now is not None and view["deadline"] is not None:
        left = max(0, math.ceil(view["deadline"] - now))
        if view["phase"] == SPIDER:
            return Said("{who} met a spider: move it to an empty cell or leave it ({n} s left).", who=player, n=left)
        return Said("{who}'s turn: turn over a card or stop ({n} s left).", who=player, n=left)
    if view["phase"] == SPIDER:
        return Said("{who} met a spider: move it to an empty cell or leave it.", who=player)
    return Said("{who}'s turn: turn over a card or stop.", who=player)


def _ending(view: DragonView, who: list[str]) -> Said | None:
    """The cards that ended the last turn, where they lie: 'Ann turned over a dragon at C4 with a
    crate at A3 face up: the turn ended with nothing.' None when no card is shown."""
    last = view["last_turn"]
    if not view["shown"] or last is None:  # cards are shown only after a turn ended
        return None
    first, *woken = view["shown"]
    name, card = who[last["seat"]], A_CARD[first["kind"]]
    if woken:
        beside = and_list([Said("{card} at {cell}", card=A_CARD[w["kind"]], cell=w["label"]) for w in woken])
        return Said("{who} turned over {card} at {cell} with {beside} face up: the turn ended with nothing.",
                    who=name, card=card, cell=first["label"], beside=beside)
    if first["from"]:
        return Said("{who} turned over {card} at {cell} and moved it to {to}: the turn ended with nothing.",
                    who=name, card=card, cell=first["from"], to=first["label"])
    return Said("{who} turned over {card} at {cell}: the turn ended with nothing.", who=name, card=card,
                cell=first["label"])


def _spiders(view: DragonView, who: list[str]) -> Said:
    if view["spiders_to"] is not None:
        return Said("{who} had the most dragons and took the spiders.", who=who[view["spiders_to"]])
    return Said("Nobody had the most dragons: nobody took the spiders.")


def _last_turn(view: DragonView, who: list[str]) -> Said | None:
    last = view["last_turn"]
    if not last:
        return None
    name = who[last["seat"]]
    ending = last["ending"]
    if ending == "stop":
        return Said("Last turn: {who} stopped and collected {cards}.", who=name, cards=count_words(last["collected"]))
    if ending == "timeout":
        return Said("Last turn: {who} ran out of time and collected {cards}.", who=name,
                    cards=count_words(last["collected"]))
    if ending == "spider":
        return Said("Last turn: {who} met a spider and got nothing.", who=name)
    if ending == "dragon":
        return Said("Last turn: {who} woke a dragon among the treasure and got nothing.", who=name)
    return Said("Last turn: {who} left the game.", who=name)


def _news(view: DragonView, who: list[str], aborted: bool) -> list[tuple[Said, bool]]:
    """The lines under the grid, each (text, emphasised): what happened and what a stop would bring."""
    if aborted:  # the header says it ended early; here, how the last turn went
        return [(_ending(view, who) or _last_turn(view, who) or Said("No turn was played to its end."), False)]
    if view["phase"] == OVER:
        if view["ended"] != "spiders":
            return [(Said("Too few players were left."), True)]
        return [(Said("Only the spiders were left."), True), (_spiders(view, who), False)]
    ending = _ending(view, who)
    if ending:
        return [(ending, True), (Said("Ringed: face up until the next player turns over a card."), False)]
    first = (Said("Stop now to collect: {cards}.", cards=count_words(view["would_collect"])) if view["revealed"]
             else Said("No card face up yet."))
    return [(first, bool(view["revealed"])), (_last_turn(view, who) or Said("First turn of the game."), False)]


def _cells(view: DragonView, value: str) -> list[str]:
    """The labels of the cells whose view value is `value` ('down', 'empty' or a kind), row by row."""
    return [label([r, c]) for r in range(SIZE) for c in range(SIZE) if view["grid"][r][c] == value]


def _score(view: DragonView, who: list[str], seat: int) -> Said:
    """'Ann 7 (2 rings, 5 dragons)': a player's cards, and whether they left."""
    values = {"name": who[seat], "score": view["scores"][seat], "cards": count_words(view["collected"][seat])}
    if seat in view["gone"]:
        return Said("{name} (left) {score} ({cards})", **values)
    return Said("{name} {score} ({cards})", **values)


def describe(view: DragonView, names: Sequence[str] | None = None, now: float | None = None, *,
             aborted: bool = False, show: Show = str, title: str = Dragon.title) -> str:
    """The board in words: whose turn (or how it ended), the cards that ended the last turn and this
    turn's face-up cards by cell, the face-down or empty cells, the scores. `show` puts the words in the
    reader's language, `title` is the game's name in it."""
    who = _names(view, names, show)
    live = not aborted and view["phase"] != OVER
    lines = [Said("{game}, turn {n}. {status}", game=title, n=view["turn_number"],
                  status=_status(view, who, now, aborted))]
    ending = _ending(view, who)
    if ending:
        lines.append(Said("{ending} Face up for everyone until the next player turns over a card.", ending=ending)
                     if live else ending)
    if view["revealed"]:
        faces = ", ".join(show(Said("{cell} {card}", cell=item["label"], card=KIND_WORD[item["kind"]]))
                          for item in view["revealed"])
        lines.append(Said("Face up this turn: {faces}. Stopping now collects {cards}.", faces=faces,
                          cards=count_words(view["would_collect"])) if live
                     else Said("Face up this turn: {faces}.", faces=faces))
    elif live and view["phase"] == REVEAL and not ending:
        lines.append(Said("No card is face up yet this turn."))
    if view["phase"] != OVER:
        down, empty = _cells(view, DOWN), _cells(view, EMPTY)
        if len(empty) <= len(down):  # name the shorter list
            cells = " ".join(empty) or Said("none")
            lines.append(counted("{n} card face down. Empty cells: {cells}.", "{n} cards face down. Empty cells: {cells}.",
                                 len(down), cells=cells))
        else:
            rest = Said("empty or face up") if view["revealed"] or view["shown"] else Said("empty")
            lines.append(counted("{n} card face down: {cells}. Every other cell is {rest}.",
                                 "{n} cards face down: {cells}. Every other cell is {rest}.", len(down),
                                 cells=" ".join(down), rest=rest))
    last = _last_turn(view, who)
    if last and view["phase"] != OVER and not ending:
        lines.append(last)
    if view["phase"] == OVER and view["ended"] == "spiders":
        lines.append(_spiders(view, who))
    scores = [show(_score(view, who, s)) for s in range(view["players"])]
    lines.append(Said("Cards: {scores}.", scores="; ".join(scores)))
    return "\n".join(show(line) for line in lines)


# ----------------------------------------------------------------- drawing
def _lines(paragraphs: Sequence[tuple[str, bool]], size: int, width: float, most: int) -> list[tuple[str, bool]]:
    """Each (text, emphasised) paragraph wrapped to `width`, at most `most` lines in all (the last
    one cut short with '...' if need be)."""
    lines = [(line, strong) for text, strong in paragraphs for line in wrap_text(text, size, width, bold=strong)]
    if len(lines) <= most:
        return lines
    last, strong = lines[most - 1]
    while text_width(last + "...", size, strong) > width and " " in last:
        last = last.rsplit(" ", 1)[0]
    return lines[:most - 1] + [(last + "...", strong)]


def _fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """`text` cut with '...' to fit `width` px (a binary search: names are measured on every render)."""
    if text_width(text, size, bold) <= width:
        return text
    low, high = 1, len(text) - 1  # the longest prefix that fits is at least `low` characters
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if text_width(text[:mid] + "...", size, bold) <= width else (low, mid - 1)
    return text[:low].rstrip() + "..."


def _cell_region(view: DragonView, r: int, c: int, order: dict[tuple[int, int], int],
                 ringed: set[tuple[int, int]]) -> Region:
    """A cell of the grid: its card (back or face) in its slot, a ring if it ended the last turn, its
    order if it was turned over this turn. The ring reaches the cell's edge, never past it."""
    value, number, ring = view["grid"][r][c], order.get((r, c)), (r, c) in ringed
    x, y = _card_xy(r, c)
    pad = (CELL - CARD) // 2

    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        if value == EMPTY:
            return
        image.paste(card_in_slot(value), (x, y))
        if ring:
            d.rounded_rectangle((x - 2, y - 2, x + CARD + 1, y + CARD + 1), radius=9, outline=SHOWN_RING, width=5)
            d.rounded_rectangle((x + 3, y + 3, x + CARD - 4, y + CARD - 4), radius=5, outline=DARK, width=1)
        if number is not None:
            right = x + 10 + 10 * len(str(number))
            d.rounded_rectangle((x, y, right, y + 20), radius=10, fill=palette.HIGHLIGHT, outline=DARK)
            draw_text(d, ((x + right) / 2, y + 10), str(number), SMALL, DARK, anchor="mm", bold=True)
    return Region((x - pad, y - pad, x - pad + CELL, y - pad + CELL), (value, number, ring), paint)


def _card_regions(view: DragonView) -> list[Region]:
    """Backs and faces; this turn's cards get their reveal order, the last turn's ending cards a ring."""
    order = {(item["cell"][0], item["cell"][1]): i + 1 for i, item in enumerate(view["revealed"])}
    ringed = {(item["cell"][0], item["cell"][1]) for item in view["shown"]}
    return [_cell_region(view, r, c, order, ringed) for r in range(SIZE) for c in range(SIZE)]


def _header_region(turn: str, status: str, title: str) -> Region:
    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        draw_text(d, (MARGIN + PAD, MARGIN + 10), title, TITLE, palette.HIGHLIGHT, bold=True)
        draw_text(d, (WIDTH - MARGIN - PAD, MARGIN + 12), turn, BODY, palette.MUTED, anchor="ra")
        for i, (line, _) in enumerate(_lines([(status, False)], BODY, WIDTH - 2 * (MARGIN + PAD), 2)):
            draw_text(d, (MARGIN + PAD, MARGIN + 40 + i * LINE), line, BODY, palette.TEXT)
    return Region((MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H), (title, turn, status), paint)


def _news_region(news: list[tuple[str, bool]]) -> Region:
    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        for i, (line, strong) in enumerate(_lines(news, BODY, WIDTH - 2 * (MARGIN + PAD), INFO_LINES)):
            draw_text(d, (MARGIN + PAD, INFO_Y + 10 + i * LINE), line, BODY,
                      palette.TEXT if strong else palette.MUTED, bold=strong)
    return Region((MARGIN, INFO_Y, WIDTH - MARGIN, SCORES_Y - GAP), tuple(news), paint)


def _score_regions(view: DragonView, who: list[str], aborted: bool, show: Show) -> list[Region]:
    """One row a player: a mark for the player on turn (winners in bold at the end), the name, a count
    under each kind's icon, the total."""
    live = not aborted and view["phase"] != OVER
    winners = _winners(view) if view["phase"] == OVER and not aborted else []
    left = " " + show(Said("(left)"))
    return [_score_region(s, who[s], live and s == view["turn"], s in winners, left if s in view["gone"] else "",
                          tuple(view["collected"][s].get(kind, 0) for kind in KINDS), view["scores"][s])
            for s in range(view["players"])]


def _score_region(seat: int, name: str, on_turn: bool, winner: bool, tag: str, counts: tuple[int, ...],
                  score: int) -> Region:
    top = SCORES_Y + 8 + SCORE_ROW * (seat + 1)

    def paint(image: Image.Image, d: ImageDraw.ImageDraw) -> None:
        cy = top + SCORE_ROW / 2
        if on_turn:
            d.rounded_rectangle((MARGIN + 4, top + 1, WIDTH - MARGIN - 4, top + SCORE_ROW - 1), radius=8, fill=ON_TURN)
            d.polygon([(MARGIN + PAD - 2, cy - 6), (MARGIN + PAD + 8, cy), (MARGIN + PAD - 2, cy + 6)],
                      fill=palette.HIGHLIGHT)
        strong = on_turn or winner
        name_room = _count_x(0) - COUNT_W / 2 - (MARGIN + PAD + 16) - 4
        shown = _fit(name, BODY, name_room - text_width(tag, BODY, strong), strong) + tag
        colour = palette.MUTED if tag else palette.TEXT
        draw_text(d, (MARGIN + PAD + 16, cy), shown, BODY, colour, anchor="lm", bold=strong)
        for i, n in enumerate(counts):
            if n:
                draw_text(d, (_count_x(i), cy), str(n), BODY, colour, anchor="mm")
        draw_text(d, (WIDTH - MARGIN - PAD, cy), str(score), TITLE, colour, anchor="rm", bold=True)
    return Region((MARGIN, top, WIDTH - MARGIN, top + SCORE_ROW), (name, on_turn, winner, tag, counts, score), paint)


def render_dragon(view: DragonView, names: Sequence[str] | None = None, *, now: float | None = None,
                  aborted: bool = False, show: Show = str, title: str = Dragon.title) -> RenderedImage:
    """The board for a `Dragon.view`: PNG bytes and a description that plays without the image.

    `names` are the seats' display names (default "Seat N"); with `now` the header shows the
    seconds left on the turn clock. `aborted`: the game was ended early, so the board says so and
    shows no turn, prompt or mark for the player on turn. `show` and `title`: the words in the
    reader's language (English by default).
    """
    image = draw_board(view, names, now=now, aborted=aborted, show=show, title=title)
    return RenderedImage(png=encode_png(image, palette=PALETTE), filename="dragon.png",
                         description=describe(view, names, now, aborted=aborted, show=show, title=title))


def draw_board(view: DragonView, names: Sequence[str] | None = None, *, now: float | None = None,
               aborted: bool = False, show: Show = str, title: str = Dragon.title) -> Image.Image:
    """The board of `render_dragon` before encoding (in RGB, or palette indices inside a table's frames)."""
    who = _names(view, names, show)
    short = [_short(name) for name in who]
    turn = show(Said("Turn {n}", n=view["turn_number"]))
    return draw_regions(_base_layer(view["players"], show), [
        *_card_regions(view),
        _header_region(turn, show(_status(view, short, now, aborted)), title),
        _news_region([(show(line), strong) for line, strong in _news(view, short, aborted)]),
        *_score_regions(view, who, aborted, show)], palette.known("dragon"))


def _specimen() -> list[Image.Image]:
    """Every colour a board draws: boards of seeded games at each table size, from the first
    turn to the end (ringed cards, a spider's move, winners), and every card in its slot."""
    boards = [draw_board(public_view(state), now=0.0) for players in range(Dragon.min_players, Dragon.max_players + 1)
              for state in palette.sample_states(Dragon(), players, seed=players)]
    boards.append(draw_board(public_view(palette.sample_states(Dragon(), 3, seed=1, at=())[-1]), aborted=True))
    return boards + [card_in_slot(kind) for kind in (*KINDS, DOWN)]


PALETTE = palette.learnt("dragon", _specimen)

"""What the game modes and the Rainforest add to Eye for an Eye's board, drawn and said in words.

ARENA.md 3.2 asks for the mode components on the image (2.3, 2.7):
- the Rainforest's Raging Current tracks (advanced rules): a box in each corner of the board, a
  space per die, each die locked on one in its owner's colour;
- King of the Hill: the hill outlined in white as the goal, and the shared hill card (M R S) as a
  box like a track's, its title "Climbing!" once the card has been filled an odd number of times;
- Domination: the current flower's area outlined in the flower's colour with a flower on each of
  its hexes, and a box with the flower and the cards left in the deck;
- the Nymphlet Ceremony: each Nymphlet a star in its owner's colour on its hex, and in the legend
  a small star for each Nymphlet a player has left.
A mode's own box sits in the board's top-left corner, or above the south-west track when the
Raging Current tracks hold the corners.

Layers: what cannot change during a match (the boxes, the hill's outline) is drawn once on the
cached base layer (`draw_fixed`, keyed by `fixed_parts`, which holds the words drawn there, so a board
in another language has its own layer); the flower, the Nymphlets and the dice change, so `draw_live`
draws them on every board, before the figures (a figure's arc and disc go over them).
render.arena lays the board out and passes its layout as a `Frame`: it imports this module, so this one
cannot import it (nor render.arena_words, which imports it for the modes' words).

The words drawn come through `show` in the board's language, as render.arena's own do: the boxes'
titles, the cards left, and what a track does ('in' for the flood; a shift keeps its number and compass
letters). The tracks' names are the game's own, drawn as the view gives them.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from engine.arena.board import COMPASS
from engine.arena.data import FACE_NAMES
from engine.arena.view_types import ArenaView, CurrentView, ModeView, SeatView
from engine.errors import Said, Term, counted
from engine.hexgrid import neighbour
from render import palette
from render.cache import cached_layer
from render.canvas import draw_text, rounded_panel, text_width

Point = tuple[float, float]
Show = Callable[[str], str]  # words (a `Said`, a `Term`) as the reader reads them; `str` reads English

TRACK_W, TRACK_H = 92, 46  # a Raging Current track's box
CARD_W, CARD_H = 72, 44    # the mode's own box: the hill card, or the flower and its deck
SLOT = 18                  # a die's space on a track or the hill card
SLOT_GAP = 2
STAR = 17                  # a Nymphlet: a star this many px from its centre to a point
ROW_STAR = 10              # ... and in the legend
FLOWER = 13                # a flower on the current flower's hexes: its petals' reach
EDGE = 4                   # px, the outline of the hill and of the flower's area
SUPER = 4                  # supersampling for the stars and flowers
HILL_EDGE = palette.WHITE
CLIMBING = (0xFF, 0xD2, 0x4D)  # the hill card's title while climbing: 10:1 on the panel
RIM = palette.BLACK
EFFECT_GAP = 2             # px between a track's last space and what the track does, when that fits beside it
FLOWER_TITLE = Said("Flower")        # Domination's box
HILL_TITLE = Said("Hill card")       # King of the Hill's box...
CLIMBING_TITLE = Said("Climbing!")   # ...once the card has been filled an odd number of times
FLOOD_EFFECT = Term("in", "arena track effect")  # the flood: the figures beside the stream step into it
EMPTY = Said("empty")  # a track's or the hill card's space without a die
# A hex's corners, top first and clockwise (as Frame.corners gives them), at each end of the
# side towards each direction: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
SIDE_CORNERS = ((1, 2), (0, 1), (5, 0), (4, 5), (3, 4), (2, 3))


class Frame(NamedTuple):
    """The board's layout as render.arena draws it: the pieces follow it."""

    centre: Callable[[Sequence[int]], Point]          # a hex's centre pixel
    corners: Callable[[Sequence[int]], list[Point]]   # its six corners, top first, clockwise
    colours: Mapping[str, palette.RGB]                # each area's colour (a player's is their area's)
    board: tuple[int, int, int, int]                  # left, top, right, bottom: boxes go in its corners
    text: int                                         # the text size of the boxes


class Fixed(NamedTuple):
    """The parts that stay put for a whole match (a key for the cached layer)."""

    tracks: tuple[tuple[str, str, str, tuple[str, ...]], ...]  # name, corner, effect (as shown), faces
    mode: str = ""                      # the mode's key
    hill: tuple[tuple[int, int], ...] = ()
    card: tuple[str, ...] = ()          # the hill card's faces
    title: str = ""                     # Domination's box title, as shown


def mode_of(view: ArenaView) -> ModeView:
    """The mode's part of the view ({} in Every Eye for Themselves)."""
    return view.get("game_mode") or {}


def fixed_parts(view: ArenaView, show: Show = str) -> Fixed:
    """What of the view's tracks and mode stays put for the match, its words as `show` reads them."""
    mode = mode_of(view)
    tracks = tuple((c["name"], c["corner"], effect(view, c, show), tuple(c["faces"])) for c in view.get("currents") or [])
    return Fixed(tracks, mode.get("key", ""), tuple((h[0], h[1]) for h in mode.get("hill", ())),
                 tuple(mode["card"]["faces"]) if "card" in mode else (),
                 show(FLOWER_TITLE) if mode.get("key") == "domination" else "")


# ----------------------------------------------------------------- boxes: tracks and the mode's card
def track_at(frame: Frame, corner: str) -> tuple[int, int]:
    """The top-left of a Raging Current track's box in its corner of the board."""
    left, top, right, bottom = frame.board
    x = left + 2 if corner.endswith("W") else right - 2 - TRACK_W
    return x, top + 2 if corner.startswith("N") else bottom - 2 - TRACK_H


def card_at(frame: Frame, fixed: Fixed) -> tuple[int, int]:
    """The top-left of the mode's own box: the top-left corner of the board, or above the
    south-west track when the tracks hold the corners."""
    if fixed.tracks:
        x, y = track_at(frame, "SW")
        return x, y - 2 - CARD_H
    return track_at(frame, "NW")


def slot(origin: tuple[int, int], height: int, i: int) -> tuple[int, int, int, int]:
    """The i-th die's space along the bottom of a box `height` px tall at `origin`."""
    x, y = origin
    left, top = x + 5 + i * (SLOT + SLOT_GAP), y + height - 5 - SLOT
    return (left, top, left + SLOT, top + SLOT)


def track_slot(frame: Frame, corner: str, i: int) -> tuple[int, int, int, int]:
    return slot(track_at(frame, corner), TRACK_H, i)


def card_slot(frame: Frame, fixed: Fixed, i: int) -> tuple[int, int, int, int]:
    return slot(card_at(frame, fixed), CARD_H, i)


def _box(d: ImageDraw.ImageDraw, frame: Frame, origin: tuple[int, int], size: tuple[int, int],
         faces: Sequence[str], title: str = "") -> list[tuple[int, int, int, int]]:
    """A panel with a title and an empty space per die (its face); the spaces."""
    x, y = origin
    rounded_panel(d, (x, y, x + size[0], y + size[1]), radius=8)
    if title:
        draw_text(d, (x + 5, y + 3), title, frame.text, palette.TEXT)
    spaces = [slot(origin, size[1], i) for i in range(len(faces))]
    for face, space in zip(faces, spaces, strict=True):
        d.rectangle(space, outline=palette.PANEL_BORDER, width=2)
        draw_text(d, ((space[0] + space[2]) / 2, (space[1] + space[3]) / 2), face, frame.text, palette.MUTED,
                  anchor="mm")
    return spaces


def _die(d: ImageDraw.ImageDraw, frame: Frame, space: tuple[int, int, int, int], face: str,
         colour: palette.RGB) -> None:
    """A die locked in a space: its owner's colour, its face."""
    d.rectangle(space, fill=colour, outline=RIM, width=2)
    draw_text(d, ((space[0] + space[2]) / 2, (space[1] + space[3]) / 2), face, frame.text, palette.BLACK,
              anchor="mm")


def effect(view: ArenaView, current: CurrentView, show: Show = str) -> str:
    """What a track does, in the fewest words: '1 E', '2 E', '1 W' (a number and compass letters, the same
    in every language), 'in' (the flood: a word, as `show` reads it)."""
    if current["flood"]:
        return show(FLOOD_EFFECT)
    flows = COMPASS.index(view["board"]["flows"])
    return f"{abs(current['shift'])} {COMPASS[flows if current['shift'] > 0 else (flows + 3) % 6]}"


# ----------------------------------------------------------------- outlines, stars and flowers
def outline(d: ImageDraw.ImageDraw, frame: Frame, hexes: Sequence[Sequence[int]], colour: palette.RGB,
            casing: palette.RGB | None = None) -> None:
    """The border of a group of hexes (the sides no other hex of the group shares), EDGE px wide
    on the hexes' own sides, so it reads as one region and not as a hex's front arc (an inner
    border); `casing`: a darker line under it, wider, for contrast on any ground."""
    group = {(h[0], h[1]) for h in hexes}
    sides: list[tuple[Point, Point]] = []
    for h in group:
        corners = frame.corners(h)
        sides += [(corners[first], corners[second]) for direction, (first, second) in enumerate(SIDE_CORNERS)
                  if tuple(neighbour(list(h), direction)) not in group]
    for width, fill in ((EDGE + 4, casing), (EDGE, colour)):
        if fill is None:
            continue
        half = width / 2 - 0.5
        for side in sides:
            d.line(side, fill=fill, width=width)
            for x, y in side:  # round the joints
                d.ellipse((x - half, y - half, x + half, y + half), fill=fill)


def _sprite(key: tuple[Any, ...], size: int, paint: Callable[[ImageDraw.ImageDraw, float, int], None]) -> Image.Image:
    """A piece `size` px square, painted SUPER times larger (`paint(draw, centre, k)`) and shrunk:
    anti-aliased in few shades (cached; RGBA)."""
    def build() -> Image.Image:
        big = Image.new("RGBA", (size * SUPER, size * SUPER), (0, 0, 0, 0))
        paint(ImageDraw.Draw(big), size * SUPER / 2, SUPER)
        return big.reduce(SUPER)
    return cached_layer(("arena", *key), build)


def star_sprite(colour: palette.RGB, radius: int = STAR) -> Image.Image:
    """A Nymphlet: a five-pointed star in its owner's colour with a dark rim."""
    def paint(d: ImageDraw.ImageDraw, c: float, k: int) -> None:
        points = []
        for i in range(10):
            r = (radius if i % 2 == 0 else radius * 0.45) * k
            a = math.radians(-90 + 36 * i)
            points.append((c + math.cos(a) * r, c + math.sin(a) * r + radius * 0.1 * k))  # a little low: centred by eye
        d.polygon(points, fill=colour, outline=RIM, width=(2 if radius > ROW_STAR else 1) * k)
    return _sprite(("star", colour, radius), 2 * radius + 6, paint)


def flower_sprite(colour: palette.RGB, reach: int = FLOWER) -> Image.Image:
    """A flower: six petals in the flower's colour round a white heart, with dark rims."""
    def paint(d: ImageDraw.ImageDraw, c: float, k: int) -> None:
        petal = reach * 0.42 * k
        for i in range(6):
            a = math.radians(60 * i + 30)
            x, y = c + math.cos(a) * (reach * k - petal), c + math.sin(a) * (reach * k - petal)
            d.ellipse((x - petal, y - petal, x + petal, y + petal), fill=colour, outline=RIM, width=2 * k)
        heart = reach * 0.36 * k
        d.ellipse((c - heart, c - heart, c + heart, c + heart), fill=palette.WHITE, outline=RIM, width=2 * k)
    return _sprite(("flower", colour, reach), 2 * reach + 6, paint)


def _paste(image: Image.Image, sprite: Image.Image, at: Point) -> None:
    image.paste(sprite, (round(at[0] - sprite.width / 2), round(at[1] - sprite.height / 2)), sprite)


# ----------------------------------------------------------------- drawing
def draw_fixed(d: ImageDraw.ImageDraw, frame: Frame, fixed: Fixed) -> None:
    """The parts that stay put: the hill's outline, the track boxes and the mode's box."""
    if fixed.hill:
        outline(d, frame, fixed.hill, HILL_EDGE)
    for name, corner, what, faces in fixed.tracks:
        origin = track_at(frame, corner)
        last = _box(d, frame, origin, (TRACK_W, TRACK_H), faces, name)[-1]
        right = origin[0] + TRACK_W - 5
        if text_width(what, frame.text) <= right - last[2] - EFFECT_GAP:  # right of its spaces
            draw_text(d, (right, (last[1] + last[3]) / 2), what, frame.text, palette.MUTED, anchor="rm")
        else:  # a longer word (a translation) on the title's line, clear of the spaces
            draw_text(d, (right, origin[1] + 3), what, frame.text, palette.MUTED, anchor="ra")
    if fixed.card:
        _box(d, frame, card_at(frame, fixed), (CARD_W, CARD_H), fixed.card)
    elif fixed.mode == "domination":
        _box(d, frame, card_at(frame, fixed), (CARD_W, CARD_H), (), fixed.title)


def draw_live(image: Image.Image, d: ImageDraw.ImageDraw, frame: Frame, view: ArenaView, fixed: Fixed,
              show: Show = str) -> None:
    """What changes: the dice on the tracks and the hill card, the flower and its area, the
    Nymphlets (under the figures: draw the figures after). `fixed`: the view's `fixed_parts`;
    `show`: the board's words as its reader reads them."""
    colours = [frame.colours[seat["colour"]] for seat in view["seats"]]
    for current in view.get("currents") or []:
        for i, (face, owner) in enumerate(zip(current["faces"], current["dice"], strict=True)):
            if owner is not None:
                _die(d, frame, track_slot(frame, current["corner"], i), face, colours[owner])
    mode = mode_of(view)
    if "card" in mode:
        x, y = card_at(frame, fixed)
        climbing = mode["climbing"]
        draw_text(d, (x + 5, y + 3), show(CLIMBING_TITLE if climbing else HILL_TITLE), frame.text,
                  CLIMBING if climbing else palette.TEXT)
        for i, (face, owner) in enumerate(zip(mode["card"]["faces"], mode["card"]["dice"], strict=True)):
            if owner is not None:
                _die(d, frame, card_slot(frame, fixed, i), face, colours[owner])
    if mode.get("key") == "domination":
        _draw_flower(image, d, frame, fixed, mode, show)
    for nymphlet in mode.get("nymphlets", ()):
        _paste(image, star_sprite(colours[nymphlet["owner"]]), frame.centre(nymphlet["hex"]))


def _draw_flower(image: Image.Image, d: ImageDraw.ImageDraw, frame: Frame, fixed: Fixed, mode: ModeView,
                 show: Show = str) -> None:
    """The current flower's area (an outline and a flower on each hex), and in the mode's box the
    flower shown and the cards left in the deck."""
    x, y = card_at(frame, fixed)
    row = y + CARD_H - 5 - SLOT / 2
    if mode["flower"]:
        colour = frame.colours[mode["flower"]]
        outline(d, frame, mode["area"], colour, casing=RIM)
        for h in mode["area"]:
            _paste(image, flower_sprite(colour), frame.centre(h))
        _paste(image, flower_sprite(colour, 9), (x + 15, row))
    draw_text(d, (x + CARD_W - 5, row), show(Said("{n} left", n=mode["deck"])), frame.text, palette.MUTED,
              anchor="rm")


def draw_row_stars(image: Image.Image, frame: Frame, view: ArenaView, seat: SeatView, right: float,
                   cy: float) -> float:
    """The Ceremony's legend: a small star for each Nymphlet the player has left, ending at
    `right`; where they begin (`right` when there are none)."""
    left = right
    for nymphlet in mode_of(view).get("nymphlets", ()):
        if nymphlet["owner"] == seat["seat"]:
            left -= 2 * ROW_STAR + 2
            _paste(image, star_sprite(frame.colours[seat["colour"]], ROW_STAR), (left + ROW_STAR + 1, cy))
    return left


# ----------------------------------------------------------------- words
def currents_words(view: ArenaView, who: Sequence[str], show: Show = str) -> str:
    """Each Raging Current track: where, what fills it, what it does, whose dice are on it."""
    parts = []
    for c in view["currents"] or ():  # (asked only when there are some)
        faces = show(counted("{n} {face} die", "{n} {face} dice", len(c["faces"]), face=FACE_NAMES[c["faces"][0]]))
        dice = [who[s] for s in c["dice"] if s is not None]
        parts.append(show(Said("{track} ({corner}, {faces}, {effect}): {dice}", track=c["name"], corner=c["corner"],
                               faces=faces, effect=effect(view, c, show),
                               dice=", ".join(dice) if dice else show(EMPTY))))
    return show(Said("Raging Currents: {tracks}.", tracks="; ".join(parts)))


def mode_words(view: ArenaView, who: Sequence[str], places: Callable[[Sequence[Sequence[int]]], str],
               show: Show = str) -> str:
    """The mode's pieces in words ('' in Every Eye): where each Nymphlet is and whose, and the
    catches; the flower's area and the deck; the hill and whose dice are on the hill card.
    `places` names hexes as players say them (render.arena_words, which imports this module)."""
    mode = mode_of(view)
    if "nymphlets" in mode:
        where = ", ".join(show(Said("{who}'s at {place}", who=who[n["owner"]], place=places([n["hex"]])))
                          for n in mode["nymphlets"]) or show(Said("none left"))
        caught = ", ".join(f"{who[s]} {c}" for s, c in enumerate(mode["catches"]) if c)
        return show(Said("Nymphlets (stars): {where}; caught: {caught}.", where=where, caught=caught) if caught
                    else Said("Nymphlets (stars): {where}.", where=where))
    if mode.get("key") == "domination":
        deck = show(counted("{n} flower card left in the deck", "{n} flower cards left in the deck", mode["deck"]))
        if not mode["flower"]:
            return show(Said("Flower: none shown yet, {deck}.", deck=deck))
        return show(Said("Flower: {colour}, its area {area} outlined, {deck}.", deck=deck, area=places(mode["area"]),
                         colour=Term(str(mode["flower"]), "arena colour")))
    if "card" in mode:
        where = Said("the stream's open hexes") if view["board"].get("stream") else Said("the high ground")
        dice = ", ".join(f"{face} {who[owner] if owner is not None else show(EMPTY)}"
                         for face, owner in zip(mode["card"]["faces"], mode["card"]["dice"], strict=True))
        return show(Said("The hill (outlined in white): {where}. Hill card: {dice}; Climbing the Hill!", where=where,
                         dice=dice) if mode["climbing"] else
                    Said("The hill (outlined in white): {where}. Hill card: {dice}.", where=where, dice=dice))
    return ""

"""Treasure of the Dragons boards read on a phone: every text at least 12 px when the image is shown
400 px wide and at 4.5:1 contrast or better, inside the image, in every phase, with the longest
names; and the busiest board stays small enough to send quickly."""
from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator

import pytest
from PIL import Image

import render.dragon as R
from engine.dragon import KINDS, Dragon, turn_of
from tests.kit.readability import image_width, recording_text

GAME = Dragon()
NOW = 1_000.0
LONG_NAMES = ["WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Bartholomew Fitzgerald-Smythe 3", "Zoë the Unbeatable 🐉",
              "xXx_DragonSlayer_2000_xXx__yYy__", "Maximilian von Habsburg-Lothring"]  # Discord's 32 characters
MAX_PNG = 40 * 1024


def cells_of(state, *kinds):
    return [[r, c] for r in range(7) for c in range(7) if state["grid"][r][c] in kinds]


def turn_over(state, cells, now=NOW):
    for cell in cells:
        state, _ = GAME.apply(state, turn_of(state), {"type": "reveal", "cell": cell}, now)
    return state


def collecting(state, kinds):
    """`state` after the player on turn turns over every card of `kinds` and stops."""
    state = turn_over(state, cells_of(state, *kinds))
    state, _ = GAME.apply(state, turn_of(state), {"type": "stop"}, NOW)
    return state


def boards(players: int) -> dict[str, tuple[dict, bool]]:
    """Every kind of board a table shows, as (state, aborted)."""
    start = GAME.setup(players, {}, 5, NOW)
    played = start
    for kinds in (("ring",), ("ball",), ("crate",), ("car",)):  # the first four seats hold something
        played = collecting(played, kinds)
    mid_turn = turn_over(played, cells_of(played, "doll", "candlestick"))
    busiest = turn_over(start, cells_of(start, "ball", "car", "doll", "candlestick", "crate", "ring"))
    clash = turn_over(played, [*cells_of(played, "doll")[:2], cells_of(played, "candlestick")[0],
                               cells_of(played, "dragon")[0]])
    spider = turn_over(played, [cells_of(played, "spider")[0]])
    moved, _ = GAME.apply(spider, turn_of(spider), {"type": "move_spider", "cell": cells_of(spider, None)[0]}, NOW)
    over = collecting(collecting(played, ("doll", "candlestick")), ("dragon",))
    left = played
    for seat in range(1, players):
        left, _ = GAME.apply(left, seat, {"type": "leave"}, NOW)
    return {"start": (start, False), "mid-turn": (mid_turn, False), "busiest": (busiest, False),
            "clash": (clash, False), "spider": (spider, False), "moved spider": (moved, False),
            "game over": (over, False), "too few left": (left, False), "aborted": (clash, True),
            "aborted in the spider phase": (spider, True)}


def render(state, aborted, players):
    return R.render_dragon(GAME.view(state, None), LONG_NAMES[:players], now=NOW + 7, aborted=aborted)


def test_the_boards_cover_every_phase():
    states = boards(5)
    assert states["game over"][0]["phase"] == "over" and states["game over"][0]["ended"] == "spiders"
    assert states["too few left"][0]["ended"] == "left"
    assert states["spider"][0]["phase"] == "spider" and len(states["clash"][0]["shown"]) == 4
    assert len(states["busiest"][0]["revealed"]) == 34
    assert all(sum(held.values()) for held in states["mid-turn"][0]["collected"][:4])


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("kind", ["start", "mid-turn", "busiest", "clash", "spider", "moved spider", "game over",
                                  "too few left", "aborted", "aborted in the spider phase"])
def test_every_board_text_is_readable_on_a_phone(players, kind):
    state, aborted = boards(players)[kind]
    with recording_text(R) as log:
        image = render(state, aborted, players)
    assert len(log.drawn) > 30  # grid labels, key, header, news and scores were seen
    assert log.problems(image_width(image.png)) == []


@contextlib.contextmanager
def recording_boxes() -> Iterator[list[tuple[str, tuple[float, float, float, float]]]]:
    """The text and box of every `draw_text` call of the dragon renderer, static layers included."""
    boxes: list[tuple[str, tuple[float, float, float, float]]] = []
    with recording_text(R):  # (it also empties the layer cache, so the static text is drawn again)
        drawing = R.draw_text

        def boxed(draw, xy, text, *args, **kwargs):
            box = drawing(draw, xy, text, *args, **kwargs)
            boxes.append((text, box))
            return box

        R.draw_text = boxed
        try:
            yield boxes
        finally:
            R.draw_text = drawing


@pytest.mark.parametrize("players", [2, 5])
def test_every_text_lies_inside_the_image(players):
    for kind, (state, aborted) in boards(players).items():
        with recording_boxes() as boxes:
            image = render(state, aborted, players)
        width, height = Image.open(io.BytesIO(image.png)).size
        outside = [text for text, (left, top, right, bottom) in boxes
                   if left < R.MARGIN or top < R.MARGIN or right > width - R.MARGIN or bottom > height - R.MARGIN]
        assert outside == [], kind


@pytest.mark.parametrize("players", [2, 5])
def test_a_board_stays_small_enough_to_send_quickly(players):
    states = boards(players)
    crowded = {**states["busiest"][0], "collected": [dict.fromkeys(KINDS, 12)] * players}  # no game gets here:
    for kind, (state, aborted) in [*states.items(), ("every count filled", (crowded, False))]:  # the worst case
        image = render(state, aborted, players)
        assert len(image.png) <= MAX_PNG, (kind, len(image.png))
        assert image_width(image.png) == R.WIDTH <= 480, kind


def test_the_score_table_has_a_column_for_every_kind():
    state, _ = boards(3)["game over"]
    with recording_text(R) as log:
        render(state, False, 3)
    drawn = [t.text for t in log.drawn]
    assert {"Collected", "Cards"} <= set(drawn)
    assert {kind.capitalize() for kind in KINDS} <= set(drawn)  # the key names every shape
    for seat in range(3):
        assert str(GAME.view(state, None)["scores"][seat]) in drawn

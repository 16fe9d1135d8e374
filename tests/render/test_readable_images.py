"""Every leaderboard, rating chart and text card reads on a phone: big enough, contrasted, inside the image.

The inputs are what the cogs send at their worst: Discord's longest display names (32 characters),
emoji and accents, four-digit places, the four charted games with their long titles and 41 points
each, a single point, nothing at all.
"""
from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Callable, Iterator
from types import ModuleType

import pytest
from PIL import Image

import render.leaderboard
import render.text_card
from render.encode import RenderedImage
from render.leaderboard import Row, Series, render_leaderboard, render_rating_chart
from render.text_card import render_text_card
from tests.kit.readability import TextLog, image_width, recording_text

MAX_PNG = 40 * 1024

NAMES = ["Bartholomew Fitzgerald-Smythe 3", "Zoë the Unbeatable 🐉", "xXx_DragonSlayer_2000_xXx__yYy__",
         "Ann", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "Maximilian von Habsburg-Lothring", "Chloé", "李小龍 Bruce Lee",
         "Dan", "Eve the quiet one in the corner"]
TOP = [Row(i + 1, name, f"{1834 - 27 * i}", 1312 - 97 * i, 1 - i / 9) for i, name in enumerate(NAMES)]
ME = Row(1234, "Someone With A Very Long Name!!!", "1398", 7, 1 / 7, highlight=True)
T0 = 1_800_000_000.0
GAMES = ("Treasure of the Dragons", "Zap That Ghost", "Eye of the Tiger", "Tally")


def history(n: int, start: float, swing: float) -> list[tuple[float, float]]:
    return [(start + 3600 * i, 1500 + swing * math.sin(i / 4) + 3 * i) for i in range(n)]


BOARDS: dict[str, Callable[[], RenderedImage]] = {
    "ten long names and the viewer far below": lambda: render_leaderboard(
        "Treasure of the Dragons leaderboard", "This server · All time · 12345 players", TOP, me=ME),
    "the viewer inside the top, ranked by wins": lambda: render_leaderboard(
        "Zap That Ghost leaderboard", "Global · This month · 57 players",
        [Row(r.position, r.name, str(999 - r.position), r.games, r.win_rate, highlight=r.position == 5)
         for r in TOP], figure_label="Wins"),
    "ties share a medal": lambda: render_leaderboard(
        "Eye of the Tiger leaderboard", "This server · This week · 4 players",
        [Row(1, "Ann", "1516", 1, 1.0), Row(1, "Bob", "1516", 1, 1.0), Row(3, "Cat", "1484", 1, 0.0),
         Row(3, "Dan", "1484", 1, 0.0)]),
    "an empty board": lambda: render_leaderboard(
        "Treasure of the Dragons leaderboard", "Global · This week · 0 players", []),
}

CHARTS: dict[str, Callable[[], RenderedImage]] = {
    "four games with many points": lambda: render_rating_chart(
        "Bartholomew Fitzgerald-Smythe 3: rating over time",
        [Series(game, history(41, T0 + 600 * i, 120 - 30 * i)) for i, game in enumerate(GAMES)]),
    "one game with many points": lambda: render_rating_chart(
        "Ann: rating over time", [Series("Tally", history(41, T0, 200))]),
    "one point": lambda: render_rating_chart("Ann: rating over time", [Series("Tally", [(T0, 1500.0)])]),
    "two games, few points": lambda: render_rating_chart("ann: rating over time", [
        Series("Tally", [(T0, 1500.0), (T0 + 60, 1565.0), (T0 + 120, 1540.0)]),
        Series("Dragon", [(T0 + 30, 1500.0), (T0 + 90, 1480.0)])]),
    "no points": lambda: render_rating_chart("Ann: rating over time", []),
}

CARDS: dict[str, Callable[[], RenderedImage]] = {
    "a game's view": lambda: render_text_card("Tally", [
        'scores: [3, 5, 1]', 'turn: 2', 'phase: "playing"', "This game was ended early."]),
    "long lines and a long title": lambda: render_text_card(
        "Treasure of the Dragons, a game with a title far too long for one line",
        ["word " * 60, 'board: {"cells": [[0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15]]}']),
    "a title alone": lambda: render_text_card("Tally", []),
    "a wide card": lambda: render_text_card("Tally", ["Red to move", "Roll: 5"], width=1000),
}


@contextlib.contextmanager
def recording_boxes(module: ModuleType) -> Iterator[list[tuple[str, tuple[float, float, float, float]]]]:
    """The text and box of every `draw_text` call in `module` (inside `recording_text`)."""
    boxes: list[tuple[str, tuple[float, float, float, float]]] = []
    drawing = module.draw_text

    def boxed(draw, xy, text, *args, **kwargs):
        box = drawing(draw, xy, text, *args, **kwargs)
        boxes.append((text, box))
        return box

    module.draw_text = boxed
    try:
        yield boxes
    finally:
        module.draw_text = drawing


def render_checked(module: ModuleType, render: Callable[[], RenderedImage]) -> tuple[RenderedImage, TextLog]:
    with recording_text(module) as log, recording_boxes(module) as boxes:
        image = render()
    width, height = Image.open(io.BytesIO(image.png)).size
    assert log.drawn, "nothing was recorded: does the module still draw through canvas.draw_text?"
    outside = [text for text, (left, top, right, bottom) in boxes
               if text.strip() and (left < 0 or top < 0 or right > width or bottom > height)]
    assert outside == [], f"text cut off by the image's edge: {outside}"
    assert len(image.png) <= MAX_PNG
    return image, log


@pytest.mark.parametrize("case", BOARDS)
def test_leaderboards_read_on_a_phone(case):
    image, log = render_checked(render.leaderboard, BOARDS[case])
    assert log.problems(image_width(image.png)) == []


@pytest.mark.parametrize("case", CHARTS)
def test_rating_charts_read_on_a_phone(case):
    image, log = render_checked(render.leaderboard, CHARTS[case])
    assert log.problems(image_width(image.png)) == []


@pytest.mark.parametrize("case", CARDS)
def test_text_cards_read_on_a_phone(case):
    image, log = render_checked(render.text_card, CARDS[case])
    assert log.problems(image_width(image.png)) == []


def test_a_board_shows_every_column_of_every_row():
    """Complete as well as readable: each row's place, figure, games and win rate is drawn whole."""
    with recording_text(render.leaderboard) as log:
        render_leaderboard("Treasure of the Dragons leaderboard", "Global · All time · 12345 players", TOP, me=ME)
    drawn = [t.text for t in log.drawn]
    for row in [*TOP, ME]:
        assert {str(row.position), row.figure, str(row.games), f"{round(100 * row.win_rate)}%"} <= set(drawn)
    assert "Ann" in drawn and "Dan" in drawn  # short names are never shortened


def test_the_chart_legend_names_every_game():
    with recording_text(render.leaderboard) as log:
        CHARTS["four games with many points"]()
    drawn = " ".join(t.text for t in log.drawn)
    assert all(game.split()[0] in drawn for game in GAMES)

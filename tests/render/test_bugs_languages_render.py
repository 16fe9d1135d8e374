"""Bugs & Co's table, tile and scoring pictures drawn in German and in French (a French game): every
word is the catalogue's, readable on a phone and clear of every other word wherever English is, the
longest tile name fits the tile's picture, and the scoring's alt text keeps within Discord's limit."""
from __future__ import annotations

import functools

import pytest

from cogs.language import ptext, said_text
from engine.bugs import DESIGNS, Bugs, seat_view
from render import bugs as R
from render import canvas, palette
from render.encode import MAX_DESCRIPTION
from tests.kit import bugs_states as K
from tests.kit.english_words import SHIPPED
from tests.kit.placed_words import clashes, placed_words
from tests.kit.readability import image_width, recording_text

GAME = Bugs()
NAMES = ["Bartholomew Fitzgerald-Smythe 3", "Zoë", "Maximilian von Habsburg-Lothring", "Ann", "Bob", "Cy", "Di", "Ed"]


def tables() -> list[tuple[dict, int]]:
    """(public view, players): seeded games small and full, a tile held, the countdown, the end."""
    found = [(seat_view(state, None), players) for players in (2, 5, 8)
             for state in palette.sample_states(GAME, players, seed=players, at=(0, 10, 40))]
    found += [(seat_view(make(players), None), players) for players in (2, 8)
              for make in (K.playing, K.countdown, K.finished)]
    return found


def show(code: str):
    return functools.partial(said_text, code)


def title(code: str) -> str:
    return ptext(code, "game title", GAME.title)


def overlaps(code: str, view: dict, players: int) -> list[str]:
    with placed_words(R, lambda size: size[0] == R.WIDTH) as placed:
        R.draw_board(view, NAMES[:players], now=K.NOW, show=show(code), title=title(code))
    return clashes(placed, R.WIDTH)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_table_word_is_readable_on_a_phone(code):
    for view, players in tables():
        with recording_text(R) as log:
            image = R.render_bugs(view, NAMES[:players], now=K.NOW, show=show(code), title=title(code))
        assert log.drawn and log.problems(image_width(image.png)) == []


@pytest.mark.parametrize("code", SHIPPED)
def test_every_word_sits_clear_of_the_others_wherever_english_does(code):
    clear = [table for table in tables() if not overlaps("en", *table)]
    assert len(clear) > 8
    for table in clear:
        assert not overlaps(code, *table), overlaps(code, *table)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_tile_names_its_bug_inside_its_picture(code):
    for design in DESIGNS:
        with recording_text(R) as log:
            image = R.render_tile(design.id, place=37, show=show(code))
        name = said_text(code, design.said)
        assert canvas.text_width(name, R.NAME_SIZE, True) <= R.TILE_W - 16, name
        assert log.problems(image_width(image.png)) == [] and name in image.description


@pytest.mark.parametrize("code", SHIPPED)
def test_the_scoring_reads_in_the_language_within_the_alt_text_limit(code):
    for players in (2, 5, 8):
        view = seat_view(K.finished(players), None)
        for names in (NAMES[:players], ["W" * 32] * players):
            with recording_text(R) as log:
                image = R.render_scoring(view, names, show(code), title(code))
            assert log.problems(image_width(image.png)) == []
            assert len(image.description) <= MAX_DESCRIPTION
            if R.tiles_described(view, names, show(code), title(code)):
                assert all(said_text(code, DESIGNS[g["design"]].short) in image.description
                           or said_text(code, DESIGNS[g["design"]].said) in image.description
                           for hand in view["hands"] for g in hand["groups"])

"""Zap That Ghost's board and hand drawn in German and in French: every word is the catalogue's,
readable on a phone and clear of every other word wherever English is, with the longest names; the
pieces' letters (German tells yellow and green apart by two) and the cards' colours fit their piece."""
from __future__ import annotations

import functools

import pytest

from cogs.language import ptext, said_text
from engine import ghosts as G
from engine.greenbox import CARDS, COLOURS
from render import canvas, palette
from render import ghosts as R
from tests.kit.english_words import SHIPPED
from tests.kit.placed_words import clashes, placed_words
from tests.kit.readability import image_width, recording_text
from tests.render.ghosts_states import zapped_state

GAME = G.Ghosts()
NOW = 1_000.0
LONG_NAMES = [f"A very long display name number {i}" for i in range(6)]


def boards() -> list[tuple[dict, int, bool]]:
    """(public view, players, aborted): seeded games at small and large tables, every phase, an end."""
    found = []
    for players in (2, 4, 6):
        for view in palette.sample_views(GAME, players, seed=players, at=(0, 5, 12, 30, 60)):
            found.append((view, players, False))
        racing = zapped_state(players)
        called, _ = GAME.apply(racing, 1, {"type": "call", "meeple": "green"}, NOW)
        swap, _ = GAME.apply(called, 1, {"type": "give_up"}, NOW)
        found += [(GAME.view(racing, None), players, False), (GAME.view(called, None), players, False),
                  (GAME.view(swap, None), players, False), (GAME.view(called, None), players, True)]
    return found


def drawn(code: str, view: dict, players: int, aborted: bool):
    return R.render_ghosts(view, names=LONG_NAMES[:players], aborted=aborted, show=functools.partial(said_text, code),
                           title=ptext(code, "game title", GAME.title))


def overlaps(code: str, view: dict, players: int, aborted: bool) -> list[str]:
    with placed_words(R, lambda size: size[0] == R.WIDTH) as placed:
        R.draw_board(R.public_view(view), names=LONG_NAMES[:players], aborted=aborted,
                     show=functools.partial(said_text, code), title=ptext(code, "game title", GAME.title))
    return clashes(placed, R.WIDTH)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_board_word_is_readable_on_a_phone(code):
    for view, players, aborted in boards():
        with recording_text(R) as log:
            image = drawn(code, view, players, aborted)
        assert len(log.drawn) > 20 and log.problems(image_width(image.png)) == []


@pytest.mark.parametrize("code", SHIPPED)
def test_every_word_sits_inside_the_picture_clear_of_the_others_wherever_english_does(code):
    clear = [board for board in boards() if not overlaps("en", *board)]
    assert len(clear) > 20
    for board in clear:
        assert not overlaps(code, *board), overlaps(code, *board)


@pytest.mark.parametrize("code", SHIPPED)
def test_the_pieces_letters_and_the_cards_colours_fit(code):
    for colour in G.MEEPLES:
        letter = said_text(code, R.LETTER[colour])
        assert 1 <= len(letter) <= 2 and canvas.text_width(letter, R.BODY, True) <= 20, letter
    letters = [said_text(code, R.LETTER[colour]) for colour in G.MEEPLES]
    assert len(set(letters)) == len(letters), "every colour has its own letter"
    for colour in COLOURS:
        word = said_text(code, R.COLOUR_WORDS[colour]).capitalize()
        assert canvas.text_width(word, R.HAND_TEXT, True) <= R.CARD_W - 16, word  # inside the card's face


@pytest.mark.parametrize("code", SHIPPED)
def test_a_hand_reads_in_the_language_and_on_a_phone(code):
    cards = [G.card_info(next(c.id for c in CARDS if c.colour == colour)) for colour in COLOURS]
    with recording_text(R) as log:
        image = R.render_hand(cards, show=functools.partial(said_text, code))
    assert log.problems(image_width(image.png)) == []
    assert image.description.startswith(said_text(code, R.Said("Your hand")))
    assert said_text(code, G.card_name(cards[0]["id"])) in image.description

"""Eye for an Eye's board drawn in German and in French: every board of the render tests reads on a phone,
its words stay inside the picture and clear of each other wherever the English board's are, the
description fits Discord's limit, and the longest words (the key's, the legend's column heads) fit their
places."""
from __future__ import annotations

import functools

import pytest

import render.arena as R
import render.arena_modes as RM
from cogs.language import said_text
from render import canvas
from render.encode import MAX_DESCRIPTION
from tests.kit.arena_states import LONG_NAMES, NOW, states
from tests.kit.english_words import SHIPPED
from tests.kit.placed_words import placed_words
from tests.kit.readability import image_width, recording_text


def show(code: str):
    return functools.partial(said_text, code)


def drawn(code: str, view: dict, aborted: bool):
    names = LONG_NAMES[:len(view["seats"])]
    return R.draw_board(view, names, now=NOW + 30, aborted=aborted, show=show(code))


def placed(code: str, view: dict, aborted: bool) -> tuple[list, tuple[int, int]]:
    """Every word drawn on the board, with its box, in drawing order (the same in every language), and the size."""
    with placed_words(R, lambda size: size[0] == R.WIDTH) as words:
        image = drawn(code, view, aborted)
    assert words
    return [(text, box) for text, box in words if text.strip() != "·"], image.size  # a separator is no word


def clashing(words: list, size: tuple[int, int]) -> set[tuple[int, int]]:
    """The pairs of words (by drawing order) that overlap; a word leaving the picture pairs with itself."""
    pairs = set()
    for k, (_, (l1, t1, r1, b1)) in enumerate(words):
        if l1 < 0 or t1 < 0 or r1 > size[0] or b1 > size[1]:
            pairs.add((k, k))
        pairs |= {(k, k + 1 + j) for j, (_, (l2, t2, r2, b2)) in enumerate(words[k + 1:])
                  if l1 < r2 and l2 < r1 and t1 < b2 and t2 < b1}
    return pairs


def clashing_places(words: list, size: tuple[int, int]) -> set[tuple[tuple, tuple]]:
    """The overlapping pairs as the places of their two words (the same in every language for a word
    that is not translated: a hex's label, a figure's letter, a number), however the drawing order shifts."""
    return {(tuple(words[i][1]), tuple(words[j][1])) for i, j in clashing(words, size)}


@pytest.mark.parametrize("code", SHIPPED)
def test_every_word_sits_inside_the_picture_clear_of_the_others(code):
    """Wherever the English board's words are clear of each other (a figure's letter covers its hex's label
    in English too), so are the translation's: no word leaves the picture, and two words overlap only
    where the same two places overlap in English."""
    for kind, (view, aborted) in states().items():
        english, size = placed("en", view, aborted)
        translated, translated_size = placed(code, view, aborted)
        assert translated_size == size, kind
        assert not {(i, j) for i, j in clashing(translated, size) if i == j}, kind
        new = clashing_places(translated, size) - clashing_places(english, size)
        assert not new, (kind, [(text, box) for text, box in translated if any(tuple(box) in pair for pair in new)])


@pytest.mark.parametrize("code", SHIPPED)
def test_every_board_is_readable_on_a_phone_and_described_within_the_limit(code):
    for kind, (view, aborted) in states().items():
        with recording_text(R, RM) as log:
            image = R.render_arena(view, LONG_NAMES[:len(view["seats"])], now=NOW + 30, aborted=aborted,
                                   show=show(code))
        assert log.problems(image_width(image.png)) == [], kind
        assert len(image.description) <= MAX_DESCRIPTION, kind


@pytest.mark.parametrize("code", SHIPPED)
def test_the_longest_words_fit_their_places(code):
    """The key's words beside their icons, and the legend's column heads over their columns."""
    words = R.base_words(show(code))
    for word in (words.boulder, words.stone, words.start):
        assert R.MARGIN + 10 + 16 + canvas.text_width(word, R.SMALL) < R.WIDTH / 2, word
    for word in (words.stream, words.hill, words.high):
        assert canvas.text_width(word, R.SMALL) + 14 + 10 < R.WIDTH / 2, word
    heads = [(R.HEALTH_X, words.health), (R.CUP_X, words.vp), (R.CUP_X, words.cup), (R.POINTS_X, words.points)]
    health = canvas.text_width(words.health, R.SMALL)
    assert R.NAME_X + canvas.text_width(words.player, R.SMALL) < R.HEALTH_X - health / 2
    for (x, word), (next_x, next_word) in zip(heads, heads[2:] + [(R.WIDTH - R.MARGIN, "")] * 2, strict=False):
        assert x + canvas.text_width(word, R.SMALL) / 2 < next_x - canvas.text_width(next_word, R.SMALL) / 2, word


def test_a_german_board_draws_german_words():
    view, aborted = states()["fight, an attack pending"]
    with recording_text(R, RM) as log:
        drawn("de", view, aborted)
    words = " ".join(t.text for t in log.drawn)
    for word in ("Runde", "Spieler", "Leben", "Punkte", "Startbereich", "Anhöhe", "Echtzeit"):
        assert word in words, word

"""Eye of the Tiger's board drawn in German and in French: every word is the catalogue's, readable on a
phone, inside the picture and clear of every other word, on boards of every kind, with every monster
ability on the track (German's long words: the longest of each drawn slot)."""
from __future__ import annotations

import functools

import pytest

import render.tiger as R
from cogs.language import ptext, said_text
from engine import registry
from engine.tiger import ABILITY_SHORT, EYE_TILE
from render import canvas, palette
from tests.kit.english_words import SHIPPED
from tests.kit.placed_words import clashes, placed_words
from tests.kit.readability import recording_text

registry.load(["engine.tiger"])
G = registry.get("tiger")


DOUBLES = ("no_weakness", "light", "half_attack", "colour_removed", "colour_needed")  # a double's ability
SUMS = ("only_match", "dim", "no_match", "need_match", "even_odd", "double")  # and the dice sum's (advanced)


def abilities_on_the_track(pairs: list[tuple[str, str]]) -> dict:
    """A position whose three monsters carry these two abilities each (a double's, a sum's), with the
    bonuses, gold cubes and a colour bonus a late game may show."""
    state = G.setup(1, {"advanced": True}, 4, 0.0)
    state["turn"] = 12
    tiles = [t for t in state["pile"] if t != EYE_TILE][:3]
    for t in tiles:
        state["pile"].remove(t)
    state["track"] = [{"tile": t, "eye": False, "power": 17, "dice": [6, 6], "abilities": list(pair),
                       "colour": "yellow", "extra": 3} for t, pair in zip(tiles, pairs, strict=False)]
    state["bonus"] = {"light": 1, "attack": 2, "field_one": 2}
    state["gold"] = 3
    return state


def every_ability_on_the_track() -> list[dict]:
    """Every pair of abilities a monster may have, three monsters a board."""
    pairs = [(double, total) for double in DOUBLES for total in SUMS]
    return [abilities_on_the_track(pairs[k:k + 3]) for k in range(0, len(pairs), 3)]


def boards() -> list[tuple[dict, bool]]:
    """(view, aborted): seeded games from the first turn to the end, both modes, an aborted one, and
    every monster ability on the track."""
    views = [view for seed, advanced in ((1, False), (2, True), (5, True))
             for view in palette.sample_views(G, 1, seed=seed, at=(0, 4, 9, 30, 60), options={"advanced": advanced})]
    return ([(view, False) for view in views] + [(views[-1], True)]
            + [(G.view(state, None), False) for state in every_ability_on_the_track()])


def drawn(code: str, view: dict, aborted: bool):
    show = functools.partial(said_text, code)
    return R.draw_board(view, aborted=aborted, show=show, title=ptext(code, "game title", G.title))


def overlaps(code: str, view: dict, aborted: bool) -> list[str]:
    with placed_words(R, lambda size: size == (R.WIDTH, R.HEIGHT)) as placed:
        drawn(code, view, aborted)
    assert placed
    return clashes(placed, R.WIDTH, R.HEIGHT)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_word_sits_inside_the_picture_clear_of_the_others(code):
    """Wherever the English board's words are clear of each other (a monster with two long abilities
    runs past its field in English too), so are the translation's."""
    clear = [(view, aborted) for view, aborted in boards() if not overlaps("en", view, aborted)]
    assert len(clear) > 15
    for view, aborted in clear:
        assert not overlaps(code, view, aborted), overlaps(code, view, aborted)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_board_word_is_readable_on_a_phone_in_each_language(code):
    for view, aborted in boards():
        with recording_text(R) as log:
            image = drawn(code, view, aborted)
        assert log.drawn and not log.problems(image.width), log.problems(image.width)


@pytest.mark.parametrize("code", SHIPPED)
def test_the_longest_words_fit_their_slots(code):
    """The card's light under its picture, each ability's words in a field's column, the pile's count word."""
    show = functools.partial(said_text, code)
    inset = max(5, round(R.CARD_W / 14))
    light = show(R.Said("light {n}", n=3))
    assert canvas.text_width(light, R.SMALL) <= R.MINI_W - 2 * max(5, round(R.MINI_W / 14)), light
    assert canvas.text_width(light, R.SMALL) <= R.CARD_W - 2 * inset
    for key in ABILITY_SHORT:
        words = show(R.ability_said(key, "yellow", "hammers", short=True))
        for line in canvas.wrap_text(words, R.SMALL, R.FIELD_W - 31):
            assert canvas.text_width(line, R.SMALL) <= R.FIELD_W - 31, line
    for count in (1, 2):
        tiles = show(R.counted("tile", "tiles", count))
        assert canvas.text_width(tiles, R.SMALL) <= R.PILE_W - 4, tiles


def test_a_german_board_draws_german_words():
    with recording_text(R) as log:
        drawn("de", G.view(every_ability_on_the_track()[0], None), False)
    words = " ".join(t.text for t in log.drawn)
    for word in ("Stapel", "Licht nötig", "Vorrat", "Stärke", "Besiegt", "Monsterablage", "Gelb"):
        assert word in words, word

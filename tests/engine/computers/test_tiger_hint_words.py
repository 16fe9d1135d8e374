"""Eye of the Tiger's hint speaks in engine words (engine/errors.py): its move and its reason are `Said`s,
English exactly as the hint always read, built from catalogue templates with named fields, so a German or
French reader reads them in their language (cogs/tiger.py's hint_words shows them through said_text)."""
from __future__ import annotations

from functools import cache

import pytest

from engine.computers.tiger import advise
from engine.errors import FIELD, Either, Said, Term
from engine.protocol import View
from engine.tiger import FIELDS, Tiger

GAME = Tiger()

# (advanced, seed, move, level) -> the hint's English (move, why), as the hint read before it became engine
# words: a game of each seed played by the hint's own (hard) moves, read before that move at that level.
ENGLISH = {
    (False, 1, 0, "easy"): ("Buy the red drop (1)", "it strengthens your deck most (value 1, light 0)"),
    (False, 1, 7, "hard"): ("Buy nothing", "no card you can afford would make your deck stronger"),
    (True, 1, 5, "easy"): ("Buy the red drop (1) and the red hammers (2)",
                           "it strengthens your deck most (value 1, light 0; value 2, light 1)"),
    (False, 14, 7, "hard"): ("Buy the white hammers (5), declining the free card",
                             "it strengthens your deck most (value 5, light 1)"),
    (False, 1, 17, "easy"): ("Fight the circles monster on field III with yellow hammers (1), green drop (5), "
                             "green circles (2)", "attack 6 beats power 5 for 3 points, you lose green circles (2)"),
    (False, 1, 55, "easy"): ("Fight the hammers monster on field I with black circles (2)",
                             "attack 2 beats power 2 for 2 points, and it wins the Eye of the Tiger, "
                             "a clean win pays 1 gold"),
    (True, 1, 43, "easy"): ("Fight the wheel monster on field III with green hammers (6), doubling the green "
                            "hammers (6)", "attack 12 beats power 11 for 5 points, a clean win pays 3 gold, "
                            "you lose green hammers (6)"),
    (False, 1, 6, "normal"): ("Remove red drop (1) and blue drop (1) from your deck",
                              "the weakest cards: your good cards come round more often"),
    (False, 1, 6, "easy"): ("Keep all cards", "every card may help"),
    (False, 1, 28, "normal"): ("Keep all cards", "every card pulls its weight, and a deck needs enough cards"),
}


@cache
def views(advanced: bool, seed: int) -> tuple[View, ...]:
    """The views of a seeded game played by the hint's own moves, move by move (the first 60 at most)."""
    state = GAME.setup(1, {"advanced": advanced}, seed, 0.0)
    seen: list[View] = []
    while GAME.outcome(state) is None and len(seen) < 60:
        view = GAME.view(state, 0)
        seen.append(view)
        state, _events = GAME.apply(state, 0, advise(view).action, 0.0)
    return tuple(seen)


def hint(advanced: bool, seed: int, move: int, level: str):
    return advise(views(advanced, seed)[move], level)


def saids(word: str):
    """Every `Said` in a text, the text itself first, then those among its values (and their values)."""
    if isinstance(word, Said):
        yield word
    if isinstance(word, Either):
        for item in word.items:
            yield from saids(item)
    for value in getattr(word, "values", {}).values():
        yield from saids(value)


def plain_values(word: str) -> list[object]:
    """The values the reader's language would show as they are: neither a Said, a Term nor a list of them."""
    found = []
    for said in saids(word):
        found += [v for v in said.values.values() if not isinstance(v, Said | Term | Either)]
    if isinstance(word, Either):
        found += [item for item in word.items if not isinstance(item, Said | Term | Either)]
    return found


@pytest.mark.parametrize("key", ENGLISH, ids=lambda key: "-".join(map(str, key)))
def test_the_hint_reads_the_same_english_as_before(key):
    advice = hint(*key)
    assert (str(advice.move), str(advice.why)) == ENGLISH[key]


@pytest.mark.parametrize("key", ENGLISH, ids=lambda key: "-".join(map(str, key)))
def test_the_hints_move_and_reason_are_engine_words(key):
    advice = hint(*key)
    assert isinstance(advice.move, Said) and isinstance(advice.why, Said)


@pytest.mark.parametrize("key", ENGLISH, ids=lambda key: "-".join(map(str, key)))
def test_every_template_names_its_fields_and_only_numbers_are_shown_as_they_are(key):
    """A catalogue template: its fields are named and each has its value; the cards, symbols and lists are
    words of their own (Saids, Terms, lists), so nothing English is glued in; only numbers and the
    fields' Roman numerals pass through."""
    advice = hint(*key)
    for word in (advice.move, advice.why):
        for said in saids(word):
            assert set(FIELD.findall(said.template)) == set(said.values), said.template
            assert "{}" not in said.template and "{0}" not in said.template, said.template
        assert all(isinstance(v, int) or v in FIELDS for v in plain_values(word)), plain_values(word)


def test_the_cards_a_thinning_removes_are_a_list_each_language_joins():
    """'red drop (1) and blue drop (1)': an 'and' list of card names, not English glued with ' and '."""
    cards = hint(False, 1, 6, "normal").move.values["cards"]
    assert isinstance(cards, Either) and len(cards.items) == 2
    assert all(isinstance(card, Said) for card in cards.items)


def test_the_points_of_a_fight_are_counted_words():
    """'for 1 point' and 'for 3 points' come from one plural entry, each language choosing its form."""
    points = hint(False, 1, 17, "easy").why.values["list"].values["points"]
    assert points.many == "{n} points" and points.template == "{n} point" and points.values["n"] == 3

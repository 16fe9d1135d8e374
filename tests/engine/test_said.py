"""The engine's words as ids with values: a refusal reads the same English as before, and keeps the
English source and the values it was made from, so it can be shown in another language."""
from __future__ import annotations

import copy
import pickle

import pytest

from engine import registry
from engine.errors import Either, RuleError, Said, Term, counted
from tests.kit.refusals import refused


def test_a_said_is_its_english_text_and_keeps_its_source_and_values():
    said = Said("Place {place} is empty now.", place=3)
    assert said == "Place 3 is empty now." and isinstance(said, str)
    assert said.template == "Place {place} is empty now." and dict(said.values) == {"place": 3}


def test_seat_and_user_fields_are_not_named_fields():
    assert Said("{seat} gives {@7} a card: {2} waits.", seat="{0}") == "{0} gives {@7} a card: {2} waits."


def test_fields_fill_in_place_at_either_end_and_side_by_side_and_a_value_is_never_read_as_a_field():
    template = "{a}{b} and {a} = {c}"
    for _ in range(2):  # the second time from the template's cached split
        assert Said(template, a="{b}", b=1, c="x{c}") == "{b}1 and {b} = x{c}"


def test_a_text_without_values_is_kept_as_it_is():
    assert Said("Surge: e.g. [['E', 'L'], [], ['R']].").template == "Surge: e.g. [['E', 'L'], [], ['R']]."


def test_a_missing_value_is_a_mistake_not_a_blank():
    with pytest.raises(KeyError):
        Said("Only {count} allocated there.", other=1)


def test_counted_words_take_the_english_form_of_their_count():
    one, many = "{track} is full ({n} space).", "{track} is full ({n} spaces)."
    assert counted(one, many, 1, track="Move") == "Move is full (1 space)."
    three = counted(one, many, 3, track="Move")
    assert three == "Move is full (3 spaces)." and (three.template, three.many) == (one, many)


def test_either_joins_its_items_with_or_and_keeps_them():
    either = Either([1, 2, 3])
    assert either == "1 or 2 or 3" and either.items == ("1", "2", "3")


def test_a_said_does_not_change_and_survives_a_copy_and_a_pickle():
    said = counted("{n} card", "{n} cards", 2, seat="{1}")
    with pytest.raises(AttributeError):
        said.template = "other"  # type: ignore[misc]
    for again in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert (again, again.template, again.many, dict(again.values)) == (
            said, said.template, said.many, dict(said.values))
    either = pickle.loads(pickle.dumps(Either(["a", "b"])))
    assert (either, either.items) == ("a or b", ("a", "b"))


def test_a_rule_error_reads_its_english_and_carries_what_it_said():
    error = RuleError("It is {seat}'s turn.", seat="{2}")
    assert str(error) == "It is {2}'s turn." and type(str(error)) is str
    assert error.said.template == "It is {seat}'s turn." and dict(error.said.values) == {"seat": "{2}"}
    assert RuleError(error.said).said is error.said, "a refusal passed on keeps its source"
    assert RuleError("The game is over.").said.template == "The game is over."


def test_the_games_refusals_carry_their_sources():
    cell = refused("dragon", 3, 0, {"type": "reveal", "cell": "Z9"})
    assert str(cell) == "'Z9' is not a cell: columns A-G, rows 1-7."
    assert (cell.said.template, dict(cell.said.values)) == ("'{cell}' is not a cell: columns A-G, rows 1-7.",
                                                             {"cell": "Z9"})
    place = refused("bugs", 3, 0, {"type": "grab", "place": 99})
    assert place.said.template == "There is no place {place}: places are numbered 1 to {count}."
    assert place.said.values["place"] == 100, "numbers stay numbers"
    discard = refused("ghosts", 3, 0, {"type": "discard", "cards": [1]})
    assert str(discard) == "Choose exactly 2 cards to discard."
    assert (discard.said.template, discard.said.many) == ("Choose exactly {n} card to discard.",
                                                          "Choose exactly {n} cards to discard.")


def test_a_list_of_choices_is_kept_as_items():
    registry.load()
    with pytest.raises(RuleError) as caught:
        registry.get("arena").setup(2, {"domination": True, "hill": True}, 1, 1000.0)
    assert str(caught.value) == "Pick one mode: Domination or King of the Hill."
    assert caught.value.said.values["modes"].items == ("Domination", "King of the Hill")


def test_a_term_is_its_english_word_and_keeps_its_context_through_copies_and_the_database():
    """A game's title inside an event: read in each language by its catalogue context, so it must
    survive a copy, a pickle and the news column as a Term, not as plain English."""
    from host.session import read, stored

    began = Said("{game} begins.", game=Term("Treasure of the Dragons", "game title"))
    assert began == "Treasure of the Dragons begins."
    for again in (copy.deepcopy(began), pickle.loads(pickle.dumps(began)), read(stored(began))):
        term = again.values["game"]
        assert isinstance(term, Term) and term.context == "game title" and term == "Treasure of the Dragons"

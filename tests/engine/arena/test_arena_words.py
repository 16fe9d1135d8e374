"""Eye for an Eye's words as the catalogues know them: the names of its things are `Term`s (so a reader's
language can name them), the views carry them as plain text (so marshal copies a view, engine/arena/views.py),
the texts the engine reads back from its state name them again, and a list of them survives JSON."""
from __future__ import annotations

import marshal

from engine.arena.board import AREA_NAMES, ARENAS
from engine.arena.data import CHARACTERS, CURRENTS, FACE_NAMES, GENERAL_CARDS, NYMPHLET_TRACKS, PASSIVES, STATUS_NAMES
from engine.arena.figures import action_word
from engine.arena.match import EyeForAnEye
from engine.arena.modes import MODES
from engine.errors import Either, Term, read, stored
from tests.kit.arena_play import states_of_a_match

GAME = EyeForAnEye()


def names() -> list[str]:
    """Every name a text may say: tracks, cards, innate actions, currents, faces, statuses, passives."""
    found = [*FACE_NAMES.values(), *STATUS_NAMES.values(), *(name for name, _ in PASSIVES.values())]
    for character in CHARACTERS.values():
        found += [t.name for t in character.board.values()] + [c.name for c in character.cards]
        found += [c.use.name for c in character.cards] + ([character.innate.name] if character.innate else [])
    return found + [c.name for c in (*CURRENTS.values(), *GENERAL_CARDS.values(), *NYMPHLET_TRACKS.values())]


def test_every_name_of_the_game_is_a_term_the_catalogues_know():
    for name in names():
        assert isinstance(name, Term) and name.context.startswith("arena "), name
    for word in (*AREA_NAMES.values(), *(arena.obstacle for arena in ARENAS.values()), *(m.title for m in MODES.values())):
        assert isinstance(word, Term), word


def test_views_stay_plain_data_that_marshal_copies():
    for options in ({"advanced": True, "quick": True}, {"rainforest": True, "advanced": True, "quick": True},
                    {"ceremony": True, "quick": True}, {"domination": True, "turn_based": True, "quick": True}):
        for state in states_of_a_match(options, 3, 2):
            for seat in (None, 0):
                view = GAME.view(state, seat)
                assert marshal.loads(marshal.dumps(view)) == view


def test_a_name_read_back_from_the_state_is_named_again():
    word = action_word("Spear Thrust")
    assert word == "Spear Thrust" and isinstance(word, Term) and word.context == "arena action"


def test_a_list_of_names_survives_json_with_its_words():
    either = Either([Term("Parry", "arena action"), Term("Watch Out!", "arena action")])
    again = read(stored(either))
    assert again == "Parry or Watch Out!" and isinstance(again, Either)
    assert all(isinstance(item, Term) and item.context == "arena action" for item in again.items)
    assert read({"either": ["1", "2"]}).items == ("1", "2"), "a list stored before reads as it was"

"""A refusal reads in its reader's language: the engine hands over an id with values (engine/errors.py), the
words are chosen where the refusal is shown, the values and then the players' mentions are put in after
translating, and English reads exactly as the engine wrote it."""
from __future__ import annotations

import pytest

from cogs import markup
from cogs.language import said_text
from engine import registry
from engine.errors import Either, RuleError, Said
from host.errors import Refused, SessionNotFound, StaleAction, TableError
from host.table import Table
from tests.kit.english_words import NB
from tests.kit.refusals import refused

GUILD, CHANNEL = 10, 20
ANN, BOB = 1, 2


@pytest.fixture(autouse=True)
def games() -> None:
    """The five games, whichever tests ran before in this worker."""
    registry.load()


REFUSALS = [  # (game, players, seat, a bad action, German, French)
    ("dragon", 3, 0, {"type": "reveal", "cell": "Z9"},
     "„Z9“ ist kein Feld: Spalten A–G, Reihen 1–7.",
     f"«{NB}Z9{NB}» n’est pas une case{NB}: colonnes A à G, rangées 1 à 7."),
    ("bugs", 3, 0, {"type": "grab", "place": 99},
     "Es gibt keinen Platz 100: Die Plätze sind von 1 bis 38 nummeriert.",
     f"Il n’y a pas d’emplacement 100{NB}: les emplacements vont de 1 à 38."),
    ("ghosts", 3, 0, {"type": "discard", "cards": [1]},
     "Wähle genau 2 Karten zum Abwerfen.",
     "Choisis exactement 2 cartes à défausser."),
    ("tiger", 1, 0, {"type": "thin"},
     "Du kannst dein Deck erst ausdünnen, wenn es aufgebraucht ist.",
     "Tu ne peux alléger ta pioche que lorsqu’elle est épuisée."),
    ("arena", 2, 0, {"type": "place", "hex": [4, -3], "facing": 9},
     "Richte dich zu einer der 6 Seiten aus: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.",
     f"Tourne-toi vers l’un des 6 côtés{NB}: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE."),
]


@pytest.mark.parametrize(("game", "players", "seat", "action", "german", "french"), REFUSALS,
                         ids=[case[0] for case in REFUSALS])
def test_a_games_refusal_reads_in_german_and_french(game, players, seat, action, german, french):
    error = refused(game, players, seat, action)
    assert markup.refusal(error, "de") == german
    assert markup.refusal(error, "fr") == french


@pytest.mark.parametrize("case", REFUSALS, ids=[case[0] for case in REFUSALS])
def test_english_reads_as_the_engine_wrote_it(case):
    error = refused(*case[:4])
    for locale in (None, "en-US", "es-ES"):
        assert markup.refusal(error, locale) == markup.refusal(error) == str(error)


def test_a_choice_of_items_is_joined_the_readers_way():
    registry.load()
    with pytest.raises(RuleError) as caught:
        registry.get("arena").setup(2, {"domination": True, "hill": True}, 1, 1000.0)
    assert markup.refusal(caught.value) == "Pick one mode: Domination or King of the Hill."
    assert markup.refusal(caught.value, "de") == "Wähle einen einzigen Modus: Domination oder King of the Hill."
    assert markup.refusal(caught.value, "fr") == f"Choisis un seul mode{NB}: Domination ou King of the Hill."


def test_a_value_is_never_looked_up_as_a_message():
    said = Said("There is no game called '{name}'. Games: {known}.", name="The game is over.", known="none")
    assert said_text("de", said) == "Es gibt kein Spiel namens „The game is over.“. Spiele: none."
    assert said_text("de", Either(["The game is over.", "2"])) == "The game is over. oder 2"


def test_a_value_that_is_itself_said_is_translated_in_turn():
    said = Said("{what}: {targets}.", what=Said("Name a Guard on the board."), targets=Either(["1", "2"]))
    assert said == "Name a Guard on the board.: 1 or 2."
    assert said_text("de", said) == "Nenne einen Wächter auf dem Spielfeld.: 1 oder 2."


def test_a_plain_text_is_looked_up_whole_or_shown_as_it_is():
    assert said_text("fr", "The game is over.") == "La partie est terminée."
    assert said_text("de", "A sentence no catalogue has") == "A sentence no catalogue has"
    assert markup.refusal(TableError("Nothing to undo."), "de") == "Nothing to undo."


async def test_the_tables_refusal_names_the_player_after_translating(table: Table):
    change = await table.open("dragon", GUILD, CHANNEL, ANN)
    await table.join(change.session.id, BOB)
    await table.start(change.session.id, ANN)
    turn = (await table.get(change.session.id)).state["flow"]["seats"][0]
    waiting = BOB if turn == 0 else ANN
    with pytest.raises(Refused) as caught:
        await table.act(change.session.id, waiting, {"type": "stop"})
    on_turn = f"<@{[ANN, BOB][turn]}>"
    assert markup.refusal(caught.value) == f"It is {on_turn}'s turn."
    assert markup.refusal(caught.value, "de") == f"{on_turn} ist am Zug."
    assert markup.refusal(caught.value, "fr") == f"C’est au tour de {on_turn}."


async def test_the_tables_own_refusal_is_translated_too(table: Table):
    change = await table.open("arena", GUILD, CHANNEL, ANN)
    await table.join(change.session.id, BOB)
    await table.choose(change.session.id, ANN, "character", "pluma")
    with pytest.raises(Refused) as caught:
        await table.choose(change.session.id, BOB, "character", "pluma")
    assert markup.refusal(caught.value) == f"Pluma is taken by <@{ANN}>: choose another character."
    assert markup.refusal(caught.value, "de") == f"Pluma hat schon <@{ANN}>: Wähle etwas anderes (Charakter)."
    assert markup.refusal(caught.value, "fr") == (f"Pluma est déjà pris par <@{ANN}>{NB}: choisis autre chose "
                                                  f"(personnage).")


async def test_an_out_of_date_board_and_a_gone_game_are_told_in_the_readers_language(table: Table):
    """A click on an old board is answered with the current one and a note; a click on a game that is
    gone is refused: both in the clicker's language, as the table's other refusals."""
    sid = (await table.open("dragon", GUILD, CHANNEL, ANN)).session.id
    await table.join(sid, BOB)
    session = (await table.start(sid, ANN)).session
    with pytest.raises(StaleAction) as stale:
        await table.act(sid, ANN, {"type": "stop"}, expected_version=session.version - 1)
    assert markup.refusal(stale.value, "de") == "Dieses Spielbrett ist veraltet; hier ist das aktuelle."
    with pytest.raises(SessionNotFound) as gone:
        await table.get(10**9)
    assert markup.refusal(gone.value, "fr") == "Cette partie n’existe plus."

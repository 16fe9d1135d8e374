"""Eye for an Eye's log in the table's language: the state keeps each line as its words' id and values
(engine/arena/figures.say, engine/errors.stored), so the board shows every line it keeps in German or
French, not only those still among the table's news; English reads exactly as the engine said it."""
from __future__ import annotations

from cogs.arena.board import ArenaUI
from engine.arena import EyeForAnEye
from engine.arena.data import LOG_LINES
from engine.errors import Said, read
from host.session import PLAYING, Session
from tests.kit.arena_log import log_text
from tests.kit.arena_play import states_of_a_match

GAME = EyeForAnEye()
ANN, BOB = 1, 2


def a_full_log() -> dict:
    """A match's state whose log is full (LOG_LINES lines)."""
    return next(state for state in states_of_a_match({"quick": True}, 2, 3)[1:] if len(state["log"]) == LOG_LINES)


def table(state: dict, language: str) -> Session:
    """A table playing `state` in `language`, with no news (lines older than the news kept)."""
    return Session(id=1, guild_id=10, channel_id=20, game="arena", status=PLAYING, host_id=ANN, seats=[ANN, BOB],
                   options={"quick": True}, seed=3, state=state, version=1, deadline=None, message_id=None,
                   board_key=None, news=[], created_at=0.0, started_at=0.0, language=language)


def test_the_log_keeps_each_line_as_its_words_id_and_values():
    state = a_full_log()
    assert all(isinstance(read(line), Said) for line in state["log"]), state["log"]
    assert log_text(state) == [str(read(line)) for line in GAME.view(state, None)["log"]], "the view says the same"


def test_every_line_of_the_log_shows_in_german_even_those_gone_from_the_news():
    state = a_full_log()
    ui = ArenaUI(clock=lambda: 0.0)
    german = ui.embed(table(state, "de"), GAME, ["Ann", "Bob"]).description.splitlines()
    english = ui.embed(table(state, "en"), GAME, ["Ann", "Bob"]).description.splitlines()
    assert len(german) == len(english) == LOG_LINES, "no line left out"
    assert not set(german) & set(english), "each line in German"

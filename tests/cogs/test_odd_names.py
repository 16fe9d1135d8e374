"""A name that cannot be drawn never takes a table down (issue: line breaks in display names).

Discord lets a display name or nickname hold line and paragraph breaks; Pillow's text layout
failed on them ("raqm_layout() failed") on every board that draws names, so Start, /game board and
/game abort said "Something went wrong". Names are cleaned where they enter the table, drawing
treats a break as a space, and a board that still cannot be drawn goes on as text.
"""
from __future__ import annotations

import logging

import pytest

from engine import registry
from engine.bugs import seat_view as bugs_view
from engine.dragon import public_view as dragon_view
from host.names import clean_name
from render.arena import render_arena
from render.bugs import render_bugs, render_scoring
from render.dragon import render_dragon
from render.ghosts import render_ghosts
from render.leaderboard import Row, Series, render_leaderboard, render_rating_chart
from tests.cogs.discord_helpers import buttons, message_in, open_table
from tests.kit.bugs_states import finished as finished_bugs

BREAKS = {"CR": "\r", "LF": "\n", "NEL": "\u0085", "LINE SEPARATOR": "\u2028", "PARAGRAPH SEPARATOR": "\u2029",
          "FS": "\x1c", "GS": "\x1d", "RS": "\x1e", "VT": "\x0b", "FF": "\x0c", "TAB": "\t"}
CONTROLS = {"NUL": "\x00", "BEL": "\x07", "ESC": "\x1b", "DEL": "\x7f", "CSI (C1)": "\x9b"}


def started(game: str, players: int = 2):
    return registry.get(game).setup(players, {}, 7, 1_800_000_000.0)


BOARDS = {
    "dragon": lambda names: render_dragon(dragon_view(started("dragon")), names),
    "ghosts": lambda names: render_ghosts(registry.get("ghosts").view(started("ghosts"), None), names=names),
    "bugs": lambda names: render_bugs(bugs_view(started("bugs"), None), names),
    "bugs final scores": lambda names: render_scoring(bugs_view(finished_bugs(2), None), names),
    "arena": lambda names: render_arena(registry.get("arena").view(started("arena"), None), names),
    "leaderboard": lambda names: render_leaderboard("Zap That Ghost leaderboard", "This server",
                                                    [Row(i + 1, n, "1500", 1, 0.5) for i, n in enumerate(names)]),
    "rating chart": lambda names: render_rating_chart(f"{names[0]}: rating over time",
                                                      [Series(names[1], [(0.0, 1500.0), (3600.0, 1510.0)])]),
}


@pytest.mark.parametrize("char", BREAKS.values(), ids=BREAKS.keys())
def test_a_line_or_paragraph_break_in_a_name_becomes_a_space(char):
    assert clean_name(f"Ann{char}Lee") == "Ann Lee"


@pytest.mark.parametrize("char", CONTROLS.values(), ids=CONTROLS.keys())
def test_other_control_characters_are_dropped_from_a_name(char):
    assert clean_name(f"An{char}n") == "Ann"


def test_a_clean_name_keeps_what_people_choose_and_is_never_empty():
    for name in ("Zoë 🐉", "@everyone", "**bold**", "שלום", "Z̷a̷l̷g̷o̷", "李小龍", "x" * 1000):
        assert clean_name(name) == name
    assert clean_name("  Ann \n\n Lee  ") == "Ann Lee"
    assert clean_name("\n\r\x00") == "Player"


@pytest.mark.parametrize("board", BOARDS, ids=BOARDS.keys())
@pytest.mark.parametrize("char", BREAKS.values(), ids=BREAKS.keys())
def test_every_board_draws_a_name_holding_a_break(board, char):
    image = BOARDS[board]([f"Ann{char}Lee", f"Bob{char}"])
    assert image.png.startswith(b"\x89PNG") and image.alt_text


async def test_a_game_with_a_broken_name_seated_starts_shows_its_board_and_aborts(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann", global_name="Ann\nthe\u2029first"))
    bob = guild.add_member(env.create_user("bob"), nick="Bob\r\n\u0085\x1c")
    await ann.slash(channel, "play", game="dragon")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    started_ = await ann.click(message_in(channel, lobby.id), label="Start")
    assert "went wrong" not in (started_.response.content if started_.ephemeral else "")
    board = message_in(channel, lobby.id)
    assert board.attachments and "Treasure of the Dragons" in board.embeds[0].title
    assert buttons(board), "the board has no buttons: the game did not start"
    assert "Ann the first" in board.attachments[0].description  # the picture's description names the player
    shown = await ann.slash(channel, "game board")
    assert "went wrong" not in (shown.response.content or "")
    aborted = await ann.slash(channel, "game abort")
    assert aborted.response.content == "You ended the game."


async def test_a_board_that_cannot_be_drawn_goes_on_as_text_and_is_logged_once(world, monkeypatch, caplog):
    env, guild, channel, u = world
    from cogs.game_ui import GameUI

    def broken(self, session, game, names):
        raise OSError("raqm_layout() failed")

    monkeypatch.setattr(GameUI, "render", broken)  # the toy game draws through the default UI
    monkeypatch.setattr("cogs.pictures._undrawable", set())  # "once" per process: this test's own process
    caplog.set_level(logging.INFO)
    board_id = await open_table(u, channel, "tally", ("ann", "bob"))
    board = message_in(channel, board_id)
    assert not board.attachments and board.embeds and buttons(board), "the text board lost its embed or buttons"
    before = board.embeds[0].footer.text
    await u["ann"].click(board, label="Add 1")
    await u["bob"].click(message_in(channel, board_id), label="Add 1")
    after = message_in(channel, board_id).embeds[0].footer.text
    assert int(after.rsplit(" ", 1)[1]) == int(before.rsplit(" ", 1)[1]) + 2, "the text board did not follow the moves"
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(failures) == 1 and "cannot be drawn" not in failures[0].getMessage()
    aborted = await u["ann"].slash(channel, "game abort")
    assert aborted.response.content == "You ended the game."

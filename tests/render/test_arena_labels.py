"""Eye for an Eye's board names its hexes as players say them, gives time left, and captions the
countdown as what it is (issue 23)."""
from __future__ import annotations

import re

import pytest

import render.arena as R
import render.arena_modes as RM
import render.arena_words as RW
from engine.arena import EyeForAnEye
from engine.arena.board import BUSHLAND
from tests.kit.arena_states import NOW, states
from tests.kit.readability import image_width, recording_text

GAME = EyeForAnEye()


def test_hexes_read_like_a_spreadsheets_cells_row_by_row():
    labels = {h: RW.hex_label(h) for h in BUSHLAND.hexes}
    assert len(set(labels.values())) == 61
    assert [RW.hex_label(h) for h in ([0, -4], [4, -4], [-4, 0], [0, 0], [4, 0], [-4, 4], [0, 4])] == \
        ["A1", "E1", "A5", "E5", "I5", "A9", "E9"]
    assert RW.hex_label([-4, 1]) == "A6" and RW.hexes_words([[0, 0], [-4, 1], [0, -4]]) == "A1, E5, A6"
    assert RW.name_places("Grublic goes 1 hex E to [1, 0]; [7, 7] is off the board.") == \
        "Grublic goes 1 hex E to F5; [7, 7] is off the board."


@pytest.mark.parametrize("kind", ["start, 6 players", "rainforest, start", "fight, 6 players"])
def test_every_open_hex_shows_its_label_readably(kind):
    view, aborted = states()[kind]
    with recording_text(R, RM) as log:
        image = R.render_arena(view, now=NOW)
    drawn = [t.text for t in log.drawn]
    blocked = {tuple(h) for h in view["board"]["impassable"]}
    for h in view["board"]["hexes"]:
        if tuple(h) not in blocked:
            assert drawn.count(RW.hex_label(h)) == 1, RW.hex_label(h)
    assert log.problems(image_width(image.png)) == []


def test_the_picture_gives_time_left_never_a_clock_time():
    view, _ = states()["fight, 6 players"]
    with recording_text(R, RM) as log:
        R.render_arena(view, now=view["deadline"] - 155)
    drawn = [t.text for t in log.drawn]
    assert "Round ends (Yarra Bung!): 2:35 left" in drawn
    assert not any("UTC" in t or re.search(r"\d\d:\d\d:\d\d", t) for t in drawn)


@pytest.mark.parametrize("turn_based", [False, True])
def test_the_countdown_says_the_round_starts_not_a_turn_phase(turn_based):
    state = GAME.setup(2, {"turn_based": turn_based}, 1, NOW)
    for seat in range(2):
        state, _ = GAME.apply(state, seat, {"type": "ready"}, NOW + 1)
    view = GAME.view(state, None)
    assert view["phase"] == "countdown"
    with recording_text(R, RM) as log:
        R.render_arena(view, now=NOW + 2)
    drawn = " ".join(t.text for t in log.drawn)
    assert "Everyone is in place: the round starts at Yarra Mark!" in drawn
    assert "Round starts (Yarra Mark!): 0:0" in drawn
    assert "Turn phase" not in drawn and "game turn 0" not in drawn

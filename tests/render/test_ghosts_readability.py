"""Zap That Ghost images read on a phone: every text at least 12 px when the image is shown 400 px
wide, every text at 4.5:1 contrast or better, in every phase and with the longest names."""
from __future__ import annotations

import pytest

from engine import ghosts as G
from engine.greenbox import CARDS
from render import ghosts as R
from tests.kit.readability import image_width, recording_text
from tests.render.ghosts_states import GAME, board_states

LONG_NAMES = [f"A very long display name number {i}" for i in range(6)]  # 34 characters


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("kind", ["start", "race", "attempt", "swap", "away and left", "game over",
                                  "aborted", "crowded"])
def test_every_board_text_is_readable_on_a_phone(players, kind):
    state, aborted = board_states(players)[kind]
    with recording_text(R) as log:
        image = R.render_ghosts(GAME.view(state, None), names=LONG_NAMES[:players], aborted=aborted)
    assert len(log.drawn) > 20  # the labels, the pieces' letters, header and scores were seen
    assert log.problems(image_width(image.png)) == []


@pytest.mark.parametrize("players", [2, 6])
def test_a_board_stays_small_enough_to_send_quickly(players):
    for kind, (state, aborted) in board_states(players).items():
        image = R.render_ghosts(GAME.view(state, None), names=LONG_NAMES[:players], aborted=aborted)
        assert len(image.png) <= 40 * 1024, kind
        assert image_width(image.png) == R.WIDTH <= 480, kind


@pytest.mark.parametrize("count", [0, 1, 4, 6])
def test_every_hand_text_is_readable_on_a_phone(count):
    # Six cards (the opening hand) make the widest image; white and black cards have the
    # palest and darkest borders.
    colours = ("white", "black", "yellow", "red", "blue", "green")
    cards = [G.card_info(next(c.id for c in CARDS if c.colour == colour)) for colour in colours[:count]]
    with recording_text(R) as log:
        image = R.render_hand(cards)
    assert log.drawn
    assert log.problems(image_width(image.png)) == []

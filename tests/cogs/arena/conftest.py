"""Eye for an Eye through Discord: boards edited at once, for the modules that ask for it
(`pytestmark = pytest.mark.usefixtures("at_once")`)."""
from __future__ import annotations

import pytest

from cogs.game_ui import ui_for


@pytest.fixture
def at_once(monkeypatch, world):
    """Boards edited at once: simcord would otherwise wait out the board's 2 s pace after every
    click (the paced test puts it back after its set-up). The bot loads its cogs afresh, so the
    pace is changed on the UI it registered."""
    monkeypatch.setattr(ui_for("arena"), "min_edit_seconds", 0.0)

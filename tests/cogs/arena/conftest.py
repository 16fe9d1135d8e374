"""Eye for an Eye through Discord: boards edited at once, for the modules that ask for it
(`pytestmark = pytest.mark.usefixtures("at_once")`)."""
from __future__ import annotations

import pytest


@pytest.fixture
def at_once(monkeypatch, world, simcord_bot):
    """Boards edited at once: simcord would otherwise wait out the board's 2 s pace after every
    click (the paced test puts it back after its set-up). The pace is changed on this bot's UI
    (cogs/uis.py)."""
    monkeypatch.setattr(simcord_bot.uis["arena"], "min_edit_seconds", 0.0)

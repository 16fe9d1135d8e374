"""One database for the tests of what players read: the words a table shows do not depend on where its
rows are kept, so these run on SQLite only (the stores are tested on SQLite and PostgreSQL alike,
the table's language stored included: tests/cogs/test_languages_lobby.py). A test module takes this
fixture by importing it, in place of conftest's `bot_database`, which runs every Discord test on both."""
from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def bot_database(tmp_path: Path) -> Path:
    """The simcord bot's database: an SQLite file."""
    return tmp_path / "bot.sqlite3"

"""Which catalogues the tests read: the shipped ones, or a folder named by TABLETOP_TEST_LOCALES (laid out as
`locales/`), to try translations before they are merged into the shipped catalogues."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from cogs import language

FOLDER = "TABLETOP_TEST_LOCALES"


@pytest.fixture
def catalogues(monkeypatch) -> Iterator[Path]:
    """The catalogues' folder for this test, read afresh (the cache is emptied before and after)."""
    folder = os.environ.get(FOLDER)
    if folder:
        monkeypatch.setattr(language, "LOCALES", Path(folder))
    language.catalogue.cache_clear()
    yield language.LOCALES
    language.catalogue.cache_clear()

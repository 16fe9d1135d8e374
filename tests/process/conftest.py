"""The process tests' fake Discord: one per test, on 127.0.0.1, closed after it."""
from __future__ import annotations

import pytest

from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake():
    async with FakeDiscord() as server:
        yield server

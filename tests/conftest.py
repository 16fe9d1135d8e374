"""Shared fixtures: the toy games, a store on a temporary database, and a table with a hand clock."""
from __future__ import annotations

import pytest

import tests.toygames  # noqa: F401 - registers the toy games
from host.store import Store
from host.table import Table


class HandClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> HandClock:
    return HandClock()


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "data" / "tabletop.sqlite3")
    yield store
    await store.close()


@pytest.fixture
async def table(store, clock) -> Table:
    return Table(store, clock=clock)

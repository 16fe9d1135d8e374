"""In-process tests (simcord) run without the channel budget (cogs/channel_budget.py).

Why: simcord does not model Discord's rate limits, and these tests compress time (hand clocks,
timers fired in a loop, a whole game in a second), so a wall-clock budget would only delay boards
past the test's look at them; it is lifted here as the tests lift a game's `min_edit_seconds`.
The budget is tested where it matters: tests/cogs/test_discord_budget.py puts it back (`real_budget`),
and the process tests run the bot against the rate-limited fake Discord.
"""
from __future__ import annotations

import pytest
import simcord

import cogs.channel_budget as channel_budget
from engine.protocol import canonical
from host.session import Session

UNLIMITED = {kind: (1_000_000, 0.0) for kind in channel_budget.LIMITS}
REAL_LIMITS = dict(channel_budget.LIMITS)


@pytest.fixture(autouse=True)
def no_channel_budget(monkeypatch):
    monkeypatch.setattr(channel_budget, "LIMITS", UNLIMITED)


@pytest.fixture
def public_views_checked(monkeypatch):
    """Fails the test if anything changes a public view `Session.public_view` handed out: one view is
    shared by a move's picture, embed, buttons and panels, which holds only while they all just read it."""
    made: dict[int, tuple[dict, str]] = {}  # id -> the view (kept, so its id is not reused) and its text
    real = Session.public_view

    def checked(session: Session) -> dict:
        view = real(session)
        if id(view) in made:
            assert canonical(view) == made[id(view)][1], f"a reader changed the public view of {session.game}"
        else:
            made[id(view)] = (view, canonical(view))
        return view

    monkeypatch.setattr(Session, "public_view", checked)
    yield
    changed = [view for view, text in made.values() if canonical(view) != text]
    assert not changed, f"{len(changed)} public views were changed after they were handed out"
    assert made, "no public view was handed out: the check checked nothing"


@pytest.fixture
def real_budget(monkeypatch):
    """Discord's limits back on, for a test of the budget itself."""
    monkeypatch.setattr(channel_budget, "LIMITS", REAL_LIMITS)


@pytest.fixture
def server_locales(monkeypatch) -> None:
    """Interactions carry their server's preferred locale as `guild_locale`, as Discord sends them
    (simcord sends 'en-US' whatever the server's)."""
    made = simcord.interactions.base_payload

    def payload(backend, **kwargs):
        record, sent = made(backend, **kwargs)
        if kwargs.get("guild_id") is not None:
            sent["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
        return record, sent

    monkeypatch.setattr(simcord.interactions, "base_payload", payload)

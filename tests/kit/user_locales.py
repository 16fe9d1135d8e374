"""Players whose Discord speaks another language than their server: simcord sends 'en-US' as every
user's locale, so a test names a user's own (`locales[user.id] = "de"`) through this fixture."""
from __future__ import annotations

import pytest
import simcord


@pytest.fixture
def user_locales(monkeypatch) -> dict[int, str]:
    """Users' Discord locales by id; a user left out keeps simcord's."""
    chosen: dict[int, str] = {}
    made = simcord.interactions.base_payload

    def with_locale(backend, **kwargs):
        record, sent = made(backend, **kwargs)
        sent["locale"] = chosen.get(kwargs["user_id"], sent["locale"])
        return record, sent

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    return chosen

"""`Session.public_view`: the game's public view made once per state, for every reader of a move
(its board picture, embed, buttons and panels; that they only read it: tests/cogs/conftest.py's
`public_views_checked`), made again after the next move, and never sent to a board worker."""
from __future__ import annotations

import pickle

from engine import registry
from host.table import Table

registry.load()
GUILD, CHANNEL, ANN = 10, 20, 1


async def a_started_game(table: Table, game: str) -> int:
    change = await table.open(game, GUILD, CHANNEL, ANN)
    if change.session.status == "lobby":
        await table.start(change.session.id, ANN)
    return change.session.id


async def test_the_public_view_is_made_once_per_state(table, monkeypatch):
    made = []
    tiger = type(registry.get("tiger"))
    real = tiger.view
    monkeypatch.setattr(tiger, "view", lambda self, state, seat: made.append(seat) or real(self, state, seat))
    session = await table.get(await a_started_game(table, "tiger"))
    first = session.public_view()
    assert session.public_view() is first and made == [None]
    assert first == real(registry.get("tiger"), session.game_state, None)

    action = registry.get("tiger").legal_actions(session.game_state, 0)[0]
    moved = (await table.act(session.id, ANN, action)).session
    assert moved.public_view() is not first and made == [None, None], "a new state, a new view"
    assert moved.public_view() == real(registry.get("tiger"), moved.game_state, None)
    assert session.public_view() is first, "the session before the move still shows its own state"


async def test_a_session_goes_to_a_board_worker_without_its_view(table):
    session = await table.get(await a_started_game(table, "tiger"))
    without = len(pickle.dumps(session, pickle.HIGHEST_PROTOCOL))
    session.public_view()
    assert len(pickle.dumps(session, pickle.HIGHEST_PROTOCOL)) == without
    copied = pickle.loads(pickle.dumps(session, pickle.HIGHEST_PROTOCOL))
    assert copied.public_view() == session.public_view() and copied.state == session.state

"""A stored game in an older shape is read in its game's current one (`Game.upgrade`, applied by
`Session.from_row`): a Treasure of the Dragons game saved before the flow kit held the turn plays on."""
from __future__ import annotations

import json

from engine import registry
from engine.dragon import turn_of
from host.table import Table

ANN, BOB, CHANNEL = 1, 2, 30


async def test_a_dragon_game_saved_in_the_old_shape_is_upgraded_when_read_and_plays_on(table, store, clock):
    registry.load()
    sid = (await table.open("dragon", 10, CHANNEL, ANN)).session.id
    await table.join(sid, BOB)
    state = (await table.start(sid, ANN)).session.state
    kit = state.pop("flow")
    old = {**state, "turn": kit["seats"][0], "gone": kit["left"], "deadline": kit["deadline"]}
    await store.write(lambda conn: conn.execute("UPDATE sessions SET state = ? WHERE id = ?", (json.dumps(old), sid)))

    restarted = Table(store, clock=clock)  # a new process reads the row
    session = await restarted.get(sid)
    assert turn_of(session.state) == 0 and "turn" not in session.state
    change = await restarted.act(sid, ANN, {"type": "reveal", "cell": [0, 0]})
    assert change.session.version == session.version + 1, "the move was accepted"
    assert (await restarted.replayed_state(sid)) == change.session.state, "and the log replays to it"

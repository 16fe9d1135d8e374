"""After downtime: `python bot.py` fires the timers that passed while it was down, the tables whose
players acted last first, and paces that catch-up so Discord's global limit is never met.

Why: thousands of passed timers each redraw a board. Fired oldest first, the tables players are
about to look at came last; fired all at once, the bot met Discord's 50 requests a second, and
discord.py then held every request, clicks' answers included, until the limit's window ended.
"""
from __future__ import annotations

import json
import time

import pytest

from engine import registry
from engine.protocol import canonical
from host.databases import open_store
from host.scheduler import ROUND
from host.store import Tx
from tests.fakediscord import FakeDiscord
from tests.process.harness import STEP_TIMEOUT, Harness

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

TABLES = 4 * ROUND  # four rounds of the scheduler: more requests than Discord allows in a second, unpaced


async def overdue_tables(fake: FakeDiscord, harness: Harness) -> list[int]:
    """TABLES games of tally in play whose turn timer passed while the bot was down, each in its own
    channel with the board the last run posted; their players last acted one minute apart. Returns
    the board message ids, most recently active table first."""
    game = registry.get("tally")
    now = time.time()
    rows, events, boards = [], [], []
    for n in range(TABLES):
        last_active = now - 3600 + 60 * n
        channel = fake.add_channel(f"table-{n}")
        board = await fake._create_message(channel, {"content": "the board before the restart"}, [],
                                           author_id=fake.bot_user_id)
        state = game.setup(2, {}, n, last_active)
        seats = [3_000_000 + 2 * n, 3_000_001 + 2 * n]
        rows.append((n + 1, fake.guild_id, channel, "tally", "playing", seats[0], json.dumps(seats), n,
                     canonical(state), 3, game.next_deadline(state), int(board["id"]), last_active - 10, last_active))
        events.append((n + 1, 1, "lobby", seats[0], canonical({"type": "start"}), last_active))
        boards.append(int(board["id"]))
    store = await open_store(harness.database)

    async def insert(tx: Tx) -> None:
        await tx.executemany("INSERT INTO sessions (id, guild_id, channel_id, game, status, host_id, seats, seed,"
                             " state, version, deadline, message_id, created_at, started_at, shown_version)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 3)", rows)
        await tx.executemany("INSERT INTO events (session_id, seq, kind, user_id, action, at)"
                             " VALUES (?, ?, ?, ?, ?, ?)", events)
    await store.write(insert)
    await store.close()
    return boards[::-1]


def first_edits(fake: FakeDiscord, boards: list[int]) -> dict[int, int]:
    """Board message id -> the index of the request that first edited it."""
    paths = {f"/messages/{board}": board for board in boards}
    first: dict[int, int] = {}
    for index, entry in enumerate(fake.requests):
        board = next((b for suffix, b in paths.items() if entry.path.endswith(suffix)), None)
        if entry.method == "PATCH" and board is not None and entry.status < 300:
            first.setdefault(board, index)
    return first


async def test_after_downtime_the_most_recently_active_tables_are_redrawn_first_within_the_limits(fake, tmp_path):
    async with Harness(fake, tmp_path) as harness:
        boards = await overdue_tables(fake, harness)
        await harness.start_connected()
        await fake.wait_for(lambda: all(fake.message(board)["_edits"] for board in boards), STEP_TIMEOUT)
        first = first_edits(fake, boards)
        recent, old = boards[:ROUND], boards[-ROUND:]
        assert max(first[board] for board in recent) < min(first[board] for board in old), \
            "a table left long ago was redrawn before one its players had just left"
        assert all("Tally" in json.dumps(fake.message(board)["embeds"]) for board in boards)
        assert fake.rate_limits.limited == [], "the catch-up met Discord's rate limits"
        fake.assert_clean()

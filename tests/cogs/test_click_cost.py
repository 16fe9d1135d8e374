"""What one click costs the database: one session read at most, and one write hop.

Why: every statement awaited through aiosqlite is a hop to its thread and back (about 0.2 ms
each, more under load). A click used to read the session five times and save in seven hops.
The table now keeps sessions in memory once read and saves a move in one transaction and one
hop; board bookkeeping (which version a board shows, whom a ping named) is batched.
"""
from __future__ import annotations

import string

import pytest

from cogs.pings import AROUND_SECONDS
from engine.dragon import SIZE
from tests.cogs.discord_helpers import message_in, open_table, selects
from tests.kit.click_reach import ClickReach


class HopCounter:
    """Counts trips to the aiosqlite thread, and which of them were writes or session reads."""

    def __init__(self, bot, monkeypatch) -> None:
        if bot.store.dialect != "sqlite":
            pytest.skip("counts trips to aiosqlite's thread: the SQLite store's cost")
        self.hops = self.writes = self.session_reads = 0
        conn, store, rows = bot.store.conn, bot.store, bot.table.rows
        real_execute, real_write, real_load = conn._execute, store.write, rows.load

        async def execute(fn, *args, **kwargs):
            self.hops += 1
            return await real_execute(fn, *args, **kwargs)

        async def write(work):
            self.writes += 1
            return await real_write(work)

        async def load(session_id):
            self.session_reads += 1
            return await real_load(session_id)

        monkeypatch.setattr(conn, "_execute", execute)
        monkeypatch.setattr(store, "write", write)
        monkeypatch.setattr(rows, "load", load)


async def test_a_click_reads_the_session_at_most_once_and_saves_in_one_hop(world, simcord_bot, monkeypatch):
    env, guild, channel, u = world
    board_id = await open_table(u, channel, "tally", ("ann", "bob"))
    await u["ann"].click(message_in(channel, board_id), label="Add 1")  # names and session now known
    await simcord_bot.table.flush_marks()

    counter = HopCounter(simcord_bot, monkeypatch)
    await u["bob"].click(message_in(channel, board_id), label="Add 1")
    assert "total 2" in message_in(channel, board_id).embeds[0].description
    assert counter.session_reads <= 1
    assert counter.writes == 1, "a move is saved in one transaction"
    assert counter.hops == 1, "the move, its log row and its board cost one trip to the database thread"


async def test_a_click_after_a_restart_reads_the_session_once(world, simcord_bot, monkeypatch):
    env, guild, channel, u = world
    board_id = await open_table(u, channel, "tally", ("ann", "bob"))
    simcord_bot.table._sessions.clear()  # as after a restart: nothing cached

    counter = HopCounter(simcord_bot, monkeypatch)
    await u["ann"].click(message_in(channel, board_id), label="Add 1")
    assert counter.session_reads == 1 and counter.writes == 1


async def test_board_bookkeeping_is_written_in_one_batch(world, simcord_bot, monkeypatch, hand_clock):
    env, guild, channel, u = world
    board_id = await open_table(u, channel, "tally", ("ann", "bob"))
    hand_clock.advance(AROUND_SECONDS + 1)  # bob is away from the table: he is pinged (cogs/pings.py)
    await u["ann"].click(message_in(channel, board_id), label="Add 1")
    counter = HopCounter(simcord_bot, monkeypatch)
    await simcord_bot.table.flush_marks()
    assert counter.writes == 1
    session = await simcord_bot.table.rows.load((await simcord_bot.table.active_in(channel.id)).id)
    assert session.shown_version == session.version and session.pinged == [u["bob"].id]


async def test_a_treasure_of_the_dragons_cell_click_enters_no_more_files_than_today(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await open_table(u, channel, "dragon", ("ann", "bob"))
    state = (await simcord_bot.table.active_in(channel.id)).state
    row, column = next((r, c) for r in range(SIZE) for c in range(SIZE) if state["grid"][r][c] is not None)
    board = message_in(channel, board_id)
    cell = f"{string.ascii_uppercase[column]}{row + 1}"
    menu = next(m for m in selects(board) if cell in [option.label for option in m.options])  # the card menu of it
    with ClickReach() as reach:
        clicked = await u["ann"].select(board, [f"{row}-{column}"], custom_id=menu.custom_id)
    assert not clicked.ephemeral, clicked.response.content
    print(f"\na Treasure of the Dragons cell click enters {len(reach.files)} files: {sorted(reach.files)}")
    assert "render/dragon.py" in reach.files and "engine/dragon.py" in reach.files  # the tracer sees it all
    assert len(reach.files) <= 29, "issue 21's target is 15"

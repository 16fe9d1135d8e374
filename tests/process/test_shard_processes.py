"""Two bot processes, one per shard, on one PostgreSQL database, as a grown bot runs.

Each process runs its shard's guilds and is the only one to touch their sessions: when one is
killed, the other's games carry on, its timers are not fired by the survivor, and its restart
catches them up once. A third process asked to run a shard already running refuses in one line.
"""
from __future__ import annotations

import pytest

from host.databases import open_store
from tests.fakediscord import FakeDiscord
from tests.kit.databases import postgres_schema
from tests.process.harness import STEP_TIMEOUT, Harness, assert_no_traceback, button, title

pytestmark = pytest.mark.process  # starts real processes: slow, scheduled first

SHARD_ARGS = {shard: ("--shards", str(shard), "--shard-count", "2") for shard in (0, 1)}
TURN = 20  # seconds of a Tally turn in these bots: long enough to crash shard 0 before it passes, short to wait


async def tally_in(fake: FakeDiscord, channel: int, host: int, guest: int) -> int:
    """A game of tally started in `channel`; its board's message id."""
    played = await fake.slash(host, "play", {"game": "tally"}, channel_id=channel, timeout=STEP_TIMEOUT)
    board = int(played.message["id"])
    joined = await fake.click(guest, board, button(played.message, "Join")["custom_id"], timeout=STEP_TIMEOUT)
    assert not joined.followup_ids, "Join was refused"
    await fake.wait_for(lambda: not button(fake.message(board), "Start").get("disabled"), STEP_TIMEOUT)
    started = await fake.click(host, board, button(fake.message(board), "Start")["custom_id"], timeout=STEP_TIMEOUT)
    assert not started.followup_ids, "Start was refused"
    await fake.wait_for(lambda: title(fake.message(board)) == "Tally", STEP_TIMEOUT)
    return board


async def add(fake: FakeDiscord, user: int, board: int, label: str = "Add 1") -> None:
    before = fake.message(board)["_edits"]
    added = await fake.click(user, board, button(fake.message(board), label)["custom_id"], timeout=STEP_TIMEOUT)
    assert not added.followup_ids, f"{label} was refused: {[m.get('content') for m in added.followups]}"
    await fake.wait_for(lambda: fake.message(board)["_edits"] > before, STEP_TIMEOUT)


async def test_two_shard_processes_share_one_database_and_survive_a_kill(tmp_path):
    async with postgres_schema() as database, FakeDiscord(guilds=2, shards=2) as fake:
        ann, bob = fake.user_id("alice"), fake.user_id("bob")
        here, there = (fake.guild_channel_id(fake.guild_on_shard(shard, 2)) for shard in (0, 1))
        async with Harness(fake, tmp_path) as harness:
            env = harness.env(TABLETOP_DATABASE=database, TABLETOP_TEST_TALLY_TURN_SECONDS=str(TURN))
            first = await harness.start_connected_shards([0], *SHARD_ARGS[0], env=env)
            second = await harness.start_connected_shards([1], *SHARD_ARGS[1], env=env)

            intruder = await harness.start(*SHARD_ARGS[0], env=env)
            assert await intruder.wait() == 4
            assert intruder.stderr.strip().splitlines() == [
                "Not started: shard-0-of-2 already run by another bot process on this database."]

            board_here = await tally_in(fake, here, ann, bob)
            board_there = await tally_in(fake, there, ann, bob)
            await add(fake, ann, board_here)  # bob's turn on shard 0, for TURN s
            await harness.crash_shards(first, [0])
            # Shard 1 plays on while shard 0 is down; its timer, set now, passes after shard 0's.
            await add(fake, ann, board_there)
            store = await open_store(database)
            try:
                here_id, there_id = [await store.value("SELECT id FROM sessions WHERE channel_id = ?", (c,))
                                     for c in (here, there)]
                here_deadline = await store.value("SELECT deadline FROM sessions WHERE id = ?", (here_id,))

                async def timeouts(session_id: int) -> int:
                    return int(await store.value(
                        "SELECT COUNT(*) FROM events WHERE session_id = ? AND user_id IS NULL AND kind = 'game'",
                        (session_id,)))

                async def fired_there() -> bool:
                    return await timeouts(there_id) >= 1
                await wait_until(fake, fired_there, 3 * STEP_TIMEOUT)
                there_deadline_fired = await store.value(
                    "SELECT MIN(at) FROM events WHERE session_id = ? AND user_id IS NULL", (there_id,))
                assert there_deadline_fired > here_deadline, "the test's order: shard 0's timer passed first"
                assert await timeouts(here_id) == 0, "the process of shard 1 fired a timer of shard 0"

                restarted = await harness.start_connected_shards([0], *SHARD_ARGS[0], env=env)

                async def caught_up() -> bool:
                    return await timeouts(here_id) >= 1 and await store.value(
                        "SELECT shown_version = version FROM sessions WHERE id = ?", (here_id,))
                await wait_until(fake, caught_up, 3 * STEP_TIMEOUT)
                await add(fake, ann, board_here, "Add 2")  # after bob's timeout; the board answers again
                assert await timeouts(here_id) == 1, "shard 0's overdue timer fired once"
                assert "total 4" in str(fake.message(board_here)), "the board shows the move after the restart"
            finally:
                await store.close()
            assert fake.shard_conflicts == []
            assert fake.identify_violations == [], "IDENTIFYs of one bucket came within 5 seconds"
            assert_no_traceback(first, second, restarted)


async def wait_until(fake: FakeDiscord, check, timeout: float) -> None:
    """Re-check an async condition (the database's) whenever the fake sees traffic, until it holds."""
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        if loop.time() > deadline:
            raise AssertionError(f"{check.__name__} did not hold within {timeout:.0f} s")
        await asyncio.sleep(0.2)  # polling the database: the fake cannot tell when a row changed

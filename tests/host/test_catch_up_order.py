"""After downtime, passed timers fire in the order players will look at their tables: timers that
passed while the bot ran first, then the tables whose players acted last; in bounded rounds."""
from __future__ import annotations

from host.table import Table

GUILD = 10
ANN, BOB = 1, 2
TURN = 60.0  # the toy game's turn timer (tests/kit/toygames.py)


async def started(table: Table, channel: int) -> int:
    change = await table.open("tally", GUILD, channel, ANN)
    await table.join(change.session.id, BOB)
    await table.start(change.session.id, ANN)
    return change.session.id


async def three_tables_then_downtime(store, clock) -> tuple[Table, dict[str, int]]:
    """Tables left at different times: `old` at its start, `middle` 10 s later, `recent` 20 s later;
    then the bot is down an hour, so all three timers passed (in the order old, middle, recent)."""
    before = Table(store, clock=clock)
    ids = {"old": await started(before, 101), "recent": await started(before, 102),
           "middle": await started(before, 103)}
    clock.advance(10)
    await before.act(ids["middle"], ANN, {"type": "add", "n": 1})
    clock.advance(10)
    await before.act(ids["recent"], ANN, {"type": "add", "n": 1})
    clock.advance(3600)
    return Table(store, clock=clock), ids


async def test_timers_missed_while_down_fire_most_recently_active_tables_first(store, clock):
    restarted, ids = await three_tables_then_downtime(store, clock)
    changes = await restarted.fire_due(up_since=clock.now)
    assert [change.session.id for change in changes] == [ids["recent"], ids["middle"], ids["old"]]


async def test_a_timer_that_passes_while_the_bot_runs_goes_before_the_missed_ones(store, clock):
    restarted, ids = await three_tables_then_downtime(store, clock)
    up_since = clock.now
    live = await started(restarted, 104)  # a game started after the restart
    clock.advance(TURN + 1)
    changes = await restarted.fire_due(up_since=up_since)
    assert [change.session.id for change in changes] == [live, ids["recent"], ids["middle"], ids["old"]]


async def test_a_caught_up_table_nobody_came_back_to_waits_behind_the_tables_not_caught_up(store, clock):
    """A game left long ago times out again and again after its catch-up: those timers must not keep
    the tables whose missed timer has not fired yet waiting."""
    restarted, ids = await three_tables_then_downtime(store, clock)
    up_since = clock.now
    (first,) = await restarted.fire_due(up_since=up_since, most=1)
    assert first.session.id == ids["recent"]
    clock.advance(TURN + 1)  # its next turn timed out too: nobody is there
    changes = await restarted.fire_due(up_since=up_since)
    assert [change.session.id for change in changes] == [ids["middle"], ids["old"], ids["recent"]]


async def test_a_round_fires_at_most_the_bound_and_leaves_the_rest_due(store, clock):
    restarted, ids = await three_tables_then_downtime(store, clock)
    (first,) = await restarted.fire_due(up_since=clock.now, most=1)
    assert first.session.id == ids["recent"]
    rest = await restarted.fire_due(up_since=clock.now, most=5)
    assert [change.session.id for change in rest] == [ids["middle"], ids["old"]]
    assert await restarted.fire_due(up_since=clock.now) == []


async def test_without_a_start_time_every_passed_timer_fires_earliest_first(store, clock):
    restarted, ids = await three_tables_then_downtime(store, clock)
    changes = await restarted.fire_due()
    assert [change.session.id for change in changes] == [ids["old"], ids["middle"], ids["recent"]]


async def test_a_computers_moves_are_not_a_players_activity(store, clock):
    """Only people's actions say when players were last at a table (computers' ids are negative)."""
    restarted, ids = await three_tables_then_downtime(store, clock)
    await store.write(lambda conn: conn.execute(
        "INSERT INTO events (session_id, seq, kind, user_id, seat, action, at) VALUES (?, 99, 'game', -11, 1, '{}', ?)",
        (ids["old"], clock.now - 1)))
    changes = await restarted.fire_due(up_since=clock.now)
    assert [change.session.id for change in changes] == [ids["recent"], ids["middle"], ids["old"]]

"""Computers at the table (host/computers.py): seated by the host, scheduled like timers, logged,
kept across a restart, keeping an away player's seat, and left out of ratings. The toy game
`tally` and its computer (tests/kit/toy_computers.py) stand in for the real games."""
from __future__ import annotations

import pytest

from engine.errors import RuleError
from host.computers import KEEPER
from host.errors import TableError
from host.session import FINISHED, computer_name, is_computer
from host.table import Table
from tests.kit.toy_computers import PAUSE

HOST, BOB, CAT = 1, 2, 3
CHANNEL = 100


async def lobby_with(table: Table, *levels: str) -> int:
    change = await table.open("tally", 10, CHANNEL, HOST)
    for level in levels:
        await table.add_computer(change.session.id, HOST, level)
    return change.session.id


async def game_rows(table: Table, sid: int) -> list[tuple[int | None, int | None, str]]:
    rows = await table.store.fetchall(
        "SELECT user_id, seat, action FROM events WHERE session_id = ? AND kind = 'game' ORDER BY seq", (sid,))
    return [(row["user_id"], row["seat"], row["action"]) for row in rows]


async def test_the_host_seats_computers_that_are_named_for_their_level(table):
    sid = await lobby_with(table, "hard", "easy")
    session = await table.get(sid)
    assert session.seats[0] == HOST and all(is_computer(user) for user in session.seats[1:])
    assert await table.names(session.seats[1:]) == ["Computer (hard)", "Computer 2 (easy)"]
    assert computer_name(session.seats[2]) == "Computer 2 (easy)"


async def test_only_the_host_adds_or_removes_a_computer_and_never_past_a_full_table(table):
    sid = await lobby_with(table)
    await table.join(sid, BOB)
    with pytest.raises(TableError, match="Only the host"):
        await table.add_computer(sid, BOB, "easy")
    await table.add_computer(sid, HOST, "normal")
    with pytest.raises(TableError, match="full"):
        await table.add_computer(sid, HOST, "easy")
    with pytest.raises(TableError, match="Only the host"):
        await table.remove_computer(sid, BOB)
    await table.remove_computer(sid, HOST)
    assert (await table.get(sid)).seats == [HOST, BOB]
    with pytest.raises(TableError, match="no computer"):
        await table.remove_computer(sid, HOST)


async def test_an_unknown_level_is_refused_and_changes_nothing(table):
    sid = await lobby_with(table)
    before = await table.get(sid)
    with pytest.raises(TableError, match="no level"):
        await table.add_computer(sid, HOST, "godlike")
    assert (await table.get(sid)).seats == before.seats


async def test_a_lobby_left_with_only_computers_closes(table):
    sid = await lobby_with(table, "easy")
    await table.leave(sid, HOST)
    assert not (await table.get(sid)).active


async def test_a_computer_moves_when_its_plan_comes_due_and_the_move_is_logged_as_its_own(table, clock):
    sid = await lobby_with(table, "normal")
    await table.start(sid, HOST)
    await table.act(sid, HOST, {"type": "add", "n": 1})
    session = await table.get(sid)
    assert session.deadline == clock.now + PAUSE["normal"], "its plan is the stored deadline, before the turn timer"
    assert await table.fire_due() == [], "not due yet"
    clock.advance(PAUSE["normal"])
    (change,) = await table.fire_due()
    assert change.session.state["total"] == 2 and change.session.state["turn"] == 0
    assert change.actor == session.seats[1]
    assert (await game_rows(table, sid))[-1] == (session.seats[1], 1, '{"n":1,"type":"add"}')


async def test_a_computers_pending_move_and_memory_survive_a_restart(table, store, clock):
    sid = await lobby_with(table, "hard")
    await table.start(sid, HOST)
    await table.act(sid, HOST, {"type": "add", "n": 1})
    seen = (await table.get(sid)).minds[0]["memory"]["seen"]
    restarted = Table(store, clock=clock)  # a new process on the same database
    clock.advance(PAUSE["hard"])
    (change,) = await restarted.fire_due()
    assert change.session.state["total"] == 3, "the computer added 2 after the restart"
    assert change.session.minds[0]["memory"]["seen"] == seen + 1


async def test_a_game_with_computers_replays_from_its_log(table, clock):
    sid = await lobby_with(table, "hard", "easy")
    await table.start(sid, HOST)
    while (session := await table.get(sid)).status != FINISHED:
        if session.state["turn"] == 0:
            await table.act(sid, HOST, {"type": "add", "n": 1})
        clock.advance(5)
        await table.fire_due()
    assert await table.replayed_state(sid) == session.state
    assert {user for user, _, _ in await game_rows(table, sid)} == set(session.seats)


async def test_a_game_with_computers_is_recorded_but_not_rated(table, clock):
    sid = await lobby_with(table, "hard")
    await table.start(sid, HOST)
    while (await table.get(sid)).status != FINISHED:
        clock.advance(5)
        await table.fire_due()
    results = await table.store.fetchall("SELECT user_id, computers FROM results WHERE session_id = ?", (sid,))
    assert sorted(row["user_id"] for row in results) == sorted((await table.get(sid)).seats)
    assert {row["computers"] for row in results} == {1}
    assert await table.store.value("SELECT COUNT(*) FROM ratings") == 0
    session = await table.get(sid)
    assert [winners for _, winners in await table.history(CHANNEL)] == [[session.seats[session.state["winner"]]]]


async def miss_turns(table: Table, clock, sid: int, player: int, times: int) -> None:
    """Let `player`'s turn timer run out `times` times, the others adding 1 when it is theirs."""
    missed = 0
    while missed < times:
        session = await table.get(sid)
        turn_user = session.seats[session.state["turn"]]
        if turn_user == player:
            clock.advance(60)
            await table.fire_due()
            missed += 1
        else:
            await table.act(sid, turn_user, {"type": "add", "n": 1})


async def test_a_player_away_for_their_timers_is_kept_by_a_computer_until_they_click(table, clock):
    sid = await lobby_with(table)
    await table.join(sid, BOB)
    await table.join(sid, CAT)
    await table.start(sid, HOST)
    await miss_turns(table, clock, sid, BOB, 2)
    session = await table.get(sid)
    assert session.kept_by_computer() == [1]
    assert any("away: the computer plays their seat" in line for line in session.news_lines())
    await table.act(sid, CAT, {"type": "add", "n": 1})
    await table.act(sid, HOST, {"type": "add", "n": 1})
    clock.advance(5)  # the computer keeping Bob's seat moves well before his turn timer
    (change,) = await table.fire_due()
    assert (await game_rows(table, sid))[-1][:2] == (KEEPER, 1)
    assert change.session.seats[1] == BOB, "the seat stays Bob's"
    with pytest.raises(RuleError, match="not your turn"):
        await table.act(sid, BOB, {"type": "add", "n": 1})  # a refused move alone hands nothing back
    assert (await table.get(sid)).kept_by_computer() == [1]
    back = await table.take_back(sid, BOB)  # what every click of his does first (cogs/components.py)
    assert back is not None and back.session.kept_by_computer() == [] and back.session.minds == []
    assert any("is back" in line for line in back.session.news_lines())
    assert await table.take_back(sid, BOB) is None, "nothing more to hand back"
    assert await table.take_back(sid, CAT) is None, "Cat's seat was never kept"


async def test_a_kept_player_whose_own_move_is_accepted_is_back_at_once(table, clock):
    sid = await lobby_with(table)
    await table.join(sid, BOB)
    await table.start(sid, HOST)
    await miss_turns(table, clock, sid, BOB, 2)
    await table.act(sid, HOST, {"type": "add", "n": 1})
    session = await table.get(sid)
    assert session.kept_by_computer() == [1] and session.state["turn"] == 1
    change = await table.act(sid, BOB, {"type": "add", "n": 2})
    assert change.session.kept_by_computer() == [] and change.session.minds == []
    assert any("is back" in line for line in change.session.news_lines())


async def test_practice_starts_at_once_against_an_easy_computer(table):
    change = await table.open("tally", 10, CHANNEL, HOST, practice=True)
    session = change.session
    assert session.status == "playing" and session.seats[0] == HOST
    assert await table.names(session.seats[1:]) == ["Computer (easy)"]


async def test_practice_is_refused_for_a_game_without_computers(table):
    with pytest.raises(TableError, match="no computer players"):
        await table.open("patience", 10, CHANNEL, HOST, practice=True)
    assert await table.active_in(CHANNEL) is None

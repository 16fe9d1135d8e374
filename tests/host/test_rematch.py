"""Rematch (Table.rematch): one click after the end opens a new lobby with the same players, the
first seat moved to the end, the same options and lobby picks, and a new seed."""
from __future__ import annotations

import pytest

from engine import registry
from host.errors import ChannelBusy, TableError
from host.session import LOBBY
from host.table import Table

ANN, BOB, CAT, WATCHER = 1, 2, 3, 9
CHANNEL = 100


async def finished_tally(table: Table, clock) -> int:
    sid = (await table.open("tally", 10, CHANNEL, ANN, turned_on=["double"])).session.id
    await table.join(sid, BOB)
    await table.join(sid, CAT)
    await table.start(sid, ANN)
    while (session := await table.get(sid)).active:
        await table.act(sid, session.seats[session.state["turn"]], {"type": "add", "n": 4})
    return sid


async def test_a_rematch_seats_the_same_players_rotated_with_the_same_options(table, clock):
    sid = await finished_tally(table, clock)
    old = await table.get(sid)
    change = await table.rematch(sid, ANN, interaction_id=77)
    lobby = change.session
    assert lobby.status == LOBBY and lobby.id != sid and lobby.channel_id == CHANNEL
    assert lobby.seats == [BOB, CAT, ANN], "Ann, first last time, sits last"
    assert sorted(lobby.seats) == sorted(old.seats) and lobby.options == old.options == {"double": True}
    assert lobby.seed != old.seed and lobby.host_id == ANN
    assert any("asked for a rematch" in line for line in lobby.news_lines())


async def test_whoever_asks_hosts_and_the_first_seat_moves_to_the_end(table, clock):
    sid = await finished_tally(table, clock)
    lobby = (await table.rematch(sid, CAT)).session
    assert lobby.seats == [BOB, CAT, ANN] and lobby.host_id == CAT, "whoever asks hosts; the seats rotate all the same"


async def test_only_a_player_of_the_ended_game_asks_for_a_rematch(table, clock):
    sid = await finished_tally(table, clock)
    with pytest.raises(TableError, match="Only the players"):
        await table.rematch(sid, WATCHER)
    assert await table.active_in(CHANNEL) is None


async def test_no_rematch_while_the_game_runs_or_another_table_is_open(table, clock):
    sid = (await table.open("tally", 10, CHANNEL, ANN)).session.id
    with pytest.raises(TableError, match="still going"):
        await table.rematch(sid, ANN)
    await table.cancel(sid, ANN)
    other = await table.open("tally", 10, CHANNEL, CAT)
    with pytest.raises(ChannelBusy):
        await table.rematch(sid, ANN)
    assert (await table.active_in(CHANNEL)).id == other.session.id


async def test_the_same_rematch_click_delivered_twice_opens_one_lobby(table, clock):
    sid = await finished_tally(table, clock)
    first = await table.rematch(sid, ANN, interaction_id=5)
    again = await table.rematch(sid, ANN, interaction_id=5)
    assert again.duplicate and again.session.id == first.session.id


async def test_a_rematch_keeps_the_lobby_picks(table, clock):
    registry.load()  # Eye for an Eye: each player picks a character in the lobby
    sid = (await table.open("arena", 10, CHANNEL, ANN)).session.id
    await table.join(sid, BOB)
    await table.choose(sid, ANN, "character", "echo")
    await table.abort(sid, ANN, may_manage=False)
    assert (await table.get(sid)).started_at is None
    lobby = (await table.rematch(sid, BOB)).session
    assert lobby.pick_of("character", ANN) == "echo"

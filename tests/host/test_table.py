"""Sessions: lobby rules, idempotency, races, stale clicks, timers, replay and results."""
from __future__ import annotations

import asyncio

import pytest

from cogs import markup
from engine.arena.data import COUNTDOWN_SECONDS
from engine.arena.match import EyeForAnEye  # registers Eye for an Eye, whose lobby has a choice
from engine.errors import RuleError
from engine.protocol import canonical, seat_name
from host.errors import ChannelBusy, StaleAction, TableError
from host.table import LOBBY_SECONDS, Table

GUILD, CHANNEL = 10, 20
ANN, BOB, CAT, DAN = 1, 2, 3, 4
CHARACTER = EyeForAnEye.choices[0]


async def lobby(table: Table, *players: int):
    change = await table.open("tally", GUILD, CHANNEL, players[0])
    for user in players[1:]:
        await table.join(change.session.id, user)
    return change.session.id


async def started(table: Table, *players: int) -> int:
    sid = await lobby(table, *players)
    await table.start(sid, players[0])
    return sid


async def event_count(table: Table, sid: int) -> int:
    row = await table.store.fetchone("SELECT COUNT(*) FROM events WHERE session_id = ?", (sid,))
    return row[0]


async def test_play_opens_a_lobby_with_the_host_seated(table):
    change = await table.open("tally", GUILD, CHANNEL, ANN)
    assert change.session.status == "lobby"
    assert change.session.seats == [ANN]
    assert change.session.host_id == ANN


async def test_one_active_game_per_channel(table):
    sid = await lobby(table, ANN)
    with pytest.raises(ChannelBusy) as refused:
        await table.open("tally", GUILD, CHANNEL, BOB)
    assert refused.value.session.id == sid
    other = await table.open("tally", GUILD, CHANNEL + 1, BOB)  # another channel is free
    assert other.session.id != sid


async def test_one_seat_per_user(table):
    sid = await lobby(table, ANN)
    with pytest.raises(TableError, match="already have a seat"):
        await table.join(sid, ANN)


async def test_the_games_maximum_is_enforced(table):
    sid = await lobby(table, ANN, BOB, CAT)
    with pytest.raises(TableError, match="full"):
        await table.join(sid, DAN)
    assert (await table.get(sid)).seats == [ANN, BOB, CAT]


async def test_start_needs_the_games_minimum(table):
    sid = await lobby(table, ANN)
    with pytest.raises(TableError, match="at least 2"):
        await table.start(sid, ANN)
    await table.join(sid, BOB)
    assert (await table.start(sid, ANN)).session.status == "playing"


async def test_only_the_host_starts_cancels_and_sets_options(table):
    sid = await lobby(table, ANN, BOB)
    for call in (table.start(sid, BOB), table.cancel(sid, BOB), table.toggle_option(sid, BOB, "double")):
        with pytest.raises(TableError, match="Only the host"):
            await call
    assert (await table.toggle_option(sid, ANN, "double")).session.options == {"double": True}


async def test_leaving_host_hands_the_lobby_on(table):
    sid = await lobby(table, ANN, BOB)
    session = (await table.leave(sid, ANN)).session
    assert session.seats == [BOB] and session.host_id == BOB


async def test_last_player_leaving_closes_the_lobby_and_frees_the_channel(table):
    sid = await lobby(table, ANN)
    assert (await table.leave(sid, ANN)).session.status == "aborted"
    assert await table.active_in(CHANNEL) is None


async def test_a_solo_game_starts_at_once(table):
    change = await table.open("patience", GUILD, CHANNEL, ANN)
    assert change.session.status == "playing"


async def test_a_watcher_cannot_act(table):
    sid = await started(table, ANN, BOB)
    with pytest.raises(TableError, match="watching"):
        await table.act(sid, CAT, {"type": "add", "n": 1})


async def test_out_of_turn_is_refused_and_changes_nothing(table):
    sid = await started(table, ANN, BOB)
    before = await table.get(sid)
    with pytest.raises(RuleError, match="not your turn"):
        await table.act(sid, BOB, {"type": "add", "n": 1})
    after = await table.get(sid)
    assert (after.version, after.state) == (before.version, before.state)


async def test_the_same_interaction_delivered_twice_applies_once(table):
    sid = await started(table, ANN, BOB)
    first = await table.act(sid, ANN, {"type": "add", "n": 2}, interaction_id=555)
    again = await table.act(sid, ANN, {"type": "add", "n": 2}, interaction_id=555)
    assert not first.duplicate and again.duplicate
    session = await table.get(sid)
    assert session.state["total"] == 2
    assert session.version == first.session.version


async def test_a_lobby_click_delivered_twice_applies_once(table):
    sid = await lobby(table, ANN)
    await table.join(sid, BOB, interaction_id=77)
    again = await table.join(sid, BOB, interaction_id=77)  # no "already seated" error: it is the same click
    assert again.duplicate and again.session.seats == [ANN, BOB]


async def test_two_simultaneous_clicks_apply_once(table):
    sid = await started(table, ANN, BOB)
    version = (await table.get(sid)).version
    results = await asyncio.gather(
        table.act(sid, ANN, {"type": "add", "n": 1}, interaction_id=1001, expected_version=version),
        table.act(sid, ANN, {"type": "add", "n": 2}, interaction_id=1002, expected_version=version),
        return_exceptions=True)
    applied = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], StaleAction)
    assert (await table.get(sid)).state["total"] in (1, 2)


async def test_two_simultaneous_start_clicks_start_once(table):
    sid = await lobby(table, ANN, BOB)
    results = await asyncio.gather(table.start(sid, ANN, 11), table.start(sid, ANN, 12), return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, TableError) and "already started" in str(r) for r in results)


async def test_a_stale_click_is_refused_politely_with_the_current_board(table):
    sid = await started(table, ANN, BOB)
    old = (await table.get(sid)).version
    await table.act(sid, ANN, {"type": "add", "n": 1})
    with pytest.raises(StaleAction, match="out of date") as refused:
        await table.act(sid, BOB, {"type": "add", "n": 1}, expected_version=old)
    assert refused.value.session.version == old + 1
    assert (await table.get(sid)).state["total"] == 1


async def test_turn_timer_applies_a_timeout_action(table, clock):
    await started(table, ANN, BOB)
    clock.advance(59)
    assert await table.fire_due() == []
    clock.advance(2)
    (change,) = await table.fire_due()
    assert change.session.state["total"] == 1 and change.session.state["turn"] == 1


async def test_an_idle_lobby_expires(table, clock):
    await lobby(table, ANN)
    clock.advance(LOBBY_SECONDS + 1)
    (change,) = await table.fire_due()
    assert change.session.status == "aborted"
    assert await table.active_in(CHANNEL) is None


async def test_pending_deadlines_survive_a_restart(store, clock):
    first = Table(store, clock=clock)
    sid = await started(first, ANN, BOB)
    restarted = Table(store, clock=clock)  # a new process on the same database
    assert await restarted.next_deadline() == pytest.approx(clock.now + 60)
    clock.advance(3600)  # the bot was down past the deadline: it fires at once
    (change,) = await restarted.fire_due()
    assert change.session.id == sid and change.session.state["total"] == 1


async def test_replaying_the_log_gives_the_snapshot(table, clock):
    sid = await started(table, ANN, BOB, CAT)
    moves = [(ANN, 2), (BOB, 1), (CAT, 2)]
    for user, n in moves:
        clock.advance(5)
        await table.act(sid, user, {"type": "add", "n": n})
    clock.advance(61)
    await table.fire_due()
    session = await table.get(sid)
    assert canonical(await table.replayed_state(sid)) == canonical(session.state)


async def test_a_finished_game_records_results_with_the_guild(table):
    sid = await started(table, ANN, BOB)
    session = await table.get(sid)
    while session.status == "playing":  # Ann adds 2, Bob adds 1: Ann reaches 10 first
        mover, n = (ANN, 2) if session.state["turn"] == 0 else (BOB, 1)
        session = (await table.act(sid, mover, {"type": "add", "n": n})).session
    assert session.status == "finished"
    rows = await table.store.fetchall("SELECT * FROM results WHERE session_id = ? ORDER BY seat", (sid,))
    assert [(r["user_id"], r["guild_id"], r["rank"], r["won"]) for r in rows] == [
        (ANN, GUILD, 1, 1), (BOB, GUILD, 2, 0)]
    history = await table.history(CHANNEL)
    assert history[0][0].id == sid and history[0][1] == [ANN]


async def test_abort_by_host_or_manager_records_no_results(table):
    sid = await started(table, ANN, BOB)
    with pytest.raises(TableError, match="Only the host"):
        await table.abort(sid, BOB, may_manage=False)
    change = await table.abort(sid, BOB, may_manage=True)
    assert change.session.status == "aborted"
    assert (await table.store.fetchone("SELECT COUNT(*) FROM results"))[0] == 0


async def test_leaving_a_game_in_play_is_the_games_leave_action(table):
    sid = await started(table, ANN, BOB)
    change = await table.leave(sid, BOB)
    assert change.session.status == "finished"
    assert change.outcome.winners() == [0]


async def test_a_refusal_that_names_a_seat_names_the_player(table):
    """The table writes no markup: the refusal names seats as fields and carries who holds them."""
    sid = await started(table, ANN, BOB)
    with pytest.raises(RuleError) as refused:
        await table.act(sid, BOB, {"type": "add", "n": 1})
    assert str(refused.value) == f"It is not your turn: {seat_name(0)} is to play."
    assert refused.value.seats == [ANN, BOB]
    assert markup.refusal(refused.value) == f"It is not your turn: <@{ANN}> is to play."


async def test_the_news_keeps_engine_words_and_cogs_name_the_players(table):
    sid = await started(table, ANN, BOB)
    change = await table.act(sid, ANN, {"type": "add", "n": 1})
    assert change.session.news[-1] == f"{seat_name(0)} adds 1: total 1."
    assert markup.news(change.session).endswith(f"<@{ANN}> adds 1: total 1.")


async def test_overdue_timers_fire_concurrently_with_a_bound(table, clock):
    """After an outage many timers are due at once: they overlap (boards do not wait minutes),
    but no more than FIRE_AT_ONCE at a time (clicks still get the loop)."""
    import asyncio

    from host.table import FIRE_AT_ONCE

    for channel in range(20):
        change = await table.open("tally", 1, 100 + channel, 10)
        await table.join(change.session.id, 11)
        await table.start(change.session.id, 10)
    running = peak = 0

    async def slow_listener(change):
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.01)
        running -= 1

    table.listeners.append(slow_listener)
    clock.advance(61)
    fired = await table.fire_due()
    assert len(fired) == 20 and 1 < peak <= FIRE_AT_ONCE


# ------------------------------------------------------------------ lobby choices (Eye for an Eye's characters)


async def arena_lobby(table: Table, *players: int) -> int:
    change = await table.open("arena", GUILD, CHANNEL, players[0])
    for user in players[1:]:
        await table.join(change.session.id, user)
    return change.session.id


async def test_each_seated_player_picks_a_character_and_plays_it(table):
    sid = await arena_lobby(table, ANN, BOB)
    await table.choose(sid, ANN, "character", "pluma")
    await table.choose(sid, BOB, "character", "echo")
    changed = await table.choose(sid, ANN, "character", "banksia")  # a player may change their mind
    assert changed.session.picks == {"character": {ANN: "banksia", BOB: "echo"}}
    started_ = await table.start(sid, ANN)
    assert started_.session.state["chars"] == ["banksia", "echo"]


async def test_a_character_someone_holds_is_refused_naming_who_holds_it(table):
    sid = await arena_lobby(table, ANN, BOB)
    await table.choose(sid, ANN, "character", "pluma")
    with pytest.raises(RuleError) as refused:
        await table.choose(sid, BOB, "character", "pluma")
    assert markup.refusal(refused.value) == f"Pluma is taken by <@{ANN}>: choose another character."
    assert (await table.get(sid)).pick_of("character", BOB) is None


async def test_choosing_needs_a_seat_a_known_character_and_an_open_lobby(table):
    sid = await arena_lobby(table, ANN, BOB)
    with pytest.raises(TableError, match="Join the table first"):
        await table.choose(sid, CAT, "character", "pluma")
    with pytest.raises(TableError, match="There is no character 'gandalf'. Choose one of: Grublic, Riparian"):
        await table.choose(sid, ANN, "character", "gandalf")
    with pytest.raises(TableError, match="no such choice"):
        await table.choose(sid, ANN, "colour", "red")
    await table.start(sid, ANN)
    with pytest.raises(TableError, match="already started"):
        await table.choose(sid, ANN, "character", "pluma")


async def test_leaving_the_lobby_frees_the_pick(table):
    sid = await arena_lobby(table, ANN, BOB, CAT)
    await table.choose(sid, BOB, "character", "pluma")
    left = await table.leave(sid, BOB)
    assert left.session.picks == {"character": {}}
    assert (await table.choose(sid, CAT, "character", "pluma")).session.pick_of("character", CAT) == "pluma"


async def test_unpicked_seats_get_free_characters_drawn_from_the_seed(table):
    sid = await arena_lobby(table, ANN, BOB, CAT, DAN)
    await table.choose(sid, BOB, "character", "grublic")
    session = (await table.start(sid, ANN)).session
    chars = session.state["chars"]
    assert chars[1] == "grublic" and len(set(chars)) == 4, "a random character is a free one"
    assert chars == CHARACTER.fill([None, "grublic", None, None], session.seed), "drawn from the session's seed"
    assert session.picks["character"] == dict(zip([ANN, BOB, CAT, DAN], chars, strict=True)), "stored for replays"


async def test_picks_survive_a_restart(store, clock):
    first = Table(store, clock=clock)
    sid = await arena_lobby(first, ANN, BOB)
    await first.choose(sid, ANN, "character", "riparian")
    restarted = Table(store, clock=clock)  # a new process on the same database
    assert (await restarted.get(sid)).picks == {"character": {ANN: "riparian"}}
    await restarted.choose(sid, BOB, "character", "incendiary")
    assert (await restarted.start(sid, ANN)).session.state["chars"] == ["riparian", "incendiary"]
    again = Table(store, clock=clock)
    assert (await again.get(sid)).state["chars"] == ["riparian", "incendiary"]


async def test_replaying_a_game_with_picks_gives_the_snapshot(table, clock):
    sid = await arena_lobby(table, ANN, BOB, CAT)
    await table.choose(sid, CAT, "character", "echo")
    await table.start(sid, ANN)
    for user in (ANN, BOB, CAT):
        await table.act(sid, user, {"type": "ready"})
    clock.advance(COUNTDOWN_SECONDS)
    await table.fire_due()
    await table.act(sid, CAT, {"type": "roll"})
    session = await table.get(sid)
    assert session.state["phase"] == "fight" and session.state["chars"][2] == "echo"
    assert canonical(await table.replayed_state(sid)) == canonical(session.state)


async def test_a_slow_read_after_a_restart_never_replaces_a_newer_session(store, clock):
    """Right after a restart nothing is cached, and several clicks on one game read it at once. A read
    that finishes after another click's move was saved must not put the older session back in the
    cache: the next click would act on it and its save would find the game changed under it."""
    sid = await started(Table(store, clock=clock), ANN, BOB)
    restarted = Table(store, clock=clock)  # a new process on the same database: nothing cached
    read, release = asyncio.Event(), asyncio.Event()
    load = restarted.rows.load

    async def slow_load(session_id):
        session = await load(session_id)
        if not read.is_set():  # the first read has the row as it was, and is held back
            read.set()
            await release.wait()
        return session

    restarted.rows.load = slow_load
    looking = asyncio.create_task(restarted.get(sid))  # a click that only looks at the game, for now
    await read.wait()
    moved = await restarted.act(sid, ANN, {"type": "add", "n": 1})  # meanwhile another click moves
    release.set()
    await looking
    assert (await restarted.get(sid)).version == moved.session.version
    then = await restarted.act(sid, BOB, {"type": "add", "n": 2})  # the next click acts on the newest game
    assert then.session.state["total"] == 3

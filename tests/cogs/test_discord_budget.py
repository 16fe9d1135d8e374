"""Inside Discord's limits, in process: a click on the board message gets the new board as its own
answer (UPDATE_MESSAGE), which the channel's limit does not count; what the table sends through the
channel waits for the channel's budget before it is drawn, and the changes that came meanwhile
merge into one board, the newest; a busy channel's boards go evenly, never waiting a whole window,
and never inside the board's lock; a player at the table is not pinged at every turn (no churn)."""
from __future__ import annotations

import asyncio
import contextlib
import re
import time
from datetime import timedelta

import discord

from cogs.channel_budget import EDIT, EDIT_OLD, GLOBAL, LIMITS, LOOK_AGAIN, POST, SWITCH, ChannelBudget, spacing, usable
from cogs.pings import AROUND_SECONDS
from cogs.presenter import Presenter
from cogs.uis import game_uis
from host.shards import Shards
from tests.cogs.discord_helpers import message_in, open_table, pinged
from tests.conftest import HandClock


def channel_calls(env, channel) -> list:
    """The bot's message posts, edits and deletes in the channel: what the channel's limit counts."""
    return [r for r in env.http_requests if r.method in ("POST", "PATCH", "DELETE")
            and re.fullmatch(rf"/channels/{channel.id}/messages(/\d+)?", r.path)]


def callback_types(env) -> list[int]:
    return [r.json["type"] for r in env.http_requests if r.path.endswith("/callback")]


async def goes_at_once(budget: ChannelBudget, channel_id: int, kind: str) -> bool:
    """Whether a message that cannot wait (a ping) would get a slot now, rather than wait for one."""
    taking = asyncio.create_task(budget.slot(channel_id, kind).__aenter__())
    for _ in range(20):
        await asyncio.sleep(0)
    went = taking.done()
    taking.cancel()
    return went


def total(message) -> str:
    return message.embeds[0].description or ""


async def test_a_click_on_the_board_is_answered_with_the_new_board_not_a_channel_edit(world):
    env, guild, channel, u = world
    board_id = await open_table(u, channel, "tally", ("ann", "bob"))
    calls, answers = len(channel_calls(env, channel)), len(callback_types(env))
    await u["ann"].click(message_in(channel, board_id), label="Add 2")
    assert "total 2" in total(message_in(channel, board_id))
    assert callback_types(env)[answers:] == [7], "the click's answer is not the board (UPDATE_MESSAGE)"
    edits = [r for r in channel_calls(env, channel)[calls:] if r.path.endswith(f"/messages/{board_id}")]
    assert not edits, f"the board was also edited through the channel: {edits}"


async def test_the_lobby_clicks_too_are_answered_with_the_lobby(world):
    env, guild, channel, u = world
    await u["ann"].slash(channel, "play", game="tally")
    lobby = channel.last_message
    calls, answers = len(channel_calls(env, channel)), len(callback_types(env))
    await u["bob"].click(lobby, label="Join")
    await u["cat"].click(message_in(channel, lobby.id), label="Join")
    assert f"<@{u['cat'].id}>" in message_in(channel, lobby.id).embeds[0].fields[0].value
    assert callback_types(env)[answers:] == [7, 7]
    assert channel_calls(env, channel)[calls:] == []


async def test_a_lively_table_posts_no_ping_and_a_player_who_wandered_off_is_pinged(world, hand_clock):
    env, guild, channel, u = world
    board_id = await open_table(u, channel, "tally", ("ann", "bob"))  # "begins!" pinged both
    calls = len(channel_calls(env, channel))
    turn = "ann"
    for _ in range(4):  # both click at once in turn: each sees the board change
        await u[turn].click(message_in(channel, board_id), label="Add 1")
        turn = "bob" if turn == "ann" else "ann"
    posted = [r for r in channel_calls(env, channel)[calls:] if r.method == "POST"]
    assert not posted, f"pings at a lively table: {[r.json.get('content') for r in posted]}"
    assert len(channel_calls(env, channel)[calls:]) <= 1, "more than the start's ping taken down"

    hand_clock.advance(AROUND_SECONDS + 1)  # bob looks away; ann thinks long, then moves
    await u["ann"].click(message_in(channel, board_id), label="Add 1")
    ping = channel.last_message
    assert "your move" in ping.content and pinged(env, ping) == {u["bob"].id}
    await u["bob"].click(message_in(channel, board_id), label="Add 1")  # back: the ping has done its work
    assert not [m for m in channel.history() if "your move" in (m.content or "")], "a stale ping stayed"


class StubChannel:
    """Just enough of a Discord channel for the presenter: it records board posts and edits, and pings."""

    def __init__(self) -> None:
        self.edits: list[str] = []
        self.sent: list[str] = []  # boards
        self.pings: list[str] = []

    def get_partial_message(self, message_id):
        channel = self

        class Message:
            async def edit(self, **payload):
                embed = payload.get("embed")
                channel.edits.append("(retired)" if embed is None else embed.description or "")

            async def delete(self):
                pass
        return Message()

    async def send(self, *args, **kwargs):
        embed = kwargs.get("embed")
        if embed is None:
            self.pings.append(args[0] if args else kwargs.get("content") or "")
        else:
            self.sent.append(embed.description or "")
        return type("Sent", (), {"id": 999})()


def stub_presenter(table, budget_clock: HandClock) -> tuple[Presenter, StubChannel, list[int]]:
    """A presenter drawing into a StubChannel with its budget on a hand clock; the versions it drew."""
    channel = StubChannel()
    client = type("Client", (), {"get_partial_messageable": lambda self, _id: channel, "user": None})()
    presenter = Presenter(client, table, game_uis(time.time))
    presenter.budget = presenter.pings.budget = ChannelBudget(clock=budget_clock)
    drawn: list[int] = []
    real_payload = presenter.payload

    async def counted(session, *, editing):
        drawn.append(session.version)
        return await real_payload(session, editing=editing)

    presenter.payload = counted
    return presenter, channel, drawn


async def playing_tally(table) -> int:
    opened = await table.open("tally", 1, 2, 10)
    await table.join(opened.session.id, 11)
    await table.start(opened.session.id, 10)
    return opened.session.id


async def until(condition, what: str) -> None:
    """Wait for a waiting redraw (it looks again every 0.1 s), with an upper bound for a busy machine."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while not condition() and loop.time() < deadline:
        await asyncio.sleep(0.01)
    assert condition(), what


async def test_board_edits_wait_for_the_channel_budget_before_drawing_and_merge_into_the_newest(table,
                                                                                                real_budget):
    budget_clock = HandClock(0.0)
    presenter, channel, drawn = stub_presenter(table, budget_clock)
    session_id = await playing_tally(table)
    board_id = discord.utils.time_snowflake(discord.utils.utcnow())  # a fresh message (an hour old: 3 per 15 s)
    await table.set_message(session_id, board_id, None, -1)
    turn = 10
    for _ in range(6):  # changes that come from no click on the board (timers, computers, panels), at once
        change = await table.act(session_id, turn, {"type": "add", "n": 1})
        await presenter.show(change)
        turn = 11 if turn == 10 else 10
    assert len(channel.edits) == 1, "a busy channel's boards did not wait their turn"
    assert len(drawn) == 1, "a board that must wait was drawn before its turn"
    session = await table.get(session_id)
    assert session.shown_version < session.version
    budget_clock.advance(spacing(EDIT))  # the board's turn has come
    await until(lambda: len(channel.edits) == 2, "the waiting board was not redrawn when its turn came")
    assert len(drawn) == 2, "the waiting changes were not merged into one board"
    assert "total 6" in channel.edits[-1], "the newest board did not win"
    session = await table.get(session_id)
    assert session.shown_version == session.version


async def test_a_busy_channels_boards_go_evenly_so_no_change_waits_a_whole_window(real_budget):
    """Five boards at once would leave the next change waiting for the whole window (4-5 s on a
    board); evenly, none waits much longer than the spacing, and the channel's limit still holds."""
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    edits: list[float] = []
    waited: list[float] = []
    changed_at = None
    for tick in range(150):  # a change every 0.1 s for 15 s, its board asking the budget as the presenter does
        clock.now = tick * 0.1
        changed_at = clock.now if changed_at is None else changed_at
        if budget.wait(1, EDIT) == 0:
            async with budget.slot(1, EDIT):
                edits.append(clock.now)
            waited.append(clock.now - changed_at)
            changed_at = None
    assert max(waited) <= spacing(EDIT) + 0.1, f"a change waited {max(waited):.1f} s for its board"
    assert all(sum(1 for e in edits if at <= e < at + 5.0) <= usable(EDIT) for at in edits), \
        "more edits in 5 s than the budget uses"
    assert len(edits) >= 15 / spacing(EDIT) - 1, f"only {len(edits)} edits in 15 s"


async def test_the_last_request_of_discords_window_is_never_made(real_budget):
    """Its answer says nothing remains, and discord.py then sleeps inside that request until the
    window resets (up to 5 s) while the presenter holds the board's lock."""
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    for _ in range(4):
        async with budget.slot(1, EDIT):
            clock.advance(0.5)
    clock.advance(spacing(EDIT))  # the edits are spaced enough; the window is still open
    assert budget.wait(1, EDIT) > 0, "a board would make the fifth edit of the window"
    assert not await goes_at_once(budget, 1, EDIT), "a message made the fifth edit of the window"


async def test_a_board_told_to_go_keeps_its_slot_while_it_draws(real_budget):
    """Between "go" and its request the presenter draws the board, holding the board's lock: a ping
    taking the slot meanwhile would leave the board waiting out the window inside that lock."""
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    for _ in range(usable(EDIT) - 1):
        async with budget.slot(1, EDIT):
            pass
    clock.advance(spacing(EDIT))
    told, drawn, entered = asyncio.Event(), asyncio.Event(), []

    async def board() -> None:
        assert budget.wait(1, EDIT) == 0.0
        told.set()
        await drawn.wait()
        async with budget.slot(1, EDIT):
            entered.append("board")

    async def other_message() -> None:
        async with budget.slot(1, EDIT):
            entered.append("other")

    drawing = asyncio.create_task(board())
    await told.wait()
    other = asyncio.create_task(other_message())
    for _ in range(20):
        await asyncio.sleep(0)
    drawn.set()
    for _ in range(20):
        await asyncio.sleep(0)
    for task in (drawing, other):  # the one left waits for a window the hand clock never closes
        task.cancel()
    await asyncio.gather(drawing, other, return_exceptions=True)
    assert entered == ["board"], f"the slot promised to the board went elsewhere: {entered}"


async def test_a_promised_slot_nobody_takes_is_free_again_once_its_task_ended(real_budget):
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    for _ in range(usable(EDIT) - 1):
        async with budget.slot(1, EDIT):
            pass
    clock.advance(spacing(EDIT))

    async def asks_and_leaves() -> None:  # a paced board: told it may go, it redraws later instead
        assert budget.wait(1, EDIT) == 0.0

    await asyncio.create_task(asks_and_leaves())
    async with budget.slot(1, EDIT):  # would wait out the window if the promise outlived its task
        pass


async def test_a_board_moving_to_a_new_message_asks_room_to_retire_the_old_one_too(real_budget):
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    for _ in range(usable(EDIT)):
        async with budget.slot(1, EDIT):
            pass
    assert budget.wait(1, POST, retiring=EDIT) == 5.0, "a board posted now could not retire the old one"
    clock.advance(5.0)
    assert budget.wait(1, POST, retiring=EDIT) == 0.0
    async with budget.slot(1, POST), budget.slot(1, EDIT):  # the post and the retiring edit, both held for it
        pass


async def test_a_board_moving_on_from_an_old_message_asks_room_in_the_old_messages_bucket(real_budget):
    """Retiring a board posted over an hour ago is an edit of an old message, with its stricter limit:
    the room asked for must be there, or the retiring edit would wait inside the board's lock."""
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    for _ in range(usable(EDIT_OLD)):
        async with budget.slot(1, EDIT_OLD):
            pass
    assert budget.wait(1, POST, retiring=EDIT) == 0.0
    assert budget.wait(1, POST, retiring=EDIT_OLD) == 15.0


async def test_a_board_that_moves_on_while_the_channels_edits_are_used_up_never_holds_the_board_lock(
        table, real_budget):
    """Zap That Ghost posts a board per round and retires the old one with an edit: when the edits
    are used up, the new board waits outside the lock, so clicks on the board are answered meanwhile."""
    budget_clock = HandClock(0.0)
    presenter, channel, drawn = stub_presenter(table, budget_clock)
    session_id = await playing_tally(table)
    old_board = discord.utils.time_snowflake(discord.utils.utcnow())
    await table.set_message(session_id, old_board, "an earlier round", -1)  # the board moves to a new message
    for _ in range(usable(EDIT)):  # the channel's edits of the last seconds
        async with presenter.budget.slot(2, EDIT):
            pass
    budget_clock.advance(4.9)
    change = await table.act(session_id, 10, {"type": "add", "n": 1})
    await asyncio.wait_for(presenter.show(change), timeout=60)  # an upper bound: it returns at once
    assert channel.sent == [] and channel.edits == [], "a board was sent past the channel's limit"
    budget_clock.advance(spacing(POST) + 0.1)  # the edits' window has closed; the ping's post is spaced from
    await until(lambda: len(channel.sent) == 1 and channel.edits == ["(retired)"],
                "the new board was not posted, nor the old one retired, once the budget had room")
    assert "total 1" in channel.sent[0]


async def test_without_the_budget_every_request_goes_at_once(monkeypatch, real_budget):
    """`TABLETOP_CHANNEL_BUDGET=off` (bench.discord --budget off): the figures before the budget."""
    monkeypatch.setenv(SWITCH, "off")
    budget = ChannelBudget(clock=HandClock(0.0))

    async def posts(count: int) -> None:
        for _ in range(count):
            async with budget.slot(1, POST):
                pass

    await posts(5)
    assert budget.wait(1, POST) == 0.0
    await asyncio.wait_for(posts(5), timeout=60)  # an upper bound: they go at once


async def test_a_slot_is_held_until_a_period_after_its_request_ended_and_old_messages_have_their_own(real_budget):
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    for _ in range(usable(EDIT)):
        async with budget.slot(1, EDIT):
            clock.advance(0.5)  # the request takes half a second: its window may open that late
    assert budget.wait(1, EDIT) == 0.5 + 5.0 - 0.5 * usable(EDIT), "the first slot frees 5 s after its request ended"
    assert budget.wait(2, EDIT) == 0.0, "another channel has its own budget"
    async with contextlib.AsyncExitStack() as held:
        for _ in range(usable(EDIT)):
            await held.enter_async_context(budget.slot(3, EDIT))
        clock.advance(spacing(EDIT))
        assert budget.wait(3, EDIT) == LOOK_AGAIN, "every request in flight: look again soon (never forever)"
    old = discord.utils.time_snowflake(discord.utils.utcnow() - timedelta(hours=2))
    assert budget.edit_kind(old) == EDIT_OLD and budget.wait(1, EDIT_OLD) == 0.0
    assert budget.edit_kind(discord.utils.time_snowflake(discord.utils.utcnow())) == EDIT


async def test_the_bots_requests_in_all_stay_under_discords_global_limit(real_budget):
    """Discord allows a bot 50 requests a second over all its channels: many quiet channels at once
    must not add up past it. A board that finds the bot's bucket full is told to wait, and so is a
    ping; nothing goes past the limit."""
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    sent: list[float] = []
    for channel in range(1, 201):  # 200 tables, each making one edit within a second
        clock.now = channel * 0.005
        if budget.wait(channel, EDIT) == 0:
            async with budget.slot(channel, EDIT):
                sent.append(clock.now)
    assert len(sent) == usable(GLOBAL) < LIMITS[GLOBAL][0], f"{len(sent)} requests in a second"
    assert budget.wait(999, EDIT) > 0, "a board in a quiet channel would go past the global limit"
    assert not await goes_at_once(budget, 999, POST), "a ping went past the global limit"
    clock.advance(1.0)  # the second's window has closed
    assert budget.wait(999, EDIT) == 0.0


async def test_a_shard_process_keeps_to_its_part_of_the_global_limit(real_budget):
    """Several shard processes of one bot share its global limit: one running 2 of 8 shards uses a
    quarter of it."""
    assert Shards((2, 3), 8).share == 0.25 and Shards().share == 1.0 and Shards((0, 1), 2).share == 1.0
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock, share=Shards((2, 3), 8).share)
    sent = 0
    for channel in range(1, 101):
        if budget.wait(channel, EDIT) == 0:
            async with budget.slot(channel, EDIT):
                sent += 1
    assert sent == usable(GLOBAL) // 4


async def test_a_board_moving_on_holds_a_global_slot_for_its_post_and_for_retiring_the_old_one(real_budget):
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    for channel in range(1, usable(GLOBAL)):  # all but one
        async with budget.slot(channel, EDIT):
            pass
    assert budget.wait(500, EDIT) == 0.0 and budget.wait(600, POST, retiring=EDIT) > 0, "one slot is no room to move a board"
    clock.advance(1.0)
    for channel in range(1, usable(GLOBAL) - 1):  # all but two of the bot's slots of this second
        async with budget.slot(channel, EDIT):
            pass
    assert budget.wait(500, POST, retiring=EDIT) == 0.0, "two slots are free: the post and its retiring edit"
    assert not await goes_at_once(budget, 501, EDIT), "a slot promised to the moving board went elsewhere"
    async with budget.slot(500, POST), budget.slot(500, EDIT):  # both go at once, without waiting
        pass

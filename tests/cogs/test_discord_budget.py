"""Inside Discord's limits, in process: a click on the board message gets the new board as its own
answer (UPDATE_MESSAGE), which the channel's limit does not count; what the table sends through the
channel waits for the channel's budget before it is drawn, and the changes that came meanwhile
merge into one board, the newest; a player at the table is not pinged at every turn (no churn)."""
from __future__ import annotations

import asyncio
import contextlib
import re
from datetime import timedelta

import discord

from cogs.channel_budget import EDIT, EDIT_OLD, LOOK_AGAIN, ChannelBudget
from cogs.pings import AROUND_SECONDS
from cogs.presenter import Presenter
from tests.cogs.discord_helpers import message_in, open_table, pinged
from tests.conftest import HandClock


def channel_calls(env, channel) -> list:
    """The bot's message posts, edits and deletes in the channel: what the channel's limit counts."""
    return [r for r in env.http_requests if r.method in ("POST", "PATCH", "DELETE")
            and re.fullmatch(rf"/channels/{channel.id}/messages(/\d+)?", r.path)]


def callback_types(env) -> list[int]:
    return [r.json["type"] for r in env.http_requests if r.path.endswith("/callback")]


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
    """Just enough of a Discord channel for the presenter: it records board edits."""

    def __init__(self) -> None:
        self.edits: list[str] = []

    def get_partial_message(self, message_id):
        channel = self

        class Message:
            async def edit(self, **payload):
                channel.edits.append(payload["embed"].description or "")

            async def delete(self):
                pass
        return Message()

    async def send(self, *args, **kwargs):
        return type("Sent", (), {"id": 999})()


async def test_board_edits_wait_for_the_channel_budget_before_drawing_and_merge_into_the_newest(table,
                                                                                                real_budget):
    channel, budget_clock = StubChannel(), HandClock(0.0)
    client = type("Client", (), {"get_partial_messageable": lambda self, _id: channel, "user": None})()
    presenter = Presenter(client, table)
    presenter.budget = presenter.pings.budget = ChannelBudget(clock=budget_clock)
    drawn = []
    real_payload = presenter.payload

    async def counted(session, *, editing):
        drawn.append(session.version)
        return await real_payload(session, editing=editing)

    presenter.payload = counted
    opened = await table.open("tally", 1, 2, 10)
    await table.join(opened.session.id, 11)
    await table.start(opened.session.id, 10)
    board_id = discord.utils.time_snowflake(discord.utils.utcnow())  # a fresh message (an hour old: 3 per 15 s)
    await table.set_message(opened.session.id, board_id, None, -1)
    turn = 10
    for moves in range(1, 9):  # changes that come from no click on the board (timers, computers, panels)
        if moves == 6:
            budget_clock.advance(4.9)  # the five edits' slots free in 0.1 s
        change = await table.act(opened.session.id, turn, {"type": "add", "n": 1})
        await presenter.show(change)
        turn = 11 if turn == 10 else 10
    assert len(channel.edits) == 5, "an edit past the channel's 5 per 5 s was asked of Discord"
    assert len(drawn) == 5, "a board that must wait was drawn before its turn"
    session = await table.get(opened.session.id)
    assert session.shown_version < session.version
    budget_clock.advance(0.2)  # the budget has room again
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60  # an upper bound for a busy machine: the waiting redraw looks every 0.1 s
    while len(channel.edits) < 6 and loop.time() < deadline:
        await asyncio.sleep(0.01)
    assert len(channel.edits) == 6 and len(drawn) == 6, "the waiting changes were not merged into one board"
    assert "total 8" in channel.edits[-1], "the newest board did not win"
    session = await table.get(opened.session.id)
    assert session.shown_version == session.version


async def test_a_slot_is_held_until_a_period_after_its_request_ended_and_old_messages_have_their_own(real_budget):
    clock = HandClock(0.0)
    budget = ChannelBudget(clock=clock)
    for _ in range(5):
        async with budget.slot(1, EDIT):
            clock.advance(0.5)  # the request takes half a second: its window may open that late
    assert budget.wait(1, EDIT) == 5.0 - 2.0, "the first slot frees 5 s after its request ended"
    assert budget.wait(2, EDIT) == 0.0, "another channel has its own budget"
    async with contextlib.AsyncExitStack() as held:
        for _ in range(5):
            await held.enter_async_context(budget.slot(3, EDIT))
        assert budget.wait(3, EDIT) == LOOK_AGAIN, "every request in flight: look again soon (never forever)"
    old = discord.utils.time_snowflake(discord.utils.utcnow() - timedelta(hours=2))
    assert budget.edit_kind(old) == EDIT_OLD and budget.wait(1, EDIT_OLD) == 0.0
    assert budget.edit_kind(discord.utils.time_snowflake(discord.utils.utcnow())) == EDIT

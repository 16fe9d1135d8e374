"""A busy real-time board is edited at most every `min_edit_seconds` (the newest board wins), and
headline news gets a message of its own."""
from __future__ import annotations

import asyncio
import time

from cogs.components import Ref, TableButton
from cogs.game_ui import GameUI, action_label
from cogs.uis import game_uis
from engine.registry import register
from tests.cogs.discord_helpers import message_in
from tests.kit.toygames import Tally


@register
class Burst(Tally):
    name = "burst"
    title = "Burst"


class BurstUI(GameUI):
    """A paced board's buttons carry no version: a click on a board not yet redrawn still counts."""

    game_name = "burst"

    def items(self, session, game):
        return [TableButton(Ref(session.id, "do", str(i)), label=action_label(a))
                for i, a in enumerate(self.choices(session, game))]

    min_edit_seconds = 0.2

    def headlines(self, change):
        return [e.text for e in change.events if "reaches" in e.text]


BURST_UI = BurstUI()
PACE = 1.0  # the first test's interval: generous, as the first redraw (drawing, caches) counts in it


async def start_burst(bot, u, channel):
    bot.uis[BURST_UI.game_name] = BURST_UI
    await u["ann"].slash(channel, "play", game="burst")
    lobby = channel.last_message
    await u["bob"].click(lobby, label="Join")
    await u["ann"].click(lobby, label="Start")
    return lobby.id


class StubChannel:
    """Just enough of a Discord channel for the presenter: it records board edits."""

    def __init__(self) -> None:
        self.edits: list[tuple[float, str]] = []

    def get_partial_message(self, message_id):
        channel = self

        class Message:
            async def edit(self, **payload):
                channel.edits.append((asyncio.get_running_loop().time(), payload["embed"].description or ""))

            async def delete(self):
                pass
        return Message()

    async def send(self, *args, **kwargs):
        return type("Sent", (), {"id": 999})()


async def test_a_busy_board_is_edited_at_most_every_interval_and_ends_on_the_newest(table, monkeypatch):
    from cogs.presenter import Presenter

    monkeypatch.setattr(BURST_UI, "min_edit_seconds", PACE)

    channel = StubChannel()
    client = type("Client", (), {"get_partial_messageable": lambda self, _id: channel, "user": None})()
    uis = game_uis(time.time)
    uis[BURST_UI.game_name] = BURST_UI
    presenter = Presenter(client, table, uis)
    started = []  # when each redraw began (drawing the first board takes longer: caches)
    real_redraw = presenter._redraw

    async def timed(session):
        started.append(asyncio.get_running_loop().time())
        await real_redraw(session)

    presenter._redraw = timed
    opened = await table.open("burst", 1, 2, 10)
    await table.join(opened.session.id, 11)
    await table.start(opened.session.id, 10)
    await table.set_message(opened.session.id, 500, None, -1)
    for user in (10, 11, 10):  # three moves in quick succession
        change = await table.act(opened.session.id, user, {"type": "add", "n": 1})
        await presenter.show(change)
    assert len(channel.edits) == 1, "edits within the interval are merged"
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60  # the waiting redraw comes PACE after the first; a busy machine may delay it
    while len(channel.edits) < 2 and loop.time() < deadline:
        await asyncio.sleep(0.01)
    assert len(channel.edits) == 2 and started[1] - started[0] >= PACE
    assert "total 3" in channel.edits[1][1], "the newest board won"
    assert (await table.get(opened.session.id)).shown_version == (await table.get(opened.session.id)).version


async def test_headlines_are_messages_of_their_own_and_the_end_is_not_kept_waiting(world, simcord_bot):
    env, guild, channel, u = world
    board_id = await start_burst(simcord_bot, u, channel)
    turn = "ann"
    for _ in range(5):
        await u[turn].click(message_in(channel, board_id), label="Add 2")
        turn = "bob" if turn == "ann" else "ann"
    headline = [m for m in channel.history() if "reaches 10 and wins" in (m.content or "")]
    assert len(headline) == 1 and "Seat" not in headline[0].content
    assert not message_in(channel, board_id).components, "the final board was drawn at once"

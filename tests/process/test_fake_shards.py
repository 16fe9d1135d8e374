"""The fake Discord serves several guilds on several shards, as Discord does for a bot run as shard processes.

A guild lies on shard `(guild_id >> 22) % shard_count`; an IDENTIFY for [shard_id, shard_count] sees only
the guilds of that shard, and a guild's events and interactions go only to its shard (direct messages to
shard 0).  IDENTIFYs are recorded with their bucket (`shard_id % max_concurrency`) and Discord's rule of
one per bucket per 5 seconds.  The gateway rules are checked with a bare websocket; that discord.py's
AutoShardedClient runs against them, with two clients in this process standing for two shard processes.
Every wait ends as soon as its condition holds; the bounds are generous for a busy machine.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import discord
import discord.gateway
import discord.http
import pytest
import yarl
from discord import app_commands

from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.process  # serves HTTP and a websocket on 127.0.0.1

READY_TIMEOUT = 60.0  # a client logged in with its guilds cached; ends as soon as it is
EVENT_TIMEOUT = 30.0  # one gateway event read


# ---------------------------------------------------------------- a bare gateway client


class Gateway:
    """One websocket to the fake's gateway, speaking JSON without compression."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    async def receive(self) -> dict:
        msg = await asyncio.wait_for(self.ws.receive(), EVENT_TIMEOUT)
        if msg.type != aiohttp.WSMsgType.TEXT:
            return {"closed": self.ws.close_code}
        return json.loads(msg.data)

    async def next_event(self) -> dict:
        """The next dispatch (op 0), or the op 9 / close that came instead."""
        while True:
            got = await self.receive()
            if got.get("op") in (0, 9) or "closed" in got:
                return got


async def identify(http: aiohttp.ClientSession, fake: FakeDiscord, shard: list | None = None,
                   intents: int = 1 | 1 << 9 | 1 << 12) -> tuple[Gateway, dict, list[dict]]:
    """Connect and IDENTIFY; the gateway, then READY and the GUILD_CREATEs that follow it."""
    gw = Gateway(await http.ws_connect(f"{fake.gateway_url}?v=10&encoding=json"))
    assert (await gw.receive())["op"] == 10  # HELLO
    d: dict[str, Any] = {"token": fake.token, "intents": intents, "properties": {}}
    if shard is not None:
        d["shard"] = shard
    await gw.ws.send_json({"op": 2, "d": d})
    ready = await gw.next_event()
    if ready.get("t") != "READY":
        return gw, ready, []
    creates = [await gw.next_event() for _ in ready["d"]["guilds"]]
    return gw, ready, creates


def guild_ids_of(events: list[dict]) -> list[int]:
    return [int(e["d"]["id"]) for e in events]


# ---------------------------------------------------------------- guilds and shards


def test_guild_on_shard_gives_a_guild_whose_id_lies_on_that_shard() -> None:
    fake = FakeDiscord()
    for count in (1, 2, 3, 5):
        for shard_id in range(count):
            gid = fake.guild_on_shard(shard_id, count)
            assert (gid >> 22) % count == shard_id == fake.shard_of(gid, count)
            assert fake.guild_on_shard(shard_id, count) == gid  # the same guild the next time
    assert fake.guild_ids[0] == fake.guild_id  # the first guild stays the default one
    assert fake.guild_on_shard(fake.shard_of(fake.guild_id, 2), 2) == fake.guild_id


def test_guilds_made_at_start_lie_on_consecutive_shards_and_share_the_users() -> None:
    fake = FakeDiscord(guilds=3, shards=2)
    assert [fake.shard_of(g, 2) for g in fake.guild_ids] == [0, 1, 0]
    alice = fake.user_id("alice")
    dave = fake.add_user("dave", manage_channels=True)
    second = fake.guild_ids[1]
    assert len({fake.guild_channel_id(gid) for gid in fake.guild_ids}) == 3  # a channel of its own each
    for gid in fake.guild_ids:
        assert fake._channels[fake.guild_channel_id(gid)]["guild_id"] == str(gid)
        assert alice in fake._guild(gid).members and dave in fake._guild(gid).members
    assert fake.channel_id == fake.guild_channel_id(fake.guild_id)
    fake.set_manage_channels(dave, False, guild_id=second)  # roles are per guild
    assert not fake.permissions_for(dave, second) & (1 << 4)
    assert fake.permissions_for(dave, fake.guild_id) & (1 << 4)


async def test_gateway_bot_answers_the_shard_count_and_the_session_start_limit() -> None:
    async with FakeDiscord(guilds=2, shards=4, max_concurrency=2) as fake, aiohttp.ClientSession() as http:
        async def gateway_bot() -> dict:
            async with http.get(f"{fake.api_base}/gateway/bot", headers={"Authorization": f"Bot {fake.token}"}) as r:
                return await r.json()
        answer = await gateway_bot()
        assert answer["shards"] == 4 and answer["url"] == fake.gateway_url
        assert answer["session_start_limit"] == {"total": 1000, "remaining": 1000, "reset_after": 14_400_000,
                                                 "max_concurrency": 2}
        gw, _, _ = await identify(http, fake, [0, 4])
        assert (await gateway_bot())["session_start_limit"]["remaining"] == 999  # a session was started
        await gw.ws.close()


async def test_ready_lists_only_the_guilds_of_the_identified_shard_each_followed_by_its_guild_create() -> None:
    async with FakeDiscord(guilds=3, shards=2) as fake, aiohttp.ClientSession() as http:
        on_0 = [g for g in fake.guild_ids if fake.shard_of(g, 2) == 0]
        on_1 = [g for g in fake.guild_ids if fake.shard_of(g, 2) == 1]
        assert len(on_0) == 2 and len(on_1) == 1
        gw0, ready0, creates0 = await identify(http, fake, [0, 2])
        gw1, ready1, creates1 = await identify(http, fake, [1, 2])
        assert ready0["d"]["shard"] == [0, 2] and ready1["d"]["shard"] == [1, 2]
        assert [int(g["id"]) for g in ready0["d"]["guilds"]] == on_0
        assert guild_ids_of(creates0) == on_0 and guild_ids_of(creates1) == on_1
        assert {e["t"] for e in creates0 + creates1} == {"GUILD_CREATE"}
        channels = {int(c["id"]) for c in creates1[0]["d"]["channels"]}
        assert channels == {fake.guild_channel_id(on_1[0])}  # a guild lists its own channels only
        gw, ready, creates = await identify(http, fake)  # without `shard`: every guild, no shard field
        assert "shard" not in ready["d"] and guild_ids_of(creates) == fake.guild_ids
        for g in (gw0, gw1, gw):
            await g.ws.close()


async def test_an_invalid_shard_is_closed_with_4010() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        for shard in ([2, 2], [0], [-1, 2], ["0", "2"]):
            gw, answer, _ = await identify(http, fake, shard)
            assert answer == {"closed": 4010}, shard
        assert fake.identifies == [] and fake.ready_count == 0


async def test_a_guild_event_goes_only_to_the_session_of_its_shard_and_direct_messages_to_shard_0() -> None:
    async with FakeDiscord(guilds=2, shards=2) as fake, aiohttp.ClientSession() as http:
        guild_0, guild_1 = fake.guild_on_shard(0, 2), fake.guild_on_shard(1, 2)
        gw0, _, _ = await identify(http, fake, [0, 2])
        gw1, _, _ = await identify(http, fake, [1, 2])
        alice = fake.user_id("alice")
        in_1 = await fake.send_user_message(alice, "in guild 1", fake.guild_channel_id(guild_1))
        in_0 = await fake.send_user_message(alice, "in guild 0", fake.guild_channel_id(guild_0))
        # Each session's next event is its own guild's: guild 1's message never reached shard 0.
        assert (await gw0.next_event())["d"]["id"] == in_0["id"]
        assert (await gw1.next_event())["d"]["id"] == in_1["id"]
        new = fake.add_guild("Joined later", on_shard=(1, 2))  # the bot joins a server: shard 1 hears of it
        created = await gw1.next_event()
        assert created["t"] == "GUILD_CREATE" and int(created["d"]["id"]) == new
        in_dm = await fake.send_user_message(alice, "a direct message", fake.dm_channel_id(alice))
        after = await fake.send_user_message(alice, "after", fake.guild_channel_id(guild_1))
        assert (await gw0.next_event())["d"]["id"] == in_dm["id"]
        assert (await gw1.next_event())["d"]["id"] == after["id"]  # the DM did not reach shard 1
        for g in (gw0, gw1):
            await g.ws.close()


# ---------------------------------------------------------------- IDENTIFY concurrency


class Clock:
    """A clock the test moves itself, so that the 5-second rule is checked without waiting."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_identifies_are_recorded_with_their_shard_and_bucket() -> None:
    clock = Clock()
    async with FakeDiscord(guilds=2, shards=4, max_concurrency=2, clock=clock) as fake, \
            aiohttp.ClientSession() as http:
        sockets = [(await identify(http, fake, [k, 4]))[0] for k in range(4)]
        assert [(r.shard, r.bucket, r.at) for r in fake.identifies] == [
            ((0, 4), 0, 1000.0), ((1, 4), 1, 1000.0), ((2, 4), 0, 1000.0), ((3, 4), 1, 1000.0)]
        assert all(r.session_id for r in fake.identifies)
        # shards 2 and 3 came in the same instant as 0 and 1 of their buckets
        assert [(v.identify.shard_id, v.previous.shard_id, v.gap) for v in fake.identify_violations] == [
            (2, 0, 0.0), (3, 1, 0.0)]
        for gw in sockets:
            await gw.ws.close()


async def test_an_identify_5_seconds_after_the_last_of_its_bucket_is_no_violation() -> None:
    clock = Clock()
    async with FakeDiscord(guilds=2, shards=2, max_concurrency=1, clock=clock) as fake, \
            aiohttp.ClientSession() as http:
        gw0, _, _ = await identify(http, fake, [0, 2])
        clock.now += 4.999
        gw1, _, _ = await identify(http, fake, [1, 2])  # same bucket (0 = 1 % 1), too early
        clock.now += 5.0
        gw, _, _ = await identify(http, fake)  # unsharded is shard 0 of 1: bucket 0
        assert [r.bucket for r in fake.identifies] == [0, 0, 0]
        assert [(v.identify.shard, round(v.gap, 3)) for v in fake.identify_violations] == [((1, 2), 4.999)]
        for g in (gw0, gw1, gw):
            await g.ws.close()


async def test_an_enforced_identify_limit_refuses_a_too_early_identify_with_op_9() -> None:
    clock = Clock()
    async with FakeDiscord(guilds=2, shards=2, clock=clock, enforce_identify_limit=True) as fake, \
            aiohttp.ClientSession() as http:
        gw0, ready, _ = await identify(http, fake, [0, 2])
        gw1, refused, _ = await identify(http, fake, [1, 2])
        assert ready["t"] == "READY" and refused == {"op": 9, "d": False, "s": None, "t": None}
        assert fake.identifies[1].session_id is None and len(fake.identify_violations) == 1
        clock.now += 5.0
        gw2, again, _ = await identify(http, fake, [1, 2])  # the refused one counts for nothing
        assert again["t"] == "READY" and len(fake.identify_violations) == 1
        for g in (gw0, gw1, gw2):
            await g.ws.close()


async def test_two_live_sessions_on_one_shard_are_recorded_as_a_conflict() -> None:
    async with FakeDiscord(guilds=2, shards=2, max_concurrency=2) as fake, aiohttp.ClientSession() as http:
        first, _, _ = await identify(http, fake, [0, 2])
        other, _, _ = await identify(http, fake, [1, 2])
        assert fake.shard_conflicts == []
        second, _, _ = await identify(http, fake, [0, 2])
        assert [c.shard for c in fake.shard_conflicts] == [(0, 2)]
        assert fake.live_shards() == [(0, 2), (1, 2), (0, 2)]
        await first.ws.close()
        await fake.wait_for(lambda: fake.live_shards() == [(1, 2), (0, 2)], EVENT_TIMEOUT)
        third, _, _ = await identify(http, fake, [0, 2])  # the first is gone: one more conflict, with the second
        assert len(fake.shard_conflicts) == 2
        for g in (other, second, third):
            await g.ws.close()


# ---------------------------------------------------------------- discord.py's AutoShardedClient


class ShardClient(discord.AutoShardedClient):
    """Stands for one shard process: answers /where with its name and records what reached it."""

    def __init__(self, name: str, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.2, **options)
        self.name = name
        self.tree = app_commands.CommandTree(self)
        self.interaction_ids: list[int] = []
        self.message_ids: list[int] = []

        @self.tree.command(name="where", description="Which client got this")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(self.name)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5-second pause: each test chooses buckets that may identify together."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interaction_ids.append(interaction.id)

    async def on_message(self, message: discord.Message) -> None:
        self.message_ids.append(message.id)


@pytest.fixture
def pointed_at_fake(monkeypatch: pytest.MonkeyPatch) -> Callable[[FakeDiscord], None]:
    """discord.py's REST base and gateway URL pointed at the fake, as bot.py does from its env vars."""
    def point(fake: FakeDiscord) -> None:
        monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
        monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
    return point


async def until(predicate: Callable[[], Any], timeout: float = READY_TIMEOUT) -> None:
    """Wait until a client has seen something (checked every few milliseconds, bounded)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        assert loop.time() < deadline, f"not seen within {timeout}s"
        await asyncio.sleep(0.01)


@contextlib.asynccontextmanager
async def running(client: ShardClient, fake: FakeDiscord, shard_ids: list[int]) -> AsyncIterator[ShardClient]:
    """The client logged in, its shards READY and its guilds cached; closed afterwards."""
    task = asyncio.create_task(client.start(fake.token))
    try:
        for shard_id in shard_ids:
            waiting = asyncio.create_task(fake.wait_shard_ready(shard_id, READY_TIMEOUT))
            await asyncio.wait({task, waiting}, return_when=asyncio.FIRST_COMPLETED)
            if task.done():
                waiting.cancel()
                task.result()  # raises what stopped the client
                raise AssertionError(f"client {client.name} stopped before shard {shard_id} was ready")
            waiting.result()
        await asyncio.wait_for(client.wait_until_ready(), READY_TIMEOUT)
        yield client
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, READY_TIMEOUT)


async def test_a_client_for_each_shard_sees_only_the_guilds_of_its_shard(pointed_at_fake) -> None:
    async with FakeDiscord(guilds=2, shards=2, max_concurrency=2) as fake:
        pointed_at_fake(fake)
        guild_0, guild_1 = fake.guild_on_shard(0, 2), fake.guild_on_shard(1, 2)
        async with running(ShardClient("zero", shard_ids=[0], shard_count=2), fake, [0]) as zero, \
                running(ShardClient("one", shard_ids=[1], shard_count=2), fake, [1]) as one:
            assert [g.id for g in zero.guilds] == [guild_0]
            assert [g.id for g in one.guilds] == [guild_1]
            assert one.get_guild(guild_1).shard_id == 1
            assert [(r.shard, r.bucket) for r in fake.identifies] == [((0, 2), 0), ((1, 2), 1)]
            assert fake.identify_violations == [] and fake.shard_conflicts == []
        fake.assert_clean()


async def test_an_interaction_in_a_guild_reaches_only_the_client_of_its_shard(pointed_at_fake) -> None:
    async with FakeDiscord(guilds=2, shards=2, max_concurrency=2) as fake:
        pointed_at_fake(fake)
        guild_0, guild_1 = fake.guild_on_shard(0, 2), fake.guild_on_shard(1, 2)
        alice = fake.user_id("alice")
        async with running(ShardClient("zero", shard_ids=[0], shard_count=2), fake, [0]) as zero, \
                running(ShardClient("one", shard_ids=[1], shard_count=2), fake, [1]) as one:
            await zero.tree.sync()  # global commands: one sync serves every guild
            in_1 = await fake.slash(alice, "where", channel_id=fake.guild_channel_id(guild_1))
            in_0 = await fake.slash(alice, "where", channel_id=fake.guild_channel_id(guild_0))
            in_dm = await fake.slash(alice, "where", channel_id=fake.dm_channel_id(alice))
            assert (in_1.content, in_1.shard, in_1.guild_id) == ("one", (1, 2), guild_1)
            assert (in_0.content, in_0.shard, in_0.guild_id) == ("zero", (0, 2), guild_0)
            assert (in_dm.content, in_dm.shard, in_dm.guild_id) == ("zero", (0, 2), None)  # DMs: shard 0
            assert one.interaction_ids == [in_1.id] and zero.interaction_ids == [in_0.id, in_dm.id]
            assert in_1.session_id != in_0.session_id == in_dm.session_id

            said_1 = await fake.send_user_message(alice, "hello one", fake.guild_channel_id(guild_1))
            said_0 = await fake.send_user_message(alice, "hello zero", fake.guild_channel_id(guild_0))
            await until(lambda: int(said_1["id"]) in one.message_ids and int(said_0["id"]) in zero.message_ids)
            assert int(said_0["id"]) not in one.message_ids and int(said_1["id"]) not in zero.message_ids
        fake.assert_clean()


async def test_a_client_without_a_shard_count_runs_the_shards_gateway_bot_names(pointed_at_fake) -> None:
    async with FakeDiscord(guilds=2, shards=2, max_concurrency=2) as fake:
        pointed_at_fake(fake)
        async with running(ShardClient("all"), fake, [0, 1]) as client:
            assert client.shard_count == 2 and sorted(client.shards) == [0, 1]
            assert sorted(g.id for g in client.guilds) == sorted(fake.guild_ids)
            assert all(g.shard_id == fake.shard_of(g.id, 2) for g in client.guilds)
            assert [r.path for r in fake.requests].count("/gateway/bot") == 1
            assert sorted(r.bucket for r in fake.identifies) == [0, 1] and fake.identify_violations == []
        fake.assert_clean()

"""A fake Discord (REST API + gateway websocket) on 127.0.0.1 for end-to-end tests.

Why: the real bot must be tested as a real process (``python bot.py``) that can be
SIGKILLed and restarted, with users clicking buttons on messages an earlier process
posted.  In-process mocks cannot show that, and real Discord cannot be reached from
CI.  This package speaks just enough of Discord's v10 HTTP API and gateway protocol
for discord.py 2.7 to log in, sync app commands, receive interactions and answer
them, and it keeps every message in memory so that state outlives the bot process.

The bot is pointed at it with two env vars that bot.py honours::

    DISCORD_API_BASE=http://127.0.0.1:PORT/api/v10   -> discord.http.Route.BASE
    DISCORD_GATEWAY_URL=ws://127.0.0.1:PORT/gateway  -> DiscordWebSocket.DEFAULT_GATEWAY

Test side (everything runs in the test's event loop)::

    async with FakeDiscord() as fake:
        proc = start_bot(env={"DISCORD_TOKEN": fake.token, ...fake.env()})
        await fake.wait_connected(10)
        rec = await fake.slash(fake.user_id("alice"), "hello")
        button = fake.find_component(rec.message, custom_id_prefix="demo:")
        rec2 = await fake.click(fake.user_id("alice"), rec.message["id"], button["custom_id"])

Stored messages are plain Discord-shaped dicts.  Keys starting with ``_`` are the
fake's own bookkeeping (``_ephemeral``, ``_deleted``, ``_edits``, ``_history``,
attachment ``_bytes``) and are stripped before anything is sent to the bot.

Realism the tests can rely on (each one mirrors a real Discord rule that bots trip
over): 401 for a wrong token (REST) and close code 4004 (gateway); 400 "Invalid Form
Body" (50035) for over-long content/embeds/custom_ids and bad command schemas; 50006
for empty messages; 40060 for answering an interaction twice; 10062 for unknown
interactions (optionally after ``interaction_deadline`` seconds); ephemeral messages
cannot be fetched or edited through channel routes; the first followup after a
"thinking" defer replaces the loading message; without the members intent the
GUILD_CREATE only lists the bot itself; without the message-content intent user
messages arrive with empty content.  Every non-2xx answer the fake gives that the
test did not inject is recorded in ``rejected``; every route it does not know is
recorded in ``unhandled`` (404).  ``assert_clean()`` checks both.

Several guilds and shards (a bot run as shard processes)::

    async with FakeDiscord(guilds=2, shards=2) as fake:   # guild i on shard i % 2
        a, b = fake.guild_on_shard(0, 2), fake.guild_on_shard(1, 2)
        ... start one process with shard_ids=[0], shard_count=2 and one with [1] ...
        await fake.wait_shard_ready(0); await fake.wait_shard_ready(1)
        rec = await fake.slash(alice, "hello", channel_id=fake.guild_channel_id(b))
        assert rec.shard == (1, 2)
        assert not fake.identify_violations and not fake.shard_conflicts

A sharded IDENTIFY sees only its shard's guilds, and a guild's events and
interactions go only to its shard's sessions (direct messages: shard 0).  GET
/gateway/bot answers ``shards`` and ``session_start_limit`` (``max_concurrency``);
IDENTIFYs are recorded per bucket with Discord's 5-second rule (gateway.py).
Where things are (each module says why it exists)::

    server.py        FakeDiscord: state, lifecycle, env(), wait_for, hold_answer, assert_clean
    store.py         directory (users; per guild members, roles, channels) and stored-message look-ups
    guilds.py        the guilds, and which shard each lies on
    messages.py      building, validating, storing and announcing messages
    gateway.py       websocket gateway: hello, identify, resume, heartbeats, shards, dispatch
    rest.py          the v10 HTTP routes, auth, injected errors, rate-limit headers
    commands.py      application command sync and schema checks
    interactions.py  slash/click/select/modal, callbacks, followups, deadlines
    errors.py        Discord-like error answers (and InteractionTimeout)
    records.py       RequestLog, InteractionRecord, HeldAnswer, IdentifyRecord/Violation, ShardConflict
    protocol.py      Perm, Intent, message flags, snowflakes, component walking
"""


from .errors import InteractionTimeout
from .protocol import (
    API_VERSION,
    DISCORD_EPOCH_MS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    Intent,
    Perm,
    snowflake_time,
    walk_components,
)
from .records import HeldAnswer, IdentifyRecord, IdentifyViolation, InteractionRecord, RequestLog, ShardConflict
from .server import FakeDiscord

__all__ = [
    "FakeDiscord", "InteractionRecord", "InteractionTimeout", "Perm", "Intent",
    "HeldAnswer", "RequestLog", "IdentifyRecord", "IdentifyViolation", "ShardConflict", "API_VERSION", "DISCORD_EPOCH_MS", "FLAG_COMPONENTS_V2", "FLAG_EPHEMERAL",
    "FLAG_LOADING", "FLAG_SUPPRESS_EMBEDS", "FLAG_SUPPRESS_NOTIFICATIONS", "snowflake_time", "walk_components",
]

"""``FakeDiscord`` itself: one aiohttp server on 127.0.0.1 made of the parts.

Why: tests want one object to start, point the bot at, act through and assert on.
It holds all state (made here, in ``__init__``) and adds what belongs to no single
part: lifecycle, addresses and env vars for the bot, waiting for a condition,
events log, ``hold_answer`` and ``assert_clean``.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

from aiohttp import web

from .commands import CommandsMixin
from .gateway import GatewayMixin, _Conn, _Session
from .guilds import GuildsMixin, _Guild
from .interactions import InteractionsMixin
from .messages import MessagesMixin
from .protocol import API_VERSION, Intent, _Snowflakes
from .ratelimits import RateLimits
from .records import HeldAnswer, IdentifyRecord, IdentifyViolation, InteractionRecord, RequestLog, ShardConflict
from .rest import RestMixin
from .store import StoreMixin

log = logging.getLogger("fakediscord")
WAIT_TIMEOUT = 60.0  # default bound of `wait_for`, which returns as soon as its condition holds


class FakeDiscord(StoreMixin, GuildsMixin, MessagesMixin, GatewayMixin, RestMixin, CommandsMixin, InteractionsMixin):
    """Fake Discord server.  Use ``async with FakeDiscord() as fake`` or start()/close().

    ``guilds=N, shards=S``: N guilds, the i-th on shard i % S, and /gateway/bot recommends S
    shards; ``max_concurrency`` is the IDENTIFY concurrency it announces and checks (gateway.py).
    """

    def __init__(
        self,
        token: str | None = None,
        *,
        heartbeat_interval: float = 41.25,
        allowed_privileged_intents: int = Intent.PRIVILEGED,
        interaction_deadline: float | None = None,
        attachment_size_limit: int = 10 * 1024 * 1024,
        compress: bool = True,
        guild_name: str = "Fake Guild",
        channel_name: str = "general",
        bot_name: str = "FakeBot",
        default_users: Iterable[str] = ("alice", "bob", "carol"),
        guilds: int = 1,
        shards: int = 1,
        max_concurrency: int = 1,
        enforce_identify_limit: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.token = token or f"FAKE.{secrets.token_urlsafe(24)}"
        self.heartbeat_interval = heartbeat_interval
        self.allowed_privileged_intents = allowed_privileged_intents
        self.interaction_deadline = interaction_deadline
        self.attachment_size_limit = attachment_size_limit
        self.honour_compress = compress

        self._ids = _Snowflakes()
        self._change = asyncio.Event()
        self._tasks: set = set()
        self._runner: web.AppRunner | None = None
        self.port = 0

        # --- sharding (gateway.py): GET /gateway/bot answers these; IDENTIFY is checked against them
        if guilds < 1 or shards < 1 or max_concurrency < 1:
            raise ValueError("guilds, shards and max_concurrency must be at least 1")
        self.shards = shards  # the shard count /gateway/bot recommends
        self.max_concurrency = max_concurrency  # IDENTIFY buckets: shard_id % max_concurrency
        self.session_start_total = 1000
        self.session_reset_after_ms = 14_400_000
        self.enforce_identify_limit = enforce_identify_limit  # answer a too-early IDENTIFY with op 9
        self.clock = clock  # times IDENTIFYs (a test may pass a clock it moves itself)

        # --- directory
        self._users: dict[int, dict] = {}
        self._guilds: dict[int, _Guild] = {}
        self._channels: dict[int, dict] = {}
        self._names: dict[str, int] = {}

        self.application_id = self._ids.next()
        self.bot_user_id = self.application_id  # modern apps: bot user id == application id
        self._users[self.bot_user_id] = self._user_dict(self.bot_user_id, bot_name, bot=True)
        self.owner_id = self._new_user("owner")
        for i in range(guilds):  # the i-th guild lies on shard i % shards
            name = guild_name if i == 0 else f"{guild_name} {i + 1}"
            self._make_guild(name, channel_name, (i % shards, shards), bot_name)
        first = next(iter(self._guilds.values()))
        self.guild_id = first.id
        self.guild_name = guild_name
        self._members = first.members  # the first guild's, as before there were several
        self._roles = first.roles
        self.moderator_role_id = first.moderator_role_id
        self.bot_role_id = first.bot_role_id
        self.channel_id = first.channel_id
        for name in default_users:
            self.add_user(name)

        # --- content
        self._msgs: dict[int, dict] = {}
        self._channel_msgs: dict[int, list] = collections.defaultdict(list)
        self._blobs: dict[int, tuple] = {}  # attachment id -> (bytes, content_type, filename)
        self._global_commands: dict[tuple, dict] = {}
        self._guild_commands: dict[int, dict[tuple, dict]] = collections.defaultdict(dict)
        self.command_puts = 0
        self.command_put_log: list[tuple[int | None, list]] = []
        self.interactions: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        self.reactions: list[tuple[int, str, str]] = []  # (message_id, emoji, action)
        self.rate_limits = RateLimits()  # Discord's limits; `rate_limits.enabled = False` lifts them
        self.message_ages: dict[int, float] = {}  # message id -> seconds added to its age (age_message)

        # --- gateway
        self._conns: set[_Conn] = set()
        self._sessions: dict[str, _Session] = {}
        self.ready_count = 0
        self.shard_ready_counts: collections.Counter[int] = collections.Counter()  # READYs per shard id
        self.identifies: list[IdentifyRecord] = []
        self.identify_violations: list[IdentifyViolation] = []
        self.shard_conflicts: list[ShardConflict] = []
        self.resume_count = 0
        self.identify_failures = 0
        self.presence: dict | None = None

        # --- diagnostics
        self.requests: list[RequestLog] = []
        self.unhandled: list[dict] = []
        self.rejected: list[dict] = []
        self.warnings: list[str] = []
        self.events: list[str] = []
        self._injections: list[dict] = []

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self._ws_handler)
        app.router.add_route("GET", "/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment_handler)
        app.router.add_route("*", "/api/{tail:.*}", self._rest_handler)
        app.router.add_route("*", "/{tail:.*}", self._unknown_handler)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self._event(f"listening on 127.0.0.1:{self.port}")
        return self

    async def close(self) -> None:
        for conn in list(self._conns):
            try:
                await asyncio.wait_for(conn.ws.close(code=1001, message=b"fake shutting down"), 1.0)
            except Exception:
                pass
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    # ------------------------------------------------------------------ addresses

    @property
    def http_base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.http_base}/api/v{API_VERSION}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def env(self) -> dict:
        """Env vars for the bot subprocess (token included)."""
        return {"DISCORD_TOKEN": self.token, "DISCORD_API_BASE": self.api_base,
                "DISCORD_GATEWAY_URL": self.gateway_url}

    # ------------------------------------------------------------------ waiting

    def _notify(self) -> None:
        ev, self._change = self._change, asyncio.Event()
        ev.set()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = WAIT_TIMEOUT) -> Any:
        """Wait until ``predicate()`` is truthy; re-checked after every state change."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            ev = self._change
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout}s")
            try:
                await asyncio.wait_for(ev.wait(), min(remaining, 0.5))
            except TimeoutError:
                pass

    # ------------------------------------------------------------------ diagnostics

    def hold_answer(self, handler_name: str, when: Callable[[Any], bool] | None = None) -> HeldAnswer:
        """Carry out the next REST call handled by ``handler_name`` (e.g. "_r_send") whose result
        satisfies ``when``, then keep its answer back until ``held.release`` is set.

        For crash tests: the bot is killed after Discord did something (the message exists) and
        before the bot heard so (it never learns the message id). Later calls pass through.
        """
        original = getattr(type(self), handler_name)
        held = HeldAnswer()

        async def holding(request: web.Request, entry: RequestLog, **kwargs: Any) -> Any:
            result = await original(self, request, entry, **kwargs)
            if not held.carried_out.is_set() and (when is None or when(result)):
                held.result = result
                held.carried_out.set()
                self._event(f"answer to {request.method} {entry.path} held back")
                self._notify()
                await held.release.wait()
            return result

        setattr(self, handler_name, holding)
        return held

    def assert_clean(self) -> None:
        """Fail if the bot hit unknown routes or got error answers the test did not inject."""
        problems = [f"unhandled {u['method']} {u['path']}" for u in self.unhandled]
        problems += [f"rejected {r['method']} {r['path']} -> {r['status']} {r['body']}" for r in self.rejected]
        if problems:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(problems))

    def _event(self, text: str) -> None:
        log.debug("%s", text)
        self.events.append(f"{time.strftime('%H:%M:%S')} {text}")
        if len(self.events) > 2000:
            del self.events[:500]

    def _spawn(self, coro: Any) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()  # not started yet: nobody connected, nothing to tell
            return
        task = loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

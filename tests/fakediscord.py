"""A fake Discord (REST API + gateway websocket) on 127.0.0.1 for end-to-end tests.

Why: the real bot must be tested as a real process (``python bot.py``) that can be
SIGKILLed and restarted, with users clicking buttons on messages an earlier process
posted.  In-process mocks cannot show that, and real Discord cannot be reached from
CI.  This module speaks just enough of Discord's v10 HTTP API and gateway protocol
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
"""

from __future__ import annotations

import asyncio
import collections
import copy
import hashlib
import io
import json
import logging
import mimetypes
import re
import secrets
import time
import zlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Iterator, Optional

from aiohttp import WSMsgType, web

__all__ = ["FakeDiscord", "InteractionRecord", "InteractionTimeout", "Perm", "Intent"]

log = logging.getLogger("fakediscord")

DISCORD_EPOCH_MS = 1420070400000
API_VERSION = 10


class Perm:
    """Permission bits (only the ones tests are likely to need by name)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CONNECT = 1 << 20
    SPEAK = 1 << 21
    CHANGE_NICKNAME = 1 << 26
    MANAGE_ROLES = 1 << 28
    MANAGE_WEBHOOKS = 1 << 29
    USE_APPLICATION_COMMANDS = 1 << 31
    CREATE_PUBLIC_THREADS = 1 << 35
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 51) - 1
    EVERYONE_DEFAULT = (
        CREATE_INSTANT_INVITE | ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
        | READ_MESSAGE_HISTORY | USE_EXTERNAL_EMOJIS | CONNECT | SPEAK | CHANGE_NICKNAME
        | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS
    )


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


# Message flags
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15
_EDITABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2

_COMMAND_NAME_RE = re.compile(r"^[-_\w]{1,32}$")
_SELECT_TYPES = (3, 5, 6, 7, 8)


class InteractionTimeout(AssertionError):
    """The bot did not answer an interaction in time (raised by slash/click/select)."""


# --------------------------------------------------------------------------- helpers


class _Snowflakes:
    """Snowflake ids from the current time so discord.py derives realistic timestamps."""

    def __init__(self) -> None:
        self._counter = 0
        self._last = 0

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        self._counter = (self._counter + 1) & 0x3FFFFF
        value = (ms << 22) | self._counter
        if value <= self._last:  # keep ids strictly increasing
            value = self._last + 1
        self._last = value
        return value


def snowflake_time(snowflake: int) -> datetime:
    return datetime.fromtimestamp(((int(snowflake) >> 22) + DISCORD_EPOCH_MS) / 1000, tz=timezone.utc)


def _iso(dt: Optional[datetime] = None) -> str:
    return (dt or datetime.now(timezone.utc)).isoformat(timespec="milliseconds")


def _public(obj: Any) -> Any:
    """Deep copy without the fake's private ``_`` keys (what the bot gets to see)."""
    if isinstance(obj, dict):
        return {k: _public(v) for k, v in obj.items() if not (isinstance(k, str) and k.startswith("_"))}
    if isinstance(obj, list):
        return [_public(v) for v in obj]
    return obj


def walk_components(components: Iterable[dict]) -> Iterator[dict]:
    """Depth-first over action rows, containers, sections (accessory) and labels."""
    for comp in components or ():
        if not isinstance(comp, dict):
            continue
        yield comp
        yield from walk_components(comp.get("components") or ())
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from walk_components([comp[key]])


def _json_response(data: Any, *, status: int = 200, headers: Optional[dict] = None) -> web.Response:
    """JSON answer with Content-Type exactly 'application/json'.

    discord.py's json_or_text() compares the header for equality, so aiohttp's
    json_response ('application/json; charset=utf-8') would make it see a str.
    """
    hdrs = dict(headers or {})
    hdrs["Content-Type"] = "application/json"
    return web.Response(body=json.dumps(data).encode(), status=status, headers=hdrs)


class _ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: Optional[dict] = None,
                 headers: Optional[dict] = None, extra: Optional[dict] = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message
        self.errors, self.headers, self.extra = errors, headers or {}, extra or {}

    def body(self) -> dict:
        body: dict = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        body.update(self.extra)
        return body


class _FormErrors:
    """Builds Discord's nested ``errors`` tree for 50035 Invalid Form Body."""

    def __init__(self) -> None:
        self.tree: dict = {}

    def add(self, path: list, code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_len(self, path: list, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def check(self) -> None:
        if self.tree:
            raise _ApiError(400, 50035, "Invalid Form Body", errors=self.tree)


@dataclass
class _Upload:
    index: int
    filename: str
    data: bytes
    content_type: Optional[str]


@dataclass
class RequestLog:
    """One REST call the bot made (for assertions such as 'no message was sent')."""

    method: str
    path: str
    query: dict
    status: int = 0
    json: Any = None
    files: list = field(default_factory=list)


@dataclass(eq=False)
class InteractionRecord:
    """What the fake sent for one interaction and everything the bot answered.

    ``message`` is live: it is the stored message the interaction's ``@original``
    points at (the new response message for callback types 4/5, the clicked message
    for 6/7), so later edits by the bot show up without re-fetching.
    """

    fake: "FakeDiscord" = field(repr=False)
    id: int
    token: str = field(repr=False)
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user_id: int
    channel_id: int
    payload: dict = field(repr=False)
    source_message_id: Optional[int] = None
    callback_type: Optional[int] = None
    callback_data: Optional[dict] = field(default=None, repr=False)
    response_message_id: Optional[int] = None
    followup_ids: list = field(default_factory=list)
    modal: Optional[dict] = field(default=None, repr=False)
    choices: Optional[list] = None
    updates: int = 0
    last_activity: float = 0.0
    created_at: float = field(default_factory=time.monotonic, repr=False)

    @property
    def name(self) -> str:
        data = self.payload.get("data") or {}
        return data.get("name") or data.get("custom_id") or ""

    @property
    def original_message_id(self) -> Optional[int]:
        if self.callback_type in (4, 5):
            return self.response_message_id
        if self.callback_type in (6, 7):
            return self.source_message_id
        return None

    @property
    def message(self) -> Optional[dict]:
        mid = self.original_message_id
        return self.fake._msgs.get(mid) if mid else None

    @property
    def followups(self) -> list:
        return [self.fake._msgs[m] for m in self.followup_ids]

    @property
    def all_messages(self) -> list:
        """The response message (if any) followed by the followups."""
        out = [self.message] if self.message is not None else []
        return out + [m for m in self.followups if m is not self.message]

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        return bool(msg and msg["flags"] & FLAG_EPHEMERAL)

    @property
    def content(self) -> str:
        return (self.message or {}).get("content", "")

    @property
    def embeds(self) -> list:
        return (self.message or {}).get("embeds", [])

    @property
    def components(self) -> list:
        return (self.message or {}).get("components", [])

    @property
    def attachments(self) -> list:
        return (self.message or {}).get("attachments", [])

    @property
    def flags(self) -> int:
        return (self.message or {}).get("flags", 0)

    def _touch(self) -> None:
        self.last_activity = time.monotonic()

    async def wait(self, predicate: Callable[["InteractionRecord"], Any], timeout: float = 5.0) -> "InteractionRecord":
        await self.fake.wait_for(lambda: predicate(self), timeout)
        return self

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list:
        await self.wait(lambda r: len(r.followup_ids) >= count, timeout)
        return self.followups

    async def wait_update(self, timeout: float = 5.0) -> "InteractionRecord":
        """Wait for the next edit of @original or the next followup."""
        seen = self.updates
        return await self.wait(lambda r: r.updates > seen, timeout)


@dataclass(eq=False)
class HeldAnswer:
    """A REST call carried out whose answer is kept back (see ``FakeDiscord.hold_answer``)."""

    carried_out: asyncio.Event = field(default_factory=asyncio.Event)
    release: asyncio.Event = field(default_factory=asyncio.Event)
    result: Any = None


class _Conn:
    """One gateway websocket; serialises sends (zlib-stream needs strict order)."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool, query: dict) -> None:
        self.ws = ws
        self.query = query
        self.lock = asyncio.Lock()
        self.z = zlib.compressobj() if compress else None
        self.session: Optional[_Session] = None
        self.closed = False
        self.last_heartbeat = time.monotonic()

    @property
    def alive(self) -> bool:
        return not self.closed and not self.ws.closed

    async def send(self, obj: dict) -> None:
        text = json.dumps(obj, separators=(",", ":"))
        async with self.lock:
            if not self.alive:
                return
            try:
                if self.z is not None:
                    await self.ws.send_bytes(self.z.compress(text.encode()) + self.z.flush(zlib.Z_SYNC_FLUSH))
                else:
                    await self.ws.send_str(text)
            except Exception as exc:  # client vanished mid-send (SIGKILL)
                log.debug("gateway send failed: %r", exc)
                self.closed = True


class _Session:
    """A gateway session: survives its connection so RESUME can replay events."""

    def __init__(self, session_id: str, intents: int, conn: _Conn) -> None:
        self.id = session_id
        self.intents = intents
        self.conn: Optional[_Conn] = conn
        self.seq = 0
        self.buffer: collections.deque = collections.deque(maxlen=1000)
        self.ready = False
        self.ready_at = 0.0

    @property
    def live(self) -> bool:
        return self.ready and self.conn is not None and self.conn.alive

    async def dispatch(self, event: str, data: dict) -> None:
        self.seq += 1
        msg = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.buffer.append(msg)
        if self.conn is not None and self.conn.alive:
            await self.conn.send(msg)


# --------------------------------------------------------------------------- the fake


class FakeDiscord:
    """Fake Discord server.  Use ``async with FakeDiscord() as fake`` or start()/close()."""

    def __init__(
        self,
        token: Optional[str] = None,
        *,
        heartbeat_interval: float = 41.25,
        allowed_privileged_intents: int = Intent.PRIVILEGED,
        interaction_deadline: Optional[float] = None,
        attachment_size_limit: int = 10 * 1024 * 1024,
        compress: bool = True,
        guild_name: str = "Fake Guild",
        channel_name: str = "general",
        bot_name: str = "FakeBot",
        default_users: Iterable[str] = ("alice", "bob", "carol"),
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
        self._runner: Optional[web.AppRunner] = None
        self.port = 0

        # --- directory
        self._users: dict[int, dict] = {}
        self._members: dict[int, dict] = {}
        self._roles: dict[int, dict] = {}
        self._channels: dict[int, dict] = {}
        self._names: dict[str, int] = {}

        self.application_id = self._ids.next()
        self.bot_user_id = self.application_id  # modern apps: bot user id == application id
        self._users[self.bot_user_id] = self._user_dict(self.bot_user_id, bot_name, bot=True)
        self.owner_id = self._new_user("owner")
        self.guild_id = self._ids.next()
        self.guild_name = guild_name
        self._roles[self.guild_id] = self._role_dict(self.guild_id, "@everyone", Perm.EVERYONE_DEFAULT, 0)
        self.moderator_role_id = self.add_role("Moderator", Perm.MANAGE_CHANNELS | Perm.MANAGE_MESSAGES)
        self.bot_role_id = self.add_role(
            bot_name, Perm.EVERYONE_DEFAULT | Perm.MANAGE_MESSAGES | Perm.MANAGE_CHANNELS, managed=True)
        self._add_member(self.bot_user_id, [self.bot_role_id])
        self._add_member(self.owner_id, [])
        self.channel_id = self.add_channel(channel_name)
        for name in default_users:
            self.add_user(name)

        # --- content
        self._msgs: dict[int, dict] = {}
        self._channel_msgs: dict[int, list] = collections.defaultdict(list)
        self._blobs: dict[int, tuple] = {}  # attachment id -> (bytes, content_type, filename)
        self._global_commands: dict[tuple, dict] = {}
        self._guild_commands: dict[int, dict[tuple, dict]] = collections.defaultdict(dict)
        self.command_puts = 0
        self.command_put_log: list[tuple[Optional[int], list]] = []
        self.interactions: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        self.reactions: list[tuple[int, str, str]] = []  # (message_id, emoji, action)

        # --- gateway
        self._conns: set[_Conn] = set()
        self._sessions: dict[str, _Session] = {}
        self.ready_count = 0
        self.resume_count = 0
        self.identify_failures = 0
        self.presence: Optional[dict] = None

        # --- diagnostics
        self.requests: list[RequestLog] = []
        self.unhandled: list[dict] = []
        self.rejected: list[dict] = []
        self.warnings: list[str] = []
        self.events: list[str] = []
        self._injections: list[dict] = []

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> "FakeDiscord":
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

    async def __aenter__(self) -> "FakeDiscord":
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

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0) -> Any:
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
                raise asyncio.TimeoutError(f"condition not met within {timeout}s")
            try:
                await asyncio.wait_for(ev.wait(), min(remaining, 0.5))
            except asyncio.TimeoutError:
                pass

    @property
    def connected(self) -> bool:
        return self._active_session() is not None

    async def wait_connected(self, timeout: float = 10.0, *, count: Optional[int] = None) -> None:
        """Wait for a live gateway session that has been sent READY + GUILD_CREATE.

        ``count``: additionally require that at least this many READYs were sent in
        total (e.g. ``fake.ready_count + 1`` before restarting the bot).
        """
        try:
            await self.wait_for(lambda: self.connected and (count is None or self.ready_count >= count), timeout)
        except asyncio.TimeoutError:
            raise asyncio.TimeoutError(
                f"no bot connected within {timeout}s (ready_count={self.ready_count}, "
                f"identify_failures={self.identify_failures}, last events={self.events[-8:]})") from None

    async def wait_disconnected(self, timeout: float = 10.0) -> None:
        """Wait until no gateway websocket is open (e.g. after SIGKILL of the bot)."""
        await self.wait_for(lambda: not any(c.alive for c in self._conns), timeout)

    def _active_session(self) -> Optional[_Session]:
        live = [s for s in self._sessions.values() if s.live]
        return max(live, key=lambda s: s.ready_at) if live else None

    # ------------------------------------------------------------------ directory (test side)

    def _user_dict(self, uid: int, name: str, bot: bool = False) -> dict:
        return {"id": str(uid), "username": name, "global_name": None if bot else name.title(),
                "discriminator": "0" if not bot else "0000", "avatar": None, "bot": bot,
                "public_flags": 0, "banner": None, "accent_color": None}

    def _role_dict(self, rid: int, name: str, perms: int, position: int, managed: bool = False) -> dict:
        return {"id": str(rid), "name": name, "permissions": str(perms), "position": position,
                "color": 0, "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
                "hoist": False, "managed": managed, "mentionable": False, "icon": None,
                "unicode_emoji": None, "flags": 0}

    def _new_user(self, name: str) -> int:
        uid = self._ids.next()
        self._users[uid] = self._user_dict(uid, name)
        self._names[name] = uid
        return uid

    def _add_member(self, uid: int, roles: list) -> None:
        self._members[uid] = {"roles": list(roles), "joined_at": _iso()}

    def add_user(self, name: str, *, manage_channels: bool = False, administrator: bool = False) -> int:
        """Create a guild member; returns its user id (also reachable via ``user_id(name)``)."""
        uid = self._new_user(name)
        roles = [self.moderator_role_id] if manage_channels else []
        self._add_member(uid, roles)
        if administrator:
            admin = self._names.get("@Admin") or self.add_role("Admin", Perm.ADMINISTRATOR)
            self._names["@Admin"] = admin
            self._members[uid]["roles"].append(admin)
        self._spawn(self._dispatch_all("GUILD_MEMBER_ADD", dict(self._member_payload(uid), guild_id=str(self.guild_id)),
                                       intent=Intent.GUILD_MEMBERS))
        return uid

    def user_id(self, name: str) -> int:
        return self._names[name]

    def add_role(self, name: str, permissions: int = 0, *, managed: bool = False) -> int:
        rid = self._ids.next()
        self._roles[rid] = self._role_dict(rid, name, permissions, len(self._roles), managed)
        self._spawn(self._dispatch_all("GUILD_ROLE_CREATE", {"guild_id": str(self.guild_id), "role": self._roles[rid]},
                                       intent=Intent.GUILDS))
        return rid

    def set_roles(self, user_id: int, role_ids: Iterable[int]) -> None:
        self._members[user_id]["roles"] = list(role_ids)
        self._spawn(self._dispatch_all("GUILD_MEMBER_UPDATE",
                                       dict(self._member_payload(user_id), guild_id=str(self.guild_id)),
                                       intent=Intent.GUILD_MEMBERS))

    def set_manage_channels(self, user_id: int, enabled: bool = True) -> None:
        """Give/take Manage Channels (via the 'Moderator' role, as on a real server)."""
        roles = [r for r in self._members[user_id]["roles"] if r != self.moderator_role_id]
        if enabled:
            roles.append(self.moderator_role_id)
        self.set_roles(user_id, roles)

    def permissions_for(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return Perm.ALL
        perms = int(self._roles[self.guild_id]["permissions"])
        for rid in self._members.get(user_id, {}).get("roles", []):
            perms |= int(self._roles[rid]["permissions"])
        return Perm.ALL if perms & Perm.ADMINISTRATOR else perms

    def add_channel(self, name: str, *, topic: Optional[str] = None) -> int:
        cid = self._ids.next()
        self._channels[cid] = {
            "id": str(cid), "type": 0, "guild_id": str(self.guild_id), "name": name,
            "position": sum(1 for c in self._channels.values() if c["type"] == 0),
            "permission_overwrites": [], "parent_id": None, "topic": topic, "nsfw": False,
            "rate_limit_per_user": 0, "last_message_id": None, "flags": 0,
        }
        self._spawn(self._dispatch_all("CHANNEL_CREATE", dict(self._channels[cid]), intent=Intent.GUILDS))
        return cid

    def _member_payload(self, uid: int, *, user: bool = True, permissions: bool = False) -> dict:
        m = self._members[uid]
        d = {"roles": [str(r) for r in m["roles"]], "joined_at": m["joined_at"], "nick": None, "avatar": None,
             "banner": None, "premium_since": None, "deaf": False, "mute": False, "pending": False,
             "flags": 0, "communication_disabled_until": None}
        if user:
            d["user"] = dict(self._users[uid])
        if permissions:
            d["permissions"] = str(self.permissions_for(uid))
        return d

    def _bot_user_payload(self) -> dict:
        return dict(self._users[self.bot_user_id], verified=True, mfa_enabled=False, flags=0, locale="en-US",
                    email=None)

    def _app_payload(self) -> dict:
        return {
            "id": str(self.application_id), "name": self._users[self.bot_user_id]["username"], "icon": None,
            "description": "", "summary": "", "type": None, "bot_public": True,
            "bot_require_code_grant": False, "owner": dict(self._users[self.owner_id]), "team": None,
            "verify_key": "0" * 64, "flags": self._app_flags(), "rpc_origins": [], "tags": [],
            "interactions_endpoint_url": None, "redirect_uris": [], "approximate_guild_count": 1,
            "bot": self._bot_user_payload(), "install_params": None, "hook": True,
            "integration_types_config": {"0": {}},
        }

    def _app_flags(self) -> int:
        flags = 0
        if self.allowed_privileged_intents & Intent.GUILD_PRESENCES:
            flags |= 1 << 12
        if self.allowed_privileged_intents & Intent.GUILD_MEMBERS:
            flags |= 1 << 14
        if self.allowed_privileged_intents & Intent.MESSAGE_CONTENT:
            flags |= 1 << 18
        return flags

    def _guild_create_payload(self, intents: int) -> dict:
        if intents & Intent.GUILD_MEMBERS:
            members = [self._member_payload(uid) for uid in self._members]
        else:  # real Discord: only yourself (and voice members) without the privileged intent
            members = [self._member_payload(self.bot_user_id)]
        return {
            "id": str(self.guild_id), "name": self.guild_name, "icon": None, "splash": None,
            "discovery_splash": None, "banner": None, "description": None, "owner_id": str(self.owner_id),
            "unavailable": False, "member_count": len(self._members), "large": False,
            "joined_at": self._members[self.bot_user_id]["joined_at"], "features": [],
            "roles": list(self._roles.values()), "emojis": [], "stickers": [],
            "channels": [{k: v for k, v in c.items() if k != "guild_id"} for c in self._channels.values()
                         if c.get("guild_id")],
            "threads": [], "members": members, "presences": [], "voice_states": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "preferred_locale": "en-US",
            "premium_tier": 0, "premium_subscription_count": 0, "system_channel_id": str(self.channel_id),
            "rules_channel_id": None, "public_updates_channel_id": None, "safety_alerts_channel_id": None,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "afk_timeout": 300, "afk_channel_id": None,
            "application_id": None, "vanity_url_code": None, "max_members": 500000,
            "max_video_channel_users": 25, "nsfw": False, "premium_progress_bar_enabled": False,
        }

    def _guild_payload(self) -> dict:
        d = self._guild_create_payload(0)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large",
                    "member_count", "unavailable", "stage_instances", "guild_scheduled_events",
                    "soundboard_sounds"):
            d.pop(key, None)
        return d

    # ------------------------------------------------------------------ messages (test side)

    def messages(self, channel_id: Optional[int] = None, *, ephemeral: Optional[bool] = None,
                 include_deleted: bool = False) -> list:
        """Stored messages in a channel, oldest first (ephemeral ones included unless filtered)."""
        out = []
        for msg in self._channel_msgs.get(int(channel_id or self.channel_id), []):
            if msg["_deleted"] and not include_deleted:
                continue
            if ephemeral is not None and msg["_ephemeral"] != ephemeral:
                continue
            out.append(msg)
        return out

    def message(self, message_id: int | str) -> dict:
        return self._msgs[int(message_id)]

    def forget_message(self, message_id: int | str) -> dict:
        """Remove a stored message as if it had never been sent (no event reaches the bot).

        For crash tests: the state a bot leaves when it dies after saving something and before
        posting it. Returns the removed message.
        """
        msg = self._msgs.pop(int(message_id))
        channel_msgs = self._channel_msgs.get(int(msg["channel_id"]), [])
        if msg in channel_msgs:
            channel_msgs.remove(msg)
        channel = self._channels.get(int(msg["channel_id"]))
        if channel is not None and channel.get("last_message_id") == msg["id"]:
            rest = [m for m in channel_msgs if not m["_ephemeral"]]
            channel["last_message_id"] = rest[-1]["id"] if rest else None
        self._event(f"message {msg['id']} forgotten (as if never sent)")
        self._notify()
        return msg

    def hold_answer(self, handler_name: str, when: Optional[Callable[[Any], bool]] = None) -> "HeldAnswer":
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

    def last_message(self, channel_id: Optional[int] = None, *, ephemeral: Optional[bool] = None) -> Optional[dict]:
        msgs = self.messages(channel_id, ephemeral=ephemeral)
        return msgs[-1] if msgs else None

    @staticmethod
    def find_component(message: dict, label: Optional[str] = None, custom_id_prefix: Optional[str] = None,
                       type: Optional[int] = None) -> Optional[dict]:
        """First component in ``message`` matching all given criteria (None if absent)."""
        for comp in walk_components(message.get("components") or []):
            if "custom_id" not in comp and comp.get("type") != 2:
                continue  # layout / display components
            if label is not None and comp.get("label") != label:
                continue
            if custom_id_prefix is not None and not str(comp.get("custom_id", "")).startswith(custom_id_prefix):
                continue
            if type is not None and comp.get("type") != type:
                continue
            return comp
        return None

    @staticmethod
    def components(message: dict) -> list:
        """All interactive components of a message, flattened."""
        return [c for c in walk_components(message.get("components") or []) if "custom_id" in c or "url" in c]

    def attachment_bytes(self, attachment: dict | int | str) -> bytes:
        aid = int(attachment["id"]) if isinstance(attachment, dict) else int(attachment)
        return self._blobs[aid][0]

    def commands(self, guild_id: Optional[int] = None) -> list:
        """Registered commands (global if guild_id is None)."""
        table = self._global_commands if guild_id is None else self._guild_commands.get(int(guild_id), {})
        return list(table.values())

    def command(self, name: str, guild_id: Optional[int] = None, *, type: int = 1) -> Optional[dict]:
        table = self._global_commands if guild_id is None else self._guild_commands.get(int(guild_id), {})
        return table.get((type, name))

    def assert_clean(self) -> None:
        """Fail if the bot hit unknown routes or got error answers the test did not inject."""
        problems = [f"unhandled {u['method']} {u['path']}" for u in self.unhandled]
        problems += [f"rejected {r['method']} {r['path']} -> {r['status']} {r['body']}" for r in self.rejected]
        if problems:
            raise AssertionError("fake Discord saw problems:\n  " + "\n  ".join(problems))

    def inject_error(self, method: str, path_regex: str, status: int, *, code: int = 0,
                     message: Optional[str] = None, retry_after: float = 0.5, is_global: bool = False,
                     times: int = 1) -> None:
        """Answer the next ``times`` matching REST calls with an error (e.g. 403, 429, 500).

        ``path_regex`` is searched in the path below /api/v10, e.g. r"^/channels/\\d+/messages$".
        """
        self._injections.append({"method": method.upper(), "re": re.compile(path_regex), "status": status,
                                 "code": code, "message": message, "retry_after": retry_after,
                                 "global": is_global, "times": times})

    # ------------------------------------------------------------------ interactions (test side)

    async def slash(self, user_id: int, name: str, options: Optional[dict] = None,
                    subcommand: Optional[str] = None, channel_id: Optional[int] = None, *,
                    timeout: float = 5.0, settle: float = 0.2, force: bool = False,
                    wait: bool = True) -> InteractionRecord:
        """Invoke slash command ``/name [subcommand] options`` as ``user_id``.

        ``subcommand`` may be "sub" or "group sub".  Option values are plain Python
        values; user/role/channel options take ids (user/role also names); attachment
        options take ``(filename, bytes)``.  The command must have been synced (a guild
        command for the fake's guild wins over a global one).  ``force`` skips the
        default_member_permissions check Discord itself would apply.
        """
        channel_id = int(channel_id or self.channel_id)
        cmd = await self._await_command(name, 1, channel_id, timeout)
        resolved: dict = {}
        root: list = []
        container, schema = root, cmd.get("options") or []
        for part in (subcommand or "").split():
            spec = next((o for o in schema if o["name"] == part and o.get("type") in (1, 2)), None)
            if spec is None:
                raise ValueError(f"/{name} has no subcommand {part!r}; has {[o['name'] for o in schema]}")
            node = {"type": spec["type"], "name": part, "options": []}
            container.append(node)
            container, schema = node["options"], spec.get("options") or []
        if any(o.get("type") in (1, 2) for o in schema):
            raise ValueError(f"/{name} needs a subcommand: {[o['name'] for o in schema]}")
        options = dict(options or {})
        for oname, value in options.items():
            spec = next((o for o in schema if o["name"] == oname), None)
            if spec is None:
                raise ValueError(f"/{name} has no option {oname!r}; has {[o['name'] for o in schema]}")
            container.append(self._build_option(spec, value, resolved, channel_id))
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in options]
        if missing:
            raise ValueError(f"/{name}: required options missing: {missing}")
        dmp = cmd.get("default_member_permissions")
        if dmp is not None and not force:
            need = int(dmp)
            if self.permissions_for(user_id) & need != need:
                raise PermissionError(f"/{name} needs permissions {need}; Discord would not show it to this user")
        data: dict = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if root:
            data["options"] = root
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return await self._run_interaction(2, user_id, channel_id, data, None, timeout, settle, wait)

    async def autocomplete(self, user_id: int, name: str, options: dict, focused: str,
                           subcommand: Optional[str] = None, channel_id: Optional[int] = None, *,
                           timeout: float = 5.0) -> list:
        """Send an autocomplete interaction (type 4); returns the choices the bot offered."""
        channel_id = int(channel_id or self.channel_id)
        cmd = await self._await_command(name, 1, channel_id, timeout)
        root: list = []
        container, schema = root, cmd.get("options") or []
        for part in (subcommand or "").split():
            spec = next(o for o in schema if o["name"] == part)
            node = {"type": spec["type"], "name": part, "options": []}
            container.append(node)
            container, schema = node["options"], spec.get("options") or []
        for oname, value in options.items():
            spec = next(o for o in schema if o["name"] == oname)
            opt = {"type": spec["type"], "name": oname, "value": value}
            if oname == focused:
                opt["focused"] = True
            container.append(opt)
        data: dict = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": root}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        rec = await self._run_interaction(4, user_id, channel_id, data, None, timeout, 0.0, True)
        return rec.choices or []

    async def click(self, user_id: int, message_id: int | str | dict, custom_id: str, *,
                    timeout: float = 5.0, settle: float = 0.2, wait: bool = True) -> InteractionRecord:
        """Click the button with ``custom_id`` on a stored message (must exist and be enabled)."""
        msg = self._message_for_interaction(message_id)
        comp = self._component_on(msg, custom_id)
        if comp.get("type") != 2:
            raise ValueError(f"component {custom_id!r} is type {comp.get('type')}, not a button; use select()")
        if comp.get("style") in (5, 6):
            raise ValueError(f"button {custom_id!r} is a link/premium button")
        data: dict = {"custom_id": custom_id, "component_type": 2}
        if comp.get("id") is not None:
            data["id"] = comp["id"]
        return await self._run_interaction(3, user_id, int(msg["channel_id"]), data, msg, timeout, settle, wait)

    async def select(self, user_id: int, message_id: int | str | dict, custom_id: str, values: list, *,
                     timeout: float = 5.0, settle: float = 0.2, wait: bool = True) -> InteractionRecord:
        """Pick ``values`` in a select menu (string values; ids for user/role/channel selects)."""
        msg = self._message_for_interaction(message_id)
        comp = self._component_on(msg, custom_id)
        ctype = comp.get("type")
        if ctype not in _SELECT_TYPES:
            raise ValueError(f"component {custom_id!r} is type {ctype}, not a select")
        values = [str(v) for v in values]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict = {"custom_id": custom_id, "component_type": ctype, "values": values}
        if comp.get("id") is not None:
            data["id"] = comp["id"]
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"select {custom_id!r} has no option(s) {bad}; options: {allowed}")
        else:
            resolved: dict = {}
            for v in values:
                self._resolve_snowflake(int(v), resolved, int(msg["channel_id"]))
            data["resolved"] = resolved
        return await self._run_interaction(3, user_id, int(msg["channel_id"]), data, msg, timeout, settle, wait)

    async def submit_modal(self, user_id: int, opened_by: InteractionRecord, values: dict, *,
                           timeout: float = 5.0, settle: float = 0.2, wait: bool = True) -> InteractionRecord:
        """Submit the modal the bot opened (callback type 9) in ``opened_by``.

        ``values`` maps text input custom_id -> str (select custom_id -> list).
        """
        if not opened_by.modal:
            raise ValueError("that interaction was not answered with a modal")
        modal = opened_by.modal
        known = {c.get("custom_id") for c in walk_components(modal.get("components", [])) if c.get("custom_id")}
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"modal has no inputs {sorted(unknown)}; has {sorted(known)}")

        def submitted(comp: dict) -> Optional[dict]:
            t = comp.get("type")
            if t == 1:
                return {"type": 1, "components": [s for s in map(submitted, comp.get("components", [])) if s]}
            if t == 18:
                inner = submitted(comp.get("component") or {})
                return {"type": 18, "id": comp.get("id"), "component": inner} if inner else None
            cid = comp.get("custom_id")
            if cid is None:
                return None
            if t == 4:
                if comp.get("required", True) and not values.get(cid):
                    raise ValueError(f"modal input {cid!r} is required")
                return {"type": 4, "id": comp.get("id"), "custom_id": cid, "value": str(values.get(cid, ""))}
            return {"type": t, "id": comp.get("id"), "custom_id": cid, "values": [str(v) for v in values.get(cid, [])]}

        comps = [s for s in map(submitted, modal.get("components", [])) if s]
        data = {"custom_id": modal.get("custom_id"), "components": comps}
        src = self._msgs.get(opened_by.source_message_id) if opened_by.source_message_id else None
        return await self._run_interaction(5, user_id, opened_by.channel_id, data, src, timeout, settle, wait)

    async def send_user_message(self, user_id: int, content: str, channel_id: Optional[int] = None) -> dict:
        """A user posts a message; dispatched as MESSAGE_CREATE (subject to intents)."""
        return await self._create_message(int(channel_id or self.channel_id), {"content": content}, [],
                                          author_id=user_id)

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the bot's websocket from the server side (discord.py will try to RESUME)."""
        for conn in list(self._conns):
            if conn.alive:
                await conn.ws.close(code=code, message=b"fake drop")

    async def send_reconnect(self) -> None:
        """Ask the client to reconnect (op 7)."""
        for conn in list(self._conns):
            await conn.send({"op": 7, "d": None, "s": None, "t": None})

    # ------------------------------------------------------------------ interaction plumbing

    async def _await_command(self, name: str, ctype: int, channel_id: int, timeout: float) -> dict:
        in_guild = self._channels.get(channel_id, {}).get("guild_id") is not None

        def lookup() -> Optional[dict]:
            if in_guild and (ctype, name) in self._guild_commands.get(self.guild_id, {}):
                return self._guild_commands[self.guild_id][(ctype, name)]
            return self._global_commands.get((ctype, name))

        try:
            return await self.wait_for(lookup, timeout)
        except asyncio.TimeoutError:
            raise LookupError(
                f"command /{name} was never synced (global: {[n for _, n in self._global_commands]}, "
                f"guild: {[n for _, n in self._guild_commands.get(self.guild_id, {})]})") from None

    def _message_for_interaction(self, message_id: int | str | dict) -> dict:
        mid = int(message_id["id"]) if isinstance(message_id, dict) else int(message_id)
        msg = self._msgs.get(mid)
        if msg is None or msg["_deleted"]:
            raise LookupError(f"message {mid} does not exist (or was deleted)")
        return msg

    @staticmethod
    def _component_on(msg: dict, custom_id: str) -> dict:
        for comp in walk_components(msg.get("components") or []):
            if comp.get("custom_id") == custom_id:
                if comp.get("disabled"):
                    raise ValueError(f"component {custom_id!r} is disabled")
                return comp
        present = [c.get("custom_id") for c in walk_components(msg.get("components") or []) if c.get("custom_id")]
        raise LookupError(f"message {msg['id']} has no component {custom_id!r}; has {present}")

    def _resolve_snowflake(self, sid: int, resolved: dict, channel_id: int) -> str:
        if sid in self._users:
            resolved.setdefault("users", {})[str(sid)] = dict(self._users[sid])
            if sid in self._members:
                resolved.setdefault("members", {})[str(sid)] = self._member_payload(sid, user=False,
                                                                                     permissions=True)
        elif sid in self._roles:
            resolved.setdefault("roles", {})[str(sid)] = dict(self._roles[sid])
        elif sid in self._channels:
            ch = self._channels[sid]
            resolved.setdefault("channels", {})[str(sid)] = {
                "id": ch["id"], "name": ch.get("name"), "type": ch["type"], "parent_id": ch.get("parent_id"),
                "permissions": str(Perm.ALL), "guild_id": ch.get("guild_id"), "topic": ch.get("topic"),
                "position": ch.get("position", 0), "nsfw": False, "permission_overwrites": []}
        else:
            raise LookupError(f"no user/role/channel with id {sid}")
        return str(sid)

    def _build_option(self, spec: dict, value: Any, resolved: dict, channel_id: int) -> dict:
        t, oname = spec["type"], spec["name"]
        if t in (6, 8, 9) and isinstance(value, str) and not value.isdigit():
            if value in self._names:
                value = self._names[value]
            else:
                role = next((int(r["id"]) for r in self._roles.values() if r["name"] == value), None)
                if role is None:
                    raise LookupError(f"no user or role named {value!r}")
                value = role
        if t == 3:
            value = str(value)
            if "min_length" in spec and len(value) < spec["min_length"] or len(value) > spec.get("max_length", 6000):
                raise ValueError(f"option {oname!r}: length outside {spec.get('min_length')}..{spec.get('max_length')}")
        elif t == 4:
            if isinstance(value, bool) or int(value) != value:
                raise ValueError(f"option {oname!r} needs an integer, got {value!r}")
            value = int(value)
        elif t == 10:
            value = float(value)
        elif t == 5:
            value = bool(value)
        elif t in (6, 7, 8, 9):
            value = self._resolve_snowflake(int(value), resolved, channel_id)
        elif t == 11:
            filename, data, *rest = value
            aid = self._ids.next()
            ctype = rest[0] if rest else (mimetypes.guess_type(filename)[0] or "application/octet-stream")
            self._blobs[aid] = (bytes(data), ctype, filename)
            att = {"id": str(aid), "filename": filename, "size": len(data), "content_type": ctype,
                   "url": f"{self.http_base}/attachments/{channel_id}/{aid}/{filename}",
                   "proxy_url": f"{self.http_base}/attachments/{channel_id}/{aid}/{filename}", "ephemeral": True}
            att.update(self._image_size(bytes(data)))
            resolved.setdefault("attachments", {})[str(aid)] = att
            value = str(aid)
        if t in (4, 10):
            lo, hi = spec.get("min_value"), spec.get("max_value")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise ValueError(f"option {oname!r}={value} outside {lo}..{hi}")
        if spec.get("choices"):
            allowed = [c["value"] for c in spec["choices"]]
            if value not in allowed:
                raise ValueError(f"option {oname!r}={value!r} is not one of the choices {allowed}")
        return {"type": t, "name": oname, "value": value}

    def _require_session(self) -> _Session:
        session = self._active_session()
        if session is None:
            raise ConnectionError("no bot is connected to the fake gateway (call wait_connected first)")
        return session

    async def _run_interaction(self, itype: int, user_id: int, channel_id: int, data: dict, source: Optional[dict],
                               timeout: float, settle: float, wait: bool) -> InteractionRecord:
        if self._active_session() is None:
            await self.wait_connected(timeout)
        session = self._require_session()
        iid = self._ids.next()
        token = "fake_" + secrets.token_urlsafe(40)
        channel = self._channels[channel_id]
        in_guild = channel.get("guild_id") is not None
        payload: dict = {
            "id": str(iid), "application_id": str(self.application_id), "type": itype, "data": data,
            "channel": dict(channel, permissions=str(self.permissions_for(user_id))),
            "channel_id": str(channel_id), "token": token, "version": 1,
            "app_permissions": str(self.permissions_for(self.bot_user_id)), "locale": "en-US",
            "entitlements": [], "attachment_size_limit": self.attachment_size_limit,
            "context": 0 if in_guild else 1,
            "authorizing_integration_owners": {"0": str(self.guild_id)} if in_guild else {"1": str(user_id)},
        }
        if in_guild:
            payload.update(guild_id=str(self.guild_id), guild_locale="en-US",
                           guild={"id": str(self.guild_id), "locale": "en-US", "features": []},
                           member=self._member_payload(user_id, permissions=True))
        else:
            payload["user"] = dict(self._users[user_id])
        if source is not None:
            payload["message"] = _public(source)
        rec = InteractionRecord(fake=self, id=iid, token=token, type=itype, user_id=user_id, channel_id=channel_id,
                                payload=payload, source_message_id=int(source["id"]) if source else None)
        self.interactions[iid] = rec
        self._by_token[token] = rec
        self._event(f"-> INTERACTION_CREATE type={itype} {rec.name!r} by {self._users[user_id]['username']}")
        await session.dispatch("INTERACTION_CREATE", payload)
        if wait:
            await self._await_answer(rec, timeout, settle)
        return rec

    async def _await_answer(self, rec: InteractionRecord, timeout: float, settle: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            await self.wait_for(lambda: rec.callback_type is not None, timeout)
        except asyncio.TimeoutError:
            raise InteractionTimeout(
                f"bot did not answer interaction {rec.name!r} (type {rec.type}) within {timeout}s; "
                f"rejected={self.rejected[-3:]} unhandled={self.unhandled[-3:]} events={self.events[-6:]}") from None
        if rec.callback_type == 5:  # "thinking": the real answer is the first edit/followup
            try:
                await self.wait_for(lambda: rec.updates > 0, max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                pass
        while settle > 0:  # collect followups that arrive shortly after
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            last = rec.last_activity
            try:
                await self.wait_for(lambda: rec.last_activity != last, min(settle, remaining))
            except asyncio.TimeoutError:
                break

    # ------------------------------------------------------------------ gateway

    async def _ws_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        query = dict(request.query)
        conn = _Conn(ws, compress=self.honour_compress and query.get("compress") == "zlib-stream", query=query)
        self._conns.add(conn)
        self._event(f"gateway connect {request.query_string}")
        try:
            if query.get("encoding", "json") != "json":
                await ws.close(code=4002, message=b"only json encoding is supported by the fake")
                return ws
            await conn.send({"op": 10, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)},
                             "s": None, "t": None})
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        obj = json.loads(msg.data)
                    except ValueError:
                        await ws.close(code=4002, message=b"Error while decoding payload.")
                        break
                    await self._on_gateway(conn, obj)
                elif msg.type == WSMsgType.BINARY:
                    await ws.close(code=4002, message=b"binary frames not supported by the fake")
                    break
                elif msg.type == WSMsgType.ERROR:
                    break
        except Exception:
            log.exception("gateway handler crashed")
        finally:
            conn.closed = True
            self._conns.discard(conn)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            self._event(f"gateway disconnect close_code={ws.close_code}")
            self._notify()
        return ws

    async def _on_gateway(self, conn: _Conn, obj: dict) -> None:
        op, d = obj.get("op"), obj.get("d")
        if op == 1:
            conn.last_heartbeat = time.monotonic()
            await conn.send({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:
            await self._identify(conn, d or {})
        elif op == 6:
            await self._resume(conn, d or {})
        elif conn.session is None:
            await conn.ws.close(code=4003, message=b"Not authenticated.")
        elif op == 8:
            await self._request_members(conn, d or {})
        elif op == 3:
            self.presence = d
        elif op == 4:
            pass  # voice state: ignored
        else:
            self._event(f"gateway unknown op {op}")
            self.unhandled.append({"method": "GATEWAY", "path": f"op {op}", "query": {}, "body": d})

    def _check_token(self, token: Any) -> bool:
        token = str(token or "")
        return (token[4:] if token.startswith("Bot ") else token) == self.token

    async def _identify(self, conn: _Conn, d: dict) -> None:
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"Already authenticated.")
            return
        if not self._check_token(d.get("token")):
            self.identify_failures += 1
            self._event("IDENTIFY with wrong token -> 4004")
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = d.get("intents")
        if not isinstance(intents, int):
            await conn.ws.close(code=4013, message=b"Invalid intent(s).")
            return
        if intents & Intent.PRIVILEGED & ~self.allowed_privileged_intents:
            self._event(f"IDENTIFY with disallowed intents {intents} -> 4014")
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        session = _Session(secrets.token_hex(16), intents, conn)
        conn.session = session
        for stale in [s for s in self._sessions.values() if not s.live][:-5]:
            del self._sessions[stale.id]  # keep a few dropped sessions resumable, forget older ones
        self._sessions[session.id] = session
        ready: dict = {
            "v": API_VERSION, "user": self._bot_user_payload(), "session_type": "normal",
            "guilds": [{"id": str(self.guild_id), "unavailable": True}], "session_id": session.id,
            "resume_gateway_url": self.gateway_url, "private_channels": [], "relationships": [],
            "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": ["fake"], "user_settings": {},
            "application": {"id": str(self.application_id), "flags": self._app_flags()},
            "auth": {}, "_trace": ["[\"fake-discord\"]"],
        }
        if d.get("shard"):
            ready["shard"] = d["shard"]
        await session.dispatch("READY", ready)
        await session.dispatch("GUILD_CREATE", self._guild_create_payload(intents))
        session.ready = True
        session.ready_at = time.monotonic()
        self.ready_count += 1
        self._event(f"READY session={session.id[:8]} intents={intents}")
        self._notify()

    async def _resume(self, conn: _Conn, d: dict) -> None:
        session = self._sessions.get(d.get("session_id") or "")
        seq = d.get("seq") or 0
        ok = (session is not None and self._check_token(d.get("token")) and conn.session is None
              and not (session.conn is not None and session.conn.alive)
              and (not session.buffer or session.buffer[0]["s"] <= seq + 1))
        if not ok:
            self._event("RESUME refused -> op 9 (invalid session)")
            await conn.send({"op": 9, "d": False, "s": None, "t": None})
            return
        session.conn, conn.session = conn, session
        for msg in list(session.buffer):
            if msg["s"] > seq:
                await conn.send(msg)
        await session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        session.ready_at = time.monotonic()
        self.resume_count += 1
        self._event(f"RESUMED session={session.id[:8]} from seq {seq}")
        self._notify()

    async def _request_members(self, conn: _Conn, d: dict) -> None:
        uids = list(self._members)
        if d.get("user_ids"):
            wanted = {int(u) for u in (d["user_ids"] if isinstance(d["user_ids"], list) else [d["user_ids"]])}
            uids = [u for u in uids if u in wanted]
        elif d.get("query"):
            q = str(d["query"]).lower()
            uids = [u for u in uids if self._users[u]["username"].lower().startswith(q)]
        if d.get("limit"):
            uids = uids[: int(d["limit"])]
        chunk = {"guild_id": str(self.guild_id), "members": [self._member_payload(u) for u in uids],
                 "chunk_index": 0, "chunk_count": 1, "not_found": []}
        if d.get("presences"):
            chunk["presences"] = []
        if d.get("nonce"):
            chunk["nonce"] = d["nonce"]
        if conn.session is not None:
            await conn.session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _target_sessions(self, intent: int) -> list:
        """Sessions that get an event: live ones, and dropped ones (buffered for RESUME)."""
        return [s for s in self._sessions.values() if s.ready and (not intent or s.intents & intent)]

    async def _dispatch_all(self, event: str, data: dict, *, intent: int = 0) -> None:
        for session in self._target_sessions(intent):
            await session.dispatch(event, copy.deepcopy(data))

    def _spawn(self, coro: Any) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()  # not started yet: nobody connected, nothing to tell
            return
        task = loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ REST plumbing

    _ROUTES: list = []  # filled below the class body

    async def _unknown_handler(self, request: web.Request) -> web.StreamResponse:
        self.unhandled.append({"method": request.method, "path": request.path, "query": dict(request.query),
                               "body": None})
        self._event(f"UNHANDLED {request.method} {request.path}")
        return _json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def _attachment_handler(self, request: web.Request) -> web.StreamResponse:
        try:
            data, ctype, _ = self._blobs[int(request.match_info["attachment_id"])]
        except (KeyError, ValueError):
            return web.Response(status=404, text="Not Found")
        return web.Response(body=data, content_type=ctype.split(";")[0])

    async def _rest_handler(self, request: web.Request) -> web.StreamResponse:
        tail = request.match_info["tail"]
        m = re.match(r"^(?:v\d+/)?(.*)$", tail)
        path = "/" + (m.group(1) if m else tail).rstrip("/")
        entry = RequestLog(method=request.method, path=path, query=dict(request.query))
        self.requests.append(entry)
        route_key = path
        try:
            for method, pattern, handler_name, needs_auth in self._ROUTES:
                match = pattern.match(path)
                if match is None or method != request.method:
                    continue
                route_key = f"{method} {pattern.pattern}"
                auth = request.headers.get("Authorization", "")
                if needs_auth and not (auth.startswith("Bot ") and auth[4:] == self.token):
                    raise _ApiError(401, 0, "401: Unauthorized")
                self._maybe_inject(request.method, path)
                handler = getattr(self, handler_name)
                result = await handler(request, entry, **match.groupdict())
                status = 200
                if isinstance(result, tuple):
                    status, result = result
                entry.status = status if result is not None else 204
                if result is None:
                    return web.Response(status=204, headers=self._rl_headers(route_key))
                return _json_response(result, status=status, headers=self._rl_headers(route_key))
            # unknown route
            body = None
            try:
                body = await request.json() if request.can_read_body else None
            except Exception:
                pass
            self.unhandled.append({"method": request.method, "path": path, "query": dict(request.query),
                                   "body": body})
            self._event(f"UNHANDLED {request.method} {path}")
            entry.status = 404
            return _json_response({"message": "404: Not Found", "code": 0}, status=404,
                                     headers=self._rl_headers(route_key))
        except _ApiError as err:
            entry.status = err.status
            if not err.extra.get("_injected"):
                self.rejected.append({"method": request.method, "path": path, "status": err.status,
                                      "body": err.body()})
            body = err.body()
            body.pop("_injected", None)
            self._event(f"{request.method} {path} -> {err.status} {err.code} {err.message}")
            headers = dict(self._rl_headers(route_key))
            headers.update(err.headers)
            return _json_response(body, status=err.status, headers=headers)
        except Exception as exc:
            log.exception("fake REST handler crashed on %s %s", request.method, path)
            entry.status = 500
            self.rejected.append({"method": request.method, "path": path, "status": 500, "body": repr(exc)})
            return _json_response({"message": f"fake crashed: {exc!r}", "code": 0}, status=500)

    def _maybe_inject(self, method: str, path: str) -> None:
        for inj in self._injections:
            if inj["times"] > 0 and inj["method"] in (method, "*") and inj["re"].search(path):
                inj["times"] -= 1
                status = inj["status"]
                extra: dict = {"_injected": True}
                headers: dict = {}
                message = inj["message"]
                if status == 429:
                    extra.update(retry_after=inj["retry_after"], **{"global": inj["global"]})
                    headers = {"Retry-After": str(max(1, int(inj["retry_after"] + 0.999))),
                               "X-RateLimit-Scope": "global" if inj["global"] else "user",
                               "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": str(inj["retry_after"])}
                    message = message or "You are being rate limited."
                raise _ApiError(status, inj["code"], message or f"{status}: injected error", headers=headers,
                                extra=extra)

    @staticmethod
    def _rl_headers(route_key: str) -> dict:
        return {"Via": "1.1 google", "X-RateLimit-Limit": "50", "X-RateLimit-Remaining": "49",
                "X-RateLimit-Reset": f"{time.time() + 1:.3f}", "X-RateLimit-Reset-After": "1.000",
                "X-RateLimit-Bucket": hashlib.md5(route_key.encode()).hexdigest()}

    async def _read_body(self, request: web.Request, entry: RequestLog) -> tuple[dict, list]:
        uploads: list[_Upload] = []
        payload: Any = None
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = part.name or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())
                elif name.startswith("files[") or name.startswith("file"):
                    m = re.match(r"files\[(\d+)\]", name)
                    idx = int(m.group(1)) if m else len(uploads)
                    data = bytes(await part.read(decode=False))
                    uploads.append(_Upload(idx, part.filename or f"file{idx}", data,
                                           part.headers.get("Content-Type")))
                else:
                    payload = payload if isinstance(payload, dict) else {}
                    payload[name] = await part.text()
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                try:
                    payload = json.loads(raw)
                except ValueError:
                    raise _ApiError(400, 50109, "The request body contains invalid JSON.")
        entry.json = payload
        entry.files = [(u.filename, len(u.data)) for u in uploads]
        if payload is None:
            payload = {}
        if not isinstance(payload, (dict, list)):
            raise _ApiError(400, 50109, "The request body contains invalid JSON.")
        return payload, uploads

    def _event(self, text: str) -> None:
        log.debug("%s", text)
        self.events.append(f"{time.strftime('%H:%M:%S')} {text}")
        if len(self.events) > 2000:
            del self.events[:500]

    # ------------------------------------------------------------------ message building & validation

    def _image_size(self, data: bytes) -> dict:
        if not data[:4] in (b"\x89PNG", b"GIF8") and not data[:2] == b"\xff\xd8" and data[8:12] != b"WEBP":
            return {}
        try:
            from PIL import Image  # optional; only for realistic width/height
            with Image.open(io.BytesIO(data)) as img:
                return {"width": img.width, "height": img.height}
        except Exception:
            return {}

    def _make_attachment(self, up: _Upload, filename: str, description: Optional[str], channel_id: int,
                         ephemeral: bool) -> dict:
        if len(up.data) > self.attachment_size_limit:
            raise _ApiError(413, 40005, "Request entity too large")
        aid = self._ids.next()
        ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        self._blobs[aid] = (up.data, ctype, filename)
        url = f"{self.http_base}/attachments/{channel_id}/{aid}/{filename}"
        att = {"id": str(aid), "filename": filename, "size": len(up.data), "url": url, "proxy_url": url,
               "content_type": ctype, "_bytes": up.data}
        if description is not None:
            att["description"] = description
        if ephemeral:
            att["ephemeral"] = True
        att.update(self._image_size(up.data))
        return att

    @staticmethod
    def _number_components(components: list) -> list:
        components = copy.deepcopy(components)
        used = {c["id"] for c in walk_components(components) if isinstance(c.get("id"), int)}
        counter = 0
        for comp in walk_components(components):
            if comp.get("id") is None:
                counter += 1
                while counter in used:
                    counter += 1
                comp["id"] = counter
        return components

    def _compose(self, payload: dict, uploads: list, channel_id: int, base: Optional[dict] = None, *,
                 ephemeral: bool = False) -> dict:
        """New content/embeds/components/attachments/flags after applying ``payload``; validates."""
        base = base or {"content": "", "embeds": [], "components": [], "attachments": [], "flags": 0}
        new = {k: copy.copy(base[k]) for k in ("content", "embeds", "components", "attachments", "flags")}
        errs = _FormErrors()
        if "content" in payload:
            new["content"] = "" if payload["content"] is None else str(payload["content"])
        if "embeds" in payload:
            new["embeds"] = [dict(copy.deepcopy(e), type=e.get("type", "rich")) for e in payload["embeds"] or []]
        elif "embed" in payload:
            e = payload["embed"]
            new["embeds"] = [] if e is None else [dict(copy.deepcopy(e), type=e.get("type", "rich"))]
        if "components" in payload:
            new["components"] = self._number_components(payload["components"] or [])
        if payload.get("flags") is not None:
            new["flags"] = (new["flags"] & ~_EDITABLE_FLAGS) | (int(payload["flags"]) & _EDITABLE_FLAGS)
        by_index = {u.index: u for u in uploads}
        if payload.get("attachments") is not None:
            existing = {a["id"]: a for a in base["attachments"]}
            atts, used = [], set()
            for i, entry in enumerate(payload["attachments"]):
                eid = str(entry.get("id"))
                if eid in existing:
                    atts.append(existing[eid])
                    continue
                try:
                    up = by_index[int(eid)]
                except (KeyError, ValueError):
                    errs.add(["attachments", i, "id"], "ATTACHMENT_NOT_FOUND", f"Unknown attachment {eid}")
                    continue
                used.add(up.index)
                errs.max_len(["attachments", i, "description"], entry.get("description"), 1024)
                atts.append(self._make_attachment(up, entry.get("filename") or up.filename, entry.get("description"),
                                                  channel_id, ephemeral))
            for up in uploads:
                if up.index not in used:
                    atts.append(self._make_attachment(up, up.filename, None, channel_id, ephemeral))
            new["attachments"] = atts
        elif uploads:
            new["attachments"] = list(base["attachments"]) + [
                self._make_attachment(u, u.filename, None, channel_id, ephemeral) for u in uploads]
        self._resolve_attachment_urls(new)
        self._validate(new, errs)
        errs.check()
        return new

    def _resolve_attachment_urls(self, fields: dict) -> None:
        by_name = {a["filename"]: a for a in fields["attachments"]}
        for i, embed in enumerate(fields["embeds"]):
            for key in ("image", "thumbnail", "footer", "author"):
                part = embed.get(key)
                if not isinstance(part, dict):
                    continue
                url_key = "url" if key in ("image", "thumbnail") else "icon_url"
                url = part.get(url_key)
                if isinstance(url, str) and url.startswith("attachment://"):
                    att = by_name.get(url[len("attachment://"):])
                    if att is None:
                        self.warnings.append(f"embed {i} {key} references missing {url}")
                        continue
                    part[url_key] = att["url"]
                    part["proxy_url" if url_key == "url" else "proxy_icon_url"] = att["proxy_url"]
                    if url_key == "url" and "width" in att:
                        part.update(width=att["width"], height=att["height"])

    def _validate(self, f: dict, errs: _FormErrors) -> None:
        errs.max_len(["content"], f["content"], 2000)
        v2 = bool(f["flags"] & FLAG_COMPONENTS_V2)
        if len(f["embeds"]) > 10:
            errs.add(["embeds"], "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
        total = 0
        for i, e in enumerate(f["embeds"]):
            p = ["embeds", i]
            errs.max_len(p + ["title"], e.get("title"), 256)
            errs.max_len(p + ["description"], e.get("description"), 4096)
            fields = e.get("fields") or []
            if len(fields) > 25:
                errs.add(p + ["fields"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            for j, fld in enumerate(fields):
                for key, limit in (("name", 256), ("value", 1024)):
                    val = fld.get(key)
                    if not isinstance(val, str) or not val:
                        errs.add(p + ["fields", j, key], "BASE_TYPE_REQUIRED", "This field is required")
                    errs.max_len(p + ["fields", j, key], val, limit)
                total += len(str(fld.get("name") or "")) + len(str(fld.get("value") or ""))
            errs.max_len(p + ["footer", "text"], (e.get("footer") or {}).get("text"), 2048)
            errs.max_len(p + ["author", "name"], (e.get("author") or {}).get("name"), 256)
            total += sum(len(str(x or "")) for x in (e.get("title"), e.get("description"),
                                                     (e.get("footer") or {}).get("text"),
                                                     (e.get("author") or {}).get("name")))
        if total > 6000:
            errs.add(["embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
        if v2 and (f["content"] or f["embeds"]):
            errs.add(["content" if f["content"] else "embeds"], "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                     "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2")
        self._validate_components(f["components"], v2, errs)
        if not errs.tree and not (f["content"].strip() or f["embeds"] or f["attachments"] or f["components"]):
            raise _ApiError(400, 50006, "Cannot send an empty message")

    @staticmethod
    def _validate_components(components: list, v2: bool, errs: _FormErrors) -> None:
        seen: set = set()

        def check(comp: dict, path: list) -> None:
            t = comp.get("type")
            if t in (2, 3, 4, 5, 6, 7, 8) and not (t == 2 and comp.get("style") in (5, 6)):
                cid = comp.get("custom_id")
                if not cid:
                    errs.add(path + ["custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
                else:
                    errs.max_len(path + ["custom_id"], cid, 100)
                    if cid in seen:
                        errs.add(path + ["custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED",
                                 "Component custom id cannot be duplicated")
                    seen.add(cid)
            if t == 2:
                errs.max_len(path + ["label"], comp.get("label"), 80)
                if comp.get("style") == 5 and not comp.get("url"):
                    errs.add(path + ["url"], "BASE_TYPE_REQUIRED", "This field is required")
            if t in _SELECT_TYPES:
                errs.max_len(path + ["placeholder"], comp.get("placeholder"), 150)
                if t == 3:
                    opts = comp.get("options") or []
                    if not 1 <= len(opts) <= 25:
                        errs.add(path + ["options"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
                    for k, opt in enumerate(opts):
                        for key in ("label", "value", "description"):
                            errs.max_len(path + ["options", k, key], opt.get(key), 100)
            if t == 1:
                kids = comp.get("components") or []
                buttons = sum(1 for c in kids if c.get("type") == 2)
                selects = sum(1 for c in kids if c.get("type") in _SELECT_TYPES)
                if not kids or buttons > 5 or selects > 1 or (selects and buttons):
                    errs.add(path + ["components"], "BASE_TYPE_BAD_LENGTH",
                             "Action rows take 1-5 buttons or exactly one select")
            for i, child in enumerate(comp.get("components") or []):
                check(child, path + ["components", i])
            for key in ("accessory", "component"):
                if isinstance(comp.get(key), dict):
                    check(comp[key], path + [key])

        if not v2:
            if len(components) > 5:
                errs.add(["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
            for i, comp in enumerate(components):
                if comp.get("type") != 1:
                    errs.add(["components", i, "type"], "UNION_TYPE_CHOICES",
                             "Top-level components must be action rows unless IS_COMPONENTS_V2 is set")
        elif sum(1 for _ in walk_components(components)) > 40:
            errs.add(["components"], "BASE_TYPE_MAX_LENGTH", "Must have 40 or fewer components in total.")
        for i, comp in enumerate(components):
            check(comp, ["components", i])

    async def _create_message(self, channel_id: int, payload: dict, uploads: list, *, author_id: int,
                              mtype: int = 0, interaction: Optional[InteractionRecord] = None,
                              ephemeral: bool = False, loading: bool = False, webhook: bool = False) -> dict:
        channel = self._channels.get(channel_id)
        if channel is None:
            raise _ApiError(404, 10003, "Unknown Channel")
        if loading:
            fields = {"content": "", "embeds": [], "components": [], "attachments": [],
                      "flags": FLAG_LOADING | (FLAG_EPHEMERAL if ephemeral else 0)}
        else:
            fields = self._compose(payload, uploads, channel_id, ephemeral=ephemeral)
            if ephemeral:
                fields["flags"] |= FLAG_EPHEMERAL
        mid = self._ids.next()
        msg: dict = {"id": str(mid), "channel_id": str(channel_id), "author": dict(self._users[author_id]),
                     "timestamp": _iso(snowflake_time(mid)), "edited_timestamp": None, "tts": bool(payload.get("tts")),
                     "mention_everyone": False, "mentions": self._mentions(fields["content"]), "mention_roles": [],
                     "pinned": False, "type": mtype, **fields}
        if channel.get("guild_id"):
            msg["guild_id"] = channel["guild_id"]
        if webhook:
            msg["webhook_id"] = str(self.application_id)
            msg["application_id"] = str(self.application_id)
        if interaction is not None:
            user = dict(self._users[interaction.user_id])
            msg["interaction_metadata"] = {"id": str(interaction.id), "type": interaction.type, "user": user,
                                           "authorizing_integration_owners":
                                               interaction.payload["authorizing_integration_owners"]}
            if interaction.type == 2:
                msg["interaction_metadata"]["name"] = interaction.name
                msg["interaction"] = {"id": str(interaction.id), "type": 2, "name": interaction.name, "user": user}
            if interaction.type == 3 and interaction.source_message_id:
                msg["interaction_metadata"]["interacted_message_id"] = str(interaction.source_message_id)
        ref = payload.get("message_reference")
        if ref and ref.get("message_id") and int(ref["message_id"]) in self._msgs:
            target = self._msgs[int(ref["message_id"])]
            msg["type"] = 19
            msg["message_reference"] = {"type": 0, "message_id": target["id"], "channel_id": target["channel_id"],
                                        "guild_id": target.get("guild_id")}
            msg["referenced_message"] = _public(target)
        msg.update(_ephemeral=ephemeral, _deleted=False, _edits=0, _history=[],
                   _interaction_id=interaction.id if interaction else None)
        self._msgs[mid] = msg
        self._channel_msgs[channel_id].append(msg)
        if not ephemeral:
            channel["last_message_id"] = str(mid)
        self._event(f"message {mid} created in {channel.get('name', channel_id)}"
                    f"{' (ephemeral)' if ephemeral else ''}: {fields['content'][:60]!r}")
        if not ephemeral:
            await self._dispatch_message("MESSAGE_CREATE", msg)
        self._notify()
        return msg

    def _mentions(self, content: str) -> list:
        ids = {int(x) for x in re.findall(r"<@!?(\d+)>", content or "")}
        return [dict(self._users[i]) for i in ids if i in self._users]

    async def _edit_message(self, msg: dict, payload: dict, uploads: list) -> dict:
        fields = self._compose(payload, uploads, int(msg["channel_id"]), base=msg, ephemeral=msg["_ephemeral"])
        first_fill = bool(msg["flags"] & FLAG_LOADING)
        fields["flags"] = (fields["flags"] & ~FLAG_LOADING) | (msg["flags"] & FLAG_EPHEMERAL)
        msg["_history"].append(_public(msg))
        msg.update(fields)
        msg["mentions"] = self._mentions(msg["content"])
        if not first_fill:
            msg["edited_timestamp"] = _iso()
        msg["_edits"] += 1
        self._event(f"message {msg['id']} edited: {msg['content'][:60]!r}")
        if not msg["_ephemeral"]:
            await self._dispatch_message("MESSAGE_UPDATE", msg)
        self._notify()
        return msg

    async def _delete_message(self, msg: dict) -> None:
        msg["_deleted"] = True
        self._event(f"message {msg['id']} deleted")
        if not msg["_ephemeral"]:
            data = {"id": msg["id"], "channel_id": msg["channel_id"]}
            if msg.get("guild_id"):
                data["guild_id"] = msg["guild_id"]
            await self._dispatch_all("MESSAGE_DELETE", data, intent=self._message_intent(msg))
        self._notify()

    def _message_intent(self, msg: dict) -> int:
        return Intent.GUILD_MESSAGES if msg.get("guild_id") else Intent.DIRECT_MESSAGES

    async def _dispatch_message(self, event: str, msg: dict) -> None:
        intent = self._message_intent(msg)
        base = _public(msg)
        author_id = int(msg["author"]["id"])
        if msg.get("guild_id") and author_id in self._members:
            base["member"] = self._member_payload(author_id, user=False)
        for session in self._target_sessions(intent):
            data = copy.deepcopy(base)
            mentioned = any(int(u["id"]) == self.bot_user_id for u in msg.get("mentions", []))
            if (author_id != self.bot_user_id and msg.get("guild_id") and not mentioned
                    and not session.intents & Intent.MESSAGE_CONTENT):
                data.update(content="", embeds=[], attachments=[], components=[])
            await session.dispatch(event, data)

    # ------------------------------------------------------------------ REST handlers

    async def _r_get_me(self, req: web.Request, entry: RequestLog) -> dict:
        return self._bot_user_payload()

    async def _r_get_user(self, req: web.Request, entry: RequestLog, user_id: str) -> dict:
        user = self._users.get(int(user_id))
        if user is None:
            raise _ApiError(404, 10013, "Unknown User")
        return dict(user)

    async def _r_create_dm(self, req: web.Request, entry: RequestLog) -> dict:
        body, _ = await self._read_body(req, entry)
        uid = int(body.get("recipient_id", 0))
        if uid not in self._users:
            raise _ApiError(400, 50035, "Invalid Form Body")
        for ch in self._channels.values():
            if ch["type"] == 1 and ch["recipients"][0]["id"] == str(uid):
                return dict(ch)
        cid = self._ids.next()
        self._channels[cid] = {"id": str(cid), "type": 1, "last_message_id": None, "flags": 0,
                               "recipients": [dict(self._users[uid])]}
        return dict(self._channels[cid])

    async def _r_gateway(self, req: web.Request, entry: RequestLog) -> dict:
        return {"url": self.gateway_url}

    async def _r_gateway_bot(self, req: web.Request, entry: RequestLog) -> dict:
        return {"url": self.gateway_url, "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000,
                                        "max_concurrency": 1}}

    async def _r_app_info(self, req: web.Request, entry: RequestLog) -> dict:
        return self._app_payload()

    # --- application commands

    def _cmd_table(self, app_id: str, guild_id: Optional[str]) -> dict:
        if int(app_id) != self.application_id:
            raise _ApiError(403, 50001, "Missing Access")
        if guild_id is None:
            return self._global_commands
        if int(guild_id) != self.guild_id:
            raise _ApiError(403, 50001, "Missing Access")
        return self._guild_commands[int(guild_id)]

    def _validate_command(self, cmd: dict, errs: _FormErrors, path: list) -> None:
        ctype = cmd.get("type", 1)
        name = cmd.get("name")
        if not isinstance(name, str):
            errs.add(path + ["name"], "BASE_TYPE_REQUIRED", "This field is required")
            return
        if ctype == 1:
            if not _COMMAND_NAME_RE.match(name) or name != name.lower():
                errs.add(path + ["name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
            desc = cmd.get("description") or ""
            if not 1 <= len(desc) <= 100:
                errs.add(path + ["description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            self._validate_options(cmd.get("options") or [], errs, path + ["options"])
        else:
            if not 1 <= len(name) <= 32:
                errs.add(path + ["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
            if cmd.get("description"):
                errs.add(path + ["description"], "CONTEXT_MENU_DESCRIPTION", "Context menu commands have no description")

    def _validate_options(self, options: list, errs: _FormErrors, path: list) -> None:
        if len(options) > 25:
            errs.add(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        seen_optional = False
        names = set()
        for i, opt in enumerate(options):
            p = path + [i]
            name = opt.get("name", "")
            if not _COMMAND_NAME_RE.match(name) or name != name.lower():
                errs.add(p + ["name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
            if name in names:
                errs.add(p + ["name"], "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
            names.add(name)
            if not 1 <= len(opt.get("description") or "") <= 100:
                errs.add(p + ["description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            if opt.get("type") in (1, 2):
                self._validate_options(opt.get("options") or [], errs, p + ["options"])
                continue
            if opt.get("required"):
                if seen_optional:
                    errs.add(p + ["required"], "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                             "Required options must be placed before non-required options")
            else:
                seen_optional = True
            choices = opt.get("choices") or []
            if len(choices) > 25:
                errs.add(p + ["choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            for j, ch in enumerate(choices):
                errs.max_len(p + ["choices", j, "name"], ch.get("name"), 100)
                errs.max_len(p + ["choices", j, "value"], ch.get("value"), 100)

    def _normalise_command(self, table: dict, cmd: dict, guild_id: Optional[str]) -> dict:
        ctype = cmd.get("type", 1)
        old = table.get((ctype, cmd["name"]))
        out = copy.deepcopy(cmd)
        dmp = cmd.get("default_member_permissions")
        out.update(id=old["id"] if old else str(self._ids.next()), application_id=str(self.application_id),
                   version=str(self._ids.next()), type=ctype, description=cmd.get("description", ""),
                   default_member_permissions=None if dmp is None else str(dmp),
                   nsfw=bool(cmd.get("nsfw", False)), options=cmd.get("options") or [])
        out.setdefault("contexts", None)
        out.setdefault("integration_types", [0])
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        else:
            out.setdefault("dm_permission", True)
        return out

    async def _r_cmd_list(self, req: web.Request, entry: RequestLog, app_id: str, guild_id: Optional[str] = None):
        return list(self._cmd_table(app_id, guild_id).values())

    async def _r_cmd_put(self, req: web.Request, entry: RequestLog, app_id: str, guild_id: Optional[str] = None):
        table = self._cmd_table(app_id, guild_id)
        body, _ = await self._read_body(req, entry)
        if not isinstance(body, list):
            raise _ApiError(400, 50035, "Invalid Form Body")
        errs = _FormErrors()
        keys = set()
        for i, cmd in enumerate(body):
            self._validate_command(cmd, errs, [i])
            key = (cmd.get("type", 1), cmd.get("name"))
            if key in keys:
                errs.add([i, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
            keys.add(key)
        if len([k for k in keys if k[0] == 1]) > 100:
            errs.add([], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
        errs.check()
        new = {(c.get("type", 1), c["name"]): self._normalise_command(table, c, guild_id) for c in body}
        table.clear()
        table.update(new)
        self.command_puts += 1
        self.command_put_log.append((int(guild_id) if guild_id else None, copy.deepcopy(body)))
        self._event(f"commands synced ({'guild' if guild_id else 'global'}): {[k[1] for k in new]}")
        self._notify()
        return list(new.values())

    async def _r_cmd_post(self, req: web.Request, entry: RequestLog, app_id: str, guild_id: Optional[str] = None):
        table = self._cmd_table(app_id, guild_id)
        body, _ = await self._read_body(req, entry)
        errs = _FormErrors()
        self._validate_command(body, errs, [])
        errs.check()
        cmd = self._normalise_command(table, body, guild_id)
        existed = (cmd["type"], cmd["name"]) in table
        table[(cmd["type"], cmd["name"])] = cmd
        self._notify()
        return (200 if existed else 201), cmd

    def _cmd_by_id(self, table: dict, cmd_id: str) -> tuple:
        for key, cmd in table.items():
            if cmd["id"] == cmd_id:
                return key, cmd
        raise _ApiError(404, 10063, "Unknown application command")

    async def _r_cmd_get(self, req: web.Request, entry: RequestLog, app_id: str, cmd_id: str,
                         guild_id: Optional[str] = None):
        return self._cmd_by_id(self._cmd_table(app_id, guild_id), cmd_id)[1]

    async def _r_cmd_patch(self, req: web.Request, entry: RequestLog, app_id: str, cmd_id: str,
                           guild_id: Optional[str] = None):
        table = self._cmd_table(app_id, guild_id)
        key, cmd = self._cmd_by_id(table, cmd_id)
        body, _ = await self._read_body(req, entry)
        merged = dict(cmd, **body)
        errs = _FormErrors()
        self._validate_command(merged, errs, [])
        errs.check()
        del table[key]
        new = self._normalise_command(table, merged, guild_id)
        new["id"] = cmd["id"]
        table[(new["type"], new["name"])] = new
        self._notify()
        return new

    async def _r_cmd_delete(self, req: web.Request, entry: RequestLog, app_id: str, cmd_id: str,
                            guild_id: Optional[str] = None):
        table = self._cmd_table(app_id, guild_id)
        key, _ = self._cmd_by_id(table, cmd_id)
        del table[key]
        self._notify()
        return None

    async def _r_cmd_perms(self, req: web.Request, entry: RequestLog, app_id: str, guild_id: str):
        self._cmd_table(app_id, guild_id)
        return []

    # --- interactions & webhooks

    async def _r_callback(self, req: web.Request, entry: RequestLog, iid: str, token: str):
        rec = self.interactions.get(int(iid))
        if rec is None or rec.token != token:
            raise _ApiError(404, 10062, "Unknown interaction")
        if rec.callback_type is not None:
            raise _ApiError(400, 40060, "Interaction has already been acknowledged.")
        if self.interaction_deadline is not None and time.monotonic() - rec.created_at > self.interaction_deadline:
            raise _ApiError(404, 10062, "Unknown interaction")
        body, uploads = await self._read_body(req, entry)
        ctype = body.get("type")
        data = body.get("data") or {}
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        resource: dict = {"type": ctype}
        if ctype == 4:
            if rec.type == 4:
                raise _ApiError(400, 50035, "Invalid Form Body")
            msg = await self._create_message(rec.channel_id, data, uploads, author_id=self.bot_user_id,
                                             mtype=20 if rec.type == 2 else 0, interaction=rec,
                                             ephemeral=ephemeral, webhook=True)
            rec.response_message_id = int(msg["id"])
            resource["message"] = _public(msg)
        elif ctype == 5:
            msg = await self._create_message(rec.channel_id, data, [], author_id=self.bot_user_id,
                                             mtype=20 if rec.type == 2 else 0, interaction=rec,
                                             ephemeral=ephemeral, loading=True, webhook=True)
            rec.response_message_id = int(msg["id"])
            resource["message"] = _public(msg)
        elif ctype in (6, 7):
            if rec.source_message_id is None:
                raise _ApiError(400, 40043 if ctype == 7 else 50035,
                                "This interaction has no message to update" if ctype == 7 else "Invalid Form Body")
            if ctype == 7:
                msg = await self._edit_message(self._msgs[rec.source_message_id], data, uploads)
                resource["message"] = _public(msg)
        elif ctype == 8:
            if rec.type != 4:
                raise _ApiError(400, 50035, "Invalid Form Body")
            rec.choices = list(data.get("choices") or [])
        elif ctype == 9:
            if rec.type in (4, 5):
                raise _ApiError(400, 50035, "Invalid Form Body")
            rec.modal = copy.deepcopy(data)
        else:
            raise _ApiError(400, 50035, "Invalid Form Body", errors={"type": {"_errors": [
                {"code": "BASE_TYPE_CHOICES", "message": f"Value must be one of (4, 5, 6, 7, 8, 9); got {ctype}"}]}})
        rec.callback_type = ctype
        rec.callback_data = data
        rec._touch()
        self._event(f"<- callback type {ctype} for {rec.name!r}")
        self._notify()
        if req.query.get("with_response") not in ("1", "true", "True"):
            return None
        msg = rec.message
        return {"interaction": {"id": str(rec.id), "type": rec.type,
                                "response_message_id": msg["id"] if msg else None,
                                "response_message_loading": bool(msg and msg["flags"] & FLAG_LOADING),
                                "response_message_ephemeral": bool(msg and msg["flags"] & FLAG_EPHEMERAL)},
                "resource": resource}

    def _webhook_interaction(self, app_id: str, token: str) -> InteractionRecord:
        rec = self._by_token.get(token)
        if rec is None or int(app_id) != self.application_id:
            raise _ApiError(404, 10015, "Unknown Webhook")
        return rec

    def _webhook_message(self, rec: InteractionRecord, mid: str) -> dict:
        if mid == "@original":
            target = rec.original_message_id
        else:
            target = int(mid) if (int(mid) in rec.followup_ids or int(mid) == rec.original_message_id) else None
        msg = self._msgs.get(target) if target else None
        if msg is None or msg["_deleted"]:
            raise _ApiError(404, 10008, "Unknown Message")
        return msg

    async def _r_followup(self, req: web.Request, entry: RequestLog, app_id: str, token: str):
        rec = self._webhook_interaction(app_id, token)
        if rec.callback_type is None:
            raise _ApiError(404, 10015, "Unknown Webhook")
        body, uploads = await self._read_body(req, entry)
        original = rec.message
        if rec.callback_type == 5 and original is not None and original["flags"] & FLAG_LOADING:
            msg = await self._edit_message(original, body, uploads)  # first followup fills the "thinking" message
        else:
            ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = await self._create_message(rec.channel_id, body, uploads, author_id=self.bot_user_id,
                                             interaction=rec, ephemeral=ephemeral, webhook=True)
            rec.followup_ids.append(int(msg["id"]))
        rec.updates += 1
        rec._touch()
        self._notify()
        if req.query.get("wait") in ("1", "true", "True"):
            return _public(msg)
        return None

    async def _r_webhook_msg_get(self, req: web.Request, entry: RequestLog, app_id: str, token: str, mid: str):
        return _public(self._webhook_message(self._webhook_interaction(app_id, token), mid))

    async def _r_webhook_msg_patch(self, req: web.Request, entry: RequestLog, app_id: str, token: str, mid: str):
        rec = self._webhook_interaction(app_id, token)
        msg = self._webhook_message(rec, mid)
        body, uploads = await self._read_body(req, entry)
        await self._edit_message(msg, body, uploads)
        rec.updates += 1
        rec._touch()
        self._notify()
        return _public(msg)

    async def _r_webhook_msg_delete(self, req: web.Request, entry: RequestLog, app_id: str, token: str, mid: str):
        rec = self._webhook_interaction(app_id, token)
        await self._delete_message(self._webhook_message(rec, mid))
        rec.updates += 1
        rec._touch()
        return None

    # --- channels & messages

    def _channel(self, cid: str) -> dict:
        ch = self._channels.get(int(cid))
        if ch is None:
            raise _ApiError(404, 10003, "Unknown Channel")
        return ch

    def _channel_message(self, cid: str, mid: str) -> dict:
        self._channel(cid)
        msg = self._msgs.get(int(mid))
        if msg is None or msg["_deleted"] or msg["_ephemeral"] or msg["channel_id"] != str(int(cid)):
            raise _ApiError(404, 10008, "Unknown Message")
        return msg

    async def _r_get_channel(self, req: web.Request, entry: RequestLog, cid: str):
        return dict(self._channel(cid))

    async def _r_history(self, req: web.Request, entry: RequestLog, cid: str):
        self._channel(cid)
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        msgs = [m for m in self._channel_msgs.get(int(cid), []) if not m["_deleted"] and not m["_ephemeral"]]
        if "before" in req.query:
            msgs = [m for m in msgs if int(m["id"]) < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if int(m["id"]) > int(req.query["after"])][:limit]
        if "around" in req.query:
            around = int(req.query["around"])
            older = [m for m in msgs if int(m["id"]) <= around][-(limit // 2 + limit % 2):]
            newer = [m for m in msgs if int(m["id"]) > around][: limit // 2]
            msgs = older + newer
        return [_public(m) for m in reversed(msgs[-limit:])]

    async def _r_send(self, req: web.Request, entry: RequestLog, cid: str):
        self._channel(cid)
        body, uploads = await self._read_body(req, entry)
        msg = await self._create_message(int(cid), body, uploads, author_id=self.bot_user_id,
                                         mtype=19 if body.get("message_reference") else 0)
        return _public(msg)

    async def _r_msg_get(self, req: web.Request, entry: RequestLog, cid: str, mid: str):
        return _public(self._channel_message(cid, mid))

    async def _r_msg_patch(self, req: web.Request, entry: RequestLog, cid: str, mid: str):
        msg = self._channel_message(cid, mid)
        if int(msg["author"]["id"]) != self.bot_user_id:
            raise _ApiError(403, 50005, "Cannot edit a message authored by another user")
        body, uploads = await self._read_body(req, entry)
        await self._edit_message(msg, body, uploads)
        return _public(msg)

    async def _r_msg_delete(self, req: web.Request, entry: RequestLog, cid: str, mid: str):
        await self._delete_message(self._channel_message(cid, mid))
        return None

    async def _r_bulk_delete(self, req: web.Request, entry: RequestLog, cid: str):
        body, _ = await self._read_body(req, entry)
        for mid in body.get("messages", []):
            await self._delete_message(self._channel_message(cid, mid))
        return None

    async def _r_typing(self, req: web.Request, entry: RequestLog, cid: str):
        self._channel(cid)
        return None

    async def _r_reaction_put(self, req: web.Request, entry: RequestLog, cid: str, mid: str, emoji: str):
        self._channel_message(cid, mid)
        self.reactions.append((int(mid), emoji, "add"))
        self._notify()
        return None

    async def _r_reaction_delete(self, req: web.Request, entry: RequestLog, cid: str, mid: str, emoji: str):
        self._channel_message(cid, mid)
        self.reactions.append((int(mid), emoji, "remove"))
        self._notify()
        return None

    # --- guilds

    def _guild(self, guild_id: str) -> None:
        if int(guild_id) != self.guild_id:
            raise _ApiError(404, 10004, "Unknown Guild")

    async def _r_guild(self, req: web.Request, entry: RequestLog, guild_id: str):
        self._guild(guild_id)
        return self._guild_payload()

    async def _r_guild_channels(self, req: web.Request, entry: RequestLog, guild_id: str):
        self._guild(guild_id)
        return [dict(c) for c in self._channels.values() if c.get("guild_id")]

    async def _r_guild_roles(self, req: web.Request, entry: RequestLog, guild_id: str):
        self._guild(guild_id)
        return list(self._roles.values())

    async def _r_guild_member(self, req: web.Request, entry: RequestLog, guild_id: str, user_id: str):
        self._guild(guild_id)
        if int(user_id) not in self._members:
            raise _ApiError(404, 10007, "Unknown Member")
        return self._member_payload(int(user_id))

    async def _r_guild_members(self, req: web.Request, entry: RequestLog, guild_id: str):
        self._guild(guild_id)
        return [self._member_payload(u) for u in self._members]


def _route_table() -> list:
    A = r"/applications/(?P<app_id>\d+)"
    G = r"/guilds/(?P<guild_id>\d+)"
    W = r"/webhooks/(?P<app_id>\d+)/(?P<token>[^/]+)"
    C = r"/channels/(?P<cid>\d+)"
    M = C + r"/messages/(?P<mid>\d+)"
    routes = [
        ("GET", r"/users/@me", "_r_get_me", True),
        ("GET", r"/users/(?P<user_id>\d+)", "_r_get_user", True),
        ("POST", r"/users/@me/channels", "_r_create_dm", True),
        ("GET", r"/gateway", "_r_gateway", False),
        ("GET", r"/gateway/bot", "_r_gateway_bot", True),
        ("GET", r"/oauth2/applications/@me", "_r_app_info", True),
        ("GET", r"/applications/@me", "_r_app_info", True),
        ("GET", A + G + r"/commands/permissions", "_r_cmd_perms", True),
    ]
    for prefix in (A, A + G):
        routes += [
            ("GET", prefix + r"/commands", "_r_cmd_list", True),
            ("PUT", prefix + r"/commands", "_r_cmd_put", True),
            ("POST", prefix + r"/commands", "_r_cmd_post", True),
            ("GET", prefix + r"/commands/(?P<cmd_id>\d+)", "_r_cmd_get", True),
            ("PATCH", prefix + r"/commands/(?P<cmd_id>\d+)", "_r_cmd_patch", True),
            ("DELETE", prefix + r"/commands/(?P<cmd_id>\d+)", "_r_cmd_delete", True),
        ]
    routes += [
        ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", "_r_callback", False),
        ("POST", W, "_r_followup", False),
        ("GET", W + r"/messages/(?P<mid>@original|\d+)", "_r_webhook_msg_get", False),
        ("PATCH", W + r"/messages/(?P<mid>@original|\d+)", "_r_webhook_msg_patch", False),
        ("DELETE", W + r"/messages/(?P<mid>@original|\d+)", "_r_webhook_msg_delete", False),
        ("GET", C, "_r_get_channel", True),
        ("GET", C + r"/messages", "_r_history", True),
        ("POST", C + r"/messages", "_r_send", True),
        ("POST", C + r"/messages/bulk-delete", "_r_bulk_delete", True),
        ("GET", M, "_r_msg_get", True),
        ("PATCH", M, "_r_msg_patch", True),
        ("DELETE", M, "_r_msg_delete", True),
        ("POST", C + r"/typing", "_r_typing", True),
        ("PUT", M + r"/reactions/(?P<emoji>[^/]+)/@me", "_r_reaction_put", True),
        ("DELETE", M + r"/reactions/(?P<emoji>[^/]+)/@me", "_r_reaction_delete", True),
        ("GET", G, "_r_guild", True),
        ("GET", G + r"/channels", "_r_guild_channels", True),
        ("GET", G + r"/roles", "_r_guild_roles", True),
        ("GET", G + r"/members", "_r_guild_members", True),
        ("GET", G + r"/members/(?P<user_id>\d+)", "_r_guild_member", True),
    ]
    return [(m, re.compile("^" + p + "$"), h, auth) for m, p, h, auth in routes]


FakeDiscord._ROUTES = _route_table()

"""The websocket gateway discord.py logs in through.

Why: the bot must log in, lose its connection and resume as it would against
Discord.  Here: HELLO, IDENTIFY (wrong token 4004, bad intents 4013, disallowed
privileged intents 4014, invalid shard 4010), READY followed by GUILD_CREATE, heartbeats,
RESUME with replay of the events a dropped connection missed (op 9 when it cannot),
member requests, and dispatching events to every session that should get them.  A
session outlives its connection so that it can be resumed; a SIGKILLed bot just drops
its socket.  zlib-stream compression is honoured.

Shards, as Discord runs them: an IDENTIFY with ``shard: [id, count]`` gets a READY
(carrying ``shard``) and a GUILD_CREATE for the guilds of that shard only, where a
guild is on shard ``(guild_id >> 22) % count`` (without ``shard``: every guild).  A
guild's events and interactions go only to the sessions of its shard; direct messages
to shard 0.  Every IDENTIFY is written down (``identifies``) with its bucket,
``shard_id % max_concurrency``; one sooner than 5 seconds after the last of its bucket
is a violation (``identify_violations``; refused with op 9 when
``enforce_identify_limit``).  Two live sessions on the same [id, count] are written down
in ``shard_conflicts``: Discord would send the shard's events to both.
"""

from __future__ import annotations

import asyncio
import collections
import copy
import json
import logging
import secrets
import time
import zlib
from typing import Any

from aiohttp import WSMsgType, web

from .protocol import API_VERSION, Intent, shard_of
from .records import IdentifyRecord, IdentifyViolation, ShardConflict

log = logging.getLogger("fakediscord")
# Default bounds (a wait ends as soon as its condition holds): a bot's cold start on a busy machine can
# take many seconds, and a failing test only waits this long.
CONNECT_TIMEOUT = 120.0
DISCONNECT_TIMEOUT = 60.0
IDENTIFY_INTERVAL = 5.0  # Discord: one IDENTIFY per bucket (shard_id % max_concurrency) per 5 seconds


class _Conn:
    """One gateway websocket; serialises sends (zlib-stream needs strict order)."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool, query: dict) -> None:
        self.ws = ws
        self.query = query
        self.lock = asyncio.Lock()
        self.z = zlib.compressobj() if compress else None
        self.session: _Session | None = None
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

    def __init__(self, session_id: str, intents: int, conn: _Conn, shard: tuple[int, int] | None = None) -> None:
        self.id = session_id
        self.intents = intents
        self.conn: _Conn | None = conn
        self.shard = shard  # [shard_id, shard_count] as identified; None: unsharded
        self.seq = 0
        self.buffer: collections.deque = collections.deque(maxlen=1000)
        self.ready = False
        self.ready_at = 0.0

    @property
    def live(self) -> bool:
        return self.ready and self.conn is not None and self.conn.alive

    @property
    def shard_key(self) -> tuple[int, int]:
        """[shard_id, shard_count]; an unsharded session is shard 0 of 1."""
        return self.shard or (0, 1)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this session gets the guild's events (None: direct messages, on shard 0)."""
        shard_id, count = self.shard_key
        return shard_of(guild_id, count) == shard_id

    async def dispatch(self, event: str, data: dict) -> None:
        self.seq += 1
        msg = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.buffer.append(msg)
        if self.conn is not None and self.conn.alive:
            await self.conn.send(msg)


class GatewayMixin:
    """Gateway side of ``FakeDiscord``: connections, sessions and dispatch."""

    # ------------------------------------------------------------------ test side

    @property
    def connected(self) -> bool:
        return self._active_session() is not None

    async def wait_connected(self, timeout: float = CONNECT_TIMEOUT, *, count: int | None = None) -> None:
        """Wait for a live gateway session that has been sent READY + GUILD_CREATE.

        ``count``: additionally require that at least this many READYs were sent in
        total (e.g. ``fake.ready_count + 1`` before restarting the bot).
        """
        try:
            await self.wait_for(lambda: self.connected and (count is None or self.ready_count >= count), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"no bot connected within {timeout}s (ready_count={self.ready_count}, "
                f"identify_failures={self.identify_failures}, last events={self.events[-8:]})") from None

    async def wait_disconnected(self, timeout: float = DISCONNECT_TIMEOUT) -> None:
        """Wait until no gateway websocket is open (e.g. after SIGKILL of the bot)."""
        await self.wait_for(lambda: not any(c.alive for c in self._conns), timeout)

    def _on_shard(self, session: _Session, shard_id: int | None, shard_count: int | None) -> bool:
        key = session.shard_key
        return (shard_id is None or key[0] == shard_id) and (shard_count is None or key[1] == shard_count)

    def live_shards(self) -> list[tuple[int, int]]:
        """[shard_id, shard_count] of every live session, oldest first (unsharded: (0, 1))."""
        live = sorted((s for s in self._sessions.values() if s.live), key=lambda s: s.ready_at)
        return [s.shard_key for s in live]

    async def wait_shard_ready(self, shard_id: int, timeout: float = CONNECT_TIMEOUT, *,
                               shard_count: int | None = None, count: int | None = None) -> None:
        """Wait for a live session on shard ``shard_id`` (of ``shard_count``, if given) that has been
        sent READY and its guilds' GUILD_CREATEs.

        ``count``: additionally require that at least this many READYs went to that shard id in
        total (e.g. ``fake.shard_ready_counts[0] + 1`` before restarting shard 0's process).
        """
        def ready() -> bool:
            return (any(s.live and self._on_shard(s, shard_id, shard_count) for s in self._sessions.values())
                    and (count is None or self.shard_ready_counts[shard_id] >= count))
        try:
            await self.wait_for(ready, timeout)
        except TimeoutError:
            raise TimeoutError(
                f"shard {shard_id} not connected within {timeout}s (live shards {self.live_shards()}, "
                f"READYs per shard {dict(self.shard_ready_counts)}, last events={self.events[-8:]})") from None

    async def wait_shard_disconnected(self, shard_id: int, timeout: float = DISCONNECT_TIMEOUT, *,
                                      shard_count: int | None = None) -> None:
        """Wait until no live session is left on shard ``shard_id`` (e.g. after SIGKILL of its process)."""
        await self.wait_for(lambda: not any(s.live and self._on_shard(s, shard_id, shard_count)
                                            for s in self._sessions.values()), timeout)

    def _conns_on_shard(self, shard_id: int | None) -> list[_Conn]:
        return [c for c in self._conns
                if shard_id is None or (c.session is not None and c.session.shard_key[0] == shard_id)]

    async def drop_connection(self, code: int = 4000, *, shard_id: int | None = None) -> None:
        """Close the bot's websocket(s) from the server side (discord.py will try to RESUME);
        ``shard_id``: only the connections of sessions on that shard."""
        for conn in self._conns_on_shard(shard_id):
            if conn.alive:
                await conn.ws.close(code=code, message=b"fake drop")

    async def send_reconnect(self, *, shard_id: int | None = None) -> None:
        """Ask the client to reconnect (op 7); ``shard_id``: only the sessions on that shard."""
        for conn in self._conns_on_shard(shard_id):
            await conn.send({"op": 7, "d": None, "s": None, "t": None})

    # ------------------------------------------------------------------ sessions

    def _active_session(self) -> _Session | None:
        live = [s for s in self._sessions.values() if s.live]
        return max(live, key=lambda s: s.ready_at) if live else None

    def _owner_session(self, guild_id: int | None) -> _Session | None:
        """The newest live session of the guild's shard (None: direct messages, shard 0)."""
        live = [s for s in self._sessions.values() if s.live and s.owns(guild_id)]
        return max(live, key=lambda s: s.ready_at) if live else None

    async def _wait_owner_session(self, guild_id: int | None, timeout: float) -> _Session:
        """The session an interaction in this guild goes to, once one is connected."""
        try:
            return await self.wait_for(lambda: self._owner_session(guild_id), timeout)
        except TimeoutError:
            where = f"guild {guild_id}" if guild_id is not None else "direct messages"
            raise TimeoutError(
                f"no gateway session for the shard of {where} within {timeout}s (live shards "
                f"{self.live_shards()}, ready_count={self.ready_count}, identify_failures="
                f"{self.identify_failures}, last events={self.events[-8:]})") from None

    def _note_shard_conflicts(self, session: _Session) -> None:
        for other in self._sessions.values():
            if other is not session and other.live and other.shard_key == session.shard_key:
                self.shard_conflicts.append(ShardConflict(session.shard_key, (other.id, session.id)))
                self._event(f"SHARD CONFLICT: sessions {other.id[:8]} and {session.id[:8]} both on shard "
                            f"{list(session.shard_key)}")

    # ------------------------------------------------------------------ the websocket protocol

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
        shard = d.get("shard")
        if shard is not None:
            if not (isinstance(shard, list) and len(shard) == 2 and all(type(x) is int for x in shard)
                    and 0 <= shard[0] < shard[1]):
                self._event(f"IDENTIFY with invalid shard {shard!r} -> 4010")
                await conn.ws.close(code=4010, message=b"Invalid shard.")
                return
            shard = (shard[0], shard[1])
        session_id = secrets.token_hex(16)
        if not self._record_identify(shard, session_id):
            await conn.send({"op": 9, "d": False, "s": None, "t": None})
            return
        session = _Session(session_id, intents, conn, shard)
        conn.session = session
        for stale in [s for s in self._sessions.values() if not s.live][:-5]:
            del self._sessions[stale.id]  # keep a few dropped sessions resumable, forget older ones
        self._sessions[session.id] = session
        guild_ids = [gid for gid in self._guilds if session.owns(gid)]
        ready: dict = {
            "v": API_VERSION, "user": self._bot_user_payload(), "session_type": "normal",
            "guilds": [{"id": str(gid), "unavailable": True} for gid in guild_ids], "session_id": session.id,
            "resume_gateway_url": self.gateway_url, "private_channels": [], "relationships": [],
            "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": ["fake"], "user_settings": {},
            "application": {"id": str(self.application_id), "flags": self._app_flags()},
            "auth": {}, "_trace": ["[\"fake-discord\"]"],
        }
        if shard is not None:
            ready["shard"] = list(shard)
        await session.dispatch("READY", ready)
        for gid in guild_ids:
            await session.dispatch("GUILD_CREATE", self._guild_create_payload(intents, gid))
        self._note_shard_conflicts(session)
        session.ready = True
        session.ready_at = time.monotonic()
        self.ready_count += 1
        self.shard_ready_counts[session.shard_key[0]] += 1
        self._event(f"READY session={session.id[:8]} intents={intents} shard={shard and list(shard)} "
                    f"guilds={len(guild_ids)}")
        self._notify()

    def _record_identify(self, shard: tuple[int, int] | None, session_id: str) -> bool:
        """Write the IDENTIFY down with its bucket; False when it must be refused (too early, enforced)."""
        now = self.clock()
        bucket = (0 if shard is None else shard[0]) % self.max_concurrency
        previous = next((r for r in reversed(self.identifies) if r.bucket == bucket and r.session_id), None)
        too_early = previous is not None and now - previous.at < IDENTIFY_INTERVAL
        refused = too_early and self.enforce_identify_limit
        record = IdentifyRecord(now, shard, bucket, None if refused else session_id)
        self.identifies.append(record)
        if too_early:
            assert previous is not None
            self.identify_violations.append(IdentifyViolation(record, previous))
            self._event(f"IDENTIFY shard={shard and list(shard)} bucket {bucket} only {now - previous.at:.3f}s "
                        f"after the last one{' -> op 9' if refused else ''}")
        self._notify()
        return not refused

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
        self._note_shard_conflicts(session)
        session.ready_at = time.monotonic()
        self.resume_count += 1
        self._event(f"RESUMED session={session.id[:8]} from seq {seq}")
        self._notify()

    async def _request_members(self, conn: _Conn, d: dict) -> None:
        try:
            guild = self._guild(d.get("guild_id"))
        except LookupError:
            return  # Discord ignores a request for a guild the bot is not in
        uids = list(guild.members)
        if d.get("user_ids"):
            wanted = {int(u) for u in (d["user_ids"] if isinstance(d["user_ids"], list) else [d["user_ids"]])}
            uids = [u for u in uids if u in wanted]
        elif d.get("query"):
            q = str(d["query"]).lower()
            uids = [u for u in uids if self._users[u]["username"].lower().startswith(q)]
        if d.get("limit"):
            uids = uids[: int(d["limit"])]
        chunk = {"guild_id": str(guild.id), "members": [self._member_payload(u, guild_id=guild.id) for u in uids],
                 "chunk_index": 0, "chunk_count": 1, "not_found": []}
        if d.get("presences"):
            chunk["presences"] = []
        if d.get("nonce"):
            chunk["nonce"] = d["nonce"]
        if conn.session is not None:
            await conn.session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _target_sessions(self, intent: int, guild_id: int | None) -> list:
        """Sessions that get an event of this guild (None: a direct message): those of its shard, live
        ones and dropped ones (buffered for RESUME)."""
        return [s for s in self._sessions.values()
                if s.ready and (not intent or s.intents & intent) and s.owns(guild_id)]

    async def _dispatch_all(self, event: str, data: dict, *, intent: int = 0, guild_id: int | None) -> None:
        for session in self._target_sessions(intent, guild_id):
            await session.dispatch(event, copy.deepcopy(data))

"""The HTTP side of the v10 API the fake serves.

Why: discord.py reaches Discord through these routes, and the fake must answer them
as Discord does, including the failures.  One catch-all aiohttp handler finds the
route in the table below, checks the bot token (401), applies errors a test
injected (403, 429 with Retry-After, 500...), answers with rate-limit headers,
records every call in ``requests``, every error it gave on its own in ``rejected``
and every route it does not know in ``unhandled`` (404).  The plain handlers are
here (users, gateway URL, application, channels, messages, reactions, the guild);
those of application commands and interactions are in commands.py and
interactions.py, and the route table names them all.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import time
from typing import Any

from aiohttp import web

from .errors import _ApiError, _json_response
from .protocol import DISCORD_EPOCH_MS, _public
from .records import RequestLog, _Upload

log = logging.getLogger("fakediscord")


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


class RestMixin:
    """REST side of ``FakeDiscord``: dispatch, injected errors, body parsing and the plain routes."""

    _ROUTES: list = _route_table()  # (method, compiled path, handler name, needs the bot token)

    # ------------------------------------------------------------------ test side

    def inject_error(self, method: str, path_regex: str, status: int, *, code: int = 0,
                     message: str | None = None, retry_after: float = 0.5, is_global: bool = False,
                     times: int = 1) -> None:
        """Answer the next ``times`` matching REST calls with an error (e.g. 403, 429, 500).

        ``path_regex`` is searched in the path below /api/v10, e.g. r"^/channels/\\d+/messages$".
        """
        self._injections.append({"method": method.upper(), "re": re.compile(path_regex), "status": status,
                                 "code": code, "message": message, "retry_after": retry_after,
                                 "global": is_global, "times": times})

    # ------------------------------------------------------------------ dispatch

    def _answer_unhandled(self, method: str, path: str, query: dict, body: Any,
                          headers: dict | None = None) -> web.Response:
        """Record a route the fake does not know (see ``unhandled``) and answer 404 as Discord does."""
        self.unhandled.append({"method": method, "path": path, "query": query, "body": body})
        self._event(f"UNHANDLED {method} {path}")
        return _json_response({"message": "404: Not Found", "code": 0}, status=404, headers=headers)

    async def _unknown_handler(self, request: web.Request) -> web.StreamResponse:
        return self._answer_unhandled(request.method, request.path, dict(request.query), None)

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
                limits = self._limit(request.method, path, match.groupdict(), needs_auth)
                handler = getattr(self, handler_name)
                result = await handler(request, entry, **match.groupdict())
                status = 200
                if isinstance(result, tuple):
                    status, result = result
                entry.status = status if result is not None else 204
                headers = {**self._rl_headers(route_key), **limits}
                if result is None:
                    return web.Response(status=204, headers=headers)
                return _json_response(result, status=status, headers=headers)
            # unknown route
            body = None
            try:
                body = await request.json() if request.can_read_body else None
            except Exception:
                pass
            entry.status = 404
            return self._answer_unhandled(request.method, path, dict(request.query), body,
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
        except ConnectionResetError:  # the bot died mid-request (a SIGKILL): nobody is left to answer
            entry.status = 499  # as servers log a request its client closed
            self._event(f"{request.method} {path} -> the client went away")
            raise
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

    def _limit(self, method: str, path: str, params: dict, counts_globally: bool) -> dict:
        """Apply Discord's rate limits (ratelimits.py) to this call: 429 past a limit, else its headers."""
        route = self.rate_limits.limit_of(method, path, params, self._message_age)
        verdict = self.rate_limits.check(route, counts_globally)
        if verdict.retry_after <= 0:
            return verdict.headers
        self.rate_limits.limited.append({"method": method, "path": path, "scope": verdict.scope,
                                         "retry_after": verdict.retry_after})
        headers = {**verdict.headers, "Retry-After": str(max(1, int(verdict.retry_after + 0.999))),
                   "X-RateLimit-Scope": verdict.scope}
        if verdict.scope == "global":
            headers["X-RateLimit-Global"] = "true"
        raise _ApiError(429, 0, "You are being rate limited.", headers=headers,
                        extra={"retry_after": round(verdict.retry_after, 3), "global": verdict.scope == "global"})

    def _message_age(self, message_id: int) -> float | None:
        """Seconds since the message was created (as `age_message` may have set it back)."""
        created = ((message_id >> 22) + DISCORD_EPOCH_MS) / 1000
        return time.time() - created + self.message_ages.get(message_id, 0.0)

    def age_message(self, message_id: int, seconds: float) -> None:
        """Tests: make a message `seconds` older than it is (its edits then count as old ones)."""
        self.message_ages[message_id] = seconds

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
                    raise _ApiError(400, 50109, "The request body contains invalid JSON.") from None
        entry.json = payload
        entry.files = [(u.filename, len(u.data)) for u in uploads]
        if payload is None:
            payload = {}
        if not isinstance(payload, (dict, list)):
            raise _ApiError(400, 50109, "The request body contains invalid JSON.")
        return payload, uploads

    # ------------------------------------------------------------------ plain handlers

    # --- users, gateway, application

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
        return dict(self._channels[self.dm_channel_id(uid)])

    async def _r_gateway(self, req: web.Request, entry: RequestLog) -> dict:
        return {"url": self.gateway_url}

    async def _r_gateway_bot(self, req: web.Request, entry: RequestLog) -> dict:
        started = sum(1 for r in self.identifies if r.session_id)
        return {"url": self.gateway_url, "shards": self.shards,
                "session_start_limit": {"total": self.session_start_total,
                                        "remaining": max(0, self.session_start_total - started),
                                        "reset_after": self.session_reset_after_ms,
                                        "max_concurrency": self.max_concurrency}}

    async def _r_app_info(self, req: web.Request, entry: RequestLog) -> dict:
        return self._app_payload()

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

    def _record_reaction(self, cid: str, mid: str, emoji: str, action: str) -> None:
        self._channel_message(cid, mid)
        self.reactions.append((int(mid), emoji, action))
        self._notify()

    async def _r_reaction_put(self, req: web.Request, entry: RequestLog, cid: str, mid: str, emoji: str):
        self._record_reaction(cid, mid, emoji, "add")
        return None

    async def _r_reaction_delete(self, req: web.Request, entry: RequestLog, cid: str, mid: str, emoji: str):
        self._record_reaction(cid, mid, emoji, "remove")
        return None

    # --- guilds

    def _known_guild(self, guild_id: str) -> int:
        if int(guild_id) not in self._guilds:
            raise _ApiError(404, 10004, "Unknown Guild")
        return int(guild_id)

    async def _r_guild(self, req: web.Request, entry: RequestLog, guild_id: str):
        return self._guild_payload(self._known_guild(guild_id))

    async def _r_guild_channels(self, req: web.Request, entry: RequestLog, guild_id: str):
        gid = str(self._known_guild(guild_id))
        return [dict(c) for c in self._channels.values() if c.get("guild_id") == gid]

    async def _r_guild_roles(self, req: web.Request, entry: RequestLog, guild_id: str):
        return list(self._guild(self._known_guild(guild_id)).roles.values())

    async def _r_guild_member(self, req: web.Request, entry: RequestLog, guild_id: str, user_id: str):
        gid = self._known_guild(guild_id)
        if int(user_id) not in self._guild(gid).members:
            raise _ApiError(404, 10007, "Unknown Member")
        return self._member_payload(int(user_id), guild_id=gid)

    async def _r_guild_members(self, req: web.Request, entry: RequestLog, guild_id: str):
        gid = self._known_guild(guild_id)
        return [self._member_payload(u, guild_id=gid) for u in self._guild(gid).members]

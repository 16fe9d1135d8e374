"""Users acting, and the bot answering them.

Why: most of what the bot does starts with an interaction, and most of its Discord
bugs are in how it answers.  Test side: ``slash``, ``autocomplete``, ``click``,
``select`` and ``submit_modal`` build INTERACTION_CREATE as Discord would, after the
checks Discord's own client makes (options and choices, disabled or missing
components, permissions), and wait for the answer.  REST side: the callback (once
only: 40060 for a second answer; 10062 for an unknown interaction or one older than
``interaction_deadline``), followups (the first after a "thinking" defer fills the
loading message) and reads, edits and deletes of ``@original`` and followups.
"""

from __future__ import annotations

import asyncio
import copy
import mimetypes
import secrets
import time
from typing import Any

from aiohttp import web

from .errors import InteractionTimeout, _ApiError
from .protocol import _SELECT_TYPES, FLAG_EPHEMERAL, FLAG_LOADING, Perm, _public, walk_components
from .records import InteractionRecord, RequestLog

ANSWER_TIMEOUT = 60.0  # default bound on waiting for the bot's answer; a wait ends as soon as it comes

class InteractionsMixin:
    """Interaction side of ``FakeDiscord``: users acting, the bot answering."""

    # ------------------------------------------------------------------ interactions (test side)

    async def slash(self, user_id: int, name: str, options: dict | None = None,
                    subcommand: str | None = None, channel_id: int | None = None, *,
                    timeout: float = ANSWER_TIMEOUT, settle: float = 0.2, force: bool = False,
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
        guild = self._guild_of_channel(channel_id)
        if dmp is not None and not force:
            need = int(dmp)
            if self.permissions_for(user_id, guild.id if guild else None) & need != need:
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
                           subcommand: str | None = None, channel_id: int | None = None, *,
                           timeout: float = ANSWER_TIMEOUT) -> list:
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
                    timeout: float = ANSWER_TIMEOUT, settle: float = 0.2, wait: bool = True,
                    from_channel: int | None = None) -> InteractionRecord:
        """Click the button with ``custom_id`` on a stored message (must exist and be enabled).

        ``from_channel`` forges the click as coming from another channel, which no real client can
        send (nor can it click another user's ephemeral message, which this fake allows)."""
        msg = self._message_for_interaction(message_id)
        comp = self._component_on(msg, custom_id)
        if comp.get("type") != 2:
            raise ValueError(f"component {custom_id!r} is type {comp.get('type')}, not a button; use select()")
        if comp.get("style") in (5, 6):
            raise ValueError(f"button {custom_id!r} is a link/premium button")
        data: dict = {"custom_id": custom_id, "component_type": 2}
        if comp.get("id") is not None:
            data["id"] = comp["id"]
        channel_id = int(msg["channel_id"]) if from_channel is None else from_channel
        return await self._run_interaction(3, user_id, channel_id, data, msg, timeout, settle, wait)

    async def select(self, user_id: int, message_id: int | str | dict, custom_id: str, values: list, *,
                     timeout: float = ANSWER_TIMEOUT, settle: float = 0.2, wait: bool = True) -> InteractionRecord:
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
                           timeout: float = ANSWER_TIMEOUT, settle: float = 0.2, wait: bool = True) -> InteractionRecord:
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

        def submitted(comp: dict) -> dict | None:
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

    # ------------------------------------------------------------------ interaction plumbing

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
        guild = self._guild_of_channel(channel_id) or self._guild()  # a DM: as the first guild sees it
        role_guild = next((g for g in (guild, *self._guilds.values()) if sid in g.roles), None)
        if sid in self._users:
            resolved.setdefault("users", {})[str(sid)] = dict(self._users[sid])
            if sid in guild.members:
                resolved.setdefault("members", {})[str(sid)] = self._member_payload(sid, user=False,
                                                                                     permissions=True,
                                                                                     guild_id=guild.id)
        elif role_guild is not None:
            resolved.setdefault("roles", {})[str(sid)] = dict(role_guild.roles[sid])
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
            guild = self._guild_of_channel(channel_id) or self._guild()
            if value in self._names and not value.startswith("@"):
                value = self._names[value]
            else:
                role_name = "Admin" if value == "@Admin" else value  # "@Admin": the role add_user made
                role = next((int(r["id"]) for r in guild.roles.values() if r["name"] == role_name), None)
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
            url = self._attachment_url(channel_id, aid, filename)
            att = {"id": str(aid), "filename": filename, "size": len(data), "content_type": ctype,
                   "url": url, "proxy_url": url, "ephemeral": True}
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

    async def _run_interaction(self, itype: int, user_id: int, channel_id: int, data: dict, source: dict | None,
                               timeout: float, settle: float, wait: bool) -> InteractionRecord:
        guild = self._guild_of_channel(channel_id)
        gid = guild.id if guild is not None else None
        session = await self._wait_owner_session(gid, timeout)  # the guild's shard (DMs: shard 0)
        iid = self._ids.next()
        token = "fake_" + secrets.token_urlsafe(40)
        channel = self._channels[channel_id]
        payload: dict = {
            "id": str(iid), "application_id": str(self.application_id), "type": itype, "data": data,
            "channel": dict(channel, permissions=str(self.permissions_for(user_id, gid))),
            "channel_id": str(channel_id), "token": token, "version": 1,
            "app_permissions": str(self.permissions_for(self.bot_user_id, gid)),
            "locale": "en-US", "entitlements": [], "attachment_size_limit": self.attachment_size_limit,
            "context": 0 if gid else 1,
            "authorizing_integration_owners": {"0": str(gid)} if gid else {"1": str(user_id)},
        }
        if gid:
            payload.update(guild_id=str(gid), guild_locale="en-US",
                           guild={"id": str(gid), "locale": "en-US", "features": []},
                           member=self._member_payload(user_id, permissions=True, guild_id=gid))
        else:
            payload["user"] = dict(self._users[user_id])
        if source is not None:
            payload["message"] = _public(source)
        rec = InteractionRecord(fake=self, id=iid, token=token, type=itype, user_id=user_id, channel_id=channel_id,
                                payload=payload, source_message_id=int(source["id"]) if source else None,
                                guild_id=gid, session_id=session.id, shard=session.shard)
        self.interactions[iid] = rec
        self._by_token[token] = rec
        self._event(f"-> INTERACTION_CREATE type={itype} {rec.name!r} by {self._users[user_id]['username']}"
                    f" on shard {list(session.shard_key)}")
        await session.dispatch("INTERACTION_CREATE", payload)
        if wait:
            await self._await_answer(rec, timeout, settle)
        return rec

    async def redeliver(self, rec: InteractionRecord) -> None:
        """Send an interaction again, as Discord may after a gateway resume: the bot must apply it
        once, and its second answer is refused with 40060 (already acknowledged)."""
        session = self._owner_session(rec.guild_id)
        if session is None:
            raise ConnectionError("no bot is connected to the fake gateway for that interaction's shard")
        self._event(f"-> INTERACTION_CREATE again {rec.name!r} (id {rec.id})")
        await session.dispatch("INTERACTION_CREATE", rec.payload)

    async def _await_answer(self, rec: InteractionRecord, timeout: float, settle: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        try:
            await self.wait_for(lambda: rec.callback_type is not None, timeout)
        except TimeoutError:
            raise InteractionTimeout(
                f"bot did not answer interaction {rec.name!r} (type {rec.type}) within {timeout}s; "
                f"rejected={self.rejected[-3:]} unhandled={self.unhandled[-3:]} events={self.events[-6:]}") from None
        if rec.callback_type == 5:  # "thinking": the real answer is the first edit/followup
            try:
                await self.wait_for(lambda: rec.updates > 0, max(0.0, deadline - loop.time()))
            except TimeoutError:
                pass
        while settle > 0:  # collect followups that arrive shortly after
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            last = rec.last_activity
            try:
                await self.wait_for(lambda: rec.last_activity != last, min(settle, remaining))  # noqa: B023
            except TimeoutError:
                break

    # ------------------------------------------------------------------ REST handlers: callback, followups, @original

    async def _r_callback(self, req: web.Request, entry: RequestLog, iid: str, token: str):
        arrived = time.monotonic()
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
        rec.answered_at = arrived
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

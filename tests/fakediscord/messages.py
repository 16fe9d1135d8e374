"""How a message comes to be, changes and goes.

Why: the bot's bugs show up as bodies Discord would refuse, so every body is checked
as Discord checks it (lengths, embed size, component layout and custom_ids,
Components V2, empty messages: 50035 and 50006).  Uploads become attachments the
fake serves itself; ``attachment://`` links in embeds are resolved.  Every change
is stored (with its edit history) and announced on the gateway: MESSAGE_CREATE,
MESSAGE_UPDATE and MESSAGE_DELETE, with the content blanked for sessions without
the message-content intent.  Ephemeral messages are stored but never announced.
"""

from __future__ import annotations

import copy
import io
import mimetypes
import re

from .errors import _ApiError, _FormErrors
from .protocol import (
    _EDITABLE_FLAGS,
    _SELECT_TYPES,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Intent,
    _iso,
    _public,
    snowflake_time,
    walk_components,
)
from .records import InteractionRecord, _Upload


class MessagesMixin:
    """Message building, validation, storage and gateway events of ``FakeDiscord``."""

    # ------------------------------------------------------------------ test side

    async def send_user_message(self, user_id: int, content: str, channel_id: int | None = None) -> dict:
        """A user posts a message; dispatched as MESSAGE_CREATE (subject to intents)."""
        return await self._create_message(int(channel_id or self.channel_id), {"content": content}, [],
                                          author_id=user_id)

    # ------------------------------------------------------------------ message building & validation

    def _image_size(self, data: bytes) -> dict:
        if data[:4] not in (b"\x89PNG", b"GIF8") and not data[:2] == b"\xff\xd8" and data[8:12] != b"WEBP":
            return {}
        try:
            from PIL import Image  # optional; only for realistic width/height
            with Image.open(io.BytesIO(data)) as img:
                return {"width": img.width, "height": img.height}
        except Exception:
            return {}

    def _attachment_url(self, channel_id: int, aid: int, filename: str) -> str:
        """Where the fake serves an attachment's bytes (see ``_attachment_handler``)."""
        return f"{self.http_base}/attachments/{channel_id}/{aid}/{filename}"

    def _make_attachment(self, up: _Upload, filename: str, description: str | None, channel_id: int,
                         ephemeral: bool) -> dict:
        if len(up.data) > self.attachment_size_limit:
            raise _ApiError(413, 40005, "Request entity too large")
        aid = self._ids.next()
        ctype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        self._blobs[aid] = (up.data, ctype, filename)
        url = self._attachment_url(channel_id, aid, filename)
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

    def _compose(self, payload: dict, uploads: list, channel_id: int, base: dict | None = None, *,
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
                              mtype: int = 0, interaction: InteractionRecord | None = None,
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
            await self._dispatch_all("MESSAGE_DELETE", data, intent=self._message_intent(msg),
                                     guild_id=self._message_guild_id(msg))
        self._notify()

    def _message_intent(self, msg: dict) -> int:
        return Intent.GUILD_MESSAGES if msg.get("guild_id") else Intent.DIRECT_MESSAGES

    @staticmethod
    def _message_guild_id(msg: dict) -> int | None:
        return int(msg["guild_id"]) if msg.get("guild_id") else None

    async def _dispatch_message(self, event: str, msg: dict) -> None:
        intent = self._message_intent(msg)
        base = _public(msg)
        author_id = int(msg["author"]["id"])
        guild_id = self._message_guild_id(msg)
        if guild_id is not None and author_id in self._guild(guild_id).members:
            base["member"] = self._member_payload(author_id, user=False, guild_id=guild_id)
        for session in self._target_sessions(intent, guild_id):
            data = copy.deepcopy(base)
            mentioned = any(int(u["id"]) == self.bot_user_id for u in msg.get("mentions", []))
            if (author_id != self.bot_user_id and msg.get("guild_id") and not mentioned
                    and not session.intents & Intent.MESSAGE_CONTENT):
                data.update(content="", embeds=[], attachments=[], components=[])
            await session.dispatch(event, data)

"""The fake's memory of its guilds, and what tests read back from it.

Why: it lives in the test's process, so the guilds and every message outlive each
bot process a test starts and SIGKILLs.  Here: users, and per guild its members,
roles and channels (adding one is announced on the gateway like on a real server,
to the sessions of the guild's shard), the payloads built from them (the bot user,
the application, GUILD_CREATE: without the members intent it lists only the bot),
and the test-side look-ups of stored messages.  Which guilds exist and on which
shard is guilds.py; how a message is made, changed and announced is messages.py.
Every ``guild_id`` argument defaults to the first guild (``fake.guild_id``).
"""

from __future__ import annotations

from collections.abc import Iterable

from .guilds import _Guild
from .protocol import Intent, Perm, _iso, walk_components


class StoreMixin:
    """Directory and stored messages of ``FakeDiscord`` (its state is made in ``FakeDiscord.__init__``)."""

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

    def _guild(self, guild_id: int | str | None = None) -> _Guild:
        """The guild with this id (the first guild when None); LookupError for an unknown one."""
        if guild_id is None:
            return self._guilds[self.guild_id]
        try:
            return self._guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise LookupError(f"no guild {guild_id}; guilds are {list(self._guilds)}") from None

    def _guild_of_channel(self, channel_id: int | str) -> _Guild | None:
        """The guild a channel belongs to (None for a direct-message channel)."""
        gid = self._channels.get(int(channel_id), {}).get("guild_id")
        return self._guilds.get(int(gid)) if gid else None

    def _new_user(self, name: str) -> int:
        uid = self._ids.next()
        self._users[uid] = self._user_dict(uid, name)
        self._names[name] = uid
        return uid

    def _add_member(self, uid: int, roles: list, guild_id: int | None = None) -> None:
        self._guild(guild_id).members[uid] = {"roles": list(roles), "joined_at": _iso()}

    def add_user(self, name: str, *, manage_channels: bool = False, administrator: bool = False,
                 guild_ids: Iterable[int] | None = None) -> int:
        """Create a user who is a member of ``guild_ids`` (default: every guild there is); returns its id
        (also reachable via ``user_id(name)``)."""
        uid = self._new_user(name)
        for gid in (list(self._guilds) if guild_ids is None else guild_ids):
            self.add_member(uid, gid, manage_channels=manage_channels, administrator=administrator)
        return uid

    def add_member(self, user_id: int, guild_id: int | None = None, *, manage_channels: bool = False,
                   administrator: bool = False) -> None:
        """Make an existing user a member of a guild (announced as GUILD_MEMBER_ADD to its shard)."""
        guild = self._guild(guild_id)
        self._add_member(user_id, [guild.moderator_role_id] if manage_channels else [], guild.id)
        if administrator:
            if guild.admin_role_id is None:
                guild.admin_role_id = self.add_role("Admin", Perm.ADMINISTRATOR, guild_id=guild.id)
                if guild.id == self.guild_id:
                    self._names["@Admin"] = guild.admin_role_id
            guild.members[user_id]["roles"].append(guild.admin_role_id)
        self._spawn(self._dispatch_all("GUILD_MEMBER_ADD",
                                       dict(self._member_payload(user_id, guild_id=guild.id), guild_id=str(guild.id)),
                                       intent=Intent.GUILD_MEMBERS, guild_id=guild.id))

    def user_id(self, name: str) -> int:
        return self._names[name]

    def _new_role(self, guild: _Guild, name: str, permissions: int, managed: bool = False) -> int:
        rid = self._ids.next()
        guild.roles[rid] = self._role_dict(rid, name, permissions, len(guild.roles), managed)
        return rid

    def add_role(self, name: str, permissions: int = 0, *, managed: bool = False, guild_id: int | None = None) -> int:
        guild = self._guild(guild_id)
        rid = self._new_role(guild, name, permissions, managed)
        self._spawn(self._dispatch_all("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": guild.roles[rid]},
                                       intent=Intent.GUILDS, guild_id=guild.id))
        return rid

    def set_roles(self, user_id: int, role_ids: Iterable[int], *, guild_id: int | None = None) -> None:
        guild = self._guild(guild_id)
        guild.members[user_id]["roles"] = list(role_ids)
        self._spawn(self._dispatch_all("GUILD_MEMBER_UPDATE",
                                       dict(self._member_payload(user_id, guild_id=guild.id), guild_id=str(guild.id)),
                                       intent=Intent.GUILD_MEMBERS, guild_id=guild.id))

    def set_manage_channels(self, user_id: int, enabled: bool = True, *, guild_id: int | None = None) -> None:
        """Give/take Manage Channels (via the guild's 'Moderator' role, as on a real server)."""
        guild = self._guild(guild_id)
        roles = [r for r in guild.members[user_id]["roles"] if r != guild.moderator_role_id]
        if enabled:
            roles.append(guild.moderator_role_id)
        self.set_roles(user_id, roles, guild_id=guild.id)

    def permissions_for(self, user_id: int, guild_id: int | None = None) -> int:
        if user_id == self.owner_id:
            return Perm.ALL
        guild = self._guild(guild_id)
        perms = int(guild.roles[guild.id]["permissions"])
        for rid in guild.members.get(user_id, {}).get("roles", []):
            perms |= int(guild.roles[rid]["permissions"])
        return Perm.ALL if perms & Perm.ADMINISTRATOR else perms

    def _new_channel(self, guild: _Guild, name: str, topic: str | None = None) -> int:
        cid = self._ids.next()
        self._channels[cid] = {
            "id": str(cid), "type": 0, "guild_id": str(guild.id), "name": name,
            "position": sum(1 for c in self._channels.values() if c["type"] == 0 and c["guild_id"] == str(guild.id)),
            "permission_overwrites": [], "parent_id": None, "topic": topic, "nsfw": False,
            "rate_limit_per_user": 0, "last_message_id": None, "flags": 0,
        }
        return cid

    def add_channel(self, name: str, *, topic: str | None = None, guild_id: int | None = None) -> int:
        guild = self._guild(guild_id)
        cid = self._new_channel(guild, name, topic)
        self._spawn(self._dispatch_all("CHANNEL_CREATE", dict(self._channels[cid]), intent=Intent.GUILDS,
                                       guild_id=guild.id))
        return cid

    def dm_channel_id(self, user_id: int) -> int:
        """The direct-message channel between the bot and a user (made on first use, as Discord does)."""
        for cid, ch in self._channels.items():
            if ch["type"] == 1 and ch["recipients"][0]["id"] == str(user_id):
                return cid
        cid = self._ids.next()
        self._channels[cid] = {"id": str(cid), "type": 1, "last_message_id": None, "flags": 0,
                               "recipients": [dict(self._users[user_id])]}
        return cid

    def _member_payload(self, uid: int, *, user: bool = True, permissions: bool = False,
                        guild_id: int | None = None) -> dict:
        m = self._guild(guild_id).members[uid]
        d = {"roles": [str(r) for r in m["roles"]], "joined_at": m["joined_at"], "nick": None, "avatar": None,
             "banner": None, "premium_since": None, "deaf": False, "mute": False, "pending": False,
             "flags": 0, "communication_disabled_until": None}
        if user:
            d["user"] = dict(self._users[uid])
        if permissions:
            d["permissions"] = str(self.permissions_for(uid, guild_id))
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
            "interactions_endpoint_url": None, "redirect_uris": [], "approximate_guild_count": len(self._guilds),
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

    def _guild_create_payload(self, intents: int, guild_id: int | None = None) -> dict:
        guild = self._guild(guild_id)
        if intents & Intent.GUILD_MEMBERS:
            members = [self._member_payload(uid, guild_id=guild.id) for uid in guild.members]
        else:  # real Discord: only yourself (and voice members) without the privileged intent
            members = [self._member_payload(self.bot_user_id, guild_id=guild.id)]
        return {
            "id": str(guild.id), "name": guild.name, "icon": None, "splash": None,
            "discovery_splash": None, "banner": None, "description": None, "owner_id": str(self.owner_id),
            "unavailable": False, "member_count": len(guild.members), "large": False,
            "joined_at": guild.members[self.bot_user_id]["joined_at"], "features": [],
            "roles": list(guild.roles.values()), "emojis": [], "stickers": [],
            "channels": [{k: v for k, v in c.items() if k != "guild_id"} for c in self._channels.values()
                         if c.get("guild_id") == str(guild.id)],
            "threads": [], "members": members, "presences": [], "voice_states": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "preferred_locale": "en-US",
            "premium_tier": 0, "premium_subscription_count": 0, "system_channel_id": str(guild.channel_id),
            "rules_channel_id": None, "public_updates_channel_id": None, "safety_alerts_channel_id": None,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "afk_timeout": 300, "afk_channel_id": None,
            "application_id": None, "vanity_url_code": None, "max_members": 500000,
            "max_video_channel_users": 25, "nsfw": False, "premium_progress_bar_enabled": False,
        }

    def _guild_payload(self, guild_id: int | None = None) -> dict:
        d = self._guild_create_payload(0, guild_id)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large",
                    "member_count", "unavailable", "stage_instances", "guild_scheduled_events",
                    "soundboard_sounds"):
            d.pop(key, None)
        return d


    # ------------------------------------------------------------------ messages (test side)

    def messages(self, channel_id: int | None = None, *, ephemeral: bool | None = None,
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

    def last_message(self, channel_id: int | None = None, *, ephemeral: bool | None = None) -> dict | None:
        msgs = self.messages(channel_id, ephemeral=ephemeral)
        return msgs[-1] if msgs else None

    @staticmethod
    def find_component(message: dict, label: str | None = None, custom_id_prefix: str | None = None,
                       type: int | None = None) -> dict | None:
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

"""Which guilds the fake serves, and on which shard each one lies.

Why: a bot run as several shard processes must be tested against one Discord
serving guilds on different shards.  Discord puts a guild on shard
``(guild_id >> 22) % shard_count`` (direct messages on shard 0), so a guild's id
decides its shard: ``add_guild(on_shard=(1, 2))`` and ``guild_on_shard(1, 2)`` make
an id that lands there.  A new guild has its own @everyone, Moderator and bot roles,
a "general" channel, and as members the bot, the owner and every user there is
(``add_user`` in turn joins every guild unless told which).  The first guild is
``fake.guild_id`` with ``fake.channel_id``; each guild's own channel is
``guild_channel_id(guild_id)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .protocol import Intent, Perm, shard_of


@dataclass(eq=False)
class _Guild:
    """One guild: members (user id -> roles, joined_at) and roles; its channels are in ``_channels``."""

    id: int
    name: str
    members: dict[int, dict] = field(default_factory=dict)
    roles: dict[int, dict] = field(default_factory=dict)  # the @everyone role has the guild's id
    moderator_role_id: int = 0
    bot_role_id: int = 0
    admin_role_id: int | None = None
    channel_id: int = 0  # its first text channel, also its system channel


class GuildsMixin:
    """The guilds of ``FakeDiscord`` and their shards."""

    @staticmethod
    def shard_of(guild_id: int | None, shard_count: int) -> int:
        """The shard a guild is on (Discord's rule); None (a direct message) is shard 0."""
        return shard_of(guild_id, shard_count)

    @property
    def guild_ids(self) -> list[int]:
        """Every guild, in the order they were made (the first is ``guild_id``)."""
        return list(self._guilds)

    def guild_channel_id(self, guild_id: int) -> int:
        """The first text channel of a guild (``channel_id`` for the first guild)."""
        return self._guild(guild_id).channel_id

    def guild_name_of(self, guild_id: int) -> str:
        return self._guild(guild_id).name

    def _make_guild(self, name: str, channel_name: str, on_shard: tuple[int, int] | None, bot_name: str) -> _Guild:
        """A guild with its roles, the bot and the owner as members and one channel; announced to nobody."""
        gid = self._ids.next() if on_shard is None else self._ids.next_on_shard(*on_shard)
        guild = _Guild(gid, name)
        self._guilds[gid] = guild
        guild.roles[gid] = self._role_dict(gid, "@everyone", Perm.EVERYONE_DEFAULT, 0)
        guild.moderator_role_id = self._new_role(guild, "Moderator", Perm.MANAGE_CHANNELS | Perm.MANAGE_MESSAGES)
        guild.bot_role_id = self._new_role(
            guild, bot_name, Perm.EVERYONE_DEFAULT | Perm.MANAGE_MESSAGES | Perm.MANAGE_CHANNELS, managed=True)
        self._add_member(self.bot_user_id, [guild.bot_role_id], gid)
        self._add_member(self.owner_id, [], gid)
        guild.channel_id = self._new_channel(guild, channel_name)
        return guild

    def add_guild(self, name: str | None = None, *, channel_name: str = "general",
                  members: Iterable[int] | None = None, on_shard: tuple[int, int] | None = None) -> int:
        """Make a guild the bot is in; returns its id.

        ``members``: user ids to add (default: every user there is).  ``on_shard=(shard_id,
        shard_count)`` picks an id on that shard.  A bot already connected gets GUILD_CREATE
        on the session(s) of the guild's shard, as when it joins a server.
        """
        bot_name = self._users[self.bot_user_id]["username"]
        guild = self._make_guild(name or f"Fake Guild {len(self._guilds) + 1}", channel_name, on_shard, bot_name)
        everyone = [u for u in self._users if u not in (self.bot_user_id, self.owner_id)]
        for uid in (everyone if members is None else members):
            self._add_member(uid, [], guild.id)
        self._event(f"guild {guild.id} {guild.name!r} added (shard {shard_of(guild.id, self.shards)} "
                    f"of {self.shards})")
        self._spawn(self._announce_guild(guild.id))
        return guild.id

    def guild_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A guild on shard ``shard_id`` of ``shard_count``: the first existing one, else a new one."""
        if not 0 <= shard_id < shard_count:
            raise ValueError(f"shard {shard_id} is not one of 0..{shard_count - 1}")
        for gid in self._guilds:
            if shard_of(gid, shard_count) == shard_id:
                return gid
        return self.add_guild(on_shard=(shard_id, shard_count))

    async def _announce_guild(self, guild_id: int) -> None:
        for session in self._target_sessions(Intent.GUILDS, guild_id):
            await session.dispatch("GUILD_CREATE", self._guild_create_payload(session.intents, guild_id))

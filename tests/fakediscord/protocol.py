"""Discord's numbers and shapes, as far as the fake needs them.

Why a module of its own: every other part of the fake (store, gateway, REST,
interactions) speaks in these terms, and tests import some of them
(``FLAG_EPHEMERAL``, ``Perm``, ``Intent``).  Here: permission and intent bits,
message flags, snowflake ids made from the clock, and the helpers that walk
components and strip the fake's private ``_`` keys before the bot sees a dict.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

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

# Component types that are select menus
_SELECT_TYPES = (3, 5, 6, 7, 8)


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

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A fresh id whose shard is ``shard_id`` of ``shard_count`` (moved up to count-1 ms ahead)."""
        value = self.next()
        ms = value >> 22
        ahead = (shard_id - ms) % shard_count
        if ahead:
            value = ((ms + ahead) << 22) | (value & 0x3FFFFF)
            self._last = value
        return value


def shard_of(guild_id: int | str | None, shard_count: int) -> int:
    """Discord's rule: ``(guild_id >> 22) % shard_count``; direct messages (no guild) are on shard 0."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % shard_count


def snowflake_time(snowflake: int) -> datetime:
    return datetime.fromtimestamp(((int(snowflake) >> 22) + DISCORD_EPOCH_MS) / 1000, tz=UTC)


def _iso(dt: datetime | None = None) -> str:
    return (dt or datetime.now(UTC)).isoformat(timespec="milliseconds")


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

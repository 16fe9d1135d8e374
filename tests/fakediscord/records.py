"""What the fake writes down for the tests to assert on.

Why: a test drives a separate bot process and can only judge it by what reached
Discord.  ``RequestLog`` is one REST call, ``InteractionRecord`` one interaction
and every answer the bot gave to it (its ``message`` stays live as the bot edits
it; ``shard`` and ``session_id`` say which gateway session got it), ``IdentifyRecord``
one IDENTIFY (``IdentifyViolation`` one that came too early for its bucket),
``ShardConflict`` two live sessions on one shard, ``HeldAnswer`` a REST answer kept back for a crash test, ``_Upload`` a file
on its way to becoming an attachment.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .protocol import FLAG_EPHEMERAL

if TYPE_CHECKING:
    from .server import FakeDiscord


@dataclass
class _Upload:
    index: int
    filename: str
    data: bytes
    content_type: str | None


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

    fake: FakeDiscord = field(repr=False)
    id: int
    token: str = field(repr=False)
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user_id: int
    channel_id: int
    payload: dict = field(repr=False)
    source_message_id: int | None = None
    callback_type: int | None = None
    callback_data: dict | None = field(default=None, repr=False)
    response_message_id: int | None = None
    followup_ids: list = field(default_factory=list)
    modal: dict | None = field(default=None, repr=False)
    choices: list | None = None
    updates: int = 0
    last_activity: float = 0.0
    created_at: float = field(default_factory=time.monotonic, repr=False)
    answered_at: float | None = field(default=None, repr=False)  # monotonic: when the callback arrived
    guild_id: int | None = None  # None: a direct message
    session_id: str | None = field(default=None, repr=False)  # the gateway session it was sent on
    shard: tuple[int, int] | None = None  # that session's [shard_id, shard_count]; None: it identified unsharded

    @property
    def shard_id(self) -> int:
        """The shard the interaction went to (an unsharded session is shard 0 of 1)."""
        return 0 if self.shard is None else self.shard[0]

    @property
    def acknowledged_after(self) -> float | None:
        """Seconds from the interaction's creation to the bot's callback (None: not answered): what a
        user waits before Discord shows the click was taken (benches read it; tests never time it)."""
        return None if self.answered_at is None else self.answered_at - self.created_at

    @property
    def name(self) -> str:
        data = self.payload.get("data") or {}
        return data.get("name") or data.get("custom_id") or ""

    @property
    def original_message_id(self) -> int | None:
        if self.callback_type in (4, 5):
            return self.response_message_id
        if self.callback_type in (6, 7):
            return self.source_message_id
        return None

    @property
    def message(self) -> dict | None:
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

    async def wait(self, predicate: Callable[[InteractionRecord], Any], timeout: float = 5.0) -> InteractionRecord:
        await self.fake.wait_for(lambda: predicate(self), timeout)
        return self

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list:
        await self.wait(lambda r: len(r.followup_ids) >= count, timeout)
        return self.followups

    async def wait_update(self, timeout: float = 5.0) -> InteractionRecord:
        """Wait for the next edit of @original or the next followup."""
        seen = self.updates
        return await self.wait(lambda r: r.updates > seen, timeout)


@dataclass(eq=False)
class HeldAnswer:
    """A REST call carried out whose answer is kept back (see ``FakeDiscord.hold_answer``)."""

    carried_out: asyncio.Event = field(default_factory=asyncio.Event)
    release: asyncio.Event = field(default_factory=asyncio.Event)
    result: Any = None


@dataclass(frozen=True)
class IdentifyRecord:
    """One IDENTIFY that passed the token, intents and shard checks: when (``FakeDiscord.clock``), for which
    shard, in which bucket."""

    at: float
    shard: tuple[int, int] | None  # [shard_id, shard_count] as sent; None: unsharded (shard 0 of 1)
    bucket: int  # shard_id % max_concurrency: one IDENTIFY per bucket per 5 seconds
    session_id: str | None  # the session it started; None when it was refused

    @property
    def shard_id(self) -> int:
        return 0 if self.shard is None else self.shard[0]


@dataclass(frozen=True)
class IdentifyViolation:
    """An IDENTIFY sooner than 5 seconds after the last one in its bucket (Discord refuses it)."""

    identify: IdentifyRecord
    previous: IdentifyRecord

    @property
    def gap(self) -> float:
        """Seconds between the previous IDENTIFY of the bucket and this one."""
        return self.identify.at - self.previous.at


@dataclass(frozen=True)
class ShardConflict:
    """Two live sessions for the same [shard_id, shard_count]: Discord would send both the shard's events."""

    shard: tuple[int, int]
    session_ids: tuple[str, str]  # (the one already live, the newcomer)

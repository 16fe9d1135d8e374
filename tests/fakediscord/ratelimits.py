"""Discord's rate limits, as the fake enforces them.

Why: a bot that is fast in tests can still be throttled by Discord in production; modelling the
limits lets the tests and benches count 429s and requests instead of guessing. Discord says to read
the limits from the response headers (each route answers with X-RateLimit-Limit, -Remaining,
-Reset, -Reset-After and -Bucket); the values below are the commonly observed ones:

- creating messages: 5 per 5 s per channel;
- editing messages: 5 per 5 s per channel, and a message older than an hour: 3 per 15 s per
  channel (its own, stricter bucket);
- deleting messages: 5 per 1 s per channel;
- interaction follow-ups (the webhook of one interaction token): 5 per 2 s per token;
- everything with the bot's token: 50 per second in all (the global limit). Interaction callbacks
  and follow-ups are not counted against it, as on Discord.

A call past a limit gets 429 with `retry_after` (seconds) in the body, Retry-After and
X-RateLimit-Scope ("user" or "global") in the headers; every 429 given is kept in `limited`.
"""
from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

OLD_MESSAGE = 3600.0  # seconds after which an edit falls in the stricter bucket
GLOBAL = (50, 1.0)


@dataclass(frozen=True)
class Limit:
    family: str  # names the bucket's kind
    count: int
    period: float


CREATE = Limit("create message", 5, 5.0)
EDIT = Limit("edit message", 5, 5.0)
EDIT_OLD = Limit("edit old message", 3, 15.0)
DELETE = Limit("delete message", 5, 1.0)
FOLLOWUP = Limit("follow-up", 5, 2.0)


@dataclass(frozen=True)
class Verdict:
    """What the limits say about one call: allowed, or how long to wait; and the headers to send."""

    retry_after: float  # 0: allowed
    scope: str
    headers: dict[str, str]


class RateLimits:
    """The calls of each bucket's current window; `check` counts a call that is allowed.

    Windows are fixed, as Discord's are: a bucket's first call opens a window of `period` seconds,
    and when it closes the whole limit is free again. Clients pace by this (discord.py waits out
    Reset-After once Remaining is 0, then sends as many as the limit allows)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.enabled = True
        self._windows: dict[str, tuple[float, int]] = {}  # bucket -> (window opened at, calls in it)
        self.limited: list[dict] = []  # every 429 given: method, path, scope, retry_after

    def limit_of(self, method: str, path: str, params: dict[str, str],
                 message_age: Callable[[int], float | None]) -> tuple[Limit, str] | None:
        """The route's own limit and its bucket key (major parameter included), if it has one."""
        cid, mid = params.get("cid"), params.get("mid")
        if path.startswith("/webhooks/") and method == "POST":
            return FOLLOWUP, f"token:{params.get('token')}"
        if cid is None:
            return None
        if method == "POST" and path.endswith("/messages"):
            return CREATE, f"channel:{cid}"
        if mid is not None and path.endswith(f"/messages/{mid}"):
            if method == "DELETE":
                return DELETE, f"channel:{cid}"
            if method == "PATCH":
                age = message_age(int(mid))
                old = age is not None and age > OLD_MESSAGE
                return (EDIT_OLD, f"channel:{cid}:old") if old else (EDIT, f"channel:{cid}")
        return None

    def check(self, route: tuple[Limit, str] | None, counts_globally: bool) -> Verdict:
        now = self.clock()
        if counts_globally:
            count, period = GLOBAL
            opened, used = self._window("global", period, now)
            if self.enabled and used >= count:
                wait = opened + period - now
                return Verdict(wait, "global", self._headers("global", count, 0, wait))
        headers: dict[str, str] = {}
        if route is not None:
            limit, key = route
            bucket = f"{limit.family}:{key}"
            opened, used = self._window(bucket, limit.period, now)
            if self.enabled and used >= limit.count:
                wait = opened + limit.period - now
                return Verdict(wait, "user", self._headers(limit.family, limit.count, 0, wait))
            self._windows[bucket] = (opened, used + 1)
            headers = self._headers(limit.family, limit.count, limit.count - used - 1, opened + limit.period - now)
        if counts_globally:
            opened, used = self._window("global", GLOBAL[1], now)
            self._windows["global"] = (opened, used + 1)
        return Verdict(0.0, "", headers)

    def _window(self, bucket: str, period: float, now: float) -> tuple[float, int]:
        """The bucket's window now: (opened at, calls counted); a closed one starts afresh."""
        opened, used = self._windows.get(bucket, (now, 0))
        return (now, 0) if now >= opened + period else (opened, used)

    @staticmethod
    def _headers(family: str, count: int, remaining: int, reset_after: float) -> dict[str, str]:
        """As Discord sends them: the bucket's hash names the route (the same for every channel;
        clients tell channels apart by the route's major parameter)."""
        reset_after = max(0.0, reset_after)
        return {"X-RateLimit-Limit": str(count), "X-RateLimit-Remaining": str(max(0, remaining)),
                "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": hashlib.md5(family.encode()).hexdigest()}

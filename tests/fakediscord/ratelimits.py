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
Sliding windows of the last `period` seconds.
"""
from __future__ import annotations

import collections
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
    """Windows of recent calls per bucket; `check` records a call that is allowed."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.enabled = True
        self._calls: dict[str, collections.deque[float]] = collections.defaultdict(collections.deque)
        self.limited: list[dict] = []  # every 429 given: method, path, bucket, retry_after

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
            waited = self._wait("global", count, period, now)
            if self.enabled and waited > 0:
                return Verdict(waited, "global", self._headers("global", count, 0, waited))
        headers: dict[str, str] = {}
        if route is not None:
            limit, key = route
            bucket = f"{limit.family}:{key}"
            waited = self._wait(bucket, limit.count, limit.period, now)
            if self.enabled and waited > 0:
                return Verdict(waited, "user", self._headers(bucket, limit.count, 0, waited))
            self._calls[bucket].append(now)
            used = len(self._calls[bucket])
            reset = self._calls[bucket][0] + limit.period - now
            headers = self._headers(bucket, limit.count, limit.count - used, reset)
        if counts_globally:
            self._calls["global"].append(now)
        return Verdict(0.0, "", headers)

    def _wait(self, bucket: str, count: int, period: float, now: float) -> float:
        """Seconds until one more call fits in the bucket's window (0: it fits now)."""
        calls = self._calls[bucket]
        while calls and calls[0] <= now - period:
            calls.popleft()
        return 0.0 if len(calls) < count else calls[0] + period - now

    @staticmethod
    def _headers(bucket: str, count: int, remaining: int, reset_after: float) -> dict[str, str]:
        reset_after = max(0.0, reset_after)
        return {"X-RateLimit-Limit": str(count), "X-RateLimit-Remaining": str(max(0, remaining)),
                "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": hashlib.md5(bucket.encode()).hexdigest()}

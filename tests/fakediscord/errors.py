"""How the fake says no, the way Discord does.

Why: bots trip over Discord's error answers, so the fake gives the same ones: a
JSON body ``{"message", "code", "errors"}`` with the right status, the nested
``errors`` tree of 50035 Invalid Form Body, and the exact Content-Type that
discord.py compares for equality.  Also the exception a test gets when the bot
never answers an interaction.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web


class InteractionTimeout(AssertionError):
    """The bot did not answer an interaction in time (raised by slash/click/select)."""


def _json_response(data: Any, *, status: int = 200, headers: dict | None = None) -> web.Response:
    """JSON answer with Content-Type exactly 'application/json'.

    discord.py's json_or_text() compares the header for equality, so aiohttp's
    json_response ('application/json; charset=utf-8') would make it see a str.
    """
    hdrs = dict(headers or {})
    hdrs["Content-Type"] = "application/json"
    return web.Response(body=json.dumps(data).encode(), status=status, headers=hdrs)


class _ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: dict | None = None,
                 headers: dict | None = None, extra: dict | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message
        self.errors, self.headers, self.extra = errors, headers or {}, extra or {}

    def body(self) -> dict:
        body: dict = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        body.update(self.extra)
        return body


class _FormErrors:
    """Builds Discord's nested ``errors`` tree for 50035 Invalid Form Body."""

    def __init__(self) -> None:
        self.tree: dict = {}

    def add(self, path: list, code: str, message: str) -> None:
        node = self.tree
        for part in path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_len(self, path: list, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def check(self) -> None:
        if self.tree:
            raise _ApiError(400, 50035, "Invalid Form Body", errors=self.tree)

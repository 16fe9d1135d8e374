"""The custom_id of every table button: `tt:<session>:<version or ->:<action>:<arg>`.

Selects use the prefix `ts` instead: discord.py keys dynamic items by their pattern, so a
button class and a select class need patterns of their own.

The session id lets a click outlive a restart; the version (when present) lets the table
refuse a click on a board that has changed since it was drawn.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_FIELDS = r":(?P<sid>[0-9]+):(?P<ver>[0-9]+|-):(?P<action>[a-z_]+):(?P<arg>[^:]{0,40})"
BUTTON_TEMPLATE = "tt" + _FIELDS
SELECT_TEMPLATE = "ts" + _FIELDS
_PATTERN = re.compile("(?:tt|ts)" + _FIELDS)
MAX_CUSTOM_ID = 100


@dataclass(frozen=True)
class Ref:
    session_id: int
    action: str
    arg: str = ""
    version: int | None = None

    @property
    def custom_id(self) -> str:
        """The id for a button."""
        return self._custom_id("tt")

    @property
    def select_id(self) -> str:
        return self._custom_id("ts")

    def _custom_id(self, prefix: str) -> str:
        ver = "-" if self.version is None else str(self.version)
        text = f"{prefix}:{self.session_id}:{ver}:{self.action}:{self.arg}"
        if len(text) > MAX_CUSTOM_ID or not _PATTERN.fullmatch(text):
            raise ValueError(f"not a valid table custom_id: {text!r}")
        return text

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Ref:
        ver = match["ver"]
        return cls(int(match["sid"]), match["action"], match["arg"], None if ver == "-" else int(ver))

    @classmethod
    def parse(cls, custom_id: str) -> Ref | None:
        match = _PATTERN.fullmatch(custom_id)
        return None if match is None else cls.from_match(match)

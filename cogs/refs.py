"""The custom_id of every table button: `tt:<session>:<version or ->:<action>:<arg>`.

The session id lets a click outlive a restart; the version (when present) lets the table
refuse a click on a board that has changed since it was drawn.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

TEMPLATE = r"tt:(?P<sid>[0-9]+):(?P<ver>[0-9]+|-):(?P<action>[a-z_]+):(?P<arg>[^:]{0,60})"
_PATTERN = re.compile(TEMPLATE)
MAX_CUSTOM_ID = 100


@dataclass(frozen=True)
class Ref:
    session_id: int
    action: str
    arg: str = ""
    version: int | None = None

    @property
    def custom_id(self) -> str:
        ver = "-" if self.version is None else str(self.version)
        text = f"tt:{self.session_id}:{ver}:{self.action}:{self.arg}"
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

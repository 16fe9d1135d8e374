"""The bot's SQLite file as a test or bench reads it: a read-only connection per query, never a write,
so reading never holds up (nor is held up by) the bot process that owns the file."""
from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any


class ReadOnlyDb:
    def __init__(self, path: Path) -> None:
        self.path = path

    def rows(self, sql: str, params: tuple = ()) -> list[dict[str, Any]]:
        with contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10)) as db:
            db.row_factory = sqlite3.Row
            return [dict(row) for row in db.execute(sql, params)]

    def session_in(self, channel_id: int) -> dict[str, Any] | None:
        """The newest session of a channel."""
        rows = self.rows("SELECT * FROM sessions WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return rows[0] if rows else None

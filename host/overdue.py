"""Which passed deadlines to fire first: the order in which players will look at their tables.

After downtime thousands of timers may have passed at once; each fired one redraws a board, and
Discord lets a bot send only so many requests a second, so the last board waits minutes. First
come the boards someone is about to look at:

1. tables where a person acted since the bot started (a game being played now): earliest first;
2. timers that passed while the bot was down: the tables whose players acted last first (a game
   left a minute before the restart has its players around; one left two hours ago can wait);
3. the rest (timers of tables caught up already that nobody came back to): earliest first. Had
   they gone before 2, a game left long ago, timing out again and again, would keep the tables
   not yet caught up waiting.
"""
from __future__ import annotations

from typing import Any

from .store import Store

LAST_PERSON = ("SELECT e.at FROM events e WHERE e.session_id = s.id AND e.user_id > 0"
               " ORDER BY e.seq DESC LIMIT 1")  # people's ids are positive; computers' are not


async def due_in_order(store: Store, now: float, up_since: float | None, mine: str = "1 = 1") -> list[int]:
    """Sessions whose deadline passed by `now`, in the order to fire them. `up_since`: when the bot
    started (None: every timer fires earliest first, as if none had passed while it was down);
    `mine`: an SQL condition on the session row `s`, true for this process's sessions."""
    if up_since is None:
        rows = await store.fetchall(
            f"SELECT s.id FROM sessions s WHERE s.deadline IS NOT NULL AND s.deadline <= ? AND {mine}"
            " ORDER BY s.deadline", (now,))
        return [row["id"] for row in rows]
    rows = await store.fetchall(
        f"SELECT s.id, s.deadline, COALESCE(({LAST_PERSON}), s.started_at, s.created_at) AS last_active"
        f" FROM sessions s WHERE s.deadline IS NOT NULL AND s.deadline <= ? AND {mine}", (now,))

    def order(row: Any) -> tuple[int, float, int]:
        if row["last_active"] >= up_since:
            return 0, row["deadline"], row["id"]
        if row["deadline"] < up_since:
            return 1, -row["last_active"], row["id"]
        return 2, row["deadline"], row["id"]

    return [row["id"] for row in sorted(rows, key=order)]

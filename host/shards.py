"""Which Discord shards a bot process runs, and so which sessions are its own.

Discord puts a guild on shard `(guild_id >> 22) % shard_count`, and direct messages on shard 0.
A session lives in one channel of one guild, so each process loads, caches, schedules and
repairs only the sessions of its shards and stays their only writer: no other process ever
changes a session it holds in memory.
"""
from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, count: int) -> int:
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shard ids this process runs, out of `count`; `ids` None: all of them (one process)."""

    ids: tuple[int, ...] | None = None
    count: int = 1

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if self.ids is not None and (not self.ids or any(not 0 <= i < self.count for i in self.ids)):
            raise ValueError(f"shards must be between 0 and {self.count - 1}, got {list(self.ids)}")

    @property
    def everything(self) -> bool:
        return self.ids is None or len(set(self.ids)) == self.count

    @property
    def share(self) -> float:
        """This process's part of what Discord allows the whole bot (its global rate limit)."""
        return 1.0 if self.everything else len(set(self.ids or ())) / self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.everything or shard_of(guild_id, self.count) in (self.ids or ())

    def sql(self, column: str) -> str:
        """An SQL condition, true for rows whose guild column is on these shards (NULL: shard 0)."""
        if self.everything:
            return "1 = 1"
        ids = ", ".join(str(i) for i in sorted(set(self.ids or ())))
        return f"((COALESCE({column}, 0) >> 22) % {self.count}) IN ({ids})"

    def label(self) -> str:
        """For log lines and metrics: "all", or e.g. "0-3/8"."""
        if self.ids is None:
            return "all"
        ids = sorted(set(self.ids))
        if ids == list(range(ids[0], ids[-1] + 1)) and len(ids) > 1:
            return f"{ids[0]}-{ids[-1]}/{self.count}"
        return f"{','.join(map(str, ids))}/{self.count}"

    @classmethod
    def parse(cls, spec: str | None, count: int | None) -> Shards:
        """`--shards 0-3,6 --shard-count 8`; without them, every shard in one process."""
        if spec is None:
            if count is not None:
                return cls(tuple(range(count)), count)
            return cls()
        if count is None:
            raise ValueError("--shards needs --shard-count (the total number of shards across processes)")
        ids: list[int] = []
        for part in spec.split(","):
            low, _, high = part.strip().partition("-")
            if not low.isdigit() or (high and not high.isdigit()):
                raise ValueError(f"--shards takes ids and ranges like 0-3,6, not {spec!r}")
            ids.extend(range(int(low), int(high or low) + 1))
        return cls(tuple(ids), count)


ALL_SHARDS = Shards()

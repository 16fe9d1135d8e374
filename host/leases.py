"""Leases between bot processes: who runs which shard, and whose turn it is to connect.

- A shard is run by one process at a time. A process holds the lease of each of its shards for
  as long as it lives; a second process asking for one gets a clear refusal and exits. The lease
  dies with its holder (a killed process frees its shards at once), so a restart never waits.
- Discord lets a bot IDENTIFY one shard per rate-limit bucket (`shard_id % max_concurrency`)
  every 5 seconds, across all its processes. `take_turn` waits for the bucket, then keeps it
  for those seconds while the shard connects.

PostgreSQL: session advisory locks, keyed by schema and name (no other service needed). SQLite:
`flock` on files beside the database (one machine, which is where a SQLite file can be shared).
"""
from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
from abc import ABC, abstractmethod
from pathlib import Path
from typing import IO, Any

from .store import is_postgres

IDENTIFY_SECONDS = 5.0  # Discord: one IDENTIFY per bucket per 5 seconds


class LeaseTaken(RuntimeError):
    """Another process holds a lease this one needs; the message says which, in one line."""


class Leases(ABC):
    def __init__(self) -> None:
        self._turns: set[asyncio.Task[None]] = set()

    @staticmethod
    async def open(database: str | Path) -> Leases:
        if is_postgres(database):
            return await PostgresLeases.connect(str(database))
        return FileLeases(Path(database))

    @abstractmethod
    async def hold(self, name: str) -> bool:
        """Take `name` for this process's life; False when another process holds it."""

    @abstractmethod
    async def _wait_for(self, name: str) -> Any:
        """Block until `name` is ours; returns what `_let_go` needs."""

    @abstractmethod
    async def _let_go(self, held: Any) -> None: ...

    async def take_turn(self, name: str, seconds: float = IDENTIFY_SECONDS) -> None:
        """Wait until `name` is free, then keep it `seconds` in the background (this returns at once)."""
        held = await self._wait_for(name)

        async def keep() -> None:
            try:
                await asyncio.sleep(seconds)
            finally:
                await self._let_go(held)
        task = asyncio.create_task(keep())
        self._turns.add(task)
        task.add_done_callback(self._turns.discard)

    async def close(self) -> None:
        for task in list(self._turns):
            task.cancel()
        await asyncio.gather(*self._turns, return_exceptions=True)


class FileLeases(Leases):
    """Locks on files named after the database, e.g. `tabletop.sqlite3.shard-0-of-2.lock`."""

    def __init__(self, database: Path) -> None:
        super().__init__()
        self.database = database
        self._held: list[IO[bytes]] = []

    def _file(self, name: str) -> IO[bytes]:
        path = self.database.with_name(f"{self.database.name}.{name}.lock")
        path.parent.mkdir(parents=True, exist_ok=True)
        return open(path, "a+b")  # noqa: SIM115 - kept open: the lock lives as long as the file

    async def hold(self, name: str) -> bool:
        file = self._file(name)
        try:
            fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            file.close()
            return False
        file.truncate(0)
        file.write(f"{os.getpid()}\n".encode())
        file.flush()
        self._held.append(file)
        return True

    async def _wait_for(self, name: str) -> IO[bytes]:
        file = self._file(name)
        await asyncio.to_thread(fcntl.flock, file, fcntl.LOCK_EX)
        return file

    async def _let_go(self, held: IO[bytes]) -> None:
        held.close()  # closing the file releases its lock

    async def close(self) -> None:
        await super().close()
        for file in self._held:
            file.close()
        self._held.clear()


class PostgresLeases(Leases):
    """Advisory locks on connections of their own: a lock lives as long as its connection."""

    KEY = "hashtextextended(current_schema() || ':lease:' || $1, 0)"

    def __init__(self, pool: Any) -> None:
        super().__init__()
        self.pool = pool
        self._holder: Any = None  # the connection that holds this process's shard leases

    @classmethod
    async def connect(cls, address: str) -> PostgresLeases:
        import asyncpg
        return cls(await asyncpg.create_pool(address, min_size=1, max_size=4))

    async def hold(self, name: str) -> bool:
        if self._holder is None:
            self._holder = await self.pool.acquire()
        return bool(await self._holder.fetchval(f"SELECT pg_try_advisory_lock({self.KEY})", name))

    async def _wait_for(self, name: str) -> Any:
        conn = await self.pool.acquire()  # a connection of its own: the server's locks are per connection
        try:
            await conn.execute(f"SELECT pg_advisory_lock({self.KEY})", name)
        except BaseException:
            await self.pool.release(conn)
            raise
        return conn, name

    async def _let_go(self, held: Any) -> None:
        conn, name = held
        try:
            with contextlib.suppress(Exception):  # a lost connection has let go already
                await conn.execute(f"SELECT pg_advisory_unlock({self.KEY})", name)
        finally:
            await self.pool.release(conn)

    async def close(self) -> None:
        await super().close()
        if self._holder is not None:
            await self.pool.release(self._holder)
            self._holder = None
        await self.pool.close()

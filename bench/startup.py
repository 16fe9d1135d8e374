"""How light a start is: CPU seconds and peak memory of `python bot.py` from launch to ready.

    python -m bench.startup [--sessions 10000]

The database holds SESSIONS stored tables (finished games, games in play with their boards
current, open lobbies), as a bot that has run for a while does. The bot starts against the fake
Discord of the tests (tests/fakediscord) on 127.0.0.1; once it is connected and idle it is
stopped with SIGTERM, and the child's own CPU time and peak resident memory are read from the
kernel (getrusage). Goals (issue 24): <= 1 s of CPU and <= 200 MB at peak.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path

from engine import registry
from engine.protocol import canonical
from host.databases import open_store
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parent.parent
READY_TIMEOUT = 300.0
GAMES = (("dragon", 3), ("ghosts", 4), ("bugs", 5), ("arena", 2), ("tiger", 1))


async def fill(database: Path, sessions: int) -> None:
    """SESSIONS rows: 60 % finished, 30 % in play (boards shown), 10 % lobbies; none due."""
    registry.load()
    store = await open_store(database)
    now = time.time()
    states = {name: canonical(registry.get(name).setup(players, {}, 1, now)) for name, players in GAMES}
    rows = []
    for k in range(sessions):
        name, players = GAMES[k % len(GAMES)]
        status = "finished" if k % 10 < 6 else "playing" if k % 10 < 9 else "lobby"
        seats = [1000 + k * 8 + s for s in range(players)]
        state = None if status == "lobby" else states[name]
        deadline = now + 3600 if status != "finished" else None
        rows.append((None, 10_000 + k, name, status, seats[0], json.dumps(seats), "{}", k, state, 5, deadline,
                     50_000 + k, "[]", now - 7200, None if status == "lobby" else now - 3600,
                     now - 60 if status == "finished" else None, 5))

    await store.write(lambda tx: tx.executemany(
        "INSERT INTO sessions (guild_id, channel_id, game, status, host_id, seats, options, seed, state, version,"
        " deadline, message_id, news, created_at, started_at, ended_at, shown_version)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows))
    await store.close()


async def measure(sessions: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        await fill(database, sessions)
        fake = await FakeDiscord().start()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TABLETOP_"))}
        env.update(fake.env(), TABLETOP_DATABASE=str(database), LOG_LEVEL="WARNING")
        started = time.perf_counter()
        proc = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), env=env, cwd=str(ROOT),
                                                    stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        try:
            await fake.wait_for(lambda: fake.ready_count >= 1 or proc.returncode is not None, READY_TIMEOUT)
            await fake.wait_connected(READY_TIMEOUT)
            ready = time.perf_counter() - started
        finally:
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
            _, err = await proc.communicate()
            await fake.close()
        if fake.ready_count < 1:
            raise SystemExit(f"the bot never got ready:\n{err.decode(errors='replace')}")
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return {"ready_wall": ready, "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.startup", description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10_000)
    args = parser.parse_args(argv)
    figures = asyncio.run(measure(args.sessions))
    print(f"start with {args.sessions} stored sessions: ready after {figures['ready_wall']:.2f} s wall;"
          f" launch to exit {figures['cpu']:.2f} s CPU (goal <= 1 s), peak {figures['peak_mb']:.0f} MB"
          f" (goal <= 200 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

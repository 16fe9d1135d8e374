"""Games through the table for the ratings and leaderboard tests: the users, servers and a day; a game of
tally won by whoever the test names, a solo game resigned, and results recorded directly."""
from __future__ import annotations

from functools import cache

from host import ratings
from host.ratings import Entry
from host.table import Table

GUILD, OTHER_GUILD, CHANNEL = 10, 11, 20
ANN, BOB, CAT, DAN = 1, 2, 3, 4
DAY = 86_400.0


@cache
def tally_moves(players: int, winner: int) -> tuple[int, ...]:
    """Adds (1 or 2, in turn order from seat 0) that make `winner` the one to reach 10."""
    def search(total: int, turn: int, path: tuple[int, ...]) -> tuple[int, ...] | None:
        for n in (1, 2):
            if total + n >= 10:
                if turn == winner:
                    return (*path, n)
                continue
            found = search(total + n, (turn + 1) % players, (*path, n))
            if found:
                return found
        return None
    moves = search(0, 0, ())
    assert moves is not None
    return moves


async def play_tally(table: Table, seats: list[int], winner: int, *, guild: int | None = GUILD,
                     channel: int = CHANNEL) -> int:
    """A whole game of tally through the table; `winner` is the user id who reaches 10."""
    change = await table.open("tally", guild, channel, seats[0])
    sid = change.session.id
    for user in seats[1:]:
        await table.join(sid, user)
    await table.start(sid, seats[0])
    for i, n in enumerate(tally_moves(len(seats), seats.index(winner))):
        await table.act(sid, seats[i % len(seats)], {"type": "add", "n": n})
    assert (await table.get(sid)).status == "finished"
    return sid


async def resign_patience(table: Table, user: int, *, guild: int | None = GUILD, channel: int = CHANNEL) -> int:
    """A solo game lost for sure: the player resigns at once."""
    change = await table.open("patience", guild, channel, user)
    await table.act(change.session.id, user, {"type": "leave"})
    return change.session.id


async def record(store, entries: list[Entry], *, game: str = "tally", guild: int | None = GUILD,
                 at: float = 1_800_000_000.0, session_id: int | None = None, solo_board: bool = False) -> None:
    record.counter = getattr(record, "counter", 1000) + 1
    await store.write(lambda tx: ratings.record(tx, session_id or record.counter, game, guild, entries, at,
                                                solo_board=solo_board))

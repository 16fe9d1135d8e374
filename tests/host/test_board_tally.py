"""Board sizes and the viewer's place come from board_tally: they must equal a count over every standing.

The expected figures here are computed the slow, obvious way (every standing of the board, hidden players
left off global boards, one place per distinct (score, wins, games)), and compared with what the board
says for every player, after games, hiding and showing, a new week, and a rebuild.
"""
from __future__ import annotations

import random

from engine import registry
from host import leaderboard as boards
from host import ratings
from host.databases import open_store
from host.store import migration_files
from tests.kit.ratings_play import ANN, BOB, CAT, DAN, DAY, GUILD, OTHER_GUILD, play_tally, resign_patience

TALLY = registry.get("tally")
PATIENCE = registry.get("patience")
BOARD_GAMES = (TALLY, PATIENCE)


async def expected_places(store, game: str, scope: int, period: str, now: float) -> dict[int, int]:
    """Every ranked player's place on a board, counted over all its standings."""
    hidden = {r["user_id"] for r in await store.fetchall("SELECT user_id FROM hidden_players")}
    rows = [r for r in await store.fetchall(
        "SELECT user_id, score, wins, games FROM standings WHERE game = ? AND scope = ? AND period = ? AND bucket = ?",
        (game, scope, period, ratings.bucket(period, now))) if scope != 0 or r["user_id"] not in hidden]

    def key(r) -> tuple[float, int, int]:
        return (r["score"], r["wins"], -r["games"])
    return {r["user_id"]: 1 + sum(key(o) > key(r) for o in rows) for r in rows}


async def assert_every_board_counts_right(table, store, now: float) -> None:
    scopes = [("global", 0, None), ("server", GUILD, GUILD), ("server", OTHER_GUILD, OTHER_GUILD)]
    for game in BOARD_GAMES:
        for scope, scope_id, guild in scopes:
            for period in ratings.PERIODS:
                expected = await expected_places(store, game.name, scope_id, period, now)
                where = f"{game.name} {scope} {scope_id} {period}"
                empty = await boards.leaderboard(store, game, scope=scope, period=period, guild_id=guild,
                                                 viewer=None, now=now, limit=0)
                assert empty.players == len(expected), where
                for user, place in expected.items():
                    board = await boards.leaderboard(store, game, scope=scope, period=period, guild_id=guild,
                                                     viewer=user, now=now, limit=0)
                    assert board.me is not None and board.me.position == place, (where, user)


async def test_places_and_sizes_equal_a_full_count_through_games_hiding_and_new_weeks(table, store, clock):
    rng = random.Random(11)
    players = [ANN, BOB, CAT, DAN, 5, 6, 7]
    for step in range(60):
        clock.advance(rng.uniform(0.1, 2) * DAY)
        guild = rng.choice([GUILD, OTHER_GUILD, None])
        if rng.random() < 0.3:
            await resign_patience(table, rng.choice(players), guild=guild)
        else:
            seats = rng.sample(players, rng.choice([2, 3]))
            await play_tally(table, seats, rng.choice(seats), guild=guild)
        if step % 7 == 3:
            await boards.toggle_hidden(store, rng.choice(players), clock.now)
        if step % 20 == 19:
            await assert_every_board_counts_right(table, store, clock.now)
    assert await store.value("SELECT COUNT(*) FROM hidden_players") > 0
    await assert_every_board_counts_right(table, store, clock.now)


async def test_a_rebuild_of_the_standings_counts_the_tally_afresh(table, store, clock):
    for i in range(4):
        await play_tally(table, [ANN, BOB, CAT], winner=[ANN, BOB, CAT][i % 3], guild=GUILD)
        await resign_patience(table, DAN, guild=OTHER_GUILD)
    await boards.set_hidden(store, BOB, True, clock.now)
    clock.advance(8 * DAY)  # a new week: the rebuild leaves last week's rows out
    async def drift_then_rebuild(tx):
        await tx.execute("UPDATE board_tally SET players = players + 5")  # drifted, say by a hand edit
        await ratings.rebuild_standings(tx, clock.now)
    await store.write(drift_then_rebuild)
    assert await store.value("SELECT COUNT(*) FROM board_tally WHERE players <= 0") == 0
    await assert_every_board_counts_right(table, store, clock.now)


async def test_places_within_one_rating_point_are_counted_one_by_one(store, clock):
    """All-time rated boards rank by real-valued points; the tally counts whole points, so players
    inside the viewer's own point are compared by points, then wins, then fewer games."""
    rows = [(10, 10.7, 3, 5), (11, 10.25, 3, 5), (12, 10.25, 3, 4), (13, 10.25, 2, 3), (14, 10.0, 9, 9),
            (15, 9.99, 1, 1), (16, 11.0, 1, 1), (17, -0.5, 0, 1), (18, -1.0, 0, 2), (19, -1.0, 0, 2),
            (20, 3.5, 1, 2), (21, 3.0, 3, 4)]  # 21: points equal to wins, tallied like a wins board's row
    await store.write(lambda tx: tx.executemany(
        "INSERT INTO standings (game, scope, period, user_id, bucket, score, points, games, wins, last_at)"
        " VALUES ('tally', 0, 'all', ?, 'all', ?, ?, ?, ?, 0)",
        [(user, score, score, games, wins) for user, score, wins, games in rows]))
    places = {}
    for user, *_ in rows:
        board = await boards.leaderboard(store, TALLY, scope="global", period="all", guild_id=None, viewer=user,
                                         now=clock.now, limit=0)
        places[user] = board.me.position
    assert places == {16: 1, 10: 2, 12: 3, 11: 4, 13: 5, 14: 6, 15: 7, 20: 8, 21: 9, 17: 10, 18: 11, 19: 11}
    assert places == await expected_places(store, "tally", 0, "all", clock.now)


async def test_ties_on_a_wins_board_share_the_place_of_the_best_tied(table, store, clock):
    """Week boards rank by wins, then fewer games: equal records share a place, the next record counts them."""
    await play_tally(table, [ANN, BOB], winner=ANN, channel=1)
    await play_tally(table, [CAT, DAN], winner=CAT, channel=2)
    await play_tally(table, [5, 6], winner=5, channel=3)
    await play_tally(table, [5, 7], winner=7, channel=4)
    places = {}
    for user in (ANN, BOB, CAT, DAN, 5, 6, 7):
        board = await boards.leaderboard(store, TALLY, scope="global", period="week", guild_id=None, viewer=user,
                                         now=clock.now, limit=0)
        places[user] = board.me.position
    # Ann, Cat and 7 won their one game; 5 won one of two; Bob, Dan and 6 lost their one game.
    assert places == {ANN: 1, CAT: 1, 7: 1, 5: 4, BOB: 5, DAN: 5, 6: 5}


async def test_a_hidden_player_leaves_the_global_counts_and_comes_back(table, store, clock):
    for i in range(3):
        await play_tally(table, [ANN, BOB], winner=ANN, channel=10 + i)
    await play_tally(table, [CAT, DAN], winner=CAT)
    before = await boards.leaderboard(store, TALLY, scope="global", period="all", guild_id=None, viewer=DAN,
                                      now=clock.now, limit=0)
    await boards.set_hidden(store, ANN, True, clock.now)
    hidden = await boards.leaderboard(store, TALLY, scope="global", period="all", guild_id=None, viewer=DAN,
                                      now=clock.now, limit=0)
    server = await boards.leaderboard(store, TALLY, scope="server", period="all", guild_id=GUILD, viewer=DAN,
                                      now=clock.now, limit=0)
    assert (before.players, hidden.players, server.players) == (4, 3, 4)
    assert hidden.me.position == before.me.position - 1 == server.me.position - 1
    await boards.set_hidden(store, ANN, False, clock.now)
    again = await boards.leaderboard(store, TALLY, scope="global", period="all", guild_id=None, viewer=DAN,
                                     now=clock.now, limit=0)
    assert (again.players, again.me.position) == (before.players, before.me.position)


async def test_the_migration_tallies_standings_kept_before_it(tmp_path):
    """A database kept by an older version gets its tally from the standings it already holds."""
    older = tmp_path / "older"
    older.mkdir()
    for _, path in migration_files()[:5]:
        (older / path.name).write_text(path.read_text())
    database = tmp_path / "db.sqlite3"
    store = await open_store(database, migrations=older)
    async def old_rows(tx):
        await tx.executemany(
            "INSERT INTO standings (game, scope, period, user_id, bucket, score, points, games, wins, last_at)"
            " VALUES ('tally', ?, 'all', ?, 'all', ?, ?, 2, 1, 0)",
            [(scope, user, 3.5 * user, 3.5 * user) for scope in (0, GUILD) for user in (1, 2, 3)])
        await tx.execute("INSERT INTO hidden_players (user_id, since) VALUES (2, 0)")
    await store.write(old_rows)
    await store.close()
    store = await open_store(database)
    try:
        glob = await boards.leaderboard(store, TALLY, scope="global", period="all", guild_id=None, viewer=1,
                                        now=1.8e9, limit=0)
        server = await boards.leaderboard(store, TALLY, scope="server", period="all", guild_id=GUILD, viewer=1,
                                          now=1.8e9, limit=0)
        assert (glob.players, glob.me.position) == (2, 2)
        assert (server.players, server.me.position) == (3, 3)
    finally:
        await store.close()

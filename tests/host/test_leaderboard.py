"""Board queries: scopes, periods, the viewer's place, ties, privacy, player stats."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import registry
from host import leaderboard as boards
from host.ratings import BASE, Entry, period_start
from render.leaderboard import Row, Series, render_leaderboard, render_rating_chart
from tests.kit.ratings_play import ANN, BOB, CAT, DAN, DAY, GUILD, OTHER_GUILD, play_tally, record, resign_patience

TALLY = registry.get("tally")
PATIENCE = registry.get("patience")


async def board(table, scope="global", period="all", viewer=None, guild=GUILD, game=TALLY, **kwargs):
    return await boards.leaderboard(table.store, game, scope=scope, period=period, guild_id=guild, viewer=viewer,
                                    now=table.clock(), **kwargs)


def ids(b) -> list[int]:
    return [s.user_id for s in b.top]


async def name(table, user: int, text: str) -> None:
    await table.remember_name(user, text)


# ---------------------------------------------------------------- scopes

async def test_global_all_time_ranks_by_rating(table, store):
    await play_tally(table, [ANN, BOB], winner=ANN)
    await play_tally(table, [ANN, CAT], winner=ANN)
    await play_tally(table, [BOB, CAT], winner=BOB)
    b = await board(table)
    ratings = {r["user_id"]: r["rating"] for r in await store.fetchall("SELECT user_id, rating FROM ratings")}
    assert ids(b) == sorted(ratings, key=ratings.get, reverse=True) == [ANN, BOB, CAT]
    assert [b.rating(s) for s in b.top] == pytest.approx([ratings[u] for u in ids(b)])
    assert [(s.games, s.wins) for s in b.top] == [(2, 2), (2, 1), (2, 0)]
    assert (b.kind, b.players, b.since) == ("rated", 3, None)


async def test_server_scope_counts_only_games_played_in_that_server(table):
    await play_tally(table, [ANN, BOB], winner=ANN, guild=GUILD)
    await play_tally(table, [ANN, BOB], winner=ANN, guild=GUILD)
    await play_tally(table, [BOB, CAT], winner=CAT, guild=OTHER_GUILD)
    await play_tally(table, [BOB, DAN], winner=DAN, guild=None)  # outside any server: global only
    here = await board(table, scope="server", guild=GUILD)
    there = await board(table, scope="server", guild=OTHER_GUILD)
    everywhere = await board(table)
    assert ids(here) == [ANN, BOB] and ids(there) == [CAT, BOB]
    assert set(ids(everywhere)) == {ANN, BOB, CAT, DAN}
    bob_here = next(s for s in here.top if s.user_id == BOB)
    bob_everywhere = next(s for s in everywhere.top if s.user_id == BOB)
    assert (bob_here.games, bob_everywhere.games) == (2, 4)
    # Ann played only here, so her server rating is her rating.
    assert here.rating(here.top[0]) == pytest.approx(everywhere.rating(next(s for s in everywhere.top
                                                                            if s.user_id == ANN)))


async def test_a_server_board_needs_a_guild(table):
    with pytest.raises(ValueError):
        await board(table, scope="server", guild=None)


# ---------------------------------------------------------------- periods

async def test_month_and_week_boards_select_games_by_when_they_finished(table, clock):
    now = period_start("month", clock.now) + 20 * DAY + 3600  # the 21st, so the week began this month
    week_start = period_start("week", now)
    clock.now = period_start("month", now) - DAY  # last month
    await play_tally(table, [ANN, DAN], winner=ANN)
    clock.now = week_start - DAY  # last week, this month
    await play_tally(table, [ANN, BOB], winner=BOB)
    clock.now = week_start + DAY  # this week
    await play_tally(table, [CAT, DAN], winner=CAT)
    clock.now = now

    all_time, month, week = [await board(table, period=p) for p in ("all", "month", "week")]
    assert {s.user_id: s.games for s in all_time.top} == {ANN: 2, BOB: 1, CAT: 1, DAN: 2}
    assert {s.user_id: s.games for s in month.top} == {ANN: 1, BOB: 1, CAT: 1, DAN: 1}
    assert ids(week) == [CAT, DAN]
    assert week.since == week_start and month.since == period_start("month", clock.now)
    # Period boards count the period's games only: Ann's win last month is not in this month's.
    ann_month = next(s for s in month.top if s.user_id == ANN)
    assert (ann_month.wins, ann_month.score) == (0, 0) and ann_month.points < 0
    assert next(s for s in all_time.top if s.user_id == ANN).wins == 1
    assert [s.user_id for s in month.top[:2]] in ([BOB, CAT], [CAT, BOB])  # the month's winners lead
    cat_week = week.top[0]
    assert (cat_week.wins, cat_week.games) == (1, 1) and cat_week.points > 0
    assert month.by_rating is False and all_time.by_rating is True


async def test_a_late_game_from_a_past_week_leaves_this_week_alone(table, clock):
    await play_tally(table, [ANN, BOB], winner=ANN)
    now = clock.now
    clock.now = now - 8 * DAY  # a clock stepping back, say
    await play_tally(table, [ANN, BOB], winner=BOB)
    clock.now = now
    week = await board(table, period="week")
    assert [(s.games, s.wins) for s in week.top] == [(1, 1), (1, 0)]
    assert [(s.games, s.wins) for s in (await board(table)).top] == [(2, 1), (2, 1)]


async def test_a_new_week_empties_the_week_board_but_not_all_time(table, clock):
    await play_tally(table, [ANN, BOB], winner=ANN)
    clock.advance(8 * DAY)
    assert (await board(table, period="week")).top == []
    assert (await board(table, period="week")).players == 0
    assert ids(await board(table, period="all")) == [ANN, BOB]


async def test_server_and_period_combine(table, clock):
    await play_tally(table, [ANN, BOB], winner=BOB, guild=OTHER_GUILD)
    await play_tally(table, [ANN, CAT], winner=ANN, guild=GUILD)
    clock.advance(8 * DAY)
    await play_tally(table, [ANN, DAN], winner=DAN, guild=GUILD)
    b = await board(table, scope="server", period="week", guild=GUILD)
    assert ids(b) == [DAN, ANN] and [(s.games, s.wins) for s in b.top] == [(1, 1), (1, 0)]


# ---------------------------------------------------------------- the viewer's place, ties

async def test_the_viewer_outside_the_top_10_gets_their_place(table):
    for i in range(12):
        await play_tally(table, [100 + i, 200 + i], winner=100 + i, channel=1000 + i)
    b = await board(table, viewer=205)
    assert len(b.top) == 10 and b.players == 24
    assert b.me is not None and b.me.user_id == 205 and b.me.position == 13  # 12 winners, then the losers
    inside = await board(table, viewer=100)
    assert inside.me is None and 100 in ids(inside)
    stranger = await board(table, viewer=999)
    assert stranger.me is None


async def test_equal_records_share_a_position(table):
    await play_tally(table, [ANN, BOB], winner=ANN, channel=1)
    await play_tally(table, [CAT, DAN], winner=CAT, channel=2)
    b = await board(table)
    assert [s.position for s in b.top] == [1, 1, 3, 3]
    assert (await board(table, viewer=DAN, limit=2)).me.position == 3


async def test_names_come_from_the_last_known_display_name(table):
    await name(table, ANN, "Ann")
    await play_tally(table, [ANN, BOB], winner=ANN)
    await name(table, ANN, "Annie")
    b = await board(table)
    assert [s.name for s in b.top] == ["Annie", f"User {BOB}"]


# ---------------------------------------------------------------- privacy

async def test_hidden_players_are_left_off_global_boards_only(table, clock):
    await play_tally(table, [ANN, BOB], winner=BOB)
    await play_tally(table, [CAT, DAN], winner=DAN)
    assert await boards.toggle_hidden(table.store, BOB, clock.now) is True
    glob = await board(table)
    assert BOB not in ids(glob) and glob.players == 3
    assert BOB in ids(await board(table, scope="server"))
    assert BOB not in ids(await board(table, period="week"))
    viewer = await board(table, viewer=BOB)
    assert viewer.viewer_hidden and viewer.me is None
    # Others' places are counted without the hidden player.
    assert next(s for s in glob.top if s.user_id == ANN).position == 2
    assert await boards.toggle_hidden(table.store, BOB, clock.now) is False
    assert BOB in ids(await board(table))


async def test_hiding_twice_is_harmless(table, clock):
    await boards.set_hidden(table.store, ANN, True, clock.now)
    await boards.set_hidden(table.store, ANN, True, clock.now)
    assert await boards.is_hidden(table.store, ANN)
    await boards.set_hidden(table.store, ANN, False, clock.now)
    assert not await boards.is_hidden(table.store, ANN)


# ---------------------------------------------------------------- solo boards

async def test_solo_boards_rank_by_wins_then_win_rate(table, store):
    for user, results in ((ANN, [True, True, False]), (BOB, [True, True]), (CAT, [True, False, False, False]),
                          (DAN, [False])):
        for won in results:
            await record(store, [Entry(user, 1, won, 21.0 if won else 24.0)], game="patience",
                         at=table.clock(), solo_board=True)
    b = await board(table, game=PATIENCE)
    assert b.kind == "solo"
    assert ids(b) == [BOB, ANN, CAT, DAN]
    assert [(s.wins, s.games) for s in b.top] == [(2, 2), (2, 3), (1, 4), (0, 1)]


async def test_a_solo_game_through_the_table_is_on_its_board(table):
    await resign_patience(table, ANN)
    b = await board(table, game=PATIENCE, scope="server")
    assert ids(b) == [ANN] and (b.top[0].games, b.top[0].wins) == (1, 0)
    assert (await board(table)).top == []  # and not on any rated board


# ---------------------------------------------------------------- player stats

async def test_stats_list_games_wins_ratings_and_latest_results(table, clock):
    await play_tally(table, [ANN, BOB], winner=ANN)
    clock.advance(60)
    await play_tally(table, [ANN, BOB, CAT], winner=BOB)
    clock.advance(60)
    await resign_patience(table, ANN)
    stats = await boards.player_stats(table.store, ANN)
    tally, patience = stats.games
    assert (tally.game, tally.rated, tally.games, tally.wins) == ("tally", True, 2, 1)
    assert (patience.game, patience.rated, patience.games, patience.wins, patience.streak) == (
        "patience", False, 1, 0, 0)
    assert [r.game for r in stats.recent] == ["patience", "tally", "tally"]
    assert (stats.recent[1].rank, stats.recent[1].players) == (2, 3) and stats.recent[1].delta < 0
    assert stats.recent[2].won and stats.recent[2].delta > 0 and stats.recent[0].delta is None
    chart = stats.history["tally"]
    assert chart[0][1] == pytest.approx(BASE) and chart[-1][1] == pytest.approx(tally.rating) and len(chart) == 3


async def test_stats_limited_to_a_server(table):
    await play_tally(table, [ANN, BOB], winner=ANN, guild=GUILD)
    await play_tally(table, [ANN, BOB], winner=BOB, guild=OTHER_GUILD)
    stats = await boards.player_stats(table.store, ANN, guild_id=GUILD)
    (tally,) = stats.games
    assert (tally.games, tally.wins) == (1, 1) and tally.rating > BASE
    assert len(stats.recent) == 1 and stats.recent[0].won
    chart = stats.history["tally"]
    assert [round(v) for _, v in chart] == [1500, round(tally.rating)]
    everything = await boards.player_stats(table.store, ANN)
    assert everything.games[0].games == 2


async def test_the_chart_keeps_the_latest_games(table):
    for i in range(6):
        await play_tally(table, [ANN, BOB], winner=ANN if i % 2 else BOB)
    points = await boards.rating_history(table.store, ANN, "tally", limit=4)
    assert len(points) == 5
    full = await boards.rating_history(table.store, ANN, "tally")
    assert [v for _, v in points] == pytest.approx([v for _, v in full[-5:]])
    assert points[1:] == full[-4:]
    server = await boards.rating_history(table.store, ANN, "tally", guild_id=GUILD, limit=4)
    assert [v for _, v in server] == pytest.approx([v for _, v in points])


# ---------------------------------------------------------------- the pictures

def test_the_board_image_shows_the_top_and_then_the_viewer():
    rows = [Row(i + 1, f"player {i + 1}", f"{1700 - 10 * i}", 10, 0.5) for i in range(10)]
    me = Row(23, "Zoë 🐉", "1480", 4, 0.25, highlight=True)
    with_me = render_leaderboard("Tally leaderboard", "This server · All time · 30 players", rows, me=me)
    without = render_leaderboard("Tally leaderboard", "This server · All time · 30 players", rows)
    tall, short = (Image.open(io.BytesIO(r.png)) for r in (with_me, without))
    assert tall.width == short.width == 640 and tall.height > short.height
    lines = with_me.description.splitlines()
    assert lines[2] == "1. player 1: rating 1700, 10 games, 50% won"
    assert lines[-1] == "23. Zoë 🐉: rating 1480, 4 games, 25% won (you)"  # the text keeps the real name


def test_an_empty_board_says_so():
    image = render_leaderboard("Tally leaderboard", "Global · This week · 0 players", [])
    assert "No games on this board yet." in image.description


def test_the_chart_draws_and_describes_each_game():
    image = render_rating_chart("ann: rating over time", [
        Series("Tally", [(1.8e9, 1500.0), (1.8e9 + 60, 1565.0), (1.8e9 + 120, 1540.0)]),
        Series("Dragon", [(1.8e9 + 30, 1500.0), (1.8e9 + 90, 1480.0)])])
    assert Image.open(io.BytesIO(image.png)).size == (640, 300)
    assert image.description.splitlines()[1].startswith("Tally: 1500 to 1540 over 2 games (low 1500, high 1565)")
    assert image.description.splitlines()[2].startswith("Dragon: 1500 to 1480 over 1 game")

"""Ratings and solo records: who moves which way, what never counts, and the standings kept with them."""
from __future__ import annotations

import random

import pytest

from host import ratings
from host.ratings import BASE, Entry, bucket, display, period_start
from tests.kit.ratings_play import (
    ANN,
    BOB,
    CAT,
    CHANNEL,
    DAN,
    DAY,
    GUILD,
    OTHER_GUILD,
    play_tally,
    record,
    resign_patience,
    tally_moves,
)


async def rating_of(store, user: int, game: str = "tally"):
    return await store.fetchone("SELECT * FROM ratings WHERE user_id = ? AND game = ?", (user, game))


# ---------------------------------------------------------------- the rating moves the right way

def test_a_newcomer_shows_1500():
    model = ratings.MODEL.rating()
    assert display(model.mu, model.sigma) == pytest.approx(BASE)


async def test_the_winner_gains_and_the_loser_loses(table, store):
    await play_tally(table, [ANN, BOB], winner=BOB)
    ann, bob = await rating_of(store, ANN), await rating_of(store, BOB)
    assert bob["rating"] > BASE > ann["rating"]
    assert bob["mu"] > 25 > ann["mu"]
    assert (bob["games"], bob["wins"], ann["games"], ann["wins"]) == (1, 1, 1, 0)
    history = {r["user_id"]: r for r in await store.fetchall("SELECT * FROM rating_history")}
    assert history[BOB]["delta"] > 0 > history[ANN]["delta"]
    assert history[BOB]["rating_before"] == pytest.approx(BASE)
    assert history[BOB]["guild_id"] == GUILD


async def test_beating_a_stronger_player_earns_more_than_beating_a_weaker_one(table, store):
    for _ in range(3):
        await play_tally(table, [ANN, BOB], winner=ANN)  # Ann becomes strong, Bob weak
    await play_tally(table, [CAT, ANN], winner=CAT)
    await play_tally(table, [DAN, BOB], winner=DAN)
    cat, dan = await rating_of(store, CAT), await rating_of(store, DAN)
    assert cat["rating"] > dan["rating"] > BASE


async def test_four_ranks_order_the_ratings(store):
    await record(store, [Entry(ANN, 3, False, 1), Entry(BOB, 1, True, 9), Entry(CAT, 4, False, 0),
                         Entry(DAN, 2, False, 5)])
    mu = {u: (await rating_of(store, u))["mu"] for u in (ANN, BOB, CAT, DAN)}
    assert mu[BOB] > mu[DAN] > mu[ANN] > mu[CAT]
    assert (await rating_of(store, BOB))["rating"] > BASE > (await rating_of(store, CAT))["rating"]


async def test_eight_players_are_rated(store):
    await record(store, [Entry(100 + i, i + 1, i == 0, 8 - i) for i in range(8)])
    rows = await store.fetchall("SELECT user_id, mu FROM ratings ORDER BY user_id")
    assert len(rows) == 8
    assert [r["mu"] for r in rows] == sorted((r["mu"] for r in rows), reverse=True)


async def test_a_tie_between_equals_moves_no_mu(store):
    await record(store, [Entry(ANN, 1, True, 5), Entry(BOB, 1, True, 5)])
    ann, bob = await rating_of(store, ANN), await rating_of(store, BOB)
    assert ann["mu"] == pytest.approx(25) and bob["mu"] == pytest.approx(25)
    assert ann["rating"] == pytest.approx(bob["rating"])
    assert ann["sigma"] < 25 / 3  # but the system is surer of both


async def test_a_tie_with_a_stronger_player_pulls_them_together(store):
    for _ in range(3):
        await record(store, [Entry(ANN, 1, True, 1), Entry(CAT, 2, False, 0)])
    strong_before = (await rating_of(store, ANN))["mu"]
    await record(store, [Entry(ANN, 1, True, 1), Entry(BOB, 1, True, 1)])
    assert (await rating_of(store, ANN))["mu"] < strong_before
    assert (await rating_of(store, BOB))["mu"] > 25


async def test_tied_losers_get_the_same_change(table, store):
    await play_tally(table, [ANN, BOB, CAT], winner=CAT)
    ann, bob, cat = [await rating_of(store, u) for u in (ANN, BOB, CAT)]
    assert ann["rating"] == pytest.approx(bob["rating"])
    assert ann["rating"] < BASE < cat["rating"]


# ---------------------------------------------------------------- what never counts

async def test_an_aborted_game_touches_nothing(table, store):
    change = await table.open("tally", GUILD, CHANNEL, ANN)
    await table.join(change.session.id, BOB)
    await table.start(change.session.id, ANN)
    await table.act(change.session.id, ANN, {"type": "add", "n": 2})
    await table.abort(change.session.id, ANN, may_manage=False)
    for name in ("ratings", "rating_history", "standings", "solo_records"):
        assert (await store.fetchone(f"SELECT COUNT(*) FROM {name}"))[0] == 0, name


async def test_a_game_left_unfinished_in_the_lobby_touches_nothing(table, store):
    change = await table.open("tally", GUILD, CHANNEL, ANN)
    await table.cancel(change.session.id, ANN)
    assert (await store.fetchone("SELECT COUNT(*) FROM ratings"))[0] == 0


async def test_a_solo_game_gets_a_record_and_no_rating(table, store):
    await resign_patience(table, ANN)
    assert await rating_of(store, ANN, "patience") is None
    assert (await store.fetchone("SELECT COUNT(*) FROM rating_history"))[0] == 0
    solo = await store.fetchone("SELECT * FROM solo_records WHERE user_id = ?", (ANN,))
    assert (solo["games"], solo["wins"], solo["streak"]) == (1, 0, 0)


async def test_one_human_in_two_seats_is_not_rated(store):
    await record(store, [Entry(ANN, 1, True, 1), Entry(ANN, 2, False, 0)])
    assert (await store.fetchone("SELECT COUNT(*) FROM ratings"))[0] == 0


async def test_ratings_are_written_in_the_game_s_own_transaction(table, store, monkeypatch):
    change = await table.open("tally", GUILD, CHANNEL, ANN)
    sid = change.session.id
    await table.join(sid, BOB)
    await table.start(sid, ANN)
    moves = tally_moves(2, 0)
    for i, n in enumerate(moves[:-1]):
        await table.act(sid, (ANN, BOB)[i % 2], {"type": "add", "n": n})

    async def broken(*args, **kwargs):
        raise RuntimeError("disk full")
    monkeypatch.setattr(ratings, "record_finished", broken)
    with pytest.raises(RuntimeError):
        await table.act(sid, ANN, {"type": "add", "n": moves[-1]})
    assert (await table.get(sid)).status == "playing"  # the finishing move was rolled back with it
    assert (await store.fetchone("SELECT COUNT(*) FROM results"))[0] == 0


# ---------------------------------------------------------------- solo records

async def test_solo_records_keep_wins_streaks_and_best_margin(store):
    for won, margin in ((True, 3.0), (True, 7.0), (False, -2.0), (True, 1.0)):
        await record(store, [Entry(ANN, 1, won, 10 + margin, margin)], game="tiger", solo_board=True)
    solo = await store.fetchone("SELECT * FROM solo_records WHERE user_id = ?", (ANN,))
    assert (solo["games"], solo["wins"], solo["streak"], solo["best_streak"]) == (4, 3, 1, 2)
    assert solo["best_margin"] == 7.0 and solo["best_score"] == 17.0


async def test_solo_records_without_margins_keep_the_best_score(store):
    for won, score in ((False, 24.0), (True, 21.0)):
        await record(store, [Entry(ANN, 1, won, score)], game="patience", solo_board=True)
    solo = await store.fetchone("SELECT * FROM solo_records WHERE user_id = ?", (ANN,))
    assert solo["best_margin"] is None and solo["best_score"] == 24.0


# ---------------------------------------------------------------- periods and standings

def test_weeks_start_on_monday_and_months_on_the_first_in_utc():
    monday = 1_800_230_400.0  # Mon 18 Jan 2027 00:00 UTC
    assert bucket("week", monday - 1) != bucket("week", monday) == bucket("week", monday + 7 * DAY - 1)
    assert period_start("week", monday + 3.5 * DAY) == monday
    assert bucket("month", monday) == "2027-01"
    assert period_start("month", monday) == 1_798_761_600.0  # Fri 1 Jan 2027 00:00 UTC
    assert bucket("all", monday) == "all" and period_start("all", monday) is None


async def current_standings(store, now: float) -> dict:
    rows = await store.fetchall("SELECT * FROM standings")
    return {(r["game"], r["scope"], r["period"], r["user_id"]):
            (round(r["score"], 6), round(r["points"], 6), r["games"], r["wins"], r["best_margin"], r["best_score"])
            for r in rows if r["bucket"] == bucket(r["period"], now)}


async def test_standings_kept_game_by_game_equal_a_rebuild_from_history(table, store, clock):
    rng = random.Random(7)
    players = [ANN, BOB, CAT, DAN, 5, 6]
    for _ in range(40):
        clock.advance(rng.uniform(0.2, 4) * DAY)
        guild = rng.choice([GUILD, OTHER_GUILD, None])
        if rng.random() < 0.25:
            await resign_patience(table, rng.choice(players), guild=guild)
            continue
        seats = rng.sample(players, rng.choice([2, 3]))
        await play_tally(table, seats, rng.choice(seats), guild=guild)
    kept = await current_standings(store, clock.now)
    await store.write(lambda tx: ratings.rebuild_standings(tx, clock.now))
    rebuilt = await current_standings(store, clock.now)
    assert kept == rebuilt
    assert {k[2] for k in kept} == {"all", "month", "week"} and {k[1] for k in kept} == {0, GUILD, OTHER_GUILD}
    # The global all-time total of a rated game is the rating itself.
    for (game, scope, period, user), (score, points, *_) in kept.items():
        if game == "tally" and scope == 0 and period == "all":
            assert BASE + score == BASE + points == pytest.approx((await rating_of(store, user))["rating"])


async def test_the_first_game_of_a_new_week_starts_the_week_again(table, store, clock):
    await play_tally(table, [ANN, BOB], winner=ANN)
    clock.advance(8 * DAY)
    await play_tally(table, [ANN, BOB], winner=BOB)
    week = await store.fetchone("SELECT * FROM standings WHERE game = 'tally' AND scope = 0 AND period = 'week'"
                                " AND user_id = ?", (ANN,))
    every = await store.fetchone("SELECT * FROM standings WHERE game = 'tally' AND scope = 0 AND period = 'all'"
                                 " AND user_id = ?", (ANN,))
    assert (week["games"], week["wins"], week["bucket"]) == (1, 0, bucket("week", clock.now))
    assert week["points"] < 0 and week["score"] == 0  # week boards rank by wins
    assert (every["games"], every["wins"]) == (2, 1)


# ---------------------------------------------------------------- games finished before ratings existed


async def test_a_resignation_on_turn_1_is_no_best_margin(table, store):
    """Eye of the Tiger resigned at once ends 0 to 0: a margin of 0 is not a best margin, only wins have one."""
    import engine.tiger  # noqa: F401 - registers the game
    change = await table.open("tiger", GUILD, CHANNEL, ANN)
    await table.act(change.session.id, ANN, {"type": "leave"})
    solo = await store.fetchone("SELECT * FROM solo_records WHERE user_id = ? AND game = 'tiger'", (ANN,))
    assert solo["games"] == 1 and solo["wins"] == 0 and solo["best_margin"] is None
    standing = await store.fetchone("SELECT best_margin FROM standings WHERE user_id = ? AND game = 'tiger'"
                                    " AND period = 'all' AND scope = ?", (ANN, GUILD))
    assert standing["best_margin"] is None

"""Skill ratings and solo records, written in the same transaction that stores a finished game.

What counts
- A finished game with at least two seated humans is rated. Aborted games never reach here (the
  table only records results for finished games). A game with one seat gives a solo record instead:
  games, wins, win rate, best margin (best score when the game reports no margin), current and best
  streak of wins.

The rating
- openskill's Plackett-Luce model: any number of players (2 to 8 here), ranked results, ties share
  a rank. Each player keeps mu (the estimate) and sigma (its uncertainty) per game.
- Players see `1500 + 20 * (mu - 3 * sigma)`, openskill's "ordinal" scaled to a chess-like number:
  a newcomer shows 1500. It is a cautious figure (the system is fairly sure you are at least that
  good), so one lucky win does not top a board. Winners gain, losers lose; a draw between equals
  moves nobody's mu. As the system grows sure of you (sigma shrinks) the figure also rises: a
  newcomer's first loss costs less than a first win earns, and a regular who wins as often as they
  lose settles around 1850-1900 after a few dozen games. Hence month and week boards rank by wins,
  not by points gained (which would favour newcomers); they still show the points.
- Every rated game leaves one rating_history row per player (before, after, delta) for the /stats
  chart and for boards over a subset of games (a server, a month, a week).

Leaderboard standings
- `standings` holds, per game, scope (0 = global, or the guild the game was played in) and period
  ('all', 'month', 'week' in UTC calendar terms), each player's games, wins and rating points (the
  sum of rating changes: the global all-time sum is exactly rating - 1500), and the score the board
  ranks by (points for rated all-time boards, wins otherwise). It is updated here, so reading a board
  never scans results. A row carries the month or week (`bucket`) it counts; the first game of a new
  month or week starts it again from zero.
- `board_tally` counts the players of each board per ranking key, kept by triggers on standings and
  hidden_players (migrations/0006_board_tally.sql), so a board's size and a viewer's place never
  count rows one by one (host/leaderboard.py). It relies on score = wins on boards ranked by wins.
- `rebuild_standings` recomputes the table (and the tally) from rating_history and results (the repair
  path, the benchmark's loader, and the tests' cross-check of the incremental updates).
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from openskill.models import PlackettLuce

from engine import registry
from engine.errors import RuleError
from engine.protocol import Game, Outcome

from .session import Session
from .store import Tx

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
BASE = 1500.0  # what a newcomer shows
SCALE = 20.0  # display points per unit of openskill's ordinal (mu - 3 sigma)
GLOBAL = 0  # the scope of global standings (guild ids are never 0)
PERIODS = ("all", "month", "week")


def display(mu: float, sigma: float) -> float:
    """The rating players see for (mu, sigma)."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal(3.0, SCALE, BASE)


# ---------------------------------------------------------------- periods (UTC calendar)

def _utc(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def bucket(period: str, at: float) -> str:
    """Which month or week `at` falls in, as standings store it ('all' for all time)."""
    if period == "all":
        return "all"
    moment = _utc(at)
    if period == "month":
        return f"{moment.year:04d}-{moment.month:02d}"
    if period == "week":
        year, week, _ = moment.isocalendar()
        return f"{year:04d}-W{week:02d}"
    raise ValueError(f"unknown period {period!r}")


def period_start(period: str, now: float) -> float | None:
    """When the current month or ISO week began (UTC); None for all time."""
    if period == "all":
        return None
    moment = _utc(now)
    day = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        return day.replace(day=1).timestamp()
    if period == "week":
        return (day - timedelta(days=moment.weekday())).timestamp()
    raise ValueError(f"unknown period {period!r}")


# ---------------------------------------------------------------- recording

@dataclass(frozen=True)
class Entry:
    """One seat of a finished game, as results stores it."""

    user_id: int
    rank: int
    won: bool
    score: float
    margin: float | None = None


async def record_finished(conn: Tx, session: Session, game: Game, outcome: Outcome, now: float) -> None:
    """Update ratings or solo records for a game that just finished (inside its transaction)."""
    winners = set(outcome.winners())
    entries = [Entry(user_id, outcome.ranks[seat], seat in winners, outcome.scores[seat],
                     outcome.margin if seat in winners else None)  # a best margin is a winning one
               for seat, user_id in enumerate(session.seats)]
    await record(conn, session.id, game.name, session.guild_id, entries, now, solo_board=game.max_players == 1)


async def record(conn: Tx, session_id: int, game: str, guild_id: int | None, entries: Sequence[Entry],
                 at: float, *, solo_board: bool) -> None:
    """Rate a game of two or more humans, or add a solo record for a one-seat game.

    `solo_board`: the game's leaderboard ranks solo records (a solo-only game); a multiplayer game
    played alone still gets a record for /stats but stays off its rated board.
    """
    await conn.serialise(f"standings:{game}")  # another process may be finishing a game of the same players
    if len(entries) == 1:
        await _record_solo(conn, game, guild_id, entries[0], at, on_board=solo_board)
    elif len({e.user_id for e in entries}) >= 2:
        await _rate(conn, session_id, game, guild_id, entries, at)


async def _rate(conn: Tx, session_id: int, game: str, guild_id: int | None, entries: Sequence[Entry],
                at: float) -> None:
    users = [e.user_id for e in entries]
    marks = ",".join("?" * len(users))
    rows = await conn.fetchall(f"SELECT user_id, mu, sigma FROM ratings WHERE game = ? AND user_id IN ({marks})",
                               (game, *users))
    known = {row[0]: (row[1], row[2]) for row in rows}
    before = [MODEL.rating(*known[u]) if u in known else MODEL.rating() for u in users]
    after = MODEL.rate([[r] for r in before], ranks=[e.rank for e in entries])
    for entry, old, (new,) in zip(entries, before, after, strict=True):
        old_display, new_display = display(old.mu, old.sigma), display(new.mu, new.sigma)
        delta = new_display - old_display
        await conn.execute(
            "INSERT INTO ratings (user_id, game, mu, sigma, rating, games, wins, updated_at)"
            " VALUES (?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (user_id, game) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, rating = excluded.rating, games = ratings.games + 1, wins = ratings.wins + excluded.wins,"
            " updated_at = excluded.updated_at",
            (entry.user_id, game, new.mu, new.sigma, new_display, int(entry.won), at))
        await conn.execute(
            "INSERT INTO rating_history (session_id, user_id, game, guild_id, rank, players, won, mu, sigma,"
            " rating_before, rating, delta, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (session_id, entry.user_id, game, guild_id, entry.rank, len(entries), int(entry.won), new.mu,
             new.sigma, old_display, new_display, delta, at))
        await _add_standing(conn, game, guild_id, entry.user_id, at, delta, entry.won, None, None)


async def _record_solo(conn: Tx, game: str, guild_id: int | None, entry: Entry, at: float, *,
                       on_board: bool) -> None:
    row = await conn.fetchone("SELECT games, wins, best_margin, best_score, streak, best_streak FROM solo_records"
                              " WHERE user_id = ? AND game = ?", (entry.user_id, game))
    games, wins, best_margin, best_score, streak, best_streak = row if row else (0, 0, None, entry.score, 0, 0)
    streak = streak + 1 if entry.won else 0
    await conn.execute(
        "INSERT INTO solo_records (user_id, game, games, wins, best_margin, best_score, streak, best_streak,"
        " last_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game) DO UPDATE SET"
        " games = excluded.games, wins = excluded.wins, best_margin = excluded.best_margin,"
        " best_score = excluded.best_score, streak = excluded.streak, best_streak = excluded.best_streak,"
        " last_at = excluded.last_at",
        (entry.user_id, game, games + 1, wins + int(entry.won), _best(best_margin, entry.margin),
         max(best_score, entry.score), streak, max(best_streak, streak), at))
    if on_board:
        await _add_standing(conn, game, guild_id, entry.user_id, at, None, entry.won, entry.margin, entry.score)


def _best(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else max(a, b)


async def _add_standing(conn: Tx, game: str, guild_id: int | None, user_id: int, at: float, points: float | None,
                        won: bool, margin: float | None, best_score: float | None) -> None:
    """Count one game in the player's standings: global and (if any) the server's, for every period.

    `points` is the rating change of a rated game, None for a solo game. Rated all-time boards rank by
    points; month and week boards, and solo boards, rank by wins (see host/leaderboard.py).
    """
    scopes = (GLOBAL,) if guild_id is None else (GLOBAL, guild_id)
    for scope in scopes:
        for period in PERIODS:
            score = points if points is not None and period == "all" else float(won)
            await conn.execute(
                "INSERT INTO standings AS s (game, scope, period, user_id, bucket, score, points, games, wins,"
                " best_margin, best_score, last_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)"
                " ON CONFLICT (game, scope, period, user_id) DO UPDATE SET"
                " score = CASE WHEN s.bucket = excluded.bucket THEN s.score + excluded.score ELSE excluded.score END,"
                " points = CASE WHEN s.bucket = excluded.bucket THEN s.points + excluded.points"
                "   ELSE excluded.points END,"
                " games = CASE WHEN s.bucket = excluded.bucket THEN s.games + 1 ELSE 1 END,"
                " wins = CASE WHEN s.bucket = excluded.bucket THEN s.wins + excluded.wins ELSE excluded.wins END,"
                " best_margin = CASE WHEN s.bucket = excluded.bucket THEN COALESCE(CASE WHEN s.best_margin >"
                "   excluded.best_margin THEN s.best_margin ELSE excluded.best_margin END, s.best_margin)"
                "   ELSE excluded.best_margin END,"
                " best_score = CASE WHEN s.bucket = excluded.bucket THEN COALESCE(CASE WHEN s.best_score >"
                "   excluded.best_score THEN s.best_score ELSE excluded.best_score END, s.best_score)"
                "   ELSE excluded.best_score END,"
                " bucket = excluded.bucket, last_at = excluded.last_at"
                " WHERE excluded.bucket >= s.bucket",  # a late game of a past period changes nothing
                (game, scope, period, user_id, bucket(period, at), score, points or 0.0, int(won), margin,
                 best_score, at))


# ---------------------------------------------------------------- rebuilding

def _solo_board(game: str) -> bool:
    try:
        return registry.get(game).max_players == 1
    except RuleError:  # a game no longer installed: its one-seat results are solo records
        return True


async def rebuild_standings(conn: Tx, now: float, solo_board: Callable[[str], bool] = _solo_board) -> None:
    """Recompute every standing from rating_history (rated) and results (solo) for the current periods.

    Call inside a transaction. Rows of past months and weeks are not recreated: boards only show the
    current ones.
    """
    await conn.execute("DELETE FROM standings")
    await conn.execute("DELETE FROM board_tally")  # a drifted tally (if ever) is counted afresh
    solo_games = [row[0] for row in await conn.fetchall("SELECT DISTINCT game FROM results WHERE players = 1")
                  if solo_board(row[0])]
    solo_marks = ",".join("?" * len(solo_games)) or "NULL"
    for period in PERIODS:
        since = period_start(period, now)
        window = "" if since is None else " AND {t} >= ?"
        params: tuple[Any, ...] = () if since is None else (since,)
        score = "SUM(delta)" if period == "all" else "SUM(won)"
        for scope_expr, scope_filter, group in ((str(GLOBAL), "", ""),
                                                ("guild_id", " AND guild_id IS NOT NULL", "guild_id, ")):
            await conn.execute(
                "INSERT INTO standings (game, scope, period, user_id, bucket, score, points, games, wins,"
                f" best_margin, best_score, last_at) SELECT game, {scope_expr}, ?, user_id, ?, {score}, SUM(delta),"
                " COUNT(*), SUM(won), NULL, NULL, MAX(at) FROM rating_history"
                f" WHERE 1 = 1{scope_filter}{window.format(t='at')} GROUP BY game, {group}user_id",
                (period, bucket(period, now), *params))
            await conn.execute(
                "INSERT INTO standings (game, scope, period, user_id, bucket, score, points, games, wins,"
                f" best_margin, best_score, last_at) SELECT game, {scope_expr}, ?, user_id, ?, SUM(won), 0,"
                " COUNT(*), SUM(won), MAX(margin), MAX(score), MAX(finished_at) FROM results WHERE players = 1"
                f" AND game IN ({solo_marks}){scope_filter}{window.format(t='finished_at')}"
                f" GROUP BY game, {group}user_id",
                (period, bucket(period, now), *solo_games, *params))



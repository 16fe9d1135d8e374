"""Reading the boards: top 10 per game, the viewer's own place, player stats, privacy.

Boards (see host/ratings.py for how standings are kept):
- All-time boards of rated games rank by rating. Global, that is the rating itself (1500 + every
  change). Server scope counts only games played in that server (the guild recorded at play time;
  current membership does not matter): 1500 + the changes those games brought, which equals the
  rating for someone who plays only there.
- Month and week boards rank by wins, then win rate (fewer games for the same wins), and show the
  rating points won or lost in the period too. Points are not the ranking there because the
  cautious rating rises while the system gets to know a newcomer (host/ratings.py), so a points
  board would favour new players over good ones.
- Solo games rank by wins, then win rate, in every scope and period.
- Ties on score, wins and games share a position.
- Periods are calendar periods in UTC: 'month' since the 1st, 'week' since Monday 00:00.
- Players who hid themselves (/privacy) are left off global boards (and are not counted there);
  server boards still show them.
- A board's size and the viewer's place are sums over board_tally, which triggers keep beside the
  standings, so they cost about the same on a board of 50 players or of 500,000.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.protocol import Game

from .names import clean_name
from .ratings import BASE, GLOBAL, PERIODS, bucket, period_start
from .store import Queries, Store, Tx

SCOPES = ("server", "global")
TOP = 10
RATED, SOLO = "rated", "solo"
_NOT_HIDDEN = " AND NOT EXISTS (SELECT 1 FROM hidden_players h WHERE h.user_id = s.user_id)"
_ORDER = " ORDER BY s.score DESC, s.wins DESC, s.games, s.user_id"


def board_kind(game: Game) -> str:
    """Solo-only games get record boards; everything else is rated."""
    return SOLO if game.max_players == 1 else RATED


@dataclass(frozen=True)
class Standing:
    position: int
    user_id: int
    name: str
    score: float  # what the board ranks by
    points: float  # rating points won or lost (rated games)
    games: int
    wins: int
    best_margin: float | None = None
    best_score: float | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def key(self) -> tuple[float, int, int]:
        """What decides the order (equal keys share a position)."""
        return (self.score, self.wins, self.games)


@dataclass(frozen=True)
class Board:
    game: str
    kind: str  # RATED or SOLO
    scope: str  # 'server' or 'global'
    period: str  # 'all', 'month' or 'week'
    guild_id: int | None
    since: float | None  # start of the period (None: all time)
    players: int  # how many are ranked on this board
    top: list[Standing]
    me: Standing | None = None  # the viewer, when ranked but outside the top
    viewer_hidden: bool = False  # the viewer hid from global boards (so is not on this one)

    @property
    def by_rating(self) -> bool:
        """Ranked by rating (all-time boards of rated games), else by wins."""
        return self.kind == RATED and self.period == "all"

    def rating(self, standing: Standing) -> float:
        """1500 + the rating points in this board's scope and period (the rating, globally all time)."""
        return BASE + standing.points


async def leaderboard(store: Store, game: Game, *, scope: str, period: str, guild_id: int | None,
                      viewer: int | None, now: float, limit: int = TOP) -> Board:
    """The top `limit` of a game's board, and the viewer's own standing if they are further down."""
    reads = store.reads  # its own connection: a long read never holds up a move
    if scope not in SCOPES or period not in PERIODS:
        raise ValueError(f"bad scope/period {scope!r}/{period!r}")
    if scope == "server" and guild_id is None:
        raise ValueError("a server board needs a guild")
    where = " WHERE s.game = ? AND s.scope = ? AND s.period = ? AND s.bucket = ?"
    params: list[Any] = [game.name, GLOBAL if scope == "global" else guild_id, period, bucket(period, now)]
    shown = where + (_NOT_HIDDEN if scope == "global" else "")
    rows = await reads.fetchall(
        "SELECT s.user_id, s.score, s.points, s.games, s.wins, s.best_margin, s.best_score, p.name FROM standings s"
        f" LEFT JOIN players p ON p.user_id = s.user_id{shown}{_ORDER} LIMIT ?", (*params, limit))
    top: list[Standing] = []
    for i, row in enumerate(rows):
        standing = _standing(i + 1, row)
        if top and top[-1].key == standing.key:
            standing = _standing(top[-1].position, row)
        top.append(standing)
    players = await _players(reads, params)
    hidden = viewer is not None and scope == "global" and await is_hidden(store, viewer)
    me = None
    if viewer is not None and not hidden and all(s.user_id != viewer for s in top):
        mine = await reads.fetchone(
            "SELECT s.user_id, s.score, s.points, s.games, s.wins, s.best_margin, s.best_score, p.name FROM standings s"
            f" LEFT JOIN players p ON p.user_id = s.user_id{where} AND s.user_id = ?", (*params, viewer))
        if mine is not None:
            by_points = board_kind(game) == RATED and period == "all"
            me = _standing(await _ahead(reads, scope, params, mine, by_points=by_points) + 1, mine)
    return Board(game.name, board_kind(game), scope, period, None if scope == "global" else guild_id,
                 period_start(period, now), players, top, me, hidden)


# The board's size and a viewer's place are read from board_tally (migrations/0006_board_tally.sql), which
# triggers keep beside standings: a count over every player above a viewer grows with the board (about
# 200 ms of CPU for 490,000 players), a sum over the tally's few hundred keys does not.
_BOARD = " WHERE game = ? AND scope = ? AND period = ? AND bucket = ?"


async def _players(reads: Queries, params: list[Any]) -> int:
    """How many are ranked on the board (hidden players are not in the tally of global boards)."""
    return int(await reads.value(f"SELECT COALESCE(SUM(players), 0) FROM board_tally{_BOARD}", params))


async def _ahead(reads: Queries, scope: str, params: list[Any], mine: Any, *, by_points: bool) -> int:
    """How many players of the board rank strictly ahead of the standing `mine` (ties share its place)."""
    score, wins, games = mine["score"], mine["wins"], mine["games"]
    if not by_points:  # the tally holds the whole ranking key (score = wins on these boards)
        return int(await reads.value(
            f"SELECT COALESCE(SUM(players), 0) FROM board_tally{_BOARD} AND (score > ? OR (score = ?"
            " AND (wins > ? OR (wins = ? AND games < ?))))", (*params, score, score, wins, wins, games)))
    # Rating points are real numbers, tallied per whole point: whole points above, then the players
    # of the viewer's own point, one by one (a few hundred on a big board).
    point = math.floor(score)
    above = int(await reads.value(f"SELECT COALESCE(SUM(players), 0) FROM board_tally{_BOARD} AND score > ?",
                                  (*params, point)))
    same_point = int(await reads.value(
        "SELECT COUNT(*) FROM standings s WHERE s.game = ? AND s.scope = ? AND s.period = ? AND s.bucket = ?"
        " AND s.score >= ? AND s.score < ? AND (s.score > ? OR s.wins > ? OR (s.wins = ? AND s.games < ?))"
        + (_NOT_HIDDEN if scope == "global" else ""), (*params, score, point + 1, score, wins, wins, games)))
    return above + same_point


def _standing(position: int, row: Any) -> Standing:
    return Standing(position, row["user_id"], clean_name(row["name"] or "", f"User {row['user_id']}"), row["score"],
                    row["points"], row["games"], row["wins"], row["best_margin"], row["best_score"])


# ---------------------------------------------------------------- player stats

@dataclass(frozen=True)
class GameStats:
    game: str
    rated: bool
    games: int
    wins: int
    rating: float | None = None  # rated games
    best_margin: float | None = None  # solo games
    best_score: float | None = None
    streak: int | None = None  # solo games, global view only
    best_streak: int | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class RecentResult:
    game: str
    rank: int
    players: int
    won: bool
    score: float
    delta: float | None  # rating change (rated games)
    at: float


@dataclass
class PlayerStats:
    user_id: int
    name: str
    hidden: bool
    guild_id: int | None  # None: everything; else only games played in that server
    games: list[GameStats] = field(default_factory=list)
    recent: list[RecentResult] = field(default_factory=list)
    history: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # game -> (at, rating)

    @property
    def total_games(self) -> int:
        return sum(g.games for g in self.games)


async def player_stats(store: Store, user_id: int, *, guild_id: int | None = None, recent: int = 5,
                       history_points: int = 40, charted_games: int = 4) -> PlayerStats:
    """A player's games, wins and rating per game, latest results and rating history.

    With `guild_id`, only games played in that server count (what others may see of a hidden player):
    the rating shown is then 1500 + the changes from games played there.
    """
    reads = store.reads  # its own connection: a long read never holds up a move
    name_row = await reads.fetchone("SELECT name FROM players WHERE user_id = ?", (user_id,))
    stats = PlayerStats(user_id, clean_name(name_row["name"] if name_row else "", f"User {user_id}"),
                        await is_hidden(store, user_id), guild_id)
    if guild_id is None:
        for row in await reads.fetchall("SELECT game, rating, games, wins FROM ratings WHERE user_id = ?", (user_id,)):
            stats.games.append(GameStats(row["game"], True, row["games"], row["wins"], rating=row["rating"]))
        for row in await reads.fetchall("SELECT * FROM solo_records WHERE user_id = ?", (user_id,)):
            stats.games.append(GameStats(row["game"], False, row["games"], row["wins"], best_margin=row["best_margin"],
                                         best_score=row["best_score"], streak=row["streak"],
                                         best_streak=row["best_streak"]))
    else:
        points = {row["game"]: row["points"] for row in await reads.fetchall(
            "SELECT game, SUM(delta) AS points FROM rating_history WHERE user_id = ? AND guild_id = ? GROUP BY game",
            (user_id, guild_id))}
        for row in await reads.fetchall(
                "SELECT game, players = 1 AS solo, COUNT(*) AS games, SUM(won) AS wins, MAX(CASE WHEN won = 1 THEN margin END) AS margin,"
                " MAX(score) AS best FROM results WHERE user_id = ? AND guild_id = ? AND computers = 0 GROUP BY game, players = 1",
                (user_id, guild_id)):
            if row["solo"]:
                stats.games.append(GameStats(row["game"], False, row["games"], row["wins"],
                                             best_margin=row["margin"], best_score=row["best"]))
            elif row["game"] in points:
                stats.games.append(GameStats(row["game"], True, row["games"], row["wins"],
                                             rating=BASE + points[row["game"]]))
    stats.games.sort(key=lambda g: (-g.games, g.game))

    where = " WHERE r.user_id = ? AND r.computers = 0" + ("" if guild_id is None else " AND r.guild_id = ?")
    params = (user_id,) if guild_id is None else (user_id, guild_id)
    for row in await reads.fetchall(
            "SELECT r.game, r.rank, r.players, r.won, r.score, r.finished_at, h.delta FROM results r"
            " LEFT JOIN rating_history h ON h.session_id = r.session_id AND h.user_id = r.user_id"
            f"{where} ORDER BY r.finished_at DESC, r.session_id DESC LIMIT ?", (*params, recent)):
        stats.recent.append(RecentResult(row["game"], row["rank"], row["players"], bool(row["won"]), row["score"],
                                         row["delta"], row["finished_at"]))

    for game in [g for g in stats.games if g.rated][:charted_games]:
        stats.history[game.game] = await rating_history(store, user_id, game.game, guild_id=guild_id,
                                                        limit=history_points)
    return stats


async def rating_history(store: Store, user_id: int, game: str, *, guild_id: int | None = None,
                         limit: int = 40) -> list[tuple[float, float]]:
    """(time, rating) after each of the last `limit` rated games, led by the rating before the first.

    With `guild_id`: 1500 + the running total of changes from games played in that server.
    """
    reads = store.reads  # its own connection: a long read never holds up a move
    where = " WHERE user_id = ? AND game = ?" + ("" if guild_id is None else " AND guild_id = ?")
    params = (user_id, game) if guild_id is None else (user_id, game, guild_id)
    rows = list(reversed(await reads.fetchall(
        f"SELECT at, rating_before, rating, delta FROM rating_history{where} ORDER BY at DESC, session_id DESC"
        " LIMIT ?", (*params, limit))))
    if not rows:
        return []
    if guild_id is None:
        return [(rows[0]["at"], rows[0]["rating_before"])] + [(r["at"], r["rating"]) for r in rows]
    total = await reads.value(f"SELECT COALESCE(SUM(delta), 0) FROM rating_history{where}", params)
    value = BASE + total - sum(r["delta"] for r in rows)
    points = [(rows[0]["at"], value)]
    for r in rows:
        value += r["delta"]
        points.append((r["at"], value))
    return points


# ---------------------------------------------------------------- privacy

async def is_hidden(store: Store, user_id: int) -> bool:
    return await store.reads.fetchone("SELECT 1 FROM hidden_players WHERE user_id = ?", (user_id,)) is not None


async def set_hidden(store: Store, user_id: int, hidden: bool, now: float) -> None:
    if hidden:
        await store.write(lambda tx: tx.execute(
            "INSERT INTO hidden_players (user_id, since) VALUES (?, ?) ON CONFLICT DO NOTHING", (user_id, now)))
    else:
        await store.write(lambda tx: tx.execute("DELETE FROM hidden_players WHERE user_id = ?", (user_id,)))


async def toggle_hidden(store: Store, user_id: int, now: float) -> bool:
    """Hide a visible player or show a hidden one; returns whether they are hidden now."""
    async def toggle(tx: Tx) -> bool:
        if await tx.execute("DELETE FROM hidden_players WHERE user_id = ?", (user_id,)):
            return False
        await tx.execute("INSERT INTO hidden_players (user_id, since) VALUES (?, ?)", (user_id, now))
        return True
    return await store.write(toggle)

-- Ratings, solo records, leaderboard standings and privacy (host/ratings.py, host/leaderboard.py).

-- One skill rating per player per game (openskill Plackett-Luce). `rating` is what players see:
-- 1500 + 20 * (mu - 3 * sigma), so a newcomer shows 1500 and the number is a cautious estimate.
CREATE TABLE ratings (
    user_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    rating     REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (user_id, game)
) WITHOUT ROWID;

-- One row per player per rated game: the rating before and after, for charts and server/period sums.
CREATE TABLE rating_history (
    session_id    INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    guild_id      INTEGER,                 -- where it was played (NULL outside a server)
    rank          INTEGER NOT NULL,
    players       INTEGER NOT NULL,
    won           INTEGER NOT NULL,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL,
    rating_before REAL    NOT NULL,
    rating        REAL    NOT NULL,
    delta         REAL    NOT NULL,        -- rating - rating_before
    at            REAL    NOT NULL,        -- results.finished_at
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history (user_id, game, at);
CREATE INDEX rating_history_by_guild ON rating_history (game, guild_id, at);

-- Solo games are not rated: a record per player per game instead.
CREATE TABLE solo_records (
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    best_margin REAL,                      -- NULL when the game reports no margin
    best_score  REAL    NOT NULL,
    streak      INTEGER NOT NULL,          -- wins in a row up to the latest game (0 after a loss)
    best_streak INTEGER NOT NULL,
    last_at     REAL    NOT NULL,
    PRIMARY KEY (user_id, game)
) WITHOUT ROWID;

-- The leaderboards, kept up to date in the transaction that records each finished game, so a board
-- is an index range read whatever the number of results. One row per (game, scope, period, player):
-- scope 0 is global, otherwise a guild id (where the game was played); period 'all', 'month' or
-- 'week', and `bucket` names which month/week the row counts ('all', '2027-01', '2027-W03'): a row
-- whose bucket is not the current one is stale and is reset by the player's next game there.
-- points: the sum of rating changes (rated games; 0 for solo games). score: what the board ranks by:
-- points on all-time boards of rated games, the number of wins otherwise.
CREATE TABLE standings (
    game        TEXT    NOT NULL,
    scope       INTEGER NOT NULL,
    period      TEXT    NOT NULL CHECK (period IN ('all', 'month', 'week')),
    user_id     INTEGER NOT NULL,
    bucket      TEXT    NOT NULL,
    score       REAL    NOT NULL,
    points      REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    best_margin REAL,
    best_score  REAL,
    last_at     REAL    NOT NULL,
    PRIMARY KEY (game, scope, period, user_id)
) WITHOUT ROWID;
CREATE INDEX standings_board ON standings (game, scope, period, bucket, score DESC, wins DESC, games, user_id);

-- Players who hide themselves from global boards (/privacy).
CREATE TABLE hidden_players (
    user_id INTEGER PRIMARY KEY,
    since   REAL NOT NULL
);

-- /stats lists a player's latest results across games.
CREATE INDEX results_by_user_time ON results (user_id, finished_at);

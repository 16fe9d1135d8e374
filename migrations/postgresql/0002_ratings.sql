-- PostgreSQL twin of ../0002_ratings.sql.
CREATE TABLE ratings (
    user_id    BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game)
);

CREATE TABLE rating_history (
    session_id    BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    game          TEXT    NOT NULL,
    guild_id      BIGINT,
    rank          INTEGER NOT NULL,
    players       INTEGER NOT NULL,
    won           INTEGER NOT NULL,
    mu            DOUBLE PRECISION NOT NULL,
    sigma         DOUBLE PRECISION NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating        DOUBLE PRECISION NOT NULL,
    delta         DOUBLE PRECISION NOT NULL,
    at            DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX rating_history_by_user ON rating_history (user_id, game, at);
CREATE INDEX rating_history_by_guild ON rating_history (game, guild_id, at);

CREATE TABLE solo_records (
    user_id     BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    best_margin DOUBLE PRECISION,
    best_score  DOUBLE PRECISION NOT NULL,
    streak      INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    last_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game)
);

CREATE TABLE standings (
    game        TEXT    NOT NULL,
    scope       BIGINT  NOT NULL,
    period      TEXT    NOT NULL CHECK (period IN ('all', 'month', 'week')),
    user_id     BIGINT  NOT NULL,
    bucket      TEXT    NOT NULL,
    score       DOUBLE PRECISION NOT NULL,
    points      DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    best_margin DOUBLE PRECISION,
    best_score  DOUBLE PRECISION,
    last_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, scope, period, user_id)
);
CREATE INDEX standings_board ON standings (game, scope, period, bucket, score DESC, wins DESC, games, user_id);

CREATE TABLE hidden_players (
    user_id BIGINT PRIMARY KEY,
    since   DOUBLE PRECISION NOT NULL
);

CREATE INDEX results_by_user_time ON results (user_id, finished_at);

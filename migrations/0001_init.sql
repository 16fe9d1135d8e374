-- Sessions: one row per game table, from lobby to finished/aborted.
CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,                 -- NULL outside a server
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
    host_id     INTEGER NOT NULL,
    seats       TEXT    NOT NULL DEFAULT '[]',   -- JSON: user ids in seat order
    options     TEXT    NOT NULL DEFAULT '{}',   -- JSON: option key -> bool
    seed        INTEGER NOT NULL,
    state       TEXT,                            -- JSON snapshot of the game once it plays
    version     INTEGER NOT NULL DEFAULT 0,      -- bumped by every accepted change
    deadline    REAL,                            -- next time the table must wake this session
    message_id  INTEGER,                         -- the lobby/board message
    board_key   TEXT,                            -- what that message shows (a new key: a new message)
    news        TEXT    NOT NULL DEFAULT '[]',   -- JSON: the latest public announcements
    created_at  REAL    NOT NULL,
    started_at  REAL,
    ended_at    REAL,
    summary     TEXT
);
CREATE UNIQUE INDEX sessions_one_active_per_channel ON sessions (channel_id)
    WHERE status IN ('lobby', 'playing');
CREATE INDEX sessions_by_deadline ON sessions (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX sessions_history ON sessions (channel_id, ended_at);

-- Every accepted action, in order; with the seed it replays the snapshot.
CREATE TABLE events (
    session_id     INTEGER NOT NULL REFERENCES sessions (id),
    seq            INTEGER NOT NULL,
    kind           TEXT    NOT NULL CHECK (kind IN ('lobby', 'game')),
    user_id        INTEGER,              -- NULL: the table itself (timers)
    seat           INTEGER,
    action         TEXT    NOT NULL,     -- JSON
    at             REAL    NOT NULL,
    interaction_id INTEGER UNIQUE,       -- makes a retried delivery apply once
    PRIMARY KEY (session_id, seq)
);

-- One row per seated player of a finished game, with the server it was played in.
CREATE TABLE results (
    session_id  INTEGER NOT NULL REFERENCES sessions (id),
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER,
    game        TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    score       REAL    NOT NULL,
    won         INTEGER NOT NULL,
    players     INTEGER NOT NULL,
    margin      REAL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (session_id, user_id)
);
CREATE INDEX results_by_game_time ON results (game, finished_at);
CREATE INDEX results_by_user ON results (user_id, game, finished_at);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The last display name each player was seen with, for images and boards (no member intent needed).
CREATE TABLE players (
    user_id INTEGER PRIMARY KEY,
    name    TEXT NOT NULL,
    seen_at REAL NOT NULL
);

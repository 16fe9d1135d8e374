-- Computer players (host/computers.py). A computer seat holds a negative user id.
-- sessions.minds, JSON: the minds of the computer seats and of away players' kept seats
-- (engine.computers.Mind: level, memory, generator state, next planned move).
ALTER TABLE sessions ADD COLUMN minds TEXT NOT NULL DEFAULT '[]';
-- results.computers: how many computer seats the game had; such games are recorded and shown in
-- the history, but not rated and not counted in players' statistics.
ALTER TABLE results ADD COLUMN computers INTEGER NOT NULL DEFAULT 0;

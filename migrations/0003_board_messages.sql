-- Board messages: pings and what the board shows.
-- The message that pinged the player(s) a game waits on, so the next ping replaces it
-- (the channel keeps one), and whom it pinged, so a restart does not ping them again.
ALTER TABLE sessions ADD COLUMN ping_message_id INTEGER;
ALTER TABLE sessions ADD COLUMN pinged TEXT NOT NULL DEFAULT '[]';  -- JSON: user ids

-- The session version the board message shows; behind `version` after a crash between saving
-- a move and drawing it, so start-up (and any stale click) knows the board to redraw.
ALTER TABLE sessions ADD COLUMN shown_version INTEGER NOT NULL DEFAULT -1;

-- The message that pinged the player(s) a game waits on, so the next ping replaces it
-- (the channel keeps one), and whom it pinged, so a restart does not ping them again.
ALTER TABLE sessions ADD COLUMN ping_message_id INTEGER;
ALTER TABLE sessions ADD COLUMN pinged TEXT NOT NULL DEFAULT '[]';  -- JSON: user ids

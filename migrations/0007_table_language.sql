-- sessions.language: the table's language ('en', 'de', 'fr'), taken from the server's locale when the
-- lobby opens (a rematch keeps it); the lobby, the board and the channel's messages read in it.
ALTER TABLE sessions ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

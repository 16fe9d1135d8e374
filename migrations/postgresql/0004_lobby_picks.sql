-- PostgreSQL twin of ../0004_lobby_picks.sql.
ALTER TABLE sessions ADD COLUMN picks TEXT NOT NULL DEFAULT '{}';

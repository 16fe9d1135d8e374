-- PostgreSQL twin of ../0003_board_messages.sql.
ALTER TABLE sessions ADD COLUMN ping_message_id BIGINT;
ALTER TABLE sessions ADD COLUMN pinged TEXT NOT NULL DEFAULT '[]';
ALTER TABLE sessions ADD COLUMN shown_version INTEGER NOT NULL DEFAULT -1;

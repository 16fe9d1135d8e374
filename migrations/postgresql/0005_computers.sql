-- PostgreSQL twin of ../0005_computers.sql.
ALTER TABLE sessions ADD COLUMN minds TEXT NOT NULL DEFAULT '[]';
ALTER TABLE results ADD COLUMN computers INTEGER NOT NULL DEFAULT 0;

-- PostgreSQL twin of ../0007_table_language.sql.
ALTER TABLE sessions ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

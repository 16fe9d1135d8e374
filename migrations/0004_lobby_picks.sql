-- Lobby choices (engine.protocol.Choice): what each seated player picked, e.g. their character.
-- JSON: choice key -> {user id: value}. At the start every seat without a pick is given one, so
-- the game's setup and every replay of it read the same picks.
ALTER TABLE sessions ADD COLUMN picks TEXT NOT NULL DEFAULT '{}';

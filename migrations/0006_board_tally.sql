-- How many players each leaderboard holds per ranking key, kept by triggers beside `standings`, so a
-- board's size and a viewer's position are sums over a few hundred rows here instead of counting every
-- player above them (a board of 500,000 players: host/leaderboard.py).
--
-- One row per (board, key), a board being (game, scope, period, bucket) as in `standings`:
-- - boards ranked by wins (month and week boards, solo boards), where standings.score = wins: the key
--   is the whole ranking key (score, wins, games), so the players ahead of a viewer are the rows with
--   a better key;
-- - all-time boards of rated games, ranked by real-valued rating points: the key is the whole point
--   (score = floor(standings.score), wins = games = -1), so only the viewer's own point is counted
--   row by row in standings.
-- Global boards (scope 0) leave out hidden players, as the boards do; the triggers on hidden_players
-- move a player's global rows out and back in.
CREATE TABLE board_tally (
    game    TEXT    NOT NULL,
    scope   INTEGER NOT NULL,
    period  TEXT    NOT NULL,
    bucket  TEXT    NOT NULL,
    score   REAL    NOT NULL,
    wins    INTEGER NOT NULL,
    games   INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (game, scope, period, bucket, score, wins, games)
) WITHOUT ROWID;

-- The key of a standings row `r` (written out below for r = NEW, OLD and s; floor without the
-- optional math functions):
--   score: CAST(r.score AS INTEGER) - (r.score < CAST(r.score AS INTEGER))
--   wins:  CASE WHEN r.score = r.wins THEN r.wins ELSE -1 END
--   games: CASE WHEN r.score = r.wins THEN r.games ELSE -1 END

INSERT INTO board_tally (game, scope, period, bucket, score, wins, games, players)
SELECT s.game, s.scope, s.period, s.bucket, CAST(s.score AS INTEGER) - (s.score < CAST(s.score AS INTEGER)),
       CASE WHEN s.score = s.wins THEN s.wins ELSE -1 END, CASE WHEN s.score = s.wins THEN s.games ELSE -1 END,
       COUNT(*)
FROM standings s
WHERE s.scope <> 0 OR NOT EXISTS (SELECT 1 FROM hidden_players h WHERE h.user_id = s.user_id)
GROUP BY 1, 2, 3, 4, 5, 6, 7;

CREATE TRIGGER board_tally_standing_added AFTER INSERT ON standings
WHEN NEW.scope <> 0 OR NOT EXISTS (SELECT 1 FROM hidden_players h WHERE h.user_id = NEW.user_id)
BEGIN
    INSERT INTO board_tally (game, scope, period, bucket, score, wins, games, players)
    VALUES (NEW.game, NEW.scope, NEW.period, NEW.bucket,
            CAST(NEW.score AS INTEGER) - (NEW.score < CAST(NEW.score AS INTEGER)),
            CASE WHEN NEW.score = NEW.wins THEN NEW.wins ELSE -1 END,
            CASE WHEN NEW.score = NEW.wins THEN NEW.games ELSE -1 END, 1)
    ON CONFLICT (game, scope, period, bucket, score, wins, games) DO UPDATE SET players = players + 1;
END;

CREATE TRIGGER board_tally_standing_removed AFTER DELETE ON standings
WHEN OLD.scope <> 0 OR NOT EXISTS (SELECT 1 FROM hidden_players h WHERE h.user_id = OLD.user_id)
BEGIN
    UPDATE board_tally SET players = players - 1
    WHERE game = OLD.game AND scope = OLD.scope AND period = OLD.period AND bucket = OLD.bucket
      AND score = CAST(OLD.score AS INTEGER) - (OLD.score < CAST(OLD.score AS INTEGER))
      AND wins = CASE WHEN OLD.score = OLD.wins THEN OLD.wins ELSE -1 END
      AND games = CASE WHEN OLD.score = OLD.wins THEN OLD.games ELSE -1 END;
    DELETE FROM board_tally
    WHERE game = OLD.game AND scope = OLD.scope AND period = OLD.period AND bucket = OLD.bucket
      AND score = CAST(OLD.score AS INTEGER) - (OLD.score < CAST(OLD.score AS INTEGER))
      AND wins = CASE WHEN OLD.score = OLD.wins THEN OLD.wins ELSE -1 END
      AND games = CASE WHEN OLD.score = OLD.wins THEN OLD.games ELSE -1 END
      AND players <= 0;
END;

-- A game moves a standing from one key to another (or to a new month or week): out of the old, into the new.
CREATE TRIGGER board_tally_standing_changed AFTER UPDATE ON standings
WHEN NEW.scope <> 0 OR NOT EXISTS (SELECT 1 FROM hidden_players h WHERE h.user_id = NEW.user_id)
BEGIN
    UPDATE board_tally SET players = players - 1
    WHERE game = OLD.game AND scope = OLD.scope AND period = OLD.period AND bucket = OLD.bucket
      AND score = CAST(OLD.score AS INTEGER) - (OLD.score < CAST(OLD.score AS INTEGER))
      AND wins = CASE WHEN OLD.score = OLD.wins THEN OLD.wins ELSE -1 END
      AND games = CASE WHEN OLD.score = OLD.wins THEN OLD.games ELSE -1 END;
    DELETE FROM board_tally
    WHERE game = OLD.game AND scope = OLD.scope AND period = OLD.period AND bucket = OLD.bucket
      AND score = CAST(OLD.score AS INTEGER) - (OLD.score < CAST(OLD.score AS INTEGER))
      AND wins = CASE WHEN OLD.score = OLD.wins THEN OLD.wins ELSE -1 END
      AND games = CASE WHEN OLD.score = OLD.wins THEN OLD.games ELSE -1 END
      AND players <= 0;
    INSERT INTO board_tally (game, scope, period, bucket, score, wins, games, players)
    VALUES (NEW.game, NEW.scope, NEW.period, NEW.bucket,
            CAST(NEW.score AS INTEGER) - (NEW.score < CAST(NEW.score AS INTEGER)),
            CASE WHEN NEW.score = NEW.wins THEN NEW.wins ELSE -1 END,
            CASE WHEN NEW.score = NEW.wins THEN NEW.games ELSE -1 END, 1)
    ON CONFLICT (game, scope, period, bucket, score, wins, games) DO UPDATE SET players = players + 1;
END;

-- Hiding takes the player's global standings off the global tallies; showing again puts them back.
-- Their global rows are found through the games they have a rating or a solo record in (standings
-- has no index by player, and one is not worth its cost on every finished game).
CREATE TRIGGER board_tally_player_hidden AFTER INSERT ON hidden_players
BEGIN
    UPDATE board_tally SET players = players - 1
    WHERE (game, scope, period, bucket, score, wins, games) IN (
        SELECT s.game, s.scope, s.period, s.bucket,
               CAST(s.score AS INTEGER) - (s.score < CAST(s.score AS INTEGER)),
               CASE WHEN s.score = s.wins THEN s.wins ELSE -1 END, CASE WHEN s.score = s.wins THEN s.games ELSE -1 END
        FROM standings s
        WHERE s.game IN (SELECT game FROM ratings WHERE user_id = NEW.user_id
                         UNION SELECT game FROM solo_records WHERE user_id = NEW.user_id)
          AND s.scope = 0 AND s.period IN ('all', 'month', 'week') AND s.user_id = NEW.user_id);
    DELETE FROM board_tally WHERE players <= 0 AND scope = 0
      AND game IN (SELECT game FROM ratings WHERE user_id = NEW.user_id
                   UNION SELECT game FROM solo_records WHERE user_id = NEW.user_id);
END;

CREATE TRIGGER board_tally_player_shown AFTER DELETE ON hidden_players
BEGIN
    INSERT INTO board_tally (game, scope, period, bucket, score, wins, games, players)
    SELECT s.game, s.scope, s.period, s.bucket,
           CAST(s.score AS INTEGER) - (s.score < CAST(s.score AS INTEGER)),
           CASE WHEN s.score = s.wins THEN s.wins ELSE -1 END, CASE WHEN s.score = s.wins THEN s.games ELSE -1 END, 1
    FROM standings s
    WHERE s.game IN (SELECT game FROM ratings WHERE user_id = OLD.user_id
                     UNION SELECT game FROM solo_records WHERE user_id = OLD.user_id)
      AND s.scope = 0 AND s.period IN ('all', 'month', 'week') AND s.user_id = OLD.user_id
    ON CONFLICT (game, scope, period, bucket, score, wins, games) DO UPDATE SET players = players + 1;
END;

-- PostgreSQL twin of ../0006_board_tally.sql: the same table and the same counting, with the triggers
-- written as PL/pgSQL functions (a trigger's WHEN cannot hold a subquery here, so the "is this row on
-- the global boards" test moves inside). A standing's key: floor(score) and, for boards ranked by wins
-- (score = wins), its wins and games; -1 and -1 otherwise.
CREATE TABLE board_tally (
    game    TEXT    NOT NULL,
    scope   BIGINT  NOT NULL,
    period  TEXT    NOT NULL,
    bucket  TEXT    NOT NULL,
    score   DOUBLE PRECISION NOT NULL,
    wins    INTEGER NOT NULL,
    games   INTEGER NOT NULL,
    players INTEGER NOT NULL,
    PRIMARY KEY (game, scope, period, bucket, score, wins, games)
);

INSERT INTO board_tally (game, scope, period, bucket, score, wins, games, players)
SELECT s.game, s.scope, s.period, s.bucket, floor(s.score),
       CASE WHEN s.score = s.wins THEN s.wins ELSE -1 END, CASE WHEN s.score = s.wins THEN s.games ELSE -1 END,
       COUNT(*)
FROM standings s
WHERE s.scope <> 0 OR NOT EXISTS (SELECT 1 FROM hidden_players h WHERE h.user_id = s.user_id)
GROUP BY 1, 2, 3, 4, 5, 6, 7;

-- Count one standing in (change 1) or out of (change -1) its board's tally; an emptied key is removed.
CREATE FUNCTION board_tally_count(p_game TEXT, p_scope BIGINT, p_period TEXT, p_bucket TEXT,
                                  p_score DOUBLE PRECISION, p_wins INTEGER, p_games INTEGER, p_change INTEGER)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    k_score DOUBLE PRECISION := floor(p_score);
    k_wins  INTEGER := CASE WHEN p_score = p_wins THEN p_wins ELSE -1 END;
    k_games INTEGER := CASE WHEN p_score = p_wins THEN p_games ELSE -1 END;
BEGIN
    INSERT INTO board_tally AS t (game, scope, period, bucket, score, wins, games, players)
    VALUES (p_game, p_scope, p_period, p_bucket, k_score, k_wins, k_games, p_change)
    ON CONFLICT (game, scope, period, bucket, score, wins, games) DO UPDATE SET players = t.players + p_change;
    DELETE FROM board_tally t
    WHERE t.game = p_game AND t.scope = p_scope AND t.period = p_period AND t.bucket = p_bucket
      AND t.score = k_score AND t.wins = k_wins AND t.games = k_games AND t.players <= 0;
END $$;

-- Whether a player's standing in `scope` is counted: server boards count everyone, global ones
-- leave hidden players out.
CREATE FUNCTION board_tally_counts(p_scope BIGINT, p_user BIGINT) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT p_scope <> 0 OR NOT EXISTS (SELECT 1 FROM hidden_players h WHERE h.user_id = p_user)
$$;

CREATE FUNCTION board_tally_standing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND board_tally_counts(OLD.scope, OLD.user_id) THEN
        PERFORM board_tally_count(OLD.game, OLD.scope, OLD.period, OLD.bucket, OLD.score, OLD.wins, OLD.games, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND board_tally_counts(NEW.scope, NEW.user_id) THEN
        PERFORM board_tally_count(NEW.game, NEW.scope, NEW.period, NEW.bucket, NEW.score, NEW.wins, NEW.games, 1);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER board_tally_standing_changed AFTER INSERT OR UPDATE OR DELETE ON standings
FOR EACH ROW EXECUTE FUNCTION board_tally_standing_changed();

-- Hiding takes the player's global standings off the global tallies; showing again puts them back.
-- Their global rows are found through the games they have a rating or a solo record in, as in SQLite.
CREATE FUNCTION board_tally_player_hidden() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    who    BIGINT := CASE WHEN TG_OP = 'INSERT' THEN NEW.user_id ELSE OLD.user_id END;
    change INTEGER := CASE WHEN TG_OP = 'INSERT' THEN -1 ELSE 1 END;
BEGIN
    PERFORM board_tally_count(s.game, s.scope, s.period, s.bucket, s.score, s.wins, s.games, change)
    FROM standings s
    WHERE s.game IN (SELECT game FROM ratings WHERE user_id = who UNION SELECT game FROM solo_records WHERE user_id = who)
      AND s.scope = 0 AND s.period IN ('all', 'month', 'week') AND s.user_id = who;
    RETURN NULL;
END $$;

CREATE TRIGGER board_tally_player_hidden AFTER INSERT OR DELETE ON hidden_players
FOR EACH ROW EXECUTE FUNCTION board_tally_player_hidden();

-- PostgreSQL's twin of ../0003_races.sql: the channel a game was opened from, and claims.

ALTER TABLE games ADD COLUMN parent_id BIGINT;
UPDATE games SET parent_id = channel_id;
CREATE INDEX games_lobbies_by_creator ON games (creator_id) WHERE status = 'lobby';
CREATE INDEX games_lobbies_by_parent ON games (parent_id) WHERE status = 'lobby';

CREATE TABLE claims (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    what     TEXT   NOT NULL,
    at       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, what)
);

UPDATE games SET creator_id = (
    SELECT s.user_id FROM seats s WHERE s.game_id = games.id ORDER BY s.joined_at, s.joined LIMIT 1)
WHERE status IN ('lobby', 'active')
  AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = games.creator_id)
  AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id);

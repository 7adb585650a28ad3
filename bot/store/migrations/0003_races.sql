-- Races, crash recovery and abuse (issue 15).

-- The channel where the game was opened: the thread's parent when the game has its own thread,
-- else the game's channel itself. Open lobbies are capped per user and per such channel.
ALTER TABLE games ADD COLUMN parent_id INTEGER;
UPDATE games SET parent_id = channel_id;
CREATE INDEX games_lobbies_by_creator ON games (creator_id) WHERE status = 'lobby';
CREATE INDEX games_lobbies_by_parent ON games (parent_id) WHERE status = 'lobby';

-- Something that must be done once whatever the number of bot processes on this file (the
-- repair of a turn post lost in a crash): the first process to insert the row does it.
CREATE TABLE claims (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    what     TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, what)
);

-- The rights of a game's creator follow a seated player: a creator who left a lobby hands
-- them to the earliest seated player (the store does so on leave from now on).
UPDATE games SET creator_id = (
    SELECT s.user_id FROM seats s WHERE s.game_id = games.id ORDER BY s.joined_at, s.rowid LIMIT 1)
WHERE status IN ('lobby', 'active')
  AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = games.creator_id)
  AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id);

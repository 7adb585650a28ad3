-- PostgreSQL's twin of ../0006_flat_with_size.sql: one turn post per game and kind (the latest),
-- and the indexes the bot's queries need as the stored games pile up.

DELETE FROM messages WHERE message_id NOT IN (
    SELECT message_id FROM (
        SELECT message_id, ROW_NUMBER() OVER (
            PARTITION BY game_id, kind ORDER BY at DESC, message_id DESC) AS latest
        FROM messages) ranked
    WHERE latest = 1);
DROP INDEX messages_by_game;
CREATE UNIQUE INDEX messages_one_per_kind ON messages (game_id, kind);

CREATE INDEX games_by_channel ON games (channel_id, id);
CREATE INDEX games_running ON games (id) WHERE status = 'active';
CREATE INDEX games_live ON games (id) WHERE status IN ('lobby', 'active');
CREATE INDEX users_on_vacation ON users (vacation_until) WHERE vacation_until IS NOT NULL;

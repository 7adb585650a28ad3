-- Flat with size (issue 17): what a bot with thousands of stored games must not scan or keep.

-- One turn post per game and kind, the latest: only the newest turn post has buttons, and the
-- bot never looks at the older ones again (one row per action was 2.6 million rows for 10,000
-- games). Keep the latest of each game and kind, as the bot found it (by time, then id).
DELETE FROM messages WHERE message_id NOT IN (
    SELECT message_id FROM (
        SELECT message_id, ROW_NUMBER() OVER (
            PARTITION BY game_id, kind ORDER BY at DESC, message_id DESC) AS latest
        FROM messages)
    WHERE latest = 1);
CREATE UNIQUE INDEX messages_one_per_kind ON messages (game_id, kind);

-- A channel's latest game (status, board and log after the end) without a scan of all games.
CREATE INDEX games_by_channel ON games (channel_id, id);
-- The running games (the clock round looks at their seats only, not at every game ever played).
CREATE INDEX games_running ON games (id) WHERE status = 'active';
-- The live games (lobbies and running ones): a user's list of games skips the finished ones
-- here rather than in the table, however many they played.
CREATE INDEX games_live ON games (id) WHERE status IN ('lobby', 'active');
-- Who is away: the few with a vacation, not every user.
CREATE INDEX users_on_vacation ON users (vacation_until) WHERE vacation_until IS NOT NULL;

-- Ratings per game (issue 27): each finished game updates its people's ratings once, in the
-- transaction that stores its result, so a retry or a second process cannot rate it twice, and
-- `tabula ratings rebuild` can recompute everything from the results in the order they were
-- rated (bot/ratings.py says how a game is rated).

-- The order in which a finished game's result was rated (1, 2, ...); NULL: not rated (still
-- running, abandoned, or finished before this migration: `tabula ratings rebuild` rates those
-- first, in the order they finished). Setting it is the claim that makes rating idempotent.
ALTER TABLE games ADD COLUMN rated INTEGER;
CREATE UNIQUE INDEX games_rated ON games (rated) WHERE rated IS NOT NULL;

-- A person's rating in one game, across servers (openskill's mu and sigma), the number of
-- rated games behind it and the name they last played under.
CREATE TABLE ratings (
    user_id     INTEGER NOT NULL,
    game_key    TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (user_id, game_key)
);

-- What one game changed, per person: the end post shows it (+12 -> 1,534), /game stats draws
-- a player's history from it (guild_id and game_key copied from the game).
CREATE TABLE rating_changes (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER,
    game_key      TEXT    NOT NULL,
    rank          INTEGER NOT NULL,     -- 1 the best; ties share a place
    mu_before     REAL    NOT NULL,
    sigma_before  REAL    NOT NULL,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL,
    games         INTEGER NOT NULL,     -- the person's rated games of this game_key, this one included
    at            REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Who has a rating in a game from this server's games: a server's leaderboard is these people,
-- one row each (not their every game: 10,000 games of a server are a few hundred rows here),
-- with their conservative rating, so that the best are read from an index, however many.
CREATE TABLE rating_members (
    guild_id  INTEGER NOT NULL,
    game_key  TEXT    NOT NULL,
    user_id   INTEGER NOT NULL,
    ordinal   REAL NOT NULL,  -- their mu - 3 sigma now, kept with their rating
    PRIMARY KEY (guild_id, game_key, user_id)
);
CREATE INDEX rating_members_ranked ON rating_members (guild_id, game_key, ordinal DESC, user_id);
CREATE INDEX rating_members_by_user ON rating_members (user_id, game_key);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game_key, games);

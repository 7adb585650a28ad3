-- PostgreSQL's twin of ../0008_ratings.sql (the comments there say what each column means and
-- why). Here several processes rate at once: each rating transaction first takes one advisory
-- lock (bot/store/postgres.py), so `rated` follows the order in which ratings were committed.
ALTER TABLE games ADD COLUMN rated INTEGER;
CREATE UNIQUE INDEX games_rated ON games (rated) WHERE rated IS NOT NULL;

CREATE TABLE ratings (
    user_id     BIGINT  NOT NULL,
    game_key    TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game_key)
);

CREATE TABLE rating_changes (
    game_id       BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id       BIGINT  NOT NULL,
    guild_id      BIGINT,
    game_key      TEXT    NOT NULL,
    rank          INTEGER NOT NULL,
    mu_before     DOUBLE PRECISION NOT NULL,
    sigma_before  DOUBLE PRECISION NOT NULL,
    mu            DOUBLE PRECISION NOT NULL,
    sigma         DOUBLE PRECISION NOT NULL,
    games         INTEGER NOT NULL,
    at            DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game_key, games);

CREATE TABLE rating_members (
    guild_id  BIGINT  NOT NULL,
    game_key  TEXT    NOT NULL,
    user_id   BIGINT  NOT NULL,
    ordinal   DOUBLE PRECISION NOT NULL,  -- their mu - 3 sigma now, kept with their rating
    PRIMARY KEY (guild_id, game_key, user_id)
);
CREATE INDEX rating_members_ranked ON rating_members (guild_id, game_key, ordinal DESC, user_id);
CREATE INDEX rating_members_by_user ON rating_members (user_id, game_key);

-- PostgreSQL's twin of ../0001_initial.sql (same tables and columns, same meaning: the comments
-- there say it). Ids are BIGINT (Discord snowflakes), times DOUBLE PRECISION (Unix seconds),
-- JSON kept as TEXT, exactly as SQLite keeps it, so that `tabula db copy` moves it unchanged.

CREATE TABLE games (
    id          BIGSERIAL PRIMARY KEY,
    channel_id  BIGINT  NOT NULL,
    guild_id    BIGINT,
    game_key    TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator_id  BIGINT  NOT NULL,
    locale      TEXT    NOT NULL DEFAULT 'en',
    seed        BIGINT,
    version     INTEGER NOT NULL DEFAULT 0,
    state       TEXT,
    outcome     TEXT,
    created_at  DOUBLE PRECISION NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);

CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active');

-- `joined` orders the seats as they came (SQLite's rowid does it there).
CREATE TABLE seats (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    BIGINT  NOT NULL,
    name       TEXT    NOT NULL,
    joined_at  DOUBLE PRECISION NOT NULL,
    seat       INTEGER,
    joined     BIGSERIAL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE actions (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    user_id  BIGINT,
    text     TEXT    NOT NULL,
    events   TEXT    NOT NULL DEFAULT '[]',
    at       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, n)
);

CREATE TABLE messages (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id  BIGINT  NOT NULL PRIMARY KEY,
    channel_id  BIGINT  NOT NULL,
    kind        TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    at          DOUBLE PRECISION NOT NULL
);
CREATE INDEX messages_by_game ON messages (game_id, kind);

-- Games, seats, the append-only action history and the current state with its version.
-- One live game (lobby or active) per channel, enforced by a partial unique index.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    channel_id  INTEGER NOT NULL,
    guild_id    INTEGER,
    game_key    TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',   -- JSON, as parsed by engine.parse_options
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator_id  INTEGER NOT NULL,
    locale      TEXT    NOT NULL DEFAULT 'en',   -- language of the public board and log
    seed        INTEGER,                         -- set when the game starts
    version     INTEGER NOT NULL DEFAULT 0,      -- number of actions applied since the start
    state       TEXT,                            -- JSON snapshot after `version` actions
    outcome     TEXT,                            -- JSON engine.Outcome once finished
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

CREATE UNIQUE INDEX games_one_live_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    joined_at  REAL    NOT NULL,
    seat       INTEGER,                          -- NULL in the lobby, fixed at the start
    PRIMARY KEY (game_id, user_id)
);

-- Append-only: row n is the action that took the game from version n-1 to version n.
-- Texts starting with "." are platform actions (".resign"), not engine actions.
CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    user_id  INTEGER,
    text     TEXT    NOT NULL,
    events   TEXT    NOT NULL DEFAULT '[]',      -- JSON list of engine.Event, for the log
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, n)
);

-- Messages the bot posted for a game (turn messages with buttons), to find or edit them later.
CREATE TABLE messages (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id  INTEGER NOT NULL PRIMARY KEY,
    channel_id  INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    at          REAL    NOT NULL
);

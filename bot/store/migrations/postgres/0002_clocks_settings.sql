-- PostgreSQL's twin of ../0002_clocks_settings.sql: turn clocks, vacations, notification
-- choices, guild settings (the comments there say what each column holds).

ALTER TABLE games ADD COLUMN pace TEXT;
ALTER TABLE games ADD COLUMN timed_out INTEGER;

ALTER TABLE seats ADD COLUMN bank DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN running_since DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN asked_since DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN reminded_at DOUBLE PRECISION;

-- dm, before and threads stay 0/1 integers as in SQLite: one row format for both.
CREATE TABLE users (
    user_id        BIGINT PRIMARY KEY,
    dm             INTEGER NOT NULL DEFAULT 0,
    before         INTEGER NOT NULL DEFAULT 0,
    remind_hours   DOUBLE PRECISION,
    vacation_until DOUBLE PRECISION,
    locale         TEXT
);

CREATE TABLE guild_settings (
    guild_id  BIGINT PRIMARY KEY,
    locale    TEXT,
    pace      TEXT,
    threads   INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX seats_by_user ON seats (user_id);
CREATE INDEX games_by_guild ON games (guild_id, status);

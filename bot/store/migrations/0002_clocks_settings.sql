-- Play over days (issue 9): turn clocks, vacations, notification choices, guild settings.

-- The time control chosen at creation: NULL for none, else JSON {"bank": s, "increment": s,
-- "cap": s} in seconds (a bank of time per player, increment per move, cap on the bank).
ALTER TABLE games ADD COLUMN pace TEXT;
-- The seat whose clock ran out, while the other players decide what happens (NULL otherwise).
ALTER TABLE games ADD COLUMN timed_out INTEGER;

-- Each seated player's clock: the bank left when it last stopped, and since when it runs
-- (NULL while stopped: not their turn, on vacation, or no time control).
ALTER TABLE seats ADD COLUMN bank REAL;
ALTER TABLE seats ADD COLUMN running_since REAL;
-- Since when this seat has been asked to act (for reminders), and when it was last reminded.
ALTER TABLE seats ADD COLUMN asked_since REAL;
ALTER TABLE seats ADD COLUMN reminded_at REAL;

-- What each user asked for, across all games and guilds.
CREATE TABLE users (
    user_id        INTEGER PRIMARY KEY,
    dm             INTEGER NOT NULL DEFAULT 0,   -- a direct message when it is their turn
    before         INTEGER NOT NULL DEFAULT 0,   -- a direct message on the turn before theirs
    remind_hours   REAL,                         -- a reminder after this long (NULL: never)
    vacation_until REAL,                         -- clocks paused until then (NULL: not away)
    locale         TEXT                          -- language of direct messages (last seen)
);

CREATE TABLE guild_settings (
    guild_id  INTEGER PRIMARY KEY,
    locale    TEXT,                              -- default language of new games
    pace      TEXT,                              -- default time control, as games.pace
    threads   INTEGER NOT NULL DEFAULT 0         -- open each new game in its own thread
);

CREATE INDEX seats_by_user ON seats (user_id);
CREATE INDEX games_by_guild ON games (guild_id, status);

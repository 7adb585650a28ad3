-- PostgreSQL's twin of ../0004_command_sync.sql: the slash commands as last synced.
CREATE TABLE IF NOT EXISTS command_sync (
    scope  TEXT PRIMARY KEY,
    hash   TEXT NOT NULL,
    at     DOUBLE PRECISION NOT NULL
);

-- The slash commands as last synced with Discord (issue 15): a hash of the payload per
-- application and scope ("<application id>:global" or "<application id>:guild:<id>"), so that
-- start-up syncs only when the commands changed (`tabula sync` forces it).
CREATE TABLE IF NOT EXISTS command_sync (
    scope  TEXT PRIMARY KEY,
    hash   TEXT NOT NULL,
    at     REAL NOT NULL
);

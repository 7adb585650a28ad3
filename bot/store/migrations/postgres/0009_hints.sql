-- PostgreSQL's twin of ../0009_hints.sql (why there): 1 when the game's creator turned hints
-- on, 0 otherwise and for every game stored before.
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;

-- PostgreSQL's twin of ../0005_bots.sql (the comments there say what each column means).
ALTER TABLE seats ADD COLUMN bot TEXT;
ALTER TABLE seats ADD COLUMN bot_seed BIGINT;
ALTER TABLE games ADD COLUMN with_bots INTEGER NOT NULL DEFAULT 0;

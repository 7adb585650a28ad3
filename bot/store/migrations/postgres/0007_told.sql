-- PostgreSQL's twin of ../0007_told.sql (the comments there say what each column means).
ALTER TABLE games ADD COLUMN told INTEGER;
UPDATE games SET told = version WHERE status IN ('active', 'finished');
ALTER TABLE games ADD COLUMN told_view TEXT;

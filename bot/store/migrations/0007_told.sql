-- One post per turn (issue 23): the channel is told of a game when it changes hands, not at
-- every step of a turn. Each move decides, in the transaction that stores it, whether it is a
-- point the channel must be told of; the post then tells everything since the previous such
-- point. Deciding it here rather than when the post is made keeps two moves stored at once
-- (a simultaneous choice, two processes) from both claiming the same lines.

-- The version of the latest point the channel must be told of (its turn post is due, or made).
-- A game stored before this counts as told where it stands: nothing since is owed.
ALTER TABLE games ADD COLUMN told INTEGER;
UPDATE games SET told = version WHERE status IN ('active', 'finished');
-- At that point: the public view (the next post's picture outlines what changed since) and the
-- seats asked (an edit of that post shows who has chosen since), as JSON; NULL: not known (a
-- game stored before this), the picture then outlines nothing.
ALTER TABLE games ADD COLUMN told_view TEXT;

-- Hints for learners (issue 28): a game's creator may turn hints on in the lobby (`/game new
-- ... options: hints`); then `/move hint` and the Play menu's Hint button suggest the medium
-- bot's move to whoever is asked. The choice is the game's, kept with it, since every post of
-- the game shows it, its record says so, and a game played with hints is not rated (a rating
-- measures a person's own play): 1 on, 0 off (every game stored before this).
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;

-- Computer players (issue 14).

-- A seat played by a bot: its level (easy | medium | hard), NULL for a person. A bot seated in
-- the lobby has a user id of its own below zero (Discord's ids are positive). A player who left
-- a running game (resigned in a game of 3 or more, or whose clock ran out and the others chose
-- a bot) keeps their row and user id, ranks last, and a bot plays the seat from then on.
ALTER TABLE seats ADD COLUMN bot TEXT;
-- The seed of the bot's decisions (each decision's seed mixes it with the game's version).
ALTER TABLE seats ADD COLUMN bot_seed INTEGER;
-- Bots were seated at the start: such games are kept apart on the leaderboard.
ALTER TABLE games ADD COLUMN with_bots INTEGER NOT NULL DEFAULT 0;

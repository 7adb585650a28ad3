"""End-to-end tests of the Discord layer (marker `e2e`): the real TabulaBot, through the real
discord.py client, against the local stand-in of Discord (tests/standin), driven as players
drive the Discord client. play.py plays any game to its end; each game gets a complete-game test
(test_respublica.py) once it lands."""

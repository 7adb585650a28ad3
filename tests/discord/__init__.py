"""Tests of the Discord layer, through the real discord.py client with a recording fake of its HTTP."""

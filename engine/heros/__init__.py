"""Héros du Monde (Pascal Bernard, 2008; 2-5 players), a reconstructed edition. Rulebook:
the Héros du Monde rulebook (French edition; docs/SOURCES.md); readings and reconstructed components:
data/heros/README.md."""

from .game import Heros

__all__ = ["Heros"]

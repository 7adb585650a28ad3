"""Héros du Monde (Pascal Bernard, 2008; 2-5 players), a reconstructed edition. Rulebook:
/work/shared/seeds/002_1590ecd798d68744.txt; readings and reconstructed components:
data/heros/README.md."""

from .game import Heros

__all__ = ["Heros"]

"""Res Publica (Reiner Knizia, 3-5 players): trade people and civilisation cards, lay cities,
towns, churches and libraries. Rulebook: Res Publica (Reiner Knizia, Queen Games), French
rulebook."""

from .game import ResPublica

__all__ = ["ResPublica"]

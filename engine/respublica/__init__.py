"""Res Publica (Reiner Knizia, 3-5 players): trade people and civilisation cards, lay cities,
towns, churches and libraries. Rulebook: /work/shared/seeds/003_5696c65f3d882321.txt."""

from .game import ResPublica

__all__ = ["ResPublica"]

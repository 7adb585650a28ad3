"""7 Wonders Duel (Antoine Bauza, Bruno Cathala; 2 players), base game. Component facts and
rules: /work/shared/reference/7wd.md §1; readings: data/duel/README.md; the view: VIEW.md."""

from .game import Duel

__all__ = ["Duel"]

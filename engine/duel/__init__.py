"""7 Wonders Duel (Antoine Bauza, Bruno Cathala; 2 players), base game. Component facts and
rules: the reference notes on 7 Wonders Duel's components (« 7wd.md » §1, which quote the
official English rulebook); readings: data/duel/README.md; the view: VIEW.md. The expansions
(agora/, leaders/) plug in through the extension points of expansion.py."""

from .game import Duel

__all__ = ["Duel"]

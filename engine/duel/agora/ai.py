"""What a computer player knows of Agora (engine/duel/ai.py asks through `Expansion.hide` and
`Expansion.worth`).

Hidden from a seat: the decrees in the box and those face down in the Senate, the conspiracy
deck, the rival's conspiracies until triggered and the two it draws, the progress tokens put
face down by Obscurantism (pooled with those of the box), and the senators still in the decks
or face down (their backs are public: engine/duel/ai.card_class). A seat sees the cards removed
at setup while it chooses with Treason, and the box's tokens while it chooses with
Obscurantism.
"""

from __future__ import annotations

from engine.ai.deal import Deal
from engine.core import State

from .decrees import controller

CUBE = 0.35  # a cube in the Senate: chambers to take, beyond the points of those controlled
# Chambers controlled (6 win): the threat of political supremacy.
POLITICS = (0.0, 0.0, 0.0, 0.3, 1.0, 3.5, 3.5)
PREPARED = 1.5  # a conspiracy ready to trigger
UNPREPARED = 0.6


def hide(state: State, seat: int, deal: Deal) -> None:
    ag = state["agora"]
    choosing = state["active"] == seat
    if state["phase"] == "treason" and choosing:
        for age in range(1, state["age"] + 1):
            deal.known(state["removed"][str(age)])
    if state["phase"] == "obscure" and choosing:
        deal.known(state["box_tokens"])
    deal.unordered(ag["decree_box"], "decree")
    for chamber in ag["senate"]:
        for decree in chamber["decrees"]:
            if not decree["up"]:
                deal.place(decree, "id", "decree")
    deal.unordered(ag["plot_deck"], "plot")
    for other in (0, 1):
        if other != seat:
            for plot in ag["plots"][other]:
                if not plot["done"]:
                    deal.place(plot, "id", "plot")
    keeper = any(e["phase"] == "keep" and e["seat"] == seat for e in state["pending"])
    if ag["draw"] and not keeper:
        deal.unordered(ag["draw"], "plot")
    for token in ag["obscured"]:
        if not token["up"]:
            deal.place(token, "id", "progress")


def worth(state: State, seat: int) -> float:
    ag = state["agora"]
    cubes = sum(ch["cubes"][seat] for ch in ag["senate"])
    held = sum(1 for i in range(len(ag["senate"])) if controller(state, i) == seat)
    total = CUBE * cubes + POLITICS[min(held, len(POLITICS) - 1)]
    for plot in ag["plots"][seat]:
        if not plot["done"]:
            total += PREPARED if plot["card"] is not None else UNPREPARED
    return total

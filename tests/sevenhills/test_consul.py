"""The consul phase (Seven Hills, French rules V1.0, §V.2): election by the Forum, the consuls' legions,
the waiting camp, the returns decided by revealed cards' legion icons."""

from __future__ import annotations

import pytest

from engine.sevenhills import board as B
from engine.sevenhills.turn import end_turn
from tests.support import keys

from .helpers import G, act, clear_board, place, started, total_markers


def ending(players: int = 3) -> dict:
    state = clear_board(started(players))
    state["ending"] = True
    return state


def consul_phase(state: dict) -> tuple[dict, list]:
    ev = end_turn(state)  # the turn that reached the round limit ends
    return state, ev


def test_one_consul_with_three_players_plus_two_prestige() -> None:
    # (1) « Partie à 3 joueurs : Sélectionnez 1 consul (majeur) »; « gagne immédiatement 2 points »
    state = ending()
    place(state, 1, "forum", "plebeian", 2)
    place(state, 2, "forum", "knight")
    state, ev = consul_phase(state)
    assert state["consuls"] == [1]
    assert "seven-hills.log.consul" in keys(ev)
    assert state["phase"] == "levy" and list(G.prompt(state)) == [1]
    # scoring of the era adds nothing on the Forum (« n'accepte aucun point de placement »)


def test_two_consuls_with_four_players_ties_to_the_earlier_in_order() -> None:
    # (1) « Partie à 4 joueurs : 2 consuls (majeur / 2ème majeur) »; « En cas d'égalité, le joueur
    # précédent sur l'ordre de jeu actuel devient le consul »
    state = ending(4)
    state["order"] = [2, 3, 0, 1]
    place(state, 1, "forum", "plebeian", 2)
    place(state, 3, "forum", "plebeian", 2)
    place(state, 0, "forum", "noble", 2)  # markers count, not people: 2 like the others
    state, _ = consul_phase(state)
    assert state["consuls"] == [3, 0]
    assert [state["prestige"][s] for s in (3, 0, 1, 2)] == [2, 2, 0, 0]


def test_nobody_on_the_forum_no_consul() -> None:
    # (1) « Si aucun majeur ... ne se trouve au Forum Romanum, la partie continue sans Consul »
    state = ending()
    state, ev = consul_phase(state)
    assert state["consuls"] == [] and "seven-hills.log.no_consul" in keys(ev)
    assert state["phase"] in ("take", "act") and state["era"] == 2


def test_the_consul_levies_two_plebeians_from_anywhere_but_campus() -> None:
    # (2) « 2 légions de consul dans tous les secteurs y compris le forum Romanum »; « 1 légion de
    # consul signifie 1 marqueur plébéien »
    state = ending()
    place(state, 0, "forum", "noble")
    place(state, 1, "esquiline", "plebeian")
    place(state, 2, "forum", "plebeian")
    state, _ = consul_phase(state)
    assert sorted(G.legal(state, 0)) == ["levy @1 esquiline", "levy @2 forum"]
    state, _ = act(state, 0, "levy @1 esquiline")
    state, ev = act(state, 0, "levy @2 forum")
    assert state["legion"] == [0, 1, 1]
    assert state["era"] == 2  # the era was scored and the next began


def test_short_of_plebeians_levy_as_many_as_possible() -> None:
    # (2) « S'il y a un manque de plébéiens ..., vous pouvez en déplacer autant que possible »
    state = ending()
    place(state, 0, "forum", "noble")
    place(state, 2, "caelian", "plebeian")
    state, _ = consul_phase(state)
    state, ev = act(state, 0, "levy @2 caelian")
    assert "seven-hills.log.levy_short" in keys(ev) and state["legion"] == [0, 0, 1]


def test_two_consuls_alternate_the_earlier_first() -> None:
    # (2) « le joueur Consul précédent dans l'ordre de jeu organise la première légion »
    state = ending(4)
    place(state, 2, "forum", "noble", 2)
    place(state, 1, "forum", "noble")
    place(state, 3, "palatine", "plebeian", 4)
    state, _ = consul_phase(state)
    assert state["consuls"] == [2, 1]
    seen = []
    while state["phase"] == "levy":
        (seat,) = G.prompt(state)
        seen.append(seat)
        state, _ = act(state, seat, "levy @3 palatine")
    assert seen == [1, 2, 1, 2]  # seat 1 is earlier in the turn order (0, 1, 2, 3)


@pytest.mark.parametrize("icon,waiting,back,stay", [
    ("all", 3, 3, 0), ("half", 3, 2, 0), ("half", 1, 1, 0), ("half", 4, 2, 0),
    ("none", 3, 0, 0), ("wait", 3, 0, 3),
])
def test_returns_by_the_revealed_icon(icon: str, waiting: int, back: int, stay: int) -> None:
    # (3) the old legions move to the waiting camp, then each owner reveals 1 card: « Tous sont
    # retournés / 1/2 sont retournés (arrondi à l'entier le plus proche) / Tous sont retirés /
    # Restent dans le 'Waiting Camp' jusqu'à la prochaine phase de retour »
    state = ending()
    state["supply"][1]["plebeian"] -= waiting
    state["legion"][1] = waiting
    card = next(k.id for k in G_cards() if k.legion == icon)
    state["deck"].remove(card) if card in state["deck"] else None
    for hand in state["hands"]:
        if card in hand:
            hand.remove(card)
            hand.append(state["deck"].pop(0))
    state["deck"].append(card)  # on top
    before = total_markers(state, 1)
    state, ev = consul_phase(state)
    assert f"seven-hills.log.reveal_{icon}" in keys(ev)
    placed = 0
    while state["phase"] == "return":
        assert list(G.prompt(state)) == [1]
        # « vous pouvez les déplacer n'importe où dans les secteurs actuellement en jeu »
        assert {t.split()[1] for t in G.legal(state, 1)} == {"palatine", "caelian", "forum"}
        state, _ = act(state, 1, "return caelian")
        placed += 1
    assert placed == back
    assert B.count(state, "caelian", 1, "plebeian") == back
    assert state["waiting"][1] == stay
    assert total_markers(state, 1) == before  # the removed go back to the supply
    assert state["discard"][-1] == card or card in state["discard"]


def G_cards():
    from engine.sevenhills.components import load

    return load().cards


def test_new_legions_wait_an_era_before_returning() -> None:
    # the legions levied this era are « recrutés dans l'époque précédente » at the next consul
    # phase: they go to the waiting camp then, not now
    state = ending()
    place(state, 0, "forum", "noble")
    place(state, 1, "palatine", "plebeian", 2)
    state, _ = consul_phase(state)
    state, _ = act(state, 0, "levy @1 palatine")
    state, _ = act(state, 0, "levy @1 palatine")
    assert state["legion"] == [0, 2, 0] and state["waiting"] == [0, 0, 0]


def test_returning_legions_reach_every_sector_in_play() -> None:
    # (3) « S'ils étaient destinés à être retournés, vous pouvez les déplacer n'importe où dans
    # les secteurs actuellement en jeu »: in era 4, the hills of eras 1-4 and the Forum, although
    # a client is deployed only on the Viminal or the Forum then (§V.1 Placement (b))
    state = ending()
    state["era"] = 4
    state["supply"][1]["plebeian"] -= 2
    state["legion"][1] = 2
    card = next(k.id for k in G_cards() if k.legion == "all")
    for pile in (state["deck"], state["discard"], *state["hands"]):
        if card in pile:
            pile.remove(card)
            if pile is not state["deck"] and pile is not state["discard"]:
                pile.append(state["deck"].pop(0))
    state["deck"].append(card)  # on top
    state, _ = consul_phase(state)
    assert state["phase"] == "return" and list(G.prompt(state)) == [1]
    reach = {t.split()[1] for t in G.legal(state, 1)}
    assert reach == {"palatine", "caelian", "aventine", "quirinal", "viminal", "forum"}
    state, _ = act(state, 1, "return palatine")  # an era-1 hill
    assert B.count(state, "palatine", 1, "plebeian") == 1

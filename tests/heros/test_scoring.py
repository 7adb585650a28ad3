"""RB §Décompte des points de Civilisation: 1st all, 2nd half rounded up, 3rd the lowest
discovery; the text's tie-breaks; 2 players: no third place (§Précisions)."""

from __future__ import annotations

from engine.heros.scoring import ranking, score_ladder

from .helpers import G, act, after_setup, clear_board, force_bag, put, to_modern, to_play_step


def awards(values, pops, discovered=None, hwd=None, active=0):
    n = len(pops)
    got = score_ladder(values, pops, discovered or [0] * n, hwd or [0] * n, active)
    return [(a.seat, a.place, a.points) for a in got]


def test_europe_example_12_6_2() -> None:
    # RB §Décompte, Exemple: Système bancaire 4, Physique 3, Peinture 3, Ecole 2; blue 15,
    # green 12, red 8, yellow 4 -> blue 12, green 6, red 2.
    blue, green, red = 0, 1, 2  # yellow (3) is fourth and wins nothing
    pops = [15, 12, 8, 4]
    assert awards([4, 3, 3, 2], pops) == [(blue, 1, 12), (green, 2, 6), (red, 3, 2)]


def test_second_is_half_rounded_up_and_third_may_win_zero() -> None:
    # « la moitié des points de Civilisation du premier (arrondie au supérieur) », « (qui peut
    # être égale à 0 !) »
    assert awards([0, 3, 4], [3, 2, 1]) == [(0, 1, 7), (1, 2, 4), (2, 3, 0)]


def test_only_players_present_are_ranked_and_a_lone_player_takes_all() -> None:
    assert awards([1, 2, 3], [0, 5, 0]) == [(1, 1, 6)]


def test_two_players_have_no_third_place() -> None:
    # RB §Précisions pour le jeu à deux joueurs: « Ne prenez pas en compte la troisième place »
    assert awards([1, 2, 3], [4, 2]) == [(0, 1, 6), (1, 2, 3)]


def test_ties_discoveries_made_then_heroes_with_discoveries_then_the_player_whose_turn() -> None:
    # RB §Décompte: « comparant le nombre de Découvertes que leurs Héros ... auront effectuées
    # ... S'il y a toujours égalité, c'est le nombre de Héros ayant une valeur de Découverte ...
    # sinon c'est le joueur dont c'est le tour. »
    assert ranking([5, 5, 1], [2, 3, 0], [0, 0, 0], active=0) == [1, 0, 2]
    assert ranking([5, 5, 1], [3, 3, 0], [1, 2, 0], active=0) == [1, 0, 2]
    assert ranking([5, 5, 1], [3, 3, 0], [2, 2, 0], active=1) == [1, 0, 2]
    assert ranking([5, 5, 1], [3, 3, 0], [2, 2, 0], active=0) == [0, 1, 2]
    # neither tied player is the active one: the first clockwise after it (README reading)
    assert ranking([1, 5, 5], [0, 0, 0], [0, 0, 0], active=0) == [1, 2, 0]
    assert ranking([1, 5, 5], [0, 0, 0], [0, 0, 0], active=2) == [2, 1, 0]


def test_europe_example_through_the_engine_scored_at_once() -> None:
    # RB §Piocher et poser ... Exemple: « Charlemagne pioche 1 découverte « l'Ecole » ... décide de
    # poser l'école en Europe pour compléter l'échelle ... et provoquer ainsi un décompte »
    state = to_modern(clear_board(after_setup(4)))
    state["ladders"]["europe"] = ["banking", "physics", "painting"]
    for seat, n in enumerate([15, 12, 8, 4]):
        put(state, seat, "europe", n)
    to_play_step(state, "charlemagne", seat=0)
    force_bag(state, ["school"])
    state, _ = act(state, 0, "play charlemagne")
    state, _ = act(state, 0, "place mediterranean 4")  # Europe's counts stay as in the example
    assert state["step"] == "discover" and state["turn"]["drawn"] == ["school"]
    state, events = act(state, 0, "discover school europe")
    assert state["points"] == [12, 6, 2, 0]
    assert "europe" in state["scored"]
    keys = [e.msg.key for e in events]
    assert keys.count("heros.log.award") == 3 and "heros.log.complete" in keys
    # « Un Territoire dont l'échelle est complète est toujours en jeu!! »
    assert state["step"] in ("conquer", "spend")
    europe = next(t for t in G.view(state, None)["territories"] if t["id"] == "europe")
    assert europe["complete"]

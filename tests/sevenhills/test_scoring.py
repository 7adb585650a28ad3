"""Scoring each era (Seven Hills, French rules V1.0, §V.3), the next era (§V.3 (3)) and the end (§VI)."""

from __future__ import annotations

from engine.sevenhills.scoring import knight_points, majority_points, winners
from engine.sevenhills.turn import end_turn
from tests.support import keys

from .helpers import G, act, clear_board, place, started


def test_three_way_tie_on_an_older_hill_scores_two_each() -> None:
    # §V.3 (1) « S'il y a 3 majorités dans 1 colline précédente, marquez 2 points.
    # (5+2)/3=2,xxxx (ne tenez pas compte des décimales) Chaque joueur marque 2 points. »
    assert majority_points([2, 2, 2], (5, 2)) == [2, 2, 2]


def test_majority_and_second_new_and_old_hills() -> None:
    # (1) « (5/2) ... les nouvelles collines de l'époque en cours marquent (7/4) »
    assert majority_points([3, 1, 0], (5, 2)) == [5, 2, 0]
    assert majority_points([3, 1, 2], (7, 4)) == [7, 0, 4]


def test_ties_share_the_places_they_fill_floored() -> None:
    # « des points sont attribués à toutes les majorités (2ème majorité) mais seuls les nombres
    # entiers comptent »
    assert majority_points([3, 3, 1], (5, 2)) == [3, 3, 0]
    assert majority_points([3, 3, 1], (7, 4)) == [5, 5, 0]
    assert majority_points([4, 1, 1], (5, 2)) == [5, 1, 1]
    assert majority_points([4, 1, 1, 1], (5, 2)) == [5, 0, 0, 0]


def test_a_lone_majority_takes_all() -> None:
    # « S'il n'y a pas de 2ème majorité, le joueur avec la majorité marque tous les points »
    assert majority_points([2, 0, 0], (5, 2)) == [7, 0, 0]
    assert majority_points([0, 0, 1, 0], (7, 4)) == [0, 0, 11, 0]
    assert majority_points([0, 0, 0], (5, 2)) == [0, 0, 0]


def test_knights_pairs_and_the_five_knight_bonus() -> None:
    # (2) « chaque paire de marqueurs chevaliers ... 1 point. Si vous avez déployé vos 5
    # marqueurs chevaliers, marquez 4 points. (2 points + 2 points de bonus = 4points) »
    assert [knight_points(k) for k in range(6)] == [0, 0, 1, 1, 2, 4]


def test_an_era_scores_open_hills_nobles_count_two_not_the_forum() -> None:
    # §VII « Compte comme 2 personnes quand on marque les points de placement »; Forum « n'accepte
    # aucun point de placement »
    state = clear_board(started())
    state["era"] = 2  # palatine and caelian are old, aventine new (reconstructed schedule)
    place(state, 0, "palatine", "noble")  # 2 people
    place(state, 1, "palatine", "plebeian", 1)
    place(state, 2, "palatine", "knight", 2)  # 2 people: tied with seat 0
    place(state, 1, "aventine", "centurion")
    place(state, 2, "forum", "noble", 3)
    place(state, 0, "esquiline", "noble")  # not open: scores nothing
    scores = G.era_scores(state)
    assert scores[0]["hills"] == {"palatine": 3}  # (5+2)//2
    assert scores[2]["hills"] == {"palatine": 3}
    assert scores[1]["hills"] == {"aventine": 11}  # a lone majority on a new hill: 7+4
    assert scores[2]["knights"] == 1


def test_the_next_era_last_player_first_and_refill_to_two() -> None:
    # (3) « Le dernier joueur de l'époque en cours devient le premier joueur »; « Chaque joueur
    # avec 0 ou 1 carte ... complète sa main à 2 cartes (il ne pioche pas 2 cartes additionnelles) »
    state = clear_board(started(4))
    state["ending"] = True
    state["counter"] = 17
    state["hands"][1] = []
    state["hands"][2] = state["hands"][2][:1]
    ev = end_turn(state)
    assert state["era"] == 2 and state["order"] == [3, 0, 1, 2]
    assert [len(h) for h in state["hands"]] == [4, 2, 2, 4]
    assert state["counter"] == 0 and not state["ending"]
    assert list(G.prompt(state)) == [3]
    assert "seven-hills.log.next_era" in keys(ev)


def test_end_after_era_five_most_prestige() -> None:
    # §VI.1 « Le joueur avec le plus de points de prestige ... après la 5ème époque gagne »
    state = clear_board(started())
    state["era"] = 5
    state["ending"] = True
    state["prestige"] = [10, 30, 20]
    ev = end_turn(state)
    out = G.outcome(state)
    assert out is not None and out.winners == (1,) and state["phase"] == "over"
    assert out.reason.key == "seven-hills.outcome.points"
    assert "seven-hills.outcome.points" not in keys(ev)  # the end post says it, once
    assert "seven-hills.log.era_last" in keys(ev) and "seven-hills.log.era_total" not in keys(ev)
    assert [m.key for m in out.details] == ["seven-hills.outcome.score"] * 3
    assert G.prompt(state) == {} and G.legal(state, 1) == []


def test_tie_breaks_forum_then_shared() -> None:
    # §VI.2 « le joueur parmi les ex-æquo avec le plus de marqueurs clients au Forum Romanum »;
    # §VI.3 « S'il y a encore égalité, tous les joueurs précédemment ex-æquo gagnent »
    assert winners([9, 9, 3], [1, 2, 5]) == ([1], "forum")
    assert winners([9, 9, 3], [2, 2, 5]) == ([0, 1], "shared")
    assert winners([9, 8, 3], [0, 2, 5]) == ([0], "points")


def test_the_consul_points_and_the_era_total() -> None:
    # §V.3 (2) « Les points de consul (2points) sont attribués quand le consul est élu »
    state = clear_board(started())
    state["ending"] = True
    place(state, 2, "forum", "centurion")
    place(state, 2, "palatine", "knight", 2)
    end_turn(state)
    # consul 2 + palatine alone (new, 7+4) + 1 knight pair
    assert state["prestige"] == [0, 0, 2 + 11 + 1]
    state2 = act(state, state["order"][0], G.legal(state, state["order"][0])[0])[0]
    assert state2["era"] == 2

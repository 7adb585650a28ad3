"""Controlling chambers, decrees turned up, political supremacy and the chambers' points
(001_0bfc4baf4f650892.txt §D. CONTRÔLER UNE CHAMBRE, §E, §FIN DE LA PARTIE; 7wd.md §2.1)."""

from __future__ import annotations

from engine.duel import scoring
from engine.duel.agora import senate

from .helpers import G, act, agora, cubes, decree, keys, offer, ready, run


def _place(state, seat, chamber):  # noqa: ANN001, ANN202 - a direct Senate change
    return senate.place(state, seat, chamber - 1)


def test_strictly_more_cubes_controls() -> None:
    # 001_0bfc4baf4f650892.txt §D « Exemple : ... vous possédez 1 cube Influence et votre adversaire n'en possède aucun.
    # Vous êtes majoritaire »
    state = ready()
    events = _place(state, 0, 3)
    assert agora(state)["control"][2] == 0 and "duel.agora.log.control" in keys(events)
    # « En cas d'égalité ..., aucun de vous ne contrôle la Chambre »
    events = _place(state, 1, 3)
    assert agora(state)["control"][2] is None and "duel.agora.log.lost" in keys(events)
    _place(state, 1, 3)
    assert agora(state)["control"][2] == 1
    assert G.view(state, None)["agora"]["senate"][2]["control"] == 1


def test_a_face_down_decree_turns_up_when_a_cube_enters() -> None:
    # 001_0bfc4baf4f650892.txt §A « Dès que vous placez un cube Influence dans une Chambre contenant un Décret face
    # cachée, retournez ce jeton face visible »; a move in counts too (« until a cube enters »)
    state = ready()
    assert G.view(state, None)["agora"]["senate"][1]["decrees"] == [None]
    events = _place(state, 0, 2)
    assert "duel.agora.log.decree" in keys(events)
    assert G.view(state, None)["agora"]["senate"][1]["decrees"][0] is not None
    cubes(state, 3, 1, 0)
    senate.move(state, 0, 2, 3)  # chamber 3 -> 4
    assert agora(state)["senate"][3]["decrees"][0]["up"]


def test_the_controlled_decree_is_in_force_for_its_controller_only() -> None:
    # 001_0bfc4baf4f650892.txt §D « Vous bénéficiez alors de l'effet de son Décret »
    state = ready()
    decree(state, 1, "decree-discard")
    offer(state, "lumber-yard")
    assert G.legal(state, 0)[0] and "discard lumber-yard gain 2" in G.legal(state, 0)
    cubes(state, 1, 1, 0)
    assert "discard lumber-yard gain 4" in G.legal(state, 0)
    cubes(state, 1, 1, 1)
    assert "discard lumber-yard gain 2" in G.legal(state, 0)


def test_political_supremacy_ends_the_game_at_once() -> None:
    # 001_0bfc4baf4f650892.txt §E « si vous contrôlez les 6 Chambres du Sénat, vous remportez immédiatement la partie »
    state = ready()
    for c in (1, 2, 3, 4, 5):
        cubes(state, c, 1, 0)
    cubes(state, 6, 0, 0)
    offer(state, "conspirator-a")
    state, events = run(state, (0, "recruit conspirator-a free"), (0, "place 6"))
    assert "duel.log.win_politics" in keys(events)
    out = G.outcome(state)
    assert out is not None and out.winners == (0,) and out.reason.key == "duel.outcome.politics"
    assert state["phase"] == "over" and G.legal(state, 1) == []


def test_chamber_points_at_the_end() -> None:
    # 001_0bfc4baf4f650892.txt §D « À la fin de la partie, chaque Chambre que vous contrôlez vous rapporte des points de
    # victoire (1, 2 ou 3 points selon les Chambres) »; §FIN DE LA PARTIE (carnet de score)
    state = ready()
    cubes(state, 1, 1, 0)
    cubes(state, 3, 2, 1)
    cubes(state, 4, 0, 1)
    cubes(state, 5, 1, 1)
    p0, p1 = scoring.points(state, 0), scoring.points(state, 1)
    assert p0["senate"] == 1 + 3 and p1["senate"] == 3
    assert p0["total"] == sum(v for k, v in p0.items() if k != "total")


def test_shield_decree_moves_the_pawn_on_gain_and_loss() -> None:
    # 001_0bfc4baf4f650892.txt §Décrets « Vous gagnez 1 bouclier et déplacez immédiatement le pion Conflit d'une case ...
    # Dès que vous perdez le contrôle de ce Décret, vous perdez ce bouclier et déplacez le pion
    # Conflit d'une case vers votre capitale. Si votre adversaire vous vole le contrôle de ce
    # Décret, le pion Conflit se déplace donc de 2 cases vers votre capitale. »
    state = ready()
    decree(state, 2, "decree-shield")
    _place(state, 0, 2)
    assert state["pawn"] == 1
    _place(state, 1, 2)  # tie: seat 0 loses it
    assert state["pawn"] == 0
    _place(state, 0, 2)
    assert state["pawn"] == 1
    _place(state, 1, 2)
    _place(state, 1, 2)  # seat 1 steals it: 2 spaces towards seat 0's capital in all
    assert state["pawn"] == -1


def test_shield_decree_can_win_by_military_supremacy() -> None:
    state = ready()
    decree(state, 2, "decree-shield")
    state["pawn"] = 8
    state["loot"] = [True] * 4
    offer(state, "conspirator-a")
    state, _ = run(state, (0, "recruit conspirator-a free"), (0, "place 2"))
    assert state["outcome"]["reason"] == "military" and state["outcome"]["winners"] == [0]


def test_no_limit_of_cubes_in_a_chamber() -> None:
    # 001_0bfc4baf4f650892.txt §A « Il n'y a pas de limite au nombre de cubes Influence dans une même Chambre »
    state = ready()
    for _ in range(12):
        _place(state, 0, 4)
    assert agora(state)["senate"][3]["cubes"] == [12, 0] and senate.supply(state, 0) == 0


def test_moves_go_to_an_adjacent_chamber_only() -> None:
    # 001_0bfc4baf4f650892.txt §A « déplacez 1 de vos cubes Influence de n'importe quelle Chambre vers une Chambre voisine »;
    # 7wd.md §2.1: the chambers are a line, 2-3 and 4-5 are neighbours across sections
    state = ready()
    cubes(state, 2, 1, 0)
    cubes(state, 6, 1, 0)
    assert senate.move_pairs(state, 0) == [(1, 0), (1, 2), (5, 4)]
    state["phase"] = "play"
    offer(state, "politician-left-a")
    state, _ = act(state, 0, "recruit politician-left-a free")
    assert "move 6 5" in G.legal(state, 0) and "move 6 1" not in G.legal(state, 0)

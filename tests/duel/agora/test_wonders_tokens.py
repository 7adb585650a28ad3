"""Curia Julia, Knossos, Corruption, Organized Crime and the Agora military tokens
(001_0bfc4baf4f650892.txt §DESCRIPTION DES SYMBOLES « Merveilles », « Jetons Progrès »,
« Complots et jetons Militaires »; §ÉLÉMENTS DE JEU « Jetons Militaire »; 7wd.md §2.5-2.7)."""

from __future__ import annotations

from engine.duel import scoring

from .helpers import G, act, agora, coins, cubes, give, keys, legal, new, offer, plot, ready, run

CURIA = (("curia-julia", "the-great-lighthouse", "the-temple-of-artemis", "the-statue-of-zeus"),
         ("circus-maximus", "piraeus", "the-appian-way", "the-colossus"))
KNOSSOS = (("knossos", "the-great-lighthouse", "the-temple-of-artemis", "the-statue-of-zeus"),
           ("circus-maximus", "piraeus", "the-appian-way", "the-colossus"))


def drafting(wonder: str):  # noqa: ANN201 - a new game whose first offer holds `wonder`
    state = new(5)
    offer_ = state["draft"]["offer"]
    if wonder not in offer_:
        pool = state["wonder_pool"]
        pool[pool.index(wonder)], offer_[0] = offer_[0], wonder
    return state


def test_curia_julia_chosen_draws_two_conspiracies() -> None:
    # 001_0bfc4baf4f650892.txt §Merveilles « Au moment où vous choisissez cette Merveille, piochez 2 cartes Complot. Choisissez-en 1 ...
    # et replacez la deuxième dans la pioche (au-dessus ou en dessous selon votre choix). »
    state = drafting("curia-julia")
    deck = list(agora(state)["plot_deck"])
    state, events = act(state, 0, "draft curia-julia")
    assert state["phase"] == "keep" and state["active"] == 0 and agora(state)["draw"] == deck[:2]
    state, _ = act(state, 0, "keep 1 bottom")
    assert [p["id"] for p in agora(state)["plots"][0]] == [deck[0]]
    assert state["phase"] == "draft" and state["active"] == 1  # the draft goes on


def test_knossos_chosen_places_a_cube() -> None:
    # 001_0bfc4baf4f650892.txt §Merveilles « Au moment où vous choisissez cette Merveille, placez 1 de vos cubes Influence dans une
    # Chambre de votre choix. »
    state = drafting("knossos")
    state, _ = act(state, 0, "draft knossos")
    assert state["phase"] == "place" and len(legal(state, 0)) == 6
    state, _ = act(state, 0, "place 6")
    assert agora(state)["senate"][5]["cubes"] == [1, 0]
    assert state["phase"] == "draft" and state["active"] == 1


def test_a_whole_draft_with_both_new_wonders_ends_in_age_one() -> None:
    state = drafting("knossos")
    seen = set()
    while state["phase"] != "play" or state["age"] == 0:
        seat = next(iter(G.prompt(state)))
        text = sorted(G.legal(state, seat))[0]
        seen.add(state["phase"])
        state, _ = act(state, seat, text)
    assert state["age"] == 1 and state["active"] == 0 and "place" in seen


def test_curia_julia_built_triggers_an_unprepared_conspiracy_six_coins_and_play_again() -> None:
    # 001_0bfc4baf4f650892.txt §Merveilles « Lorsque vous construisez cette Merveille, immédiatement : Déclenchez un Complot non préparé
    # en votre possession (optionnel). Prenez 6 Pièces de la Banque. Jouez un nouveau tour. »
    state = ready(wonders=CURIA)
    plot(state, 0, "coup")
    coins(state, 0, 30)
    offer(state, "lumber-yard")
    text = legal(state, 0, "wonder curia-julia lumber-yard")[0]
    paid = int(text.split()[-1]) if text.split()[-2] == "pay" else 0
    state, _ = act(state, 0, text)
    assert state["phase"] == "curia" and set(legal(state, 0)) == {"trigger 1", "skip"}
    assert state["players"][0]["coins"] == 30 - paid + 6
    state, _ = act(state, 0, "trigger 1")
    assert state["pawn"] == 2 and agora(state)["plots"][0][0]["done"]
    assert state["phase"] == "play" and state["active"] == 0  # play again


def test_knossos_built_places_moves_and_scores_three() -> None:
    # 001_0bfc4baf4f650892.txt §Merveilles « Placez immédiatement 1 de vos cubes ... Déplacez immédiatement 1 de vos cubes ...
    # (optionnel). Gagnez 3 points de victoire à la fin de la partie. »
    state = ready(wonders=KNOSSOS)
    coins(state, 0, 30)
    offer(state, "lumber-yard")
    before = scoring.points(state, 0)["wonders"]
    state, _ = act(state, 0, legal(state, 0, "wonder knossos lumber-yard")[0])
    state, _ = act(state, 0, "place 3")
    assert state["phase"] == "move" and "skip" in legal(state, 0)
    state, _ = act(state, 0, "move 3 4")
    assert agora(state)["senate"][3]["cubes"] == [1, 0] and state["active"] == 1
    assert scoring.points(state, 0)["wonders"] == before + 3


def test_small_military_token_places_a_cube_for_the_mover_no_looting() -> None:
    # 001_0bfc4baf4f650892.txt §Complots et jetons Militaires « Placez 1 de vos cubes Influence dans une Chambre de votre choix. »; the Agora tokens
    # replace the base ones (§ÉLÉMENTS DE JEU « Jetons Militaire »): no coins lost
    state = ready()
    state["pawn"] = 2
    coins(state, 1, 7)
    offer(state, "stable")
    state, events = act(state, 0, "construct stable pay 0" if "construct stable pay 0" in G.legal(state, 0) else legal(state, 0, "construct stable")[0])
    assert "duel.agora.log.military" in keys(events) and "duel.log.lose" not in keys(events)
    assert state["phase"] == "place" and state["active"] == 0 and state["players"][1]["coins"] == 7
    state, _ = act(state, 0, "place 2")
    assert state["active"] == 1


def test_large_military_token_removes_a_rival_cube_then_may_move() -> None:
    # 001_0bfc4baf4f650892.txt §Complots et jetons Militaires « Retirez 1 cube Influence adverse de votre choix du Sénat. » + « Vous pouvez déplacer »
    state = ready()
    state["pawn"] = 5
    state["loot"] = [False, False, True, False]
    cubes(state, 4, 1, 1)
    offer(state, "stable")
    state, events = act(state, 0, legal(state, 0, "construct stable")[0])
    assert state["phase"] == "remove" and legal(state, 0) == ["remove 4"]
    state, _ = act(state, 0, "remove 4")
    assert agora(state)["control"][3] == 0 and state["phase"] == "move"
    state, _ = act(state, 0, "skip")
    assert state["active"] == 1


def test_military_token_with_no_rival_cube_is_skipped() -> None:
    state = ready()
    state["pawn"] = 5
    state["loot"] = [False, False, True, False]
    offer(state, "stable")
    state, _ = act(state, 0, legal(state, 0, "construct stable")[0])
    assert state["active"] == 1 and state["phase"] == "play"


def test_corruption_and_organized_crime_are_progress_tokens() -> None:
    # 001_0bfc4baf4f650892.txt §ÉLÉMENTS DE JEU « Jetons Progrès »: usable with this expansion only, added to the base ones
    state = ready()
    give(state, 0)
    assert {"corruption", "organized-crime"} <= set(state["board_tokens"] + state["box_tokens"])
    assert "corruption" not in G.setup(2, 1, {})["box_tokens"] + G.setup(2, 1, {})["board_tokens"]


def test_politics_of_a_full_game_loop() -> None:
    state = ready()
    for c in range(1, 6):
        cubes(state, c, 2, 0)
    plot(state, 0, "political-maneuver", card="stone-pit")
    state, events = run(state, (0, "trigger 1"), (0, "place 6"))
    assert state["outcome"]["reason"] == "politics" and "duel.log.win_politics" in keys(events)

"""Res Publica (Reiner Knizia, Queen Games), French rulebook ("003" below):
« Commerce » (A. Chercher, B. Proposer), « Règles commerciales » and their examples."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.respublica.cards import variant
from engine.respublica.trade import all_proposals, mixable, parse

from .helpers import G, act, keys, new, run, set_hand


def err(state, seat, text) -> str:
    with pytest.raises(IllegalAction) as info:
        act(state, seat, text)
    return info.value.msg.key


def trading_state(players: int = 3, classic: bool = False):
    """Seat 0 to play; hands chosen per test."""
    state = new(players, classic)
    for s in range(players):
        set_hand(state, s, {})
    return state


# --- the shape of a proposal: « plus de deux caractéristiques ... ne peuvent être citées » ----


@pytest.mark.parametrize("text", [
    "seek 1 vikings",  # Je cherche 1 carte de Vikings
    "seek 1 monks",  # Je cherche 1 carte de Moines
    "seek 2 huns and 1 shipbuilding",  # ... 2 cartes de Huns et 1 carte de construction navale
    "seek 3 alchemy or 3 metallography",  # ... 3 cartes d'alchimie ou 3 cartes de métallographie
])
def test_commerce_A_chercher_rulebook_examples_are_legal(text):
    """003, Commerce / A. Chercher une ou deux cartes: the four « Je cherche » examples."""
    state = trading_state()
    assert text in G.legal(state, 0)
    state, ev = act(state, 0, text)
    assert keys(ev) == ["res-publica.event.seek"]
    assert G.view(state, None)["trade"]["proposal"] == text.removeprefix("seek ")


@pytest.mark.parametrize("answer", [
    "1 huns",  # Contre 1 carte de Huns
    "1 books or 2 civilisation",  # Contre 1 carte de livres ou 2 cartes de civilisation au choix
    "1 anglo-saxons and 2 commerce",  # Contre 1 carte d'Anglo-Saxons et 2 cartes de commerce
    "2 shipbuilding or architecture",  # Contre 2 cartes de construction navale ou d'architecture
])
def test_commerce_A_rulebook_counterparts_are_legal_answers(answer):
    """003, Commerce / Exemples de contrepartie: what an answerer asks for in exchange; it need
    not be held by anyone."""
    state = trading_state()
    set_hand(state, 1, {"vikings": 1})
    state, _ = act(state, 0, "seek 1 vikings")
    assert f"answer {answer}" in G.legal(state, 1)
    state, ev = act(state, 1, f"answer {answer}")
    assert keys(ev) == ["res-publica.event.answer.seek"]


@pytest.mark.parametrize("text, hand", [
    ("offer 2 goths", {"goths": 2}),  # J'offre 2 cartes de Goths
    ("offer 1 monks and 2 people", {"monks": 1, "huns": 2}),  # Moines et 2 des peuples supplémentaires
    ("offer 1 huns and 1 shipbuilding", {"huns": 1, "shipbuilding": 1}),
    ("offer 2 metallography", {"metallography": 2}),  # J'offre 2 cartes de métallographie
    ("offer 1 anglo-saxons or 1 lombards", {"lombards": 1, "anglo-saxons": 1}),  # Information
])
def test_commerce_B_proposer_rulebook_examples_are_legal(text, hand):
    """003, Commerce / B. Proposer and Règles commerciales: the « J'offre » examples."""
    state = trading_state()
    set_hand(state, 0, hand)
    assert text in G.legal(state, 0)
    state, ev = act(state, 0, text)
    assert keys(ev) == ["res-publica.event.offer"]


@pytest.mark.parametrize("text, canonical", [
    ("2 goths and 1 huns", "1 huns and 2 goths"),  # 2 cartes de Goths et une carte de Huns
    ("2 architecture or 3 people", None),  # 2 cartes d'architecture ou 3 cartes des peuples
    ("1 metallography and 2 cards", None),  # 1 carte de métallographie et 2 autres cartes
    ("2 pairs or 3 civilisation", "3 civilisation or 2 pairs"),  # 2 paires ou 3 cartes de civ.
])
def test_regles_commerciales_allowed_examples(text, canonical):
    """003, Règles commerciales / Exemples: allowed combinations; each proposal has one text,
    kinds in canonical order (the error names it)."""
    v = variant("full")
    if canonical is None:
        assert parse(v, text.split()).text == text
    else:
        with pytest.raises(IllegalAction) as info:
            parse(v, text.split())
        assert info.value.msg.key == "res-publica.error.order"
        assert info.value.msg.params["canonical"] == canonical
        assert parse(v, canonical.split()).text == canonical


def test_regles_commerciales_forbidden_three_characteristics():
    """003, Règles commerciales / Combinaisons interdites: « 1 carte de Goths, de Huns et
    d'Anglo-Saxons » — three characteristics."""
    state = trading_state()
    assert err(state, 0, "seek 1 anglo-saxons and 1 huns and 1 goths") == \
        "res-publica.error.too_many_terms"
    assert err(state, 0, "seek 1 anglo-saxons or 1 huns and 1 goths") == \
        "res-publica.error.too_many_terms"


def test_regles_commerciales_forbidden_but_not():
    """003, Combinaisons interdites: « 1 carte de civilisation mais pas de carte d'alchimie »."""
    state = trading_state()
    assert err(state, 0, "seek 1 civilisation but not alchemy") == \
        "res-publica.error.proposal_syntax"


def test_regles_commerciales_forbidden_seek_and_offer_at_once():
    """003, « Il est impossible de faire une offre et une demande »; Exemple d'échange interdit:
    « Je cherche une carte de Huns et offre une carte de Goths »."""
    state = trading_state()
    set_hand(state, 0, {"goths": 1})
    assert err(state, 0, "seek 1 huns and offer 1 goths") == "res-publica.error.seek_and_offer"
    assert err(state, 0, "seek offer 1 goths") == "res-publica.error.seek_and_offer"
    assert not any("offer" in t.split()[1:] for t in G.legal(state, 0))


def test_regles_commerciales_same_kind_twice_and_count_limits():
    """Two characteristics means two different kinds; a term counts 1..5 (our cap, README)."""
    state = trading_state()
    assert err(state, 0, "seek 1 huns and 2 huns") == "res-publica.error.same_kind"
    assert err(state, 0, "seek 0 huns") == "res-publica.error.count_range"
    assert err(state, 0, "seek 6 huns") == "res-publica.error.count_range"
    assert err(state, 0, "seek") == "res-publica.error.proposal_missing"
    assert err(state, 0, "seek huns") == "res-publica.error.proposal_syntax"


def test_regles_commerciales_point_cards_cannot_be_traded():
    """003, « Il est interdit d'échanger des cartes des points »: they are not a kind."""
    state = trading_state()
    for card in ("city", "town", "church", "library"):
        assert err(state, 0, f"seek 1 {card}") == "res-publica.error.unknown_kind"


def test_proposals_each_have_one_text_and_are_all_legal_seeks():
    """Canonical texts: every proposal is distinct, parses back to itself."""
    for name in ("full", "classic"):
        v = variant(name)
        props = all_proposals(name)
        texts = [p.text for p in props]
        assert len(set(texts)) == len(texts)
        k = len(v.term_kinds) - 1  # kinds counted in cards; then pairs, counted 1..2
        mixes = sum(1 for i, a in enumerate(v.term_kinds) for b in v.term_kinds[i + 1:]
                    if mixable(v, a, b))
        # two specific kinds, or a specific kind with the other family's generic kind
        n = len(v.kinds)
        assert mixes == n * (n - 1) // 2 + n
        assert len(texts) == (5 * k + 2 * 25 * k * (k - 1) // 2  # cards: one or two terms
                              + 2 + 2 * 5 * 2 * k  # pairs alone, or with a card term
                              + 5 * mixes)  # one count over two kinds
        for p in props[::97]:
            assert parse(v, p.text.split()) == p


# --- who must hold what --------------------------------------------------------------------


def test_offer_only_cards_you_hold():
    """003, « Chose promise, chose due: un joueur n'a le droit de proposer que des cartes qu'il
    possède »; the refusal says what is short."""
    state = trading_state()
    set_hand(state, 0, {"huns": 3})
    with pytest.raises(IllegalAction) as info:
        act(state, 0, "offer 4 huns")
    assert info.value.msg.key == "res-publica.error.cannot_offer"
    assert info.value.msg.params["held"] == 3
    assert "offer 3 huns" in G.legal(state, 0)
    assert "offer 4 huns" not in G.legal(state, 0)


def test_offer_and_means_other_cards():
    """003, « J'offre 1 carte de Moines et 2 cartes des peuples supplémentaires »: the two people
    cards come on top of the monk."""
    state = trading_state()
    set_hand(state, 0, {"monks": 1, "huns": 1})
    assert err(state, 0, "offer 1 monks and 2 people") == "res-publica.error.cannot_offer_any"
    set_hand(state, 0, {"monks": 3})
    assert "offer 1 monks and 2 people" in G.legal(state, 0)
    set_hand(state, 0, {"monks": 1, "huns": 1, "alchemy": 5})
    assert "offer 1 monks and 2 cards" in G.legal(state, 0)
    assert "offer 1 monks and 2 people" not in G.legal(state, 0)


def test_offer_or_needs_every_branch():
    """003, Règles commerciales: « un joueur n'a le droit de proposer que des cartes qu'il
    possède »: each branch of an offered « ou » must be held (no bluffing with a card one has
    not); the giver still picks the branch at delivery (Information: « vous empêchez les autres
    joueurs de savoir quelle carte vous allez donner »)."""
    state = trading_state()
    set_hand(state, 0, {"lombards": 1})
    assert "offer 1 anglo-saxons or 1 lombards" not in G.legal(state, 0)
    assert err(state, 0, "offer 1 anglo-saxons or 1 lombards") == "res-publica.error.cannot_offer"
    set_hand(state, 0, {"lombards": 1, "anglo-saxons": 1})
    assert "offer 1 anglo-saxons or 1 lombards" in G.legal(state, 0)
    assert "offer 2 anglo-saxons or 1 lombards" not in G.legal(state, 0)


def test_sought_or_needs_one_branch_from_the_answerer():
    """003, A. Chercher: the answerer gives what is sought; for a sought « ou » holding one
    branch is enough, the giver choosing which (« où un "ou" laisse un choix »)."""
    state = trading_state()
    set_hand(state, 1, {"goths": 1})
    state, _ = act(state, 0, "seek 1 vikings or 1 goths")
    assert "answer 1 huns" in G.legal(state, 1)


def test_seek_answerers_must_hold_the_sought_cards():
    """003, A. Chercher: « les joueurs, qui possèdent la carte recherchée, annoncent ... ce qu'il
    désire en échange »: a player without it can only pass."""
    state = trading_state()
    set_hand(state, 1, {"goths": 1})
    state, _ = act(state, 0, "seek 1 vikings")
    assert G.legal(state, 1) == ["pass"]
    assert err(state, 1, "answer 1 huns") == "res-publica.error.cannot_give_sought"


def test_offer_answers_must_be_held():
    """003, B. Proposer: each interested player says what they would give; « un joueur n'a le
    droit de proposer que des cartes qu'il possède »."""
    state = trading_state()
    set_hand(state, 0, {"goths": 2})
    set_hand(state, 1, {"huns": 1})
    state, _ = act(state, 0, "offer 2 goths")
    assert "answer 1 huns" in G.legal(state, 1)
    assert "answer 2 huns" not in G.legal(state, 1)
    assert err(state, 1, "answer 2 huns") == "res-publica.error.cannot_offer"


# --- the order of a trade ------------------------------------------------------------------


def test_answers_go_clockwise_one_at_a_time():
    """003, « Toujours dans le sens des aiguilles d'une montre, les joueurs ... annoncent, chacun
    leur tour »: seat+1, seat+2, ...; only the current answerer is asked."""
    state = trading_state(4)
    state["active"] = 2
    for s in range(4):
        set_hand(state, s, {"vikings": 1})
    state, _ = act(state, 2, "seek 1 vikings")
    order = []
    while G.view(state, None)["phase"] == "answers":
        (seat,) = G.prompt(state)
        order.append(seat)
        state, _ = act(state, seat, "pass")
    assert order == [3, 0, 1]


def test_ani_example_nobody_answers_no_deal():
    """003, Exemple: « Ani cherche une carte de Goths. Personne ne répond à l'offre (puisque
    les autres joueurs n'ont pas la carte ou ne veulent pas céder leur carte). Ani ne peut donc
    pas faire d'affaire »: seat 1 holds a Goth and will not give it (« passes »), seat 2 has
    none (« cannot give », issue 44); the trade ends by itself, and the attempt is spent."""
    state = trading_state()
    set_hand(state, 1, {"goths": 1})
    state, _ = act(state, 0, "seek 1 goths")
    state, ev = run(state, (1, "pass"), (2, "pass"))
    assert keys(ev) == ["res-publica.event.pass", "res-publica.event.cannot.seek",
                        "res-publica.event.no_answer"]
    view = G.view(state, None)
    assert view["phase"] == "turn" and view["trade"] is None and view["traded"]
    assert err(state, 0, "seek 1 goths") == "res-publica.error.already_traded"
    assert not any(t.startswith(("seek", "offer")) for t in G.legal(state, 0))
    assert "end" in G.legal(state, 0)


def test_one_trade_per_turn_even_after_a_deal():
    """003, Remarque: « Le joueur ne peut accepter qu'une seule proposition commerciale au cours
    de son tour. Il n'a aussi le droit de faire une affaire qu'une fois par tour »."""
    state = trading_state()
    set_hand(state, 0, {"huns": 1})
    set_hand(state, 1, {"goths": 1})
    state, _ = run(state, (0, "seek 1 goths"), (1, "answer 1 huns"), (2, "pass"),
                   (0, "accept @1"))
    assert state["hands"][0]["goths"] == 1 and state["hands"][1]["huns"] == 1
    assert err(state, 0, "offer 1 goths") == "res-publica.error.already_traded"


def test_declined_trade_spends_the_attempt():
    """003, « Chaque joueur n'a qu'une seule tentative » and the orphan sentence read as: a trade
    not concluded still counts as the turn's attempt (README)."""
    state = trading_state()
    set_hand(state, 1, {"goths": 1})
    state, ev = run(state, (0, "seek 1 goths"), (1, "answer 1 huns"), (2, "pass"),
                    (0, "decline"))
    assert keys(ev)[-1] == "res-publica.event.decline"
    assert err(state, 0, "seek 1 vikings") == "res-publica.error.already_traded"


def test_trading_comes_before_laying():
    """003, Déroulement du jeu: the actions « dans l'ordre donné »: Commerce, then Poser."""
    state = trading_state()
    set_hand(state, 0, {"huns": 5, "goths": 1})
    state, _ = act(state, 0, "lay huns")
    assert err(state, 0, "offer 1 goths") == "res-publica.error.trade_after_lay"
    assert not any(t.startswith(("seek", "offer")) for t in G.legal(state, 0))


def test_accept_only_answers_both_sides_can_deliver():
    """003, « Chose promise, chose due »: the seeker can accept only an answer asking for cards
    they hold; an answer from a passer cannot be accepted."""
    state = trading_state()
    set_hand(state, 0, {"huns": 1})
    set_hand(state, 1, {"goths": 1})
    set_hand(state, 2, {"goths": 1})
    state, _ = run(state, (0, "seek 1 goths"), (1, "answer 2 huns"), (2, "answer 1 huns"))
    assert G.legal(state, 0) == ["decline", "accept @2"]
    with pytest.raises(IllegalAction) as info:
        act(state, 0, "accept @1")
    assert info.value.msg.key == "res-publica.error.cannot_deliver"
    assert info.value.msg.params["held"] == 1


def test_accept_a_passer_is_refused():
    state = trading_state()
    set_hand(state, 1, {"goths": 1})
    state, _ = run(state, (0, "seek 1 goths"), (1, "answer 1 cards"), (2, "pass"))
    assert err(state, 0, "accept @2") == "res-publica.error.no_answer"
    assert err(state, 0, "accept 2") == "res-publica.error.accept_syntax"


def test_unequal_numbers_of_cards_may_be_exchanged():
    """003, « Les joueurs ne sont pas obligés d'échanger le même nombre de cartes »."""
    state = trading_state()
    set_hand(state, 0, {"goths": 3})
    set_hand(state, 1, {"huns": 1})
    state, ev = run(state, (0, "offer 3 goths"), (1, "answer 1 huns"), (2, "pass"),
                    (0, "accept @1"))
    assert keys(ev)[-1] == "res-publica.event.trade"
    assert state["hands"][0] == {**state["hands"][0], "goths": 0, "huns": 1}
    assert state["hands"][1]["goths"] == 3 and state["hands"][1]["huns"] == 0


def test_exchange_happens_in_view_of_everyone():
    """003, « les deux partenaires commerciaux échangent, aux yeux des autres joueurs, les cartes
    nommées »: the trade event is public and names the cards."""
    state = trading_state()
    set_hand(state, 0, {"goths": 1})
    set_hand(state, 1, {"huns": 1})
    state, ev = run(state, (0, "offer 1 goths"), (1, "answer 1 huns"), (2, "pass"),
                    (0, "accept @1"))
    trade = ev[-1]
    assert trade.to is None
    assert {m.key for m in trade.msg.params["gave_a"]} == {"res-publica.term.goths"}
    assert {m.key for m in trade.msg.params["gave_b"]} == {"res-publica.term.huns"}


# --- delivery: « chose promise, chose due » --------------------------------------------------


def test_giver_with_a_choice_chooses_what_to_give():
    """A generic promise (« 2 cartes de civilisation au choix ») leaves the giver the choice."""
    state = trading_state()
    set_hand(state, 0, {"alchemy": 1, "commerce": 1, "architecture": 1})
    set_hand(state, 1, {"vikings": 1})
    state, ev = run(state, (0, "seek 1 vikings"), (1, "answer 2 civilisation"), (2, "pass"),
                    (0, "accept @1"))
    assert G.prompt(state).keys() == {0}  # the Viking is delivered without a choice
    assert sorted(G.legal(state, 0)) == [
        "give 1 alchemy 1 architecture", "give 1 alchemy 1 commerce",
        "give 1 commerce 1 architecture"]
    state, ev = act(state, 0, "give 1 alchemy 1 architecture")
    assert state["hands"][0] == {**state["hands"][0], "commerce": 1, "alchemy": 0,
                                 "architecture": 0, "vikings": 1}
    assert state["hands"][1]["alchemy"] == 1 and state["hands"][1]["architecture"] == 1


def test_give_must_keep_the_promise():
    state = trading_state()
    set_hand(state, 0, {"alchemy": 2, "huns": 2})
    set_hand(state, 1, {"vikings": 1})
    state, _ = run(state, (0, "seek 1 vikings"), (1, "answer 2 civilisation or 2 cards"),
                   (2, "pass"), (0, "accept @1"))
    assert "give 1 huns 1 alchemy" in G.legal(state, 0)
    assert err(state, 0, "give 3 alchemy") == "res-publica.error.hold_only"
    assert err(state, 0, "give 1 alchemy") == "res-publica.error.give_mismatch"
    assert err(state, 0, "give 1 alchemy 1 huns") == "res-publica.error.give_order"
    assert err(state, 0, "give 2 civilisation") == "res-publica.error.give_generic"
    assert err(state, 0, "give two alchemy") == "res-publica.error.give_syntax"
    assert err(state, 0, "lay huns") == "res-publica.error.expect.deliver"


def test_both_choosers_choose_at_once_and_the_first_choice_stays_hidden():
    """Both partners with a choice are asked together; the first choice is not shown to anyone
    else until the swap, which is then public."""
    state = trading_state()
    set_hand(state, 0, {"huns": 1, "goths": 1})
    set_hand(state, 1, {"alchemy": 1, "commerce": 1})
    state, _ = run(state, (0, "offer 1 people"), (1, "answer 1 civilisation"), (2, "pass"),
                   (0, "accept @1"))
    assert G.prompt(state).keys() == {0, 1}
    state, ev = act(state, 1, "give 1 commerce")
    assert [e.to for e in ev] == [(1,)]
    assert G.prompt(state).keys() == {0}
    for viewer in (None, 0, 2):
        assert "commerce" not in str(G.view(state, viewer)["trade"])
    assert G.view(state, 1)["trade"]["deliver"][1]["cards"] == "1 commerce"
    state, ev = act(state, 0, "give 1 goths")
    assert keys(ev) == ["res-publica.event.trade"] and ev[0].to is None
    assert state["hands"][0]["commerce"] == 1 and state["hands"][1]["goths"] == 1
    assert G.view(state, None)["phase"] == "turn"


def test_wrong_verb_in_each_phase_has_a_precise_reason():
    state = trading_state()
    assert err(state, 0, "pass") == "res-publica.error.expect.turn"
    assert err(state, 0, "frobnicate") == "error.unknown_action"
    set_hand(state, 1, {"goths": 1})
    state, _ = act(state, 0, "seek 1 goths")
    assert err(state, 1, "lay goths") == "res-publica.error.expect.answers"
    assert err(state, 1, "answer seek 1 huns") == "res-publica.error.answer_syntax"
    state, _ = run(state, (1, "answer 1 huns"), (2, "pass"))
    assert err(state, 0, "end") == "res-publica.error.expect.accept"


def test_not_your_turn():
    state = trading_state()
    assert err(state, 1, "end") == "error.not_your_turn"


def test_classique_monks_and_books_cannot_be_named():
    """003, Res Publica classique: no monks nor books exist."""
    state = trading_state(classic=True)
    assert err(state, 0, "seek 1 monks") == "res-publica.error.classic_kind"
    assert err(state, 0, "seek 1 huns or 1 books") == "res-publica.error.classic_kind"
    assert not any("monks" in t or "books" in t for t in G.legal(state, 0))

"""Who offers, or answers an offer, names only cards they hold.

Res Publica (Reiner Knizia, Queen Games), French rulebook ("003" below), Commerce, « Règles
commerciales », « Chose promise, chose due »: « un joueur n'a le droit de proposer que des
cartes qu'il possède ». Issue 44: with no Anglo-Saxon in hand, `offer 1 anglo-saxons or 1
lombards` was refused but `offer 1 anglo-saxons or lombards` (one card, either kind) was
accepted and listed; answers to an offer the same. A mix names both its kinds, so the hand
holds some of each, and as many of the two together as it promises (data/respublica/README.md,
readings 6 and 9)."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction, State, copy_state, play
from engine.policy import walk
from engine.respublica.cards import PAIRS, variant
from engine.respublica.trade import Proposal, all_proposals, can_deliver, pairs_in, parse

from .helpers import G, act, new, set_hand


def trading_state(players: int = 3) -> State:
    state = new(players)
    for s in range(players):
        set_hand(state, s, {})
    return state


def refused(state: State, seat: int, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as exc:
        act(state, seat, text)
    return exc.value


def test_an_offer_names_no_kind_the_offerer_lacks():
    """003, Règles commerciales: « un joueur n'a le droit de proposer que des cartes qu'il
    possède »: no Anglo-Saxon, no Anglo-Saxon offered, whether as a branch of « ou » or as
    one kind of a mix; with one of each, both are offered."""
    state = trading_state()
    set_hand(state, 0, {"lombards": 2, "goths": 1})
    legal = G.legal(state, 0)
    for text in ("offer 1 anglo-saxons or 1 lombards", "offer 1 anglo-saxons or lombards",
                 "offer 2 anglo-saxons or lombards", "offer 1 lombards or 1 pairs"):
        assert (text in legal) == (text == "offer 1 lombards or 1 pairs"), text
    error = refused(state, 0, "offer 1 anglo-saxons or lombards")
    assert error.msg.key == "res-publica.error.cannot_offer"
    assert error.msg.params["held"] == 0
    assert error.msg.params["kind"].key == "res-publica.kind.anglo-saxons"
    assert refused(state, 0, "offer 1 anglo-saxons or 1 lombards").msg.key == \
        "res-publica.error.cannot_offer"
    assert "offer 3 goths or lombards" in legal  # both kinds held, three cards among them
    assert "offer 4 goths or lombards" not in legal
    set_hand(state, 0, {"anglo-saxons": 1, "lombards": 1})
    legal = G.legal(state, 0)
    assert "offer 1 anglo-saxons or lombards" in legal
    assert "offer 2 anglo-saxons or lombards" in legal  # one of each keeps it
    assert "offer 1 anglo-saxons or 1 lombards" in legal
    act(state, 0, "offer 1 anglo-saxons or lombards")


def test_an_answer_to_an_offer_names_no_kind_the_answerer_lacks():
    """003, Commerce / B. Proposer (« chaque joueur intéressé par l'offre annonce quelle(s)
    carte(s) il donnerait en échange ») and Règles commerciales: « un joueur n'a le droit de
    proposer que des cartes qu'il possède »."""
    state = trading_state()
    set_hand(state, 0, {"huns": 1})
    set_hand(state, 1, {"alchemy": 1})
    state, _ = act(state, 0, "offer 1 huns")
    legal = G.legal(state, 1)
    assert "answer 1 alchemy" in legal
    assert "answer 1 alchemy or commerce" not in legal
    assert "answer 1 alchemy or 1 commerce" not in legal
    error = refused(state, 1, "answer 1 alchemy or commerce")
    assert error.msg.key == "res-publica.error.cannot_offer"
    assert error.msg.params["kind"].key == "res-publica.kind.commerce"
    # an answer to a seek says what the answerer wants: no hand limits it
    state = trading_state()
    set_hand(state, 1, {"huns": 1})
    state, _ = act(state, 0, "seek 1 huns")
    assert "answer 1 alchemy or commerce" in G.legal(state, 1)


# --- the property: at random states, legal() and the step agree, and name only cards held ---


def held(v, hand: dict[str, int], kind: str) -> int:
    if kind == PAIRS:
        return pairs_in(hand)
    return sum(hand[k] for k in v.members(kind))


def names_only_held(v, hand: dict[str, int], p: Proposal) -> bool:
    """Each card the proposal names is in the hand, in the number it names: every term's
    count (for a mix, the count over its two kinds, each of which is held), and the whole
    promise can be kept."""
    if p.op == "mix":
        (n, k1), (_, k2) = p.terms
        counts_ok = held(v, hand, k1) > 0 and held(v, hand, k2) > 0 and \
            held(v, hand, k1) + held(v, hand, k2) >= n
    else:
        counts_ok = all(held(v, hand, k) >= n for n, k in p.terms)
    return counts_ok and can_deliver(v, hand, p)


def offering(state: State) -> tuple[int, str] | None:
    """The seat asked to put cards forward now and its verb: an offer at the start of a turn,
    an answer to an offer."""
    phase = state["phase"]
    if phase == "turn" and not state["traded"] and not state["laid"]:
        return state["active"], "offer"
    if phase == "answers" and state["trade"]["mode"] == "offer":
        return G.asked(state)[0], "answer"
    return None


def accepts(state: State, seat: int, text: str) -> bool:
    try:
        play(G, state, seat, text)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize(("players", "classic", "seed"),
                         [(3, False, 1), (4, True, 2), (5, False, 3), (3, True, 4)])
def test_every_offer_and_answer_allowed_names_only_cards_held(players, classic, seed):
    """003, Règles commerciales: « un joueur n'a le droit de proposer que des cartes qu'il
    possède », at random states of random games: every offer and every answer to an offer
    that legal() lists names only cards held, in the numbers named; legal() and the step
    agree on the listed texts and on proposals drawn from all of them."""
    rng = random.Random(seed)
    state = G.setup(players, seed, {"classic": classic})
    v = variant(state["variant"])
    everything = all_proposals(v.name)
    checked = listed = 0
    while G.outcome(state) is None and checked < 40:
        asked = sorted(G.asked(state))
        forced = [(s, t) for s in asked if (t := G.forced(state, s)) is not None]
        found = offering(state)
        if not forced and found is not None and rng.random() < 0.5:
            seat, verb = found
            hand = state["hands"][seat]
            legal = {t for t in G.legal(state, seat) if t.startswith(verb + " ")}
            for text in legal:
                assert names_only_held(v, hand, parse(v, text.split()[1:])), (hand, text)
            listed += len(legal)
            probe = rng.sample(sorted(legal), min(15, len(legal)))
            probe += [f"{verb} {p.text}" for p in rng.sample(everything, 25)]
            for text in probe:
                assert accepts(state, seat, text) == (text in legal), (hand, text)
            checked += 1
        if forced:
            seat, text = forced[0]
        else:
            seat = rng.choice(asked)
            text = walk(G.menu(state, seat), rng)
        state, _ = act(copy_state(state), seat, text)
    assert checked >= 10 and listed > 0

"""Trade announcements the rulebook gives as examples: pairs, generic cards « au choix », « autres
cartes », and one count over two kinds in any mix; how the giver keeps them; the menus that offer
them; counts in ASCII digits only; and the stored texts of older games, which keep their meaning.

Rulebook: Res Publica (Reiner Knizia), French rulebook, Commerce (A. Chercher une ou deux cartes,
Exemples de contrepartie) and Règles commerciales (Exemples)."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction
from engine.i18n import translate
from engine.policy import walk
from engine.respublica.cards import GENERIC, variant
from engine.respublica.trade import (
    AND,
    MIX,
    OR,
    all_proposals,
    all_texts,
    deliveries,
    hand_key,
    parse,
    proposable_texts,
)

from .helpers import G, act, keys, new, run, set_hand

V = variant("full")


def trading_state(players: int = 3, classic: bool = False):
    state = new(players, classic)
    for s in range(players):
        set_hand(state, s, {})
    return state


def refusal(state, seat, text) -> IllegalAction:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        act(state, seat, text)
    assert json.dumps(state, sort_keys=True) == before  # changes nothing
    for locale in ("en", "fr"):
        said = translate(info.value.msg, locale)
        assert said and "{" not in said and "res-publica." not in said
    return info.value


def gives(state, seat) -> list[str]:
    return sorted(t.removeprefix("give ") for t in G.legal(state, seat))


# --- « 2 paires ou 3 cartes de civilisation » ----------------------------------------------------


def test_two_pairs_or_three_civilisation_cards_offered_and_kept_by_the_giver():
    """Règles commerciales / Exemples: « 2 paires ou 3 cartes de civilisation ». Pairs of
    identical cards count as one characteristic; with « ou » the giver keeps either branch,
    and chooses which pairs or which civilisation cards."""
    state = trading_state()
    set_hand(state, 0, {"huns": 2, "goths": 3, "alchemy": 1, "commerce": 1, "books": 1})
    set_hand(state, 1, {"vikings": 1})
    assert refusal(state, 0, "offer 2 pairs or 3 civilisation").msg.params["canonical"] == \
        "3 civilisation or 2 pairs"
    assert "offer 3 civilisation or 2 pairs" in G.legal(state, 0)
    state, ev = act(state, 0, "offer 3 civilisation or 2 pairs")
    assert keys(ev) == ["res-publica.event.offer"]
    said = translate(ev[0].msg, "fr")
    assert "2 paires de cartes identiques" in said and "3 cartes de civilisation" in said
    state, _ = run(state, (1, "answer 1 vikings"), (2, "pass"), (0, "accept @1"))
    assert G.prompt(state).keys() == {0}
    assert gives(state, 0) == [
        "1 alchemy 1 commerce 1 books",  # three civilisation cards
        "2 huns 2 goths",  # two pairs
    ]
    assert refusal(state, 0, "give 2 pairs").msg.key == "res-publica.error.give_generic"
    assert refusal(state, 0, "give 2 huns 1 goths").msg.key == "res-publica.error.give_mismatch"
    state, ev = act(state, 0, "give 2 huns 2 goths")
    assert keys(ev) == ["res-publica.event.trade"]
    assert state["hands"][1]["huns"] == 2 and state["hands"][1]["goths"] == 2
    assert state["hands"][0]["goths"] == 1 and state["hands"][0]["vikings"] == 1


def test_pairs_are_pairs_of_identical_cards_and_two_of_one_kind_may_make_both():
    """« 2 paires »: four Huns are two pairs (as at the final count, « Chaque paire de cartes
    identiques »); a Hun and a Goth are not a pair."""
    state = trading_state()
    set_hand(state, 0, {"huns": 4, "goths": 1, "vikings": 1})
    assert "offer 2 pairs" in G.legal(state, 0)
    set_hand(state, 0, {"huns": 3, "goths": 1, "vikings": 1})
    assert "offer 2 pairs" not in G.legal(state, 0)
    assert "offer 1 pairs" in G.legal(state, 0)
    err = refusal(state, 0, "offer 2 pairs")
    assert err.msg.key == "res-publica.error.cannot_offer"
    assert err.msg.params["held"] == 1


def test_pairs_beside_other_cards_are_other_cards():
    """« et » names different cards: `1 huns and 1 pairs` is a Hun and a pair besides it; three
    Huns keep it, two do not."""
    state = trading_state()
    set_hand(state, 0, {"huns": 3})
    assert "offer 1 huns and 1 pairs" in G.legal(state, 0)
    set_hand(state, 0, {"huns": 2})
    assert "offer 1 huns and 1 pairs" not in G.legal(state, 0)
    assert refusal(state, 0, "offer 1 huns and 1 pairs").msg.key.startswith(
        "res-publica.error.cannot_offer")


def test_pairs_count_at_most_two():
    """A term names at most 5 cards (our cap, README): 2 pairs."""
    state = trading_state()
    assert refusal(state, 0, "seek 3 pairs").msg.key == "res-publica.error.pairs_range"
    assert refusal(state, 0, "seek 0 pairs").msg.key == "res-publica.error.pairs_range"
    assert "seek 2 pairs" in G.legal(state, 0) and "seek 3 pairs" not in G.legal(state, 0)


# --- « Contre 2 cartes de construction navale ou d'architecture » -------------------------------


def test_two_shipbuilding_or_architecture_cards_in_any_mix():
    """Commerce / Exemples de contrepartie: « Contre 2 cartes de construction navale ou
    d'architecture »: two cards, each of either kind, so one of each keeps it too."""
    state = trading_state()
    set_hand(state, 0, {"shipbuilding": 1, "architecture": 2})
    set_hand(state, 1, {"vikings": 1})
    state, _ = act(state, 0, "seek 1 vikings")
    assert "answer 2 shipbuilding or architecture" in G.legal(state, 1)
    state, ev = act(state, 1, "answer 2 shipbuilding or architecture")
    assert "2 cartes, construction navale ou architecture au choix" in translate(ev[0].msg, "fr")
    assert "2 cards, shipbuilding or architecture in any mix" in translate(ev[0].msg, "en")
    state, _ = run(state, (2, "pass"), (0, "accept @1"))
    assert gives(state, 0) == ["1 shipbuilding 1 architecture", "2 architecture"]
    state, ev = act(state, 0, "give 1 shipbuilding 1 architecture")
    assert keys(ev) == ["res-publica.event.trade"]
    assert state["hands"][1]["shipbuilding"] == 1 and state["hands"][1]["architecture"] == 1


def test_a_mix_is_one_count_over_two_kinds_that_say_something_new():
    """The mix names two characteristics (« plus de deux caractéristiques, qui peuvent être
    reliées par « et » ou « ou », ne peuvent être citées »), so nothing may be added to it; a
    mix a single kind already says, or with pairs, is refused with what to write."""
    state = trading_state()
    assert refusal(state, 0, "seek 2 architecture or shipbuilding").msg.params["canonical"] \
        == "2 shipbuilding or architecture"
    assert refusal(state, 0, "seek 2 huns or people").msg.params["canonical"] == "2 people"
    assert refusal(state, 0, "seek 2 people or civilisation").msg.params["canonical"] == \
        "2 cards"
    assert refusal(state, 0, "seek 2 huns or pairs").msg.key == "res-publica.error.mix_pairs"
    assert refusal(state, 0, "seek 2 huns or huns").msg.key == "res-publica.error.same_kind"
    assert refusal(state, 0, "seek 2 huns or goths and 1 books").msg.key == \
        "res-publica.error.too_many_terms"
    assert refusal(state, 0, "seek 1 huns or goths or vikings").msg.key == \
        "res-publica.error.too_many_terms"
    assert refusal(state, 0, "seek 2 huns and goths").msg.key == \
        "res-publica.error.proposal_syntax"
    state, _ = act(state, 0, "seek 3 huns or civilisation")  # a people kind with the other family
    assert G.view(state, None)["trade"]["proposal"] == "3 huns or civilisation"


def test_an_offered_mix_needs_the_cards_of_either_kind():
    """« un joueur n'a le droit de proposer que des cartes qu'il possède »: two cards among the
    two kinds, some of each held (tests/respublica/test_offer_holds.py)."""
    state = trading_state()
    set_hand(state, 0, {"shipbuilding": 1, "architecture": 1})
    assert "offer 2 shipbuilding or architecture" in G.legal(state, 0)
    assert "offer 3 shipbuilding or architecture" not in G.legal(state, 0)
    assert refusal(state, 0, "offer 3 shipbuilding or architecture").msg.key == \
        "res-publica.error.cannot_offer_any"


# --- « 2 cartes de civilisation au choix », « 1 carte de métallographie et 2 autres cartes » -----


def test_two_civilisation_cards_of_the_givers_choice():
    """Commerce / Exemples de contrepartie: « Contre 1 carte de livres ou 2 cartes de
    civilisation au choix »: the giver keeps either branch, and picks the two cards."""
    state = trading_state()
    set_hand(state, 0, {"alchemy": 1, "metallography": 1, "books": 1})
    set_hand(state, 1, {"goths": 1})
    state, _ = run(state, (0, "seek 1 goths"), (1, "answer 1 books or 2 civilisation"),
                   (2, "pass"), (0, "accept @1"))
    assert gives(state, 0) == [
        "1 alchemy 1 books", "1 alchemy 1 metallography", "1 books",
        "1 metallography 1 books"]
    state, _ = act(state, 0, "give 1 alchemy 1 metallography")
    assert state["hands"][0]["books"] == 1 and state["hands"][1]["alchemy"] == 1


def test_one_metallography_and_two_other_cards():
    """Règles commerciales / Exemples: « 1 carte de métallographie et 2 autres cartes »: a
    metallography card and two more cards of the giver's choice, any kind (README: « et » names
    different cards, so the two may be metallography too)."""
    state = trading_state()
    set_hand(state, 0, {"huns": 1, "alchemy": 1, "metallography": 2})
    set_hand(state, 1, {"lombards": 1})
    assert "offer 1 metallography and 2 cards" in G.legal(state, 0)
    state, _ = run(state, (0, "offer 1 metallography and 2 cards"), (1, "answer 1 lombards"),
                   (2, "pass"), (0, "accept @1"))
    assert gives(state, 0) == sorted([
        "1 huns 1 alchemy 1 metallography", "1 huns 2 metallography",
        "1 alchemy 2 metallography"])
    refusal(state, 0, "give 1 huns 1 alchemy")  # two cards, and no metallography
    state, ev = act(state, 0, "give 1 huns 2 metallography")
    assert keys(ev) == ["res-publica.event.trade"]
    assert state["hands"][1]["metallography"] == 2 and state["hands"][0]["alchemy"] == 1


# --- the menus offer them ------------------------------------------------------------------------


def trie_widths(texts) -> int:
    """The most choices any menu level offers when the texts are walked token by token."""
    levels: dict[tuple[str, ...], set[str]] = {}
    for text in texts:
        tokens = text.split()
        for i in range(len(tokens) + 1):
            levels.setdefault(tuple(tokens[:i]), set()).add(tokens[i] if i < len(tokens) else "")
    return max(len(v) for v in levels.values())


@pytest.mark.parametrize("name", ["full", "classic"])
def test_every_menu_level_fits_discord(name):
    """Discord's 25 options per menu: the seek menus (every proposal) and the offer menus of a
    hand holding some of every kind."""
    v = variant(name)
    rich = tuple(3 for _ in v.kinds)
    assert trie_widths(all_texts(name, "seek")) <= 25
    assert trie_widths(proposable_texts(name, rich, "offer")) <= 25
    state = trading_state(classic=name == "classic")
    set_hand(state, 0, dict.fromkeys(v.kinds, 3))
    assert trie_widths(G.legal(state, 0)) <= 25


def test_the_menus_walk_to_each_new_announcement():
    """Each example is reached by choosing one token at a time, as in the Discord menus."""
    state = trading_state()
    set_hand(state, 0, {"huns": 2, "goths": 2, "alchemy": 1, "commerce": 1, "books": 1,
                        "metallography": 1, "shipbuilding": 1, "architecture": 1})
    legal = G.legal(state, 0)
    for text in ("seek 3 civilisation or 2 pairs", "seek 2 shipbuilding or architecture",
                 "seek 2 civilisation", "seek 1 metallography and 2 cards",
                 "offer 3 civilisation or 2 pairs", "offer 2 shipbuilding or architecture",
                 "offer 2 civilisation", "offer 1 metallography and 2 cards"):
        tokens = text.split()
        for i in range(1, len(tokens) + 1):
            assert any(t.split()[:i] == tokens[:i] for t in legal), tokens[:i]
        assert text in legal


def test_random_menu_walks_reach_pairs_and_mixes():
    """The random player (engine/policy.py) walks the same menus: it meets the new forms."""
    texts = all_texts("full", "seek")
    rnd = random.Random(3)
    picked = {walk(texts, rnd) for _ in range(400)}
    assert any(" pairs" in t for t in picked)
    assert any(len(t.split()) == 5 and t.split()[3] == "or" for t in picked)


# --- numbers are ASCII digits ----------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "seek ⁹ civilisation", "seek ٣ huns", "seek 1 huns and ² goths", "seek ① huns",
    "seek ２ huns", "seek ² shipbuilding or architecture",
])
def test_counts_in_other_digits_are_refused_in_words(text):
    """str.isdigit accepts '⁹' (and int() then fails) or '٣' (and int() reads 3): a count is
    written in ASCII digits, as every canonical text is; anything else is a translated refusal
    that changes nothing."""
    state = trading_state()
    err = refusal(state, 0, text)
    assert err.msg.key == "res-publica.error.proposal_syntax"


def test_other_digits_refused_when_giving_and_accepting():
    state = trading_state()
    set_hand(state, 0, {"alchemy": 2})
    set_hand(state, 1, {"vikings": 1})
    state, _ = run(state, (0, "seek 1 vikings"), (1, "answer 1 civilisation"), (2, "pass"))
    assert refusal(state, 0, "accept @¹").msg.key == "res-publica.error.accept_syntax"
    assert refusal(state, 0, "accept @١").msg.key == "res-publica.error.accept_syntax"
    state = trading_state()
    set_hand(state, 0, {"alchemy": 1, "commerce": 1})
    set_hand(state, 1, {"vikings": 1})
    state, _ = run(state, (0, "seek 1 vikings"), (1, "answer 1 civilisation"), (2, "pass"),
                   (0, "accept @1"))
    assert G.prompt(state).keys() == {0}
    assert refusal(state, 0, "give ¹ alchemy").msg.key == "res-publica.error.give_syntax"
    assert refusal(state, 0, "give ١ alchemy").msg.key == "res-publica.error.give_syntax"


# --- stored games keep their meaning ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["full", "classic"])
def test_every_older_proposal_text_parses_as_before(name):
    """Before pairs and mixes, a proposal was one or two terms of a kind or a generic kind,
    counting 1 to 5: every such text is still legal and keeps its meaning (« ou » is still each
    term whole: `2 shipbuilding or 2 architecture` is two of one kind, never one of each)."""
    v = variant(name)
    old_kinds = (*v.kinds, *GENERIC)
    older = []
    for i, k1 in enumerate(old_kinds):
        older += [f"{a} {k1}" for a in range(1, 6)]
        for k2 in old_kinds[i + 1:]:
            older += [f"{a} {k1} {op} {b} {k2}" for a in range(1, 6) for b in range(1, 6)
                      for op in (AND, OR)]
    texts = set(all_texts(name, "x"))
    for text in older:
        p = parse(v, text.split())
        assert p.text == text and f"x {text}" in texts
        assert p.op in (None, AND, OR) and p.op != MIX
    p = parse(v, ["2", "shipbuilding", "or", "2", "architecture"])
    hand = {"shipbuilding": 1, "architecture": 1}
    assert deliveries(v, hand, p) == []
    assert deliveries(v, {"shipbuilding": 2, "architecture": 2}, p) == [
        {"shipbuilding": 2}, {"architecture": 2}]


def test_the_legal_text_count_stays_reasonable():
    """Every proposal is listed at a turn's start (seek) and to each answerer: pairs and mixes
    add about an eighth (5325 -> 6017 in the full game)."""
    assert len(all_proposals("full")) == 6017
    assert len(all_proposals("classic")) == 4502
    assert len(proposable_texts("full", hand_key(V, dict.fromkeys(V.kinds, 5)), "offer")) \
        == 6017

"""Forced answers (Game.forced): the trade answers the rules play without asking the seat.

Res Publica (Reiner Knizia, Queen Games), French rulebook ("003" below), « Commerce », A.
Chercher une ou deux cartes: « Toujours dans le sens des aiguilles d'une montre, les joueurs, qui
possèdent la carte recherchée, annoncent, chacun leur tour, ce qu'il désire en échange de cette
carte. » Only the holders announce: a player who cannot give what was sought is not asked, their
`pass` is played at once. See data/respublica/README.md, reading 23."""

from __future__ import annotations

import random

import pytest

from engine.core import Msg, State, copy_state
from engine.i18n import translate
from engine.policy import walk
from engine.respublica import messages
from engine.respublica.cards import variant
from engine.respublica.trade import can_deliver, parse

from .helpers import G, act, keys, new, run, set_hand


def trading_state(players: int = 4, classic: bool = False) -> State:
    state = new(players, classic)
    for s in range(players):
        set_hand(state, s, {})
    return state


def settle(state: State) -> tuple[State, list[tuple[int, str]]]:
    """Play every forced action, as the platform does after each move, until none is left."""
    played = []
    while G.outcome(state) is None:
        forced = [(s, G.forced(state, s)) for s in sorted(G.asked(state))]
        forced = [(s, t) for s, t in forced if t is not None]
        if not forced:
            return state, played
        seat, text = forced[0]
        state, _ = act(state, seat, text)
        played.append((seat, text))
    return state, played


def test_commerce_A_only_the_holders_of_the_sought_card_announce():
    """003, Commerce / A. Chercher: « les joueurs, qui possèdent la carte recherchée,
    annoncent »: seat 1 holds no Viking, so its pass is forced (its only legal action);
    seat 2 holds one and is asked."""
    state = trading_state()
    set_hand(state, 1, {"huns": 3, "alchemy": 2})
    set_hand(state, 2, {"vikings": 1})
    set_hand(state, 3, {"vikings": 2, "goths": 1})
    state, _ = act(state, 0, "seek 1 vikings")
    assert G.asked(state) == [1]
    assert G.legal(state, 1) == ["pass"]
    assert G.forced(state, 1) == "pass"
    state, played = settle(state)
    assert played == [(1, "pass")]
    assert G.asked(state) == [2]
    assert G.forced(state, 2) is None  # asked, even if it means to pass: that is its choice
    assert "pass" in G.legal(state, 2) and "answer 1 huns" in G.legal(state, 2)
    state, _ = act(state, 2, "pass")
    assert G.forced(state, 3) is None


@pytest.mark.parametrize(("sought", "hand", "forced"), [
    ("2 huns", {"huns": 1}, "pass"),  # one of the two sought Huns is not « la carte recherchée »
    ("2 huns", {"huns": 2}, None),
    ("2 huns and 1 shipbuilding", {"huns": 2}, "pass"),
    ("2 huns and 1 shipbuilding", {"huns": 2, "shipbuilding": 1}, None),
    ("3 alchemy or 3 metallography", {"metallography": 3}, None),  # either branch will do
    ("3 alchemy or 3 metallography", {"alchemy": 2, "metallography": 2}, "pass"),
    ("1 people", {"monks": 1}, None),
    ("1 people", {"books": 1}, "pass"),
    ("1 pairs", {"goths": 2}, None),
    ("1 pairs", {"goths": 1, "huns": 1}, "pass"),
])
def test_commerce_A_a_seat_that_cannot_give_what_was_sought_passes_without_being_asked(
        sought, hand, forced):
    """003, Commerce / A. Chercher (« qui possèdent la carte recherchée »): forced exactly when
    the hand cannot give what was sought, and then `pass` is the seat's only legal action."""
    state = trading_state()
    set_hand(state, 1, hand)
    state, _ = act(state, 0, f"seek {sought}")
    assert G.forced(state, 1) == forced
    if forced is None:
        assert len(G.legal(state, 1)) > 1
    else:
        assert G.legal(state, 1) == [forced]


def test_commerce_A_nobody_holds_it_the_trade_ends_by_itself():
    """003, Commerce, the Ani example: « Ani cherche une carte de Goths. Personne ne répond à
    l'offre »: nobody holds a Goth, every answer is forced and the trade ends with no deal;
    seat 0 is asked for its turn again."""
    state = trading_state()
    set_hand(state, 1, {"huns": 1})
    state, _ = act(state, 0, "seek 1 goths")
    state, played = settle(state)
    assert played == [(1, "pass"), (2, "pass"), (3, "pass")]
    assert state["phase"] == "turn" and state["trade"] is None and G.asked(state) == [0]
    assert G.forced(state, 0) is None


NAMES = ["Ani", "Bob", "Cleo", "Dan"]


def said(events, locale: str) -> list[str]:
    return [translate(e.msg, locale, NAMES) for e in events if e.to is None]


def test_the_log_says_who_could_not_give_what_was_sought_and_who_passed():
    """003, Commerce / A. Chercher: « les joueurs, qui possèdent la carte recherchée,
    annoncent »: a holder who does not answer passes; a seat that holds none was never asked,
    and the log says it could not give it, not that it passed (issue 44)."""
    state = trading_state()
    set_hand(state, 1, {"vikings": 1})
    set_hand(state, 2, {"huns": 3})
    set_hand(state, 3, {"vikings": 2})
    state, _ = act(state, 0, "seek 1 vikings")
    state, ev = run(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert keys(ev) == ["res-publica.event.pass", "res-publica.event.cannot.seek",
                        "res-publica.event.pass", "res-publica.event.no_answer"]
    assert said(ev, "en") == ["Bob passes.", "Cleo cannot give 1 Viking card.", "Dan passes.",
                              "Nobody answered Ani: no deal."]
    assert said(ev, "fr")[1] == "Cleo ne peut pas donner 1 carte de Vikings."


def test_a_seek_nobody_can_answer_says_so():
    """003, Commerce, the Ani example (« Personne ne répond à l'offre (puisque les autres
    joueurs n'ont pas la carte ...) »): when no other seat can give what was sought, each
    one's line says so, and the last says that none of them could (issue 44: the log said
    « passes » and the seeker read nothing)."""
    state = trading_state()
    set_hand(state, 1, {"huns": 1})
    state, _ = act(state, 0, "seek 2 huns")
    state, played = settle(state)
    assert played == [(1, "pass"), (2, "pass"), (3, "pass")]
    state = trading_state()
    set_hand(state, 1, {"huns": 1})
    state, _ = act(state, 0, "seek 2 huns")
    state, ev = run(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert keys(ev) == ["res-publica.event.cannot.seek"] * 3 + [
        "res-publica.event.nobody_could.seek"]
    assert said(ev, "en")[-1] == "None of the 3 other players can give Ani 2 Hun cards: no deal."
    assert said(ev, "fr")[-1] == ("Aucun des 3 autres joueurs ne peut donner 2 cartes de Huns "
                                  "à Ani : pas d'affaire.")
    assert state["phase"] == "turn" and state["traded"] and G.asked(state) == [0]


def test_an_offer_nobody_can_answer_says_so():
    """003, Règles commerciales (« un joueur n'a le droit de proposer que des cartes qu'il
    possède »): empty hands cannot answer an offer; the log says so."""
    state = trading_state()
    set_hand(state, 0, {"huns": 1})
    state, _ = act(state, 0, "offer 1 huns")
    state, ev = run(state, (1, "pass"), (2, "pass"), (3, "pass"))
    assert said(ev, "en") == ["Bob holds no card to answer with."] + [
        "Cleo holds no card to answer with.", "Dan holds no card to answer with.",
        "None of the 3 other players holds a card to answer Ani with: no deal."]
    assert said(ev, "fr")[0] == "Bob n'a aucune carte pour répondre."


@pytest.mark.parametrize(("mode", "n", "locale", "text"), [
    ("seek", 1, "en", "The other player cannot give Ani 2 Hun cards: no deal."),
    ("seek", 2, "en", "None of the 2 other players can give Ani 2 Hun cards: no deal."),
    ("seek", 1, "fr", "L'autre joueur ne peut pas donner 2 cartes de Huns à Ani : pas d'affaire."),
    ("seek", 4, "fr",
     "Aucun des 4 autres joueurs ne peut donner 2 cartes de Huns à Ani : pas d'affaire."),
    ("offer", 1, "en", "The other player holds no card to answer Ani with: no deal."),
    ("offer", 2, "fr", "Aucun des 2 autres joueurs n'a de carte pour répondre à Ani : pas "
                       "d'affaire."),
])
def test_nobody_could_answer_in_both_languages_and_numbers(mode, n, locale, text):
    proposal = messages.proposal(parse(variant("full"), ["2", "huns"]))
    msg = Msg(f"res-publica.event.nobody_could.{mode}",
              {"seat": Msg.seat(0), "proposal": proposal, "n": n})
    assert translate(msg, locale, NAMES) == text


def test_commerce_B_an_empty_hand_cannot_answer_an_offer():
    """003, Commerce / B. Proposer and Règles commerciales: an answer names the cards the
    answerer would give (« un joueur n'a le droit de proposer que des cartes qu'il possède »);
    with no card in hand (hand sizes are public, reading 12) the pass is forced. Any card in
    hand can be offered, so such a seat is asked (interested or not is its choice)."""
    state = trading_state()
    set_hand(state, 0, {"huns": 1})
    set_hand(state, 2, {"books": 1})
    state, _ = act(state, 0, "offer 1 huns")
    assert G.legal(state, 1) == ["pass"] and G.forced(state, 1) == "pass"
    state, _ = act(state, 1, "pass")
    assert G.forced(state, 2) is None and len(G.legal(state, 2)) > 1


def test_a_lone_end_decline_or_done_is_still_asked():
    """A lone legal action the rules do not make public stays asked: that nothing can be laid
    (`end`, `done`) or paid (`decline`) would tell the others about a hand (reading 23)."""
    state = trading_state()
    set_hand(state, 0, {"huns": 1})
    set_hand(state, 1, {"goths": 1})
    state, _ = run(state, (0, "seek 1 goths"), (1, "answer 2 vikings"), (2, "pass"), (3, "pass"))
    assert G.legal(state, 0) == ["decline"] and G.forced(state, 0) is None
    state, _ = act(state, 0, "decline")
    assert G.legal(state, 0) == ["end"] and G.forced(state, 0) is None
    state["phase"], state["final"] = "final", {"order": [0, 1, 2, 3], "index": 0}
    assert G.legal(state, 0) == ["done"] and G.forced(state, 0) is None


def test_forced_is_a_pure_query_and_none_for_seats_not_asked():
    state = trading_state()
    state, _ = act(state, 0, "seek 1 goths")
    before = copy_state(state)
    assert [G.forced(state, s) for s in range(4)] == [None, "pass", None, None]
    assert state == before


def _positions(players: int, classic: bool, seed: int) -> list[tuple[State, bool]]:
    """Every state met in a random game where each move is followed by the forced actions, and
    whether it is settled (no forced action left to play in it)."""
    rng = random.Random(seed)
    state = G.setup(players, seed, {"classic": classic})
    out = []
    while G.outcome(state) is None:
        asked = sorted(G.asked(state))
        forced = [(s, t) for s in asked if (t := G.forced(state, s)) is not None]
        out.append((copy_state(state), not forced))
        if forced:
            seat, text = forced[0]
        else:
            seat = rng.choice(asked)
            text = walk(G.menu(state, seat), rng)
        state, _ = act(state, seat, text)
    return out


@pytest.mark.parametrize(("players", "classic", "seed"), [(3, False, 1), (4, True, 2),
                                                          (5, False, 3)])
def test_once_forced_actions_are_played_every_seat_asked_to_answer_can_answer(
        players, classic, seed):
    """Applying the forced texts until none is left: every seat then asked to answer a seek
    holds what was sought, or the trade is over (everyone else passed by force)."""
    answers = 0
    for state, settled in _positions(players, classic, seed):
        if not settled or state["phase"] != "answers":
            continue
        answers += 1
        trade = state["trade"]
        seat = G.asked(state)[0]
        v = variant(state["variant"])
        if trade["mode"] == "seek":
            assert can_deliver(v, state["hands"][seat], parse(v, trade["proposal"].split()))
        else:
            assert sum(state["hands"][seat].values()) > 0
        assert len(G.legal(state, seat)) > 1
    assert answers > 10


def _shuffled_others(state: State, seat: int, rng: random.Random) -> State:
    """The same state but for what `seat` cannot see: every other hand dealt again from the
    cards of its family it and the decks held (hand sizes and each deck's size stay public)."""
    t = copy_state(state)
    v = variant(t["variant"])
    for other in range(t["players"]):
        if other == seat:
            continue
        hand = t["hands"][other]
        wanted = {}
        for k, n in hand.items():
            wanted[v.family[k]] = wanted.get(v.family[k], 0) + n
            t["decks"][v.family[k]].extend([k] * n)
            hand[k] = 0
        for family, n in wanted.items():
            deck = t["decks"][family]
            rng.shuffle(deck)
            for _ in range(n):
                hand[deck.pop()] += 1
    for deck in t["decks"].values():
        rng.shuffle(deck)
    return t


def test_the_decision_reads_only_the_seats_own_hand_and_the_public_proposal():
    """No leak: `forced` for a seat is the same whatever the other hands and the decks hold,
    and it is `pass` exactly when its own hand cannot give the sought (public) proposal."""
    rng = random.Random(7)
    checked = forced = 0
    for players, classic, seed in ((3, False, 4), (4, True, 5), (5, False, 6)):
        for state, _ in _positions(players, classic, seed):
            if state["phase"] != "answers":
                assert all(G.forced(state, s) is None for s in range(players))
                continue
            v = variant(state["variant"])
            trade = state["trade"]
            for seat in range(players):
                answer = G.forced(state, seat)
                if seat == G.asked(state)[0] and trade["mode"] == "seek":
                    sought = parse(v, trade["proposal"].split())
                    assert (answer == "pass") == (not can_deliver(v, state["hands"][seat], sought))
                for _ in range(2):
                    twin = _shuffled_others(state, seat, rng)
                    assert G.view(twin, seat) == G.view(state, seat)
                    assert G.forced(twin, seat) == answer
                checked += 1
                forced += answer is not None
    assert forced > 20 and checked > 200

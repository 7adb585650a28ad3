"""What Duel keeps between turns to price faster (engine/duel/payment.py: quotes under the
market's key, the cities' producers, prices and chains under their cards; structure.py: slots
placed by one number) gives what working it out afresh gives. The recorded playouts and replays
(tests/platform/test_playouts.py, tests/duel/test_replays.py) check whole games; these check
every price of every turn of a few, and the assumptions the shortcuts rest on."""

from __future__ import annotations

import random

import pytest

from engine.core import parse_options
from engine.duel import payment
from engine.duel import structure as st
from engine.duel.agora.data import load as agora_layouts
from engine.duel.cards import get, load
from engine.duel.expansion import Expansion, Pricing
from engine.duel.moves import buildable_wonders
from engine.policy import walk

from .helpers import G


def test_every_layout_places_its_slots_by_one_number() -> None:
    """structure.ROW: col ± 1 of a slot never reaches a slot of another row."""
    for layouts in (load().structures, agora_layouts().structures):
        for slots in layouts.values():
            assert all(1 <= s.col <= st.ROW - 2 for s in slots)


def test_accessible_cards_are_those_no_card_covers() -> None:
    state = G.setup(2, 3, {})
    rng = random.Random(3)
    while state["phase"] != "play":
        G.apply(state, state["active"], walk(G.legal(state, state["active"]), rng))
    s = state["structure"]
    for _ in range(12):
        found = st.accessible_cards(state)
        assert found == {slot["card"]: i for i, slot in enumerate(s) if st.accessible(s, i)}
        st.take(state, next(iter(found.values())))


def test_every_layout_lists_its_rows_from_the_top() -> None:
    """structure.accessible_cards walks the slots from the last: the cards that may cover a slot
    (on the next row) come after it."""
    for layouts in (load().structures, agora_layouts().structures):
        for slots in layouts.values():
            rows = [s.row for s in slots]
            assert rows == sorted(rows)


def test_every_face_down_slot_of_every_layout_starts_covered() -> None:
    """structure.take turns up only the cards the card taken covered: a face-down card no card
    covers when laid would stay face down."""
    for layouts in (load().structures, agora_layouts().structures):
        for slots in layouts.values():
            at = {(s.row, s.col) for s in slots}
            assert all(s.face_up or {(s.row + 1, s.col - 1), (s.row + 1, s.col + 1)} & at
                       for s in slots)


@pytest.mark.parametrize("words", [(), ("agora",)])
def test_take_turns_up_every_card_left_uncovered(words: tuple[str, ...]) -> None:
    """After every card taken in a few playouts (the base's and Agora's layouts), no face-down
    card is uncovered, and the cards turned up are those a pass over every slot finds, in slot
    order."""
    taken = 0
    for seed in (1, 2, 3):
        state = G.setup(2, seed, parse_options(G, words))
        rng = random.Random(seed)
        while G.outcome(state) is None:
            seat = rng.choice(sorted(G.asked(state)))
            text = walk(G.legal(state, seat), rng)
            before = [dict(slot) for slot in state.get("structure") or []]
            G.apply(state, seat, text)
            s = state["structure"]
            if len(s) != len(before) or before == s:
                continue
            taken += 1
            assert not any(slot["card"] is not None and not slot["up"]
                           and not st.covered(s, i) for i, slot in enumerate(s))
    assert taken > 100
    # a structure whose face-down cards are uncovered by one card taken, both turned up
    s = [{"row": 0, "col": 1, "card": "a", "up": False}, {"row": 0, "col": 3, "card": "b",
                                                         "up": False},
         {"row": 1, "col": 2, "card": "c", "up": True}]
    card, events = st.take({"structure": s}, 2)
    assert card == "c" and [slot["up"] for slot in s[:2]] == [True, True]
    assert [e.msg.params["card"].key for e in events] == ["duel.tok.a", "duel.tok.b"]


@pytest.mark.parametrize("words", [(), ("agora", "leaders")])
def test_kept_quotes_are_the_quotes_worked_out_afresh(words: tuple[str, ...]) -> None:
    checked = 0
    for seed in (4, 5):
        rng = random.Random(seed)
        state = G.setup(2, seed, parse_options(G, words))
        while G.outcome(state) is None:
            seat = rng.choice(sorted(G.asked(state)))
            if state["phase"] == "play" and state["active"] == seat:
                m = payment.market(state, seat)
                assert m.key is not None  # the base's and both expansions' prices are kept
                afresh = m._replace(key=None)  # a market whose quotes cannot be kept
                comps = [*st.accessible_cards(state), *buildable_wonders(state, seat)]
                for cid in comps:
                    comp = get(cid)
                    payment.quotes(state, seat, comp, payment.market(state, seat))
                    kept = payment.quotes(state, seat, comp, payment.market(state, seat))
                    assert kept == payment.quotes(state, seat, comp, afresh), cid
                    checked += 1
            menu = G.menu(state, seat)
            G.apply_legal(state, seat, walk(menu, rng), menu)
    assert checked > 300


def test_an_expansion_that_does_not_say_what_its_prices_read_has_none_kept() -> None:
    """The default Pricing puts each question to the hooks and gives no key: nothing is kept."""
    state = G.setup(2, 1, {})
    pricing = Expansion().pricing(state, 0)
    assert type(pricing) is Pricing and pricing.key() is None


def test_the_pricings_answer_as_their_expansions_hooks() -> None:
    """Leaders has a pricing only for a seat that recruited Bilkis, and it answers the price
    hooks Leaders does not override as the defaults do, without asking them: Leaders must not
    override them. Agora's pricing answers `constructible` itself, as Agora's hook does."""
    from engine.duel.agora import AGORA
    from engine.duel.leaders import LEADERS, BilkisPricing

    for hook in BilkisPricing.DEFAULTS:
        assert getattr(type(LEADERS), hook) is getattr(Expansion, hook), hook
    state = G.setup(2, 1, parse_options(G, ("agora", "leaders")))
    assert LEADERS.pricing(state, 0) is None  # nobody recruited yet
    state["leaders"]["recruited"][0].append("bilkis")
    leaders, agora = LEADERS.pricing(state, 0), AGORA.pricing(state, 0)
    assert isinstance(leaders, BilkisPricing) and LEADERS.pricing(state, 1) is None
    comps = [get(c) for c in (*load().cards, *load().wonders, "politician-left-a")]
    for comp in comps:
        assert leaders.constructible(comp) is Expansion().constructible(state, 0, comp)
        assert leaders.chained(comp) is Expansion().chained(state, 0, comp)
        assert leaders.reduction(comp) == 0 and leaders.ignores_coin_cost(comp) is False
        assert agora.constructible(comp) is AGORA.constructible(state, 0, comp)
    assert {agora.constructible(c) for c in comps} == {True, False}  # senators among them
    prices = {"wood": 3}
    assert leaders.trade_prices(prices) is prices


def test_a_queued_agora_decision_has_a_choice_as_its_texts_say() -> None:
    """agora.rules.prune asks `_has_choice` rather than writing every text: at every queued
    Agora decision of a few playouts (every entry, not only the first), both answers agree."""
    from engine.duel.agora import rules as agora

    asked = {True: 0, False: 0}
    for seed in range(1, 9):
        state = G.setup(2, seed, parse_options(G, ("agora",)))
        rng = random.Random(seed)
        while G.outcome(state) is None:
            for entry in state["pending"]:
                if entry["phase"] in agora.PHASES:
                    texts = agora._phase_options(state, entry["seat"], entry)
                    expected = any(t != "skip" for t in texts)
                    assert agora._has_choice(state, entry) is expected, entry
                    asked[expected] += 1
            seat = rng.choice(sorted(G.asked(state)))
            menu = G.menu(state, seat)
            G.apply_legal(state, seat, walk(menu, rng), menu)
    assert min(asked.values()) > 0, asked  # both answers met


@pytest.mark.parametrize("cubes", ["none", "some", "all"])
@pytest.mark.parametrize("plots", ["none", "free", "done"])
def test_a_queued_agora_decision_has_a_choice_at_the_edges(cubes: str, plots: str) -> None:
    """The edges the playouts above rarely meet: a seat with no cube left to place, no cube on
    the board, a rival without cubes, no conspiracy left to draw, every plot prepared or done."""
    from engine.duel.agora import rules as agora

    state = G.setup(2, 1, parse_options(G, ("agora",)))
    ag = state["agora"]
    for i, chamber in enumerate(ag["senate"]):
        chamber["cubes"] = {"none": [0, 0], "some": [i % 2, 0], "all": [2, 0]}[cubes]
    ag["plot_deck"] = [] if plots != "none" else ag["plot_deck"]
    ag["plots"][0] = {"none": [], "free": [{"card": None, "done": False}],
                      "done": [{"card": None, "done": True}, {"card": "x", "done": False}]}[plots]
    for phase in ("senate", "conspirator", "place", "remove", "move", "curia"):
        for seat in (0, 1):
            entry = {"phase": phase, "seat": seat, "section": "left", "left": 1}
            texts = agora._phase_options(state, seat, entry)
            assert agora._has_choice(state, entry) is any(t != "skip" for t in texts), entry

"""The hint (engine/ai/hint.py): the medium bot's move for a seat, and one line why.

Along a random game of each game, the hinted move is legal and medium's own, and its reason is
a sentence of the game's catalogue in both languages (never a raw key, never a parameter left
unfilled); each game's own words (engine/<module>/hints.py) are met, not only the fallback."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import ai, parse_options, registry
from engine.ai.hint import EQUAL, hint
from engine.core import Msg, State, play
from engine.duel import hints as duel_hints
from engine.heros import hints as heros_hints
from engine.i18n import LOCALES, has, translate
from engine.policy import walk
from engine.sevenhills import hints as sh_hints
from engine.sevenhills.step import card_msg
from tests.duel.helpers import G as DUEL
from tests.sevenhills.helpers import at_act, give, started

GAMES = {"duel": (2, ["agora", "leaders"]), "heros": (3, []), "seven-hills": (3, []),
         "res-publica": (3, [])}
NAMES = ("Ann", "Bob", "Cy")


def _keys(msg: Msg) -> list[str]:
    return [msg.key, *(k for v in msg.params.values() if isinstance(v, Msg) for k in _keys(v))]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_hints_along_a_game_are_legal_and_said_in_both_languages(key: str) -> None:
    g = registry.get(key)
    players, options = GAMES[key]
    state = g.setup(players, 5, parse_options(g, options))
    rnd = random.Random(5)
    own = 0
    for step in range(36):
        if g.outcome(state) is not None:
            break
        seat = min(g.prompt(state))
        if step % 4 == 0:
            found = hint(g, state, seat, step, budget=2, seconds=60)
            assert found.action in g.legal(state, seat)
            assert found.action == ai.decide(g, state, seat, "medium", step, 2, 60)
            assert all(has(k, locale) for k in _keys(found.reason) for locale in LOCALES)
            for locale in LOCALES:
                text = translate(found.reason, locale, NAMES)
                assert "{" not in text and text, (found.reason, locale)
            own += found.reason.key.startswith(f"{key}.hint.")
        state, _ = play(g, state, seat, walk(g.legal(state, seat), rnd))
    assert own, "only the generic reason was given"


def test_a_duel_science_card_is_told_as_a_new_symbol() -> None:
    """Building a green card with a symbol the seat lacks: its second different symbol."""
    state = DUEL.setup(2, 3, {})
    me = state["players"][0]
    me["cards"] = ["scriptorium"]  # the quill
    after = {**state, "players": [dict(me, cards=["scriptorium", "pharmacist"]),
                                  state["players"][1]]}
    msg = duel_hints.reason(state, after, 0)
    assert msg == Msg("duel.hint.science", {"n": 2})
    assert translate(msg, "fr") == "porte à 2 vos symboles scientifiques différents"


def test_a_heros_territory_is_named_with_its_own_preposition() -> None:
    """« au Moyen-Orient », "in the Middle East": not "in Middle East" nor « sur le territoire »."""
    g = registry.get("heros")
    state = g.setup(3, 3, {})
    pop = {t: list(v) for t, v in state["pop"].items()}
    pop["middle-east"] = [0, 0, 0]
    before = {**state, "pop": pop}
    after = {**state, "pop": {**pop, "middle-east": [2, 0, 0]}}
    msg = heros_hints.reason(before, after, 0)
    assert msg == Msg("heros.hint.first", {"where": Msg("heros.in.middle-east")})
    assert translate(msg, "en") == "settles you first in the Middle East"
    assert translate(msg, "fr") == "vous installe le premier au Moyen-Orient"


# --- issue 44.13: a reason that teaches -------------------------------------------------------

# Seven Hills' share of reasons in its own words at random states. Measured at 98% (235 of 240
# states of 3 random games) and 399 of 400 along a game between medium players; its commonest
# moves (discard 22%, take from the deck 16%, exchange 12%, a draw 7%) are each more than a
# tenth of the decisions, so a move kind that lost its words would bring it under this floor.
SEVEN_HILLS_OWN = 0.9


def _sampled_hints(key: str, seeds: range, every: int) -> list[tuple[State, Msg, str]]:
    g = registry.get(key)
    players, options = GAMES[key]
    out = []
    for seed in seeds:
        state = g.setup(players, seed, parse_options(g, options))
        rnd = random.Random(seed)
        for step in range(400):
            if g.outcome(state) is not None:
                break
            seat = min(g.prompt(state))
            if step % every == 0:
                found = hint(g, state, seat, step, budget=2, seconds=60)
                out.append((state, found.reason, translate(found.reason, "en", NAMES)))
            state, _ = play(g, state, seat, walk(g.legal(state, seat), rnd))
    return out


def test_every_game_is_in_the_hint_tests() -> None:
    assert sorted(GAMES) == registry.keys()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_no_verdict_reads_as_a_loss_or_as_nothing(key: str) -> None:
    """Issue 44.13: "the one it rates best: your chances 23% → 22%", or "0% → 0%", taught
    nothing. A hint without the game's words says the moves are about equal, or gives the
    move's chances against the next best move's: the first always the larger."""
    for _state, reason, text in _sampled_hints(key, range(1, 3), 7):
        assert "→" not in text and "before" not in reason.params, text
        if reason.key == "hint.reason.generic":
            after, best_other = reason.params["after"], reason.params["next"]
            assert after > best_other >= 0, text  # never X → X, never 0% → 0%
            assert after - best_other >= round(100 * EQUAL) - 1, text


def test_seven_hills_hints_say_why_in_its_own_words() -> None:
    found = _sampled_hints("seven-hills", range(1, 4), 5)
    own = [r for _s, r, _t in found if r.key.startswith("seven-hills.hint.")]
    assert len(found) >= 150
    assert len(own) >= SEVEN_HILLS_OWN * len(found), Counter(r.key for _s, r, _t in found)


def test_a_seven_hills_exchange_names_only_the_cards_given_away() -> None:
    """The cards drawn in exchange are dealt by the determinization: never named."""
    g = registry.get("seven-hills")
    state = at_act(give(started(), 0, ["red-plebeian-1", "blue-knight-1", "green-slave-1"]))
    after, _ = play(g, state, 0, "exchange green-slave-1")
    msg = sh_hints.reason(state, after, 0, "exchange green-slave-1")
    assert msg == Msg("seven-hills.hint.exchange", {"n": 1, "cards": (card_msg("green-slave-1"),)})
    assert translate(msg, "en") == ("gives away the green slave, a card your hand needs "
                                    "little, for another from the deck")
    assert translate(msg, "fr") == ("échange l'esclave vert, une carte dont votre main a peu "
                                    "besoin, contre une autre du paquet")


def test_a_seven_hills_take_from_the_deck_names_the_pile_it_leaves() -> None:
    g = registry.get("seven-hills")
    state = started()
    assert state["phase"] == "take" and state["discard"]
    after, _ = play(g, state, 0, "take deck")
    msg = sh_hints.reason(state, after, 0, "take deck")
    assert msg == Msg("seven-hills.hint.take_deck", {"card": card_msg(state["discard"][-1])})
    # the card's name carries its article: never "the discard pile's the red noble"
    msg = Msg("seven-hills.hint.take_deck", {"card": card_msg("red-noble")})
    assert translate(msg, "en") == ("takes cards from the deck: the red noble on the discard "
                                    "pile would help your hand less")
    assert translate(msg, "fr") == ("prend des cartes du paquet : le noble rouge de la défausse "
                                    "servirait moins votre main")

"""The hint (engine/ai/hint.py): the medium bot's move for a seat, and one line why.

Along a random game of each game, the hinted move is legal and medium's own, and its reason is
a sentence of the game's catalogue in both languages (never a raw key, never a parameter left
unfilled); each game's own words (engine/<module>/hints.py) are met, not only the fallback."""

from __future__ import annotations

import random

import pytest

from engine import ai, parse_options, registry
from engine.ai.hint import hint
from engine.core import Msg, play
from engine.duel import hints as duel_hints
from engine.heros import hints as heros_hints
from engine.i18n import LOCALES, has, translate
from engine.policy import walk
from tests.duel.helpers import G as DUEL

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

"""Action labels read as a person would write them (issue 25): every legal action of every game
and option set, met in random games, is said by one of its game's phrases
(`<game>.phrase:<shape>` in data/<game>/i18n/phrases.*.json) in both languages, and no label
shows a stored id, a seat number or a missing parameter."""

from __future__ import annotations

import random
import re

import pytest

from engine import registry
from engine.core import parse_options, play
from engine.i18n import LOCALES, action_label, catalogue, phrase_of, phrases

NAMES = ["Aurelia", "Brutus", "Cornélie", "Decimus", "Eole"]
SEEDS = (1,)  # one game each, at the most players (every shape of text meets a phrase)


def _option_sets(key: str) -> list[tuple[str, dict]]:
    rules = registry.get(key)
    sets = [("base", {})]
    if rules.options:
        sets.append(("all", parse_options(rules, [o.name for o in rules.options])))
    return sets


GAMES = registry.keys()
CASES = [(key, label, options) for key in GAMES for label, options in _option_sets(key)]


def _legal_texts(key: str, options: dict, seed: int) -> set[str]:
    rules = registry.get(key)
    rng = random.Random(seed)
    state = rules.setup(rules.max_players, seed, options)
    seen: set[str] = set()
    for _ in range(4000):
        asked = list(rules.prompt(state))
        if rules.outcome(state) is not None or not asked:
            break
        seat = rng.choice(asked)
        legal = rules.legal(state, seat)
        seen.update(legal)
        state, _ = play(rules, state, seat, rng.choice(legal))
    return seen


@pytest.mark.parametrize(("key", "label", "options"), CASES,
                         ids=[f"{k}-{label}" for k, label, _ in CASES])
def test_every_legal_action_has_a_phrase(key: str, label: str, options: dict) -> None:
    texts = set().union(*(_legal_texts(key, options, seed) for seed in SEEDS))
    assert len(texts) > 20
    unsaid = sorted(t for t in texts if phrase_of(key, t) is None)
    assert unsaid == []
    for locale in LOCALES:
        for text in texts:
            said = action_label(key, text, locale, NAMES)
            # a stored id (lumber-yard), a seat (@1) or a parameter left unfilled ({n})
            assert not re.search(r"@\d|\{\w+\}|\b[a-z]+-[a-z]+-?\w*\b", said), (text, said)
            assert said[:1].isupper(), (text, said)


@pytest.mark.parametrize("key", GAMES)
def test_phrases_exist_in_both_languages(key: str) -> None:
    keys = {locale: {k for k in catalogue(locale) if k.startswith(key + ".phrase:")}
            for locale in LOCALES}
    assert keys["en"] and keys["en"] == keys["fr"]
    assert len(phrases(key)) == len(keys["en"])


def test_a_list_keeps_each_number_with_its_word() -> None:
    assert action_label("res-publica", "give 1 vikings 2 goths", "en") == \
        "Give 1 Vikings, 2 Goths"
    assert action_label("duel", "construct glassworks pay 1", "fr") == \
        "Construire Verrerie — payer 1 pièce"
    assert action_label("heros", "flee china", "fr") == "Fuir vers la Chine"


def test_a_text_no_phrase_says_is_shown_token_by_token() -> None:
    """A menu's prefix ("construct" before the card is chosen) has no phrase of its own."""
    assert phrase_of("duel", "construct") is None
    assert action_label("duel", "construct", "en") == "construct"

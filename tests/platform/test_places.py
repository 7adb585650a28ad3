"""Places say their article, in both languages (issue 44): « L'échelle de Moyen-Orient », « fuit
Méditerranée », « sur Palatin », "The ladder of Middle East" were read where « du Moyen-Orient »,
« la Méditerranée », « le Palatin », "the Middle East" are said.

A place carries its forms in the catalogues, as a name carries its elision: `<game>.the.<place>`
(« la Méditerranée », "the Middle East") for every place, beside the forms a language bends
with a preposition (`<game>.of.`, `.in.`, `.to.`, `.from.`). Over random games of every game
and option set, every log line, question and action label names a place in one of its forms
(or bare at the start of a line or in a list), and French never writes « de le », « à les »."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from engine import registry
from engine.core import Msg
from engine.i18n import LOCALES, action_label, catalogue, translate
from tests.contract.games import CONTRACTS, Config

NAMES = ("Ann", "Bob", "Chloé", "Dov", "Eve")
FAMILIES = ("the", "of", "in", "to", "from")
GAMES = registry.keys()
CASES = [(key, cfg) for key in GAMES for cfg in CONTRACTS[key].configs]
LABELS = 6  # action labels read at a step at most (a trade has thousands)
# « de le », « à les »: French contracts them (« du », « aux »)
UNCONTRACTED = re.compile(r"(?<![\w'’-])(de|à) (le|les) ", re.I)


def places(key: str) -> dict[str, dict[str, list[str]]]:
    """Each place of the game -> each language -> its bare name, then its catalogue forms."""
    prefix = f"{key}.the."
    out: dict[str, dict[str, list[str]]] = {}
    for name in catalogue("en"):
        if not name.startswith(prefix):
            continue
        place = name[len(prefix):]
        out[place] = {loc: [translate(Msg(f"{key}.tok.{place}"), loc)] + [
            str(catalogue(loc)[f"{key}.{family}.{place}"]) for family in FAMILIES
            if f"{key}.{family}.{place}" in catalogue(loc)] for loc in LOCALES}
    return out


def misnamed(text: str, bare: str, forms: list[str]) -> list[str]:
    """The places in `text` where `bare` is said in none of `forms` (an article may begin a
    sentence: "The ladder"), nor at the start of a line, nor in a list or after a colon. A place
    whose `the` form is its bare name ("Africa") takes no article: said bare, it is right."""
    if bare in forms:
        return []
    wrong = []
    for found in re.finditer(re.escape(bare), text):
        start = found.start()
        before = text[:start].rstrip()
        if not before or before[-1] in "(,:;\n":
            continue
        if not any(_within(text, start, bare, form) for form in forms
                   if bare in form):
            wrong.append(text[max(0, start - 20):found.end() + 5])
    return wrong


def _within(text: str, start: int, bare: str, form: str) -> bool:
    at = start - form.index(bare)
    return at >= 0 and text[at:at + len(form)].lower() == form.lower()


def _texts(key: str, cfg: Config, seed: int) -> Iterator[tuple[str, str]]:
    """(locale, text) of every log line, question and a few action labels of a random game."""
    game, rnd = registry.get(key), random.Random(seed)
    for step in CONTRACTS[key].steps(cfg, seed):
        msgs = [e.msg for e in step.events] + list(game.prompt(step.state).values())
        labels = rnd.sample(step.legal, min(LABELS, len(step.legal)))
        for loc in LOCALES:
            for msg in msgs:
                yield loc, translate(msg, loc, NAMES)
            for text in labels:
                yield loc, action_label(key, text, loc, NAMES)


@pytest.mark.parametrize("key", GAMES)
def test_every_place_has_its_forms_in_both_languages(key: str) -> None:
    for place in places(key):
        for family in FAMILIES:
            have = [f"{key}.{family}.{place}" in catalogue(loc) for loc in LOCALES]
            assert all(have) or not any(have), (place, family)


def test_the_places_known() -> None:
    assert {"middle-east", "mediterranean", "china"} <= set(places("heros"))
    assert {"palatine", "aventine", "forum"} <= set(places("seven-hills"))
    said = {loc: translate(Msg("heros.log.complete", {"territory": Msg("heros.of.middle-east"),
                                                      "n": 4}), loc) for loc in LOCALES}
    assert said["fr"].startswith("L'échelle du Moyen-Orient")
    assert said["en"].startswith("The ladder of the Middle East")


def test_the_check_finds_a_bare_place() -> None:
    forms = places("heros")["mediterranean"]["fr"][1:]
    assert misnamed("2 de vos pions fuient Méditerranée vers l'Afrique.", "Méditerranée", forms)
    assert not misnamed("2 de vos pions fuient la Méditerranée vers l'Afrique.", "Méditerranée",
                        forms)
    forms = places("seven-hills")["palatine"]["en"][1:]
    assert misnamed("Deploy a noble on Palatine", "Palatine", forms)
    assert not misnamed("Palatine: Ann 7.", "Palatine", forms)
    assert not misnamed("Ann flees America.", "America", places("heros")["america"]["en"][1:])
    assert UNCONTRACTED.search("retire un centurion de le Palatin")


@pytest.mark.parametrize(("key", "cfg"), CASES, ids=[f"{k}-{c.name}" for k, c in CASES])
def test_every_place_named_in_a_game_takes_its_article(key: str, cfg: Config) -> None:
    known = places(key)
    wrong: set[str] = set()
    seen = 0
    for loc, text in _texts(key, cfg, seed=5):
        if loc == "fr" and UNCONTRACTED.search(text):
            wrong.add(text)
        for forms in known.values():
            bare, *said = forms[loc]
            if bare in text:
                seen += 1
                wrong.update(misnamed(text, bare, said))
    assert sorted(wrong) == []
    assert seen or not known  # a game with places names them

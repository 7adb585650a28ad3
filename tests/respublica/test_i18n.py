"""Every player-facing text exists in French and English (ARCHITECTURE, In Discord)."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import data
from engine.core import Msg
from engine.i18n import action_label, translate

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {loc: json.loads(data.path("respublica", "i18n", f"{loc}.json").read_text("utf-8"))
              for loc in ("en", "fr")}


def fields(template) -> set[str]:
    """The params a template names; a plural form `{n|one|other}` names `n`."""
    texts = template.values() if isinstance(template, dict) else [template]
    return {f.split("|")[0] for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def test_no_counted_word_is_written_with_a_parenthesised_plural():
    """« 0 joueur », « 2 cartes »: counts take CLDR plural forms, never "(s)" or "(e)s"."""
    for loc, catalogue in CATALOGUES.items():
        for key, template in catalogue.items():
            texts = template.values() if isinstance(template, dict) else [template]
            assert not any(re.search(r"\((e)?s\)", t) for t in texts), (loc, key)


def test_counts_agree_with_their_number_in_both_languages():
    from engine.respublica.game import ResPublica  # noqa: F401 (the catalogues are loaded)

    one = Msg("res-publica.outcome.win", {"winners": ({"seat": 0},), "points": 1})
    assert translate(one, "en", ["Aurelia"]) == "Aurelia wins with 1 point."
    assert translate(one, "fr", ["Aurelia"]) == "Aurelia gagne avec 1 point."
    draw = Msg("res-publica.event.draw", {"seat": {"seat": 0}, "people": 0, "civilisation": 2})
    assert translate(draw, "fr", ["Aurelia"]) == (
        "Aurelia pioche 0 carte des peuples et 2 cartes de civilisation.")
    assert translate(draw, "en", ["Aurelia"]) == (
        "Aurelia draws 0 people cards and 2 civilisation cards.")


def test_translations_read_well():
    term = Msg("res-publica.prop.and", {"a": Msg("res-publica.term.monks", {"n": 1}),
                                        "b": Msg("res-publica.term.people", {"n": 2})})
    assert translate(term, "en") == "1 Monk card and 2 people cards"
    assert translate(term, "fr") == "1 carte de Moines et 2 cartes des peuples"
    assert action_label("res-publica", "seek 2 shipbuilding or 1 cards", "fr") == \
        "Chercher 2 construction navale ou 1 cartes"
    assert action_label("res-publica", "accept @1", "en", ["Ann", "Bob"]) == "Accept Bob's answer"

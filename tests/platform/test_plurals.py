"""Plurals by each language's rules (CLDR, through Babel): French 0 and 1 are singular, English
only 1 is; no catalogue text writes "coin(s)"."""

from __future__ import annotations

import json
import re

import pytest

import data
from engine.core import Msg
from engine.i18n import _catalogue_files, plural, plural_category, translate


@pytest.mark.parametrize(("n", "en", "fr"), [
    (0, "other", "one"), (1, "one", "one"), (2, "other", "other"), (1.5, "other", "one"),
])
def test_cldr_categories(n: float, en: str, fr: str) -> None:
    assert plural_category(n, "en") == en and plural_category(n, "fr") == fr


def test_inline_forms_follow_the_number(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import i18n

    fake = {"en": {"t.coins": "{n} {n|coin|coins} and {m} {m|card|cards}"},
            "fr": {"t.coins": "{n} {n|pièce|pièces} et {m} {m|carte|cartes}"}}
    monkeypatch.setattr(i18n, "catalogue", lambda locale: fake[locale])
    assert translate(Msg("t.coins", {"n": 0, "m": 2}), "en") == "0 coins and 2 cards"
    assert translate(Msg("t.coins", {"n": 0, "m": 2}), "fr") == "0 pièce et 2 cartes"
    assert translate(Msg("t.coins", {"n": 1, "m": 1}), "en") == "1 coin and 1 card"
    assert plural(5, "joueur", "joueurs", "fr") == "joueurs"


def test_a_one_form_naming_exactly_one_is_not_used_for_french_zero(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine import i18n

    fake = {"fr": {"t.pay": {"one": "Payer 1 pièce", "other": "Payer {n} pièces"},
                   "t.n": {"one": "{n} carte", "other": "{n} cartes"}}}
    monkeypatch.setattr(i18n, "catalogue", lambda locale: fake["fr"])
    assert translate(Msg("t.pay", {"n": 1}), "fr") == "Payer 1 pièce"
    assert translate(Msg("t.pay", {"n": 0}), "fr") == "Payer 0 pièces"  # never "Payer 1 pièce"
    assert translate(Msg("t.n", {"n": 0}), "fr") == "0 carte"


def _texts(value: object) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [str(value)]


def test_no_catalogue_writes_an_optional_plural() -> None:
    bad = []
    for file in _catalogue_files():
        for key, value in json.loads(file.read_text(encoding="utf-8")).items():
            for text in _texts(value):
                if re.search(r"\w\((s|e|es|x|e\)\(s)\)", text):
                    bad.append(f"{file.relative_to(data.ROOT)} {key}: {text}")
    assert bad == []


def test_every_count_written_before_a_word_agrees_with_it() -> None:
    """`{n} players` alone cannot be right in French for 0 and 1: a count param written before a
    plural noun needs a plural form (inline or a one/other template)."""
    suspicious = re.compile(r"\{(n|count|cards|coins)\} (joueurs|cartes|pièces|players|cards|coins)\b")
    bad = []
    for file in _catalogue_files():
        for key, value in json.loads(file.read_text(encoding="utf-8")).items():
            if isinstance(value, dict):
                continue
            if suspicious.search(str(value)):
                bad.append(f"{file.relative_to(data.ROOT)} {key}: {value}")
    assert bad == []

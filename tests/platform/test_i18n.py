"""Every player-facing text exists in French and English, and translation behaves."""

from __future__ import annotations

import json

import data
from engine import Msg
from engine.i18n import (
    LOCALES,
    _catalogue_files,
    action_label,
    catalogue,
    locale_of,
    token_label,
    translate,
)


def test_every_key_exists_in_both_languages() -> None:
    en, fr = set(catalogue("en")), set(catalogue("fr"))
    assert en - fr == set(), f"missing in French: {sorted(en - fr)}"
    assert fr - en == set(), f"missing in English: {sorted(fr - en)}"


def test_templates_use_the_same_parameters_in_both_languages() -> None:
    from engine.i18n import params_of

    en, fr = catalogue("en"), catalogue("fr")
    for key in en:
        assert params_of(en[key]) == params_of(fr[key]), key


def test_catalogue_files_are_valid_and_named_by_locale() -> None:
    files = _catalogue_files()
    assert files
    for f in files:
        assert f.name.removesuffix(".json").split(".")[-1] in LOCALES, f
        assert isinstance(json.loads(f.read_text(encoding="utf-8")), dict)
    assert data.path("i18n").is_dir()


def test_translate_resolves_nested_messages_seats_and_plurals() -> None:
    assert translate(Msg("error.game_full", {"n": 5}), "fr") == "Cette partie est complète (5 joueurs au plus)."
    assert "ann" in translate(Msg("outcome.resigned", {"who": Msg.seat(0)}), "en", ["ann"])
    assert translate(Msg("no.such.key")) == "no.such.key"  # visible, never a crash


def test_locales_and_tokens() -> None:
    assert locale_of("fr") == locale_of("fr-FR") == "fr"
    assert locale_of("en-US") == locale_of(None) == locale_of("de") == "en"
    assert token_label("any", "@1", "en", ["a", "b"]) == "b"
    assert token_label("any", "12", "fr") == "12"
    assert action_label("any", "zzz 3", "en") == "zzz 3"

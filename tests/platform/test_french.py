"""What a French reader reads (issue 25): « vous » everywhere, elision before a vowel where the
word that follows is a name, and never a path of the repository in a text a player sees."""

from __future__ import annotations

import json
import re

import pytest

from data import ROOT
from engine import Msg
from engine.i18n import _elide, catalogue, params_of, translate

FRENCH = sorted({*ROOT.glob("*/i18n/fr.json"), *ROOT.glob("*/i18n/*.fr.json"),
                 *ROOT.glob("i18n/*.fr.json")})
# « tu », « ton », « ta », « tes », « toi », « te », « t'… »: the familiar register.
FAMILIAR = re.compile(r"\b(tu|ton|ta|tes|toi|te)\b|(?<![\w-])t['’]", re.I)


def _texts(value: object) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [str(value)]


def test_the_french_catalogues_are_found() -> None:
    names = {str(p.relative_to(ROOT)) for p in FRENCH}
    assert {"heros/i18n/fr.json", "sevenhills/i18n/fr.json", "duel/i18n/fr.json",
            "respublica/i18n/fr.json", "i18n/discord.fr.json"} <= names


@pytest.mark.parametrize("path", FRENCH, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_french_text_says_vous(path) -> None:
    """Héros said « Place un pion… », « TES HÉROS », « Cornélie t'attaque » where the rest of
    the bot, in the same game, says « vous »."""
    familiar = [f"{key}: {text}" for key, value in json.loads(path.read_text("utf-8")).items()
                for text in _texts(value) if FAMILIAR.search(text)]
    assert familiar == []


def test_no_text_shows_a_path_of_the_repository() -> None:
    """`/game rules` said "see data/seven-hills/README.md" to players."""
    path = re.compile(r"\bdata/|\w\.(md|py|json)\b")
    for locale in ("en", "fr"):
        shown = [key for key, value in catalogue(locale).items()
                 for text in _texts(value) if path.search(text)]
        assert shown == [], locale


@pytest.mark.parametrize(("name", "expected"), [
    ("Aurelia", "un noble d'Aurelia"), ("Agrippine", "un noble d'Agrippine"),
    ("Éole", "un noble d'Éole"), ("Brutus", "un noble de Brutus"),
    ("Hector", "un noble de Hector"),  # a mute h cannot be told from an aspirate one: left
])
def test_de_is_elided_before_a_name_that_starts_with_a_vowel(name: str, expected: str) -> None:
    assert _elide("un noble de {who}", {"who": name}).format(who=name) == expected


def test_elision_in_real_catalogue_lines() -> None:
    """Through translate, with the catalogues' own templates: a seat's name and a kind."""
    names = ["Aurelia", "Brutus", "Cornélie"]
    for key, template in catalogue("fr").items():
        for text in _texts(template):
            if re.search(r"(?<![\w'])de \{seat\}", text):
                params = {p: 2 for p in params_of(template)}
                said = translate(Msg(key, {**params, "seat": Msg.seat(0)}), "fr", names)
                assert "de Aurelia" not in said and "d'Aurelia" in said, (key, said)
                said = translate(Msg(key, {**params, "seat": Msg.seat(1)}), "fr", names)
                assert "de Brutus" in said, (key, said)
                return
    raise AssertionError("no French line says « de {seat} »: pick another template")


def test_a_roman_numeral_is_not_elided() -> None:
    assert _elide("la fin de {age}", {"age": "II"}) == "la fin de {age}"
    assert _elide("la fin de {age}", {"age": "Iéna"}) == "la fin d'{age}"


def test_a_heros_card_says_its_dates_in_french() -> None:
    """`/game card` said « Héros de l'époque antique · 13th c. BC »: the data's English."""
    from engine.heros.lookup import components

    kinds = {c.id: (translate(c.kind, "fr"), translate(c.kind, "en"))
             for c in components({}) if c.kind.key == "heros.card.kind.hero"}
    assert len(kinds) > 40
    for fr, en in kinds.values():
        assert not re.search(r"\b(BC|AD)\b|\d(st|nd|rd|th)\b", fr), fr
        assert "J.-C." not in en and not re.search(r"(?<!1)[123]th\b", en), en  # "{n}th"
    assert any(fr.endswith("· 13e s. av. J.-C.") for fr, _ in kinds.values())
    assert any(en.endswith("· 13th c. BC") for _, en in kinds.values())
    assert any(fr.endswith("· 63 av. J.-C.-14 apr. J.-C.") for fr, _ in kinds.values())


def test_a_pace_is_written_in_french_days() -> None:
    """« Cadence : 3d+1d/5d (réserve+incrément/plafond) »: a day is « j » in French, which
    `/game new pace:` reads as well."""
    from bot.clock import PRESETS, Pace, parse_pace
    from bot.discord.days import pace_text

    daily = PRESETS["daily"]
    assert daily.text("fr") == "3j+1j/5j" and daily.text() == "3d+1d/5d"
    assert pace_text(daily, "fr").startswith("3j+1j/5j")
    for pace in (*PRESETS.values(), Pace(2 * 86400, 3600, 4 * 86400)):
        assert parse_pace(pace.text("fr")) == pace
        assert "d" not in pace.text("fr")


def test_every_option_is_named_in_both_languages() -> None:
    """« Options : classic »: a game's options are said in the reader's words, every option and
    every value of every game."""
    from bot.discord.looking import options_text
    from engine import registry

    games = registry.keys()
    for key in games:
        for spec in registry.get(key).options:
            for value in spec.values or (True,):
                options = {spec.name: value}
                said = {loc: options_text(options, key, loc) for loc in ("en", "fr")}
                typed = spec.name if value is True else f"{spec.name}={value}"
                assert typed not in said.values(), (key, said)
                assert "=" not in said["fr"] and "=" not in said["en"], said
    assert options_text({"classic": True}, "res-publica", "fr") == "jeu classique"
    assert options_text({"agora": True, "leaders": "points"}, "duel", "en") == \
        "Agora, Leaders (the points panel)"


def test_res_publica_scores_say_where_points_come_from() -> None:
    """« 45 en cartes des points » read as "45 in cards of the points"."""
    said = translate(Msg("res-publica.outcome.score", {
        "seat": Msg.seat(0), "n": 48, "parts": Msg("res-publica.outcome.parts", {"parts": (
            Msg("res-publica.outcome.part_cards", {"n": 45}),
            Msg("res-publica.outcome.part_pairs", {"n": 3}))})}), "fr", ["Brutus"])
    assert said == "Brutus 48 points : 45 grâce aux cartes des points, 3 pour les paires en main"

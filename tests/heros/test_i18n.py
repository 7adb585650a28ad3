"""Every player-facing text exists in French and English (ARCHITECTURE, In Discord)."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import data
from engine.core import Msg
from engine.heros.components import load
from engine.heros.step import in_
from engine.i18n import action_label, has, translate

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {loc: json.loads(data.path("heros", "i18n", f"{loc}.json").read_text("utf-8"))
              for loc in ("en", "fr")}


def fields(template) -> set[str]:
    texts = template.values() if isinstance(template, dict) else [template]
    return {f.split("|")[0] for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def test_every_action_token_and_component_has_a_label() -> None:
    c = load()
    words = {"place", "take", "deck", "play", "discover", "conquer", "skip", "migrate", "build",
             "buy", "end", "move", "done", "wonder", "reroll", "keep", "pass", "flee"}
    for word in words:
        assert has(f"heros.tok.{word}", "en") and has(f"heros.tok.{word}", "fr"), word
    for table in (c.heroes, c.tokens, c.territories, c.wonders):
        for cid, comp in table.items():
            assert CATALOGUES["en"][f"heros.tok.{cid}"] == comp.name_en
            assert CATALOGUES["fr"][f"heros.tok.{cid}"] == comp.name_fr


def test_the_rules_say_it_is_a_reconstructed_edition() -> None:
    assert "RECONSTRUCTED EDITION" in CATALOGUES["en"]["heros.rules"]
    assert "ÉDITION RECONSTITUÉE" in CATALOGUES["fr"]["heros.rules"]


def test_translations_read_well() -> None:
    assert action_label("heros", "place mediterranean 3", "fr") == "Placer 3 pions en Méditerranée"
    assert action_label("heros", "conquer europe @1", "en", ["Ann", "Bob"]) == \
        "Conquer in Europe against Bob"
    assert action_label("heros", "take deck", "en") == "Take the top Hero of the deck"
    msg = Msg("heros.log.place", {"seat": Msg.seat(0), "n": 3, "territory": in_("europe")})
    assert translate(msg, "en", ["Ann"]) == "Ann places 3 population in Europe."
    assert translate(msg, "fr", ["Ann"]) == "Ann pose 3 pions de Population en Europe."
    # each territory takes its own preposition and article: « au Moyen-Orient »
    east = Msg("heros.log.conquer", {"seat": Msg.seat(0), "territory": in_("middle-east"),
                                     "defender": Msg.seat(1), "n": 4})
    assert "une Conquête au Moyen-Orient contre Bob" in translate(east, "fr", ["Ann", "Bob"])
    assert "a conquest in the Middle East against Bob" in translate(east, "en", ["Ann", "Bob"])


def _render(key: str, locale: str, **params) -> str:
    return translate(Msg(f"heros.render.{key}", params), locale)


def test_every_count_in_the_pictures_takes_its_plural_form() -> None:
    # CLDR: English 0 is plural ("0 Conquests"), French 0 is singular (« 0 Conquête »)
    expected = {
        "en": {"stat.conquest": ("Conquests", "Conquest", "Conquests"),
               "stat.treasure": ("Treasures", "Treasure", "Treasures"),
               "stat.discoveries": ("Discoveries", "Discovery", "Discoveries"),
               "phase.place": ("Place 0 population", "Place 1 population",
                               "Place 2 population"),
               "phase.migrate": ("Migrate (0 pawns left)", "Migrate (1 pawn left)",
                                 "Migrate (2 pawns left)")},
        "fr": {"stat.conquest": ("Conquête", "Conquête", "Conquêtes"),
               "stat.treasure": ("Trésor", "Trésor", "Trésors"),
               "stat.discoveries": ("Découverte", "Découverte", "Découvertes"),
               "phase.place": ("Poser 0 pion de Population", "Poser 1 pion de Population",
                               "Poser 2 pions de Population"),
               "phase.migrate": ("Migrer (encore 0 pion)", "Migrer (encore 1 pion)",
                                 "Migrer (encore 2 pions)")},
    }
    for locale, table in expected.items():
        for key, forms in table.items():
            assert tuple(_render(key, locale, n=n) for n in (0, 1, 2)) == forms, key
    europe = in_("europe")
    assert [_render("did.place", "fr", n=n, territory=europe) for n in (1, 2)] == [
        "a posé 1 pion de Population en Europe", "a posé 2 pions de Population en Europe"]
    assert _render("did.place", "en", n=5, territory=europe) == "placed 5 population in Europe"
    assert [_render("drawn", "fr", n=n, tokens="X") for n in (1, 2)] == [
        "Découverte piochée : X", "Découvertes piochées : X"]
    assert [_render("drawn", "en", n=n, tokens="X") for n in (1, 2)] == [
        "Discovery drawn: X", "Discoveries drawn: X"]


def test_the_pictures_speak_as_the_other_games_do() -> None:
    fr, en = CATALOGUES["fr"], CATALOGUES["en"]
    # one verb for placing, as the log says (« pose 3 pions de Population »)
    assert not [k for k, v in fr.items() if k.startswith("heros.render")
                and re.search(r"\bplac", str(v))]
    # a resignation and the end read as in Duel and Res Publica
    assert translate(Msg("heros.render.resigned", {"name": "Ann"}), "fr") == "Ann a abandonné"
    assert translate(Msg("heros.render.resigned", {"name": "Ann"}), "en") == "Ann resigned"
    assert (fr["heros.render.resigned_tag"], en["heros.render.resigned_tag"]) == (
        "a abandonné", "resigned")
    assert (fr["heros.render.over"], en["heros.render.over"]) == ("Partie terminée", "Game over")
    assert (fr["heros.render.begins"], en["heros.render.begins"]) == (
        "La partie commence", "The game begins")
    # what a player is asked is a sentence: it starts with a capital, in both languages
    for cat in (fr, en):
        for key in (k for k in cat if k.startswith("heros.render.phase.")):
            assert cat[key][:1].isupper(), key
        # the values' labels are written alike in both languages: capitals, no legend letters
        abbr = [cat[f"heros.render.abbr.{k}"] for k in ("population", "discoveries",
                                                         "conquest", "treasure")]
        assert all(a[:1].isupper() and a.endswith(".") for a in abbr)
        assert "heros.render.legend" not in cat

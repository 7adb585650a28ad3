"""Every player-facing text of Seven Hills exists in French and English (ARCHITECTURE, In
Discord), every key the engine builds exists, every action token has a label, and the rules text
says that this is a reconstructed edition (RECONSTRUCTION.md point 5)."""

from __future__ import annotations

import json
import string
from pathlib import Path

import data
from engine.core import Msg
from engine.i18n import action_label, translate
from engine.sevenhills.components import load
from engine.sevenhills.step import card_msg

from .helpers import G

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {
    loc: json.loads(data.path("sevenhills", "i18n", f"{loc}.json").read_text("utf-8"))
    for loc in ("en", "fr")
}


def fields(template) -> set[str]:
    """The params a template names; a plural `{n|one|other}` names `n`."""
    texts = template.values() if isinstance(template, dict) else [template]
    return {f.split("|")[0] for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def test_every_card_is_named_as_people_say_it() -> None:
    """Issue 44: "Exchange Plebeian yellow · +1 plebeian · legions: ½" read as a card's stat
    line. A card is "the yellow plebeian" (« le plébéien jaune »), and says in brackets only
    what tells it from the cards of its colour and class: its additional action where theirs
    differ, its legion icon where one of them has the same action. Each name is one card's, so
    that every action's label is one action's."""
    cards = load().cards
    for loc in ("en", "fr"):
        names = {card.id: CATALOGUES[loc][f"seven-hills.tok.{card.id}"] for card in cards}
        assert len(set(names.values())) == len(cards), loc
        for card in cards:
            said = translate(Msg("seven-hills.card", {  # "red noble", « noble rouge »
                "colour": Msg(f"seven-hills.colour.{card.colour}"),
                "cls": Msg(f"seven-hills.tok.{card.cls}")}), loc)
            plain = {"en": f"the {said}", "fr": f"l'{said}" if said[0] in "aeiou"
                     else f"le {said}"}[loc]
            name = names[card.id]
            assert name == plain or name.startswith(plain + " ("), (loc, name)
            kin = [k for k in cards if k.id != card.id and (k.colour, k.cls) == (card.colour,
                                                                                  card.cls)]
            assert (name == plain) == (not kin), name
            assert ("·" not in name) and ("legion" not in name.split("(")[0]), name
    assert names["red-noble"] == "le noble rouge"
    assert names["red-slave-1"].startswith("l'esclave rouge (")


def test_a_card_shows_the_words_that_tell_it_apart() -> None:
    en = CATALOGUES["en"]
    assert en["seven-hills.tok.yellow-plebeian-3"] == "the yellow plebeian (+1 plebeian)"
    assert en["seven-hills.tok.red-knight-1"] == "the red knight (legions: half return)"
    assert en["seven-hills.tok.red-plebeian-4"] == \
        "the red plebeian (no action, legions: all return)"
    assert action_label("seven-hills", "exchange yellow-plebeian-3 red-noble", "en") == \
        "Exchange the yellow plebeian (+1 plebeian), the red noble"
    assert action_label("seven-hills", "discard red-slave-2", "fr") == \
        "Défausser l'esclave rouge (légions : attendent une manche)"


def test_the_rules_say_reconstructed_edition_in_both_languages() -> None:
    assert "RECONSTRUCTED EDITION" in translate(G.rules(), "en")
    assert "ÉDITION RECONSTITUÉE" in translate(G.rules(), "fr")
    assert translate(G.name(), "en") == "Seven Hills"


def test_translations_read_well() -> None:
    names = ["Ann", "Bob", "Cy"]
    assert action_label("seven-hills", "deploy noble palatine", "fr") == \
        "Déployer un noble sur le Palatin"
    assert action_label("seven-hills", "deploy noble aventine", "fr") == \
        "Déployer un noble sur l'Aventin"
    assert action_label("seven-hills", "levy @1 forum", "en", names) == \
        "Levy one of Bob's plebeians on the Forum Romanum"
    slave = card_msg("red-slave-1")
    discard = Msg("seven-hills.log.discard", {"seat": Msg.seat(0), "card": slave})
    assert translate(discard, "fr", names) == "Ann défausse l'esclave rouge."
    assert translate(discard, "en", names) == "Ann discards the red slave."
    reveal = Msg("seven-hills.log.reveal_none", {"seat": Msg.seat(1), "n": 2,
                                                  "card": card_msg("purple-knight-1")})
    assert translate(reveal, "fr", names).startswith("Bob révèle le chevalier violet :")
    assert translate(reveal, "en", names).startswith("Bob reveals the purple knight:")
    msg = Msg("seven-hills.log.take_deck", {"seat": Msg.seat(0), "n": 1})
    assert translate(msg, "en", names) == "Ann takes 1 card from the deck."
    assert translate(msg, "fr", names) == "Ann prend 1 carte du paquet."

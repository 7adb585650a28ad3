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


def test_every_card_has_a_label_naming_its_power_and_legion_icon() -> None:
    for card in load().cards:
        en = CATALOGUES["en"][f"seven-hills.tok.{card.id}"]
        assert en.lower().startswith(card.cls) and card.colour in en
        assert "legions" in en


def test_the_rules_say_reconstructed_edition_in_both_languages() -> None:
    assert "RECONSTRUCTED EDITION" in translate(G.rules(), "en")
    assert "ÉDITION RECONSTITUÉE" in translate(G.rules(), "fr")
    assert translate(G.name(), "en") == "Seven Hills"


def test_translations_read_well() -> None:
    names = ["Ann", "Bob", "Cy"]
    assert action_label("seven-hills", "deploy noble palatine", "fr") == "Déployer un noble sur Palatin"
    assert action_label("seven-hills", "levy @1 forum", "en", names) == \
        "Levy one of Bob's plebeians on Forum Romanum"
    msg = Msg("seven-hills.log.take_deck", {"seat": Msg.seat(0), "n": 1})
    assert translate(msg, "en", names) == "Ann takes 1 card from the deck."
    assert translate(msg, "fr", names) == "Ann prend 1 carte du paquet."

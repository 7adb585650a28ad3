"""Every player-facing text exists in French and English (ARCHITECTURE, In Discord)."""

from __future__ import annotations

import json
import string
from pathlib import Path

import data
from engine.core import Msg
from engine.duel import cards as C
from engine.i18n import action_label, has, translate

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = {
    loc: json.loads(data.path("duel", "i18n", f"{loc}.json").read_text("utf-8"))
    for loc in ("en", "fr")
}


def fields(template) -> set[str]:
    # a plural {n|one|other} names its parameter n; its words are the language's own
    texts = template.values() if isinstance(template, dict) else [template]
    return {f.split("|")[0] for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def test_every_action_token_has_a_label_and_names_match_the_data() -> None:
    words = {
        "draft",
        "construct",
        "discard",
        "wonder",
        "progress",
        "mausoleum",
        "destroy",
        "start",
        "pay",
        "free",
        "chain",
        "gain",
        "spare",
        *C.RESOURCES,
    }
    for word in words:
        assert has(f"duel.tok.{word}", "en") and has(f"duel.tok.{word}", "fr"), word
    for kind in ("card", "wonder", "progress"):
        for cid in C.ids(kind):
            comp = C.get(cid)
            assert CATALOGUES["en"][f"duel.tok.{cid}"] == comp.name_en
            assert CATALOGUES["fr"][f"duel.tok.{cid}"] == comp.name_fr


def test_translations_read_well() -> None:
    assert action_label("duel", "construct glassworks pay 3", "en") == "Build Glassworks — pay 3 coins"
    assert (
        action_label("duel", "wonder the-pyramids lumber-yard free", "fr")
        == "Bâtir Les Pyramides avec Chantier, gratuitement"
    )
    assert action_label("duel", "start @1", "fr", ["Ann", "Bob"]) == "Laisser Bob commencer l'Âge"
    msg = Msg("duel.log.construct", {"seat": Msg.seat(0), "card": Msg("duel.tok.press"), "n": 1})
    assert translate(msg, "en", ["Ann", "Bob"]) == "Ann constructs Press for 1 coin."
    assert translate(msg, "fr", ["Ann", "Bob"]) == "Ann construit Presse pour 1 pièce."

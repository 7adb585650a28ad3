"""Every player-facing text of Seven Hills exists in French and English (ARCHITECTURE, In
Discord), every key the engine builds exists, every action token has a label, and the rules text
says that this is a reconstructed edition (RECONSTRUCTION.md point 5)."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import data
from engine.core import Msg
from engine.i18n import action_label, has, translate
from engine.policy import walk
from engine.sevenhills.components import LEGIONS, POWERS, load
from tests.support import msg_keys

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


def test_catalogues_have_the_same_keys_and_parameters() -> None:
    en, fr = CATALOGUES["en"], CATALOGUES["fr"]
    assert en.keys() == fr.keys()
    assert all(k.startswith("seven-hills.") for k in en)
    for key in en:
        assert fields(en[key]) == fields(fr[key]), key


def test_every_key_the_engine_names_exists() -> None:
    source = "\n".join(p.read_text("utf-8")
                       for p in (ROOT / "engine" / "sevenhills").glob("*.py"))
    literal = {f"seven-hills.{k}" for k in re.findall(r'f?"\{G\}\.([a-z_.]+[a-z])"', source)}
    literal |= {f"seven-hills.log.{k}" for k in re.findall(r'ev\("([a-z_]+)"', source)}
    built = {
        *(f"seven-hills.log.reveal_{i}" for i in LEGIONS),
        *(f"seven-hills.power.{p}" for p in POWERS),
        *(f"seven-hills.error.expect.{p}" for p in ("preplace", "take", "act", "deploy", "power",
                                                     "target", "protect", "discard", "levy",
                                                     "return")),
        *(f"seven-hills.outcome.{w}" for w in ("points", "forum", "shared", "detail")),
        *(f"seven-hills.ask.{p}" for p in ("preplace", "take", "act", "deploy", "power",
                                           "target", "protect", "discard", "levy", "return")),
        "seven-hills.log.hill", "seven-hills.log.hill_new", "seven-hills.name",
        "seven-hills.rules",
    }
    for key in literal | built:
        assert has(key, "en") and has(key, "fr"), key


def test_every_token_of_random_games_is_translated_and_messages_resolve() -> None:
    for players, seed in ((3, 5), (4, 6)):
        rnd = random.Random(seed)
        state = G.setup(players, seed, {})
        while G.outcome(state) is None:
            prompts = G.prompt(state)
            for msg in prompts.values():
                for key in msg_keys(msg):
                    assert has(key, "en") and has(key, "fr"), key
            seat = min(prompts)
            for text in G.legal(state, seat):
                for token in text.split():
                    if not (token.isdigit() or token.startswith("@")):
                        assert has(f"seven-hills.tok.{token}", "fr"), token
            state, events = G_play(state, seat, walk(G.legal(state, seat), rnd))
            for e in events:
                for key in msg_keys(e.msg):
                    assert has(key, "en") and has(key, "fr"), key


def G_play(state, seat, text):
    from engine.core import play

    return play(G, state, seat, text)


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
    assert action_label("seven-hills", "deploy noble palatine", "fr") == "déployer noble Palatin"
    assert action_label("seven-hills", "levy @1 forum", "en", names) == \
        "levy a plebeian of Bob Forum Romanum"
    msg = Msg("seven-hills.log.take_deck", {"seat": Msg.seat(0), "n": 1})
    assert translate(msg, "en", names) == "Ann takes 1 card from the deck."
    assert translate(msg, "fr", names) == "Ann prend 1 carte du paquet."

"""Every Agora text in French and English (ARCHITECTURE « In Discord »; team guide)."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import data
from engine.duel import agora, agora_data
from engine.i18n import action_label, has

from .playouts import playout

ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = {
    loc: json.loads(data.path("duel", "i18n", f"agora.{loc}.json").read_text("utf-8"))
    for loc in ("en", "fr")
}


def _fields(template: object) -> set[str]:
    texts = template.values() if isinstance(template, dict) else [template]
    return {f for t in texts for _, f, _, _ in string.Formatter().parse(str(t)) if f}


def test_same_keys_and_parameters_in_both_languages() -> None:
    en, fr = CATALOGUES["en"], CATALOGUES["fr"]
    assert en.keys() == fr.keys()
    for key in en:
        assert _fields(en[key]) == _fields(fr[key]), key


def test_every_key_the_agora_code_names_exists() -> None:
    source = "\n".join(p.read_text("utf-8") for p in (ROOT / "engine" / "duel").glob("agora*.py"))
    literal = set(re.findall(r'"(duel\.[a-z_.\-]+[a-z])"', source))
    built = {f"duel.ask.{p}" for p in agora.PHASES}
    built |= {f"duel.agora.section.{s}" for s in agora_data.SECTIONS}
    built |= {f"duel.agora.military.{k}" for k in set(agora_data.load().military)}
    built |= {"duel.log.win_politics", "duel.outcome.politics"}
    built |= {f"duel.agora.log.keep_{w}" for w in ("top", "bottom")}
    for key in literal | built:
        assert has(key, "en") and has(key, "fr"), key


def test_every_component_has_a_name() -> None:
    data_ = agora_data.load()
    for cid in [*data_.senators, *data_.decrees, *data_.plots, *data_.wonders, *data_.tokens]:
        assert has(f"duel.tok.{cid}", "en") and has(f"duel.tok.{cid}", "fr"), cid


def test_every_token_of_every_text_played_is_labelled() -> None:
    words = set(agora.DO) | {"top", "bottom", "box", "coins", "free", "pay", "spare"}
    for seed in range(7000, 7040):
        history, _, _ = playout(seed)
        words |= {w for _, text in history for w in text.split() if not w.isdigit() and w[0] != "@"}
    for word in words:
        for loc in ("en", "fr"):
            assert has(f"duel.tok.{word}", loc), word
        assert action_label("duel", word, "fr")  # labelled, never empty

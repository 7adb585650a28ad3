"""Every Agora text in French and English (ARCHITECTURE « In Discord »; team guide)."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import data
from engine.duel.agora import data as agora_data
from engine.i18n import has

ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = {
    loc: json.loads(data.path("duel", "i18n", f"agora.{loc}.json").read_text("utf-8"))
    for loc in ("en", "fr")
}


def _fields(template: object) -> set[str]:
    # a plural {n|one|other} names its parameter n; its words are the language's own
    texts = template.values() if isinstance(template, dict) else [template]
    return {f.split("|")[0] for t in texts for _, f, _, _ in string.Formatter().parse(str(t)) if f}


def test_every_component_has_a_name() -> None:
    data_ = agora_data.load()
    for cid in [*data_.senators, *data_.decrees, *data_.plots, *data_.wonders, *data_.tokens]:
        assert has(f"duel.tok.{cid}", "en") and has(f"duel.tok.{cid}", "fr"), cid


def test_the_skip_line_says_what_was_passed_with_its_parameters() -> None:
    """Defect: a Politician's `skip` logged "passes (Politician ({section}): {n} ...)": the
    question passed is now the Msg with its parameters. Real games, played until one skips."""
    import random

    from engine import registry
    from engine.core import play
    from engine.i18n import translate
    from engine.policy import walk

    game = registry.get("duel")
    found = []
    for seed in range(1, 40):
        state = game.setup(2, seed, {"agora": True})
        rng = random.Random(seed)
        while game.outcome(state) is None and len(found) < 3:
            seat = min(game.prompt(state))
            legal = game.legal(state, seat)
            phase = state.get("pending")[0]["phase"] if state.get("pending") else None
            action = "skip" if "skip" in legal and phase == "senate" else walk(legal, rng)
            state, events = play(game, state, seat, action)
            found += [e.msg for e in events if e.msg.key == "duel.agora.log.skipped.senate"]
        if found:
            break
    assert found, "a Politician's skip"
    for msg in found:
        for locale in ("en", "fr"):
            text = translate(msg, locale, ["Ana", "Ben"])
            assert "{" not in text and "}" not in text, text
            # said of the player, not the question put to them (issue 25)
            assert not re.search(r"\b(you|your|vous|votre)\b", text, re.I), text

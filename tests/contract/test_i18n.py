"""Every player-facing text of every game exists in French and English (ARCHITECTURE, In
Discord): the catalogues agree, every key the engine names or builds exists, and every text of
random games (prompts, events, outcomes, the tokens of the actions) is translated."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

import data
from engine import registry
from engine.i18n import action_label, has
from tests.contract.games import CONTRACTS
from tests.support import msg_keys

ROOT = Path(__file__).resolve().parents[2]
GAMES = registry.keys()
KEYS = [k for k in GAMES if CONTRACTS[k].catalogued]


def fields(template: object) -> set[str]:
    """The params a template names; a plural form `{n|one|other}` names `n`."""
    texts = template.values() if isinstance(template, dict) else [template]
    return {f.split("|")[0] for t in texts for _, f, _, _ in string.Formatter().parse(str(t)) if f}


def catalogue_pairs(module: str) -> list[tuple[Path, Path]]:
    folder = data.path(module, "i18n")
    return [(en, en.with_name(en.name.removesuffix("en.json") + "fr.json"))
            for en in sorted(folder.glob("*en.json"))]


@pytest.mark.parametrize("key", KEYS)
def test_catalogues_have_the_same_keys_and_parameters(key: str) -> None:
    c = CONTRACTS[key]
    pairs = catalogue_pairs(c.module)
    assert pairs and all(fr.exists() for _, fr in pairs), pairs
    has_render = any(en.name.startswith("render.") for en, _ in pairs)
    for en_path, fr_path in pairs:
        en, fr = (json.loads(p.read_text("utf-8")) for p in (en_path, fr_path))
        assert en.keys() == fr.keys(), en_path.name
        assert all(k.startswith(f"{key}.") for k in en), en_path.name
        if has_render and en_path.name == "en.json":  # the rules catalogue: no picture text
            assert not any(k.startswith(f"{key}.render.") for k in en), en_path.name
        for k in en:
            assert fields(en[k]) == fields(fr[k]), k
            if en_path.name == "en.json":  # plural forms in both languages or in neither
                assert isinstance(en[k], dict) == isinstance(fr[k], dict), k


@pytest.mark.parametrize("key", KEYS)
def test_every_key_the_engine_names_exists(key: str) -> None:
    c = CONTRACTS[key]
    source = "\n".join(p.read_text("utf-8")
                       for p in sorted((ROOT / "engine" / c.module).rglob("*.py")))
    literal = set(re.findall(rf'"({re.escape(key)}\.[a-z_.\-]+[a-z])"', source))
    named = (literal - c.not_keys) | c.named_keys(source) | c.built_keys()
    assert named
    missing = sorted(k for k in named if not (has(k, "en") and has(k, "fr")))
    assert not missing


TOKEN_CASES = [(key, name, seeds, mode) for key in KEYS
               for name, seeds, mode in CONTRACTS[key].token_games]


@pytest.mark.slow
@pytest.mark.parametrize("key, config, seeds, mode", TOKEN_CASES,
                         ids=[f"{k}-{n}-{m}" for k, n, _, m in TOKEN_CASES])
def test_every_text_of_random_games_is_translated(key: str, config: str, seeds: tuple[int, ...],
                                                  mode: str) -> None:
    """Every key in a prompt, an event or the outcome exists in both languages, and every word
    of the actions (every legal text at every step, or every text played) has a label."""
    c = CONTRACTS[key]
    cfg = c.config(config)
    g = c.game
    keys: set[str] = set()
    words: set[str] = set()
    for seed in seeds:
        if mode == "legal":
            state = None
            for step in c.steps(cfg, seed):
                for msg in g.prompt(step.state).values():
                    keys.update(msg_keys(msg))
                words.update(w for text in step.legal for w in text.split())
                for e in step.events:
                    keys.update(msg_keys(e.msg))
                state = step.after
        else:
            history, state, events = c.playout(cfg, seed)
            words.update(w for _, text in history for w in text.split())
            for e in events:
                keys.update(msg_keys(e.msg))
        out = g.outcome(state)
        assert out is not None
        for msg in (out.reason, *out.details):
            keys.update(msg_keys(msg))
    words = {w for w in words if not (w.isdigit() or w.startswith("@"))}
    if mode == "legal":
        assert c.tokens_expected <= words, sorted(c.tokens_expected - words)
    words |= c.tokens_expected
    assert not sorted(k for k in keys if not (has(k, "en") and has(k, "fr")))
    assert not sorted(w for w in words
                      if not (has(f"{key}.tok.{w}", "en") and has(f"{key}.tok.{w}", "fr")))
    assert all(action_label(key, w, "fr") for w in words)  # labelled, never empty

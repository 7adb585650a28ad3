"""What the Play menu, the console and autocomplete offer can be typed back, for every game and
option set (issue 44: Duel's `discard …` was offered and never opened, since Agora's `scrap`
shares the word). At random states of random games, read as `/move` reads a typed text
(`bot.service.play.read_typed`, the one reading of every edge):
- every beginning the console lists (the menu's steps, with " …") and every one autocomplete
  suggests (`bot.discord.playing._groups`) opens the menu there, or plays its one action;
- every legal action's label, in English and French, in any case, plays that very action, and
  so do its words token by token ("défausser apothicaire gain 2") where no other action of
  the state has the same words."""

from __future__ import annotations

import random

import pytest

from bot import menu
from bot.discord.playing import MORE, _groups
from bot.menu import fold
from bot.service.play import read_typed
from engine import play, registry
from engine.i18n import action_label, action_words
from tests.contract.games import CONTRACTS, TOY, Config

ALL = {**CONTRACTS, "toy": TOY}
CASES = [(key, cfg) for key in [*registry.keys(), "toy"] for cfg in ALL[key].configs]
NAMES = ("Ann", "Bartholomew Longname-Smith", "Chloé", "Dov", "Eve")
STATES = 12  # states looked at in a game: spread over it, the first and the last included
# Texts typed in a state at most: every reading of one builds the labels of all legal texts,
# and a trade has thousands of them.
WORK = 12_000  # labels made in a state at most, about
LOCALES = ("en", "fr")


def _states(key: str, cfg: Config, seed: int) -> list[tuple[int, list[str]]]:
    """(seat asked, its legal texts) at `STATES` steps spread over a random game (the contract's
    playout, replayed: the legal texts are listed only where they are looked at)."""
    game = registry.get(key)
    history, _, _ = ALL[key].playout(cfg, seed)
    every = max(1, len(history) // STATES)
    looked = set(range(0, len(history), every)) | {len(history) - 1}
    state = game.setup(cfg.players, seed, dict(cfg.options))
    out = []
    for i, (seat, text) in enumerate(history):
        if i in looked:
            out.append((seat, list(game.legal(state, seat))))
        state, _ = play(game, state, seat, text)
    return out


def _same(key: str, read: str, text: str, names: tuple[str, ...]) -> bool:
    """`read` is the action `text`, or a copy of it that no language tells apart (Agora's five
    Conspirators are one card to a player: either copy is the move they typed)."""
    return read == text or all(action_label(key, read, locale, names)
                               == action_label(key, text, locale, names) for locale in LOCALES)


@pytest.mark.parametrize("key, cfg", CASES, ids=[f"{k}-{c.name}" for k, c in CASES])
def test_what_is_offered_and_every_label_types_back(registered: str, key: str,
                                                      cfg: Config) -> None:
    game = registry.get(key)
    names = NAMES[:cfg.players]
    rnd = random.Random(44)
    looked = 0
    for seat, legal in _states(key, cfg, seed=3):
        actions = menu.split(legal)
        offered = [(step.tokens, step.final) for step in menu.at(actions, ()).steps]
        offered += [(tuple(text.split()), whole) for text, whole in _groups(legal)]
        room = max(2, WORK // (len(legal) * 8))  # texts typed: 2 locales, 4 forms of a label
        for tokens, whole in rnd.sample(offered, min(room, len(offered))):
            typed = " ".join(tokens) + ("" if whole else MORE)
            for locale in LOCALES:
                read = read_typed(game, legal, typed, locale, names)
                assert read.kind in ("menu", "play"), (seat, typed, read)
                assert read.tokens[:len(tokens)] == tokens, (seat, typed, read)
        for text in rnd.sample(legal, min(room, len(legal))):
            for locale in LOCALES:
                label = action_label(key, text, locale, names)
                for typed in (label, label.upper(), label.lower()):
                    read = read_typed(game, legal, typed, locale, names)
                    assert read.kind == "play", (locale, typed, read)
                    assert _same(key, " ".join(read.tokens), text, names), (locale, typed, read)
                words = action_words(key, text, locale, names)
                if sum(fold(action_words(key, x, locale, names)) == fold(words)
                       for x in legal) == 1:
                    read = read_typed(game, legal, words.upper(), locale, names)
                    assert read.kind == "play", (locale, words, read)
                    assert _same(key, " ".join(read.tokens), text, names), (locale, words, read)
        looked += 1
    assert looked > 1


@pytest.mark.parametrize("locale, typed", [
    ("en", "discard"), ("en", "discard …"), ("en", "Discard"), ("fr", "défausser"),
    ("fr", "Défausser …"), ("en", "Discard Wood Reserve"), ("fr", "défausser dépôt de bois"),
])
def test_the_discard_verb_opens(locale: str, typed: str) -> None:
    """The issue's reproduction: the word "discard" is Duel's discard and Agora's scrap in the
    catalogues (with or without Agora in the game); typed, it opens the discards (or plays on to
    the one discard of the card named)."""
    game = registry.get("duel")
    legal = ["discard wood-reserve gain 2", "discard theater gain 2",
             "construct theater", "wonder the-appian-way theater"]
    read = read_typed(game, legal, typed, locale, ("Ann", "Bob"))
    assert read.kind in ("menu", "follow"), read
    assert read.tokens[0] == "discard", read
    if "wood" in typed.lower() or "bois" in typed:
        assert read == menu.Typed("follow", ("discard", "wood-reserve", "gain", "2"))

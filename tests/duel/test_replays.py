"""Stored games replay to the same states, and every seat sees the same things, after the
engine's reshaping into a base game with plug-in expansions (issue 18): random games of every
configuration recorded before it (tests/duel/replays.py) replay step for step."""

from __future__ import annotations

import pytest

from .replays import load, replay

GAMES = load()


@pytest.mark.parametrize("game", GAMES, ids=[f"{g['config']}-{g['seed']}" for g in GAMES])
def test_a_recorded_game_replays_to_the_same_states_and_views(game: dict) -> None:
    digest, final = replay(game)
    assert final == game["final"], "the final state differs"
    assert digest == game["digest"], "a state, view, prompt, legal text or event differs"


def test_the_recordings_cover_every_configuration_and_the_expansions_actions() -> None:
    configs = {g["config"] for g in GAMES}
    assert configs == {"base", "agora", "leaders", "leaders-points", "leaders-abilities",
                       "agora+leaders"}
    verbs = {t.split()[0] for g in GAMES for _, t in g["history"]}
    assert {"recruit", "choose", "place", "trigger", "prepare", "keep", "bury", "pythagoras",
            "mausoleum", "destroy", "progress", "start"} <= verbs

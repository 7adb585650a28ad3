"""Slips a reader found in the French and English texts (issue 25, "Words"): each one as it
reads now, through the catalogues and, where the engine builds the message, through the game."""

from __future__ import annotations

import pytest

from engine import Msg, registry
from engine.core import IllegalAction, play
from engine.i18n import translate


def _refusal(game: str, options: dict, text: str, locale: str) -> str:
    rules = registry.get(game)
    state = rules.setup(2, 1, options)
    with pytest.raises(IllegalAction) as refused:
        play(rules, state, 0, text)
    return translate(refused.value.msg, locale)


def test_a_duel_refusal_names_the_expected_move_in_the_readers_words() -> None:
    """« Attendu : draft. » named the stored verb, untranslated."""
    assert _refusal("duel", {}, "build lumber-yard", "fr").endswith("Attendu : choisir.")
    assert _refusal("duel", {}, "build lumber-yard", "en").endswith("Expected: draft.")


@pytest.mark.parametrize("key", ["heros.log.effect.defender_loses",
                                 "heros.log.effect.attacker_loses"])
def test_heros_counts_population_in_pawns(key: str) -> None:
    """« perd 0 de Population »: a number of pawns, with its plural."""
    said = translate(Msg(key, {"seat": Msg.seat(0), "n": 2, "territory": "en Europe"}), "fr",
                     ["Brutus"])
    assert "2 pions de Population" in said
    said = translate(Msg(key, {"seat": Msg.seat(0), "n": 1, "territory": "en Europe"}), "fr",
                     ["Brutus"])
    assert "1 pion de Population" in said
    line = translate(Msg("heros.score_line", {"n": 3, "gold": 0, "pop": 0}), "fr")
    assert "0 de Population" not in line and "0 pion de Population" in line


def test_seven_hills_french_agrees_with_one_target_and_one_defender() -> None:
    """« contre vos noble sur Palatin », « En attente de Aurelia pour placer leurs
    centurions », « prend esclave rouge de la défausse »."""
    target = Msg("seven-hills.target", {"cls": Msg("seven-hills.tok.noble"),
                                        "sector": Msg("seven-hills.tok.palatine")})
    asked = translate(Msg("seven-hills.ask.protect", {"by": Msg.seat(1), "targets": (target,),
                                                      "n": 1}), "fr", ["Aurelia", "Brutus"])
    assert "vos noble" not in asked and "contre vous : noble" in asked
    waiting = translate(Msg("seven-hills.log.defend", {"victims": (Msg.seat(0),)}), "fr",
                        ["Aurelia"])
    assert "leurs" not in waiting and waiting.startswith("En attente d'Aurelia")
    took = translate(Msg("seven-hills.log.take_pile", {"seat": Msg.seat(0), "card": "esclave rouge"}),
                     "fr", ["Brutus"])
    assert took == "Brutus prend une carte esclave rouge de la défausse."


def test_names_of_variants_and_clocks_read_naturally() -> None:
    """« Jeu complet » for Res Publica's full game; « temps écoulé dans 23 heures » for a clock
    that runs out in 23 hours."""
    assert translate(Msg("res-publica.render.variant.full"), "fr") == "Version complète"
    deadline = translate(Msg("discord.turn.deadline", {"when": "dans 23 heures"}), "fr")
    assert "écoulé" not in deadline and "dans 23 heures" in deadline

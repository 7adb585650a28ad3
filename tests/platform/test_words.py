"""Slips a reader found in the French and English texts (issue 25, "Words"): each one as it
reads now, through the catalogues and, where the engine builds the message, through the game."""

from __future__ import annotations

import pytest

from engine import Msg, registry
from engine.core import IllegalAction, play
from engine.i18n import translate
from engine.sevenhills.step import card_msg


def _refusal(game: str, options: dict, text: str, locale: str) -> str:
    rules = registry.get(game)
    state = rules.setup(2, 1, options)
    with pytest.raises(IllegalAction) as refused:
        play(rules, state, next(iter(rules.prompt(state))), text)  # the seat asked
    return translate(refused.value.msg, locale)


def test_a_duel_refusal_names_the_expected_move_in_the_readers_words() -> None:
    """« Attendu : draft. » named the stored verb, untranslated; then the verb's label
    (« choisir », "draft"); now a phrase saying what is expected, in both languages (issue 24,
    item 6), in the base game and in the Leaders' phases."""
    assert _refusal("duel", {}, "build lumber-yard", "fr").endswith(
        "Attendu : prendre une des merveilles proposées.")
    assert _refusal("duel", {}, "build lumber-yard", "en").endswith(
        "Expected: take one of the wonders on offer.")
    assert _refusal("duel", {"leaders": True}, "draft zz", "fr").endswith(
        "Attendu : prendre un des leaders proposés.")
    assert _refusal("duel", {"leaders": True}, "take 1", "en").endswith(
        "Expected: take one of the leaders on offer.")


def test_every_duel_phase_that_refuses_a_verb_says_what_it_expects() -> None:
    from engine.duel.explain import PHASE_VERBS
    from engine.i18n import has

    leaders = ("leaders", "recruit", "announce", "maecenas", "rome", "solomon", "croesus",
               "ramses", "bury", "euclid", "ptolemy")
    for phase in (*PHASE_VERBS, *leaders):
        for locale in ("en", "fr"):
            assert has(f"duel.expect.{phase}", locale), (phase, locale)


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
    took = translate(Msg("seven-hills.log.take_pile", {"seat": Msg.seat(0),
                                                       "card": card_msg("red-slave-1")}),
                     "fr", ["Brutus"])
    assert took == "Brutus prend l'esclave rouge dans la défausse."


def test_names_of_variants_and_clocks_read_naturally() -> None:
    """« Jeu complet » for Res Publica's full game; « temps écoulé dans 23 heures » for a clock
    that runs out in 23 hours."""
    assert translate(Msg("res-publica.render.variant.full"), "fr") == "Version complète"
    deadline = translate(Msg("discord.turn.deadline", {"when": "dans 23 heures"}), "fr")
    assert "écoulé" not in deadline and "dans 23 heures" in deadline

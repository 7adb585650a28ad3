"""Seven Hills' turn picture (render/sevenhills/turn.py) and the issue's defects, from real engine
states: what a player needs at a glance is drawn as essential text (names, whose turn, the era
and round counter, the open sectors with each player's clients, prestige, the acting player's
choices), the latest move is computed from the views before and after it and outlined, the end
and a resignation show the result and nobody to play, in both languages. Also: the full board's
key of marker shapes, one word (clients) for what the sectors count, short log lines, plural
forms, and score_lines that tell nothing hidden."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from functools import cache
from importlib import import_module

import pytest

import data
from engine import registry
from engine.core import Msg, Outcome, State, play, resigned
from engine.i18n import translate
from engine.policy import walk
from engine.sevenhills import board as B
from engine.sevenhills.step import card_msg
from render import sevenhills as R
from render.common import MIN_PREVIEW_PX, preview_scale
from render.samples import Moment, game_samples, moment
from tests.support import Drawn, drawn_text_sizes, drawn_texts

T = import_module("render.sevenhills.turn")  # the module: render.sevenhills.turn is the function

GAME = "seven-hills"
G = registry.get(GAME)
NAMES = ["Aurelia", "Brutus", "Cornélie", "Decimus"]
PHASES = ("preplace", "take", "act", "deploy", "power", "target", "protect", "discard", "levy",
          "return")


@cache
def sample(name: str) -> Moment:
    return moment(GAME, next(s for s in game_samples(GAME) if s.name == name))


def draw_turn(at: Moment, locale: str | None = None, with_before: bool = True,
              outcome: Outcome | None = None) -> tuple[list[Drawn], bytes]:
    names = NAMES[: at.sample.players]
    before = G.view(at.before, None) if at.before is not None and with_before else None
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = R.turn(G.view(at.state, None), names, locale or at.sample.locale, before=before,
                     outcome=outcome if outcome is not None else at.outcome)
    assert img.size == (T.TW, T.TH)
    return drawn, img.tobytes()


def essential(drawn: list[Drawn]) -> list[str]:
    floor = MIN_PREVIEW_PX / preview_scale((T.TW, T.TH))
    return [d.text for d in drawn if not d.secondary and d.size >= floor]


def tr(key: str, locale: str, **params) -> str:
    return translate(Msg(f"{GAME}.{key}", params), locale)


def phase_words(locale: str) -> list[str]:
    """The words of every "X does this" line, without the name."""
    out = []
    for phase in PHASES:
        for n in (1, 2):
            out.append(tr(f"render.phase.{phase}", locale, name="", n=n).strip())
    return out


def play_until(players: int, seed: int, stop) -> tuple[State, State]:
    """A seeded random game up to the first action after which `stop(before, after)` holds."""
    state = G.setup(players, seed, {})
    rnd = random.Random(seed)
    while G.outcome(state) is None:
        seat = min(G.prompt(state))
        after, _ = play(G, state, seat, walk(G.legal(state, seat), rnd))
        if stop(state, after):
            return state, after
        state = after
    raise AssertionError("never happened")


# --- what is essential is drawn as such ----------------------------------------------------------


@pytest.mark.parametrize("name", ["deploy-3p-en", "era4-4p-fr", "levy-3p-en", "start-3p-fr"])
def test_the_turn_writes_who_acts_the_counter_sectors_and_prestige_as_essential(name) -> None:
    at = sample(name)
    locale = at.sample.locale
    view = G.view(at.state, None)
    shown = "\n".join(essential(draw_turn(at)[0]))
    for player in NAMES[: at.sample.players]:
        assert player in shown
    asked = view["prompt"][0]
    phase = tr(f"render.phase.{view['phase']}", locale, name="", n=1).strip()
    assert phase.split()[0] in shown and NAMES[asked] in shown
    assert tr("render.turn_era", locale, era=view["era"], eras=view["eras"],
              counter=view["counter"], limit=view["limit"]) in shown
    for sector in view["sectors"]:
        if sector["open"] and not sector["forum"]:
            assert tr(f"tok.{sector['id']}", locale) in shown
    assert tr("render.forum_short", locale) in shown
    for seat in view["seats"]:
        assert str(seat["prestige"]) in shown
    for sector in view["sectors"]:  # every player's clients on every open sector
        for s in range(view["players"]):
            if sector["open"] and T.clients(sector, s):
                assert str(T.clients(sector, s)) in shown


def test_several_defenders_are_named_together_with_the_plural_verb() -> None:
    for name, verb in (("defence-4p-en", "to defend with centurions"),
                       ("defence-3p-fr", "doivent défendre avec leurs centurions")):
        at = sample(name)
        asked = G.prompt(at.state)
        assert len(asked) > 1
        shown = essential(draw_turn(at)[0])
        assert verb in shown
        for s in asked:
            assert NAMES[s] in shown
        # the revolt's targets are what the defenders choose about
        joined = "\n".join(shown)
        for victim, sector, _cls in at.state["revolt"]["targets"]:
            assert tr(f"tok.{sector}", at.sample.locale) in joined
            assert NAMES[victim] in joined
    one = tr("render.phase.protect", "en", name="Bob", n=1)
    assert one == "Bob to defend with centurions"
    assert tr("render.phase.protect", "fr", name="Bob", n=1) == \
        "À Bob de défendre avec ses centurions"


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_natural_end_shows_the_winners_and_nobody_to_play(locale: str) -> None:
    at = sample("final-3p-en")
    outcome = G.outcome(at.state)
    shown = essential(draw_turn(at, locale)[0])
    joined = "\n".join(shown)
    assert tr("render.wins", locale, n=len(outcome.winners)) in shown
    for s in outcome.winners:
        assert NAMES[s] in shown
    for score in outcome.scores:
        assert str(score) in shown
    for words in phase_words(locale):
        assert words not in joined


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_resignation_shows_who_resigned_and_the_winners_and_nobody_to_play(locale) -> None:
    # a game of 4 goes on with a bot in the seat (the sample); when nobody else plays on, the
    # platform ends it: its outcome
    at = replace(sample("resign-4p-en"), outcome=resigned(4, 1))
    assert G.outcome(at.state) is None
    assert T.resigned_seat(at.outcome) == 1
    shown = essential(draw_turn(at, locale)[0])
    joined = "\n".join(shown)
    assert tr("render.resigned", locale) in shown
    assert tr("render.wins", locale, n=3) in shown
    for words in phase_words(locale):
        assert words not in joined
    # the full board says it too, instead of "X to play"
    with drawn_texts(R.clear_caches) as texts:
        R.board(G.view(at.state, None), NAMES, locale, outcome=at.outcome)
    board_text = "\n".join(texts)
    assert tr("render.resigned", locale) in texts
    for words in phase_words(locale):
        assert words not in board_text
    # and without the outcome, the same board still says who is to act
    with drawn_texts(R.clear_caches) as texts:
        R.board(G.view(at.state, None), NAMES, locale)
    assert tr("render.resigned", locale) not in texts


# --- the latest move --------------------------------------------------------------------------


def test_a_deployment_is_the_changed_sector_with_the_clients_gained() -> None:
    before, after = play_until(3, 11, lambda b, a: b["phase"] == "deploy"
                               and a["counter"] == b["counter"] + 1)
    seat = B.active(before)
    diff = T.changes(G.view(before, None), G.view(after, None))
    assert len(diff.sectors) == 1
    (sector, deltas), = diff.sectors.items()
    assert deltas[seat] in (1, 2)  # a noble counts 2 on a hill
    assert sum(after["sectors"][sector][seat].values()) == \
        sum(before["sectors"][sector][seat].values()) + 1
    assert not diff.consuls and not diff.prestige
    assert not T.changes(None, G.view(after, None))


def test_a_revolt_outlines_the_sector_of_each_replaced_marker() -> None:
    def replaced(b: State, a: State) -> bool:
        return b["revolt"] is not None and a["revolt"] is None and b["phase"] in (
            "target", "protect") and b["sectors"] != a["sectors"]

    before, after = play_until(4, 2, replaced)
    diff = T.changes(G.view(before, None), G.view(after, None))
    attacker = before["revolt"]["by"]
    assert diff.sectors
    for deltas in diff.sectors.values():
        assert deltas.get(attacker, 0) > 0
        assert any(d < 0 for s, d in deltas.items() if s != attacker)


def test_the_consul_phase_marks_the_consuls_and_their_prestige() -> None:
    at = sample("levy-3p-en")
    diff = T.changes(G.view(at.before, None), G.view(at.state, None))
    assert diff.consuls == at.state["consuls"] and diff.consuls
    for s in diff.consuls:
        assert diff.prestige.get(s, 0) >= 2
    shown = essential(draw_turn(at)[0])
    assert tr("render.elected", "en", n=len(diff.consuls)) in shown


@pytest.mark.parametrize("name", ["deploy-3p-en", "defence-4p-en", "final-4p-fr",
                                  "resign-4p-en"])
def test_the_last_move_is_drawn_only_with_the_view_before_it(name: str) -> None:
    at = sample(name)
    with_before, img = draw_turn(at)
    without, img2 = draw_turn(at, with_before=False)
    diff = T.changes(G.view(at.before, None), G.view(at.state, None))
    assert diff
    assert img != img2
    label = tr("render.last_move", at.sample.locale)
    elected = tr("render.elected", at.sample.locale, n=len(diff.consuls))
    assert label in essential(with_before) or elected in essential(with_before)
    assert label not in [d.text for d in without]


def test_the_start_has_nothing_to_highlight() -> None:
    at = sample("start-4p-en")
    assert at.before is None
    drawn, _ = draw_turn(at)
    assert tr("render.last_move", "en") not in [d.text for d in drawn]


# --- the defects ---------------------------------------------------------------------------


def catalogue(name: str, locale: str) -> dict:
    """The pictures' catalogue (`render`) or the rules' (`rules`)."""
    file = f"{locale}.json" if name == "rules" else f"{name}.{locale}.json"
    return json.loads(data.path("sevenhills", "i18n", file).read_text("utf-8"))


def texts_of(template) -> list[str]:
    return list(template.values()) if isinstance(template, dict) else [template]


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_no_catalogue_text_writes_an_optional_plural(locale: str) -> None:
    for name in ("render", "rules"):
        for key, template in catalogue(name, locale).items():
            for text in texts_of(template):
                for slip in ("(s)", "(e)s", "(x)", "(es)"):
                    assert slip not in text, (key, text)


def test_additional_actions_name_their_player_without_a_possessive() -> None:
    text = tr("render.powers", "en", name="Charles", powers="draw 2 cards")
    assert "'s" not in text and "Charles" in text


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_full_board_keys_the_four_marker_shapes(locale: str) -> None:
    at = sample("era4-4p-fr")
    with drawn_texts(R.clear_caches) as texts:
        R.board(G.view(at.state, None), NAMES, locale)
    assert tr("render.legend", locale) in texts
    for cls in ("knight", "centurion", "plebeian"):
        assert tr(f"tok.{cls}", locale) in texts
    assert tr("render.legend_noble", locale) in texts


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_hills_and_the_forum_count_clients_with_one_word(locale: str) -> None:
    at = sample("era4-4p-fr")
    with drawn_texts(R.clear_caches) as texts:
        R.board(G.view(at.state, None), NAMES, locale)
    joined = "\n".join(texts).lower()
    assert "person" not in joined and "personne" not in joined
    assert " client" in joined
    assert tr("render.clients", locale, n=1).endswith("client")
    assert tr("render.clients", locale, n=3).endswith("clients")
    for name in ("render", "rules"):
        for template in catalogue(name, locale).values():
            for text in texts_of(template):
                assert "person" not in text.lower() or "personne" in text.lower() and \
                    "personnes" not in text.lower(), text


def test_log_lines_are_short_and_never_spell_out_a_card_power() -> None:
    names = NAMES[:3]
    rnd = random.Random(3)
    state = G.setup(3, 3, {})
    seen = 0
    while G.outcome(state) is None:
        seat = min(G.prompt(state))
        state, events = play(G, state, seat, walk(G.legal(state, seat), rnd))
        for e in events:
            for locale in ("en", "fr"):
                line = translate(e.msg, locale, names)
                seen += 1
                assert "legions:" not in line and "légions :" not in line, line
                assert "·" not in line, line
                assert len(line) <= 160, line
    assert seen > 300
    # a card is named by its colour and class, with its article
    card = Msg(f"{GAME}.log.discard", {"seat": Msg.seat(0), "card": card_msg("red-noble")})
    assert translate(card, "en", names) == "Aurelia discards the red noble."
    assert translate(card, "fr", names) == "Aurelia défausse le noble rouge."
    card = Msg(f"{GAME}.log.discard", {"seat": Msg.seat(0), "card": card_msg("red-slave-1")})
    assert translate(card, "fr", names) == "Aurelia défausse l'esclave rouge."


def test_events_stored_before_the_short_card_names_still_translate() -> None:
    """An event stored before the short card names names its card by the action token
    (`tok.<card>`, now "the red plebeian (steals 2)"): it reads as a sentence still, with one
    article, in the same templates as today's events."""
    old = Msg(f"{GAME}.log.take_pile", {"seat": Msg.seat(1),
                                         "card": Msg(f"{GAME}.tok.blue-noble")})
    assert translate(old, "en", NAMES) == "Brutus takes the blue noble from the discard pile."
    assert translate(old, "fr", NAMES) == "Brutus prend le noble bleu dans la défausse."
    now = Msg(f"{GAME}.log.take_pile", {"seat": Msg.seat(1), "card": card_msg("blue-noble")})
    assert translate(now, "en", NAMES) == translate(old, "en", NAMES)
    old = Msg(f"{GAME}.log.discard", {"seat": Msg.seat(0),
                                       "card": Msg(f"{GAME}.tok.red-slave-1")})
    for locale in ("en", "fr"):
        said = translate(old, locale, NAMES)
        assert said.startswith(("Aurelia discards the red slave (", "Aurelia défausse l'esclave"))
        assert "the the" not in said and "le le" not in said and "le l'" not in said
    old = Msg(f"{GAME}.log.next_era", {"era": 2, "first": Msg.seat(0),
                                        "hills": (Msg(f"{GAME}.tok.aventine"),)})
    assert "Aventine" in translate(old, "en", NAMES)


def test_log_plurals_follow_the_number() -> None:
    one = Msg(f"{GAME}.log.next_era", {"era": 2, "first": Msg.seat(0), "n": 1,
                                        "hills": (Msg(f"{GAME}.tok.aventine"),)})
    assert "new hill: Aventine" in translate(one, "en", NAMES)
    assert "nouvelle colline : Aventin" in translate(one, "fr", NAMES)
    msg = Msg(f"{GAME}.log.reveal_all", {"seat": Msg.seat(0), "n": 1, "back": 1,
                                          "card": Msg(f"{GAME}.tok.red-noble")})
    assert "all 1" not in translate(msg, "en", NAMES)


# --- score_lines ---------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_score_lines_give_each_seat_its_prestige_forum_and_knights(locale: str) -> None:
    at = sample("levy-3p-en")
    lines = G.score_lines(at.state)
    assert set(lines) == {0, 1, 2}
    for s, msg in lines.items():
        text = translate(msg, locale, NAMES)
        assert str(at.state["prestige"][s]) in text
        assert f"Forum{' :' if locale == 'fr' else ':'} {B.forum_markers(at.state, s)}" in text
        assert ("consul" in text) == (s in at.state["consuls"])
    assert "1 knight" in translate(Msg(f"{GAME}.score_line", {"points": 3, "forum": 0, "k": 1}),
                                   "en")
    assert "2 chevaliers" in translate(Msg(f"{GAME}.score_line", {"points": 3, "forum": 0,
                                                                    "k": 2}), "fr")


def test_score_lines_tell_nothing_hidden() -> None:
    at = sample("era4-4p-fr")
    state = at.state
    other = json.loads(json.dumps(state))
    # the same public game with the hands and the deck dealt differently
    pool = [k for h in other["hands"] for k in h] + other["deck"]
    random.Random(1).shuffle(pool)
    for s, hand in enumerate(other["hands"]):
        other["hands"][s] = [pool.pop() for _ in hand]
    other["deck"] = pool
    assert G.view(other, None) == G.view(state, None)
    assert other["hands"] != state["hands"]
    assert G.score_lines(other) == G.score_lines(state)


def test_the_resignation_outcome_is_the_platforms() -> None:
    out = resigned(4, 2)
    assert T.resigned_seat(out) == 2
    assert T.resigned_seat(G.outcome(sample("final-3p-en").state)) is None


# --- issue 44.15: the prestige list ------------------------------------------------------------


def _status_words(locale: str) -> list[str]:
    return [translate(Msg(f"{GAME}.render.phase.{p}", {"name": "Bob", "n": 1}), locale)
            for p in PHASES]


@pytest.mark.parametrize(("locale", "form"), [("en", r"Bob to "), ("fr", r"^(À|Au consul) Bob de ")])
def test_the_status_says_who_is_to_act_as_the_other_games_do(locale: str, form: str) -> None:
    """"bob takes cards" read as a move already made; the other games write "{name} to play"
    « À {name} de jouer » (Héros, Res Publica, Duel): so does every Seven Hills step."""
    for text in _status_words(locale):
        assert re.search(form, text), text
    # several defenders at once: the names come first, then what they are to do
    assert tr("render.phase.protect", "fr", name="", n=2).strip() == \
        "doivent défendre avec leurs centurions"


@pytest.mark.parametrize("name", ["start-4p-en", "era4-4p-fr", "levy-3p-en", "final-4p-fr",
                                  "defence-4p-en"])
def test_the_prestige_list_has_no_rank_numbers_and_legible_sub_lines(name: str) -> None:
    """Issue 44.15: the list in turn order was numbered 1., 2., 3. (read as a ranking), and its
    lines under the names (cards in hand, knights) were 14 px shrunk to 10, 5 to 7 px in the
    preview. Turn order is a path of dots and arrows; those lines are essential text at the
    preview's floor or more."""
    at = sample(name)
    drawn, _ = draw_turn(at)
    assert not [d.text for d in drawn if re.fullmatch(r"\d+\.", d.text.strip())]
    view = G.view(at.state, None)
    scale = preview_scale((T.TW, T.TH))
    for seat in view["seats"]:
        line = tr("render.seat_line", at.sample.locale, n=seat["hand"], k=seat["knights"])
        found = [d for d in drawn if d.text == line]
        assert found, (line, [d.text for d in drawn])
        assert all(not d.secondary and d.size * scale >= MIN_PREVIEW_PX for d in found), found


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("name", ["era4-4p-fr", "levy-3p-en", "final-4p-fr"])
def test_a_bots_level_stays_in_the_prestige_list(locale: str, name: str) -> None:
    """Issue 44.15: the prestige list dropped a bot's level ("Cicero") where the text posts keep
    it (« Cicero (difficile) »), as Héros' score list did; beside a consul's tag and a long
    prestige there is no room. The name keeps it, its prestige on the line under it; every
    seat's prestige and line of cards and knights are still written whole."""
    from PIL import Image

    from render.samples import LONG_NAMES, bot_seat

    at = sample(name)
    bots = [bot_seat(n, level, locale) for n, level in (("Cicero", "hard"),
                                                         ("Themistocles", "medium"))]
    names = [LONG_NAMES[0], bots[0], "Cornélie", bots[1]][: at.sample.players]
    view = G.view(at.state, None)
    assert 1 in view["consuls"]  # Cicero's row has the consul's tag: the narrowest row
    with drawn_text_sizes(R.clear_caches) as drawn:
        T._side(Image.new("RGB", (T.TW, T.TH)), view, names, locale, at.outcome, T.Changes())
    texts = [d.text for d in drawn if not d.secondary and d.size >= T.MIN]
    for bot in bots[: at.sample.players - 2]:
        assert bot in texts, (bot, texts)
    for seat in view["seats"]:
        assert str(seat["prestige"]) in texts
        assert tr("render.seat_line", locale, n=seat["hand"], k=seat["knights"]) in texts
    assert texts.count(LONG_NAMES[0]) == 0  # a human's long name is cut as before


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_revolts_targets_name_their_sector_with_its_article(locale: str) -> None:
    """"noble of Brutus on Aventine" lacked its article (issue 44.11): « sur l'Aventin »."""
    at = sample("defence-4p-en")
    view = G.view(at.state, None)
    lines = [text for text, _ in T.choice_lines(view, NAMES, locale, [])]
    for _, sector, _ in view["revolt"]["targets"]:
        place = translate(Msg(f"{GAME}.the.{sector}"), locale)
        assert any(line.endswith(f" {place}") for line in lines), (place, lines)
    assert not any(line.endswith(("on Aventine", "sur Aventin")) for line in lines), lines

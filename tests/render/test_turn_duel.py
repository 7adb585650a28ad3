"""7 Wonders Duel's turn picture (render/duel_turn.py) and the defects fixed with it, on real
seeded games played through the engine (render/samples.py's moments) and real Pillow pictures:
what a player reads at a glance is drawn as essential text, the last move is highlighted, the end
(a natural one or a resignation) shows the result and nobody "to play", in both languages; the
board while both players choose leaders; the score table's expansion columns; score_lines;
the log lines that read wrong."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.core import Msg, play, resigned
from engine.i18n import translate
from engine.policy import walk
from render import duel as R
from render.common import min_font_for
from render.duel_parts import name_of
from render.duel_turn import H, W, asked, changes, choice_items, point_keys
from render.samples import game_samples, moment
from tests.support import drawn_text_sizes

G = registry.get("duel")
NAMES = ["Aurelia", "Bérénice"]
ESSENTIAL = min_font_for((W, H))  # 18 px on the 1100x700 canvas


def _at(name: str):  # type: ignore[no-untyped-def]
    return moment("duel", next(s for s in game_samples("duel") if s.name == name))


def _draw(at, locale: str | None = None, with_before: bool = True):  # type: ignore[no-untyped-def]
    before = G.view(at.before, None) if at.before is not None and with_before else None
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = R.turn(G.view(at.state, None), NAMES, locale or at.sample.locale, before=before,
                     outcome=at.outcome)
    return img, drawn


def _essential(drawn) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.text for d in drawn if not d.secondary and d.size >= ESSENTIAL]


def test_the_turn_picture_is_landscape_for_the_preview() -> None:
    img, _ = _draw(_at("age2-fr"))
    assert img.size == (1100, 700)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_names_turn_age_numbers_and_the_cards_to_choose_are_essential(locale: str) -> None:
    at = _at("age2-fr")
    view = G.view(at.state, None)
    _, drawn = _draw(at, locale)
    shown = _essential(drawn)
    joined = "\n".join(shown)
    for name in NAMES:
        assert name in shown
    assert R.t("age", locale, roman="II") in shown
    seat = view["active"]
    assert any(R.t("turn.cards_who", locale, name="\x00").split("\x00")[-1].strip() in s
               for s in shown), "whose turn it is"
    for p in view["players"]:  # coins and points at a glance
        assert str(p["coins"]) in shown and str(p["points"]["total"]) in shown
    _, items = choice_items(view)
    assert items and len(items) == sum(1 for s in view["structure"] if s["accessible"])
    for _kind, cid, _colour, price in items:  # each accessible card: its name and its price
        assert name_of(cid, locale).split()[0] in joined
        slot = next(s for s in view["structure"] if s.get("card") == cid)
        if price == 0:
            assert R.t("turn.free", locale) in shown
        elif price != "chain":
            assert str(slot["price"][seat]) in shown


def test_the_wonder_draft_shows_the_wonders_offered() -> None:
    at = _at("draft-en")
    view = G.view(at.state, None)
    _, drawn = _draw(at)
    joined = "\n".join(_essential(drawn))
    for wid in view["draft"]["offer"]:
        assert name_of(wid, "en") in joined


def test_changes_finds_the_card_just_taken_and_the_picture_highlights_it() -> None:
    at = _at("age2-fr")
    before, view = G.view(at.before, None), G.view(at.state, None)
    found = changes(before, view)
    taken = [s["index"] for s, b in zip(view["structure"], before["structure"], strict=True)
             if s["taken"] and not b["taken"]]
    assert found["slot"] == taken[0] and found["seat"] == view["last"]["seat"]
    assert changes(None, view) == {}
    with_before, drawn = _draw(at)
    assert R.t("turn.last", "fr") in _essential(drawn)
    without, drawn2 = _draw(at, with_before=False)
    assert with_before.tobytes() != without.tobytes()
    assert R.t("turn.last", "fr") not in [d.text for d in drawn2]


def test_changes_on_a_wonder_built() -> None:
    """A real game, move by move, until a wonder is built: changes() names it."""
    state = G.setup(2, 4, {})
    rng = random.Random(4)
    for _ in range(400):
        seat = min(G.prompt(state))
        before = state
        state, _ = play(G, state, seat, walk(G.legal(state, seat), rng))
        if G.view(state, None)["wonders_built"] > G.view(before, None)["wonders_built"]:
            found = changes(G.view(before, None), G.view(state, None))
            assert len(found["wonders"]) == 1
            return
    pytest.fail("no wonder built")


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_natural_end_shows_the_result_and_nobody_to_play(locale: str) -> None:
    at = _at("final-civilian-en")
    view = G.view(at.state, None)
    _, drawn = _draw(at, locale)
    shown = _essential(drawn)
    texts = [d.text for d in drawn]
    winner = NAMES[view["outcome"]["winners"][0]]
    assert winner in shown
    assert R.t("reason.civilian", locale) in shown
    for total in view["outcome"]["scores"]:
        assert str(total) in shown
    assert not any(R.t("tag.active", locale) in s for s in texts)
    assert R.t("over", locale) in shown


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_resignation_shows_who_resigned_and_who_wins(locale: str) -> None:
    at = _at("resign-age2-en")
    assert at.outcome is not None and at.outcome.reason.key == "outcome.resigned"
    _, drawn = _draw(at, locale)
    shown = _essential(drawn)
    texts = [d.text for d in drawn]
    assert R.t("turn.resigned", locale) in shown
    assert any(R.t("result.winner", locale, name="\x00").replace("\x00", "").strip() in s
               for s in shown)
    assert not any(R.t("tag.active", locale) in s for s in texts)
    # the full board too shows the result, not "X to play"
    with drawn_text_sizes(R.clear_caches) as board:
        R.board(G.view(at.state, None), NAMES, locale, outcome=at.outcome)
    board_texts = [d.text for d in board]
    assert R.t("over", locale) in board_texts
    assert not any(R.t("tag.active", locale) in s for s in board_texts)
    assert not any(R.t("status.turn", locale, name="\x00").replace("\x00", "").strip() == s
                   for s in board_texts)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_while_both_choose_leaders_nobody_reads_game_over(locale: str) -> None:
    """Defect: during the leaders' recruitment (both seats asked at once) the board said
    "Game over". Seed 8 (`tabula play duel --players 2 --option leaders --seed 8`) and the
    sample leaders-recruit."""
    game_seed8 = G.setup(2, 8, {"leaders": "all"})
    rng = random.Random(8)
    state = game_seed8
    for _ in range(400):
        if len(G.prompt(state)) > 1:
            break
        seat = min(G.prompt(state))
        state, _ = play(G, state, seat, walk(G.legal(state, seat), rng))
    assert len(G.prompt(state)) > 1, "both players choose at once"
    for st in (state, _at("leaders-recruit-en").state):
        view = G.view(st, None)
        assert len(asked(view)) == 2
        with drawn_text_sizes(R.clear_caches) as board:
            R.board(view, NAMES, locale)
        texts = [d.text for d in board]
        assert R.t("over", locale) not in texts
        assert R.t("turn.both_choose", locale) in texts
        with drawn_text_sizes(R.clear_caches) as drawn:
            R.turn(view, NAMES, locale)
        shown = _essential(drawn)
        assert R.t("over", locale) not in shown
        assert R.t("turn.both_choose", locale) in shown


@pytest.mark.parametrize("name", ["agora-final-fr", "leaders-agora-age3-fr", "final-civilian-en"])
def test_the_score_table_columns_add_up_to_the_totals(name: str) -> None:
    at = _at(name)
    view = G.view(at.state, None)
    keys = point_keys(view)
    assert ("senate" in keys) == bool(view.get("agora"))
    assert ("leaders" in keys) == bool(view.get("leaders"))
    rows = view["outcome"]["points"] if view.get("outcome") else [
        p["points"] for p in view["players"]]
    for pts in rows:
        assert sum(pts[k] for k in keys) == pts["total"]
    if view.get("agora") and view.get("outcome"):  # the board's table: a Senate column
        with drawn_text_sizes(R.clear_caches) as board:
            R.board(view, NAMES, "fr")
        assert R.t("points.senate", "fr") in [d.text for d in board]


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_score_lines_say_the_public_standing(locale: str) -> None:
    at = _at("leaders-agora-age3-fr")
    lines = G.score_lines(at.state)
    assert set(lines) == {0, 1}
    view = G.view(at.state, None)
    for seat, msg in lines.items():
        text = translate(msg, locale, NAMES)
        assert "{" not in text and "(s)" not in text
        assert str(view["players"][seat]["coins"]) in text
        assert str(view["players"][seat]["points"]["total"]) in text


def test_score_lines_leak_nothing_hidden() -> None:
    """Two states that differ only in a hidden choice (the leader a player picked) read the
    same."""
    from tests.duel.leaders.helpers import act, recruiting

    s = recruiting(hands=(("caesar", "sappho"), ("nero", "zenobia")))
    a, _ = act(s, 0, "choose caesar")
    b, _ = act(s, 0, "choose sappho")
    assert a != b
    assert G.score_lines(a) == G.score_lines(b)


def test_the_chooser_beginning_the_age_reads_naturally() -> None:
    """EN "bob lets bob begin the Age." when the chooser picks themself."""
    state = G.setup(2, 4, {})
    rng = random.Random(4)
    seen = set()
    for _ in range(600):
        if G.outcome(state) is not None:
            break
        seat = min(G.prompt(state))
        if G.view(state, None)["phase"] == "start":
            for choice, key in ((f"start @{seat}", "duel.log.start_self"),
                                (f"start @{1 - seat}", "duel.log.start")):
                _, events = play(G, state, seat, choice)
                msg = next(e.msg for e in events if e.msg.key.startswith("duel.log.start"))
                assert msg.key == key
                seen.add(key)
                if key.endswith("self"):
                    assert translate(msg, "en", NAMES) == f"{NAMES[seat]} begins the Age."
        state, _ = play(G, state, seat, walk(G.legal(state, seat), rng))
    assert seen == {"duel.log.start_self", "duel.log.start"}


def test_the_reveal_line_fits_every_card_in_french() -> None:
    text = translate(Msg("duel.log.reveal", {"card": Msg("duel.tok.clay-pit")}), "fr")
    assert text == "Carte retournée : " + name_of("clay-pit", "fr") + "."


def test_counts_agree_with_their_number() -> None:
    assert R.t("leaders.player", "fr", name="A", n=1, hand=2) == "A : 1 recruté, 2 en main"
    assert translate(Msg("duel.render.leaders.shields", {"n": 1}), "en") == "1 shield"
    assert translate(Msg("duel.render.leaders.shields", {"n": 2}), "en") == "2 shields"
    for locale in ("en", "fr"):
        assert translate(Msg("duel.tok.politician-centre-a"), locale).endswith(
            "(" + translate(Msg("duel.agora.section.centre"), locale) + ")")


def test_resigned_outcome_of_the_platform_is_drawn_for_each_seat() -> None:
    at = _at("age2-fr")
    view = G.view(at.state, None)
    for seat in (0, 1):
        with drawn_text_sizes(R.clear_caches) as drawn:
            R.turn(view, NAMES, "en", outcome=resigned(2, seat))
        shown = _essential(drawn)
        assert NAMES[1 - seat] in shown and R.t("turn.resigned", "en") in shown

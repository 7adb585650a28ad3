"""7 Wonders Duel's turn picture (render/duel/turn.py) and the defects fixed with it, on real
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
from render.duel.parts import name_of, t
from render.duel.turn import H, W, asked, changes, choice_items, point_keys
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
    assert t("age", locale, roman="II") in shown
    seat = view["active"]
    assert any(t("turn.cards_who", locale, name="\x00").split("\x00")[-1].strip() in s
               for s in shown), "whose turn it is"
    for p in view["players"]:  # coins and points at a glance
        assert str(p["coins"]) in shown and str(p["points"]["total"]) in shown
    _, items = choice_items(view)
    assert items and len(items) == sum(1 for s in view["structure"] if s["accessible"])
    for _kind, cid, _colour, price in items:  # each accessible card: its name and its price
        assert name_of(cid, locale).split()[0] in joined
        slot = next(s for s in view["structure"] if s.get("card") == cid)
        if price == 0:
            assert t("turn.free", locale) in shown
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
    assert t("turn.last", "fr") in _essential(drawn)
    without, drawn2 = _draw(at, with_before=False)
    assert with_before.tobytes() != without.tobytes()
    assert t("turn.last", "fr") not in [d.text for d in drawn2]


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
    assert t("reason.civilian", locale) in shown
    for total in view["outcome"]["scores"]:
        assert str(total) in shown
    assert not any(t("tag.active", locale) in s for s in texts)
    assert t("over", locale) in shown


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_resignation_shows_who_resigned_and_who_wins(locale: str) -> None:
    at = _at("resign-age2-en")
    assert at.outcome is not None and at.outcome.reason.key == "outcome.resigned"
    _, drawn = _draw(at, locale)
    shown = _essential(drawn)
    texts = [d.text for d in drawn]
    assert t("turn.resigned", locale) in shown
    assert any(t("result.winner", locale, name="\x00").replace("\x00", "").strip() in s
               for s in shown)
    assert not any(t("tag.active", locale) in s for s in texts)
    # the full board too shows the result, not "X to play"
    with drawn_text_sizes(R.clear_caches) as board:
        R.board(G.view(at.state, None), NAMES, locale, outcome=at.outcome)
    board_texts = [d.text for d in board]
    assert t("over", locale) in board_texts
    assert not any(t("tag.active", locale) in s for s in board_texts)
    assert not any(t("status.turn", locale, name="\x00").replace("\x00", "").strip() == s
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
        assert t("over", locale) not in texts
        assert t("turn.both_choose", locale) in texts
        with drawn_text_sizes(R.clear_caches) as drawn:
            R.turn(view, NAMES, locale)
        shown = _essential(drawn)
        assert t("over", locale) not in shown
        assert t("turn.both_choose", locale) in shown


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
        assert t("points.senate", "fr") in [d.text for d in board]


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
    assert t("leaders.player", "fr", name="A", n=1, hand=2) == "A : 1 recruté, 2 en main"
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
        assert NAMES[1 - seat] in shown and t("turn.resigned", "en") in shown


# --- the review of the turn picture and the hand (issue 13 follow-up) ------------------------

CONFIGS = ({}, {"agora": True}, {"leaders": "all"}, {"agora": True, "leaders": "all"},
           {"leaders": "abilities"})
# action tokens that must never be read as such in the sentence (besides the verb and the ids)
RAW = {"pay", "gain", "spare", "@0", "@1"}
PLAIN = {"free", "chain", "progress", "top", "bottom"}  # tokens that are plain words of the sentences too


def _every_last_move() -> dict[str, dict]:  # type: ignore[type-arg]
    """One public view per verb (and per way of paying), from real random games of every
    configuration played through the engine."""
    from engine.duel.cards import component

    def shape(tok: str) -> str:
        if tok.isdigit() or tok.startswith("@"):
            return "#"
        try:
            return str(component(tok).get("kind"))
        except KeyError:
            return tok

    seen: dict[str, dict] = {}  # type: ignore[type-arg]
    for options in CONFIGS:
        for seed in range(6):
            state = G.setup(2, seed, dict(options))
            rng = random.Random(seed)
            for _ in range(700):
                if G.outcome(state) is not None:
                    break
                seat = min(G.prompt(state))
                state, _ = play(G, state, seat, walk(G.legal(state, seat), rng))
                view = G.view(state, None)
                last = view.get("last")
                if last:
                    key = " ".join(shape(x) for x in last["action"].split()
                                   if x not in ("spare", "wood", "clay", "stone", "glass",
                                                "papyrus", "coins"))
                    seen.setdefault(key, view)
    return seen


def test_every_kind_of_last_move_reads_as_a_sentence_in_both_languages() -> None:
    """Review: the "Last move" strip read like command syntax ("construct Apothecary pay 2",
    "placer 2", "keep 2 (the other on top)"). Every action of every configuration now reads as
    a sentence starting with the mover, with none of the action's raw tokens."""
    import re

    from render.duel.turn import last_move, last_text

    views = _every_last_move()
    verbs = {key.split()[0] for key in views}
    assert {"construct", "discard", "wonder", "draft", "progress", "start", "place",
            "recruit", "keep"} <= verbs, verbs
    for key, view in views.items():
        action = view["last"]["action"]
        assert last_move(view, NAMES) is not None, f"no sentence for {action!r}"
        for locale in ("en", "fr"):
            text = last_text(view, NAMES, locale)
            assert text.startswith(NAMES[view["last"]["seat"]] + " "), (action, text)
            assert "{" not in text and "duel." not in text and "|" not in text, text
            words = set(re.findall(r"[\w@'-]+", text))
            tokens = action.split()
            raw = ({tokens[0]} | RAW | {x for x in tokens if "-" in x or x.isalpha()}) - PLAIN
            assert not (words & raw), (key, action, locale, text, words & raw)


@pytest.mark.parametrize(("action", "en", "fr"), [
    ("construct apothecary pay 2", "Aurelia built the Apothecary (2 coins)",
     "Aurelia a construit la carte Apothicaire (2 pièces)"),
    ("discard library gain 2", "Aurelia discarded the Library (+2 coins)",
     "Aurelia a défaussé la carte Bibliothèque (+2 pièces)"),
    ("wonder the-hanging-gardens scriptorium pay 8",
     "Aurelia built The Hanging Gardens with the Scriptorium (8 coins)",
     "Aurelia a bâti Les Jardins suspendus avec la carte Scriptorium (8 pièces)"),
    ("place 2", "Aurelia placed a cube in chamber 2",
     "Aurelia a placé un cube dans la chambre 2"),
    ("construct tavern chain", "Aurelia built the Tavern for free, by chain",
     "Aurelia a construit la carte Taverne gratuitement, par chaînage"),
    ("construct circus pay 1", "Aurelia built the Circus (1 coin)",
     "Aurelia a construit la carte Cirque (1 pièce)"),
    ("progress law", "Aurelia took the progress token Law",
     "Aurelia a pris le jeton progrès Loi"),
])
def test_the_last_move_sentences_of_the_review(action: str, en: str, fr: str) -> None:
    from render.duel.turn import last_text

    view = {"last": {"seat": 0, "action": action}}
    assert last_text(view, NAMES, "en") == en
    assert last_text(view, NAMES, "fr") == fr


def test_a_hidden_choice_has_no_last_move_sentence() -> None:
    """A leader chosen face down leaves `last` None in the public view: nothing is told."""
    from render.duel.turn import last_text
    from tests.duel.leaders.helpers import act, recruiting

    s = recruiting(hands=(("caesar", "sappho"), ("nero", "zenobia")))
    a, _ = act(s, 0, "choose caesar")
    view = G.view(a, None)
    assert view["last"] is None and last_text(view, NAMES, "en") == ""
    _, drawn = _draw(type("At", (), {"before": s, "state": a, "outcome": None,
                                     "sample": _at("age1-en").sample})(), "en")
    assert not any("Caesar" in d.text or "César" in d.text for d in drawn)


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("name", [s.name for s in game_samples("duel")])
def test_no_essential_text_is_cut_and_the_last_move_is_whole(name: str, locale: str) -> None:
    """Review: the strip was cut in duel-library-fr ("…Guilde des ar…"), "Parade…" in the
    Mausoleum's grid. The sentence shrinks to the essential size, wraps, never ellipsizes."""
    from render.duel.turn import last_text

    at = _at(name)
    _, drawn = _draw(at, locale)
    shown = _essential(drawn)
    cut = [s for s in shown if s.endswith("…") or s.startswith("…") and len(s) > 1
           and not s.startswith("… ")]
    assert not cut, cut
    sentence = last_text(G.view(at.state, None), NAMES, locale)
    if sentence and at.before is not None:
        drawn_words = " ".join(shown)
        for word in sentence.split():
            assert word.strip("(),:") in drawn_words, (word, sentence)


def test_the_library_sentence_is_whole_in_french() -> None:
    at = _at("library-fr")
    _, drawn = _draw(at, "fr")
    shown = _essential(drawn)
    assert "Guilde des armateurs" in shown and "La Grande Bibliothèque" in shown


def test_the_great_library_choice_is_told_publicly_and_shown_in_the_hand() -> None:
    """Review: duel-library-fr said "choose one of the three tokens drawn" and showed none.
    They are private to the chooser: the public picture says who chooses and shows them face
    down; the chooser's hand shows each with its effect, readable."""
    from render.duel.turn import token_text

    at = _at("library-fr")
    public = G.view(at.state, None)
    seat = public["active"]
    private = G.view(at.state, seat)
    drawn_tokens = private["private"]["library"]
    assert len(drawn_tokens) == 3 and "library" not in (public.get("private") or {})
    for locale in ("en", "fr"):
        _, drawn = _draw(at, locale)
        shown = _essential(drawn)
        texts = [d.text for d in drawn]
        assert t("turn.library.hidden", locale, name=NAMES[seat]) in " ".join(shown)
        for tok in drawn_tokens:  # never in the public picture
            assert not any(name_of(tok, locale) in x for x in texts
                           if x not in [name_of(t, locale) for t in public["progress_board"]
                                        if t])
        with drawn_text_sizes(R.clear_caches) as hand:
            R.hand(private, NAMES, locale)
        hand_shown = " ".join(d.text for d in hand if not d.secondary and d.size >= ESSENTIAL)
        for tok in drawn_tokens:
            assert name_of(tok, locale) in hand_shown
            assert token_text(tok, locale)
            for word in token_text(tok, locale).split():
                assert word in hand_shown, (tok, word)


def test_wonders_built_agrees_with_seven() -> None:
    """Review: "1/7 wonder built" in English (the count is out of 7)."""
    assert t("wonders_built", "en", n=1) == "1/7 wonders built"
    assert t("wonders_built", "en", n=0) == "0/7 wonders built"
    assert t("wonders_built", "fr", n=1) == "1/7 merveille construite"
    assert t("wonders_built", "fr", n=2) == "2/7 merveilles construites"


@pytest.mark.parametrize("name", ["age2-fr", "library-fr", "final-military-fr",
                                  "agora-age2-en", "leaders-agora-age3-fr", "age1-en"])
def test_both_panels_write_their_units_alike(name: str) -> None:
    """Review: one panel dropped "coins/points/shields" while the other kept them."""
    from render.duel.turn import last_text

    at = _at(name)
    for locale in ("en", "fr"):
        _, drawn = _draw(at, locale)
        shown = _essential(drawn)
        units = {t(f"turn.stat.{k}", locale, n=n) for k in
                 ("coins", "points", "shields", "senate", "leaders") for n in (1, 2)}
        per_panel = 3 + bool(G.view(at.state, None).get("agora")) + bool(
            G.view(at.state, None).get("leaders"))
        sentence = last_text(G.view(at.state, None), NAMES, locale).split()  # its own words
        count = sum(1 for s in shown if s in units) - sum(1 for w in sentence if w in units)
        assert count in (0, 2 * per_panel), (locale, count)


def test_one_name_size_per_choice_grid_and_no_name_cut() -> None:
    """Review: duel-mausoleum-en's grid used three sizes and cut "Parade Ground"."""
    at = _at("mausoleum-en")
    view = G.view(at.state, None)
    _, items = choice_items(view)
    names = [name_of(cid, "en") for _k, cid, _c, _p in items]
    _, drawn = _draw(at)
    grid = [d for d in drawn if not d.secondary and any(
        d.text == n or (d.text in n.split(" ", 1) and " " in n) or
        (" " in n and d.text in (n.split(" ", 1)[0], n.split(" ", 1)[1])) for n in names)]
    assert grid
    assert len({d.size for d in grid}) == 1, sorted({(d.text, d.size) for d in grid})
    joined = " ".join(d.text for d in grid)
    assert "Parade" in joined and "Ground" in joined
    assert not any("…" in d.text for d in grid)


def test_the_pawn_lead_badge_stays_inside_the_picture() -> None:
    """Review: in duel-final-military-fr the "←" badge stuck out past the left edge (the pawn
    in the capital). Nothing is drawn in the margin left of the track."""
    from render.common import PAPER
    from render.duel.turn import TRACK_H, TRACK_Y, M

    at = _at("final-military-fr")
    assert abs(G.view(at.state, None)["military"]["pawn"]) >= 9
    img, _ = _draw(at)
    for x in range(0, M - 2):
        for y in range(TRACK_Y + 4, TRACK_Y + TRACK_H - 4):
            assert img.getpixel((x, y)) == PAPER, (x, y)


def test_leader_powers_are_plain_and_readable_on_the_tiles_and_in_the_hand() -> None:
    """Review: "a pair becomes Law", "1 coin/unit bought", "1 VP/red" were tiny and cryptic
    on the leader tiles and in the hand."""
    from render.duel.leaders.turn import power_text

    at = _at("leaders-abilities-start-en")
    view = G.view(at.state, None)
    offer = view["leaders"]["draft"]["offer"]
    _, drawn = _draw(at)
    shown = " ".join(_essential(drawn))
    for lid in offer:
        text = power_text(lid, "en")
        assert "/" not in text and "VP" not in text, text
        for word in text.split():
            assert word in shown, (lid, word)
    assert power_text("euclid", "en") == "a card of a science pair may give Law instead"
    assert power_text("hatshepsut", "en") == "+1 coin per resource the opponent buys"
    assert power_text("hatshepsut", "fr") == "+1 pièce par ressource achetée par l'adversaire"
    rec = _at("leaders-recruit-en")
    seat = 0
    with drawn_text_sizes(R.clear_caches) as hand:
        R.hand(G.view(rec.state, seat), NAMES, "en")
    hand_shown = " ".join(d.text for d in hand if not d.secondary and d.size >= ESSENTIAL)
    for lid in G.view(rec.state, seat)["leaders"]["players"][seat]["hand"]:
        for word in power_text(lid, "en").split():
            assert word in hand_shown, (lid, word)


def test_the_card_gained_is_shown_in_the_movers_panel_and_the_strip() -> None:
    """Review: the card just gained was not outlined in the player's area, and the pink empty
    slot of the pyramid was unexplained: the card is named, in its colour, in the strip and in
    the mover's panel, and its slot is drawn in its colour ringed in the strip's colour."""
    from render.duel.turn import LAST

    at = _at("age1-en")
    _, drawn = _draw(at)
    shown = _essential(drawn)
    assert "+ Apothecary" in shown and "Apothecary" in shown
    img, _ = _draw(at)
    assert sum(1 for px in img.getdata() if px == LAST) > 2000  # strip, panel ring, slot ring

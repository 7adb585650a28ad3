"""Héros du Monde's turn picture (render/heros/turn.py) from real engine states: what a player
needs at a glance is drawn as essential (every name, who acts, the points, the ladders and the
population), the last move is found by comparing the views before and after it and outlined,
the end (natural or by resignation) shows the result instead of whose turn it is, in both
languages; the full board names the last move, shows the result and whole wonder names."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module

import pytest
from PIL import ImageDraw

from engine import registry
from engine.core import Outcome, State, play, resigned
from engine.i18n import translate
from engine.policy import walk
from render import heros as R
from render.common import GOLD, MIN_PREVIEW_PX, is_secondary, preview_scale, shade, text_width
from render.heros.parts import name_of
from tests.support import drawn_text_sizes, drawn_texts

T = import_module("render.heros.turn")  # the module: render.heros.turn is the function

GAME = "heros"
NAMES = ["Aurelia", "Bérénice", "Cornélie", "Decimus", "Eudoxia"]


@pytest.fixture(scope="module")
def heros():
    return registry.get(GAME)


def history(players: int, seed: int, limit: int = 20_000) -> list[tuple[State, str]]:
    """A seeded random game: each state with the action played from it, the last state with ''."""
    game = registry.get(GAME)
    state = game.setup(players, seed, {})
    rnd = random.Random(seed)
    out = []
    for _ in range(limit):
        if game.outcome(state) is not None:
            break
        seat = min(game.prompt(state))
        action = walk(game.legal(state, seat), rnd)
        out.append((state, action))
        state, _ = play(game, state, seat, action)
    out.append((state, ""))
    return out


@pytest.fixture(scope="module")
def game4():
    return history(4, 3)


def _pair(heros, game4, verb: str, era: str = "ancient", args: int | None = None):
    """The public views before and after the first action `verb ...` played in `era`."""
    for i, (state, action) in enumerate(game4[:-1]):
        words = action.split()
        if words[0] == verb and state["era"] == era and (args is None or len(words) == args + 1):
            return heros.view(state, None), heros.view(game4[i + 1][0], None), action
    raise AssertionError(f"no {verb} in the game")


def test_the_last_move_is_found_from_the_views_before_and_after(heros, game4) -> None:
    before, after, action = _pair(heros, game4, "place", args=2)
    change = T.last_move(before, after)
    _, where, n = action.split()
    assert change.territories == [where]
    assert after["last"]["action"] == action
    assert T.move_text(after, change.move, "en", NAMES) == \
        f"placed {n} population in {name_of('en', where)}"
    before, after, action = _pair(heros, game4, "discover")
    _, token, where = action.split()
    change = T.last_move(before, after)
    slot = next(i for i, k in enumerate(
        next(t for t in after["territories"] if t["id"] == where)["ladder"]) if k["id"] == token)
    assert (where, slot) in change.slots and where in change.territories
    assert not T.last_move(None, after)  # nothing to highlight at the start


def test_a_played_hero_and_points_gained_are_part_of_the_change(heros, game4) -> None:
    before, after, action = _pair(heros, game4, "play")
    assert T.last_move(before, after).hero == action.split()[1]
    for i, (state, _) in enumerate(game4[:-1]):
        nxt = game4[i + 1][0]
        if nxt["points"] != state["points"]:
            change = T.last_move(heros.view(state, None), heros.view(nxt, None))
            gained = {s: nxt["points"][s] - state["points"][s] for s in range(4)
                      if nxt["points"][s] != state["points"][s]}
            assert change.points == gained
            break
    else:
        raise AssertionError("nobody scored")


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_last_move_is_outlined_and_labelled(heros, game4, locale) -> None:
    before, after, _ = _pair(heros, game4, "place", args=2)
    plain = T.turn(after, NAMES[:4], locale)
    marked = T.turn(after, NAMES[:4], locale, before=before)
    assert plain.tobytes() != marked.tobytes()
    px = marked.load()
    assert any(px[x, y] == T.MARK for x in range(0, T.W, 3) for y in range(T.BAND, T.H, 3))
    assert not any(plain.load()[x, y] == T.MARK for x in range(0, T.W, 3)
                   for y in range(T.BAND, T.H, 3))
    with drawn_text_sizes(R.clear_caches) as drawn:
        T.turn(after, NAMES[:4], locale, before=before)
    label = "Last move:" if locale == "en" else "Dernier coup :"
    assert any(d.text.startswith(label) and not d.secondary for d in drawn)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_what_a_player_needs_is_drawn_as_essential(heros, game4, locale) -> None:
    state = game4[len(game4) // 2][0]
    view = heros.view(state, None)
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = T.turn(view, NAMES[:4], locale)
    floor = MIN_PREVIEW_PX / preview_scale(img.size)
    essential = [d for d in drawn if not d.secondary]
    assert all(d.size >= floor for d in essential)
    shown = {d.text for d in essential}
    text = "\n".join(shown)
    for name in NAMES[:4]:  # every name, whole
        assert name in shown
    seat = view["prompt"][0]
    assert ("to play" if locale == "en" else "À") in text and NAMES[seat] in shown
    for s in view["seats"]:
        assert str(s["points"]) in shown
    for t in view["territories"]:
        assert name_of(locale, t["id"]).split()[0].split("-")[0] in text
        if t["in_play"]:
            for k in t["ladder"]:
                assert str(k["value"]) in shown
            for v in t["population"]:
                assert v == 0 or str(v) in shown


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_end_shows_the_result_and_nobody_to_play(heros, game4, locale) -> None:
    last = game4[-1][0]
    outcome = heros.outcome(last)
    assert outcome is not None
    with drawn_texts(R.clear_caches) as seen:
        T.turn(heros.view(last, None), NAMES[:4], locale, before=heros.view(game4[-2][0], None))
        R.board(heros.view(last, None), NAMES[:4], locale)
    text = "\n".join(seen)
    assert "to play" not in text and "de jouer" not in text
    assert ("wins" if locale == "en" else "l'emporte") in text
    assert NAMES[outcome.winners[0]] in seen


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_resignation_shows_who_resigned_and_the_winners(heros, game4, locale) -> None:
    state = game4[len(game4) // 3][0]
    outcome = resigned(4, 2)
    view = heros.view(state, None)
    for draw in (lambda: T.turn(view, NAMES[:4], locale, outcome=outcome),
                 lambda: R.board(view, NAMES[:4], locale, outcome=outcome)):
        with drawn_text_sizes(R.clear_caches) as drawn:
            draw()
        text = "\n".join(d.text for d in drawn if not d.secondary)
        assert "to play" not in text and "de jouer" not in text
        assert ("resigned" if locale == "en" else "a abandonné") in text
        assert ("Winners" if locale == "en" else "Vainqueurs") in text
        for s in (0, 1, 3):
            assert NAMES[s] in text


def test_the_hand_is_legible_in_the_preview(heros, game4) -> None:
    state = game4[40][0]
    seat = state["active"]
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = R.hand(heros.view(state, seat), NAMES[:4], "fr")
    assert img.width > img.height
    floor = MIN_PREVIEW_PX / preview_scale(img.size)
    assert all(d.size >= floor for d in drawn if not d.secondary)
    for hid in state["hands"][seat]:
        assert name_of("fr", hid) in {d.text for d in drawn}


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_full_board_names_the_last_move(heros, game4, locale) -> None:
    before, after, action = _pair(heros, game4, "place", args=2)
    with drawn_texts(R.clear_caches) as seen:
        R.board(after, NAMES[:4], locale)
    assert ("Last move:" if locale == "en" else "Dernier coup :") in seen
    assert T.move_text(after, after["last"], locale, NAMES) in seen


def test_the_full_board_writes_whole_wonder_names(heros) -> None:
    moments = history(5, 8)
    for locale in ("en", "fr"):
        for state, _ in (moments[0], moments[-1]):
            view = heros.view(state, None)
            with drawn_texts(R.clear_caches) as seen:
                R.board(view, NAMES, locale)
            for w in view["wonders"]:
                assert name_of(locale, w["id"]) in seen  # never ellipsized
            assert not any(t.endswith("…") for t in seen if "heros" not in t and len(t) > 12
                           and any(name_of(locale, w["id"]).startswith(t[:-1])
                                   for w in view["wonders"]))


# --- after a player's review (issue 13 follow-up) ----------------------------------------------


@dataclass(frozen=True)
class Placed:
    """A text drawn on the picture, where (Pillow's anchor point) and how big."""

    text: str
    x: float
    y: float
    size: int
    secondary: bool


@contextmanager
def placed_texts() -> Iterator[list[Placed]]:
    """Like tests.support.drawn_text_sizes, with each text's position: to tell a score row's
    tag from the same words in the result box."""
    R.clear_caches()
    seen: list[Placed] = []
    original = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        font = kwargs.get("font", args[1] if len(args) > 1 else None)
        if str(text).strip():
            seen.append(Placed(str(text), xy[0], xy[1], int(getattr(font, "size", 10)),
                               is_secondary()))
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = spy  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        ImageDraw.ImageDraw.text = original  # type: ignore[method-assign]
        R.clear_caches()


def _essential_whole(drawn, img) -> list[str]:
    """The essential texts, each checked to be at the preview floor and never cut."""
    floor = MIN_PREVIEW_PX / preview_scale(img.size)
    essential = [d for d in drawn if not d.secondary]
    assert all(d.size >= floor for d in essential), [d for d in essential if d.size < floor]
    cut = [d.text for d in essential if d.text.endswith("…")]
    assert not cut, cut
    return [d.text for d in essential]


def _score_rows(seen: list[Placed], names: list[str]) -> dict[int, float]:
    """Each seat's row in the score list: the y of its name badge, the last one drawn (the
    result box, drawn before the list, writes some names too)."""
    title = max(i for i, d in enumerate(seen) if d.text in ("Civilisation points",
                                                              "Points de Civilisation"))
    return {s: d.y for i, d in enumerate(seen) if i > title
            for s, name in enumerate(names) if d.text == name}


def _starred(img, x0: int, y: float) -> bool:
    """Whether the winner's star is drawn at the left of the row at `y`."""
    colour = shade(GOLD, 0.15)
    px = img.load()
    return any(px[x, yy] == colour for x in range(x0 + 10, x0 + 38)
               for yy in range(int(y) - 8, int(y) + 8))


@pytest.mark.parametrize(("locale", "tag"), [("en", "resigned"), ("fr", "a abandonné")])
def test_the_player_who_resigned_is_tagged_in_the_scores_and_the_winners_starred(
        heros, game4, locale, tag) -> None:
    # heros-resigned-4p-fr: Aurelia resigned with the top score; a glance must not crown her
    state = next(s for s, _ in game4 if s["era"] == "modern")
    view = heros.view(state, None)
    quitter = max(range(4), key=lambda s: view["seats"][s]["points"])
    outcome = resigned(4, quitter)
    with placed_texts() as seen:
        img = T.turn(view, NAMES[:4], locale, outcome=outcome)
    rows = _score_rows(seen, NAMES[:4])
    assert sorted(rows) == [0, 1, 2, 3]
    tags = [d for d in seen if d.text == tag and d.x > T.RIGHT[0] and not d.secondary]
    in_rows = [d for d in tags if any(abs(d.y - y) < 3 for y in rows.values())]
    assert len(in_rows) == 1 and abs(in_rows[0].y - rows[quitter]) < 3
    assert in_rows[0].size >= T.ESSENTIAL
    for s, y in rows.items():
        assert _starred(img, T.RIGHT[0], y) == (s != quitter), NAMES[s]
    # the box above says it in a sentence, as the other games do
    said = "resigned" if locale == "en" else "a abandonné"
    assert any(d.text == said and abs(d.y - rows[quitter]) > 30 for d in seen)
    assert ("Game over" if locale == "en" else "Partie terminée") in {d.text for d in seen}


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_winners_of_a_resignation_are_laid_out_in_even_rows(heros, locale) -> None:
    # heros-resigned-5p-en: four winners wrapped into three ragged lines
    moments = history(5, 8)
    view = heros.view(moments[len(moments) // 3][0], None)
    with placed_texts() as seen:
        T.turn(view, NAMES, locale, outcome=resigned(5, 3))
    label = "Winners:" if locale == "en" else "Vainqueurs :"
    start = next(i for i, d in enumerate(seen) if d.text == label)
    pills = [d for d in seen[start + 1:start + 5]]
    assert [d.text for d in pills] == [NAMES[s] for s in (0, 1, 2, 4)]
    rows: dict[int, list[Placed]] = {}
    for d in pills:
        rows.setdefault(round(d.y), []).append(d)
    counts = sorted(len(r) for r in rows.values())
    assert counts[-1] - counts[0] <= 1 and len(rows) <= 2, counts
    lefts = {round(r[0].x - text_width(r[0].text, r[0].size, True) / 2) for r in rows.values()}
    assert len(lefts) == 1  # every row starts at the same place
    assert T._pill_rows(NAMES, [0, 1, 2, 4], 18, 270) == [[0, 1], [2, 4]]
    assert T._pill_rows(NAMES, [0, 1], 18, 400) == [[0, 1]]


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_reason_of_the_end_is_written_whole(heros, game4, locale) -> None:
    # heros-final-4p-fr: « 8 des 9 échelles sont complètes : Cornélie l'empor… »
    last, before = game4[-1][0], game4[-2][0]
    outcome = heros.outcome(last)
    assert outcome is not None
    reason = translate(outcome.reason, locale, NAMES[:4])
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = T.turn(heros.view(last, None), NAMES[:4], locale, before=heros.view(before, None))
    shown = _essential_whole(drawn, img)
    lines = next((shown[i:j] for i in range(len(shown)) for j in range(i + 1, i + 5)
                  if " ".join(shown[i:j]) == reason), [])
    assert " ".join(lines) == reason, shown
    assert not any(line[:1] in "!:?" for line in lines)  # punctuation stays with its word
    assert ("Game over" if locale == "en" else "Partie terminée") in shown


def test_the_reason_wraps_and_shrinks_rather_than_cut() -> None:
    from PIL import Image

    long = "8 des 9 échelles sont complètes : Cornélie l'emporte ! " * 3
    img = Image.new("RGB", (400, 200))
    with drawn_text_sizes(R.clear_caches) as drawn:
        T._reason(ImageDraw.Draw(img), long.strip(), (0, 0, 300, 200))
    assert " ".join(d.text for d in drawn) == long.strip()
    assert all(T.ESSENTIAL <= d.size <= 20 for d in drawn)
    assert T._wrap("complètes : Cornélie l'emporte !", 200, 20)[-1].endswith("l'emporte !")


def _first(game, states, pred):
    return next(i for i, (s, _) in enumerate(states) if pred(game.view(s, None)))


@pytest.mark.parametrize(("locale", "words"), [
    ("en", ["Pop.", "Disc.", "Conq.", "Treas."]), ("fr", ["Pop.", "Déc.", "Conq.", "Trés."])])
@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 4), (5, 8)])
def test_the_face_up_heroes_values_are_labelled_and_whole(heros, locale, words, players,
                                                           seed) -> None:
    # heros-setup-3p-en / heros-start-2p-fr: "P4 D1 C3 T1" and a legend cut to "C conquest…"
    states = history(players, seed, limit=400)
    i = _first(heros, states, lambda v: v["phase"] == "take" and v["step"] != "setup")
    view = heros.view(states[i][0], None)
    before = heros.view(states[i - 1][0], None)
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = T.turn(view, NAMES[:players], locale, before=before)
    shown = _essential_whole(drawn, img)
    for hero in view["row"]:
        assert name_of(locale, hero["id"]) in shown
    for word in words:
        assert shown.count(word) == len(view["row"]), word
    values = [str(h[k]) for h in view["row"] for k in T.STATS]
    at = [i for i, t in enumerate(shown) if t in words]
    assert [shown[i + 1] for i in at] == values  # each value right after its own label
    assert not any(" · " in t and "P" in t.split()[0] for t in shown)  # no legend to look up


@pytest.mark.parametrize(("locale", "begins"), [("en", "The game begins"),
                                                ("fr", "La partie commence")])
def test_the_start_says_the_game_begins(heros, locale, begins) -> None:
    # heros-start-2p-fr had no last-move box: it says the game begins, as Duel's does
    game = history(2, 5, limit=3)
    with drawn_text_sizes(R.clear_caches) as drawn:
        img = T.turn(heros.view(game[0][0], None), NAMES[:2], locale)
    assert begins in _essential_whole(drawn, img)
    with drawn_texts(R.clear_caches) as seen:
        T.turn(heros.view(game[1][0], None), NAMES[:2], locale,
               before=heros.view(game[0][0], None))
    assert begins not in seen
    assert ("Last move:" if locale == "en" else "Dernier coup :") in seen


@pytest.mark.parametrize(("locale", "says", "label"), [
    ("en", "must answer:", "Defend with a wonder?"),
    ("fr", "doit répondre :", "Se défendre avec une Merveille ?")])
def test_a_question_out_of_turn_reads_as_a_sentence(heros, locale, says, label) -> None:
    # heros-defend-3p-fr: « on attend Aurelia / se défendre ? »
    states = history(3, 15)
    i = next(i for i, (s, _) in enumerate(states)
             if s["pending"] and s["pending"][0]["kind"] == "defend"
             and s["pending"][0]["seat"] != s["active"])
    state = states[i][0]
    asked = state["pending"][0]["seat"]
    with placed_texts() as seen:
        T.turn(heros.view(state, None), NAMES[:3], locale)
    texts = [d.text for d in seen if not d.secondary]
    at = texts.index(NAMES[asked])
    assert texts[at + 1] == says
    label_lines = " ".join(texts[at + 2:at + 4])
    assert label_lines.startswith(label.split()[0]) and label in label_lines


@pytest.mark.parametrize(("locale", "did"), [
    ("en", ["placed 1 population in Europe", "placed 5 population in China",
            "moved 1 pawn to Europe", "moved 2 pawns to Europe"]),
    ("fr", ["a posé 1 pion de Population en Europe", "a posé 5 pions de Population en Chine",
            "a déplacé 1 pion vers l'Europe", "a déplacé 2 pions vers l'Europe"])])
def test_the_last_move_names_what_was_placed(heros, game4, locale, did) -> None:
    # heros-ancient-4p-fr: « a placé 5 en Chine » — 5 of what?
    view = heros.view(game4[10][0], None)
    texts = [T.move_text(view, {"seat": 0, "action": a}, locale, NAMES) for a in (
        "place europe 1", "place china 5", "move europe 1", "move europe 2")]
    assert texts == did


@pytest.mark.parametrize(("locale", "one", "many"), [
    ("en", "Discovery drawn: ", "Discoveries drawn: "),
    ("fr", "Découverte piochée : ", "Découvertes piochées : ")])
def test_the_discoveries_drawn_take_their_plural(heros, game4, locale, one, many) -> None:
    # heros-ancient-4p-fr: « piochées : Irrigation » for a single discovery
    seen_counts = set()
    for state, _ in game4:
        view = heros.view(state, None)
        drawn = (view.get("turn") or {}).get("drawn") or []
        if view["phase"] != "discover" or not drawn or len(drawn) in seen_counts:
            continue
        seen_counts.add(len(drawn))
        with drawn_texts(R.clear_caches) as seen:
            T.turn(view, NAMES[:4], locale)
        with drawn_texts(R.clear_caches) as on_board:
            R.board(view, NAMES[:4], locale)
        start = one if len(drawn) == 1 else many
        assert any(t.startswith(start) for t in on_board), on_board  # the full board alike
        text = " ".join(seen)
        tokens = ", ".join(name_of(locale, k) for k in drawn)
        start = one if len(drawn) == 1 else many
        assert start + tokens.split(",")[0] in text or (start.strip() in seen), text
        assert (many if len(drawn) == 1 else one).strip() not in seen
    assert 1 in seen_counts


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize(("players", "seed"), [(4, 3), (5, 8), (5, 1)])
def test_no_essential_text_is_cut_in_a_whole_game(heros, locale, players, seed) -> None:
    """Every few moves, and every moment the panel is fullest (several discoveries drawn, a
    die rolled), the turn picture and the hand keep every essential text whole."""
    states = history(players, seed)
    full = [i for i, (s, _) in enumerate(states) if len((s.get("turn") or {}).get("drawn") or
                                                        []) >= 2 or s.get("conquest")]
    for i in sorted(set(range(0, len(states), 15)) | set(full[::4])):
        view = heros.view(states[i][0], None)
        before = heros.view(states[i - 1][0], None) if i else None
        with drawn_text_sizes(R.clear_caches) as drawn:
            img = T.turn(view, NAMES[:players], locale, before=before)
        _essential_whole(drawn, img)
        seat = view["prompt"][0] if view["prompt"] else 0
        with drawn_text_sizes(R.clear_caches) as drawn:
            img = R.hand(heros.view(states[i][0], seat), NAMES[:players], locale)
        _essential_whole(drawn, img)


def test_a_shared_victory_says_the_game_is_over(heros, game4) -> None:
    view = heros.view(game4[-1][0], None)
    shared = Outcome((0, 2), None, view["outcome"] and Outcome.from_json(view["outcome"]).reason)
    with placed_texts() as seen:
        T.turn(view, NAMES[:4], "fr", outcome=shared)
    texts = [d.text for d in seen]
    assert "Partie terminée" in texts and "Vainqueurs :" in texts
    at = texts.index("Vainqueurs :")
    assert texts[at + 1:at + 3] == [NAMES[0], NAMES[2]]


@pytest.mark.parametrize(("locale", "tag"), [("en", "resigned"), ("fr", "a abandonné")])
def test_the_full_board_tags_the_resigned_player_and_stars_the_winners(heros, locale,
                                                                       tag) -> None:
    moments = history(5, 8)
    state = next(s for s, _ in moments if (s.get("turn") or {}).get("hero"))
    view = heros.view(state, None)
    with placed_texts() as seen:
        img = R.board(view, NAMES, locale, outcome=resigned(5, 3))
    title = max(i for i, d in enumerate(seen) if d.text in ("Civilisation points",
                                                              "Points de Civilisation"))
    rows = {s: d.y for d in seen[title:] for s, name in enumerate(NAMES) if d.text == name}
    tags = [d for d in seen[title:] if d.text == tag]
    assert len(tags) == 1 and abs(tags[0].y - rows[3]) < 3
    for s, y in rows.items():
        assert _starred(img, 0, y) == (s != 3), NAMES[s]
    assert not any(d.text.startswith(("plays", "joue")) for d in seen[title:])  # it is over


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("players", [4, 5])
def test_a_bots_level_stays_in_the_score_list(heros, game4, locale, players) -> None:
    """Issue 44.15: the score list dropped a bot's level ("Agrippine") where the text posts
    keep it (« Agrippine (difficile) »); beside a long name, a winner's star and points gained.
    The name keeps it, its numbers on the line under it when the row is too narrow."""
    from render.samples import LONG_NAMES, bot_seat

    bots = [bot_seat(n, level, locale) for n, level in (("Agrippine", "hard"),
                                                         ("Themistocles", "medium"))]
    names = [LONG_NAMES[0], bots[0], "Cornélie", bots[1], LONG_NAMES[1]][:players]
    states = game4 if players == 4 else history(5, 8)
    final, before = states[-1][0], states[-2][0]
    view = heros.view(final, None)
    with placed_texts() as seen:
        T.turn(view, names, locale, before=heros.view(before, None),
               outcome=heros.outcome(final))
    rows = _score_rows(seen, names)
    for bot in bots:
        assert names.index(bot) in rows, (bot, [d.text for d in seen])
    title = max(i for i, d in enumerate(seen) if d.text in ("Civilisation points",
                                                              "Points de Civilisation"))
    listed = [d for d in seen[title:] if d.x > T.RIGHT[0]]
    numbers = {d.text for d in listed if not d.secondary and d.size >= T.ESSENTIAL}
    for s, seat in enumerate(view["seats"]):  # every seat's points still written, whole
        assert str(seat["points"]) in numbers, names[s]

"""Every parser of player text, under arbitrary input (Hypothesis): an action of every game
through `engine.core.play`, a pace, game options, a log page, a menu code. Each either accepts
or refuses with a message the bot translates (IllegalAction, BadPace, ServiceError); nothing
else escapes, and a refusal changes nothing (issue 15, "Bad input and bad databases": `/move seek
⁹ civilisation` and the pace `1..d+1d/2d` ended in "Something went wrong").

The examples are derandomised (the same ones every run, so the suite cannot flake) and bounded
(max_examples), with no deadline: the suite's speed is measured elsewhere, not asserted here.
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot import clock, menu
from bot.service import ServiceError
from bot.tools.console import parse_page
from engine import registry
from engine.core import IllegalAction, Msg, parse_options, play
from engine.i18n import translate
from engine.policy import walk

# TABULA_FUZZ_EXAMPLES=2000 for a deeper hunt than the suite's.
FUZZ = settings(max_examples=int(os.environ.get("TABULA_FUZZ_EXAMPLES", "150")), deadline=None,
                derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow])

# Numbers as players' keyboards and pastes make them: other scripts' digits (str.isdigit says yes,
# int() says no for some), signs, huge values, decimals, and the seat form `@n`.
ODD_NUMBERS = ["⁹", "²", "١٢", "٣", "１", "-1", "+2", "0", "00", "99999999999999999999", "1.5",
               "1e3", "½", "Ⅻ", "@⁹", "@-1", "@99", "@", "@1", "@0", "nan", "inf", "…", "...", ""]

# (game, players, options): every game, each expansion of Duel.
CONFIGS: list[tuple[str, int, tuple[str, ...]]] = [
    ("res-publica", 3, ()), ("res-publica", 5, ("classic",)),
    ("duel", 2, ()), ("duel", 2, ("agora",)), ("duel", 2, ("leaders",)),
    ("duel", 2, ("agora", "leaders=points")),
    ("heros", 2, ()), ("heros", 4, ()),
    ("seven-hills", 3, ()), ("seven-hills", 4, ()),
]
MOMENTS = (0, 4, 15, 50, 120)  # random legal actions from the start to each sampled state


@cache
def states(index: int) -> list[tuple[dict[str, Any], int]]:
    """(state, a seat asked to act) at a few moments of one random game of CONFIGS[index]."""
    key, players, options = CONFIGS[index]
    game = registry.get(key)
    rng = random.Random(1000 + index)
    state = game.setup(players, 7 + index, parse_options(game, options))
    found: list[tuple[dict[str, Any], int]] = []
    for n in range(max(MOMENTS) + 1):
        if game.outcome(state) is not None:
            break
        asked = sorted(game.prompt(state))
        if n in MOMENTS:
            found += [(state, seat) for seat in asked]
        seat = rng.choice(asked)
        state, _ = play(game, state, seat, walk(game.legal(state, seat), rng))
    return found


@cache
def legal_at(index: int, moment: int) -> tuple[list[str], list[str]]:
    """The legal texts of the asked seat at that moment, and the words they use."""
    state, seat = states(index)[moment]
    legal = registry.get(CONFIGS[index][0]).legal(state, seat)
    return legal, sorted({token for text in legal for token in text.split()})


def _numeric(token: str) -> bool:
    return token.isdigit() or token.startswith("@")


@st.composite
def typed_action(draw: st.DrawFn, index: int, moment: int) -> str:
    """What a player might type: noise, a jumble of the game's own words and odd numbers, or a
    legal action with one token replaced, its numbers replaced, or cut short."""
    legal, tokens = legal_at(index, moment)
    odd = st.sampled_from(ODD_NUMBERS)
    words = st.sampled_from(tokens + ODD_NUMBERS)
    kind = draw(st.integers(0, 4))
    if kind == 0 or not legal:
        return draw(st.text(max_size=30))
    if kind == 1:
        return " ".join(draw(st.lists(words, min_size=1, max_size=7)))
    chosen = draw(st.sampled_from(legal)).split()
    at = draw(st.integers(0, len(chosen) - 1))
    if kind == 2:
        chosen[at] = draw(words | st.text(max_size=6))
    elif kind == 3:  # every number (and seat) of a legal action typed otherwise
        chosen = [draw(odd) if _numeric(token) else token for token in chosen]
    else:
        chosen = chosen[:at] + [draw(odd)]
    return " ".join(chosen)


def refused_cleanly(game_key: str, msg: Msg, names: tuple[str, ...]) -> None:
    """The refusal is translated in both languages (the bot shows it; translating must not fail)."""
    for locale in ("en", "fr"):
        text = translate(msg, locale, names)
        assert text and text != msg.key, f"{msg.key} is not in the {locale} catalogue"


def check_action(index: int, moment: int, text: str) -> None:
    key, players, _ = CONFIGS[index]
    game = registry.get(key)
    state, seat = states(index)[moment]
    before = json.dumps(state, sort_keys=True)
    try:
        play(game, state, seat, text)
    except IllegalAction as exc:
        refused_cleanly(key, exc.msg, tuple(f"p{i}" for i in range(players)))
    assert json.dumps(state, sort_keys=True) == before  # a refusal changes nothing


@pytest.mark.parametrize("index", range(len(CONFIGS)),
                         ids=["-".join((c[0], str(c[1]), *c[2])) for c in CONFIGS])
@FUZZ
@given(data=st.data())
def test_actions_of_every_game_accept_or_refuse(index: int, data: st.DataObject) -> None:
    moments = states(index)
    moment = data.draw(st.integers(0, len(moments) - 1), label="moment")
    text = data.draw(typed_action(index, moment), label="text")
    check_action(index, moment, text)


def test_the_reported_seek_in_superscript_digits_is_refused() -> None:
    """Issue 15: `/move seek ⁹ civilisation` (Res Publica; "⁹".isdigit() is True, int("⁹")
    raises) ended in an unhandled exception."""
    for index, (key, _, _) in enumerate(CONFIGS):
        if key == "res-publica":
            for moment in range(len(states(index))):
                check_action(index, moment, "seek ⁹ civilisation")


# --- paces ----------------------------------------------------------------------------------

PACE_PIECES = st.sampled_from(["1", "3", "12", ".", "..", "5", "d", "h", "j", "m", "+", "/", "⁹",
                               "٣", "0", " ", "-", "e", "99999999", "fast", "none"])


@FUZZ
@given(text=st.text(max_size=24) | st.lists(PACE_PIECES, max_size=12).map("".join))
def test_pace_parses_or_refuses(text: str) -> None:
    try:
        pace = clock.parse_pace(text)
    except clock.BadPace as exc:
        refused_cleanly("", exc.msg, ())
        return
    if pace is not None:  # what was accepted reads back as the same pace
        assert 60 <= pace.bank <= pace.cap and 0 <= pace.increment <= pace.cap
        assert clock.parse_pace(pace.text()) is not None


@pytest.mark.parametrize("text", ["1..d+1d/2d", ".5d+1d/2d", "1.d+1d/2d", "٣d+1d/5d", "⁹d+1d/5d",
                                  "3d+1d/5d/", "3d++1d/5d", "99999d+1d/2d"])
def test_the_reported_paces_are_refused_with_the_pace_message(text: str) -> None:
    """Issue 15: `1..d+1d/2d` and `.5d+1d/2d` met an assert in bot/clock.py."""
    with pytest.raises(clock.BadPace) as refused:
        clock.parse_pace(text)
    assert refused.value.msg.key == "error.bad_pace"


def test_paces_still_accepted() -> None:
    assert clock.parse_pace("3d+12h/5d") == clock.Pace(3 * clock.DAY, 12 * clock.HOUR,
                                                       5 * clock.DAY)
    assert clock.parse_pace("1.5j+90m/2d") == clock.Pace(1.5 * clock.DAY, 5400, 2 * clock.DAY)
    assert clock.parse_pace("daily") is clock.PRESETS["daily"]


# --- options, pages, menu codes ---------------------------------------------------------------

OPTION_WORDS = st.sampled_from(["classic", "agora", "leaders", "leaders=", "leaders=all",
                                "leaders=points", "=", "==", ",", "x=y", "⁹", "LEADERS=Points"])


@FUZZ
@given(key=st.sampled_from(registry.keys()),
       words=st.lists(st.text(max_size=12) | OPTION_WORDS, max_size=4))
def test_options_parse_or_refuse(key: str, words: list[str]) -> None:
    game = registry.get(key)
    try:
        parse_options(game, words)
    except IllegalAction as exc:
        refused_cleanly(key, exc.msg, ())


@FUZZ
@given(word=st.text(max_size=8) | st.sampled_from(ODD_NUMBERS))
def test_log_page_parses_or_refuses(word: str) -> None:
    try:
        page = parse_page(word)
    except ServiceError as exc:
        refused_cleanly("", exc.msg, ())
        return
    assert page >= 1 and word.strip().isascii()


def test_a_page_in_superscript_digits_is_refused() -> None:
    """`/game log ⁹` in the console: int("⁹") raised after "⁹".isdigit() said yes."""
    with pytest.raises(ServiceError) as refused:
        parse_page("⁹")
    assert refused.value.msg.key == "error.bad_page"
    assert parse_page("3") == 3


@FUZZ
@given(data=st.data())
def test_menu_codes_decode_or_say_stale(data: st.DataObject) -> None:
    """A custom_id's menu code comes back from Discord: a forged one names no menu (None)."""
    index = data.draw(st.integers(0, len(CONFIGS) - 1), label="config")
    key = CONFIGS[index][0]
    state, seat = data.draw(st.sampled_from(states(index)), label="state")
    actions = menu.split(registry.get(key).legal(state, seat))
    code = data.draw(
        st.text(max_size=20)
        | st.lists(st.sampled_from(["0", "1", "2", "17", "⁹", "٣", "", "-1", "99999"]),
                   max_size=5).map(lambda parts: "#" + ".".join(parts)),
        label="code")
    prefix = menu.decode(actions, code)
    if prefix is not None:
        assert menu.path(actions, prefix) is not None


def test_a_menu_code_in_superscript_digits_is_stale() -> None:
    actions = menu.split(["take 1", "take 2", "pass"])
    assert menu.decode(actions, "#0") == ("take",)
    assert menu.decode(actions, "#⁹") is None

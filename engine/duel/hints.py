"""Why a move is good, in one line, for the hint (engine/ai/hint.py).

The terms are those of the evaluation (engine/duel/ai.py `worth`), each in its points: the move's
reason is the term that grew most for the seat, or a card of the rival's it destroyed.
"""

from __future__ import annotations

from engine.ai.hint import gain_of
from engine.core import Msg, State

from . import ai, city, scoring
from .cards import GOODS
from .expansion import enabled


def terms(state: State, seat: int) -> dict[str, float]:
    """`ai.worth` split in its parts (their sum is not used: the split is for words only)."""
    age = min(max(state["age"], 0), 3)
    me = city.player(state, seat)
    scored = scoring.points(state, seat)
    ahead = state["pawn"] if seat == 0 else -state["pawn"]
    out = {
        "points": float(scored["total"] - scored["coins"]) - float(scored.get("military", 0)),
        "coins": ai.coin_worth(age, me["coins"]),
        "military": float(scored.get("military", 0))
        + (ai.MILITARY[min(ahead, len(ai.MILITARY) - 1)] if ahead > 0 else 0.0),
        "science": ai.SCIENCE[min(city.science_kinds(state, seat), len(ai.SCIENCE) - 1)],
        "production": sum(ai.PRODUCTION[age] * n * (ai.GOODS_FACTOR if r in GOODS else 1.0)
                          for r, n in city.production(state, seat).items())
        + ai.PRODUCTION[age] * (len(city.choices(state, seat)) + len(city.fixed_prices(state, seat))),
        "chain": ai.CHAIN[age] * len(city.chains(state, seat)),
        "wonder": sum(ai.wonder_value(w, max(age, 1)) for w in city.built_wonders(state, seat)),
        "token": (ai.TOKEN_EFFECT + 2.0) * len(me["tokens"]),
        "draft": 1.0 * len(me["wonders"]) if age == 0 else 0.0,
    }
    for ext in enabled(state):
        out[f"ext.{ext.key}"] = ext.worth(state, seat)
    return out


def _new(before: State, after: State, seat: int, part: str) -> str | None:
    """The id that entered the seat's `part` (cards, tokens) with the move, if one did."""
    old = set(city.player(before, seat)[part])
    return next((c for c in city.player(after, seat)[part] if c not in old), None)


def reason(before: State, after: State, seat: int, action: str = "") -> Msg | None:
    rival = 1 - seat
    # What the rival lost outright (a card destroyed) outweighs what the seat gained with it.
    gone = set(city.player(before, rival)["cards"]) - set(city.player(after, rival)["cards"])
    if gone:
        return Msg("duel.hint.destroys", {"card": Msg(f"duel.tok.{min(gone)}"),
                                          "seat": Msg.seat(rival)})
    gains = gain_of(terms(before, seat), terms(after, seat))
    if not gains:
        return None
    term = gains[0][1]
    card = _new(before, after, seat, "cards")
    named = {"card": Msg(f"duel.tok.{card}")} if card else {}
    if term == "science":
        return Msg("duel.hint.science", {"n": city.science_kinds(after, seat)})
    if term == "military":
        pushed = abs(after["pawn"] - before["pawn"])
        return Msg("duel.hint.military", {"n": pushed, "seat": Msg.seat(rival)})
    if term == "wonder":
        built = set(city.built_wonders(after, seat)) - set(city.built_wonders(before, seat))
        return Msg("duel.hint.wonder", {"wonder": Msg(f"duel.tok.{min(built)}")}) if built \
            else None
    if term == "draft":
        taken = {w["id"] for w in city.player(after, seat)["wonders"]} \
            - {w["id"] for w in city.player(before, seat)["wonders"]}
        return Msg("duel.hint.draft", {"wonder": Msg(f"duel.tok.{min(taken)}")}) if taken \
            else None
    if term == "token":
        token = _new(before, after, seat, "tokens")
        return Msg("duel.hint.token", {"token": Msg(f"duel.tok.{token}")}) if token else None
    if term == "coins":
        n = city.player(after, seat)["coins"] - city.player(before, seat)["coins"]
        return Msg("duel.hint.coins", {"n": n}) if n > 0 else None
    if term == "points":
        n = _points(after, seat) - _points(before, seat)
        if n > 0:
            return Msg("duel.hint.points_card" if card else "duel.hint.points", {"n": n, **named})
        return None
    if term in ("production", "chain") and card:
        return Msg(f"duel.hint.{term}", named)
    if term.startswith("ext."):
        return Msg(f"duel.hint.{term[4:]}")
    return None


def _points(state: State, seat: int) -> int:
    scored = scoring.points(state, seat)
    return int(scored["total"] - scored["coins"])

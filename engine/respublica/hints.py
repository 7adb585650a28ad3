"""Why a move is good, in one line, for the hint (engine/ai/hint.py).

From the evaluation's terms (engine/respublica/ai.py `projected`): a group laid and the point
card it takes, a trade opened or answered, and the hand's worth as groups to come (the kind
whose worth grew most).
"""

from __future__ import annotations

from engine.core import Msg, State

from . import ai


def _kinds_worth(state: State, seat: int) -> dict[str, float]:
    t = ai.time_left(state)
    return {k: ai.kind_worth(state, seat, k, c, t) for k, c in state["hands"][seat].items()}


def reason(before: State, after: State, seat: int, action: str = "") -> Msg | None:
    laid = after["groups"][seat][len(before["groups"][seat]):]
    if laid:
        group = laid[-1]
        return Msg("res-publica.hint.lay", {"kind": Msg(f"res-publica.kind.{group['kind']}"),
                                            "n": int(group["value"])})
    trade, was = after["trade"], before["trade"]
    if was is not None and was["by"] == seat and was.get("accepted") is None \
            and trade is not None and trade.get("accepted") is not None:
        return Msg("res-publica.hint.accept", {"seat": Msg.seat(trade["accepted"])})
    if before["active"] == seat and after["active"] != seat:
        # The draw that ends the turn is dealt by the determinization: say nothing of it.
        return Msg("res-publica.hint.end")
    if was is not None and was["deliver"] is not None:
        return Msg("res-publica.hint.give")
    if trade is not None and was is None and trade["by"] == seat:
        return Msg(f"res-publica.hint.{trade['mode']}")
    if was is not None and was["by"] != seat:
        # No trade left after an answer: everyone passed, this seat last.
        mine = next((a["answer"] for a in trade["answers"] if a["seat"] == seat), None) \
            if trade is not None else ai.PASS
        if mine == ai.PASS:
            return Msg("res-publica.hint.pass", {"seat": Msg.seat(was["by"])})
        if mine is not None:
            return Msg("res-publica.hint.answer", {"seat": Msg.seat(was["by"])})
    old, new = _kinds_worth(before, seat), _kinds_worth(after, seat)
    grown = sorted(((new.get(k, 0.0) - old.get(k, 0.0), k) for k in new), reverse=True)
    if grown and grown[0][0] > 1e-9:
        return Msg("res-publica.hint.gather", {"kind": Msg(f"res-publica.kind.{grown[0][1]}")})
    return None

"""Agora: the 16 conspiracies — drawing them, preparing, triggering, and each effect's steps.

RB-A = the rulebook of 7 Wonders Duel: Agora (Repos Production, French edition)
(« B. Préparer un Complot », « C. Déclencher
un Complot », « Complots et jetons Militaires »); facts 7wd.md §2.4. A player's conspiracies are
named in action texts by their position in that player's row (`prepare 2 <card>`, `trigger 1`),
never by their id, so no text, log line or error shows a conspiracy before it is triggered.

A triggered conspiracy queues its steps in `pending` (one phase each, `duel.ask.<phase>`):

    take_wonder  `take <wonder>`           Extortion
    obscure      `obscure <token>|box`     Obscurantism
    fraud        `build <card>`            Property Fraud
    treason      `build <card>`            Treason (the removed cards, shown to that player only)
    scrap        `scrap <card>`            Turn of Events; then scrap_again (`... | skip`)
    foreclose    `steal <card>`            Foreclosure
    coerce       `swap <theirs> [<mine>]`  Coercion
    shift        `shift <a> <b>`           Insider Influence
    sabotage     `raze <wonder>`           Sabotage
    place/remove/move                      (agora/rules.py) Political Maneuver, the +move

Blackmail, Coup and Embezzlement act at once; Expropriation and Swindle use the base `destroy`
phase, Espionage the base `library` phase.
"""

from __future__ import annotations

from typing import Any

from engine import rng
from engine.core import Event, Msg, State
from engine.duel import city, game, moves
from engine.duel import structure as st
from engine.duel.cards import get

from .data import load
from .senate import on_board, seat_msg, shift, tok

PLOT_PHASES = (
    "take_wonder", "obscure", "fraud", "treason", "scrap", "scrap_again", "foreclose", "coerce",
    "shift", "sabotage",
)
COUP_SHIELDS = 2


def _opp_unbuilt(state: State, seat: int) -> list[str]:
    boxed = state["boxed_wonder"]
    return [
        w["id"] for w in city.player(state, 1 - seat)["wonders"]
        if w["card"] is None and w["id"] != boxed
    ]


def treason_cards(state: State) -> list[str]:
    """« À l'Âge I, prenez les 3 cartes écartées de l'Âge I; à l'Âge II, les 6 des Âges I et II;
    à l'Âge III, les 9 » (RB-A): the cards removed at setup, guilds never among them."""
    return [c for age in range(1, state["age"] + 1) for c in state["removed"][str(age)]]


def fraud_slots(state: State) -> dict[str, int]:
    """« 1 carte Bâtiment placée en fin de structure ... Les cartes Sénateur ne peuvent pas être
    choisies » (RB-A): the cards still in row 1, the back row (7wd.md §2.4, BGA)."""
    return {
        s["card"]: i for i, s in enumerate(state["structure"])
        if s["row"] == 1 and s["card"] is not None and get(s["card"]).kind == "card"
    }


def step_options(state: State, seat: int, phase: str) -> dict[str, moves.Move]:
    opp = 1 - seat
    if phase == "take_wonder":
        return {f"take {w}": moves.Move("take", w) for w in _opp_unbuilt(state, seat)}
    if phase == "obscure":
        out = {f"obscure {t}": moves.Move("obscure", t) for t in state["board_tokens"] if t}
        out |= {f"obscure {t}": moves.Move("obscure", t) for t in city.player(state, opp)["tokens"]}
        # « ou hors jeu »: the player chooses among the tokens out of the game, which these texts
        # show to that player only (nobody else is asked, and the view keeps them private).
        out |= {f"obscure box {t}": moves.Move("obscure", f"box {t}")
                for t in sorted(state["box_tokens"])}
        return out
    if phase == "fraud":
        return {f"build {c}": moves.Move("build", c, i) for c, i in fraud_slots(state).items()}
    if phase == "treason":
        return {f"build {c}": moves.Move("build", c) for c in treason_cards(state)}
    if phase in ("scrap", "scrap_again"):
        out = {f"scrap {c}": moves.Move("scrap", c, i) for c, i in st.accessible_cards(state).items()}
        if phase == "scrap_again" and out:
            out["skip"] = moves.Move("skip")
        return out
    if phase == "foreclose":
        return {f"steal {c}": moves.Move("steal", c) for c in city.cards(state, opp, ("brown", "grey"))}
    if phase == "coerce":
        out = {}
        for theirs in city.cards(state, opp, ("blue", "green")):
            mine = city.cards(state, seat, (get(theirs).colour,))
            if not mine:
                out[f"swap {theirs}"] = moves.Move("swap", theirs)
            for m in mine:
                out[f"swap {theirs} {m}"] = moves.Move("swap", f"{theirs} {m}")
        return out
    if phase == "shift":
        senate = state["agora"]["senate"]
        return {
            f"shift {i + 1} {j + 1}": moves.Move("shift", f"{i} {j}")
            for i, ch in enumerate(senate) if ch["decrees"]
            for j in range(len(senate)) if j != i
        }
    if phase == "sabotage":
        return {f"raze {w}": moves.Move("raze", w) for w in city.built_wonders(state, opp)}
    return {}


# --- drawing (Conspirator « Comploter », Curia Julia) --------------------------------------------


def conspire(state: State, seat: int) -> list[Event]:
    """« piochez 2 cartes Complot ... choisissez-en 1 ... replacez la deuxième au-dessus ou
    en-dessous de la pioche »; Organized Crime: keep both (7wd.md §2.6)."""
    ag = state["agora"]
    deck = ag["plot_deck"]
    drawn, ag["plot_deck"] = deck[:2], deck[2:]
    events = [Event(Msg("duel.agora.log.conspire", {"seat": seat_msg(seat), "n": len(drawn)}))]
    if not drawn:
        return events
    events.append(
        Event(Msg("duel.agora.log.drawn", {"plots": tuple(tok(p) for p in drawn)}), (seat,))
    )
    if len(drawn) == 1 or city.has_token(state, seat, "organized-crime"):
        for p in drawn:
            ag["plots"][seat].append({"id": p, "card": None, "done": False})
        return events
    ag["draw"] = drawn
    push(state, [{"phase": "keep", "seat": seat}])
    return events


def keep_options(state: State) -> dict[str, moves.Move]:
    draw = state["agora"]["draw"]
    return {
        f"keep {k + 1} {where}": moves.Move("keep", f"{k} {where}")
        for k in range(len(draw)) for where in ("top", "bottom")
    }


def do_keep(state: State, seat: int, move: moves.Move) -> list[Event]:
    ag = state["agora"]
    k, where = move.target.split()
    draw = ag["draw"]
    kept = draw.pop(int(k))
    ag["plots"][seat].append({"id": kept, "card": None, "done": False})
    if where == "top":
        ag["plot_deck"][:0] = draw
    else:
        ag["plot_deck"].extend(draw)
    ag["draw"] = []
    return [Event(Msg(f"duel.agora.log.keep_{where}", {"seat": seat_msg(seat)}))]


# --- triggering ----------------------------------------------------------------------------------


def push(state: State, entries: list[dict[str, Any]]) -> None:
    """Decisions asked before anything already queued, in the given order."""
    state["pending"][:0] = entries


def trigger(state: State, seat: int, k: int) -> list[Event]:
    """Reveal the conspiracy and apply its effect (RB-A C); its steps are asked first."""
    plot = state["agora"]["plots"][seat][k]
    plot["done"] = True
    pid = plot["id"]
    data = load().plots[pid]
    opp = 1 - seat
    events = [Event(Msg("duel.agora.log.trigger", {"seat": seat_msg(seat), "plot": tok(pid)}))]
    steps: list[dict[str, Any]] = []
    for step in data["steps"]:
        if step == "blackmail":  # « la moitié de ses Pièces (arrondie en votre faveur) »
            coins = city.player(state, opp)["coins"]
            n = (coins + 1) // 2
            city.player(state, opp)["coins"] -= n
            city.player(state, seat)["coins"] += n
            events.append(Event(Msg("duel.agora.log.take_coins", {"seat": seat_msg(seat), "n": n})))
        elif step == "coup":
            events += game.move_pawn(state, seat, COUP_SHIELDS)
        elif step == "embezzle":
            # « Gagnez autant de Pièces que vous avez de cubes » / « Votre adversaire perd ... »
            gain = on_board(state, seat)
            city.player(state, seat)["coins"] += gain
            events.append(Event(Msg("duel.log.coins", {"seat": seat_msg(seat), "n": gain})))
            events += game.lose_coins(state, opp, on_board(state, opp))
        elif step in ("destroy_blue", "destroy_yellow"):
            colour = step.removeprefix("destroy_")
            if city.count(state, opp, colour):
                steps.append({"phase": "destroy", "seat": seat, "colour": colour})
        elif step == "espionage":  # « Prenez secrètement tous les jetons Progrès écartés »
            if state["box_tokens"]:
                state["library"] = list(state["box_tokens"])
                steps.append({"phase": "library", "seat": seat})
                events.append(
                    Event(Msg("duel.log.library", {"tokens": tuple(tok(t) for t in state["library"])}), (seat,))
                )
        elif step == "place_any":
            steps.append({"phase": "place", "seat": seat})
        elif step == "remove_cube":
            steps.append({"phase": "remove", "seat": seat})
        else:
            steps.append({"phase": step, "seat": seat})
    if state["outcome"] is not None:
        return events
    if data["move"]:
        steps.append({"phase": "move", "seat": seat})
    push(state, steps)
    return events


def _obscure(state: State, seat: int, target: str) -> list[Event]:
    """Obscurantism: « Choisissez 1 Progrès situé sur le plateau ou chez votre adversaire ou
    hors jeu, et placez-le, face cachée, sur ce Complot » (RB-A, Complots). A token out of the
    game (`box <token>`) is named to its chooser only: the public log and the last move say
    « from the box ». `box` alone is the text of games recorded when the token was drawn at
    random (`recorded`), applied as it was then."""
    where, _, chosen = target.partition(" ")
    obscured = state["agora"]["obscured"]
    if where == "box":
        box = state["box_tokens"]
        token = box.pop(box.index(chosen) if chosen else rng.randbelow(state, len(box)))
        obscured.append({"id": token, "up": False})
        state["last"] = {"seat": seat, "action": "obscure box"}  # the token stays private
        events = [Event(Msg("duel.agora.log.obscure_box", {"seat": seat_msg(seat)}))]
        if chosen:
            events.append(Event(Msg("duel.agora.log.obscure_box_private", {"token": tok(token)}),
                                (seat,)))
        return events
    them = city.player(state, 1 - seat)
    if target in them["tokens"]:
        them["tokens"].remove(target)
    else:
        board = state["board_tokens"]
        board[board.index(target)] = None
    obscured.append({"id": target, "up": False})  # seen leaving, then face down like the others
    return [Event(Msg("duel.agora.log.obscure", {"seat": seat_msg(seat), "token": tok(target)}))]


def recorded(state: State, seat: int, text: str) -> moves.Move | None:
    """`obscure box` of games recorded before Obscurantism let its player choose among the
    tokens out of the game (a token drawn at random): no longer offered, still replayed."""
    if state["phase"] == "obscure" and text == "obscure box" and state["box_tokens"]:
        return moves.Move("obscure", "box")
    return None


def do_step(state: State, seat: int, move: moves.Move) -> list[Event]:
    """One decision of a conspiracy (its entry is already off the queue)."""
    opp = 1 - seat
    me, them = city.player(state, seat), city.player(state, opp)
    verb = move.verb
    if verb == "take":  # Extortion
        w = next(w for w in them["wonders"] if w["id"] == move.target)
        them["wonders"].remove(w)
        me["wonders"].append(w)
        return [Event(Msg("duel.agora.log.take_wonder", {"seat": seat_msg(seat), "wonder": tok(move.target)}))]
    if verb == "obscure":  # « placez-le, face cachée, sur ce Complot », wherever it came from
        return _obscure(state, seat, move.target)
    if verb == "build":  # Property Fraud, Treason: constructed for free
        events = []
        if move.slot >= 0:
            card, events = st.take(state, move.slot)
        else:
            card = move.target
            for age in range(1, state["age"] + 1):
                if card in state["removed"][str(age)]:
                    state["removed"][str(age)].remove(card)
        out = [Event(Msg("duel.log.construct_free", {"seat": seat_msg(seat), "card": tok(card), "n": 0}))]
        return out + game.construct(state, seat, card) + events
    if verb == "scrap":  # Turn of Events
        card, events = st.take(state, move.slot)
        state["discard"].append(card)
        return [Event(Msg("duel.agora.log.scrap", {"seat": seat_msg(seat), "card": tok(card)}))] + events
    if verb == "steal":  # Foreclosure
        them["cards"].remove(move.target)
        me["cards"].append(move.target)
        return [Event(Msg("duel.agora.log.steal", {"seat": seat_msg(seat), "card": tok(move.target)}))]
    if verb == "swap":  # Coercion
        theirs, _, mine = move.target.partition(" ")
        them["cards"].remove(theirs)
        me["cards"].append(theirs)
        events = [Event(Msg("duel.agora.log.steal", {"seat": seat_msg(seat), "card": tok(theirs)}))]
        if mine:
            me["cards"].remove(mine)
            them["cards"].append(mine)
            events.append(Event(Msg("duel.agora.log.give", {"seat": seat_msg(seat), "card": tok(mine)})))
        # A green card changes hands: its symbol counts for its new owner (pairs, supremacy).
        if sym := get(theirs).science:
            events += game.science(state, seat, sym)
        if mine and (sym := get(mine).science) and state["outcome"] is None:
            events += game.science(state, opp, sym)
        return events
    if verb == "shift":  # Insider Influence
        i, j = (int(x) for x in move.target.split())
        return shift(state, seat, i, j)
    if verb == "raze":  # Sabotage: « placez-la dans la boîte »: its lasting effects are lost
        w = next(w for w in them["wonders"] if w["id"] == move.target)
        them["wonders"].remove(w)
        state["agora"]["sabotaged"].append({"id": w["id"], "card": w["card"], "seat": opp})
        return [Event(Msg("duel.agora.log.sabotage", {"seat": seat_msg(seat), "wonder": tok(w["id"])}))]
    raise AssertionError(verb)

"""Computer players in 7 Wonders Duel, every option set (engine/duel/ai.py, and the
expansions' parts engine/duel/agora/ai.py, engine/duel/leaders/ai.py).

No peeking: two states that differ only in what a seat cannot see (the order of the decks and
piles, which hidden card lies where, the random generator, the rival's face-down choices and
conspiracies) give the same determinization and the same decision at every level."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine import ai
from engine.ai.knowledge import Knowledge
from engine.core import State, copy_state, play
from engine.duel import ai as duel_ai
from engine.duel.expansion import enabled
from engine.policy import walk
from tests.duel.helpers import G

OPTION_SETS = {
    "base": {},
    "agora": {"agora": True},
    "leaders": {"leaders": "all"},
    "agora+leaders": {"agora": True, "leaders": "all"},
}
# Phases where a seat sees some of the hidden piles (its own draw, Treason's, the box...).
SEES_HIDDEN = ("library", "treason", "obscure", "keep", "croesus", "ramses", "maecenas")


@cache
def positions(name: str, seeds: tuple[int, ...] = (3, 8), every: int = 5) -> tuple[State, ...]:
    """States met in random games with these options: every few actions, and every state
    where both seats are asked at once (the leaders' recruitment)."""
    found = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = G.setup(2, seed, OPTION_SETS[name])
        step = 0
        while G.outcome(state) is None:
            asked = G.prompt(state)
            if step % every == 0 or len(asked) > 1:
                found.append(copy_state(state))
            seat = min(asked)
            state, _ = play(G, state, seat, walk(G.legal(state, seat), rnd))
            step += 1
    return tuple(found)


def twin(state: State, seat: int) -> State:
    """The same game as `seat` sees it, with every hidden part changed where it can be."""
    t = copy_state(state)
    t["rng"] = (t["rng"] + 0x5DEECE66D) % (1 << 64)
    t["wonder_pool"].reverse()
    for pile in t["decks"].values():
        pile.reverse()
    t["box_tokens"].reverse()
    if t["phase"] not in SEES_HIDDEN:
        _swap_a_hidden_card(t)
    if "leaders" in t:
        lead = t["leaders"]
        lead["pool"].reverse()
        other = 1 - seat
        hand = lead["hands"][other]
        if lead["revealed"] is None and lead["picks"][other] is not None and len(hand) > 1:
            lead["picks"][other] = next(x for x in hand if x != lead["picks"][other])
    if "agora" in t:
        ag = t["agora"]
        downs = [d for ch in ag["senate"] for d in ch["decrees"] if not d["up"]]
        if downs and ag["decree_box"]:
            downs[0]["id"], ag["decree_box"][0] = ag["decree_box"][0], downs[0]["id"]
        theirs = [p for p in ag["plots"][1 - seat] if not p["done"]]
        if theirs and ag["plot_deck"]:
            theirs[0]["id"], ag["plot_deck"][-1] = ag["plot_deck"][-1], theirs[0]["id"]
        ag["plot_deck"].reverse()
    return t


def _swap_a_hidden_card(t: State) -> None:
    """A card removed at setup trades places with a face-down card of the structure, or with
    one still in its deck, of the same back."""
    for age in ("1", "2", "3"):
        back = f"age{age}"
        removed = t["removed"][age]
        if not removed:
            continue
        down = [s for s in t["structure"]
                if s["card"] and not s["up"] and duel_ai.card_class(s["card"]) == back]
        if down:
            down[0]["card"], removed[0] = removed[0], down[0]["card"]
            return
        deck = [i for i, c in enumerate(t["decks"][age]) if duel_ai.card_class(c) == back]
        if deck:
            i = deck[0]
            t["decks"][age][i], removed[0] = removed[0], t["decks"][age][i]
            return


def _seats(state: State) -> list[int]:
    return sorted(G.prompt(state))


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_a_determinization_shows_the_seat_what_it_saw(name: str) -> None:
    """Everything the seat sees is kept: its view and its legal actions are the true ones."""
    for i, state in enumerate(positions(name)):
        for seat in (0, 1):
            det = duel_ai.determinize(state, seat, random.Random(i))
            assert G.view(det, seat) == G.view(state, seat)
            if seat in G.prompt(state):
                assert G.legal(det, seat) == G.legal(state, seat)


def test_the_rivals_hidden_recruitment_choice_is_not_seen() -> None:
    """Leaders: while the rival has chosen face down, the seat's samples do not follow it."""
    found = [s for s in positions("leaders")
             if s["phase"] == "recruit" and len(G.prompt(s)) == 1]
    assert found, "no position where one seat has chosen and the other has not"
    for state in found:
        seat = next(iter(G.prompt(state)))
        rival = 1 - seat
        hand = state["leaders"]["hands"][rival]
        picks = {duel_ai.determinize(state, seat, random.Random(k))["leaders"]["picks"][rival]
                 for k in range(40)}
        assert picks <= set(hand) and len(picks) == min(len(hand), 2) or len(picks) > 2


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_every_level_plays_a_legal_move(name: str) -> None:
    simultaneous = 0
    for i, state in enumerate(positions(name, (11,), 6)):
        asked = _seats(state)
        simultaneous += len(asked) > 1
        for seat in asked:
            legal = G.legal(state, seat)
            for level in ai.ARENA_LEVELS:
                budget = {"medium": 2, "hard": 12}.get(level)
                assert ai.decide(G, state, seat, level, i, budget=budget, seconds=60) in legal
    if "leaders" in name:
        assert simultaneous > 0  # both seats asked at once were met and answered


def test_the_same_seed_gives_the_same_move() -> None:
    for state in positions("agora+leaders")[::8]:
        seat = _seats(state)[0]
        for level, budget in (("easy", None), ("medium", 3), ("hard", 40)):
            moves = {ai.decide(G, state, seat, level, 5, budget=budget, seconds=60)
                     for _ in range(2)}
            assert len(moves) == 1


def test_the_evaluation_is_a_share_between_the_two_seats() -> None:
    for name in OPTION_SETS:
        for state in positions(name):
            if G.outcome(state) is None:
                v = duel_ai.evaluate(state, 0)
                assert 0.0 < v < 1.0
                assert v + duel_ai.evaluate(state, 1) == pytest.approx(1.0)


def test_a_stronger_city_is_valued_more() -> None:
    state = positions("base")[len(positions("base")) // 2]
    richer = copy_state(state)
    richer["players"][0]["coins"] += 9
    assert duel_ai.evaluate(richer, 0) > duel_ai.evaluate(state, 0)
    ahead = copy_state(state)
    ahead["pawn"] = 7
    assert duel_ai.evaluate(ahead, 0) > duel_ai.evaluate(state, 0) + 0.1


def _move(text: str) -> str:
    """What a text does, whatever the payment: `construct <card>`, `wonder <w> <card>`."""
    words = text.split()
    return " ".join(words[:2] if words[0] == "construct" else
                    words[:3] if words[0] == "wonder" else words)


def _price(text: str) -> int:
    words = text.split()
    return int(words[-1]) if len(words) > 2 and words[-2] == "pay" else 0


def _given_up(text: str) -> str | None:
    """The group of a move that gives a card up for the same gain whatever the card: the
    discards, each wonder's tucked cards."""
    words = text.split()
    return "discard" if words[0] == "discard" else \
        f"wonder {words[1]}" if words[0] == "wonder" else None


def test_candidates_keep_every_move_at_its_cheapest_payment() -> None:
    """Every construction and every expansion's move is kept; of each group of cards given
    up for the same gain, the ones the rival values most (at most DENIED)."""
    for name in OPTION_SETS:
        for state in positions(name):
            for seat in _seats(state):
                legal = G.legal(state, seat)
                picked = duel_ai.candidates(state, seat, legal, random.Random(0))
                assert set(picked) <= set(legal)
                moves = {_move(t) for t in picked}
                assert {_move(t) for t in legal if _given_up(t) is None} <= moves
                for group in {g for t in legal if (g := _given_up(t))}:
                    had = {_move(t) for t in legal if _given_up(t) == group}
                    assert len(had & moves) >= min(len(had), duel_ai.DENIED)
                for text in picked:
                    assert _price(text) == min(_price(t) for t in legal
                                               if _move(t) == _move(text))


def test_candidates_give_up_the_cards_the_rival_wants() -> None:
    """Of the discards, the two cards most worth to the rival (a science card it lacks, a
    red card) are kept; a card worth little to it is not."""
    state = positions("base")[10]
    legal = ["discard apothecary gain 2", "discard garrison gain 2", "discard clay-pit gain 2",
             "discard stone-reserve gain 2"]
    picked = duel_ai.candidates(state, 0, legal, random.Random(0))
    values = {t: duel_ai.card_value(state, 1, t.split()[1]) for t in legal}
    assert len(picked) == duel_ai.DENIED
    assert min(values[t] for t in picked) >= max(values[t] for t in legal if t not in picked)


def test_candidates_drop_the_dearer_ways_to_pay() -> None:
    legal = ["construct palace spare wood clay pay 4", "construct palace spare glass clay pay 2",
             "construct palace spare wood glass pay 3", "discard palace gain 2",
             "wonder the-colossus palace pay 5", "wonder the-colossus palace spare clay pay 1"]
    state = positions("base")[10]
    assert sorted(duel_ai.candidates(state, 0, legal, random.Random(0))) == [
        "construct palace spare glass clay pay 2", "discard palace gain 2",
        "wonder the-colossus palace spare clay pay 1"]


def test_candidates_come_most_plausible_first() -> None:
    """A science card the seat lacks before a discard; the search widens in this order."""
    state = positions("base")[10]
    legal = ["discard palace gain 2", "construct palace pay 9", "construct apothecary free"]
    assert duel_ai.candidates(state, 0, legal, random.Random(0))[-1] == "discard palace gain 2"


def test_the_expansions_plug_their_bot_knowledge_in() -> None:
    state = G.setup(2, 4, OPTION_SETS["agora+leaders"])
    assert [type(e).hide is not type(e).__mro__[1].hide for e in enabled(state)] == [True, True]


def _red_card_state(pawn: int) -> State:
    """Age I, seat 0 to play with 2 coins; one 1-shield red card accessible (the others are
    not red); the pawn at `pawn`; seat 1's wonders move no pawn and give no second turn."""
    from tests.duel.helpers import coins, offer, ready

    wonders = (("the-colossus", "the-statue-of-zeus", "circus-maximus", "the-sphinx"),
               ("the-pyramids", "the-great-lighthouse", "the-mausoleum", "the-great-library"))
    state = ready(seed=6, wonders=wonders)
    offer(state, "garrison", "lumber-yard", "clay-pit", "quarry", "scriptorium", "pharmacist")
    coins(state, 0, 2)
    coins(state, 1, 9)
    state["pawn"] = pawn
    return state


def test_the_search_takes_a_win_in_one() -> None:
    state = _red_card_state(8)  # one shield from seat 1's capital
    for level, budget in (("medium", 2), ("hard", 60)):
        move = ai.decide(G, state, 0, level, 1, budget=budget, seconds=60)
        after, _ = play(G, state, 0, move)
        assert G.outcome(after) is not None and G.outcome(after).winners == (0,), move


def test_a_settled_choice_stops_thinking_with_the_answer_of_the_whole_budget() -> None:
    """Issue 28: once the most visited move cannot be overtaken in the iterations left, the
    search stops; the answer is the one the whole budget gives, in fewer iterations."""
    from engine.ai.ismcts import searched
    from engine.ai.knowledge import knowledge

    state = _red_card_state(8)
    legal = G.legal(state, 0)
    know = knowledge(G)
    assert know is not None
    whole = searched(G, know, state, 0, legal, random.Random(1), 200, 60, settle=False)
    settled = searched(G, know, state, 0, legal, random.Random(1), 200, 60)
    assert whole[1] == 200 and settled[0] == whole[0]
    assert settled[1] < 200


def _rival_wins_next(state: State, move: str) -> bool:
    after, _ = play(G, state, 0, move)
    if G.outcome(after) is not None:
        return False
    rival = next(iter(G.prompt(after)))
    return rival == 1 and any(G.outcome(play(G, after, 1, t)[0]) is not None
                              for t in G.legal(after, 1))


def test_the_search_denies_the_rival_a_win_in_one() -> None:
    """The rival wins by taking the red card next turn unless seat 0 takes it first: 10 of
    the 12 moves lose, and hard plays one of the other two."""
    state = _red_card_state(-8)
    losing = [t for t in G.legal(state, 0) if _rival_wins_next(state, t)]
    assert len(losing) > len(G.legal(state, 0)) // 2
    for seed in range(3):
        move = ai.decide(G, state, 0, "hard", seed, budget=300, seconds=60)
        assert move not in losing


# Issue 28: mistakes hard's evaluation led its search into, on fixed positions (7 Wonders Duel,
# rulebook, French edition: the wonders, the draft, and trading; data/duel/README.md).
THE_DRAFT = ("the-pyramids", "the-temple-of-artemis", "the-statue-of-zeus", "piraeus")
HARD = 200  # iterations: a few seconds a decision, enough for these positions


def _draft_state() -> State:
    """The first pick of the draft among the Pyramids, the Temple of Artemis, the Statue of
    Zeus and Piraeus (7wd.md §1.7 Wonder draft)."""
    from tests.duel.helpers import new

    state = new(1)
    pool = state["draft"]["offer"] + state["wonder_pool"]
    state["draft"]["offer"] = list(THE_DRAFT)
    state["wonder_pool"] = [w for w in pool if w not in THE_DRAFT]
    return state


def _first_card_state() -> State:
    """The first card of Age I, 7 coins: the Lumber Yard free, the Baths for 2 (a stone
    bought), the Palisade for 2, the three reserves for 3."""
    from tests.duel.helpers import offer, ready

    wonders = (("the-colossus", "the-statue-of-zeus", "circus-maximus", "the-sphinx"),
               ("the-pyramids", "the-great-lighthouse", "the-mausoleum", "the-great-library"))
    state = ready(seed=6, wonders=wonders)
    offer(state, "lumber-yard", "baths", "palisade", "stone-reserve", "clay-reserve",
          "wood-reserve")
    return state


def _circus_state() -> State:
    """Age I, 3 coins, wood and stone made: Circus Maximus (1 wood, 2 stone, 1 glass) costs
    its glass, 3 coins (the rival makes glass); the rival holds the Glassworks and the Press."""
    from tests.duel.helpers import coins, give, offer, ready

    wonders = (("circus-maximus", "the-colossus", "the-great-library", "the-sphinx"),
               ("the-pyramids", "the-great-lighthouse", "the-mausoleum", "the-statue-of-zeus"))
    state = ready(seed=6, wonders=wonders)
    offer(state, "palisade", "clay-reserve", "wood-reserve", "scriptorium", "pharmacist",
          "apothecary")
    give(state, 0, "lumber-yard", "quarry", "stone-pit")
    give(state, 1, "clay-pool", "glassworks", "press")
    coins(state, 0, 3)
    coins(state, 1, 5)
    return state


def _after(state: State, text: str) -> float:
    return duel_ai.evaluate(play(G, state, 0, text)[0], 0)


def test_coins_are_counted_once() -> None:
    """A discard's 2 coins are worth less than a free resource card, and the Baths bought
    for 2 coins less than the Lumber Yard free (7wd.md §1.7 Trading: resources are not spent)."""
    state = _first_card_state()
    free = _after(state, "construct lumber-yard free")
    assert free > _after(state, "construct baths pay 2")
    assert free > _after(state, "discard lumber-yard gain 2")


def test_a_wonder_built_at_a_fair_price_beats_keeping_it() -> None:
    """Circus Maximus built for all of 3 coins is worth more than its card discarded for 2:
    the wonder kept unbuilt is worth only a share of what building it gains."""
    state = _circus_state()
    built = "wonder circus-maximus palisade pay 3"
    assert built in G.legal(state, 0)
    assert _after(state, built) > _after(state, "discard palisade gain 2")


@pytest.mark.parametrize("seed", range(2))
def test_hard_drafts_a_tempo_over_points(seed: int) -> None:
    """« Play again » is a turn taken before the rival (and the Temple's 12 coins buy more than
    4 points in Age I): the Pyramids' 9 points are not the pick among these four."""
    move = ai.decide(G, _draft_state(), 0, "hard", seed, budget=HARD, seconds=600)
    assert move != "draft the-pyramids"


@pytest.mark.parametrize("seed", range(2))
def test_hard_takes_the_free_lumber_yard(seed: int) -> None:
    """At 200 iterations the Lumber Yard and the Baths are within 2 visits of each other (its
    rollouts cannot tell them apart yet); at 400, half of what Discord's 2 s gives, it leads."""
    move = ai.decide(G, _first_card_state(), 0, "hard", seed, budget=2 * HARD, seconds=600)
    assert move == "construct lumber-yard free"


@pytest.mark.parametrize("seed", range(2))
def test_hard_builds_circus_maximus_with_its_last_coins(seed: int) -> None:
    move = ai.decide(G, _circus_state(), 0, "hard", seed, budget=HARD, seconds=600)
    assert move.startswith("wonder circus-maximus "), move


@pytest.mark.parametrize("state, wrong", [
    (_first_card_state, "construct baths pay 2"),
    (_draft_state, "draft the-pyramids"),
])
def test_medium_follows_the_evaluation_where_it_was_wrong(state, wrong: str) -> None:
    """Medium lost to easy (42% of 200 games) by taking the evaluation's best move every time,
    where easy's softmax strayed from its mistakes: paying for the Baths with the Lumber Yard
    free, drafting the Pyramids, discarding for coins counted twice."""
    moves = {ai.decide(G, state(), 0, "medium", seed, budget=4, seconds=600)
             for seed in range(2)}
    assert wrong not in moves


def _counting(know: Knowledge, hidden_matters: bool) -> tuple[Knowledge, list[int]]:
    """Duel's knowledge, counting its determinizations; with `hidden_matters`, an evaluation
    that also reads a hidden part (the order of the Age II deck)."""
    calls: list[int] = []

    def determinize(state: State, seat: int, rng: random.Random) -> State:
        calls.append(1)
        return know.determinize(state, seat, rng)

    def evaluate(state: State, seat: int) -> float:
        hidden = sorted(state["decks"]["2"]).index(state["decks"]["2"][0]) / 1000
        return know.evaluate(state, seat) + (hidden if hidden_matters else 0.0)

    return Knowledge(determinize, evaluate, know.candidates), calls


@pytest.mark.parametrize("hidden_matters", [False, True])
def test_medium_samples_only_where_hidden_cards_matter(hidden_matters: bool) -> None:
    """Duel's evaluation reads public facts: after a move, a second determinization values
    every candidate as the first did, and medium stops there (with 100 samples it played the
    same 2,691 moves as with 4); where the hidden cards change the values it takes them all."""
    from engine.ai.knowledge import knowledge
    from engine.ai.plausible import medium

    state = _first_card_state()
    know, calls = _counting(knowledge(G), hidden_matters)
    move = medium(G, know, state, 0, G.legal(state, 0), random.Random(3), 12, 600)
    assert move in G.legal(state, 0)
    assert len(calls) == (12 if hidden_matters else 2)

"""Random playouts (engine.policy.playout, the engine alone, as `tabula bench --playouts` and
searching players run them) give exactly the games they gave before playouts were made fast.

The digests below were recorded with the code of the time: `engine.core.play` (a JSON copy per
action) and `walk` over each `legal()` list. A change that makes playouts faster must give the
same history and the same final state for every seed; a rule change that alters them on purpose
records them again (and says so in its commit).
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engine import registry
from engine.core import Game, parse_options, play, replay
from engine.policy import Stuck, choice, draw_lone, play_to_end, playout, walk

# (game, players, options, [(seed, actions, digest of the final state and the history)])
# Res Publica's were recorded again for issue 44.3 (9b13e9b): a mixed offer or answer
# (`1 anglo-saxons or lombards`) names only kinds the hand holds, so legal() and the menus
# lost such texts (and only those) and the walks draw other moves.
RECORDED = [
    ("res-publica", 3, (), [(1, 270, 'a2c00c0bcd5a71d0'), (2, 280, 'b4ee07d2af2455be'), (3, 262, 'a3b83c4ae78bcfeb')]),
    ("res-publica", 4, (), [(1, 525, '19cefbab0eab967d'), (2, 420, '2595905c9ea8646f'), (3, 444, 'bcd6b0c5049e7e58')]),
    ("res-publica", 5, (), [(1, 596, 'fca5b60ee8d6fbe4'), (2, 571, '367f660011281cc2'), (3, 652, '9d20110d45492602')]),
    ("res-publica", 3, ('classic',), [(1, 258, 'acdd01bbe6adbca4'), (2, 274, '65958d4dd333e5b9'), (3, 232, 'b3b509b7f586022d')]),
    ("res-publica", 5, ('classic',), [(1, 507, '631caed7616d5c88'), (2, 477, '885671ded9c50b3a'), (3, 603, 'd4dd1e4708e1c6af')]),
    ("seven-hills", 3, (), [(1, 952, '015d57e0f0e2c9ce'), (2, 812, '5b137d052b8247f3'), (3, 1157, '4df2b5f0f01c669a')]),
    ("seven-hills", 4, (), [(1, 1322, '221887fa7dafeac6'), (2, 1181, 'e2b034c2e77caf16'), (3, 1345, 'c8abf45c3fe9dee5')]),
    ("heros", 2, (), [(1, 486, '533cec4e24bc4301'), (2, 391, 'a6e08275d76bb5bc'), (3, 432, 'b1bf260f1eeb6f14')]),
    ("heros", 3, (), [(1, 433, '446af4d01a1f69a1'), (2, 411, '78a8bc0978866b12'), (3, 354, '9b54e7e5b9d5b391')]),
    ("heros", 4, (), [(1, 408, '7a30fe52a26c5b2b'), (2, 452, 'a3fe0fe7bc6e9667'), (3, 403, '5474462856192aad')]),
    ("heros", 5, (), [(1, 435, 'dcfaaf7feb8cfeff'), (2, 428, 'c50946df15452e30'), (3, 387, '025e5155e2f2a5a3')]),
    ("duel", 2, (), [(1, 69, '00182baaf07aaafd'), (2, 69, '5ac29f9a0d49ee80'), (3, 70, '2f0991d28a302084')]),
    ("duel", 2, ('agora',), [(1, 85, 'cd657e7adb2c96a2'), (2, 104, 'cd290c06aaec15b6'), (3, 102, 'd1aec28eeedfc242')]),
    ("duel", 2, ('leaders',), [(1, 88, '3de44662247cbfc9'), (2, 88, 'fc23487afd0fb904'), (3, 90, 'b1057b51e0ff4af4')]),
    ("duel", 2, ('leaders=points',), [(1, 90, '4b0c6be27f194fa6'), (2, 88, '879caa3c7583c528'), (3, 89, '1856f562c8ecfb6c')]),
    ("duel", 2, ('leaders=abilities',), [(1, 90, '4b04383640c3b4a4'), (2, 90, '67322fa60fb8acbe'), (3, 89, 'ccd2bf95aec8239f')]),
    ("duel", 2, ('agora', 'leaders'), [(1, 107, '5cb130cf4e0e408f'), (2, 118, '5e63b49e8b7c5661'), (3, 121, 'aefcf7615b3b41ad')]),
]

# (game, players, options, actions, digest of every legal() list at every step of seed 7): the
# lists the service, the menus and the tests read stay the same, in the same order.
# Res Publica's recorded again for issue 44.3, as RECORDED's.
LEGAL_LISTS = [
    ("res-publica", 3, (), 255, "f713ad2a885adef6"),
    ("res-publica", 4, ('classic',), 361, "66f8be2309909d72"),
    ("seven-hills", 3, (), 809, "51b17f01d2da4a1a"),
    ("seven-hills", 4, (), 1119, "cd5f6bb3c360b161"),
    ("heros", 2, (), 410, "6941499439664c0d"),
    ("heros", 5, (), 430, "3528e227a94ab476"),
    ("duel", 2, (), 71, "5840e148f64ea33a"),
    ("duel", 2, ('agora',), 104, "e6468fa8f58c1487"),
    ("duel", 2, ('leaders',), 90, "162cab9c5cf3b624"),
    ("duel", 2, ('agora', 'leaders'), 122, "21850dcdfcdb3396"),
]


def digest(state: object, history: list[tuple[int, str]]) -> str:
    blob = json.dumps({"state": state, "history": [list(h) for h in history]}, sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


@pytest.mark.parametrize(("key", "players", "words", "games"), RECORDED,
                         ids=[f"{k}-{p}-{'+'.join(w) or 'base'}" for k, p, w, _ in RECORDED])
def test_playouts_are_the_recorded_games(
    key: str, players: int, words: tuple[str, ...], games: list[tuple[int, int, str]],
) -> None:
    game = registry.get(key)
    options = parse_options(game, words)
    for seed, actions, recorded in games:
        state, history = playout(game, players, seed, options)
        assert (len(history), digest(state, history)) == (actions, recorded), f"seed {seed}"


@pytest.mark.parametrize("key", registry.keys())
def test_a_playout_replays_to_its_state(key: str) -> None:
    """Applied in place, a playout still ends in the state the service's copying path replays."""
    game = registry.get(key)
    players = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    state, history = playout(game, players, 11, {})
    assert replay(game, players, 11, {}, history) == state  # lists stay lists: still JSON


@pytest.mark.parametrize("key", registry.keys())
def test_asked_is_who_the_prompt_asks(key: str) -> None:
    """`Game.asked`, which a game may work out faster, names the seats of `prompt`, in order."""
    game = registry.get(key)
    players = game.max_players
    rng = random.Random(5)
    state = game.setup(players, 5, {})
    while game.outcome(state) is None:
        assert game.asked(state) == list(game.prompt(state))
        seat = rng.choice(game.asked(state))
        game.apply(state, seat, walk(game.legal(state, seat), rng))
    assert game.asked(state) == list(game.prompt(state)) == []


@pytest.mark.parametrize(("key", "players", "words", "actions", "recorded"), LEGAL_LISTS,
                         ids=[f"{k}-{p}-{'+'.join(w) or 'base'}" for k, p, w, _, _ in LEGAL_LISTS])
def test_legal_lists_are_the_recorded_ones(
    key: str, players: int, words: tuple[str, ...], actions: int, recorded: str,
) -> None:
    game = registry.get(key)
    rng = random.Random(7)
    state = game.setup(players, 7, parse_options(game, words))
    lists = hashlib.sha256()
    n = 0
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.prompt(state)))
        for s in sorted(game.prompt(state)):
            lists.update(("\n".join(game.legal(state, s)) + "|").encode())
        state, _ = play(game, state, seat, walk(game.legal(state, seat), rng))
        n += 1
    assert (n, lists.hexdigest()[:16]) == (actions, recorded)


def test_choice_draws_what_random_choice_draws() -> None:
    """`choice` and `draw_lone` stand in for `Random.choice` in playouts: the same pick, and the
    generator left in the same state, for every length a walk meets (a lone token included)."""
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in [*range(1, 70), 127, 128, 129, 1000, 4097]:
            seq = list(range(n))
            assert choice(ours, seq) == theirs.choice(seq), (seed, n)
            assert ours.getstate() == theirs.getstate(), (seed, n)
        draw_lone(ours)
        theirs.choice(["lone"])
        assert ours.getstate() == theirs.getstate(), seed
    with pytest.raises(IndexError):
        choice(random.Random(1), [])


OWN_LOOPS = [key for key in sorted(registry.keys()) if hasattr(registry.get(key), "play_to_end")]


def option_sets(game: Game) -> list[tuple[str, ...]]:
    """None, each option alone (a choice by its bare name), and all of them together."""
    names = [o.name for o in game.options if not o.values or o.bare is not None]
    return [(), *((n,) for n in names), *([tuple(names)] if len(names) > 1 else [])]


@pytest.mark.parametrize("key", OWN_LOOPS)
def test_a_games_own_playout_loop_plays_the_same_games(key: str) -> None:
    """A game's own `play_to_end` (a faster loop) plays, seed for seed, the game the generic
    loop plays from the same state with the same generator: same history, same final state,
    the generator at the same point, with every option set. Enough seeds that some step asks
    several seats at once (a Seven Hills revolt's protections, Duel's leaders recruited with
    Leaders), where the loop draws the seat."""
    game = registry.get(key)
    several = 0
    for words in option_sets(game):
        chosen = parse_options(game, words)
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(1, 26):
                mine, generic = random.Random(seed), random.Random(seed)
                state, other = game.setup(players, seed, chosen), game.setup(players, seed, chosen)
                ours: list[tuple[int, str]] = []
                theirs: list[tuple[int, str]] = []
                game.play_to_end(state, mine, ours, 100_000)
                play_to_end(game, other, generic, theirs, 100_000)
                assert ours == theirs, (words, players, seed)
                assert state == other, (words, players, seed)
                assert mine.getstate() == generic.getstate(), (words, players, seed)
                again = game.setup(players, seed, chosen)
                for seat, text in ours:
                    several += len(game.asked(again)) > 1
                    game.apply_legal(again, seat, text)
    assert several > 0  # the draw among several seats was compared too


def test_own_loops_exist() -> None:
    """The test above runs over something: Seven Hills plays its own playouts."""
    assert "seven-hills" in OWN_LOOPS


@pytest.mark.parametrize("key", registry.keys())
def test_a_playout_without_an_end_says_which_game_and_seed(key: str) -> None:
    game = registry.get(key)
    with pytest.raises(Stuck, match=rf"^{key} seed 3: no end after 5 actions$"):
        playout(game, game.min_players, 3, {}, max_actions=5)

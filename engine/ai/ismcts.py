"""The `hard` level: single-observer information-set Monte Carlo tree search (Cowling,
Powley & Whitehouse, 2012), over the searcher's information sets.

Each iteration samples a determinization of the true state from what the searcher sees, then
walks one tree of action texts with it: at each node, the moves legal in this sample (below the
root, only the first few candidates, more as the node is visited: progressive widening); every
one of them gets an availability count, the first untried one is expanded, otherwise the child with
the best UCB score for the seat acting there (its own mean reward; exploration uses the
availability count, so moves legal in few samples are not favoured). From the new node a
depth-limited rollout plays ROLLOUT_DEPTH steps by a menu walk over the candidates, then
every acting seat's reward is the game's end (its share of the victory) or `evaluate`.

Several seats asked at once (simultaneous choices, answers asked out of turn) are played one
after the other in the tree: the searcher first, the others by seat number (knowledge.actor),
so the searcher's own choice never depends on another's hidden one.

A game may pair its root moves instead (its PAIRED_ROOT, `_halving`): sequential halving
(Karnin, Koren & Somekh, 2013) where each sweep plays every move left from one shared
determinization, so the hidden cards' part of the value cancels out of the comparison. It
answers the best mean of the last round. With a budget it takes the whole budget; under the time
cap alone (Discord) it stops once the leading move beats every other on the sweeps so far by
SETTLE_Z standard errors of their paired difference (`_clear_lead`).

The answer is the root move visited most (then the best mean, then the candidates' order).
The search stops as soon as that move cannot be overtaken in the iterations left, so a settled
choice (who begins the Age, a clear best move) does not think for the whole time cap.
"""

from __future__ import annotations

import math
import random
import time

from engine.core import Game, IllegalAction, State, copy_state
from engine.policy import walk

from .knowledge import Knowledge, actor, considered, options, value

EXPLORATION = 0.7  # UCB constant for rewards in [0, 1]
ROLLOUT_DEPTH = 2
# A rollout step plays candidate floor(n * u**ROLLOUT_BIAS) of n (u uniform in [0, 1)): the
# candidates come most plausible first, so the front is played more often (a half of the time
# among the first quarter with 2), never only the front.
ROLLOUT_BIAS = 2.0
# Progressive widening below the root: a node visited n times considers the first
# WIDEN_MIN + WIDEN * sqrt(n) candidates, in the game's order (most plausible first), so a
# small budget looks at the likely replies deeply rather than at every reply once.
WIDEN_MIN = 3
WIDEN = 1.5
# Each root move starts with PRIOR_VISITS visits worth its value one ply ahead on the first
# sample (what medium reads): with few iterations the search then starts from medium's view
# rather than from the noise of a handful of rollouts, and as iterations grow they outweigh it.
PRIOR_VISITS = 3
BATCH = 16  # iterations between two looks at the clock
# The paired search under the time cap stops when the leading move's paired difference with
# every other move is SETTLE_Z standard errors above zero after at least SETTLE_SWEEPS sweeps.
# It looks after every sweep, so the bar is high: one look's chance of stopping on a move no
# better than another is about 1% at 8 sweeps (Student's t, 7 degrees of freedom), 0.3% at 30.
SETTLE_Z = 3.0
SETTLE_SWEEPS = 8
UNBOUNDED = 1 << 30  # "no iteration budget": the time cap decides


class Node:
    __slots__ = ("actor", "avail", "children", "total", "visits")

    def __init__(self, who: int | None) -> None:
        self.actor = who  # the seat whose move led here (None: the root)
        self.children: dict[tuple[int, str], Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0  # rewards of `actor`, summed

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def ucb(self) -> float:
        return self.total / self.visits + EXPLORATION * math.sqrt(
            math.log(self.avail) / self.visits)


def search(game: Game, know: Knowledge, state: State, seat: int, legal: list[str],
           rng: random.Random, budget: int | None, seconds: float) -> str:
    return searched(game, know, state, seat, legal, rng, budget, seconds)[0]


def searched(game: Game, know: Knowledge, state: State, seat: int, legal: list[str],
             rng: random.Random, budget: int | None, seconds: float, *, settle: bool = True,
             ) -> tuple[str, int]:
    """The answer and the number of iterations it took. With `settle`, the search stops once
    the most visited root move cannot be overtaken in the iterations left (the budget's, or
    the time cap's at the rate so far): the answer is the one the whole budget would give, as
    the answer is the most visited move, so the budget mode stays deterministic."""
    if know.paired_root:
        return _halving(game, know, state, seat, legal, rng, budget, seconds, settle)
    root = Node(None)
    iterations = UNBOUNDED if budget is None else max(1, budget)
    start = time.perf_counter()
    deadline = start + seconds
    first = know.determinize(state, seat, rng)
    root_texts = considered(know, first, seat, legal, rng)
    _seed_root(game, know, first, seat, root, root_texts)
    done = 0
    while done < iterations:
        for _ in range(min(BATCH, iterations - done)):
            det = first if done == 0 else know.determinize(state, seat, rng)
            _iterate(game, know, det, seat, root, root_texts, rng)
            done += 1
        now = time.perf_counter()
        if now > deadline:
            break
        if settle and _settled(root, done, iterations, (deadline - now) * done / (now - start)):
            break
    order = {t: i for i, t in enumerate(root_texts)}
    ranked = [(n.visits, n.mean(), -order[t], t)
              for (_, t), n in root.children.items() if t in order]
    return (max(ranked)[3] if ranked else root_texts[0]), done


def _seed_root(game: Game, know: Knowledge, det: State, seat: int, root: Node,
               texts: list[str]) -> None:
    """Each root move's PRIOR_VISITS visits at its one-ply value on `det` (left as it was)."""
    who = actor(game, det, seat)
    if who is None or PRIOR_VISITS <= 0:
        return
    for text in texts:
        after = copy_state(det)
        try:
            game.apply(after, who, text)
        except IllegalAction:
            continue
        child = root.children[(who, text)] = Node(who)
        child.visits = PRIOR_VISITS
        child.total = PRIOR_VISITS * value(game, know, after, who)


def _halving(game: Game, know: Knowledge, state: State, seat: int, legal: list[str],
             rng: random.Random, budget: int | None, seconds: float, settle: bool = True,
             ) -> tuple[str, int]:
    """Sequential halving over the root moves, on paired samples (a game's PAIRED_ROOT): each
    sweep deals one determinization and plays every move still in the running from it, each
    with a generator seeded alike below it, so two moves are compared on the same hidden cards
    (the noise of the deal, far larger than what tells them apart, cancels out). The budget is
    shared out over log2(moves) rounds; after each, the worse half by mean reward is dropped.
    Below each root move the tree is searched as `searched` does. Under the time cap alone
    (no budget) and with `settle`, it stops once the lead is clear (`_clear_lead`)."""
    start = time.perf_counter()
    deadline = start + seconds
    first = know.determinize(state, seat, rng)
    running = considered(know, first, seat, legal, rng)
    who = actor(game, first, seat)
    if len(running) == 1 or who is None:
        return running[0], 0
    arms = {t: Node(who) for t in running}
    timed = budget is None and settle  # Discord's mode: the cap alone, which may stop early
    rewards: dict[str, dict[int, float]] = {t: {} for t in running}  # by sweep (timed only)
    iterations = UNBOUNDED if budget is None else max(1, budget)
    done = dealt = 0
    rounds = math.ceil(math.log2(len(running)))
    while len(running) > 1:
        begun, sweeps = done, 0
        while sweeps < max(1, (iterations - begun) // (len(running) * rounds)):
            sweeps += 1
            det = first if dealt == 0 else know.determinize(state, seat, rng)
            dealt += 1
            below = rng.getrandbits(64)
            for text in running:
                sample = copy_state(det)
                try:
                    game.apply(sample, who, text)
                except IllegalAction:  # not in this sample's hands: this move sits it out
                    continue
                path = [arms[text]]
                walk_rng = random.Random(below)
                if _descend(game, know, sample, seat, arms[text], path, None, walk_rng):
                    got = _back_up(game, know, sample, seat, path, walk_rng)
                    if timed:
                        rewards[text][dealt] = got[who]
                done += 1
            now = time.perf_counter()
            if now > deadline:
                return max(running, key=lambda t: arms[t].mean()), done
            if timed:  # (the best so far, only where it may stop: a budget takes every sweep)
                best = max(running, key=lambda t: arms[t].mean())
                if _clear_lead(best, running, rewards):
                    return best, done
            if iterations == UNBOUNDED:  # the cap at the first sweep's rate
                iterations = max(done, int(done * seconds / max(now - start, 1e-9)))
        running = sorted(running, key=lambda t: -arms[t].mean())[:(len(running) + 1) // 2]
        rounds = max(1, rounds - 1)
    return running[0], done


def _clear_lead(best: str, running: list[str], rewards: dict[str, dict[int, float]]) -> bool:
    """Whether `best` beats every other move still running on the sweeps both were played in:
    the mean of their paired differences is SETTLE_Z standard errors above zero, over at least
    SETTLE_SWEEPS sweeps. Differences that were the same on every sweep (no noise left: the
    hidden cards were all that varied) settle it as soon as there are enough of them, even
    when they are all 0 (two moves no sample tells apart: more sweeps would not either)."""
    mine = rewards[best]
    for text in running:
        if text == best:
            continue
        theirs = rewards[text]
        diffs = [r - theirs[k] for k, r in mine.items() if k in theirs]
        n = len(diffs)
        if n < SETTLE_SWEEPS:
            return False
        mean = sum(diffs) / n
        spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if spread == 0 and mean >= 0:
            continue
        if mean <= 0 or mean * mean * n <= SETTLE_Z * SETTLE_Z * spread:
            return False
    return True


def _settled(root: Node, done: int, iterations: int, in_time: float) -> bool:
    """True when the most visited root move keeps the most visits whatever the iterations
    left do: more than the runner-up could gain. The iterations left are the budget's, capped
    by those the time left allows at the rate so far (an estimate: a slower end only stops
    the search at the cap, as without this)."""
    visits = sorted((n.visits for n in root.children.values()), reverse=True)
    if not visits:
        return False
    left = min(iterations - done, in_time)
    return visits[0] - (visits[1] if len(visits) > 1 else 0) > left


def _iterate(game: Game, know: Knowledge, det: State, seat: int, root: Node,
             root_texts: list[str], rng: random.Random) -> None:
    path: list[Node] = []
    if _descend(game, know, det, seat, root, path, root_texts, rng):
        _back_up(game, know, det, seat, path, rng)
        root.visits += 1


def _descend(game: Game, know: Knowledge, det: State, seat: int, node: Node, path: list[Node],
             texts: list[str] | None, rng: random.Random) -> bool:
    """Down the tree from `node` (`det` at it) to a new node, applying each move to `det` and
    appending each node passed to `path`. False if the sample refuses a root text."""
    while (who := actor(game, det, seat)) is not None:
        if texts is None:
            texts = options(game, know, det, who, rng)
            texts = texts[:WIDEN_MIN + int(WIDEN * math.sqrt(node.visits))]
            if not texts:  # asked with nothing to do: a dead end of the sample, valued as is
                break
        untried = []
        for t in texts:
            child = node.children.get((who, t))
            if child is None:
                untried.append(t)
            else:
                child.avail += 1
        if untried:
            text = untried[0]
            child = node.children[(who, text)] = Node(who)
        else:
            text = max(texts, key=lambda t: node.children[(who, t)].ucb())
            child = node.children[(who, text)]
        try:
            game.apply(det, who, text)
        except IllegalAction:  # a root text the sample does not allow: drop this iteration
            if child.visits == 0:
                del node.children[(who, text)]
            return False
        path.append(child)
        node = child
        texts = None
        if untried:
            break
    return True


def _back_up(game: Game, know: Knowledge, det: State, seat: int, path: list[Node],
             rng: random.Random) -> dict[int, float]:
    """The rollout from the new node, then each node's reward for the seat that moved there
    (returned by seat)."""
    _rollout(game, know, det, seat, rng)
    rewards: dict[int, float] = {}
    for n in path:
        who = n.actor
        assert who is not None
        if who not in rewards:
            rewards[who] = value(game, know, det, who)
        n.visits += 1
        n.total += rewards[who]
    return rewards


def _rollout(game: Game, know: Knowledge, det: State, seat: int, rng: random.Random) -> None:
    depth = ROLLOUT_DEPTH if know.rollout_depth is None else know.rollout_depth
    for _ in range(depth):
        who = actor(game, det, seat)
        if who is None:
            return
        if know.candidates is None:
            legal = game.legal(det, who)
            if not legal:
                return
            game.apply(det, who, walk(legal, rng))
        else:  # most plausible first: the front of the list is played more often
            texts = options(game, know, det, who, rng)
            if not texts:
                return
            game.apply(det, who, texts[int(len(texts) * rng.random() ** ROLLOUT_BIAS)])

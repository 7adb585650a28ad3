"""The most the rules' caches can hold in a bot's worker (issue 28, item 5: under 150 MB).

A worker thinks for every game of the bot for days, so each cache of engine/ ends full: every
one has a size (tests/platform/test_bounded_caches.py). This fills the large ones to their size
with keys of the kind play gives them (the heaviest hands for Res Publica's trade texts), then
prints the process's peak resident memory before and after.

    python -m bot.bench.memory
"""

from __future__ import annotations

import random
import resource
from collections.abc import Callable
from typing import Any

from engine.duel import cards as duel_cards
from engine.duel import city, payment
from engine.respublica import ai as rp_ai
from engine.respublica import trade
from engine.respublica.cards import VARIANTS, variant


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _fill(cached: Any, key: Callable[[random.Random], tuple[Any, ...]],
          rng: random.Random) -> int:
    """Call `cached` with new keys until it holds its maxsize entries (or no new key comes)."""
    size = cached.cache_parameters()["maxsize"]
    misses = 0
    while cached.cache_info().currsize < size and misses < 50 * size:
        before = cached.cache_info().currsize
        cached(*key(rng))
        misses += cached.cache_info().currsize == before
    print(f"  {cached.__module__}.{cached.__name__}: {cached.cache_info().currsize} entries, "
          f"peak {peak_mb():.1f} MB", flush=True)
    return int(cached.cache_info().currsize)


def main() -> None:
    rng = random.Random(1)
    print(f"after the imports: peak {peak_mb():.1f} MB")
    names = sorted(VARIANTS)
    texts = [(n, tuple(p.text.split())) for n in names for p in trade.all_proposals(n)]
    kinds = {n: variant(n).kinds for n in names}
    ids = sorted(duel_cards.load().cards)
    wonders, tokens = sorted(duel_cards.load().wonders), sorted(duel_cards.load().tokens)

    def city_of(r: random.Random) -> tuple[str, ...]:
        return tuple(sorted(r.sample(ids, r.randint(1, 20))))
    for fill in (
        lambda: _fill(trade.proposable_texts, lambda r: (
            (n := r.choice(names)), tuple(r.randint(2, 5) for _ in kinds[n]),
            r.choice(("offer", "answer"))), rng),
        lambda: _fill(trade.parse_cache, lambda r: r.choice(texts), rng),
        lambda: _fill(rp_ai.kind_worth_cache, lambda r: (
            r.choice(("town", "city", "church", "library")), r.randint(2, 5), None,
            r.randint(0, 12), round(r.random(), 3), r.choice((None, *range(1, 10))),
            r.random() < 0.5), rng),
        lambda: _fill(city.production_cache, lambda r: (
            tuple(sorted(r.sample(ids, r.randint(1, 20)))),), rng),
        lambda: _fill(city.fixed_cache, lambda r: (
            tuple(sorted(r.sample(ids, r.randint(1, 20)))),), rng),
        lambda: _fill(city.colours_cache, lambda r: (
            tuple(sorted(r.sample(ids, r.randint(1, 20)))),), rng),
        lambda: _fill(city.science_cache, lambda r: (
            tuple(sorted(r.sample(ids, r.randint(1, 20)))), ()), rng),
        lambda: _fill(city.choices_cache, lambda r: (city_of(r),), rng),
        lambda: _fill(payment.cities_cache, lambda r: (
            city_of(r), tuple(r.randint(0, 4) for _ in range(5)),  # the rival's production
            tuple(r.sample(wonders, r.randint(0, 4))),
            tuple(r.sample(tokens, r.randint(0, 3)))), rng),
    ):
        fill()
    print(f"every large cache full: peak {peak_mb():.1f} MB (goal: under 150)")


if __name__ == "__main__":
    main()

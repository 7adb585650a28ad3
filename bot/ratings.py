"""Ratings per game (issue 27): openskill's Weng-Lin Bradley-Terry model with full pairing, the
same for a 2-player Duel and a 5-player Res Publica, pure and deterministic (the stores call it
inside the transaction that stores a game's result, `tabula ratings rebuild` calls it on the
whole history in order, and both give the same floats).

- Why Bradley-Terry "full" (issue 44): it reads a game of N as every pair of its players, each
  pair a win, a loss or a draw, so whoever finished above another gains at least as much from
  the same prior. Plackett-Luce, used before, did not: with places [1, 1, 3, 4] it gave third
  the winners' μ gain and a smaller σ, so third led the leaderboard after one game (1,043
  against 1,034). At 2 players both are the same model: the same numbers, and the bots'
  2-player ratings are unchanged.

- Each person has one rating per game (μ, σ), across servers; a new one is openskill's default
  (μ 25, σ 25/3).
- A finished game's ranks: its winners share the first place (a shared victory is a tie), the
  others follow by score (equal scores tie; a game without scores ties them all), and the
  players who resigned or left for a bot (`Outcome.last`) rank last, tied together.
- Computer players are fixed points: each game's level has a rating measured in arena games
  (data/ratings.json, `tabula ratings bots`), used as an opponent's rating and never changed.
- Shown as a whole number: `shown(μ, σ) = 1000 + 30 (μ − 3σ)`, the conservative rating (μ − 3σ,
  0 for a new player, who thus shows 1,000) on a scale where 100 points between two settled
  players mean about what they mean in Elo: Bradley-Terry gives the better of two a chance of
  1/(1 + e^(−Δμ/c)), c = √(σ₁² + σ₂² + 2β²) ≈ 5.9 once σ is small, and Elo's
  1/(1 + 10^(−d/400)) is the same curve for d = Δμ · 400 / (c ln 10) ≈ 29.5 Δμ.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from openskill.models import BradleyTerryFull

from data import path as data_path
from engine import Outcome

MU = 25.0
SIGMA = 25.0 / 3.0
BASE, SCALE = 1000, 30  # shown = BASE + SCALE * (mu - 3 sigma)
PROVISIONAL = 10  # fewer rated games than this: the rating is marked provisional


@cache
def model() -> BradleyTerryFull:
    return BradleyTerryFull(mu=MU, sigma=SIGMA)


def shown(mu: float, sigma: float) -> int:
    """The rating as players read it: the conservative μ − 3σ, scaled, a whole number."""
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL


@dataclass(frozen=True)
class Seat:
    """A seat of a finished game, as rating needs it: who (a person's user id, or a lobby bot's
    negative id) and, for a bot seated from the start, its level."""

    seat: int
    user_id: int
    bot: str | None = None  # the level of a bot seated in the lobby (user id below zero)

    @property
    def person(self) -> bool:
        return self.user_id >= 0


@dataclass(frozen=True)
class Change:
    """A person's rating before and after one game."""

    user_id: int
    rank: int  # 1 = first (ties share it)
    before: Rating
    after: Rating

    @property
    def delta(self) -> int:
        return self.after.shown - self.before.shown


def rank_places(outcome: Outcome | Mapping[str, Any], players: int) -> list[int]:
    """Each seat's place, 1 the best, equal places for ties: the winners first (a shared victory
    ties them), then by score (equal scores tie; no scores: all the others tie), and last, tied,
    those who resigned or left (`outcome.last`). Competition ranking ("1, 1, 3"); openskill
    reads only their order."""
    if isinstance(outcome, Outcome):
        won, scores, gone = outcome.winners, outcome.scores, outcome.last
    else:  # as stored (Outcome.to_json): only these three matter here
        won, scores, gone = outcome["winners"], outcome.get("scores"), outcome.get("last", ())
    winners, last = set(won), set(gone)

    def key(s: int) -> tuple[bool, bool, int]:
        score = scores[s] if scores is not None and s < len(scores) else 0
        return (s in last, s not in winners, 0 if s in winners or s in last else -score)

    keys = [key(s) for s in range(players)]
    return [1 + sum(other < mine for other in keys) for mine in keys]


@cache
def bot_ratings() -> dict[str, dict[str, tuple[float, float]]]:
    """game key -> level -> (μ, σ): the bots' fixed ratings (data/ratings.json)."""
    with data_path("ratings.json").open(encoding="utf-8") as f:
        found = json.load(f)["games"]
    return {game: {level: (float(r["mu"]), float(r["sigma"])) for level, r in levels.items()}
            for game, levels in found.items()}


def bot_rating(game_key: str, level: str | None) -> Rating:
    """A bot's fixed rating; a game or level not measured yet rates as a new player would."""
    mu, sigma = bot_ratings().get(game_key, {}).get(level or "", (MU, SIGMA))
    return Rating(mu, sigma)


def rate(game_key: str, seats: Sequence[Seat], outcome: Mapping[str, Any] | Outcome,
         current: Mapping[int, Rating]) -> list[Change]:
    """The people's new ratings after one finished game (`current`: their ratings before, a
    person missing from it is new). Bots rate at their fixed ratings and are not changed. A
    game with fewer than two seats, or no person, changes nothing."""
    seated = sorted((s for s in seats), key=lambda s: s.seat)
    if len(seated) < 2 or not any(s.person for s in seated):
        return []
    places = rank_places(outcome, len(seated))
    before = [current.get(s.user_id, Rating()) if s.person else bot_rating(game_key, s.bot)
              for s in seated]
    m = model()
    teams = [[m.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    rated = m.rate(teams, ranks=[places[s.seat] for s in seated])
    return [Change(s.user_id, places[s.seat], before[i],
                   Rating(rated[i][0].mu, rated[i][0].sigma, before[i].games + 1))
            for i, s in enumerate(seated) if s.person]


def fit(games: Sequence[tuple[Sequence[str], Sequence[int]]], passes: int, seed: int,
        ) -> dict[str, Rating]:
    """Each player's rating from a batch of games (each: the players per seat, their places),
    whatever the games' order: the mean μ and σ of `passes` online passes over the games, each
    in its own random order (from `seed`) from openskill's default, so the same games in any
    order give the same floats. One pass in a fixed order weighs its last games most (the order
    alone moved a bot's μ by ~7, issue 46). A player sits at most once in a game."""
    m = model()
    games = sorted((tuple(seats), tuple(places)) for seats, places in games)  # any order given
    names = sorted({who for seats, _ in games for who in seats})
    total = {who: [0.0, 0.0] for who in names}
    count = dict.fromkeys(names, 0)
    for seats, _ in games:
        for who in seats:
            count[who] += 1
    order = list(range(len(games)))
    for p in range(max(1, passes)):
        random.Random(seed * 1_000_003 + p).shuffle(order)
        rated = {who: m.rating() for who in names}
        for i in order:
            seats, places = games[i]
            new = m.rate([[rated[who]] for who in seats], ranks=list(places))
            rated.update((who, r) for who, [r] in zip(seats, new, strict=True))
        for who, r in rated.items():
            total[who][0] += r.mu
            total[who][1] += r.sigma
    n = max(1, passes)
    return {who: Rating(mu / n, sigma / n, count[who]) for who, (mu, sigma) in total.items()}


@dataclass(frozen=True)
class Finished:
    """A stored finished game, as a rebuild reads it."""

    game_id: int
    game_key: str
    outcome: Mapping[str, Any]
    seats: tuple[Seat, ...]


def replay(games: Sequence[Finished]) -> tuple[dict[tuple[int, str], Rating],
                                              list[tuple[Finished, list[Change]]]]:
    """Every rating from the finished games in the order they were rated: the final ratings
    per (user, game key), and each game's changes. What `rate` gives game after game."""
    ratings: dict[tuple[int, str], Rating] = {}
    out = []
    for g in games:
        current = {s.user_id: ratings[(s.user_id, g.game_key)] for s in g.seats
                   if (s.user_id, g.game_key) in ratings}
        changes = rate(g.game_key, g.seats, g.outcome, current)
        for c in changes:
            ratings[(c.user_id, g.game_key)] = c.after
        out.append((g, changes))
    return ratings, out

"""`tabula ladder`: is each bot level stronger than the one below it, in every game? (issue 28)

    tabula ladder --games 200 --iterations 300 --pairs medium-hard --only duel

Each line is one `tabula arena` run: in a 2-player game the upper level against the lower,
seats rotated; in a game of 3 or more one upper-level bot among lower-level ones. A line holds
when the upper level wins at least `TWO_PLAYER_GOAL` of 2-player games, or at least
`SHARE_GOAL` times its fair share 1/N among N players, and its 95% interval's lower bound is
above the fair share. `--iterations` is hard's search budget (a stand-in for Discord's time
cap, repeatable on any machine); easy and medium play at their Discord budgets. Each line is
printed as a Markdown table row with the `tabula arena` command that reproduces it, and
appended to `--out` as soon as it is measured, so a long run keeps what it has.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from bot.tools.arena import Setup, playouts_per_second, run, summary
from engine import registry

TWO_PLAYER_GOAL = 0.60
SHARE_GOAL = 1.5
PAIRS = ("random-easy", "easy-medium", "medium-hard")

# Every game and option set at its smallest and largest player count (issue 28: "2p and the
# largest player count"; Res Publica and Seven Hills start at 3).
CONFIGS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("duel", 2, ()),
    ("duel", 2, ("agora",)),
    ("duel", 2, ("leaders",)),
    ("duel", 2, ("agora", "leaders")),
    ("heros", 2, ()),
    ("heros", 5, ()),
    ("seven-hills", 3, ()),
    ("seven-hills", 4, ()),
    ("res-publica", 3, ()),
    ("res-publica", 5, ()),
    ("res-publica", 3, ("classic",)),
    ("res-publica", 5, ("classic",)),
)

HEADER = ("| game | players | options | line | games | upper's win rate [95% CI] | fair | goal "
          "| holds | hard budget | upper ms mean / p99 | command |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|")


@dataclass(frozen=True)
class Line:
    game: str
    players: int
    options: tuple[str, ...]
    upper: str
    lower: str

    @property
    def seats(self) -> tuple[str, ...]:
        return (self.upper,) + (self.lower,) * (self.players - 1)

    def goal(self) -> float:
        return TWO_PLAYER_GOAL if self.players == 2 else SHARE_GOAL / self.players

    def command(self, games: int, seed: int, iterations: int | None) -> str:
        opts = "".join(f" --option {o}" for o in self.options)
        hard = f" --iterations {iterations}" if iterations and "hard" in self.seats else ""
        return (f"tabula arena {self.game} --players {self.players}{opts} "
                f"--seats {','.join(self.seats)} --games {games} --seed {seed}{hard} --jobs 1")


def holds(line: Line, rate: float, low: float) -> bool:
    """The issue's test of a line: the goal reached and the interval above the fair share."""
    return rate >= line.goal() and low > 1 / line.players


def lines(pairs: Sequence[str], only: Sequence[str],
          players_only: Sequence[int] = ()) -> list[Line]:
    out = []
    for game, players, options in CONFIGS:
        # "res-publica" names the game with every option set; "res-publica+base" the game alone
        label = "+".join((game, *(options or ("base",))))
        if only and not any(o in (game, label) for o in only):
            continue
        if players_only and players not in players_only:
            continue
        for pair in pairs:
            lower, upper = pair.split("-")
            out.append(Line(game, players, options, upper, lower))
    return out


def row(line: Line, summ: dict[str, Any], games: int, seed: int,
        iterations: int | None) -> str:
    k = summ["kinds"][line.upper]
    rate, (low, high) = k["win_rate"], k["ci95"]
    uses_hard = "hard" in line.seats
    budget = (f"{iterations} iterations" if uses_hard and iterations else
              "2 s cap" if uses_hard else "-")
    return (f"| {line.game} | {line.players} | {', '.join(line.options) or 'base'} "
            f"| {line.upper} > {line.lower} | {summ['games']} "
            f"| {100 * rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
            f"| {100 / line.players:.0f}% | {100 * line.goal():.0f}% "
            f"| {'yes' if holds(line, rate, low) else '**no**'} | {budget} "
            f"| {k['mean_ms']:.0f} / {k['p99_ms']:.0f} "
            f"| `{line.command(games, seed, iterations)}` |")


def ladder(pairs: Sequence[str], only: Sequence[str], games: int, seed: int,
           iterations: int | None, jobs: int, out_path: str | None, out: TextIO,
           players: Sequence[int] = ()) -> int:
    wrong = [p for p in pairs if p not in PAIRS]
    known = registry.keys()
    unknown = [o for o in only if o.split("+")[0] not in known]
    if wrong or unknown:
        print(f"tabula ladder: unknown {'pair' if wrong else 'game'} "
              f"{(wrong or unknown)[0]!r}", file=sys.stderr)
        return 2
    print(HEADER, file=out)
    failed = 0
    for line in lines(pairs, only, players):
        uses_hard = "hard" in line.seats
        seconds = math.inf if iterations or not uses_hard else None
        setup = Setup(line.game, line.players, line.seats, line.options, seed,
                      seconds, iterations if uses_hard else None)
        start = time.perf_counter()
        summ = summary(setup, run(setup, games, jobs), playouts_per_second(setup))
        text = row(line, summ, games, seed, iterations)
        k = summ["kinds"][line.upper]
        failed += not holds(line, k["win_rate"], k["ci95"][0])
        print(text, file=out, flush=True)
        if out_path:
            with open(out_path, "a", encoding="utf-8") as f:
                f.write(f"{text} <!-- {time.perf_counter() - start:.0f} s -->\n")
    return 1 if failed else 0

"""The computer players' core (engine/ai): the entry point, dealing hidden components again,
and the arena's figures. Each game's own bots are tested in tests/ai/test_<game>.py."""

from __future__ import annotations

import json
import random

import pytest

from bot.cli import main
from bot.tools import arena
from engine import ai, registry
from engine.ai.deal import Deal
from engine.ai.ismcts import searched
from engine.ai.knowledge import Knowledge
from engine.core import Event, Game, IllegalAction, Msg, Outcome, State
from engine.policy import walk


def test_the_levels_players_choose_and_the_arenas_baseline() -> None:
    assert ai.LEVELS == ("easy", "medium", "hard")
    assert ai.ARENA_LEVELS == ("random", "easy", "medium", "hard")


def test_decide_refuses_an_unknown_level_and_a_seat_not_asked() -> None:
    duel = registry.get("duel")
    state = duel.setup(2, 1, {})
    with pytest.raises(ValueError, match="unknown level"):
        ai.decide(duel, state, 0, "grandmaster", 1)
    with pytest.raises(ValueError, match="not asked"):
        ai.decide(duel, state, 1, "easy", 1)


def test_a_game_without_bot_knowledge_is_played_by_the_menu_walk(toy_game: str) -> None:
    """No engine/toy/ai.py: every level walks the menus, from the legal texts alone."""
    toy = registry.get(toy_game)
    state = toy.setup(2, 5, {})
    legal = toy.legal(state, 0)
    for level in ai.ARENA_LEVELS:
        assert ai.decide(toy, state, 0, level, 9) == walk(legal, random.Random(9))


def test_the_time_cap_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ai.ENV_SECONDS, raising=False)
    assert ai.default_seconds() == 2.0
    monkeypatch.setenv(ai.ENV_SECONDS, "0.25")
    assert ai.default_seconds() == 0.25
    for wrong in ("soon", "-1", "0"):
        monkeypatch.setenv(ai.ENV_SECONDS, wrong)
        assert ai.default_seconds() == 2.0


def _dealt(piles: dict[str, list[str]], known: list[str], seed: int) -> dict[str, list[str]]:
    deal = Deal()
    deal.known(piles["deck"], known)
    deal.unordered(piles["deck"], lambda x: x[0])  # class: the first letter (a public back)
    deal.unordered(piles["box"], lambda x: x[0])
    slots = piles["slots"]
    for i in (0, 2):  # face down; slot 1 is face up
        deal.place(slots, i, slots[i][0])
    deal.deal(random.Random(seed))
    return piles


def test_a_deal_depends_only_on_what_is_seen() -> None:
    """Two states differing only in hidden places (orders, which card lies where among the
    hidden ones) deal the same; known items stay where the seat sees them."""
    one = {"deck": ["a1", "b1", "a2", "a3"], "box": ["b2", "a4"], "slots": ["a5", "b9", "b3"]}
    two = {"deck": ["a4", "a1", "b3", "a5"], "box": ["a3", "b1"], "slots": ["a2", "b9", "b2"]}
    for seed in range(20):
        first = _dealt({k: list(v) for k, v in one.items()}, ["a1"], seed)
        second = _dealt({k: list(v) for k, v in two.items()}, ["a1"], seed)
        assert first == second
        assert "a1" in first["deck"] and first["slots"][1] == "b9"
        assert first["slots"][0][0] == "a" and first["slots"][2][0] == "b"  # backs kept
        assert sorted(x[0] for x in first["deck"]) == ["a", "a", "a", "b"]  # class counts kept
        everything = sorted(first["deck"] + first["box"] + first["slots"])
        assert everything == sorted(one["deck"] + one["box"] + one["slots"])
    dealt = {tuple(_dealt({k: list(v) for k, v in one.items()}, [], s)["deck"])
             for s in range(20)}
    assert len(dealt) > 5  # the deal does resample


def test_a_resample_after_the_deal_draws_from_the_dealt_pile() -> None:
    pile = ["c", "a", "b"]
    drawn = ["x"]
    deal = Deal()
    deal.unordered(pile, "k")
    deal.then(lambda rng: drawn.__setitem__(0, rng.choice(pile)))
    deal.deal(random.Random(3))
    assert sorted(pile) == ["a", "b", "c"] and drawn[0] in pile


def test_wilson_intervals() -> None:
    low, high = arena.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = arena.wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert arena.wilson(0, 0) == (0.0, 1.0)
    assert arena.percentile([5.0, 1.0, 3.0], 99) == 5.0
    assert arena.percentile(list(range(1, 201)), 99) == 198


def test_seat_kinds_rotate_across_games() -> None:
    assert [arena.kinds_of(("hard", "easy", "easy"), 3, g) for g in range(3)] == [
        ("hard", "easy", "easy"), ("easy", "easy", "hard"), ("easy", "hard", "easy")]


def test_the_arena_command_prints_rates_times_and_a_machine_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "duel", "--players", "2", "--seats", "easy,random", "--games", "4",
                 "--seed", "7", "--jobs", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "win rate" in out and "95% CI" in out and "p99 ms" in out
    line = next(x for x in out.splitlines() if x.startswith("ARENA "))
    summ = json.loads(line.removeprefix("ARENA "))
    assert summ["games"] == 4 and summ["seats"] == ["easy", "random"]
    assert summ["playouts_per_second"] > 0 and "random playouts/s" in out
    kinds = summ["kinds"]
    assert kinds["easy"]["seat_games"] == kinds["random"]["seat_games"] == 4
    assert kinds["easy"]["win_rate"] + kinds["random"]["win_rate"] == pytest.approx(1.0)
    assert kinds["easy"]["decisions"] > 0 and kinds["easy"]["p99_ms"] >= kinds["easy"]["mean_ms"]
    again = main(["arena", "duel", "--players", "2", "--seats", "easy,random", "--games", "4",
                  "--seed", "7"])
    line2 = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("ARENA "))
    assert again == 0
    first = {k: v["win_rate"] for k, v in kinds.items()}
    assert first == {k: v["win_rate"] for k, v in json.loads(line2[6:])["kinds"].items()}


def test_the_arena_refuses_wrong_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "duel", "--players", "2", "--seats", "hard", "--games", "1"]) == 2
    assert "2 players" in capsys.readouterr().err
    assert main(["arena", "duel", "--players", "2", "--seats", "hard,genius"]) == 2
    assert "genius" in capsys.readouterr().err
    assert main(["arena", "duel", "--players", "3", "--seats", "a,b,c"]) == 2
    assert main(["arena", "duel", "--players", "2", "--seats", "easy,easy",
                 "--option", "nope"]) == 2


def test_the_arenas_iteration_budget_is_hards_alone() -> None:
    """`--iterations 300` stands in for hard's time cap; medium keeps its Discord budget (a few
    determinizations), else "hard against medium at 300" would seat a medium of 300 samples."""
    assert arena.budget_of("hard", 300) == 300
    assert arena.budget_of("medium", 300) is None and arena.budget_of("easy", 300) is None


def test_the_ladder_lists_every_game_and_option_set_and_judges_a_line(
        tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from bot.tools import ladder

    every = ladder.lines(ladder.PAIRS, [])
    assert len(every) == 12 * 3
    assert {(x.game, x.players) for x in every} >= {("heros", 2), ("heros", 5), ("duel", 2),
                                                    ("res-publica", 5), ("seven-hills", 4)}
    five = ladder.lines(["easy-medium"], ["res-publica", "heros"], [5])
    assert [(x.game, x.players, x.options) for x in five] == [
        ("heros", 5, ()), ("res-publica", 5, ()), ("res-publica", 5, ("classic",))]
    base = ladder.lines(["easy-medium"], ["res-publica+base", "duel+agora"], [])
    assert [(x.game, x.players, x.options) for x in base] == [
        ("duel", 2, ("agora",)), ("res-publica", 3, ()), ("res-publica", 5, ())]
    four = ladder.Line("seven-hills", 4, (), "hard", "medium")
    assert four.seats == ("hard", "medium", "medium", "medium") and four.goal() == 0.375
    assert ladder.holds(four, 0.40, 0.26) and not ladder.holds(four, 0.40, 0.24)
    assert not ladder.holds(four, 0.37, 0.30)
    duel = ladder.Line("duel", 2, ("agora",), "medium", "easy")
    assert ladder.holds(duel, 0.60, 0.51) and not ladder.holds(duel, 0.59, 0.51)
    out = Path(str(tmp_path)) / "rows.md"
    code = main(["ladder", "--games", "2", "--only", "duel+agora", "--pairs", "random-easy",
                 "--out", str(out)])
    printed = capsys.readouterr().out
    assert code in (0, 1)  # 2 games decide nothing; the row is what matters here
    row = printed.splitlines()[2]
    assert row.startswith("| duel | 2 | agora | easy > random | 2 |")
    assert "`tabula arena duel --players 2 --option agora --seats easy,random --games 2" in row
    assert out.read_text().startswith(row)
    assert main(["ladder", "--pairs", "easy-hard"]) == 2
    assert main(["ladder", "--only", "chess"]) == 2


# --- the paired root (a game's PAIRED_ROOT, engine/ai/ismcts.py `_halving`) -----------------------

# One move to choose, then the game stops. What a move is worth is mostly the hidden number the
# seat cannot see (the same for every move) and a little the move itself: "c" is the best by
# 0.01, far less than the spread of the hidden part, as in Res Publica's early turns.
TOY_EDGE = {"a": 0.0, "b": 0.01, "c": 0.02, "d": 0.005}


class _Hidden(Game):
    key = module = "toy-hidden"

    def prompt(self, state: State) -> dict[int, Msg]:
        return {} if state["moved"] else {0: Msg("toy.ask")}

    def legal(self, state: State, seat: int) -> list[str]:
        return [] if state["moved"] else sorted(TOY_EDGE)

    def apply(self, state: State, seat: int, action: str) -> list[Event]:
        if state["moved"] or action not in TOY_EDGE:
            raise IllegalAction("toy.error")
        state["moved"] = action
        return []

    def outcome(self, state: State) -> Outcome | None:
        return None


def _toy_knowledge(paired: bool) -> Knowledge:
    return Knowledge(
        determinize=lambda state, seat, rng: {**state, "hidden": rng.random()},
        evaluate=lambda state, seat: 0.3 + 0.6 * state["hidden"] + TOY_EDGE.get(state["moved"], 0),
        paired_root=paired)


def test_the_paired_root_compares_moves_on_the_same_hidden_cards() -> None:
    """Two moves compared on different deals differ mostly by the deals: the unpaired search
    picks a worse move on some seeds, the paired one always finds the best (the deal's part
    cancels out), and takes about the budget, deterministically."""
    game, state = _Hidden(), {"moved": None, "hidden": 0.5}
    legal = game.legal(state, 0)
    paired = [searched(game, _toy_knowledge(True), state, 0, legal, random.Random(s), 80, 60)
              for s in range(20)]
    unpaired = [searched(game, _toy_knowledge(False), state, 0, legal, random.Random(s), 80, 60)
                for s in range(20)]
    assert {move for move, _ in paired} == {"c"}
    assert sum(move != "c" for move, _ in unpaired) >= 5
    assert all(72 <= done <= 80 for _, done in paired)
    again = searched(game, _toy_knowledge(True), state, 0, legal, random.Random(3), 80, 60)
    assert again == paired[3]


def test_res_publica_pairs_its_root_moves() -> None:
    from engine.ai.knowledge import knowledge

    know = knowledge(registry.get("res-publica"))
    assert know is not None and know.paired_root and know.rollout_depth == 4


def test_the_paired_root_under_a_time_cap_shares_out_what_the_cap_allows() -> None:
    """Without a budget, the first sweep's pace sets how many sweeps the cap allows; with the
    settled stop off (what `python -m bot.bench.search` counts), the search goes on past a
    clear lead to the cap."""
    from engine.ai.ismcts import SETTLE_SWEEPS

    game, state = _Hidden(), {"moved": None, "hidden": 0.5}
    move, done = searched(game, _toy_knowledge(True), state, 0, game.legal(state, 0),
                          random.Random(1), None, 0.2, settle=False)
    assert move == "c" and done > 4 * SETTLE_SWEEPS * len(TOY_EDGE)


def test_the_paired_root_under_the_cap_alone_stops_when_the_lead_is_clear() -> None:
    """Discord's mode (no budget): the toy's moves differ by the same amount on every deal, so
    after the least number of sweeps the best one is settled, long before a 20 s cap."""
    from engine.ai.ismcts import SETTLE_SWEEPS

    game, state = _Hidden(), {"moved": None, "hidden": 0.5}
    move, done = searched(game, _toy_knowledge(True), state, 0, game.legal(state, 0),
                          random.Random(1), None, 20.0)
    assert (move, done) == ("c", SETTLE_SWEEPS * len(TOY_EDGE))


def test_a_lead_is_clear_only_when_every_paired_difference_says_so() -> None:
    from engine.ai.ismcts import SETTLE_SWEEPS, _clear_lead

    sweeps = range(1, 41)
    noise = [((k * 0.6180339887) % 1 - 0.5) * 0.2 for k in sweeps]  # spread ~0.06
    steady = {"a": {k: 0.52 for k in sweeps}, "b": {k: 0.50 for k in sweeps}}
    assert _clear_lead("a", ["a", "b"], steady)
    same = {"a": {k: 0.5 for k in sweeps}, "b": {k: 0.5 for k in sweeps}}
    assert _clear_lead("a", ["a", "b"], same)  # no sample tells them apart
    few = {t: dict(list(r.items())[:SETTLE_SWEEPS - 1]) for t, r in steady.items()}
    assert not _clear_lead("a", ["a", "b"], few)
    # A 0.01 edge under a 0.06 spread: 40 sweeps are too few to call it.
    noisy = {"a": {k: 0.51 + n for k, n in zip(sweeps, noise, strict=True)}, "b": {k: 0.5 for k in sweeps}}
    assert not _clear_lead("a", ["a", "b"], noisy)
    # A 0.1 edge under the same spread is clear; a third move as good as the leader is not.
    wide = {"a": {k: 0.6 + n for k, n in zip(sweeps, noise, strict=True)}, "b": {k: 0.5 for k in sweeps}}
    assert _clear_lead("a", ["a", "b"], wide)
    tied = {**wide, "c": {k: 0.6 for k in sweeps}}
    assert not _clear_lead("a", ["a", "b", "c"], tied)
    # Only the sweeps both moves were played in count (a move may sit a deal out).
    sat_out = {"a": steady["a"], "b": {k: 0.5 for k in sweeps if k % 8 == 0}}
    assert not _clear_lead("a", ["a", "b"], sat_out)

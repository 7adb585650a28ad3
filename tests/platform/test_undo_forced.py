"""A move the platform followed with forced actions (Game.forced), issue 44: a Res Publica
seek that nobody can answer was told to nobody (« your turn goes on ») and its undo answered
« nothing of yours to take back », as if the passes the platform plays for the seats that
cannot answer were their moves. Now the seeker reads that nobody could answer, the log says
who could not give it (not « passes »), and an undo is judged on the move with the forced
actions after it (bot.service.undoing): those that reveal nothing go with the move, one
".undo" for each, so the stored history still replays to the stored state; a forced pass
tells what a hand lacks, so the seek it followed stands, with the true reason (« Chaque
joueur n'a qu'une seule tentative », Res Publica, commercial rules). Real games, a real SQLite
file, the real service and console."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.service import Service, ServiceError
from bot.service.model import SeatInfo
from bot.service.telling import How
from bot.service.undoing import latest_move
from bot.store.rows import GameRow
from bot.store.sqlite import Store
from bot.tools.console import play as console_play
from engine import registry
from engine.core import UNDO, State, copy_state, parse_options, replay
from engine.core import play as apply
from engine.i18n import translate
from engine.policy import walk
from engine.respublica.cards import variant
from engine.respublica.trade import can_deliver, parse
from tests.platform.test_telling import started
from tests.platform.toy import ToyRenderer

# --- the reproduction, in the console -------------------------------------------------------


async def console(db: Path, script: str, locale: str) -> str:
    out = io.StringIO()
    code = await console_play("res-publica", 3, [], str(db), None, locale, 7,
                              io.StringIO(script), out, ToyRenderer())
    assert code == 0
    return out.getvalue()


def after(text: str, typed: str) -> str:
    """What the console printed in answer to the line `typed`."""
    return text.split(f"> {typed}\n", 1)[1].split("\n> ", 1)[0]


@pytest.mark.parametrize(("locale", "told", "cannot"), [
    ("en", "None of the 2 other players can give carol 2 Hun cards: no deal.",
     "alice cannot give 2 Hun cards."),
    ("fr", "Aucun des 2 autres joueurs ne peut donner 2 cartes de Huns à carol : pas d'affaire.",
     "alice ne peut pas donner 2 cartes de Huns."),
])
async def test_a_seek_nobody_can_answer_is_told_and_stands_with_its_reason(
        tmp_path: Path, locale: str, told: str, cannot: str) -> None:
    """`tabula play res-publica --players 3 --seed 7`, `carol: /move Seek 2 Huns`, `carol:
    /game undo` (issue 44): neither alice nor bob holds two Huns."""
    script = "carol: /move Seek 2 Huns\ncarol: /game undo\ncarol: /move seek 1 goths\n"
    text = await console(tmp_path / "g.sqlite3", script, locale)
    seek = after(text, "carol: /move Seek 2 Huns")
    only = {"en": "(carol only)", "fr": "(pour carol seulement)"}[locale]  # the console's words
    then = {"en": "Then:", "fr": "Puis :"}[locale]  # the public lines after the move
    assert f"{only} {then} {cannot}" in seek and seek.count(told) == 1
    assert "passes" not in text and " passe." not in text
    undo = after(text, "carol: /game undo")
    revealed = {"en": "revealed something hidden", "fr": "a révélé quelque chose de caché"}
    assert undo.startswith(f"  {only} ! ") and revealed[locale] in undo, undo
    # The one attempt of the turn is spent: a second seek is refused, the game unchanged.
    again = after(text, "carol: /move seek 1 goths")
    assert again.startswith(f"  {only} ! ") and "-> alice:" not in again, again


# --- through the service: the history and its replay ------------------------------------------


def unanswerable(state: State, seat: int) -> str:
    """A seek of two cards of a kind that no other seat holds two of."""
    v = variant(state["variant"])
    for kind in v.kinds:
        p = parse(v, ["2", kind])
        if not any(can_deliver(v, state["hands"][s], p)
                   for s in range(state["players"]) if s != seat):
            return f"seek 2 {kind}"
    raise AssertionError("every kind is held twice")


@dataclass
class Opened:
    """A Res Publica game started through the service on a real SQLite file: its first seat
    asked (the seeker) and its row as it started."""

    store: Store
    service: Service
    gid: int
    seeker: SeatInfo
    row: GameRow


@asynccontextmanager
async def opened(path: Path, players: int, seed: int) -> AsyncIterator[Opened]:
    store = await Store.open(path)
    try:
        service = Service(store)
        report = await started(service, 9, "res-publica", players, seed=seed)
        row = await store.game(report.game.id)
        assert row is not None and row.state is not None
        yield Opened(store, service, report.game.id, report.to_act[0], row)
    finally:
        await store.close()


async def test_a_seek_and_the_passes_forced_after_it_stand(tmp_path: Path) -> None:
    async with opened(tmp_path / "u.sqlite3", 3, seed=7) as game:
        store, service, gid, seeker = game.store, game.service, game.gid, game.seeker
        start, version = game.row.state, game.row.version
        text = unanswerable(start, seeker.seat)
        moved = await service.act(9, seeker.user_id, text)
        history = (await store.actions(gid))[version:]
        assert [(a.text, a.user_id) for a in history] == [
            (text, seeker.user_id), ("pass", None), ("pass", None)]
        assert moved.how is How.QUIET and seeker.seat in moved.asks
        names = list(moved.game.names)
        (line,) = [translate(m, "en", names) for m in moved.private[seeker.user_id]]
        assert line.startswith("Then: ") and line.count(" cannot give ") == 2
        assert line.endswith(": no deal.") and "None of the 2 other players can give " in line
        assert "passes" not in line

        after_seek = await store.game(gid)
        with pytest.raises(ServiceError) as refused:  # the passes told what hands lack
            await service.undo(9, seeker.user_id)
        assert refused.value.msg.key == "error.undo_revealed"
        row = await store.game(gid)
        assert row is not None and after_seek is not None
        assert (row.version, row.state) == (after_seek.version, after_seek.state) != (
            version, start)
        assert await service.verify(gid)  # the stored history replays to the stored state


async def test_a_seek_someone_answered_cannot_be_taken_back(tmp_path: Path) -> None:
    """A seek a forced pass followed stands, though the holder after it has not answered
    yet (the pass told what a hand lacks); once the holder has answered, someone moved since."""
    async with opened(tmp_path / "a.sqlite3", 4, seed=5) as game:
        store, service, gid, seeker = game.store, game.service, game.gid, game.seeker
        row, state = game.row, game.row.state
        v = variant(state["variant"])
        order = [(seeker.seat + i) % 4 for i in (1, 2, 3)]
        # a card the first to answer lacks and a later one holds: forced pass, then asked
        kind = next(k for k in v.kinds if state["hands"][order[0]][k] == 0
                    and any(state["hands"][s][k] for s in order[1:]))
        report = await service.act(9, seeker.user_id, f"seek 1 {kind}")
        history = await store.actions(gid)
        forced = sum(1 for a in history[row.version:] if a.user_id is None)
        assert forced >= 1
        with pytest.raises(ServiceError) as refused:
            await service.undo(9, seeker.user_id)
        assert refused.value.msg.key == "error.undo_revealed"
        now = await store.game(gid)
        assert now is not None and now.version == row.version + 1 + forced
        holder = next(s for s in report.to_act if s.seat != seeker.seat)
        await service.act(9, holder.user_id, "pass")
        with pytest.raises(ServiceError) as refused:
            await service.undo(9, seeker.user_id)
        assert refused.value.msg.key == "error.undo_nothing"
        assert await service.verify(gid)


# --- the contract, over every game: what follows a move is taken back with it ---------------

GAMES = [
    ("res-publica", 4, ()), ("res-publica", 3, ("classic",)),
    ("seven-hills", 3, ()), ("heros", 3, ()), ("duel", 2, ("agora", "leaders")),
]


@pytest.mark.parametrize(("key", "players", "words"), GAMES,
                         ids=[f"{k}-{p}-{'+'.join(w) or 'base'}" for k, p, w in GAMES])
def test_latest_move_is_the_move_before_its_forced_actions(key, players, words) -> None:
    """At random points of random games played as the platform plays them (the forced actions
    after each move, stored without a user; some moves a bot's, also without a user): the
    latest move found is the last one chosen, the state before it is the state it was played
    from, the forced actions after it go with it, and the history with one ".undo" for each
    replays to that state. An undoable chain drew nothing and told nobody anything privately."""
    game = registry.get(key)
    options = parse_options(game, words)
    rng = random.Random(44)
    seed = 3
    state = game.setup(players, seed, options)
    history: list[tuple[int, str]] = []
    by_platform: list[bool] = []
    checked = followed = 0
    for _ in range(160):
        if game.outcome(state) is not None:
            break
        seat = rng.choice(game.asked(state))
        text = walk(game.menu(state, seat), rng)
        bot = rng.random() < 0.25
        before = copy_state(state)
        state, events = apply(game, state, seat, text)
        history.append((seat, text))
        by_platform.append(bot)
        chain = [events]
        while game.outcome(state) is None:
            found = next(((s, t) for s in game.asked(state)
                          if (t := game.forced(state, s)) is not None), None)
            if found is None:
                break
            state, step = apply(game, state, *found)
            history.append(found)
            by_platform.append(True)
            chain.append(step)
        followed += len(chain) > 1
        if rng.random() > 0.3 and len(chain) == 1:
            continue
        latest = latest_move(game, players, seed, options, history, by_platform)
        assert latest is not None
        assert (latest.seat, latest.text, latest.by_person) == (seat, text, not bot)
        assert latest.count == len(chain) and latest.before == before and latest.after == state
        if latest.undoable:
            assert latest.after["rng"] == before["rng"]
            assert all(e.to is None for step in chain for e in step)
        undone = [*history, *[(seat, UNDO)] * latest.count]
        assert replay(game, players, seed, options, undone) == before
        checked += 1
    assert checked >= 5
    if key == "res-publica":
        assert followed > 0  # the forced passes were met

"""Every command that writes, when its commit lands and the connection then fails (issue 44,
item 4), as PostgreSQL's does when the answer to a commit is lost: the command goes on as if
the write had answered (the edge then tells the change and shows it at once: the lobby post
edited, the first turn posted), never "nothing was recorded"; a commit that did not land is
still refused as nothing recorded; a store that cannot be read after the commit says so
("error.change_unknown", or `Recorded` once the change is known to be stored). Real stores
(an SQLite file and PostgreSQL), the toy game; the move path's own cases are in
test_after_commit.py. A property over the service: each of its commands that writes has its
case here."""

from __future__ import annotations

import inspect
import re
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import asyncpg
import pytest

from bot.service import Recorded, Service, ServiceError, StorageUnavailable, User
from bot.store import Storage, guarded

pytestmark = pytest.mark.backends

ANN, BOB = User(1, "ann"), User(2, "bob")
CH, GUILD = 700, 9

# The store's writes a player's command makes (each a transaction of its own).
WRITES = ("create_game", "add_seat", "remove_seat", "set_status", "start_game",
          "append_action", "set_hints", "set_guild_settings", "set_prefs", "set_timed_out")
# Service methods that write and are no player's command: the background task's round and the
# bots' moves (nobody waits for their answer), and `commit` (the step each move ends with).
NOT_COMMANDS = {"tick", "bot_moves", "bot_move", "commit"}


def cut(backend: str) -> Exception:
    """What the driver raises when the connection is cut in the middle of a call."""
    if backend == "postgres":
        return asyncpg.exceptions.ConnectionDoesNotExistError(
            "connection was closed in the middle of operation")
    return sqlite3.OperationalError("disk I/O error")


class LostAnswer:
    """The real store, whose `write` commits and then raises as a cut connection does (or,
    `lands` False, raises instead of committing); the `then` calls after it fail too (a
    database out of reach for a while), the others work (the pool opens a new connection)."""

    def __init__(self, store: Storage, write: str, backend: str, *, lands: bool = True,
                 then: int = 0) -> None:
        self.store, self.write, self.error = store, write, cut(backend)
        self.lands, self.then, self.cut = lands, then, False

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.store, name)
        if not inspect.iscoroutinefunction(found):
            return found

        async def call(*args: Any, **kwargs: Any) -> Any:
            if name == self.write and not self.cut:
                self.cut = True
                if self.lands:
                    await found(*args, **kwargs)
                raise self.error
            if self.cut and self.then > 0:
                self.then -= 1
                raise self.error
            return await found(*args, **kwargs)

        return call


async def lobby(service: Service) -> None:
    await service.create(CH, GUILD, ANN, "toy")


async def two(service: Service) -> None:
    await lobby(service)
    await service.join(CH, BOB)


async def started(service: Service) -> None:
    await two(service)
    await service.start(CH, ANN.id, seed=42)


async def first(service: Service) -> int:
    """The user id of the player asked in the started game."""
    return (await service.status(CH)).to_act[0].user_id


async def timed_out(service: Service) -> None:
    """A started game whose first player's clock ran out: the others decide."""
    await started(service)
    row = await service.store.game((await service.info(CH)).id)
    assert row is not None
    assert await service.store.set_timed_out(row.id, 0, version=row.version)


async def other(service: Service) -> int:
    info = await service.info(CH)
    return next(s.user_id for s in info.seats if s.seat != info.timed_out)


@dataclass(frozen=True)
class Case:
    """A command (`command`, the Service method it runs), its game as `prepare` leaves it, the
    store write it makes, and what the real store holds once it is done (`done`)."""

    command: str
    prepare: Callable[[Service], Awaitable[Any]]
    run: Callable[[Service], Awaitable[Any]]
    write: str
    done: Callable[[Service], Awaitable[bool]]


async def _game(service: Service) -> Any:
    return await service.store.latest_game(CH)


async def _seated(service: Service, user_id: int) -> bool:
    row = await _game(service)
    return row is not None and any(s.user_id == user_id
                                   for s in await service.store.seats(row.id))


async def _status(service: Service) -> str:
    return (await _game(service)).status


async def _version(service: Service) -> int:
    return (await _game(service)).version


async def _none(service: Service) -> None:
    return None


async def _played(service: Service, text: str) -> Any:
    return await service.act(CH, await first(service), text)


async def moved(service: Service) -> None:
    """A started game where the first player has taken a stone."""
    await started(service)
    await service.act(CH, await first(service), "take 1")


async def _undo(service: Service) -> Any:
    asked = await first(service)
    mover = next(u for u in (ANN.id, BOB.id) if u != asked)
    return await service.undo(CH, mover)


async def _decide(service: Service, choice: str) -> Any:
    info = await service.info(CH)
    return await service.decide_timeout(info.id, await other(service), choice,
                                        version=info.version)


async def _bots(service: Service) -> int:
    return sum(1 for s in (await service.info(CH)).seats if s.bot is not None)


async def _left(service: Service, user_id: int) -> bool:
    return not await _seated(service, user_id)


async def _is(found: Awaitable[Any], wanted: Any) -> bool:
    return await found == wanted


async def _then(first: Awaitable[Any], second: Awaitable[Any]) -> None:
    await first
    await second


async def _hints(service: Service) -> bool:
    return bool((await _game(service)).hints)


async def _locale(service: Service) -> str | None:
    return (await service.store.guild_settings(GUILD)).locale


async def _dm(service: Service) -> bool:
    return (await service.store.prefs(ANN.id)).dm


async def _away(service: Service) -> bool:
    return (await service.store.prefs(ANN.id)).vacation_until is not None


async def _cleared(service: Service) -> bool:
    return (await _game(service)).timed_out is None


CASES = [
    Case("create", _none, lambda s: s.create(CH, GUILD, ANN, "toy"), "create_game",
         lambda s: _seated(s, ANN.id)),
    Case("join", lobby, lambda s: s.join(CH, BOB), "add_seat", lambda s: _seated(s, BOB.id)),
    Case("leave", two, lambda s: s.leave(CH, BOB.id), "remove_seat",
         lambda s: _left(s, BOB.id)),
    Case("start", two, lambda s: s.start(CH, ANN.id, seed=42), "start_game",
         lambda s: _is(_status(s), "active")),
    Case("abandon", lobby, lambda s: s.abandon(CH, ANN.id), "set_status",
         lambda s: _is(_status(s), "abandoned")),
    Case("add_bot", lobby, lambda s: s.add_bot(CH, ANN.id, "easy"), "add_seat",
         lambda s: _is(_bots(s), 1)),
    Case("remove_bot", lambda s: _then(lobby(s), s.add_bot(CH, ANN.id, "easy")),
         lambda s: s.remove_bot(CH, ANN.id), "remove_seat", lambda s: _is(_bots(s), 0)),
    Case("set_hints", lobby, lambda s: s.set_hints(CH, ANN.id, True), "set_hints",
         lambda s: _hints(s)),
    Case("set_guild_settings", _none, lambda s: s.set_guild_settings(GUILD, locale="fr"),
         "set_guild_settings", lambda s: _is(_locale(s), "fr")),
    Case("set_prefs", _none, lambda s: s.set_prefs(ANN.id, dm=True), "set_prefs",
         lambda s: _dm(s)),
    Case("vacation", started, lambda s: s.vacation(ANN.id, 3), "set_prefs",
         lambda s: _away(s)),
    Case("play_text", started, lambda s: _played(s, "take 1"), "append_action",
         lambda s: _is(_version(s), 1)),
    Case("resign", started, lambda s: s.resign(CH, ANN.id), "append_action",
         lambda s: _is(_status(s), "finished")),
    Case("undo", moved, _undo, "append_action", lambda s: _is(_version(s), 2)),
    Case("decide_timeout", timed_out, lambda s: _decide(s, "wait"), "set_timed_out",
         lambda s: _cleared(s)),
    Case("decide_timeout", timed_out, lambda s: _decide(s, "end"), "append_action",
         lambda s: _is(_status(s), "finished")),
]


def _ids(case: Case) -> str:
    return f"{case.command}-{case.write}"


@pytest.mark.parametrize("case", CASES, ids=_ids)
async def test_a_commit_that_landed_before_the_connection_was_cut_is_the_change_made(
    service: Service, backend: str, case: Case, caplog: pytest.LogCaptureFixture,
) -> None:
    await case.prepare(service)
    real = service.store
    lost = LostAnswer(real, case.write, backend)
    service.store = guarded(lost)  # type: ignore[assignment]
    await case.run(service)  # no StorageUnavailable: the edge tells it and shows it
    assert lost.cut, f"{case.command} made no {case.write}"
    service.store = real
    assert await case.done(service)
    assert "stored all the same" in caplog.text


@pytest.mark.parametrize("case", CASES, ids=_ids)
async def test_a_commit_that_did_not_land_is_told_as_nothing_recorded(
    service: Service, backend: str, case: Case,
) -> None:
    await case.prepare(service)
    real = service.store
    lost = LostAnswer(real, case.write, backend, lands=False)
    service.store = guarded(lost)  # type: ignore[assignment]
    with pytest.raises(StorageUnavailable):
        await case.run(service)
    service.store = real
    assert not await case.done(service)


@pytest.mark.parametrize("case", [c for c in CASES if c.command in ("join", "start")],
                         ids=_ids)
async def test_a_store_that_cannot_be_read_after_the_commit_never_says_nothing_changed(
    service: Service, backend: str, case: Case,
) -> None:
    """Cut for a while: the look fails ("change_unknown", the player is asked to look before
    trying again); cut after a look that found the change: Recorded (told as recorded)."""
    await case.prepare(service)
    real = service.store
    lost = LostAnswer(real, case.write, backend, then=100)
    service.store = guarded(lost)  # type: ignore[assignment]
    with pytest.raises(ServiceError) as unknown:
        await case.run(service)
    assert unknown.value.msg.key == "error.change_unknown"
    service.store = real
    assert await case.done(service)


async def test_a_change_stored_whose_reads_fail_after_is_recorded(
    service: Service, backend: str,
) -> None:
    await two(service)
    real = service.store
    # The start's commit answers; the reads after it fail for a while.
    service.store = guarded(Answered(real, "start_game", backend))  # type: ignore[assignment]
    with pytest.raises(Recorded):
        await service.start(CH, ANN.id, seed=42)
    service.store = real
    assert await _status(service) == "active"
    # Once it answers again, the channel's repair finds the start's turn post owed.
    assert [g for g, _v, _p in await service.lost_posts()] == [(await _game(service)).id]


class Answered:
    """The real store whose calls fail once its `write` has answered (committed), until it is
    `healed` (the database answers again)."""

    def __init__(self, store: Storage, write: str, backend: str) -> None:
        self.store, self.write, self.error = store, write, cut(backend)
        self.done = self.healed = False

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.store, name)
        if not inspect.iscoroutinefunction(found):
            return found

        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.done and not self.healed:
                raise self.error
            result = await found(*args, **kwargs)
            self.done = self.done or name == self.write
            return result

        return call


def test_every_command_that_writes_has_its_case() -> None:
    """A property over the service: each public method whose own code makes one of the
    store's writes (or ends in `commit`) is a command a case above cuts."""
    writes = re.compile(r"self\.(store\.(" + "|".join(WRITES) + r")|commit)\(")
    writing = {name for name, method in inspect.getmembers(Service, inspect.iscoroutinefunction)
               if not name.startswith("_") and writes.search(inspect.getsource(method))}
    assert writing - NOT_COMMANDS == {c.command for c in CASES}

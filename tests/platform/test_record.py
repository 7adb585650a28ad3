"""Game records (bot/tools/record.py, `tabula export` / `tabula replay`) against a real SQLite file:
the round trip store -> JSON -> replay verifies; a tampered or broken record fails with a clear
sentence naming the first bad action, never a traceback; a running game is not exported unless
forced (its seed gives the hidden cards away); a record holds no Discord user id."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.cli import main
from bot.service import Service, User
from bot.store.sqlite import Store
from bot.tools import record as R
from bot.tools.selfplay import play_random_game

# Discord-like snowflakes: long enough that finding one in the JSON text cannot be chance.
ANN = User(381234567890123456, "Ann")
BOB = User(492345678901234567, "Bérénice")
CH = 603456789012345678  # a channel snowflake: a short id could turn up in a timestamp


async def _toy_game(service: Service, channel: int = CH, *, finish: bool = True,
                    seed: int = 5) -> int:
    """A toy game through the service, with a private `peek` and a first move; finished by
    taking stones in turn when `finish`."""
    await service.create(channel, 9, ANN, "toy", ["big"])
    await service.join(channel, BOB)
    report = await service.start(channel, ANN.id, seed=seed)
    first = report.to_act[0].user_id
    await service.act(channel, first, "peek")
    report = await service.act(channel, first, "take 2")
    while finish and report.outcome is None:
        report = await service.act(channel, report.to_act[0].user_id, "take 1")
    return report.game.id


async def _record_data(store: Store, game_id: int, **kw: Any) -> dict[str, Any]:
    return json.loads(R.dumps(await R.export(store, game_id, **kw)))


def _fails(data: Any, *words: str) -> R.RecordError:
    """The record fails (to load or to replay) with a message holding every word."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(R.RecordError) as caught:
        R.replay(R.loads(text))
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return caught.value


# --- the round trip ---------------------------------------------------------------------------


async def test_a_finished_game_round_trips_and_verifies(service: Service, store: Store) -> None:
    game_id = await _toy_game(service)
    row = await store.game(game_id)
    assert row is not None and row.status == "finished"

    text = R.dumps(await R.export(store, game_id))
    data = json.loads(text)
    assert data["format"] == "tabula-record" and data["version"] == 1
    assert data["game"] == "toy" and data["options"] == {"big": True} and data["seed"] == 5
    assert data["status"] == "finished" and data["final_version"] == row.version
    assert [s["seat"] for s in data["seats"]] == [0, 1]
    assert {s["name"] for s in data["seats"]} == {"Ann", "Bérénice"}
    assert [a["n"] for a in data["actions"]] == list(range(1, row.version + 1))
    assert data["actions"][0]["text"] == "peek" and data["actions"][0]["at"].endswith("Z")
    assert data["outcome"] == row.outcome
    # Shared records carry names only: no Discord user id anywhere, nor the channel's.
    for secret in (ANN.id, BOB.id, CH):
        assert str(secret) not in text
    assert "user" not in text

    result = R.replay(R.loads(text))
    assert result.state == row.state
    assert result.moves == row.version and result.platform == 0
    assert result.outcome is not None and result.outcome.to_json() == row.outcome
    assert await service.verify(game_id)
    lines = R.summary(result)
    assert lines[0].startswith("game: ") and "toy" in lines[0]
    assert "Ann" in lines[1] and "Bérénice" in lines[1]
    assert lines[-1].startswith("verified")


async def test_the_record_survives_a_restart(db_path: Path, toy_game: str) -> None:
    """Export reads only what is persisted: a new process (a new Store) exports the same."""
    store = await Store.open(db_path)
    try:
        game_id = await _toy_game(Service(store))
        before = R.dumps(await R.export(store, game_id))
    finally:
        await store.close()
    store = await Store.open(db_path)
    try:
        assert R.dumps(await R.export(store, game_id)) == before
    finally:
        await store.close()


async def test_a_running_game_is_refused_unless_forced(service: Service, store: Store) -> None:
    game_id = await _toy_game(service, finish=False)
    with pytest.raises(R.RecordError) as caught:
        await R.export(store, game_id)
    message = str(caught.value)
    assert "still running" in message and "seed" in message and "--force" in message

    data = await _record_data(store, game_id, force=True)
    assert data["status"] == "active" and data["outcome"] is None
    result = R.replay(R.validate(data))
    assert result.outcome is None and result.moves == 2
    assert "none, the game is active" in "\n".join(R.summary(result))


async def test_games_that_cannot_be_recorded(service: Service, store: Store) -> None:
    with pytest.raises(R.RecordError, match="no game #99"):
        await R.export(store, 99)
    info = await service.create(CH, 9, ANN, "toy")
    with pytest.raises(R.RecordError, match="never started"):
        await R.export(store, info.id)


async def test_a_resigned_game_verifies(service: Service, store: Store) -> None:
    game_id = await _toy_game(service, finish=False)
    await service.resign(CH, ANN.id)
    data = await _record_data(store, game_id)
    assert data["actions"][-1]["text"] == ".resign"
    result = R.replay(R.validate(data))
    assert result.platform == 1 and result.moves == 2
    assert result.outcome is not None and result.outcome.reason.key == "outcome.resigned"

    resigner = data["actions"][-1]["seat"]
    data["outcome"]["winners"] = [resigner]
    _fails(data, f"action {len(data['actions'])}", "player who lost by it a winner")


async def test_a_game_ended_by_a_run_out_clock_verifies(store: Store, toy_game: str) -> None:
    """The other player ended the game when the clock ran out (`.timeout`): its seat lost."""
    now = [1_800_000_000.0]
    service = Service(store, clock=lambda: now[0])
    await service.create(CH, 9, ANN, "toy", pace="1d+1h/2d")
    await service.join(CH, BOB)
    report = await service.start(CH, ANN.id, seed=5)
    absent = report.to_act[0]
    now[0] += 2 * 86400
    await service.tick()
    other = next(s for s in report.game.seats if s.user_id != absent.user_id)
    await service.decide_timeout(report.game.id, other.user_id, "end")
    data = await _record_data(store, report.game.id)
    assert data["actions"][-1]["text"] == ".timeout"
    result = R.replay(R.validate(data))
    assert result.outcome is not None and result.outcome.reason.key == "outcome.timeout"
    data["outcome"]["winners"] = [absent.seat]
    _fails(data, "a winner")


async def test_an_undone_move_is_taken_back_by_the_replay(
    service: Service, store: Store,
) -> None:
    """`.undo` cancels the latest move still in effect (as engine.core.effective_actions)."""
    game_id = await _toy_game(service)
    data = await _record_data(store, game_id)
    played = [(a["seat"], a["text"]) for a in data["actions"]]
    actions = data["actions"]
    seat = actions[1]["seat"]  # who peeked, then took 2: now takes 1 first and undoes it
    actions[1:1] = [{"seat": seat, "text": "take 1", "at": actions[1]["at"]},
                    {"seat": seat, "text": ".undo", "at": actions[1]["at"]}]
    for n, action in enumerate(actions, 1):
        action["n"] = n
    data["final_version"] = len(actions)
    result = R.replay(R.validate(data))
    assert result.line == played
    assert result.moves == len(played) + 1 and result.platform == 1


# --- tampered and broken records --------------------------------------------------------------


async def test_tampered_records_name_what_fails(service: Service, store: Store) -> None:
    game_id = await _toy_game(service)
    good = await _record_data(store, game_id)

    data = json.loads(json.dumps(good))
    data["actions"][2]["text"] = "take 7"
    error = _fails(data, "action 3", "take 7", "not legal")
    assert isinstance(error, R.ReplayError) and error.n == 3

    data = json.loads(json.dumps(good))
    data["actions"][2]["seat"] = 1 - data["actions"][2]["seat"]
    _fails(data, "action 3", "not your turn")

    data = json.loads(json.dumps(good))
    data["seed"] += 1  # the toy's secrets change: the moves replay, the end state does not
    _fails(data, "final state differs", "state_sha256")

    data = json.loads(json.dumps(good))
    data["outcome"]["winners"] = [1 - data["outcome"]["winners"][0]]
    _fails(data, "ends differently")

    data = json.loads(json.dumps(good))
    data["actions"].pop()
    data["final_version"] -= 1
    _fails(data, "still running", "record says it ended")

    data = json.loads(json.dumps(good))
    data["actions"].append({**data["actions"][-1], "n": len(data["actions"]) + 1})
    data["final_version"] += 1
    _fails(data, f"action {len(data['actions'])}", "after the game ended")


def test_broken_records_are_clear_errors(toy_game: str) -> None:
    base = {
        "format": "tabula-record", "version": 1, "game": "toy", "options": {}, "seed": 1,
        "locale": "en", "status": "active", "seats": [{"seat": 0, "name": "a"},
                                                       {"seat": 1, "name": "b"}],
        "actions": [], "outcome": None, "final_version": 0, "state_sha256": "0" * 64,
    }
    _fails({**base, "format": "chess-pgn"}, "not a Tabula game record", "chess-pgn")
    _fails({**base, "version": 2}, "version 2", "reads version 1")
    _fails({**base, "game": "chess"}, "unknown game 'chess'", "toy")
    _fails({**base, "seed": "x"}, "'seed' must be an integer")
    _fails({**base, "status": "won"}, "'status'")
    _fails({**base, "seats": [{"seat": 0, "name": "a"}, {"seat": 5, "name": "b"}]}, "bad seat 5")
    _fails({**base, "seats": [{"seat": 0, "name": "a"}, {"seat": 0, "name": "b"}]}, "twice")
    _fails({**base, "seats": [{"seat": 0, "name": "a"}]}, "2 to 3 players")
    _fails({**base, "actions": [{"n": 1, "seat": 4, "text": "take 1", "at": "2026-01-01T00:00Z"}],
            "final_version": 1}, "action 1", "bad seat 4")
    _fails({**base, "actions": [{"n": 1, "seat": 0, "text": "take 1", "at": "yesterday"}],
            "final_version": 1}, "action 1", "ISO 8601")
    _fails({**base, "final_version": 3}, "'final_version' is 3")
    _fails({**base, "outcome": {"winners": [0], "scores": None,
                                "reason": {"k": "x", "p": {}}}}, "finished game")
    _fails({**base, "outcome": "yes", "status": "finished"}, "not a game outcome")
    _fails([1, 2], "not a Tabula game record")
    _fails("{\"format\": \"tabula-record\", \"vers", "not valid JSON", "cut short")
    _fails("", "not valid JSON")
    _fails(json.dumps(base), "final state differs")  # right shape, wrong checksum


def test_unreadable_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(R.RecordError, match="no such file"):
        R.load(tmp_path / "missing.json")
    binary = tmp_path / "board.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(R.RecordError, match="not a text file"):
        R.load(binary)


# --- a real game ------------------------------------------------------------------------------


async def test_a_random_duel_game_round_trips(store: Store) -> None:
    service = Service(store)  # rules and storage only: no pictures needed
    report, actions = await play_random_game(service, 31, "duel", 2, [], seed=7)
    data = await _record_data(store, report.game.id)
    assert len(data["actions"]) == actions and data["game"] == "duel"
    result = R.replay(R.validate(data))
    row = await store.game(report.game.id)
    assert row is not None and result.state == row.state

    data["seed"] += 1  # another deal: the wonders drafted first are not on offer any more
    error = _fails(data, "action ", "not legal")
    assert isinstance(error, R.ReplayError) and error.n >= 1
    assert f"action {error.n} " in str(error)


# --- the command line -------------------------------------------------------------------------


async def _cli_db(db_path: Path) -> tuple[int, int]:
    """A finished Duel game and a running toy game in a real file; their ids."""
    store = await Store.open(db_path)
    try:
        report, _ = await play_random_game(Service(store), 41, "duel", 2, [], seed=3)
        running = await _toy_game(Service(store), channel=42, finish=False)
    finally:
        await store.close()
    return report.game.id, running


def test_cli_export_and_replay(capsys, db_path: Path, tmp_path: Path, toy_game: str) -> None:
    duel, running = asyncio.run(_cli_db(db_path))

    assert main(["export", "--db", str(db_path), "--game", str(duel)]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["game"] == "duel"
    path = tmp_path / "record.json"
    path.write_text(out, encoding="utf-8")

    board = tmp_path / "final.png"
    assert main(["replay", str(path), "--board", str(board), "--lang", "fr"]) == 0
    captured = capsys.readouterr()
    assert "verified" in captured.out and "7 Wonders Duel" in captured.out
    assert "players: 1. p" in captured.out and "outcome: " in captured.out
    with Image.open(board) as img:
        assert img.format == "PNG" and img.width > 500

    data = json.loads(out)
    data["actions"][4]["text"] = "construct nothing"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "replay failed" in err and "action 5" in err and "Traceback" not in err

    bad.write_text(out[: len(out) // 2], encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    assert "not valid JSON" in capsys.readouterr().err

    assert main(["replay", str(path), "--animation", str(tmp_path / "a.mp4")]) == 1
    assert ".gif" in capsys.readouterr().err


def test_cli_export_refusals(capsys, db_path: Path, tmp_path: Path, toy_game: str) -> None:
    _, running = asyncio.run(_cli_db(db_path))

    assert main(["export", "--db", str(db_path), "--game", str(running)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "still running" in captured.err and "--force" in captured.err

    assert main(["export", "--db", str(db_path), "--game", str(running), "--force"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["status"] == "active"
    assert "Do not share it" in captured.err
    path = tmp_path / "running.json"
    path.write_text(captured.out, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "verified" in capsys.readouterr().out

    assert main(["export", "--db", str(db_path), "--game", "999"]) == 1
    assert "no game #999" in capsys.readouterr().err
    assert main(["export", "--db", str(tmp_path / "none.sqlite3"), "--game", "1"]) == 1
    assert "no database file" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    assert main(["export", "--db", str(junk), "--game", "1"]) == 1
    assert "not a Tabula database" in capsys.readouterr().err

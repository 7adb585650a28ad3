"""Game records: a finished game as one plain JSON file, to share, archive and re-simulate.

`tabula export --db PATH --game ID > record.json` writes one; `tabula replay record.json`
re-plays it from its seed with the rules of this Tabula, checks every action is legal in turn,
that the game ends as the record says, and that the final state is the one the bot stored.

A record (format "tabula-record", version 1):

    {"format": "tabula-record", "version": 1,
     "game": "res-publica", "game_id": 12, "options": {...}, "seed": 123, "locale": "en",
     "status": "finished", "created_at": ISO, "updated_at": ISO,
     "seats": [{"seat": 0, "name": "Alice"}, ...],
     "actions": [{"n": 1, "seat": 0, "text": "lay huns", "at": ISO}, ...],
     "outcome": engine.Outcome JSON or null, "final_version": 645, "state_sha256": hex}

and `"hints": true` after the options when the game was played with hints for learners (its
creator's choice, bot/service/hints.py; such a game is not rated); absent otherwise.

Privacy: a record is meant to be shared, so it names players by their display name only and
never holds a Discord user id (neither the seats' nor the actors' of the action rows), nor a
channel or guild id. And the seed of a game decides every hidden card: the record of a game
still running would let anyone reading it work out the deck order and the other hands. Export
therefore refuses a running game unless forced (an admin's debugging copy, not to be shared).

Platform actions (texts starting with ".", e.g. `.resign`) are kept in the record and skipped by
the replay, which leaves the game's state alone for them (a player who left for a bot, `.quit`
or `.bot`, then ranks last in the outcome the rules give at the end), except:
- `.undo` cancels the latest engine action still in effect (engine.core.effective_actions);
- a platform action may end the game (`.resign`, a clock run out): when the last action is one
  and the rules see no end, the recorded outcome is the platform's and stands (a resigning
  seat cannot be among its winners). Nothing may follow an end.

Every problem is a RecordError with a sentence for an admin (English, like the rest of the
command line); a failing replay is a ReplayError naming the first action that fails.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from engine import Game, IllegalAction, Outcome, play
from engine.core import UNDO, State, leavers, ranked_last
from engine.i18n import LOCALES, action_label, translate
from engine.registry import get as get_game
from engine.registry import keys as game_keys

if TYPE_CHECKING:
    from bot.store import Storage

FORMAT = "tabula-record"
VERSION = 1
STATUSES = ("active", "finished", "abandoned")
# Platform actions that end a game with their seat losing: a resignation, a clock run out and
# the others' choice to end the game (bot.service.Service.decide_timeout).
ENDINGS = (".resign", ".timeout")


class RecordError(Exception):
    """A record that cannot be made, read or trusted; the message says why, for a person."""


class ReplayError(RecordError):
    """The replay disagrees with the record; `n` is the first failing action (0: the end)."""

    def __init__(self, message: str, n: int = 0) -> None:
        super().__init__(message)
        self.n = n


@dataclass(frozen=True)
class RecordAction:
    n: int  # the version this action led to (1 for the first action)
    seat: int
    text: str
    at: str  # ISO 8601 time, UTC

    @property
    def platform(self) -> bool:
        return self.text.startswith(".")


@dataclass(frozen=True)
class Record:
    game: str
    game_id: int | None
    options: dict[str, Any]
    seed: int
    locale: str
    status: str
    names: tuple[str, ...]  # display names by seat number
    actions: tuple[RecordAction, ...]
    outcome: dict[str, Any] | None
    final_version: int
    state_sha256: str
    created_at: str | None = None
    updated_at: str | None = None
    hints: bool = False  # played with hints for learners (not rated)

    @property
    def players(self) -> int:
        return len(self.names)

    def to_json(self) -> dict[str, Any]:
        # No user ids here, on purpose: see the module docstring.
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "game_id": self.game_id,
            "options": self.options,
            **({"hints": True} if self.hints else {}),
            "seed": self.seed,
            "locale": self.locale,
            "status": self.status,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "seats": [{"seat": i, "name": name} for i, name in enumerate(self.names)],
            "actions": [
                {"n": a.n, "seat": a.seat, "text": a.text, "at": a.at} for a in self.actions
            ],
            "outcome": self.outcome,
            "final_version": self.final_version,
            "state_sha256": self.state_sha256,
        }


def iso(at: float) -> str:
    """An epoch time as ISO 8601 UTC, to the millisecond: 2026-11-21T07:57:10.123Z."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace(
        "+00:00", "Z"
    )


def state_digest(state: State) -> str:
    """The SHA-256 of a state's canonical JSON: the record's check of the final state (the seed
    and the actions are in the record anyway, so it reveals nothing)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- from the store ---------------------------------------------------------------------------


async def export(store: Storage, game_id: int, *, force: bool = False) -> Record:
    """The record of a stored game, through the store's public read methods.

    Refuses a game that has not started (no seed, nothing to replay) and, unless `force`, a game
    still running (its seed gives away the hidden cards)."""
    row = await store.game(game_id)
    if row is None:
        raise RecordError(f"there is no game #{game_id} in this database")
    if row.status == "lobby" or row.seed is None or row.state is None:
        raise RecordError(f"game #{game_id} never started: there is nothing to record")
    if row.status == "active" and not force:
        raise RecordError(
            f"game #{game_id} is still running: a record holds the seed, from which anyone "
            "reading it could work out the hidden cards (the deck order, the other players' "
            "hands). Export it once the game is over, or pass --force for an admin's debugging "
            "copy that must not be shared."
        )
    seats = [s for s in await store.seats(game_id) if s.seat is not None]
    actions = await store.actions(game_id)
    return Record(
        game=row.game_key,
        game_id=row.id,
        options=dict(row.options),
        seed=row.seed,
        locale=row.locale,
        status=row.status,
        names=tuple(s.name for s in sorted(seats, key=lambda s: s.seat or 0)),
        actions=tuple(RecordAction(a.n, a.seat, a.text, iso(a.at)) for a in actions),
        outcome=row.outcome,
        final_version=row.version,
        state_sha256=state_digest(row.state),
        created_at=iso(row.created_at),
        updated_at=iso(row.updated_at),
        hints=row.hints,
    )


def dumps(record: Record) -> str:
    """The record as JSON text: one key a line and one action a line (readable, diffable).
    ASCII only, so the file is the same whatever the terminal's encoding when redirected."""
    data = record.to_json()
    actions = data.pop("actions")
    lines = [f" {json.dumps(key)}: {json.dumps(value)}," for key, value in data.items()]
    if not actions:
        return "{\n" + "\n".join(lines) + '\n "actions": []\n}\n'
    body = ",\n".join("  " + json.dumps(a) for a in actions)
    return "{\n" + "\n".join(lines) + '\n "actions": [\n' + body + "\n ]\n}\n"


# --- reading and validating -------------------------------------------------------------------


def loads(text: str) -> Record:
    """Parse and validate a record's JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"this is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
            "was the file cut short?"
        ) from None
    return validate(data)


def load(path: str | Path) -> Record:
    """Read, parse and validate a record file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"no such file: {path}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file (a record is UTF-8 JSON)") from None
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    return loads(text)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _time(value: Any) -> bool:
    if value is None:
        return True
    if not isinstance(value, str):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def validate(data: Any) -> Record:
    """A Record from loaded JSON, or a RecordError saying what is wrong with it."""
    if not isinstance(data, dict):
        raise RecordError("this is not a Tabula game record (a JSON object was expected)")
    if data.get("format") != FORMAT:
        raise RecordError(
            f"this is not a Tabula game record (format {data.get('format')!r}, "
            f"expected {FORMAT!r})"
        )
    version = data.get("version")
    if version != VERSION or not _int(version):
        raise RecordError(
            f"record version {version!r} is not supported: this Tabula reads version {VERSION}"
        )
    key = data.get("game")
    try:
        game = get_game(key) if isinstance(key, str) else None
    except IllegalAction:
        game = None
    if game is None:
        raise RecordError(f"unknown game {key!r} (this Tabula has: {', '.join(game_keys())})")

    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be a JSON object")
    hints = data.get("hints", False)
    if not isinstance(hints, bool):
        raise RecordError("'hints' must be true or false")
    seed = data.get("seed")
    if not _int(seed):
        raise RecordError(f"'seed' must be an integer, not {seed!r}")
    locale = data.get("locale", "en")
    if not isinstance(locale, str):
        raise RecordError("'locale' must be a string such as \"en\"")
    status = data.get("status")
    if status not in STATUSES:
        raise RecordError(f"'status' must be one of {', '.join(STATUSES)}, not {status!r}")
    game_id = data.get("game_id")
    if game_id is not None and not _int(game_id):
        raise RecordError("'game_id' must be an integer or null")
    for name in ("created_at", "updated_at"):
        if not _time(data.get(name)):
            raise RecordError(f"'{name}' must be an ISO 8601 time")

    names = _seats(data.get("seats"), game)
    actions = _actions(data.get("actions"), len(names))

    outcome = data.get("outcome")
    if outcome is not None:
        try:
            parsed = Outcome.from_json(outcome)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RecordError("'outcome' is not a game outcome") from None
        if any(not _int(w) or not 0 <= w < len(names) for w in parsed.winners):
            raise RecordError(f"'outcome' names a winner who has no seat: {list(parsed.winners)}")
    if (outcome is not None) != (status == "finished"):
        raise RecordError(
            "a finished game has an outcome and only a finished game has one "
            f"(status {status!r}, outcome {'given' if outcome is not None else 'missing'})"
        )
    final = data.get("final_version")
    last = actions[-1].n if actions else 0
    if not _int(final) or final != last:
        raise RecordError(
            f"'final_version' is {final!r} but the last action is number {last}"
        )
    digest = data.get("state_sha256")
    if not isinstance(digest, str) or len(digest) != 64:
        raise RecordError("'state_sha256' must be the 64 hex digits of the final state's SHA-256")

    return Record(
        game=game.key, game_id=game_id, options=options, seed=seed, locale=locale,
        status=status, names=names, actions=actions, outcome=outcome, final_version=final,
        state_sha256=digest.lower(), created_at=data.get("created_at"),
        updated_at=data.get("updated_at"), hints=hints,
    )


def _seats(seats: Any, game: Game) -> tuple[str, ...]:
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise RecordError("'seats' must be a list of {\"seat\": n, \"name\": ...}")
    by_seat: dict[int, str] = {}
    for s in seats:
        seat, name = s.get("seat"), s.get("name")
        if not _int(seat) or not 0 <= seat < len(seats):
            raise RecordError(
                f"bad seat {seat!r}: seats are numbered 0 to {len(seats) - 1} for "
                f"{len(seats)} players"
            )
        if seat in by_seat:
            raise RecordError(f"seat {seat} is listed twice")
        if not isinstance(name, str):
            raise RecordError(f"seat {seat} has no name")
        by_seat[seat] = name
    if not game.min_players <= len(by_seat) <= game.max_players:
        raise RecordError(
            f"{game.key} is for {game.min_players} to {game.max_players} players, "
            f"the record has {len(by_seat)}"
        )
    return tuple(by_seat[i] for i in range(len(by_seat)))


def _actions(actions: Any, players: int) -> tuple[RecordAction, ...]:
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list")
    out: list[RecordAction] = []
    previous = 0
    for i, a in enumerate(actions, 1):
        if not isinstance(a, dict):
            raise RecordError(f"action #{i} is not a JSON object")
        n, seat, text, at = a.get("n", previous + 1), a.get("seat"), a.get("text"), a.get("at")
        if not _int(n) or n <= previous:
            raise RecordError(f"action #{i}: its number {n!r} does not follow {previous}")
        if not _int(seat) or not 0 <= seat < players:
            raise RecordError(
                f"action {n}: bad seat {seat!r} (seats are 0 to {players - 1})"
            )
        if not isinstance(text, str) or not text.strip():
            raise RecordError(f"action {n}: 'text' must be a non-empty string")
        if at is None or not _time(at):
            raise RecordError(f"action {n}: 'at' must be an ISO 8601 time")
        out.append(RecordAction(n, seat, text, at))
        previous = n
    return tuple(out)


# --- replaying --------------------------------------------------------------------------------


@dataclass
class Replayed:
    """A verified record: its final state, and the engine actions in effect (undos applied)."""

    record: Record
    state: State
    outcome: Outcome | None
    line: list[tuple[int, str]] = field(default_factory=list)  # (seat, text) leading to `state`
    moves: int = 0  # engine actions replayed (undone ones included)
    platform: int = 0  # platform actions (".resign"...)
    seconds: float = 0.0


def _describe(record: Record, action: RecordAction) -> str:
    who = record.names[action.seat] if 0 <= action.seat < record.players else "?"
    return f"action {action.n} (seat {action.seat} {who}: `{action.text}`)"


def replay(record: Record) -> Replayed:
    """Re-simulate the record with the rules of this Tabula and check it all; ReplayError names
    the first action that fails, or the end that differs."""
    started = time.perf_counter()
    game = get_game(record.game)
    try:
        state = game.setup(record.players, record.seed, record.options)
    except Exception as exc:  # noqa: BLE001 - options a game cannot set up with
        raise ReplayError(f"the game cannot be set up from the record: {exc!r}") from None
    first = state
    # (seat, text, state after) of the engine actions in effect: an undo pops the latest.
    kept: list[tuple[int, str, State]] = []
    result = Replayed(record, state, None)
    resigned: RecordAction | None = None
    for action in record.actions:
        if resigned is not None or game.outcome(state) is not None:
            why = f"{resigned.text} at action {resigned.n}" if resigned else "by the rules"
            raise ReplayError(
                f"{_describe(record, action)} comes after the game ended ({why})", action.n,
            )
        if action.platform:
            result.platform += 1
            if action.text == UNDO:  # as engine.core.effective_actions: cancel the latest move
                if kept:
                    kept.pop()
                state = kept[-1][2] if kept else first
            elif action.text in ENDINGS:
                resigned = action
            continue  # any other platform action leaves the game's state alone
        try:
            state, _ = play(game, state, action.seat, action.text)
        except IllegalAction as exc:
            raise ReplayError(
                f"{_describe(record, action)} is not legal at that point: "
                f"{translate(exc.msg, 'en', record.names)}", action.n,
            ) from None
        except Exception as exc:  # noqa: BLE001 - a game's apply choking on garbage text
            raise ReplayError(
                f"{_describe(record, action)} made the rules fail: {exc!r}", action.n,
            ) from None
        result.moves += 1
        kept.append((action.seat, action.text, state))

    outcome = game.outcome(state)
    if outcome is not None:  # players who left for a bot (".quit", ".bot") rank last
        gone = leavers((a.seat, a.text) for a in record.actions)
        outcome = ranked_last(outcome, gone, record.players)
    _check_end(record, outcome)
    if state_digest(state) != record.state_sha256:
        raise ReplayError(
            "every action replays, but the final state differs from the one recorded "
            "(state_sha256): the record was altered (its seed?) or comes from other rules"
        )
    result.state = state
    result.outcome = Outcome.from_json(record.outcome) if record.outcome else None
    result.line = [(seat, text) for seat, text, _ in kept]
    result.seconds = time.perf_counter() - started
    return result


def _check_end(record: Record, outcome: Outcome | None) -> None:
    stated = record.outcome
    replayed = _outcome_json(outcome)
    if replayed == stated:
        return
    last = record.actions[-1] if record.actions else None
    if outcome is None and stated is not None and last is not None and last.platform:
        # The platform ended the game (a resignation, a clock run out): its outcome stands,
        # but a player who resigned cannot be among the winners.
        if last.text in ENDINGS and last.seat in stated.get("winners", []):
            raise ReplayError(
                f"{_describe(record, last)} ends the game, but the recorded outcome makes the "
                "player who lost by it a winner", last.n,
            )
        return
    if outcome is None:
        raise ReplayError(
            "after every action the game is still running, but the record says it ended: "
            + _outcome_text(record, stated)
        )
    if stated is None:
        raise ReplayError(
            f"the replayed game ends ({_outcome_text(record, replayed)}) but the record says "
            f"it is {record.status}"
        )
    raise ReplayError(
        f"the replayed game ends differently: {_outcome_text(record, replayed)}; "
        f"the record says: {_outcome_text(record, stated)}"
    )


def _outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    # Through JSON text, so tuples and lists compare equal, as the stored outcome was.
    return json.loads(json.dumps(outcome.to_json())) if outcome is not None else None


def _outcome_text(record: Record, outcome: Mapping[str, Any] | None, locale: str = "en") -> str:
    if outcome is None:
        return "no outcome"
    parsed = Outcome.from_json(outcome)
    text = translate(parsed.reason, locale, record.names)
    if parsed.scores is not None:
        text += " (scores " + ", ".join(map(str, parsed.scores)) + ")"
    return text


def summary(result: Replayed, locale: str | None = None) -> list[str]:
    """A few lines saying what was verified, for the command line."""
    record = result.record
    locale = locale or record.locale
    game = get_game(record.game)
    options = ", ".join(
        k if v is True else f"{k}={v}" for k, v in sorted(record.options.items()) if v
    )
    players = ", ".join(f"{i + 1}. {name}" for i, name in enumerate(record.names))
    number = f" #{record.game_id}" if record.game_id is not None else ""
    lines = [
        f"game: {translate(game.name(), locale)} ({record.game}){number}, seed {record.seed}"
        + (f", options: {options}" if options else ""),
        f"players: {players}",
        f"actions: {len(record.actions)} ({result.moves} moves, {result.platform} platform), "
        f"final version {record.final_version}",
    ]
    if result.outcome is not None:
        lines.append("outcome: " + _outcome_text(record, record.outcome, locale))
    else:
        lines.append(f"outcome: none, the game is {record.status}")
    if result.line:
        seat, text = result.line[-1]
        label = action_label(record.game, text, locale, record.names)
        lines.append(f"last move: {record.names[seat]}: {label}")
    lines.append(
        "verified: every action is legal in turn, the end matches the record and the final "
        f"state matches its checksum ({result.seconds:.2f} s)"
    )
    return lines



# --- the command line: `tabula export` and `tabula replay` ------------------------------------


async def export_command(
    db: str, game_id: int, *, force: bool = False, out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """`tabula export --db PATH --game ID [--force]`: the record on `out`, 0; or 1 and why."""
    from bot.store import StoreError, is_url, open_store

    out, err = out or sys.stdout, err or sys.stderr
    if is_url(db):  # PostgreSQL
        try:
            store = await open_store(db)
        except StoreError as exc:
            print(f"tabula: {exc}", file=err)
            return 1
        return await _export_from(store, game_id, force, out, err)
    if not Path(db).is_file():
        print(f"tabula: no database file at {db}", file=err)
        return 1
    with open(db, "rb") as file:
        header = file.read(16)
    if header != b"SQLite format 3\x00":  # not even SQLite: do not let the store try
        print(f"tabula: {db} is not a Tabula database (not an SQLite file)", file=err)
        return 1
    try:
        store = await open_store(db)
    except sqlite3.DatabaseError as exc:
        print(f"tabula: {db} is not a Tabula database ({exc})", file=err)
        return 1
    return await _export_from(store, game_id, force, out, err)


async def _export_from(store: Storage, game_id: int, force: bool, out: TextIO,
                       err: TextIO) -> int:
    try:
        record = await export(store, game_id, force=force)
    except RecordError as exc:
        print(f"tabula: {exc}", file=err)
        return 1
    finally:
        await store.close()
    if record.status == "active":
        print(
            f"tabula: warning: game #{game_id} is still running; this record reveals its hidden "
            "cards to whoever reads it. Do not share it.", file=err,
        )
    out.write(dumps(record))
    return 0


ANIMATION_FORMATS = {".png": "png", ".apng": "png", ".gif": "gif"}


def replay_command(
    path: Path, *, board: Path | None = None, animation: Path | None = None,
    lang: str | None = None, out: TextIO | None = None, err: TextIO | None = None,
) -> int:
    """`tabula replay RECORD.json [--board OUT.png] [--animation OUT.png|OUT.gif] [--lang fr]`:
    a verification summary and 0, or the first problem and 1."""
    out, err = out or sys.stdout, err or sys.stderr
    fmt = None
    if animation is not None:
        fmt = ANIMATION_FORMATS.get(animation.suffix.lower())
        if fmt is None:
            print(f"tabula: an animation is written as .png (APNG) or .gif, not {animation.name}",
                  file=err)
            return 1
    try:
        record = load(path)
        result = replay(record)
    except RecordError as exc:
        print(f"tabula: {path}: replay failed: {exc}", file=err)
        return 1
    locale = lang or (record.locale if record.locale in LOCALES else "en")
    for line in summary(result, locale):
        print(line, file=out)
    try:
        if board is not None:
            import render

            game = get_game(record.game)
            png = render.board_png(record.game, game.view(result.state, None), record.names,
                                   locale)
            board.write_bytes(png)
            print(f"board: {board} ({len(png) // 1024} KB)", file=out)
        if animation is not None and fmt is not None:
            from render.animate import animation as animate

            data = animate(record.game, record.players, record.seed, record.options,
                           result.line, record.names, locale, fmt)
            animation.write_bytes(data)
            print(f"animation: {animation} ({len(data) // 1024} KB)", file=out)
    except OSError as exc:
        print(f"tabula: cannot write {exc.filename}: {exc.strerror}", file=err)
        return 1
    return 0

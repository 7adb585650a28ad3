"""`tabula play`: a local console standing in for a Discord channel.

Each line is typed as a named seat would type a command in the channel:

    alice: /move seek 1 huns
    bob: /game hand
    carol: /move            (lists carol's choices)

It runs the same Service, Store and renderer as the bot, prints what the channel would show
(and, marked as such, what only one player would see), and writes the images to --out.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from bot import menu
from bot.service import (
    GameInfo,
    PillowRenderer,
    Renderer,
    Report,
    Service,
    ServiceError,
    User,
)
from bot.store import Store
from engine import Msg
from engine.i18n import action_label, translate

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
CHANNEL = 1

HELP = """Commands, each typed as `<name>: <command>`:
  /move <action>        play an action (canonical text)
  /move [start]         list what you can do now (or what can follow that start)
  /game hand            your hand (private), written as an image too
  /game status | board | log [page] | rules | undo | resign | abandon
Other lines: `help`, `quit`. Players: {names}."""


def parse_page(word: str) -> int:
    """A page number as typed: ASCII digits, at least 1 (pages past the last show the last)."""
    word = word.strip()
    if not (word.isascii() and word.isdigit()) or len(word) > 9 or int(word) < 1:
        raise ServiceError("error.bad_page", page=word[:20])
    return int(word)


class Console:
    def __init__(
        self, service: Service, names: Sequence[str], out: Path | None, locale: str,
        stdout: TextIO = sys.stdout,
    ) -> None:
        self.service = service
        self.users = {name: User(i + 1, name) for i, name in enumerate(names)}
        self.out = out
        self.locale = locale
        self.stdout = stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def t(self, msg: Msg, info: GameInfo | None = None) -> str:
        return translate(msg, self.locale, info.names if info else ())

    async def open_game(self, game_key: str, options: Sequence[str], seed: int | None) -> None:
        first, *others = self.users.values()
        await self.service.create(CHANNEL, None, first, game_key, options, locale=self.locale)
        for user in others:
            await self.service.join(CHANNEL, user)
        self.show(await self.service.start(CHANNEL, first.id, seed=seed))

    def write(self, name: str, png: bytes | None) -> None:
        if png is None or self.out is None:
            return
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / name
        path.write_bytes(png)
        self.say(f"  [image: {path}]")

    def show(self, report: Report, actor: User | None = None) -> None:
        info = report.game
        for line in report.public:
            self.say(self.t(line, info))
        for user_id, lines in report.private.items():
            who = next(u for u in self.users.values() if u.id == user_id)
            if actor is not None and who.id != actor.id:
                continue  # in Discord only the acting player's own lines can be shown to them
            for line in lines:
                self.say(f"  ({who.name} only) {self.t(line, info)}")
        self.write(f"turn-{info.id}-{info.version:04d}.png", report.image)
        if report.outcome is not None:
            out = report.outcome
            for detail in out.details:
                self.say("  " + self.t(detail, info))
            winners = ", ".join(info.names[s] for s in out.winners)
            self.say(self.t(Msg("console.winners", {"winners": winners, "n": len(out.winners)}), info))
            return
        for seat in report.to_act:
            ask = report.asks.get(seat.seat) if seat.seat is not None else None
            asked = f": {self.t(ask, info)}" if ask else ""
            self.say(f"-> {seat.name}{asked}")

    async def line(self, raw: str) -> bool:
        """Handles one typed line; False to stop."""
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            return True
        if raw in ("quit", "exit"):
            return False
        if raw == "help":
            self.say(HELP.format(names=", ".join(self.users)))
            return True
        name, sep, command = raw.partition(":")
        user = self.users.get(name.strip().lower())
        if not sep or user is None:
            self.say(f"? type `<name>: <command>` with a name among {', '.join(self.users)}")
            return True
        try:
            await self.command(user, command.strip())
        except ServiceError as exc:
            info = await self._info()
            self.say(f"  ({user.name} only) ! {self.t(exc.msg, info)}")
        return True

    async def _info(self) -> GameInfo | None:
        try:
            return await self.service.info(CHANNEL, live=False)
        except ServiceError:
            return None

    async def command(self, user: User, command: str) -> None:
        words = shlex.split(command) if command.count('"') % 2 == 0 else command.split()
        if words[:1] == ["/move"]:
            text = " ".join(words[1:])
            if text.endswith("...") or not text:
                await self.choices(user, text.removesuffix("..."))
            elif text in await self.service.choices(CHANNEL, user.id) or not await self._is_prefix(
                user, text
            ):
                self.show(await self.service.act(CHANNEL, user.id, text), actor=user)
            else:
                await self.choices(user, text)  # the start of an action: show what can follow
            return
        sub = words[1] if words[:1] == ["/game"] and len(words) > 1 else ""
        if sub == "hand":
            hand = await self.service.hand(CHANNEL, user.id, locale=self.locale)
            self.say(f"  ({user.name} only) {hand.view.get('hand')}")
            for line in hand.recent[-5:]:
                self.say(f"  ({user.name} only, lately) {self.t(line, hand.game)}")
            self.write(f"hand-{hand.game.id}-{user.name}-{hand.game.version:04d}.png", hand.image)
        elif sub == "status":
            self.show(await self.service.status(CHANNEL))
        elif sub == "board":
            info, png = await self.service.board(CHANNEL)
            self.write(f"board-{info.id}-{info.version:04d}.png", png)
        elif sub == "log":
            page = parse_page(words[2]) if len(words) > 2 else None
            log = await self.service.log(CHANNEL, page)
            for line in log.lines:
                self.say("  " + self.t(line, log.game))
            self.say(f"  ({log.page}/{log.pages})")
        elif sub == "rules":
            info = await self._info()
            self.say(self.t(self.service.rules(info.game_key if info else ""), info))
        elif sub == "resign":
            self.show(await self.service.resign(CHANNEL, user.id))
        elif sub == "undo":
            self.show(await self.service.undo(CHANNEL, user.id))
        elif sub == "abandon":
            await self.service.abandon(CHANNEL, user.id)
            self.say(self.t(Msg("outcome.abandoned")))
        else:
            self.say("? " + HELP.format(names=", ".join(self.users)))

    async def _is_prefix(self, user: User, text: str) -> bool:
        words = text.lower().split()
        return any(
            c.split()[: len(words)] == words for c in await self.service.choices(CHANNEL, user.id)
        )

    async def choices(self, user: User, typed: str = "") -> None:
        """Lists the next steps after what was typed, as the Play menu in Discord would."""
        info = await self.service.info(CHANNEL, live=False)
        legal = await self.service.choices(CHANNEL, user.id)
        if not legal:
            self.say(f"  ({user.name} only) {self.t(Msg('console.nothing_to_do'), info)}")
            return
        actions = menu.split(legal)
        prefix = menu.snap(actions, tuple(typed.split()))
        if prefix is None:
            raise ServiceError("error.unknown_action", action=typed)
        here = menu.at(actions, prefix)
        for item in here.items:
            tokens = prefix + (item.tokens if item is not None else ())
            text = " ".join(tokens)
            more = "" if item is None or item.final else " ..."
            label = action_label(info.game_key, text, self.locale, info.names)
            shown = f"  /move {text}{more}"
            self.say(shown + (f"   ({label}{more})" if label != text else ""))


async def play(
    game_key: str, players: int, options: Sequence[str], db: str, out: Path | None,
    locale: str, seed: int | None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
    renderer: Renderer | None = None,
) -> int:
    if not 1 <= players <= len(NAMES):
        print(f"--players must be between 1 and {len(NAMES)}", file=sys.stderr)
        return 2
    store = await Store.open(db)
    try:
        service = Service(store, renderer=renderer or PillowRenderer())
        console = Console(service, NAMES[:players], out, locale, stdout)
        if await store.live_game(CHANNEL) is None:
            try:
                await console.open_game(game_key, options, seed)
            except ServiceError as exc:
                print(console.t(exc.msg), file=sys.stderr)
                return 2
        else:
            console.say("(continuing the game stored in this database)")
            console.show(await service.status(CHANNEL))
        console.say("Type `help` for the commands.")
        while True:
            raw = await asyncio.to_thread(stdin.readline)
            if not raw:
                break
            if stdin is not sys.stdin or not sys.stdin.isatty():
                console.say(f"> {raw.rstrip()}")  # echo piped input so the transcript reads well
            if not await console.line(raw):
                break
        return 0
    finally:
        await store.close()

"""`tabula play`: a local console standing in for a Discord channel.

Each line is typed as a named seat would type a command in the channel:

    alice: /move seek 1 huns
    bob: /game hand
    carol: /move            (lists carol's choices)
    alice: /move hint       (in a game opened with `--option hints`: the medium bot's move)

It runs the same Service, Store and renderer as the bot, prints what the channel would show
(and, marked as such, what only one player would see), and writes the images to --out.

With `--bots easy,hard`, the last seats of the table are computer players: the console plays
them itself (bot/service/autoplay.py, as the Discord client does) as soon as they are asked, before it
reads the next line, and prints what the channel would show of their moves.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from bot import menu
from bot.ratings import rank_places
from bot.service import (
    GameInfo,
    How,
    PillowRenderer,
    Renderer,
    Report,
    Service,
    ServiceError,
    User,
    hint_words,
    split_hints,
)
from bot.service.autoplay import Autoplay
from bot.service.cards import catalogue
from bot.store import GameRow, open_store
from bot.tools.ratings import change_line
from engine import Msg, Outcome
from engine.core import IllegalAction, parse_options
from engine.i18n import action_label, has, token_label, translate
from engine.registry import get as get_game
from engine.rulebook import option_lines, page_of, pages

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")
CHANNEL = 1

def parse_page(word: str) -> int:
    """A page number as typed: ASCII digits, at least 1 (pages past the last show the last)."""
    word = word.strip()
    if not (word.isascii() and word.isdigit()) or len(word) > 9 or int(word) < 1:
        raise ServiceError("error.bad_page", page=word[:20])
    return int(word)


def hand_words(info: GameInfo, view: dict[str, Any], public: dict[str, Any],
               locale: str) -> list[str]:
    """What only this seat sees (its view less the public one), in words: each card, token or
    message in the reader's language, counts as `Huns ×2`; nothing of Python's own syntax."""
    shown = [text for key, value in view.items()
             if key != "viewer" and public.get(key) != value
             for text in [_words(info, value, locale)] if text]
    if not shown:
        return [translate(Msg("console.hand_empty"), locale, info.names)]
    return [translate(Msg("console.hand", {"cards": text}), locale, info.names) for text in shown]


def _words(info: GameInfo, value: Any, locale: str) -> str:
    """One part of a view in words ("" for nothing to show)."""
    def label(token: Any) -> str:
        return token_label(info.game_key, str(token), locale, info.names)

    if value is None or value is False or value == [] or value == {}:
        return ""
    if isinstance(value, bool):
        return ""
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return label(value)
    if isinstance(value, dict) and set(value) <= {"k", "p"} and "k" in value:
        return translate(Msg.from_json(value), locale, info.names)  # a message
    if isinstance(value, dict) and "id" in value:  # a card described: its name says it
        return label(value["id"])
    if isinstance(value, dict) and value and all(isinstance(v, int) and not isinstance(v, bool)
                                                 for v in value.values()):
        return ", ".join(f"{label(k)} ×{n}" for k, n in value.items() if n)
    if isinstance(value, dict):
        return " · ".join(w for w in (_words(info, v, locale) for v in value.values()) if w)
    if isinstance(value, (list, tuple)):
        return ", ".join(w for w in (_words(info, v, locale) for v in value) if w)
    return ""


class Console:
    def __init__(
        self, service: Service, names: Sequence[str], out: Path | None, locale: str,
        stdout: TextIO = sys.stdout, bots: Sequence[str] = (),
    ) -> None:
        self.service = service
        self.users = {name: User(i + 1, name) for i, name in enumerate(names)}
        self.out = out
        self.locale = locale
        self.stdout = stdout
        self.bots = list(bots)  # the levels of the bots seated after the people
        self.rated: set[int] = set()  # the finished games whose rating changes were printed
        # No delay: nobody reads a console as a channel over hours.
        self.autoplay = Autoplay(service, self.show_bot_move, delay=0.0)

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def t(self, msg: Msg, info: GameInfo | None = None) -> str:
        return translate(msg, self.locale, info.names if info else ())

    def help(self) -> str:
        return self.t(Msg("console.help", {"names": ", ".join(self.users)}))

    def only(self, name: str, lately: bool = False) -> str:
        """« (alice only) »: what the console shows one player, as Discord shows it to them
        alone, in the console's language."""
        return self.t(Msg("console.only_lately" if lately else "console.only", {"name": name}))

    async def open_game(self, game_key: str, options: Sequence[str], seed: int | None) -> None:
        first, *others = self.users.values()
        await self.service.create(CHANNEL, None, first, game_key, options, locale=self.locale)
        for user in others:
            await self.service.join(CHANNEL, user)
        for level in self.bots:
            await self.service.add_bot(CHANNEL, first.id, level)
        self.show(await self.service.start(CHANNEL, first.id, seed=seed))

    async def play_bots(self) -> None:
        """Let the bots play every move they are asked for, until a person is asked."""
        await self.autoplay.once()
        await self.autoplay.idle()
        await self.say_ratings()

    async def say_ratings(self) -> None:
        """Once a game is over, what it did to its people's ratings (the end post's line)."""
        info = await self._info()
        if info is None or info.status != "finished" or info.id in self.rated:
            return
        self.rated.add(info.id)
        line = change_line(await self.service.rating_changes(info.id),
                           [(s.user_id, s.name) for s in info.seats], self.locale)
        if line is not None:
            self.say(line)

    async def show_bot_move(self, report: Report) -> None:
        self.show(report, private=False)  # a bot's private lines are for nobody

    def write(self, name: str, png: bytes | None) -> None:
        if png is None or self.out is None:
            return
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / name
        path.write_bytes(png)
        self.say(f"  [image: {path}]")

    def show(self, report: Report, actor: User | None = None, *, private: bool = True) -> None:
        """A change as the channel and its player see it: the channel's post only when the
        service says one is due (bot.service.telling), the player's own lines always."""
        info = report.game
        quiet = report.how is How.QUIET  # its public lines come with the next post
        for line in () if quiet else report.public:
            self.say(self.t(line, info))
        for user_id, lines in report.private.items() if private else ():
            who = next((u for u in self.users.values() if u.id == user_id), None)
            if who is None or (actor is not None and who.id != actor.id):
                continue  # in Discord only the acting player's own lines can be shown to them
            for line in lines:
                self.say(f"  {self.only(who.name)} {self.t(line, info)}")
        if quiet:  # the same player goes on, or only bots are asked
            me = info.seat_of(actor.id) if actor is not None else None
            if me is not None and me.seat in report.asks:
                ask = self.t(report.asks[me.seat], info)
                self.say(f"  {self.only(me.name)} {self.t(Msg('console.goes_on'), info)} {ask}")
            return
        self.write(f"turn-{info.id}-{info.version:04d}.png", report.image)
        if report.outcome is not None:
            self.standings(report.outcome, info)
            return
        for seat in report.to_act:
            ask = report.asks.get(seat.seat) if seat.seat is not None else None
            asked = f": {self.t(ask, info)}" if ask else ""
            self.say(f"-> {seat.name}{asked}")

    def standings(self, out: Outcome, info: GameInfo) -> None:
        """The final standings best first, a tie sharing its place (« 1. 1. 3. », as ratings
        rank them: bot.ratings.rank_places), each with the game's score line where it gives
        one; then the other details, and the winners."""
        players = len(info.names)
        places = rank_places(out, players)
        for seat in sorted(range(players), key=lambda s: (places[s], s)):
            told = out.score_of(seat)
            if told is not None:
                text = self.t(told, info)
            elif out.scores is not None and seat < len(out.scores):
                text = f"{info.names[seat]} {out.scores[seat]}"
            else:
                text = info.names[seat]
            self.say(f"  {places[seat]}. {text}")
        for note in out.notes():
            self.say("  " + self.t(note, info))
        winners = ", ".join(info.names[s] for s in out.winners)
        self.say(self.t(Msg("console.winners", {"winners": winners, "n": len(out.winners)}), info))

    async def line(self, raw: str) -> bool:
        """Handles one typed line; False to stop."""
        raw = raw.strip()
        if not raw or raw.startswith("#"):
            return True
        if raw in ("quit", "exit"):
            return False
        if raw == "help":
            self.say(self.help())
            return True
        name, sep, command = raw.partition(":")
        user = self.users.get(name.strip().lower())
        if not sep or user is None:
            self.say(self.t(Msg("console.who", {"names": ", ".join(self.users)})))
            return True
        try:
            await self.command(user, command.strip())
        except ServiceError as exc:
            info = await self._info()
            refusal = console_refusal(exc.msg, info)
            self.say(f"  {self.only(user.name)} ! {self.t(refusal, info)}")
        return True

    async def _info(self) -> GameInfo | None:
        try:
            return await self.service.info(CHANNEL, live=False)
        except ServiceError:
            return None

    async def command(self, user: User, command: str) -> None:
        words = shlex.split(command) if command.count('"') % 2 == 0 else command.split()
        if words[:1] == ["/move"]:
            await self.move(user, " ".join(words[1:]))
            return
        sub = words[1] if words[:1] == ["/game"] and len(words) > 1 else ""
        if sub == "hand":
            hand = await self.service.hand(CHANNEL, user.id, locale=self.locale)
            row = await self.service.store.game(hand.game.id)
            public = get_game(hand.game.game_key).view(row.state, None) if row and row.state \
                else {}
            for line in hand_words(hand.game, hand.view, public, self.locale):
                self.say(f"  {self.only(user.name)} {line}")
            for line in hand.recent[-5:]:
                self.say(f"  {self.only(user.name, lately=True)} {self.t(line, hand.game)}")
            self.write(f"hand-{hand.game.id}-{user.name}-{hand.game.version:04d}.png", hand.image)
        elif sub == "status":
            report = await self.service.status(CHANNEL)
            info = report.game
            self.say(self.t(Msg("console.status", {
                "id": info.id, "game": get_game(info.game_key).name(),
                "status": Msg(f"discord.status.{info.status}")}), info))
            if info.status == "abandoned":  # nothing else to show: no outcome, nobody asked
                self.say("  " + self.t(Msg("outcome.abandoned"), info))
            self.show(report)
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
            await self.rules(" ".join(words[2:]))
        elif sub == "card":
            await self.card(user, " ".join(words[2:]))
        elif sub == "resign":
            self.show(await self.service.resign(CHANNEL, user.id))
        elif sub == "undo":
            self.show(await self.service.undo(CHANNEL, user.id), user)
        elif sub == "abandon":
            await self.service.abandon(CHANNEL, user.id)
            self.say(self.t(Msg("outcome.abandoned")))
        else:
            self.say("? " + self.help())

    async def rules(self, which: str) -> None:
        """`/game rules [section | page]`: the page asked for of the game's rules, as Discord
        pages them (engine.rulebook), with the sections to turn to."""
        info = await self.service.info(CHANNEL, live=False)
        game = get_game(info.game_key)
        found = pages(game, self.locale)
        if not which:
            at = 0
        elif which.strip().isdigit():
            at = min(parse_page(which), len(found)) - 1
        else:
            at = page_of(found, which, self.locale)
            if at is None:
                raise ServiceError("console.rules.unknown", word=which[:40],
                                   sections=tuple(self._sections(found)))
        page = found[at]
        low, high = game.min_players, game.max_players
        self.say("  " + self.t(Msg("console.rules.head", {
            "game": game.name(), "section": page.title, "page": at + 1, "pages": len(found),
            "players": f"{low}–{high}" if low != high else low, "max": high})))
        for line in page.text.splitlines():
            self.say(f"  {line}" if line else "")
        for line in option_lines(game, found, at, self.locale):
            self.say(f"  • {line}")
        self.say("  " + self.t(Msg("console.rules.sections",
                                   {"sections": tuple(self._sections(found))})))

    @staticmethod
    def _sections(found: Sequence[Any]) -> list[Msg]:
        """Each section once, with its first page: `turn` A turn (p. 2)."""
        firsts: dict[str, tuple[str, int]] = {}
        for i, page in enumerate(found):
            firsts.setdefault(page.section, (page.title, i + 1))
        return [Msg("console.rules.section", {"id": sid, "title": title, "page": n})
                for sid, (title, n) in firsts.items()]

    async def card(self, user: User, typed: str) -> None:
        """`/game card [name]`: a component of the game in words, found as Discord's /game card
        finds it (bot.service.cards); with no name, every name there is to look up."""
        info = await self.service.looked_up_game(CHANNEL)
        if not typed.strip():
            names = sorted((translate(c.name, self.locale) for c in catalogue(info)),
                           key=str.casefold)
            self.say(f"  {self.only(user.name)} "
                     + self.t(Msg("console.card.names", {"names": ", ".join(names)})))
            return
        card = await self.service.card(info, typed, locale=self.locale, picture=False)
        self.say(f"  {self.only(user.name)} {card.name} — {card.kind}")
        for line in card.lines:
            self.say(f"      {line}")

    async def move(self, user: User, typed: str) -> None:
        """`/move [text]`, read as the Discord command reads it (Service.move, bot.menu.resolve)."""
        if not typed:
            await self.choices(user, ())
            return
        if typed.strip().casefold() in hint_words():  # `/move hint`, as in Discord
            hinted = await self.service.hint(user.id, channel_id=CHANNEL)
            info = hinted.game
            reason = self.t(hinted.reason, info)
            action = action_label(info.game_key, hinted.action, self.locale, info.names)
            self.say(f"  {self.only(user.name)} "
                     + self.t(Msg("console.hint", {"action": action, "reason": reason}), info))
            self.say(f"  /move {hinted.action}")
            return
        moved = await self.service.move(user.id, typed, channel_id=CHANNEL, locale=self.locale)
        info = moved.game
        if moved.report is not None:
            self.show(moved.report, actor=user)
        elif moved.typed.kind == "menu":
            self.list_choices(user, info, moved.legal, moved.typed.tokens)
        else:  # "follow": the one action that can follow what was typed
            self.say(f"  {self.only(user.name)} "
                     + self.t(Msg("console.follows",
                                  {"action": Msg.action(info.game_key, moved.text)}), info))
            self.say(f"  /move {moved.text}")

    async def choices(self, user: User, prefix: menu.Tokens) -> None:
        """Lists the next steps after `prefix`, as the Play menu in Discord would."""
        info = await self.service.info(CHANNEL, live=False)
        self.list_choices(user, info, await self.service.choices(CHANNEL, user.id), prefix)

    def list_choices(self, user: User, info: GameInfo, legal: Sequence[str],
                     prefix: menu.Tokens) -> None:
        """The next steps after `prefix` among `legal`: a step that needs more ends in "…"; an
        action that is complete and could go on is listed both ways (as it stands, it is
        played at once; with "…", its continuations are shown)."""
        if not legal:
            self.say(f"  {self.only(user.name)} {self.t(Msg('console.nothing_to_do'), info)}")
            return
        actions = menu.split(legal)
        here = menu.at(actions, prefix)

        def line(tokens: menu.Tokens, more: bool) -> None:
            text = " ".join(tokens)
            label = action_label(info.game_key, text, self.locale, info.names)
            tail = " …" if more else ""
            self.say(f"  /move {text}{tail}" + (f"   ({label}{tail})" if label != text else ""))

        for item in here.items:
            if item is None:
                line(prefix, False)
                continue
            tokens = prefix + item.tokens
            if not item.final and menu.is_action(actions, tokens):
                line(tokens, False)
            line(tokens, not item.final)


async def play(
    game_key: str, players: int, options: Sequence[str], db: str, out: Path | None,
    locale: str, seed: int | None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
    renderer: Renderer | None = None, bots: Sequence[str] = (),
) -> int:
    """`players` seats in all: people (alice, bob...) first, then one bot per level of
    `bots`."""
    if not 1 <= players <= len(NAMES):
        print(f"--players must be between 1 and {len(NAMES)}", file=sys.stderr)
        return 2
    if len(bots) >= players:
        print(translate(Msg("console.no_seat", {"bots": len(bots), "n": players}), locale),
              file=sys.stderr)
        return 2
    store = await open_store(db)
    try:
        service = Service(store, renderer=renderer or PillowRenderer())
        console = Console(service, NAMES[:players - len(bots)], out, locale, stdout, bots)
        live = await store.live_game(CHANNEL)
        if live is None:
            await _say_finished(console, store, await store.latest_game(CHANNEL))
            try:
                await console.open_game(game_key, options, seed)
            except ServiceError as exc:
                print(console.t(exc.msg), file=sys.stderr)
                return 2
        elif not await _same_game(live, await store.seats(live.id), game_key, players, options,
                                  bots):
            # Never resume silently a game other than the one asked for.
            seats = await store.seats(live.id)
            print(console.t(Msg("console.other_game", {
                "id": live.id, "game": get_game(live.game_key).name(), "n": len(seats),
                "command": play_command(live.game_key, len(seats), _option_words(live),
                                        _bots_of(seats), db),
            })), file=sys.stderr)
            return 2
        else:
            console.say(console.t(Msg("console.continuing")))
            console.show(await service.status(CHANNEL))
        console.say(console.t(Msg("console.type_help")))
        while True:
            await console.play_bots()
            raw = await asyncio.to_thread(stdin.readline)
            if not raw:
                break
            if stdin is not sys.stdin or not sys.stdin.isatty():
                console.say(f"> {raw.rstrip()}")  # echo piped input so the transcript reads well
            if not await console.line(raw):
                break
        return 0
    finally:
        await console.autoplay.stop()
        await store.close()


def console_refusal(msg: Msg, info: GameInfo | None = None) -> Msg:
    """A refusal as the console says it: Discord's words point at its suggestions and buttons,
    which the console has not (`/move` lists the choices instead; hints come with
    `--option hints`, whose command line it gives)."""
    ours = f"console.{msg.key}"
    if not has(ours):
        return msg
    params = dict(msg.params)
    if msg.key == "error.hints_off" and info is not None:
        bots = [s.bot for s in info.seats if s.seated_bot and s.bot]
        params["command"] = play_command(info.game_key, len(info.seats),
                                         [*_words_of(info.options), "hints"], bots)
    return Msg(ours, params)


def play_command(game_key: str, players: int, options: Sequence[str], bots: Sequence[str],
                 db: str | None = None) -> str:
    """`tabula play` with every flag that opens (or, with its --db, resumes) such a game."""
    words = ["tabula play", game_key, "--players", str(players),
             *(f"--option {w}" for w in options)]
    if bots:
        words += ["--bots", ",".join(bots)]
    if db is not None:
        words += ["--db", shlex.quote(db)]
    return " ".join(words)


async def _say_finished(console: Console, store: Any, row: GameRow | None) -> None:
    """A --db whose game is over: say so, and its result, before a new game begins (it began
    silently, as if the file had been empty)."""
    if row is None or row.status in ("lobby", "active"):
        return
    names = [s.name for s in await store.seats(row.id)]
    reason = Outcome.from_json(row.outcome).reason if row.outcome else Msg("outcome.abandoned")
    result = translate(reason, console.locale, names)
    console.say(console.t(Msg("console.finished", {
        "id": row.id, "game": get_game(row.game_key).name(), "result": result})))


def _words_of(options: dict[str, Any]) -> list[str]:
    return [name if value is True else f"{name}={value}"
            for name, value in options.items() if value not in (None, False)]


def _option_words(row: GameRow) -> list[str]:
    return _words_of(row.options) + (["hints"] if row.hints else [])


def _bots_of(seats: Sequence[Any]) -> list[str]:
    """The levels of the bots seated in the lobby, as `--bots` gave them (not a person's seat
    a bot took over: that person still types in the console)."""
    return [s.bot for s in sorted(seats, key=lambda s: s.joined_at)
            if s.user_id < 0 and s.bot]


async def _same_game(row: GameRow, seats: Sequence[Any], game_key: str, players: int,
                     options: Sequence[str], bots: Sequence[str] = ()) -> bool:
    """Whether the stored game is the one `tabula play` was asked for (game, players, options,
    bots: the people the console seats are the seats less the bots)."""
    words, hints = split_hints(options)  # `hints` is the platform's option, not the game's
    try:
        game = get_game(game_key)
        wanted = parse_options(game, words)
    except IllegalAction:
        return False
    return (game.key == row.game_key and len(seats) == players and wanted == row.options
            and hints == row.hints and sorted(bots) == sorted(_bots_of(seats)))

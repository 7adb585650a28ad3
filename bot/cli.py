"""The `tabula` command: run the bot, play in a local console, self-play, benchmark, bots' arena,
samples, export a game's record and replay one."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot import config


def _game_args(p: argparse.ArgumentParser, players: bool = True) -> None:
    p.add_argument("game", help="game key, e.g. res-publica")
    if players:
        p.add_argument("--players", type=int, required=True, help="number of players")
    p.add_argument(
        "--option", action="append", default=[], metavar="X",
        help="a game option, e.g. classic or name=value (repeatable)",
    )


GAMES = "{games}"  # the epilog `tabula play --help` fills in (_GamesHelp)


def games_text() -> str:
    """Each game's key, its players and its options, for `tabula play --help`."""
    from engine.i18n import translate
    from engine.registry import get, keys

    lines = ["games (the GAME argument, its --players, its --option words):"]
    for key in keys():
        game = get(key)
        players = (f"{game.min_players}" if game.min_players == game.max_players
                   else f"{game.min_players}-{game.max_players}")
        options = ", ".join(o.typed for o in game.options) or "none"
        lines.append(f"  {key:<12} {translate(game.name())}: {players} players; "
                     f"options: {options}")
    lines.append("every game also takes --option hints: `/move hint` then suggests the medium "
                 "computer player's move")
    return "\n".join(lines)


class _GamesHelp(argparse.RawDescriptionHelpFormatter):
    """Fills in the list of games only when the help is shown: reading it imports every game,
    which no other command should wait for."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return super()._fill_text(text.replace(GAMES, games_text()), width, indent)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="tabula", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run the Discord bot (DISCORD_TOKEN from the environment)")
    run.add_argument("--db", help="SQLite file or postgresql:// URL "
                     f"(default: $TABULA_DB or {config.DEFAULT_DB})")
    run.add_argument("--dev-guild", type=int, help="sync commands instantly to this guild id")
    run.add_argument("--shards", type=int, metavar="N",
                     help="the bot's total number of gateway shards (several processes: "
                          "PostgreSQL only)")
    run.add_argument("--shard-ids", metavar="A-B",
                     help="the shards this process serves, e.g. 0-3 or 0,2 (default: all N)")

    sync = sub.add_parser(
        "sync", help="send the slash commands to Discord now (`run` sends them when they change)")
    sync.add_argument("--db", help="SQLite file or postgresql:// URL "
                      f"(default: $TABULA_DB or {config.DEFAULT_DB})")
    sync.add_argument("--dev-guild", type=int, help="sync to this guild id instead of globally")

    play = sub.add_parser("play", help="a local console standing in for a Discord channel",
                          epilog=GAMES, formatter_class=_GamesHelp)
    _game_args(play)
    play.add_argument("--db", default=":memory:", help="SQLite file (default: in memory)")
    play.add_argument("--out", type=Path, default=Path("tabula-images"), help="where images go")
    play.add_argument("--lang", choices=("en", "fr"), default="en")
    play.add_argument("--seed", type=int, help="seed of the game (default: random)")
    play.add_argument("--bots", default="", metavar="LEVEL,...",
                      help="computer players among the --players seats, one level each: easy, "
                           "medium, hard (the console plays them)")

    selfplay = sub.add_parser("selfplay", help="play random games through service and store")
    _game_args(selfplay)
    selfplay.add_argument("--games", type=int, default=10)
    selfplay.add_argument("--seed", type=int, default=1)
    selfplay.add_argument("--db", help="SQLite file (default: a temporary one)")

    bench = sub.add_parser(
        "bench", help="time per action up to the turn post ready (commit, picture, layout); "
                      "with --games N, the store's work at 200 and at N stored games")
    bench.add_argument("game", nargs="?", help="game key, e.g. res-publica")
    bench.add_argument("--players", type=int, help="number of players")
    bench.add_argument(
        "--option", action="append", default=[], metavar="X",
        help="a game option, e.g. classic or name=value (repeatable)",
    )
    bench.add_argument("--actions", type=int, default=300, help="0: no per-action timing")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--games", type=int, metavar="N",
                       help="build files of 200 and N stored games and time the store on both")
    bench.add_argument("--db", help="with --games: keep the large file there (and the small one "
                                    "beside it, named -200)")
    bench.add_argument("--distinct", type=int, default=96,
                       help="with --games: random games the engine plays for the stored ones")
    bench.add_argument("--playouts", type=int, default=0, metavar="N",
                       help="also time N random playouts of the engine alone (playouts_per_s)")
    bench.add_argument("--concurrent", type=int, metavar="N",
                       help="also N channels moving at once against the same N moves one by one "
                            "(concurrent_ratio, loop_lag_p99_ms)")
    bench.add_argument("--posts", type=int, default=0, metavar="K",
                       help="also play K complete games (moves by medium bots, seated as people) "
                            "and count what the channel receives: posts, edits, pings, reasks")
    bench.add_argument("--rounds", type=int,
                       help="rounds timed (--games: 40 by default, --concurrent: 5)")

    arena = sub.add_parser(
        "arena", help="computer players against each other: win rates and decision times")
    _game_args(arena)
    arena.add_argument("--seats", required=True, metavar="KIND,...",
                       help="one kind per seat: random, easy, medium, hard (rotated per game)")
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--budget", type=float, metavar="SECONDS",
                       help="time cap per decision (default: $TABULA_BOT_SECONDS, else 2)")
    arena.add_argument("--iterations", type=int, metavar="N",
                       help="search iterations per decision (repeatable on any machine)")
    arena.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")

    ladder = sub.add_parser(
        "ladder", help="each bot level against the one below it, in every game (Markdown rows)")
    ladder.add_argument("--pairs", default="random-easy,easy-medium,medium-hard",
                        metavar="LOW-HIGH,...", help="adjacent levels to measure")
    ladder.add_argument("--only", action="append", default=[], metavar="GAME[+OPTION...]",
                        help="only this game (every option set), option set, e.g. duel+agora, "
                             "or game without options, e.g. duel+base (repeatable)")
    ladder.add_argument("--players", type=int, action="append", default=[], metavar="N",
                        help="only this player count (repeatable): a line still to run alone")
    ladder.add_argument("--games", type=int, default=200)
    ladder.add_argument("--seed", type=int, default=1)
    ladder.add_argument("--iterations", type=int, metavar="N",
                        help="hard's search iterations (default: the 2 s time cap)")
    ladder.add_argument("--jobs", type=int, default=1)
    ladder.add_argument("--out", metavar="FILE", help="also append each row to FILE when measured")

    ratings = sub.add_parser("ratings", help="players' ratings: rebuild them, measure the bots'")
    rsub = ratings.add_subparsers(dest="ratings_command", required=True)
    rebuild = rsub.add_parser("rebuild", help="every rating again from the stored results")
    show = rsub.add_parser("show", help="a person's rating in each game (console or server)")
    show.add_argument("user", help="the player's name (as `tabula play` names them) or user id")
    board = rsub.add_parser("leaderboard", help="each game's people, best rating first")
    board.add_argument("game", nargs="?", help="only this game, e.g. duel")
    board.add_argument("--limit", type=int, default=20, help="people listed per game")
    for p in (rebuild, show, board):
        p.add_argument("--db", help="SQLite file or postgresql:// URL "
                       f"(default: $TABULA_DB or {config.DEFAULT_DB}); never created")
        p.add_argument("--lang", choices=("en", "fr"), default="en")
    bots = rsub.add_parser("bots", help="the bots' fixed ratings per level, from arena games")
    _game_args(bots)
    bots.add_argument("--games", type=int, default=20, help="games per table of levels")
    bots.add_argument("--seed", type=int, default=1)
    bots.add_argument("--budget", type=float, metavar="SECONDS")
    bots.add_argument("--iterations", type=int, metavar="N")
    bots.add_argument("--jobs", type=int, default=1)
    bots.add_argument("--record", metavar="FILE",
                      help="append each game to FILE; games already there are not played again")
    bots.add_argument("--passes", type=int, default=16,
                      help="online passes in random orders, averaged (the fit)")
    bots.add_argument("--bootstrap", type=int, default=100, metavar="N",
                      help="resamples of the games for each level's 95%% interval")
    bots.add_argument("--adjacent", type=int, nargs="?", const=2, default=0, metavar="LEVELS",
                      help="only tables of LEVELS consecutive levels (default 2: random-easy, "
                           "easy-medium, ...; with more seats, each pattern of seats)")
    bots.add_argument("--write", action="store_true", help="freeze them in data/ratings.json")

    benchdb = sub.add_parser(
        "bench-db", help="moves per second and store-path latency with several processes on "
                         "one database (no pictures)")
    benchdb.add_argument("--url", action="append", default=[], metavar="DB",
                         help="SQLite file or postgresql:// URL (repeatable; default: a "
                              "temporary SQLite file)")
    benchdb.add_argument("--processes", default="1", metavar="P[,P...]",
                         help="bot processes playing at once, e.g. 1,3 (default 1)")
    benchdb.add_argument("--games", type=int, default=30, help="games, played to their end")
    benchdb.add_argument("--game", default="duel", help="game key (default duel)")
    benchdb.add_argument("--concurrency", type=int, default=1,
                         help="moves in flight in each process (default 1: the latencies are "
                              "then the store's own, not time queued behind another move)")
    benchdb.add_argument("--seed", type=int, default=1)

    samples = sub.add_parser(
        "samples", help="write sample pictures (board, turn, hand) and the posts' texts "
                        "(lobby, end)")
    samples.add_argument("--out", type=Path, default=Path("docs/samples"))

    export = sub.add_parser("export", help="write a finished game's record (JSON) to stdout")
    export.add_argument("--db", required=True, help="SQLite file or postgresql:// URL of the bot")
    export.add_argument("--game", type=int, required=True, metavar="ID", help="the game's id")
    export.add_argument(
        "--force", action="store_true",
        help="export a running game too (its seed reveals the hidden cards: admins only)",
    )

    db = sub.add_parser("db", help="the database itself")
    dbsub = db.add_subparsers(dest="db_command", required=True)
    copy = dbsub.add_parser(
        "copy", help="copy every game, history, seat, setting and preference into an empty "
                     "database (SQLite <-> PostgreSQL), then verify each game replays")
    copy.add_argument("src", help="SQLite file or postgresql:// URL to copy from")
    copy.add_argument("dst", help="SQLite file or postgresql:// URL to copy into (empty)")

    backup = sub.add_parser(
        "backup", help="copy the SQLite database while the bot runs (SQLite's online backup), "
                       "then check the copy: integrity, every game's history replays")
    backup.add_argument("dest", type=Path, help="the new file (or a directory: a dated file "
                                                "in it); restore with `tabula db copy`")
    backup.add_argument("--db", help=f"the SQLite file (default: $TABULA_DB or "
                                     f"{config.DEFAULT_DB}); never created")
    backup.add_argument("--force", action="store_true", help="replace DEST if it exists")

    replay = sub.add_parser("replay", help="re-simulate and verify a game record")
    replay.add_argument("record", type=Path, help="a record written by `tabula export`")
    replay.add_argument("--board", type=Path, metavar="OUT.png", help="write the final board")
    replay.add_argument("--animation", type=Path, metavar="OUT.png|OUT.gif",
                        help="write an animated replay, turn by turn (APNG or GIF)")
    replay.add_argument("--lang", choices=("en", "fr"), help="language (default: the game's)")
    return ap


EXIT_DATABASE = 4  # the database file cannot be used (StoreError): the message says why


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from bot.store import StoreError

    try:
        return _command(args)
    except StoreError as exc:
        print(f"tabula: {exc}", file=sys.stderr)
        return 1 if args.command == "export" else EXIT_DATABASE


def _command(args: argparse.Namespace) -> int:
    if args.command in ("run", "sync"):
        return _run(args)
    if args.command == "play":
        from bot.service import ServiceError, level_of
        from bot.tools.console import play

        try:
            bots = [level_of(w) for w in args.bots.split(",") if w.strip()]
        except ServiceError:
            print(f"tabula: --bots takes levels among easy, medium, hard, not {args.bots!r}",
                  file=sys.stderr)
            return 2
        return asyncio.run(play(
            args.game, args.players, args.option, args.db, args.out, args.lang, args.seed,
            bots=bots,
        ))
    if args.command == "selfplay":
        from bot.tools.selfplay import selfplay

        return asyncio.run(selfplay(
            args.game, args.players, args.games, args.seed, args.option, args.db,
        ))
    if args.command == "bench":
        if args.games is not None:
            from bot.bench.ladder import bench_ladder
            from bot.bench.scale import bench_scale

            code = asyncio.run(bench_scale(args.games, db=args.db, distinct=args.distinct,
                                           seed=args.seed, rounds=args.rounds or 40))
            if code == 0:  # the leaderboard of one server holding that many finished games
                asyncio.run(bench_ladder(args.games, seed=args.seed, rounds=args.rounds or 40))
            return code
        if args.game is None or args.players is None:
            print("tabula: bench needs a game and --players (or --games N)", file=sys.stderr)
            return 2
        from bot.bench.playouts import bench_playouts
        from bot.tools.selfplay import bench

        code = 0
        if args.actions > 0:
            code = asyncio.run(bench(args.game, args.players, args.actions, args.seed, args.option))
        if args.playouts > 0:
            bench_playouts(args.game, args.players, args.option, args.playouts, args.seed)
        if args.posts > 0:
            from bot.bench.posts import bench_posts

            code = max(code, asyncio.run(bench_posts(args.game, args.players, args.option,
                                                     args.posts, args.seed)))
        if args.concurrent:
            from bot.bench.concurrent import concurrent_bench

            asyncio.run(concurrent_bench(args.game, args.players, args.option, args.concurrent,
                                         args.rounds or 5, args.seed, sys.stdout))
        return code
    if args.command == "arena":
        from bot.tools.arena import arena

        seats = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
        return arena(args.game, args.players, seats, args.option, args.games, args.seed,
                     args.budget, args.iterations, args.jobs, sys.stdout)
    if args.command == "ladder":
        from bot.tools.ladder import ladder as run_ladder

        pairs = [p.strip().lower() for p in args.pairs.split(",") if p.strip()]
        return run_ladder(pairs, args.only, args.games, args.seed, args.iterations, args.jobs,
                          args.out, sys.stdout, args.players)
    if args.command == "ratings":
        if args.ratings_command in ("rebuild", "show", "leaderboard"):
            from bot.tools import ratings as rated

            db = args.db or config.load().db_path
            if args.ratings_command == "show":
                return asyncio.run(rated.show_command(db, args.user, locale=args.lang))
            if args.ratings_command == "leaderboard":
                return asyncio.run(rated.leaderboard_command(db, args.game, args.limit,
                                                             locale=args.lang))
            return asyncio.run(rated.rebuild_command(db, locale=args.lang))
        from bot.tools.botratings import bots_command

        return bots_command(args.game, args.players, args.games, args.seed, args.iterations,
                            args.budget, args.jobs, args.option, args.write, args.record,
                            args.passes, args.bootstrap, adjacent=args.adjacent)
    if args.command == "bench-db":
        from bot.bench.db import bench_db

        try:
            processes = [int(p) for p in args.processes.split(",")]
        except ValueError:
            print(f"tabula: --processes takes numbers such as 1,3, not {args.processes!r}",
                  file=sys.stderr)
            return 2
        return bench_db(args.url, processes, args.games, args.game, args.seed,
                        args.concurrency)
    if args.command == "samples":
        from bot.discord.end_samples import write_end_posts
        from bot.discord.samples import write_post_samples
        from bot.discord.stats import write_stats_samples
        from render.samples import write_samples

        for path in [*write_samples(args.out), *write_post_samples(args.out),
                     *write_end_posts(args.out), *write_stats_samples(args.out)]:
            print(path)
        return 0
    if args.command == "export":
        from bot.tools.record import export_command

        return asyncio.run(export_command(args.db, args.game, force=args.force))
    if args.command == "db":
        from bot.tools.dbcopy import copy_command

        return asyncio.run(copy_command(args.src, args.dst))
    if args.command == "backup":
        from bot.tools.backup import backup_command

        return asyncio.run(backup_command(args.dest, args.db or config.load().db_path,
                                          args.force))
    if args.command == "replay":
        from bot.tools.record import replay_command

        return replay_command(args.record, board=args.board, animation=args.animation,
                              lang=args.lang)
    return 2


def _run(args: argparse.Namespace) -> int:
    try:
        cfg = config.load()
        web, log_format = config.load_web(), config.load_log_format()
    except ValueError as exc:
        print(f"tabula: {exc}", file=sys.stderr)
        return 2
    if not cfg.token:
        print(
            "tabula: DISCORD_TOKEN is not set. Create a bot in the Discord developer portal "
            "(see README.md, 'Create the Discord application'), then\n"
            "  export DISCORD_TOKEN=...   or put DISCORD_TOKEN=... in a .env file here.",
            file=sys.stderr,
        )
        return 2
    from bot.discord.client import run_bot
    from bot.discord.logs import setup_logging

    setup_logging(json_lines=log_format == "json")  # discord.py logs nothing until asked
    if args.command == "sync":
        from bot.discord.client import run_sync

        return asyncio.run(run_sync(cfg.token, args.db or cfg.db_path,
                                    args.dev_guild or cfg.dev_guild))
    from bot.discord.client import parse_shards

    try:
        shards, shard_ids = parse_shards(args.shards, args.shard_ids)
    except ValueError as exc:
        print(f"tabula: {exc}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(run_bot(cfg.token, args.db or cfg.db_path,
                                   args.dev_guild or cfg.dev_guild, shards=shards,
                                   shard_ids=shard_ids, web=web))
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl+C or SIGTERM: run_bot was
        # cancelled and has closed everything on its way out
        print("tabula: stopped.", file=sys.stderr)
        return 0


if __name__ == "__main__":
    sys.exit(main())

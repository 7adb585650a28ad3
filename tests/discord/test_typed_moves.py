"""Typed moves read one way at every edge (issue 26): the same texts typed to /move in Discord
and in the console (`tabula play`) come to the same thing, since both hand them to
Service.move, which reads them with bot.menu.resolve: an exact action, any case, a label in the
player's language, a beginning, an ambiguous start (the menu), an unknown text (the rules'
refusal), and a start with one continuation ("follow")."""

from __future__ import annotations

import io
from typing import Any

import pytest

import engine.registry
from bot.service import Service, ServiceError
from bot.store import open_store
from bot.tools.console import CHANNEL, Console
from tests.discord.conftest import PLAYERS, on_turn, start_game
from tests.discord.fake_discord import Harness
from tests.discord.tiny_game import Tiny


class Forum(Tiny):
    """The tiny game, whose player on turn may also `discard forum 3 clients`: a move whose
    beginning has one continuation."""

    def legal(self, state: dict[str, Any], seat: int) -> list[str]:
        legal = super().legal(state, seat)
        return [*legal, "discard forum 3 clients"] if legal else []


# What is typed, in turn by whoever is on turn, and what it comes to.
TYPED = [
    ("pick", ("menu", ("pick",))),  # ambiguous: the menu there
    ("trade", ("menu", ("trade", "2", "gold"))),  # ...at the end of the step it stops in
    ("pick 7 …", ("play", ("pick", "7"))),  # a suggested beginning with one continuation
    ("discard forum", ("follow", ("discard", "forum", "3", "clients"))),
    ("dance", ("refused", "error.unknown_action")),  # the rules say why not
    ("Add 2", ("play", ("add", "2"))),  # any case
    ("échanger 2 lingots", ("play", ("trade", "2", "gold"))),  # a label, whole though more can follow
    ("discard forum …", ("play", ("discard", "forum", "3", "clients"))),
    ("passer", ("play", ("pass",))),
    ("  PASS  ", ("play", ("pass",))),
]


class Spy:
    """The service, what each `move` came to written down."""

    def __init__(self, service: Service, seen: list[tuple[str, Any]]) -> None:
        self.inner = service
        self.seen = seen

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def move(self, *args: Any, **kwargs: Any) -> Any:
        try:
            moved = await self.inner.move(*args, **kwargs)
        except ServiceError as error:
            self.seen.append(("refused", error.msg.key))
            raise
        self.seen.append((moved.typed.kind, moved.typed.tokens))
        return moved


@pytest.fixture
def forum(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(engine.registry.GAMES, "tiny", "tests.discord.test_typed_moves:Forum")
    engine.registry.get.cache_clear()


async def test_discord_and_the_console_read_typed_moves_alike(
    discord_: Harness, service: Service, forum: None, tmp_path: Any,
) -> None:
    await start_game(discord_, locale="fr")
    in_discord: list[tuple[str, Any]] = []
    discord_.bot.service = Spy(service, in_discord)  # type: ignore[assignment]
    said = []
    for typed, _ in TYPED:
        [player] = await on_turn(service)
        sent = await discord_.slash(PLAYERS[int(player["id"])], "move", action=typed,
                                    locale="fr")
        said.append(sent.text())

    store = await open_store(tmp_path / "console.sqlite3")
    try:
        other = Service(store)
        out = io.StringIO()
        console = Console(other, ["alice", "bob"], None, "fr", stdout=out)
        await console.open_game("tiny", [], seed=1)
        in_console: list[tuple[str, Any]] = []
        console.service = Spy(other, in_console)  # type: ignore[assignment]
        printed = []
        for typed, _ in TYPED:
            asked = (await other.status(CHANNEL)).to_act[0]
            name = next(n for n, u in console.users.items() if u.id == asked.user_id)
            start = len(out.getvalue())
            await console.line(f"{name}: /move {typed}")
            printed.append(out.getvalue()[start:])
    finally:
        await store.close()

    expected = [what for _, what in TYPED]
    assert in_discord == expected
    assert in_console == expected
    # ...and each edge shows it: the menu, the one continuation, the refusal, the move.
    assert "**prendre** …" in said[0] and "/move pick 1" in printed[0]
    assert "une seule suite est possible : **discard forum 3 clients**" in said[3]
    assert "une seule suite est possible : discard forum 3 clients" in printed[3]
    assert said[4].startswith("⛔") and "!" in printed[4]
    assert "Vous avez joué : **ajouter 2**" in said[5] and "ajoute 2" in printed[5]

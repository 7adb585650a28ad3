"""Answers to a simultaneous choice that come together make one edit of the open post
(bot/discord/posting.py `edit_later`): the edit looks at the game once the burst is over, and
once more if an answer came while it worked."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.discord import posting


class Client:
    """Only what edit_later keeps on the client: its per-game tasks."""


class Choices:
    """The service's side of an edit: how often the open choice was looked at."""

    def __init__(self, work: float = 0.0) -> None:
        self.looks = 0
        self.work = work

    async def open_choice(self, game_id: int) -> Any:
        self.looks += 1
        await asyncio.sleep(self.work)
        return None  # nothing to edit: the look is what is counted


async def settle() -> None:
    while [t for t in asyncio.all_tasks() if t.get_name().startswith("tabula-edit:")]:
        await asyncio.sleep(0.01)


async def test_a_burst_of_answers_makes_one_edit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(posting.ENV_EDIT_DELAY, "0.2")
    client, service = Client(), Choices()
    for _ in range(10):  # ten answers within the delay
        posting.edit_later(client, service, 7)  # type: ignore[arg-type]
        await asyncio.sleep(0.005)
    await settle()
    assert service.looks == 1


async def test_an_answer_during_the_edit_is_shown_by_one_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(posting.ENV_EDIT_DELAY, "0.05")
    client, service = Client(), Choices(work=0.2)
    posting.edit_later(client, service, 7)  # type: ignore[arg-type]
    await asyncio.sleep(0.1)  # the edit is at work
    for _ in range(5):
        posting.edit_later(client, service, 7)  # type: ignore[arg-type]
    await settle()
    assert service.looks == 2
    posting.edit_later(client, service, 8)  # type: ignore[arg-type]  # another game: its own
    await settle()
    assert service.looks == 3

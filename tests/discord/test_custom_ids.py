"""Custom ids: the ones posted before the components moved beside their handlers (issue 26) are
routed to the same handlers, so the buttons of posts already in channels keep working; and every
custom id a post builder writes is answered by exactly one registered component.

The routing is discord.py's (ui/view.py, ViewStore.dispatch_dynamic_items): the templates of the
classes the client registers are matched against the clicked custom_id, the class that matches
is built by from_custom_id and its callback runs."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.discord import days, ids, lobby_post, looking, notify, playing, turnpost
from bot.discord.client import DYNAMIC_ITEMS
from bot.service import GameInfo, SeatInfo

# (custom_id as posted before issue 26, handler's module, handler, its arguments after the
# interaction, a select's chosen values)
POSTED = [
    ("tabula:hand:42", looking, "show_hand", (42,), {}, None),
    ("tabula:board:42", looking, "full_board", (42,), {}, None),
    ("tabula:play:42", playing, "open_menu", (42,), {}, None),
    ("tabula:pick:42:7:", playing, "on_menu", (42, 7, ""), {"choice": 3}, ["3"]),
    ("tabula:pick:42:7:seek 1", playing, "on_menu", (42, 7, "seek 1"), {"choice": 0}, ["0"]),
    ("tabula:pick:42:7:#0.12.3", playing, "on_menu", (42, 7, "#0.12.3"), {"choice": 1}, ["1"]),
    # A menu sent with no value, or one no option has (a crafted interaction: Discord sends
    # one), is refused where it is routed since 983d7c2 (issue 44.6), not passed on as -1.
    ("tabula:pick:42:7:#0.12.3", playing, "nothing_chosen", (), {}, []),
    ("tabula:pick:42:7:seek 1", playing, "nothing_chosen", (), {}, ["x"]),
    ("tabula:page:42:7:2:build lumber-yard", playing, "on_menu", (42, 7, "build lumber-yard"),
     {"page": 2}, None),
    ("tabula:back:42:7:seek 1", playing, "on_menu", (42, 7, "seek 1"), {"back": True}, None),
    ("tabula:timeout:42:7:skip", days, "decide_timeout", (42, 7, "skip"), {}, None),
    ("tabula:timeout:42:7:wait", days, "decide_timeout", (42, 7, "wait"), {}, None),
    ("tabula:log:42:0", looking, "log_page", (42, 0), {}, None),
    ("tabula:log:42:3", looking, "log_page", (42, 3), {}, None),
    ("tabula:lobby:join:42", lobby_post, "clicked", ("join", 42), {}, None),
    ("tabula:lobby:bot:9223372036854775807", lobby_post, "clicked", ("bot", 2**63 - 1), {}, None),
    ("tabula:lobby:dance:42", lobby_post, "clicked", (None, None), {}, None),  # refused, not dropped
]


def _routed(custom_id: str) -> tuple[type[discord.ui.DynamicItem[Any]], re.Match[str]]:
    found = [(cls, match) for cls in DYNAMIC_ITEMS
             if (match := cls.__discord_ui_compiled_template__.fullmatch(custom_id)) is not None]
    assert len(found) == 1, (custom_id, [cls.__name__ for cls, _ in found])
    return found[0]


@pytest.mark.parametrize(("custom_id", "module", "handler", "args", "kwargs", "values"), POSTED)
async def test_an_id_posted_before_reaches_the_same_handler(
    custom_id: str, module: Any, handler: str, args: tuple, kwargs: dict, values: list[str] | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[Any, ...]] = []

    async def record(*given: Any, **named: Any) -> None:
        calls.append((given, named))

    monkeypatch.setattr(module, handler, record)
    interaction: Any = object()  # passed through to the handler untouched
    cls, match = _routed(custom_id)
    if values is None:
        component: discord.ui.Item[Any] = discord.ui.Button(custom_id=custom_id)
    else:
        component = discord.ui.Select(custom_id=custom_id)
        component._values = values  # what the click chose (discord.py sets it from the payload)
    item = await cls.from_custom_id(interaction, component, match)
    await item.callback(interaction)
    assert calls == [((interaction, *args), kwargs)]


def _ids(view: discord.ui.BaseView) -> list[str]:
    return [c.custom_id for c in view.walk_children()
            if isinstance(c, discord.ui.Button | discord.ui.Select | discord.ui.DynamicItem)]


def test_every_id_a_post_builder_writes_is_answered() -> None:
    info = GameInfo(id=42, channel_id=1, guild_id=2, game_key="tiny", options={}, status="lobby",
                    creator_id=1, locale="en", version=0,
                    seats=(SeatInfo(seat=None, user_id=1, name="Alice"),))
    written = [
        [b.custom_id for b in turnpost.turn_row(42, "en").children],
        _ids(looking.play_view(42, "en")),
        _ids(notify.timeout_view(42, 7, ids.TIMEOUT_CHOICES, "en")),
        _ids(looking.log_view(42, 2, 3)),
        _ids(lobby_post.lobby_view(info)),
        _ids(playing.menu_message("tiny", ["Alice", "Bob"], "en", [("take", str(n)) for n in
                                                                   range(60)],
                                  42, 7, ("take",), page=1)[1]),
    ]
    assert written[0] == ["tabula:hand:42", "tabula:play:42", "tabula:board:42"]
    for custom_id in (i for ids_ in written for i in ids_):
        assert len(custom_id) <= ids.LIMIT
        _routed(custom_id)


def test_posts_are_not_held_by_the_client() -> None:
    """A post's buttons are answered by the registered items: discord.py keeps no view of it
    (it would keep a view without a timeout for ever)."""
    assert not looking.play_view(42, "en").is_dispatchable()
    assert not notify.timeout_view(42, 7, ["skip"], "en").is_dispatchable()


def test_the_client_knows_which_ids_it_answers() -> None:
    """ids.answered, which sends every other `tabula:` id an "out of date" answer (issue 24,
    item 4), reads the templates of the very components the client registers."""
    registered = {cls.__discord_ui_compiled_template__.pattern for cls in DYNAMIC_ITEMS}
    assert registered == set(ids.TEMPLATES)
    for custom_id, *_ in POSTED:
        assert ids.answered(custom_id)
    for unknown in ("tabula:hand:-1", "tabula:hand:", "tabula:hand:4x", "tabula:dance:42",
                    "tabula:pick:42:x:", "tabula:timeout:42:7:nap"):
        assert not ids.answered(unknown)

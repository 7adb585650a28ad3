"""Hints for learners through the service (issue 28 item 6), on both stores, with the toy game:
the option at /game new, stored with the game (migration 0009) and never seen by the engine;
a hint for the seat asked; every refusal translated and changing nothing; a game played with
hints never rated, at its end or by `tabula ratings rebuild`, and marked in its record."""

from __future__ import annotations

import pytest

from bot.service import Service, ServiceError, User, split_hints
from bot.store import Storage
from bot.tools import record
from engine import Msg, Outcome
from engine.i18n import has, translate

pytestmark = pytest.mark.backends

ANN, BOB, CY = User(1, "ann"), User(2, "bob"), User(3, "cy")
CH, GUILD = 710, 9


async def refused(call: object, key: str) -> None:
    with pytest.raises(ServiceError) as caught:
        await call  # type: ignore[misc]
    assert caught.value.msg.key == key
    for locale in ("en", "fr"):
        assert has(key, locale) and not translate(caught.value.msg, locale).startswith(key)


def test_the_option_word_is_the_platforms() -> None:
    assert split_hints(["classic, Hints"]) == (["classic"], True)
    assert split_hints(["aides"]) == ([], True)  # as a French speaker types it
    assert split_hints(["leaders=points agora"]) == (["leaders=points", "agora"], False)


async def _started(service: Service, options: list[str]) -> int:
    await service.create(CH, GUILD, ANN, "toy", options)
    await service.join(CH, BOB)
    return (await service.start(CH, ANN.id, seed=3)).game.id


async def test_a_hint_for_the_seat_asked_changes_nothing(service: Service, store: Storage) -> None:
    await service.create(CH, GUILD, ANN, "toy", ["hints"])
    lobby = await service.info(CH)
    assert lobby.hints and lobby.options == {}  # the engine never sees the platform's option
    await refused(service.hint(ANN.id, channel_id=CH), "error.not_started")
    await service.join(CH, BOB)
    game_id = (await service.start(CH, ANN.id, seed=3)).game.id
    row = await store.game(game_id)
    assert row is not None and row.hints and row.state is not None
    asked = (await service.info(CH)).user_of(row.state["turn"])
    other = BOB if asked is not None and asked.user_id == ANN.id else ANN
    assert asked is not None
    before = await store.actions(game_id)
    hinted = await service.hint(asked.user_id, channel_id=CH)
    assert hinted.action in ("take 1", "take 2", "peek") and hinted.seat == row.state["turn"]
    assert hinted.reason == Msg("hint.reason.menu")  # the toy has no bot knowledge
    again = await service.hint(asked.user_id, game_id=game_id)  # the Play menu's button
    assert again == hinted  # the same question at the same point: the same answer
    await refused(service.hint(other.id, channel_id=CH), "error.hint_not_asked")
    await refused(service.hint(CY.id, channel_id=CH), "error.not_seated")
    after = await store.game(game_id)
    assert after is not None and after.version == row.version
    assert await store.actions(game_id) == before


async def test_the_lobby_turns_hints_on_and_off_before_the_start(service: Service) -> None:
    """The lobby post's 💡 button: its creator only, the same choice twice changes nothing,
    and the game starts with the lobby's last choice, after which it is fixed."""
    await service.create(CH, GUILD, ANN, "toy")
    await service.join(CH, BOB)
    version = (await service.info(CH)).version
    await refused(service.set_hints(CH, BOB.id, True), "error.only_creator_hints")
    assert not (await service.info(CH)).hints
    on = await service.set_hints(CH, ANN.id, True)
    assert on.hints and on.version == version + 1
    assert (await service.set_hints(CH, ANN.id, True)).version == on.version  # sent twice
    managed = await service.set_hints(CH, BOB.id, False, can_manage=True)
    assert not managed.hints
    await service.set_hints(CH, ANN.id, True)
    started = (await service.start(CH, ANN.id, seed=3)).game
    assert started.hints
    await refused(service.set_hints(CH, ANN.id, False), "error.hints_started")
    assert (await service.info(CH)).hints


async def test_hints_off_and_game_over_are_refused(service: Service) -> None:
    game_id = await _started(service, [])
    info = await service.info(CH)
    assert not info.hints
    await refused(service.hint(ANN.id, channel_id=CH), "error.hints_off")
    await service.abandon(CH, ANN.id)
    await refused(service.hint(ANN.id, game_id=game_id), "error.hints_off")


async def test_a_seat_a_bot_took_over_and_a_finished_game(service: Service) -> None:
    await service.create(CH, GUILD, ANN, "toy", ["hints"])
    await service.join(CH, BOB)
    await service.join(CH, CY)
    game_id = (await service.start(CH, ANN.id, seed=3)).game.id
    await service.resign(CH, CY.id)  # 3 players: a medium bot plays on for Cy
    await refused(service.hint(CY.id, game_id=game_id), "error.bot_plays_for_you")
    await service.abandon(CH, ANN.id)
    game_id = await _started(service, ["hints"])
    await service.resign(CH, BOB.id)  # a game of 2: it ends at once
    assert (await service.info_by_id(game_id)).status == "finished"
    await refused(service.hint(ANN.id, game_id=game_id), "error.game_over")


async def test_a_game_with_hints_is_not_rated(store: Storage, service: Service) -> None:
    """Finished like any game, its result kept, but no rating moves, then or at a rebuild."""
    hinted = await _started(service, ["hints"])
    plain_channel = CH + 1
    await service.create(plain_channel, GUILD, ANN, "toy")
    await service.join(plain_channel, BOB)
    plain = (await service.start(plain_channel, ANN.id, seed=3)).game.id
    outcome = Outcome(winners=(0,), scores=(1, 0), reason=Msg("toy.won")).to_json()
    for gid in (hinted, plain):
        row = await store.game(gid)
        assert row is not None
        assert await store.append_action(gid, expected_version=row.version, seat=0,
                                         user_id=None, text="end", events=[],
                                         state=row.state or {}, outcome=outcome, now=9.0)
    assert await store.rating_changes(hinted) == []
    assert not await store.rate_game(hinted)
    assert await store.rating_changes(plain) != []
    assert await store.rebuild_ratings() == 1  # the plain game only
    assert await store.rating_changes(hinted) == []
    # Its record says it was played with hints; a plain game's record is as it always was.
    text = record.dumps(await record.export(store, hinted))
    assert '"hints": true' in text and record.loads(text).hints
    assert '"hints"' not in record.dumps(await record.export(store, plain))

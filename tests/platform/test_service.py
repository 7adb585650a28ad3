"""The service against a real SQLite file, with the toy game: every refusal changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import How, Service, ServiceError, User
from bot.store import Storage, open_store
from tests.platform.toy import ToyRenderer

pytestmark = pytest.mark.backends

ANN, BOB, CY, DAN = User(1, "ann"), User(2, "bob"), User(3, "cy"), User(4, "dan")
CH = 500


async def _started(service: Service, seed: int = 42, *users: User) -> list[int]:
    users = users or (ANN, BOB)
    await service.create(CH, 9, users[0], "toy")
    for user in users[1:]:
        await service.join(CH, user)
    report = await service.start(CH, users[0].id, seed=seed)
    return [s.user_id for s in report.game.seats]  # user ids in seat order


def _key(exc: pytest.ExceptionInfo[ServiceError]) -> str:
    return exc.value.msg.key


async def test_lobby_rules(service: Service) -> None:
    info = await service.create(CH, 9, ANN, "toy", ["big"])
    assert info.status == "lobby" and info.options == {"big": True}
    with pytest.raises(ServiceError) as e:
        await service.create(CH, 9, BOB, "toy")
    assert _key(e) == "error.channel_busy"
    with pytest.raises(ServiceError) as e:
        await service.join(CH, ANN)
    assert _key(e) == "error.already_seated"
    with pytest.raises(ServiceError) as e:
        await service.start(CH, ANN.id)
    assert _key(e) == "error.not_enough_players"
    await service.join(CH, BOB)
    await service.join(CH, CY)
    with pytest.raises(ServiceError) as e:
        await service.join(CH, DAN)
    assert _key(e) == "error.game_full"
    with pytest.raises(ServiceError) as e:
        await service.start(CH, BOB.id)
    assert _key(e) == "error.only_creator_starts"
    await service.leave(CH, CY.id)
    report = await service.start(CH, BOB.id, can_manage=True, seed=1)
    assert report.game.status == "active" and len(report.game.seats) == 2
    with pytest.raises(ServiceError) as e:
        await service.leave(CH, BOB.id)
    assert _key(e) == "error.leave_started"


async def test_joins_racing_for_the_last_seat(db_url: str, toy_game: str) -> None:
    """Two bot processes (two connections) seat players at once: the lobby never overfills."""
    a, b = await open_store(db_url), await open_store(db_url)
    try:
        one, two = Service(a), Service(b)
        await one.create(CH, 9, ANN, "toy")
        await one.join(CH, BOB)  # 2 of 3 seats
        results = await asyncio.gather(
            one.join(CH, CY), two.join(CH, DAN), return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, ServiceError)]
        assert len(refused) == 1 and refused[0].msg.key == "error.game_full"
        assert len((await one.info(CH)).seats) == 3
    finally:
        await a.close()
        await b.close()


async def test_unknown_game_and_bad_options_are_refused(service: Service) -> None:
    with pytest.raises(ServiceError) as e:
        await service.create(CH, 9, ANN, "chess")
    assert _key(e) == "error.unknown_game"
    with pytest.raises(ServiceError) as e:
        await service.create(CH, 9, ANN, "toy", ["huge"])
    assert _key(e) == "error.unknown_option"
    with pytest.raises(ServiceError):
        await service.info(CH)  # nothing was created


async def test_the_last_player_leaving_closes_the_lobby(service: Service) -> None:
    await service.create(CH, 9, ANN, "toy")
    info = await service.leave(CH, ANN.id)
    assert info.status == "abandoned"
    await service.create(CH, 9, BOB, "toy")  # the channel is free again


async def test_seating_follows_the_seed(service: Service, store: Storage) -> None:
    order = await _started(service, 7, ANN, BOB, CY)
    other = Service(store, renderer=ToyRenderer())
    await other.abandon(CH, ANN.id)
    assert order == await _started(other, 7, ANN, BOB, CY)


async def test_a_move_stores_the_action_and_reports_the_next_player(service: Service) -> None:
    order = await _started(service)
    report = await service.act(CH, order[0], "take 1")
    assert report.game.version == 1
    assert [m.key for m in report.public] == ["toy.took"]
    assert [s.user_id for s in report.to_act] == [order[1]]
    assert report.image is not None and report.image.startswith(b"\x89PNG")


async def test_refusals_change_nothing(service: Service, store: Storage) -> None:
    order = await _started(service)
    before = await store.live_game(CH)
    for user, text, key in [
        (order[1], "take 1", "error.not_your_turn"),
        (CY.id, "take 1", "error.not_seated"),
        (order[0], "take 3", "error.unknown_action"),
        (order[0], "", "error.empty_action"),
        (order[0], "'; DROP TABLE games; --", "error.unknown_action"),
        (order[0], "take 1 " * 500, "error.unknown_action"),
    ]:
        with pytest.raises(ServiceError) as e:
            await service.act(CH, user, text)
        assert _key(e) == key, text
    assert await store.live_game(CH) == before
    assert await store.actions(before.id) == []


async def test_a_stale_version_is_refused(service: Service) -> None:
    order = await _started(service)
    await service.act(CH, order[0], "take 1", version=0)
    with pytest.raises(ServiceError) as e:
        await service.act(CH, order[1], "take 1", version=0)  # a button from before that move
    assert _key(e) == "error.stale"


async def test_the_same_click_sent_twice_at_once_plays_once(service: Service, store: Storage) -> None:
    order = await _started(service)
    results = await asyncio.gather(
        service.act(CH, order[0], "take 1", version=0),
        service.act(CH, order[0], "take 1", version=0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, ServiceError) for r in results) == 1
    info = await service.info(CH)
    assert info.version == 1 and len(await store.actions(info.id)) == 1


async def test_two_processes_racing_on_one_file(db_url: str, toy_game: str) -> None:
    """Two services on two connections (as two bot processes would be): the version decides."""
    a, b = await open_store(db_url), await open_store(db_url)
    try:
        one, two = Service(a), Service(b)
        order = await _started(one)
        await two.act(CH, order[0], "take 1")
        with pytest.raises(ServiceError) as e:
            # `one` loads the state before `two` commits only if they interleave; force it by
            # sending the version `one` saw.
            await one.act(CH, order[1], "take 1", version=0)
        assert _key(e) == "error.stale"
        assert (await one.info(CH)).version == 1
    finally:
        await a.close()
        await b.close()


async def test_private_events_reach_only_their_player(service: Service) -> None:
    order = await _started(service)
    report = await service.act(CH, order[0], "peek")
    assert report.public == []
    assert list(report.private) == [order[0]]
    log = await service.log(CH)
    assert all(m.key != "toy.secret" for m in log.lines)


async def test_the_public_board_is_drawn_from_the_public_view(store: Storage, toy_game: str) -> None:
    renderer = ToyRenderer()
    service = Service(store, renderer=renderer)
    order = await _started(service)
    await service.act(CH, order[0], "peek")
    assert renderer.boards and all("secret" not in v for v in renderer.boards)
    hand = await service.hand(CH, order[0])
    assert hand.view["secret"] is not None and hand.image is not None


async def test_history_replays_to_the_state_and_survives_a_restart(
    db_url: str, toy_game: str,
) -> None:
    store = await open_store(db_url)
    service = Service(store)
    order = await _started(service, 3)
    await service.act(CH, order[0], "take 2")
    await store.close()
    store = await open_store(db_url)  # the bot restarts
    service = Service(store)
    report = await service.act(CH, order[1], "take 1")
    assert report.game.version == 2
    assert await service.verify(report.game.id)
    await store.close()


async def test_game_end_resign_and_abandon(service: Service) -> None:
    order = await _started(service)
    report = await service.resign(CH, order[1])
    assert report.outcome is not None and report.outcome.winners == (0,)
    assert report.game.status == "finished" and report.to_act == []
    with pytest.raises(ServiceError) as e:
        await service.act(CH, order[0], "take 1")
    assert _key(e) == "error.no_game"
    status = await service.status(CH)  # the finished game can still be looked at
    assert status.outcome is not None
    await service.create(CH, 9, BOB, "toy")
    with pytest.raises(ServiceError) as e:
        await service.abandon(CH, ANN.id)
    assert _key(e) == "error.only_creator_abandons"
    assert (await service.abandon(CH, ANN.id, can_manage=True)).status == "abandoned"


async def test_a_finished_game_reports_its_outcome(service: Service) -> None:
    order = await _started(service)
    report = None
    seat = 0
    while report is None or report.outcome is None:
        report = await service.act(CH, order[seat], "take 1")
        seat = 1 - seat
    assert report.game.status == "finished"
    assert report.public[-1].key == "toy.won"
    assert await service.choices(CH, order[seat]) == []


async def test_log_pages(service: Service) -> None:
    order = await _started(service, 1, ANN, BOB)
    await service.abandon(CH, ANN.id)
    await service.create(CH, 9, ANN, "toy", ["big"])
    await service.join(CH, BOB)
    order = [s.user_id for s in (await service.start(CH, ANN.id, seed=1)).game.seats]
    for i in range(11):
        await service.act(CH, order[i % 2], "take 1")
    first, last = await service.log(CH, 1), await service.log(CH)
    assert first.pages == last.pages == 1 and len(first.lines) == 12  # start + 11 moves
    assert (await service.log(CH, 99)).page == 1  # out of range pages are clamped


async def test_the_hand_keeps_what_only_its_player_saw(service: Service) -> None:
    """An ephemeral reply cannot be fetched again: the hand repeats the recent private lines."""
    order = await _started(service)
    await service.act(CH, order[0], "peek")
    mine = await service.hand(CH, order[0])
    theirs = await service.hand(CH, order[1])
    assert [m.key for m in mine.recent] == ["toy.secret"]
    assert theirs.recent == []


async def test_the_lobby_post_is_remembered_beside_the_turn_post(service: Service) -> None:
    """The lobby post's message (kind "lobby" in the messages table): the one every lobby
    change edits. Recording it again replaces it; it is no turn post, and is not "unposted"."""
    info = await service.create(CH, 9, ANN, "toy")
    assert await service.lobby_post(info.id) is None
    await service.posted_lobby(info.id, 500, CH, info.version)
    post = await service.lobby_post(info.id)
    assert post is not None and (post.message_id, post.channel_id, post.version) == (500, CH, 0)
    await service.join(CH, BOB)
    await service.posted_lobby(info.id, 501, CH, 1)  # posted again (the first was deleted)
    post = await service.lobby_post(info.id)
    assert post is not None and post.message_id == 501
    assert await service.turn_posts(info.id) == []
    await service.start(CH, ANN.id, seed=1)
    assert await service.lobby_post(info.id) == post  # the turn post does not replace it
    assert [p.version for p in await service.turn_posts(info.id)] == []  # not posted yet
    assert [g for g, _v, _p in await service.lost_posts()] == [info.id]  # the turn's, only


async def test_a_post_owed_by_this_process_is_left_to_it_by_the_repair(service: Service) -> None:
    """Under load, the repair on READY ran while a move's post was on its way in the same
    process: it claimed the post too, and the process died in it (tests/e2e/test_crash.py),
    leaving a claim no later repair could take. A move that calls for a post marks it owed
    here until it is posted (or fails); the repair leaves owed posts to their move."""
    order = await _started(service)
    info = await service.info(CH)
    moved = await service.act(CH, order[0], "take 1")
    assert moved.how is How.POST
    version = moved.game.version
    assert (info.id, version) in {(g, v) for g, v, _p in await service.lost_posts()}
    assert service.owes_post(info.id, version)
    service.posted(info.id, version)
    assert not service.owes_post(info.id, version)  # posted (or failed): a repair may do it

"""/game replay made cheap and bounded (issue 15): it cost 5-13 s and up to 600 MB a request,
with no merging of identical requests (six at once: 79 s), no rate limit, on the same thread pool
as every move's picture, and no cap on its size. Real games, real SQLite, real Pillow renders."""

from __future__ import annotations

import asyncio
import io
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.service import Limits, PillowRenderer, Service, ServiceError, User
from bot.store.sqlite import Store
from engine import play
from engine.policy import walk
from engine.registry import get
from render.animate import MAX_FRAMES, animation, sample, turn_views

PLAYERS = [User(11, "Ann"), User(12, "Bob"), User(13, "Cy")]
GAME = "seven-hills"  # any game: one whose full game is long


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class CountingRenderer(PillowRenderer):
    """The real renderer, counting the replays it draws and where it draws them."""

    def __init__(self) -> None:
        self.replays: list[str] = []  # the thread of each replay drawn
        self.busy = 0
        self.most_at_once = 0
        self._count = threading.Lock()

    def animation(self, *args: Any, **kwargs: Any) -> bytes:
        with self._count:
            self.replays.append(threading.current_thread().name)
            self.busy += 1
            self.most_at_once = max(self.most_at_once, self.busy)
        try:
            return super().animation(*args, **kwargs)
        finally:
            with self._count:
                self.busy -= 1


class HeldRenderer(CountingRenderer):
    """Replays wait for the test to let them finish (to hold renders in flight)."""

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()
        self.started = threading.Semaphore(0)

    def animation(self, *args: Any, **kwargs: Any) -> bytes:
        self.started.release()
        self.go.wait(30)
        return super().animation(*args, **kwargs)


async def _game(store: Store, channel: int, actions: int, seed: int = 7) -> None:
    """A game played `actions` random legal actions into `channel`."""
    service = Service(store)  # no renderer: only the history matters here
    await service.create(channel, 1, PLAYERS[0], GAME)
    for user in PLAYERS[1:]:
        await service.join(channel, user)
    report = await service.start(channel, PLAYERS[0].id, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if report.outcome is not None:
            break
        seat = report.to_act[0]
        report = await service.act(channel, seat.user_id,
                                   walk(await service.choices(channel, seat.user_id), rng))


async def test_replays_asked_at_once_are_drawn_once(store: Store) -> None:
    await _game(store, 100, 12)
    renderer = CountingRenderer()
    service = Service(store, renderer=renderer, limits=Limits(replays_per_channel=100))
    asked = await asyncio.gather(*(service.animation(100, user_id=u) for u in range(1, 7)))
    assert len(renderer.replays) == 1  # six asked at once, one render
    gifs = {gif for _info, gif in asked}
    assert len(gifs) == 1
    (gif,) = gifs
    assert Image.open(io.BytesIO(gif)).format == "GIF"
    _info, again = await service.animation(100, user_id=7)  # later, same version: kept
    assert again == gif and len(renderer.replays) == 1
    _info, french = await service.animation(100, user_id=8, locale="fr")
    assert len(renderer.replays) == 2 and french != gif  # another language, another render


async def test_replays_are_limited_per_user_and_per_channel(store: Store) -> None:
    await _game(store, 100, 4)
    clock = Clock()
    limits = Limits(replays_per_user=2, replays_per_channel=3, replay_window=600)
    service = Service(store, renderer=CountingRenderer(), clock=clock, limits=limits)
    await service.animation(100, user_id=1)
    clock.now += 10
    await service.animation(100, user_id=1)
    with pytest.raises(ServiceError) as caught:
        await service.animation(100, user_id=1)
    assert caught.value.msg.key == "error.replay_rate_user"
    assert caught.value.msg.params["time"] == "10m"  # the first ask leaves the window then
    await service.animation(100, user_id=2)  # the channel's third
    with pytest.raises(ServiceError) as caught:
        await service.animation(100, user_id=3)
    assert caught.value.msg.key == "error.replay_rate_channel"
    clock.now += 600
    await service.animation(100, user_id=3)  # the window has passed
    from engine.i18n import translate

    for key in ("error.replay_rate_user", "error.replay_rate_channel"):
        for locale in ("en", "fr"):
            text = translate(caught.value.msg.__class__(key, {"n": 2, "time": "3m",
                                                              "window": "10m"}), locale)
            assert "3m" in text and "{" not in text


async def test_replays_draw_on_their_own_bounded_pool(store: Store) -> None:
    """Replays run one at a time on a pool of their own, at most `replay_renders` distinct ones
    in flight (more are refused at once), and a move elsewhere is posted meanwhile."""
    for channel in (100, 200, 300):
        await _game(store, channel, 3, seed=channel)
    renderer = HeldRenderer()
    service = Service(store, renderer=renderer, limits=Limits(replay_renders=2))
    first = asyncio.create_task(service.animation(100, user_id=1))
    second = asyncio.create_task(service.animation(200, user_id=2))
    await asyncio.to_thread(renderer.started.acquire, True, 10)  # one is being drawn
    with pytest.raises(ServiceError) as caught:
        await service.animation(300, user_id=3)
    assert caught.value.msg.key == "error.replay_busy"
    # A move in another game gets its turn picture while the replays are held.
    await service.create(400, 1, User(41, "Di"), GAME)
    await service.join(400, User(42, "Ed"))
    await service.join(400, User(43, "Flo"))
    report = await asyncio.wait_for(service.start(400, 41, seed=1), 30)
    assert report.image is not None and report.image.startswith(b"\x89PNG")
    renderer.go.set()
    await asyncio.wait_for(asyncio.gather(first, second), 60)
    assert renderer.most_at_once == 1
    assert renderer.replays and all(n.startswith("tabula-replay") for n in renderer.replays)
    await service.animation(300, user_id=3)  # room again


def _long_game() -> list[tuple[int, str]]:
    """A whole game (about a thousand actions, some three hundred turns)."""
    game = get(GAME)
    rng = random.Random(1)
    state = game.setup(3, 7, {})
    actions = []
    while game.outcome(state) is None:
        seat = sorted(game.prompt(state))[0]
        action = walk(game.legal(state, seat), rng)
        state, _ = play(game, state, seat, action)
        actions.append((seat, action))
    return actions


def test_a_long_games_replay_is_made_to_fit_the_upload_limit() -> None:
    """A whole game is larger than the cap: fewer, smaller frames (first and last kept) bring it
    under; a cap nothing can meet is a ValueError, not an upload Discord refuses."""
    actions = _long_game()
    names = ["Ann", "Bob", "Cy"]
    frames = len(sample(len(turn_views(GAME, 3, 7, {}, actions)), MAX_FRAMES))
    assert frames == MAX_FRAMES  # a long game: the whole replay is about 750 kB
    cap = 250_000
    fitted = animation(GAME, 3, 7, {}, actions, names, "en", fmt="gif", max_bytes=cap)
    assert len(fitted) <= cap
    small = Image.open(io.BytesIO(fitted))
    assert 2 <= small.n_frames < frames
    with pytest.raises(ValueError):
        animation(GAME, 3, 7, {}, actions, names, "en", fmt="gif", max_bytes=2000)


async def test_a_replay_too_big_to_send_is_refused_plainly(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        await _game(store, 100, 6)
        service = Service(store, renderer=PillowRenderer())
        with pytest.raises(ServiceError) as caught:
            await service.animation(100, user_id=1, max_bytes=2000)
        assert caught.value.msg.key == "error.replay_too_big"
        info, gif = await service.animation(100, user_id=1)  # the default limit: 10 MiB
        assert 0 < len(gif) <= 10 * 2**20 and info.version >= 1
    finally:
        await store.close()

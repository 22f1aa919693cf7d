"""The live game page with a real worker on the Redis channel layer: the AI seat's reply,
computed in the worker process, reaches the player's socket in this process as a hint after
the worker's transaction commits, and the page's fetch then shows it."""

from __future__ import annotations

import uuid

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from clash import env
from clash.celery import app
from play.services import online_game_act
from tests.factories import UserFactory
from tests.integration.test_play_workers import player_first
from tests.integration.workers import Worker
from tests.live.sockets import run, session_cookie, socket

pytestmark = [pytest.mark.postgres, pytest.mark.redis,
              pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis_layer(settings, monkeypatch):
    """This process and the worker on one Redis channel layer (the broker's Redis), under a
    prefix of the test's own."""
    monkeypatch.setenv("CHANNEL_LAYER_URL", app.conf.broker_url)
    monkeypatch.setenv("CHANNEL_LAYER_PREFIX", f"clash-live-test-{uuid.uuid4().hex[:8]}")
    settings.CHANNEL_LAYERS = env.channel_layers(app.conf.broker_url)
    yield


def test_the_ai_seats_reply_from_the_worker_reaches_the_players_socket(queue, redis_layer):
    player = UserFactory(username="alice")
    game = player_first(player)
    cookie = session_cookie(player)
    worker = Worker(queue)
    try:
        async def scenario():
            s = socket(f"/ws/play/{game.pk}/", cookie=cookie)
            assert (await s.connect(timeout=5))[0]
            await sync_to_async(online_game_act)(game_id=game.pk, user=player, token="E",
                                                 seen=0, now=timezone.now())
            mine = await s.receive_json_from(timeout=5)
            # The worker's reply: the AI seat's whole turn, as one hint.
            reply = await s.receive_json_from(timeout=30)
            await s.disconnect()
            return mine, reply

        mine, reply = run(scenario)
    finally:
        worker.stop()
    game.refresh_from_db()
    assert mine == {"kind": "playing", "version": 1}
    assert reply["kind"] in ("playing", "finished") and reply["version"] == len(game.actions)
    assert reply["version"] > 1

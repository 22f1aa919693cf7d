"""The API's write limit (core/api/throttles.py) holds under parallel connections: requests
sent at once are counted by the cache's atomic increment, so no more than the limit pass in
any stretch of one period. Threads send the requests truly at once, against the local memory
cache of the test settings and, where a Redis server is reachable, against the Redis cache
production uses."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.contrib.auth.models import AnonymousUser
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from core.api.throttles import SLOTS, WriteRateThrottle
from tests.conftest import redis_address
from tests.factories import UserFactory

LIMIT = 120
THREADS = 16
EACH = 20  # 320 writes at once, against 120 a minute


def writer(pk: int):  # noqa: ANN201
    """A user the throttle counts by id: built, not saved (the count needs no row)."""
    return UserFactory.build(pk=pk, username=f"writer{pk}")


def request(method: str = "post", user: object | None = None):  # noqa: ANN201
    made = getattr(APIRequestFactory(), method)("/api/decklists/", {}, format="json")
    made.user = user or writer(7)
    return made


@pytest.fixture(params=["local memory",
                        pytest.param("redis", marks=pytest.mark.redis_server)])
def cache(request, settings):  # noqa: ANN001, ANN201
    """The default cache the throttle counts in: the test settings' own, or Redis."""
    if request.param == "redis":
        # A Redis server, as production's cache (the broker's, where the broker is Redis, else
        # the local one; the `redis_server` mark skips this where none is reachable). Database
        # 15: the counters never meet anything else's keys.
        host, port = redis_address()
        settings.CACHES = {**settings.CACHES, "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://{host}:{port}/15",
            # A prefix of this run's own: the counters of another run never meet these.
            "KEY_PREFIX": f"throttle-test-{uuid.uuid4().hex}"}}
    return request.param


def at_once(count: int, each: int, user: object) -> list[bool]:
    """`count` threads released together, each asking the throttle `each` times."""
    barrier = threading.Barrier(count)
    answers: list[bool] = []
    lock = threading.Lock()

    def run() -> None:
        barrier.wait(timeout=10)
        mine = [WriteRateThrottle().allow_request(request(user=user), APIView())
                for _ in range(each)]
        with lock:
            answers.extend(mine)

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return answers


def test_writes_sent_in_parallel_never_pass_the_limit(cache) -> None:
    answers = at_once(THREADS, EACH, writer(7))

    assert len(answers) == THREADS * EACH
    assert answers.count(True) == LIMIT


def test_another_user_has_a_limit_of_their_own(cache) -> None:
    at_once(THREADS, EACH, writer(7))

    assert WriteRateThrottle().allow_request(request(user=writer(8)), APIView())
    assert not WriteRateThrottle().allow_request(request(user=writer(7)), APIView())


def test_reads_are_not_counted(cache) -> None:
    for _ in range(LIMIT + 5):
        assert WriteRateThrottle().allow_request(request("get"), APIView())
    assert WriteRateThrottle().allow_request(request(), APIView())


def test_the_limit_holds_across_the_turn_of_a_minute_and_frees_a_minute_later(
        cache, monkeypatch) -> None:
    clock = [1_000_000.0 * 60 + 59.5]  # half a second before a minute turns
    monkeypatch.setattr(WriteRateThrottle, "timer", lambda self: clock[0])
    for _ in range(LIMIT):
        assert WriteRateThrottle().allow_request(request(), APIView())
    clock[0] += 1.0  # the next minute has begun: the last one's writes still count
    refused = WriteRateThrottle()
    assert not refused.allow_request(request(), APIView())
    # The first slot's writes leave the stretch SLOTS + 1 slots after their slot began.
    assert refused.wait() == pytest.approx(60.0 - 1.0 + 60 / SLOTS - 0.5, abs=0.01)
    clock[0] += refused.wait()
    assert WriteRateThrottle().allow_request(request(), APIView())


def test_an_anonymous_request_is_counted_by_its_address(cache) -> None:
    at_once(THREADS, EACH, AnonymousUser())

    other = request(user=AnonymousUser())
    other.META["REMOTE_ADDR"] = "203.0.113.9"
    assert WriteRateThrottle().allow_request(other, APIView())

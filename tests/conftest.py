"""Shared test set-up: which real services are reachable, and what happens when they are not.

Tests that need a real service carry a marker:

* ``@pytest.mark.postgres``: needs the Django test database to be PostgreSQL, i.e. the suite
  run with ``DATABASE_URL=postgres://...`` (``make test`` does a second run like that).
* ``@pytest.mark.redis``: needs the Redis server behind the Celery broker URL.
* ``@pytest.mark.browser``: needs a Chromium for Playwright to drive (tests/browser/):
  ``CLASH_CHROMIUM`` if set, else Debian's headless shell ``/usr/bin/chromium-headless-shell``
  (.ci/run installs it), else Debian's full ``/usr/bin/chromium``.

When the service is not reachable such a test is skipped with the reason. With
``CLASH_REQUIRE_SERVICES=1`` (set by CI) an unreachable service fails the test instead, so CI
cannot go green by skipping. Running on SQLite is not a missing service: a ``postgres`` test
is then skipped even in CI, because the PostgreSQL run covers it.
"""

from __future__ import annotations

import functools
import os
import socket
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest

POSTGRES_DEFAULT = ("127.0.0.1", 5432)
# The headless shell (Debian's chromium-headless-shell) runs the same Blink without the
# browser's own user interface: the browser journeys cost about a third less processor time
# in it than in the full Chromium's headless mode (113 against 179 s on the development
# machine), the same pages passing.
CHROMIUM_DEFAULTS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
REDIS_DEFAULT = ("127.0.0.1", 6379)


@functools.cache
def reachable(host: str, port: int, timeout: float = 1.0) -> bool:
    """True if a TCP connection to host:port opens within ``timeout`` seconds."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def services_required() -> bool:
    return os.environ.get("CLASH_REQUIRE_SERVICES") == "1"


def database_is_postgres() -> bool:
    from django.conf import settings

    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def postgres_address() -> tuple[str, int]:
    """Where the test database lives if it is PostgreSQL, else the usual local server."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if database_is_postgres():
        return db.get("HOST") or POSTGRES_DEFAULT[0], int(db.get("PORT") or POSTGRES_DEFAULT[1])
    return POSTGRES_DEFAULT


def broker_is_redis() -> bool:
    from django.conf import settings

    return urlsplit(settings.CELERY_BROKER_URL).scheme in {"redis", "rediss"}


def redis_address() -> tuple[str, int]:
    """The Celery broker's Redis server, else the usual local server."""
    from django.conf import settings

    if broker_is_redis():
        url = urlsplit(settings.CELERY_BROKER_URL)
        return url.hostname or REDIS_DEFAULT[0], url.port or REDIS_DEFAULT[1]
    return REDIS_DEFAULT


def postgres_available() -> bool:
    return reachable(*postgres_address())


def redis_available() -> bool:
    return reachable(*redis_address())


def chromium_path() -> str:
    """The Chromium the browser tests drive: CLASH_CHROMIUM if set, else the first of
    Debian's that is installed."""
    chosen = os.environ.get("CLASH_CHROMIUM")
    if chosen:
        return chosen
    return next((path for path in CHROMIUM_DEFAULTS if os.access(path, os.X_OK)),
                CHROMIUM_DEFAULTS[0])


def chromium_available() -> bool:
    path = chromium_path()
    return os.path.isfile(path) and os.access(path, os.X_OK)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives a headless Chromium through Playwright (tests/browser/)")


# The fixtures through which a test reaches the database (pytest-django's).
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "django_db_reset_sequences",
                               "django_db_serialized_rollback", "live_server"})


def uses_database(item: pytest.Item) -> bool:
    """A test that uses the database (or is marked for PostgreSQL, which the SQLite run skips)."""
    if item.get_closest_marker("django_db") or item.get_closest_marker("postgres"):
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With CLASH_DATABASE_TESTS_ONLY=1 (the PostgreSQL runs of `make test`), only the tests
    that use the database run: the others (source scans, catalogues, pure functions) would
    run exactly as they do in the SQLite runs."""
    if os.environ.get("CLASH_DATABASE_TESTS_ONLY") == "1":
        _keep(config, items, uses_database)
    # CLASH_DATABASE_TESTS_ELSEWHERE=FOLDER[,KEPT_FILE...] (the SQLite runs of `make test`):
    # the tests under FOLDER that use the database run in the PostgreSQL run only, but those
    # of the KEPT_FILEs (tests/passes.py says why).
    folder, *kept_files = os.environ.get("CLASH_DATABASE_TESTS_ELSEWHERE", "").split(",")
    if folder:
        def here(item: pytest.Item) -> bool:
            path = os.path.relpath(str(item.path), config.rootpath)
            return (not path.startswith(folder.rstrip("/") + "/") or path in kept_files
                    or not uses_database(item))
        _keep(config, items, here)


def _keep(config: pytest.Config, items: list[pytest.Item], keep) -> None:  # noqa: ANN001
    kept = [item for item in items if keep(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[i for i in items if not keep(i)])
        items[:] = kept


def _unavailable(reason: str) -> None:
    if services_required():
        pytest.fail(f"{reason} (CLASH_REQUIRE_SERVICES=1: required services must be up)")
    pytest.skip(reason)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    # tryfirst: decide before fixtures (such as the test database) are set up.
    if item.get_closest_marker("postgres"):
        if not database_is_postgres():
            pytest.skip(
                "needs PostgreSQL: run with DATABASE_URL=postgres://... "
                "(make test does this in its PostgreSQL run)"
            )
        if not postgres_available():
            host, port = postgres_address()
            _unavailable(f"PostgreSQL not reachable at {host}:{port}")
    if item.get_closest_marker("redis"):
        if not broker_is_redis():
            _unavailable("needs a Redis Celery broker: CELERY_BROKER_URL is not redis://")
        if not redis_available():
            host, port = redis_address()
            _unavailable(f"Redis not reachable at {host}:{port}")
    if item.get_closest_marker("redis_server") and not redis_available():
        host, port = redis_address()
        _unavailable(f"Redis not reachable at {host}:{port}")
    # A test that drives Chromium without the marker (through the `browser` fixture) is
    # skipped the same way, rather than failing where there is none.
    drives_chromium = (item.get_closest_marker("browser")
                       or "browser" in getattr(item, "fixturenames", ()))
    if drives_chromium and not chromium_available():
        _unavailable(f"no Chromium at {chromium_path()}: install Debian's headless shell "
                     f"(apt-get install chromium-headless-shell) or set CLASH_CHROMIUM to "
                     f"a Chromium binary")


@pytest.fixture(scope="session")
def postgres_is_available() -> bool:
    """Whether the PostgreSQL server is reachable (for tests that adapt rather than skip)."""
    return postgres_available()


@pytest.fixture(scope="session")
def redis_is_available() -> bool:
    """Whether the Redis server behind the Celery broker is reachable."""
    return redis_available()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with empty caches: login failures and rate-limit counters
    (core/logins.py, core/api/throttles.py) of one test never lock out the next, and nothing
    kept from another test's standings (the test database is rolled back between tests, so a
    new event can have an earlier one's id and results version)."""
    from django.core.cache import caches

    from tournaments.selectors import standings as selectors

    for cache in caches.all():
        cache.clear()
    selectors._versions_seen.clear()
    yield


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A request with Accept-Language (or a test's `translation.activate`) leaves its language
    active in the thread after it answers: each test starts, and ends, in the default
    language, so one test's language never changes what the next one reads."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def django_capture_on_commit_callbacks(django_capture_on_commit_callbacks):
    """pytest-django's capture, leaving out the live pages' hints (core.live.Hint) that
    every change sends besides its tasks: the tests count what a change enqueues. (With
    execute=True the hints still run.) tests/live sees the hints themselves."""
    from core.live import Hint

    @contextmanager
    def capture(**kwargs):
        shown: list = []
        with django_capture_on_commit_callbacks(**kwargs) as callbacks:
            yield shown
        shown.extend(c for c in callbacks if not isinstance(c, Hint))

    return capture

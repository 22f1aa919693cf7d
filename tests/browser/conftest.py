"""Real-browser journeys: Django's live server and a headless Chromium driven by Playwright.

One Chromium for the whole run, a fresh browser context (cookies, storage) for each user of
each test, at phone width. Every page is reached by clicking and filling what a person sees,
and fields are found by their labels, so an unlabelled field fails a journey.

Playwright's sync API keeps an asyncio loop running in the test thread, and Django refuses
database calls from a thread with a running loop; the test thread's calls (factories, checks)
are plain synchronous code, so DJANGO_ALLOW_ASYNC_UNSAFE is set while the browser is up, for
these tests only.

Every page a test visits is checked by axe-core (tests/browser/accessibility.py): a serious or
critical violation fails the test at its end, with the rule, the element and the page.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest

from tests.browser.accessibility import Audit
from tests.browser.helpers import ENGLISH, PHONE, TIMEOUT_MS, log_in
from tests.conftest import chromium_path

AUDIT = pytest.StashKey[Audit]()


@pytest.fixture(scope="package")
def browser() -> Iterator:
    from playwright.sync_api import sync_playwright

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=chromium_path(),
                                                  headless=True)
            try:
                yield chromium
            finally:
                chromium.close()


# The live server answers each request on a thread of its own (socketserver.ThreadingMixIn).
REQUEST_THREAD = "process_request_thread"
IDLE_WAIT_SECONDS = 5.0


@pytest.fixture(autouse=True)
def live_server_idle_before_flush() -> Iterator[None]:
    """After the test's pages are closed (its fixtures' teardowns run before this one's),
    wait until the live server has answered the requests still in flight: the test database
    (SQLite in memory, shared between the threads) is flushed next, and a request still
    reading a table locks it ("database table is locked")."""
    yield
    deadline = time.monotonic() + IDLE_WAIT_SECONDS
    while time.monotonic() < deadline and any(
            REQUEST_THREAD in thread.name for thread in threading.enumerate()):
        time.sleep(0.02)


@pytest.fixture(autouse=True)
def accessibility_audit(request) -> Iterator[Audit | None]:  # noqa: ANN001
    """Every browser context the test opens, through a fixture or browser.new_context itself,
    is watched: its pages are checked by axe-core (pytest_runtest_call below reports)."""
    if "browser" not in request.fixturenames:
        yield None
        return
    browser = request.getfixturevalue("browser")
    audit = Audit()
    new_context = browser.new_context

    def watched_context(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        context = new_context(*args, **kwargs)
        if kwargs.get("java_script_enabled", True):  # axe-core is a script
            audit.watch(context)
        return context

    request.node.stash[AUDIT] = audit
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(browser, "new_context", watched_context)
        yield audit


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """After the test body: the pages still open are checked, and the violations found on
    any page fail the test (a test that failed already keeps its own failure, the violations
    beside it)."""
    audit = item.stash.get(AUDIT, None)
    try:
        result = yield
    except BaseException:
        if audit is not None:
            audit.finished = True
            if audit.violations:
                item.add_report_section("call", "accessibility", audit.report())
        raise
    if audit is not None:
        audit.finish()
        if audit.violations:
            pytest.fail(audit.report(), pytrace=False)
    return result


@pytest.fixture
def open_as(browser, live_server) -> Iterator[Callable]:  # noqa: ANN001
    """open_as(user) -> a logged-in page in its own context; open_as(None) -> anonymous;
    open_as(user, Words("ru")) -> the same in Russian."""
    contexts = []

    def open_page(user=None, words=ENGLISH):  # noqa: ANN001, ANN202
        """With words in another language, the browser asks for it (Accept-Language)."""
        locale = None if words.language == "en" else words.language
        context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale=locale)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        if user is not None:
            log_in(page, live_server.url, user.get_username(), words=words)
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def eager_ai(settings) -> Iterator[None]:  # noqa: ANN001
    """An AI seat's replies (tasks sent once the transaction commits) run in the live server's
    request, as under the local settings, instead of waiting for a worker. The app reads the
    Django-namespaced keys (CELERY_...), so those are the ones that count; both are set and
    both are put back."""
    from clash.celery import app

    keys = ("CELERY_TASK_ALWAYS_EAGER", "CELERY_TASK_EAGER_PROPAGATES",
            "task_always_eager", "task_eager_propagates")
    before = {key: app.conf.get(key) for key in keys}
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CELERY_TASK_EAGER_PROPAGATES = True
    app.conf.update(dict.fromkeys(keys, True))
    try:
        yield
    finally:
        app.conf.update(before)


@pytest.fixture
def open_live_as(browser, transactional_db) -> Iterator[Callable]:  # noqa: ANN001
    """open_as for the live pages: the same, against the ASGI server (tests/browser/
    asgi_server.py), where the pages' sockets connect."""
    from tests.browser.asgi_server import AsgiServer

    server = AsgiServer.get()
    url = server.url
    contexts = []

    def open_page(user=None):  # noqa: ANN001, ANN202
        context = browser.new_context(viewport=PHONE, base_url=url)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        if user is not None:
            log_in(page, url, user.get_username())
        return page

    yield open_page
    for context in contexts:
        context.close()
    # Before the database is flushed: the closed pages' last requests may still be served.
    server.wait_idle()

"""The live pages' sockets as a browser opens them, for the tests: the project's ASGI
application (clash/asgi.py) with the session cookie of a signed-in person and an Origin.

Each scenario runs in one event loop (`run`): its database work goes through sync_to_async,
which runs it on the test's own thread and connection. The tests need a transactional
database: the consumers' database_sync_to_async closes a connection left inside a
transaction.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from clash.asgi import application

ORIGIN = "http://testserver"


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def socket(path: str, *, cookie: str | None = None, origin: str | None = ORIGIN,
           ) -> WebsocketCommunicator:
    headers = []
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if cookie is not None:
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def opens(communicator: WebsocketCommunicator) -> bool:
    """Whether the handshake is accepted (a refused one is closed, never joined)."""
    connected, _ = await communicator.connect(timeout=3)
    if connected:
        await communicator.disconnect()
    return connected


def run(scenario: Callable[[], Awaitable[Any]] | Awaitable[Any]) -> Any:
    """Run a scenario (a coroutine function, or a coroutine) in an event loop of its own."""
    async def go() -> Any:
        return await (scenario() if callable(scenario) else scenario)
    return async_to_sync(go)()

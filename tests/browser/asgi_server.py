"""The project's ASGI application (clash/asgi.py: pages and live sockets) served by daphne in a
thread of the test process, for the browser journeys of the live pages. Django's live server
speaks WSGI only, so its pages have no sockets.

In one process, so it reads the same test database as the tests do (SQLite's in-memory test
database is shared within the process). Twisted's reactor runs once per process: one server
for the whole run, started on first use.
"""

from __future__ import annotations

import asyncio
import threading
import time


class AsgiServer:
    _started: AsgiServer | None = None

    def __init__(self) -> None:
        from daphne.server import Server
        from twisted.internet import reactor

        from clash.asgi import application

        self.reactor = reactor
        self.server = Server(application=application,
                             endpoints=["tcp:port=0:interface=127.0.0.1"],
                             signal_handlers=False, verbosity=0)
        self.thread = threading.Thread(target=self._run, name="asgi-live-server", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.listening_addresses:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("daphne did not start listening")
            time.sleep(0.05)
        host, port = self.server.listening_addresses[0]
        self.url = f"http://{host}:{port}"

    def _run(self) -> None:
        import daphne.server

        asyncio.set_event_loop(daphne.server.twisted_loop)
        self.server.run()

    def wait_idle(self, timeout: float = 10.0) -> None:
        """Wait until every connection has closed and its application has finished (daphne
        forgets a connection then, looking each second). A request still being served when
        a test's database is flushed holds a table of SQLite's shared in-memory database, and
        the flush fails on it."""
        deadline = time.monotonic() + timeout
        while self.server.connections and time.monotonic() < deadline:
            time.sleep(0.05)

    @classmethod
    def get(cls) -> AsgiServer:
        if cls._started is None:
            cls._started = cls()
        return cls._started

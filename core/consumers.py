"""The live pages' WebSocket consumer (core/live.py, docs/live.md).

A socket asks for one group by its URL; `HintConsumer.group_for` (each app's subclass) answers
with the group's name when the socket's person may see that thing, else None and the
handshake is refused (403) before anything is joined. The answer comes from the same
permission selectors the pages use, never a rule of its own. The session authenticates the
socket (AuthMiddlewareStack) and the Origin must be one of ALLOWED_HOSTS
(AllowedHostsOriginValidator), both in clash/asgi.py.

Access is asked again before each hint a personal page is sent (`personal`: every page but the
public pairings, standings and pods): the session is read afresh from its store, so a person
who logged out, or who is no longer an organizer, a judge or a player of the thing, has their
socket closed (REFUSED) instead of being told that it changed. Coalescing keeps that to at
most one check a second per socket.

Hints go on to the page as JSON: {"kind": ..., "version": ...}. A consumer with `coalesce`
seconds sends at most one in each window of the clock (the seconds of `time.time()`, the same
windows for every socket and process). The first change of a window goes at once. A change
that comes once its window's hint has gone waits for the first change of a later window, which
takes it along, or, if none comes, for the middle of the next window (FLUSH_AT). Changes that
come at a steady pace (a round's results, two a second) so wait half a second at most, where a
window counted from each hint sent would hold every other one for a whole second. The hint
sent carries the last change's kind and version, with "also": the other kinds that waited, so
no change is left unannounced.
"""

from __future__ import annotations

import asyncio
import json
import time
from importlib import import_module
from typing import Any

from channels.auth import get_user
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from core.live import HINT

# A refused socket closes with this code (the handshake itself answers 403).
REFUSED = 4403
# How far into the next window a change that waited is sent if no other change came.
FLUSH_AT = 0.5


class HintConsumer(AsyncJsonWebsocketConsumer):
    coalesce: float = 0.0
    # False for pages anyone may follow: nothing a person does later changes that.
    personal: bool = True

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        """The group this socket may join, or None (in a thread: may query)."""
        raise NotImplementedError

    async def connect(self) -> None:
        self.group_name = None
        self._sent_in: int | None = None  # the window of the last hint sent
        self._pending: dict | None = None
        self._kinds: set[str] = set()
        self._timer: asyncio.TimerHandle | None = None
        user = self.scope.get("user")
        kwargs = self.scope["url_route"]["kwargs"]
        name = await database_sync_to_async(self.group_for)(user, **kwargs) if user else None
        if name is None:
            await self.close(code=REFUSED)
            return
        self.group_name = name
        await self.channel_layer.group_add(name, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self.group_name is not None:
            await self.channel_layer.group_discard(self.group_name, self.channel_name)

    async def dispatch(self, message: dict) -> None:
        # Channels closes stale database connections before every message, a hop to a thread
        # and back. A hint reaches hundreds of sockets at once, and this consumer reads the
        # database only through database_sync_to_async, which closes them itself: a hint
        # goes straight to its handler.
        if message.get("type") == HINT:
            await self.live_hint(message)
            return
        await super().dispatch(message)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """The page says nothing but pings (kept alive through proxies)."""

    async def message_for(self, hint: dict) -> dict:
        """What the page is sent for `hint`: its kind and version; a subclass may add what
        every viewer of its group may see (called as it is sent, after any coalescing)."""
        return {"kind": hint.get("kind"), "version": hint.get("version")}

    async def still_allowed(self) -> bool:
        """Whether the socket's person may still follow its group: the session read again
        from its store (a logout, a changed password end it), then the page's own read."""
        if not self.personal:
            return True
        session = self.scope.get("session")
        key = getattr(session, "session_key", None)
        if key is None:
            return False
        fresh = import_module(settings.SESSION_ENGINE).SessionStore(key)
        user = await get_user({**self.scope, "session": fresh})
        kwargs = self.scope["url_route"]["kwargs"]
        name = await database_sync_to_async(self.group_for)(user, **kwargs)
        return name is not None and name == self.group_name

    async def _send_hint(self, out: dict) -> None:
        if not await self.still_allowed():
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self.group_name is not None:
                await self.channel_layer.group_discard(self.group_name, self.channel_name)
                self.group_name = None
            await self.close(code=REFUSED)
            return
        await self.send(text_data=self.encoded(out))

    def encoded(self, out: dict) -> str:
        """The message's text (a subclass may reuse text shared by many sockets)."""
        return json.dumps(out)

    async def live_hint(self, event: dict) -> None:
        if self.group_name is None:
            return  # refused since: the close is on its way
        if not self.coalesce:
            await self._send_hint(await self.message_for(event))
            return
        # The window of the change itself (when its hint left, after the commit), not of its
        # arrival here: a crowd of sockets takes a moment to be told, and every socket of the
        # group must count the same change in the same window.
        window = int(event.get("sent", time.time()) // self.coalesce)
        if event.get("kind"):
            self._kinds.add(event["kind"])
        self._pending = event
        if window != self._sent_in:
            await self._flush()
        elif self._timer is None:
            wait = (window + 1 + FLUSH_AT) * self.coalesce - time.time()
            self._timer = asyncio.get_running_loop().call_later(
                max(wait, 0.0), lambda: asyncio.ensure_future(self._flush()))

    async def _flush(self) -> None:
        """Send what waits (the last hint, the other kinds as "also") in this window."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        hint, self._pending = self._pending, None
        kinds, self._kinds = self._kinds, set()
        if hint is None or self.group_name is None:
            return
        self._sent_in = int(time.time() // self.coalesce)
        out = await self.message_for(hint)
        also = sorted(kinds - {out["kind"]})
        if also:
            out["also"] = also
        await self._send_hint(out)

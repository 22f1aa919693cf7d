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
seconds sends at most one a window: the first at once, and one more at the window's end for
whatever came in between (the last hint's kind and version, with "also": the other kinds
that came meanwhile), so no change is left unannounced.
"""

from __future__ import annotations

import asyncio
import time
from importlib import import_module
from typing import Any

from channels.auth import get_user
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

# A refused socket closes with this code (the handshake itself answers 403).
REFUSED = 4403


class HintConsumer(AsyncJsonWebsocketConsumer):
    coalesce: float = 0.0
    # False for pages anyone may follow: nothing a person does later changes that.
    personal: bool = True

    def group_for(self, user: Any, **kwargs: Any) -> str | None:
        """The group this socket may join, or None (in a thread: may query)."""
        raise NotImplementedError

    async def connect(self) -> None:
        self.group_name = None
        self._last = 0.0
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
        await self.send_json(out)

    async def live_hint(self, event: dict) -> None:
        if self.group_name is None:
            return  # refused since: the close is on its way
        if not self.coalesce:
            await self._send_hint(await self.message_for(event))
            return
        wait = self._last + self.coalesce - time.monotonic()
        if wait <= 0 and self._timer is None:
            self._last = time.monotonic()
            await self._send_hint(await self.message_for(event))
            return
        self._pending = event
        if event.get("kind"):
            self._kinds.add(event["kind"])
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(
                max(wait, 0.0), lambda: asyncio.ensure_future(self._flush()))

    async def _flush(self) -> None:
        self._timer = None
        hint, self._pending = self._pending, None
        kinds, self._kinds = self._kinds, set()
        if hint is not None:
            self._last = time.monotonic()
            out = await self.message_for(hint)
            also = sorted(kinds - {out["kind"]})
            if also:
                out["also"] = also
            await self._send_hint(out)

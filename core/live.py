"""Live pages: hints pushed to open pages over WebSockets (docs/live.md).

A page opens one socket for one group (a game, an event's public pages, its dashboard, a
match, a draft pod, a lab run); the consumer (core/consumers.py) lets it join only when the
page's own permission selector lets its person see that thing. A change sends the group a
*hint*: a kind and, where the sender has one at hand, a version number, never the state. The
page fetches the state through its usual permission-checked URL, so a missed hint only
leaves the page on its polling (slower), and a repeated one fetches the same state twice.

Hints leave only once the transaction commits (`transaction.on_commit`), from a web process
and a Celery worker alike: a page never fetches a state that a rollback took back, nor
before the change is visible. With Redis (production, tests/integration) every process and
worker shares the channel layer; the embedded default keeps it in the one process's memory.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)

# The consumers' handler of a hint: `live_hint` (Channels maps the type's dot to _).
HINT = "live.hint"


def group(*parts: object) -> str:
    """A group's name from its parts: group("game", 12) is "game.12" (Channels allows ASCII
    letters, digits, hyphens, underscores and periods)."""
    return ".".join(str(part) for part in parts)


def hint(group_name: str, kind: str, version: int | None = None) -> None:
    """Tell the pages of `group_name` that `kind` changed (at `version`, when given), once the
    current transaction commits; at once outside one."""
    transaction.on_commit(Hint(group_name, kind, version))


@dataclass(frozen=True)
class Hint:
    """A hint waiting for its transaction's commit (an on-commit callback that says what it
    is, so the tests of what a change enqueues can tell it from a task)."""

    group: str
    kind: str
    version: int | None

    def __call__(self) -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        # `sent`: when it left (after the commit), for a consumer that reads the state
        # itself (tournaments/consumers.py: it needs a read at least this new).
        message = {"type": HINT, "kind": self.kind, "version": self.version,
                   "sent": time.time()}
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        try:
            if loop is not None:  # a synchronous caller inside a running loop's thread
                loop.create_task(layer.group_send(self.group, message))
            else:
                async_to_sync(layer.group_send)(self.group, message)
        except Exception:  # noqa: BLE001 - polling catches up; the change is committed
            # A channel layer that cannot be reached (Redis restarting) loses hints, not
            # changes: the pages fall back to polling until it is back.
            log.warning("live hint to %s not sent", self.group, exc_info=True)

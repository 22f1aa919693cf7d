"""What the standings and pairings keep between requests: computed standings, the API's
answer, rendered page fragments and the event row they were rendered from, each under a key
that carries the event's results version (`EventStandings.version`).

A key is never invalidated: every change that shows on these pages bumps the version, so the
next request asks for a new key and the old entries age out. That makes each process's own
memory (the `standings` cache, local memory by default) as correct as a shared store, with
no network round trip; a shared cache would only save each process its first computation of
a version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.core.cache import caches

CACHE = "standings"
# Part of every key: change it when what is kept changes shape (a row's fields, a fragment's
# markup), so a process never reads what an older release kept in a shared cache.
FORMAT = 3

T = TypeVar("T")


def key(*parts: object) -> str:
    return ":".join(str(part) for part in ("clash", FORMAT, *parts))


def remembered(parts: tuple, build: Callable[[], T],
               kept: Callable[[T], T] | None = None) -> T:
    """The value kept under `parts`, built (and kept) if there is none; `kept`, what of a
    value built now is kept (the value itself when not given: a built value is returned
    whole either way)."""
    cache = caches[CACHE]
    name = key(*parts)
    value = cache.get(name)
    if value is None:
        value = build()
        cache.set(name, value if kept is None else kept(value))
    return value

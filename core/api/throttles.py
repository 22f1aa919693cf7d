"""Rate limits of the API: state-changing requests per user (settings: "writes" in
REST_FRAMEWORK's DEFAULT_THROTTLE_RATES). Reads are not throttled. Counters live in the
default cache (Redis in production, shared by every gunicorn worker).

DRF's own throttle reads a user's list of request times, decides, and writes the list back:
requests sent in parallel all read the same list, all pass, and the last write wins, so a
client with many connections went past the limit (140 writes in a minute against 120). Here
each request is counted by the cache's atomic increment (Redis INCR; the local memory cache
increments under its lock) before it is decided, so parallel requests get distinct counts and
at most the limit of them pass.

The period is cut into `SLOTS` slots of the clock, one counter each. A request counts the
slot it falls in and the `SLOTS` slots before it, so every stretch of one period holds at most
the limit of passed requests (no window boundary lets twice the limit through). A refused
request takes its count back: it is not a write that was made.
"""

from __future__ import annotations

import math
from typing import Any

from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import UserRateThrottle

from core.logins import client_ip

# Slots a period is cut into: a request refused waits at most one slot longer than needed.
SLOTS = 60

class WriteRateThrottle(UserRateThrottle):
    """POST, PUT, PATCH and DELETE, counted per user (per address when anonymous)."""

    scope = "writes"

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS or self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        width = self.duration / SLOTS
        slot = math.floor(self.now / width)
        # Kept for the whole stretch that counts it, and a slot more.
        timeout = math.ceil(self.duration + 2 * width)
        current = f"{self.key}:{slot}"
        self.cache.add(current, 0, timeout)
        mine = self.cache.incr(current)
        # The next slot too: a request of this slot still on its way when that one began is
        # counted by those that come after it.
        others = [s for s in range(slot - SLOTS, slot + 2) if s != slot]
        found = self.cache.get_many([f"{self.key}:{s}" for s in others])
        before = [(s, found.get(f"{self.key}:{s}", 0)) for s in others]
        if mine + sum(count for _, count in before) <= self.num_requests:
            return True
        self.cache.decr(current)
        self.counts = sorted([*before, (slot, mine - 1)])  # what wait() reads
        return False

    def wait(self) -> float | None:
        """Seconds until enough of the counted slots have left the stretch for one more."""
        width = self.duration / SLOTS
        excess = sum(count for _, count in self.counts) + 1 - self.num_requests
        for slot, count in self.counts:
            excess -= count
            if excess <= 0:
                # The slot leaves the stretch once SLOTS + 1 slots have begun after it.
                return max(0.0, (slot + SLOTS + 1) * width - self.now)
        return self.duration

    def get_ident(self, request: Any) -> str:
        """An anonymous client's address as every other limit counts it (DRF's own would
        believe any X-Forwarded-For, a new address per request)."""
        return client_ip(request) or ""

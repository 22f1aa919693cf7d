"""A closed-loop HTTP load on one URL: `connections` clients, each sending its next request as
soon as the last answer arrived, for `seconds`; requests/s, latency percentiles and errors.

Two drivers give the same figures: wrk (a C load generator, `apt-get install wrk`), used when
it is on the PATH because it takes less of the CPU it shares with the server, and a small
asyncio client in this process, so nothing has to be installed. Both count as an error every
answer other than 200 and every connection error or timeout. Only loopback URLs are accepted:
this is for measuring our own server.

Signed-in readers: `cookies` gives each client its own Cookie header (a session each), the
asyncio client one per connection, wrk one per request in turn (its connections cannot be
told apart), so the server sees as many people as there are cookies.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from django.contrib.sessions.backends.cached_db import KEY_PREFIX
from django.contrib.sessions.models import Session
from django.core.cache.backends.redis import RedisCache

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
TIMEOUT = 10.0  # seconds: an answer slower than this is an error


@dataclass(frozen=True)
class LoadResult:
    driver: str
    requests: int  # answers received, errors included
    seconds: float
    errors: int  # answers other than 200, connection errors and timeouts
    p50: float  # latency in milliseconds
    p95: float
    p99: float

    @property
    def per_second(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def driver(name: str = "auto") -> str:
    """'wrk' or 'python': `auto` picks wrk when it is installed."""
    if name == "auto":
        return "wrk" if shutil.which("wrk") else "python"
    if name == "wrk" and not shutil.which("wrk"):
        raise RuntimeError("wrk is not installed (apt-get install wrk), use the python driver")
    if name not in ("wrk", "python"):
        raise ValueError(f"unknown load driver {name!r}: wrk, python or auto")
    return name


def load(url: str, *, connections: int, seconds: float, headers: Mapping[str, str],
         using: str = "auto", cookies: Sequence[str] = ()) -> LoadResult:
    """`cookies`: the Cookie headers of the clients, taken in turn (none: no cookie)."""
    parts = urlsplit(url)
    if parts.scheme != "http" or parts.hostname not in LOOPBACK:
        raise ValueError(f"the load goes to this machine only (http://127.0.0.1...), not {url}")
    if connections < 1 or seconds <= 0:
        raise ValueError("at least one connection, for a positive time")
    if any(c in cookie for cookie in cookies for c in '\r\n"\\'):
        raise ValueError("a cookie is a plain header value on one line, without quotes")
    if driver(using) == "wrk":
        return _wrk(url, connections, seconds, headers, cookies)
    return asyncio.run(_python(url, connections, seconds, headers, cookies))


# wrk ---------------------------------------------------------------------------------------

# Counts answers other than 200 (wrk's own count starts at 400) and prints one line.
_WRK_SCRIPT = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) bad = 0 end
function response(status, headers, body) if status ~= 200 then bad = bad + 1 end end
function done(summary, latency, requests)
  local b = 0
  for _, t in ipairs(threads) do b = b + t:get("bad") end
  local e = summary.errors
  io.write(string.format("LOAD %d %d %d %d %d %d %d\\n", summary.requests,
    summary.duration, e.connect + e.read + e.write + e.timeout, b,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
"""

# With cookies: each request carries the next one (%s: a Lua table of strings).
_WRK_COOKIES = """
local cookies = %s
local turn = 0
function request()
  turn = turn %% #cookies + 1
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["Cookie"] = cookies[turn]
  return wrk.format(nil, nil, headers)
end
"""


def _wrk(url: str, connections: int, seconds: float, headers: Mapping[str, str],
         cookies: Sequence[str]) -> LoadResult:
    text = _WRK_SCRIPT
    if cookies:
        text += _WRK_COOKIES % ("{" + ", ".join(f'"{c}"' for c in cookies) + "}")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "count.lua"
        script.write_text(text)
        command = ["wrk", "--threads", "2", "--connections", str(connections),
                   "--duration", f"{seconds:g}s", "--timeout", f"{TIMEOUT:g}s",
                   "--script", str(script)]
        for name, value in headers.items():
            command += ["--header", f"{name}: {value}"]
        out = subprocess.run([*command, url], capture_output=True, text=True, check=True,
                             timeout=seconds + 60).stdout
    line = next(line for line in out.splitlines() if line.startswith("LOAD "))
    requests, micros, failed, bad, p50, p95, p99 = (int(v) for v in line.split()[1:])
    return LoadResult("wrk", requests, micros / 1e6, failed + bad, p50 / 1000, p95 / 1000,
                      p99 / 1000)


# asyncio -----------------------------------------------------------------------------------

async def _python(url: str, connections: int, seconds: float, headers: Mapping[str, str],
                  cookies: Sequence[str]) -> LoadResult:
    parts = urlsplit(url)
    host, port = parts.hostname, parts.port or 80
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    lines = [f"GET {path} HTTP/1.1", f"Host: {parts.netloc}", "Connection: close",
             *(f"{k}: {v}" for k, v in headers.items())]
    requests = [("\r\n".join([*lines, *([f"Cookie: {c}"] if c else [])]) + "\r\n\r\n")
                .encode() for c in (cookies or [""])]
    latencies: list[float] = []
    errors = 0
    started = time.perf_counter()
    deadline = started + seconds

    async def one(request: bytes) -> bool:
        reader, writer = await asyncio.open_connection(host, port)
        try:
            writer.write(request)
            await writer.drain()
            status = await reader.readline()
            await reader.read()  # the server closes the connection after the answer
            return status.split(b" ", 2)[1:2] == [b"200"]
        finally:
            writer.close()

    async def client(request: bytes) -> None:
        nonlocal errors
        while time.perf_counter() < deadline:
            sent = time.perf_counter()
            try:
                ok = await asyncio.wait_for(one(request), TIMEOUT)
            except (TimeoutError, OSError, IndexError):
                ok = False
            latencies.append((time.perf_counter() - sent) * 1000)
            errors += not ok

    await asyncio.gather(*(client(requests[i % len(requests)]) for i in range(connections)))
    elapsed = time.perf_counter() - started
    ordered = sorted(latencies)

    def percentile(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0

    return LoadResult("python", len(ordered), elapsed, errors, percentile(50), percentile(95),
                      percentile(99))


def forget_sessions(keys: list[str], environment: dict[str, str]) -> None:
    """End the benchmark's sessions: their rows, and the copies the production settings keep
    of them in their cache (SESSION_ENGINE cached_db, in the Redis the children were given)."""
    Session.objects.filter(session_key__in=keys).delete()
    location = (environment.get("CACHE_URL") or environment.get("REDIS_URL")
                or environment["CELERY_BROKER_URL"])
    if keys and location.startswith("redis"):
        RedisCache(location, {}).delete_many([KEY_PREFIX + key for key in keys])

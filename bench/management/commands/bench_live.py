"""The live standings under load (issue 19's load check; docs/live.md): a throwaway running
event, daphne as in production (production settings, the Redis channel layer) on this
database, `--sockets` visitors' standings pages over loopback (a WebSocket each, as
static/js/live-refresh.js opens it) while an organizer confirms `--results-per-second`
results (`result_set`, in this process). Each page does what the script does: a hint with
the standings' part shows it; a bare hint (a signed-in person's page) waits a random moment
within a second, then fetches the fragment.

It prints, over the `--duration` seconds of results:
- how long after a result's commit every page had its hint, and had fetched a fragment
  begun after the commit (the change on screen): p50, p95, max (target p95 under 1 s);
- daphne's memory (resident, and its peak) with every socket open (target under 500 MB);
- the pages' requests a second against polling the same pages every 20 s, as the script
  did before the sockets (target under a tenth of it).
Then it deletes the event. Needs PostgreSQL and Redis (daphne and this process share both).
Traffic goes to 127.0.0.1 only.

    DEBUG=0 REDIS_URL=redis://127.0.0.1:6379/0 \\
        DATABASE_URL=postgres://postgres@127.0.0.1:5432/clash_bench python manage.py bench_live
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection, connections
from django.urls import reverse
from django.utils import timezone

from bench.management.commands import bench_standings as standings_bench
from core.commands import DatabaseCommand
from tournaments.models import Event, Match, Round
from tournaments.services.results import result_set

POLL_SECONDS = 20  # static/js/live-refresh.js without its socket
SPREAD = 1.0  # the script's random wait before it fetches, in seconds
LATENCY_TARGET_MS = 1000
MEMORY_TARGET_MB = 500


@dataclass
class Page:
    hints: list[float] = field(default_factory=list)
    fetches: list[tuple[float, float]] = field(default_factory=list)  # (begun, done)
    # When a state begun after a change was on screen: a hint with the part, or a fetch done.
    shown: list[float] = field(default_factory=list)


class Command(DatabaseCommand):
    help = ("Time the live standings: open sockets on one event under daphne while results "
            "are confirmed; hint and on-screen latency, memory, requests against polling.")

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("--sockets", type=int, default=500)
        parser.add_argument("--players", type=int, default=128)
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument("--duration", type=float, default=30.0)
        parser.add_argument("--results-per-second", type=float, default=2.0)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--port", type=int, default=0, help="default: a free port")

    def handle(self, *args, **options) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("the load needs PostgreSQL: set DATABASE_URL=postgres://... so "
                               "daphne and this process share it")
        layer = settings.CHANNEL_LAYERS["default"]
        if "redis" not in layer["BACKEND"].lower():
            raise CommandError("the load needs the Redis channel layer: set REDIS_URL (or "
                               "CHANNEL_LAYER_URL) so daphne and this process share it")
        event = standings_bench.build_event(players=options["players"],
                                            rounds=options["rounds"], seed=options["seed"])
        self.stdout.write(
            f"bench_live: event {event.pk}, {options['players']} players, round "
            f"{options['rounds'] + 1} open; {options['sockets']} standings pages for "
            f"{options['duration']:g} s while {options['results_per_second']:g} results a "
            f"second are confirmed; {os.cpu_count()} CPUs, load average "
            f"{os.getloadavg()[0]:.1f}")
        server = None
        try:
            environment = self._environment(layer)
            standings_bench.Command()._collectstatic(environment)
            port = options["port"] or standings_bench.free_port()
            server = self._daphne(environment, port)
            self._run(event, port, options, server)
        finally:
            if server is not None:
                standings_bench.stop(server)
            standings_bench.delete_event(event.pk)

    def _environment(self, layer: dict) -> dict[str, str]:
        environment = standings_bench.Command()._environment()
        environment["CHANNEL_LAYER_URL"] = str(layer["CONFIG"]["hosts"][0])
        environment["CHANNEL_LAYER_PREFIX"] = layer["CONFIG"].get("prefix", "asgi")
        return environment

    def _daphne(self, environment: dict[str, str], port: int) -> subprocess.Popen:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "-v", "0",
             "clash.asgi:application"],
            cwd=standings_bench.REPO, env=environment, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while True:
            try:
                request = urllib.request.Request(f"http://127.0.0.1:{port}/health/")
                with urllib.request.urlopen(request, timeout=2) as answer:
                    if answer.status == 200:
                        return process
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                standings_bench.stop(process)
                raise CommandError("daphne did not start: "
                                   + process.stderr.read().decode()[-2000:])
            time.sleep(0.3)

    def _run(self, event: Event, port: int, options: dict, server: subprocess.Popen) -> None:
        fragment = reverse("tournaments:standings", args=[event.pk]) + "?fragment=1"
        socket_path = f"/ws/events/{event.pk}/?part=standings"
        pages = [Page() for _ in range(options["sockets"])]
        commits: list[float] = []
        memory: dict[str, int] = {}

        async def main() -> None:
            tasks = []
            ready = []
            for page in pages:
                started = asyncio.Event()
                ready.append(started)
                tasks.append(asyncio.create_task(follow(page, started)))
                if len(tasks) % 50 == 0:
                    await asyncio.sleep(0.05)  # a crowd arrives over a moment, not at once
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), timeout=60)
            await asyncio.sleep(1.0)
            confirmer = threading.Thread(target=confirm, daemon=True)
            confirmer.start()
            await asyncio.sleep(options["duration"] + SPREAD + 1.5)
            memory.update(rss(server.pid))
            stopping.set()
            confirmer.join(timeout=30)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        stopping = threading.Event()

        def confirm() -> None:
            try:
                organizer = event.organizers.get()
                last = Round.objects.filter(event=event).order_by("-number").first()
                matches = list(Match.objects.filter(round=last, player_b__isnull=False)
                               .order_by("table").values_list("pk", flat=True))
                interval = 1 / options["results_per_second"]
                tick, ends = time.monotonic(), time.monotonic() + options["duration"]
                count = 0
                while time.monotonic() < ends and not stopping.is_set():
                    turn, index = divmod(count, len(matches))
                    a, b, d = standings_bench.SCORES[(turn + index) % len(standings_bench.SCORES)]
                    result_set(match_id=matches[index], by=organizer, a_wins=a, b_wins=b,
                               draws=d, now=timezone.now(), note="bench_live")
                    commits.append(time.monotonic())
                    count += 1
                    tick += interval
                    time.sleep(max(0.0, tick - time.monotonic()))
            finally:
                connections.close_all()

        async def follow(page: Page, started: asyncio.Event | None = None) -> None:
            reader, writer = await open_socket(port, socket_path)
            if started is not None:
                started.set()
            pending: list[asyncio.Task] = []
            try:
                while True:
                    opcode, payload = await read_frame(reader)
                    if opcode == 0x9:  # ping: answer as a browser does
                        writer.write(frame(0xA, payload))
                    elif opcode == 0x8:
                        return
                    elif opcode == 0x1:
                        message = json.loads(payload)
                        at = time.monotonic()
                        page.hints.append(at)
                        if "html" in message:  # a visitor's page: the part itself came
                            page.shown.append(at)
                        else:
                            pending.append(asyncio.create_task(fetch_later(page)))
            finally:
                writer.close()

        async def fetch_later(page: Page) -> None:
            await asyncio.sleep(random.random() * SPREAD)
            begun = time.monotonic()
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write((f"GET {fragment} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                          "X-Forwarded-Proto: https\r\nX-Requested-With: fetch\r\n"
                          "Connection: close\r\n\r\n").encode())
            head = await reader.readline()
            await reader.read()
            writer.close()
            if b" 200 " not in head:
                raise CommandError(f"the fragment answered {head!r}")
            page.fetches.append((begun, time.monotonic()))
            page.shown.append(time.monotonic())

        asyncio.run(main())
        self._report(pages, commits, memory, options)

    def _report(self, pages: list[Page], commits: list[float], memory: dict[str, int],
                options: dict) -> None:
        hinted, shown = [], []
        for page in pages:
            for at in commits:
                hint = next((h for h in page.hints if h >= at), None)
                if hint is not None:
                    hinted.append((hint - at) * 1000)
                done = next((d for b, d in page.fetches if b >= at), None)
                pushed = next((h for h in page.shown if h >= at), None)
                if done is None or (pushed is not None and pushed < done):
                    done = pushed
                if done is not None:
                    shown.append((done - at) * 1000)
        expected = len(pages) * len(commits)
        fetches = sum(len(p.fetches) for p in pages)
        live_rate = fetches / options["duration"]
        poll_rate = len(pages) / POLL_SECONDS
        self.stdout.write(f"{len(commits)} results confirmed; {len(pages)} sockets open")
        for label, values in (("hint", hinted), ("on screen (hint, wait, fetch)", shown)):
            if not values:
                self.stdout.write(f"  {label}: none arrived")
                continue
            p95 = percentile(values, 95)
            self.stdout.write(
                f"  {label}: {len(values)} of {expected} (page, result) pairs, p50 "
                f"{percentile(values, 50):.0f} ms, p95 {p95:.0f} ms, max {max(values):.0f} ms "
                f"(target p95 under {LATENCY_TARGET_MS} ms: "
                f"{'met' if p95 < LATENCY_TARGET_MS and len(values) == expected else 'MISSED'})")
        rss_mb, peak_mb = memory.get("VmRSS", 0) / 1024, memory.get("VmHWM", 0) / 1024
        self.stdout.write(
            f"  daphne memory: {rss_mb:.0f} MB resident, peak {peak_mb:.0f} MB (target under "
            f"{MEMORY_TARGET_MB} MB: {'met' if peak_mb < MEMORY_TARGET_MB else 'MISSED'})")
        self.stdout.write(
            f"  requests: {live_rate:.1f} fragment fetches a second live ({fetches} in "
            f"{options['duration']:g} s) against {poll_rate:.1f} a second polling every "
            f"{POLL_SECONDS} s (a tenth of it: {poll_rate / 10:.1f}: "
            f"{'met' if live_rate < poll_rate / 10 else 'MISSED'})")


def percentile(values: list[float], p: int) -> float:
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[p - 1]


def rss(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM (peak) of a process, in kB (Linux)."""
    found = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    found[key] = int(value.split()[0])
    except OSError:
        pass
    return found


# A WebSocket client, as much of RFC 6455 as a page's socket needs -------------------------

async def open_socket(port: int, path: str) -> tuple[asyncio.StreamReader,
                                                     asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n")
                 .encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        raise CommandError(f"the socket was refused: {head[:200]!r}")
    return reader, writer


async def read_frame(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    first, second = await reader.readexactly(2)
    length = second & 0x7F
    if length == 126:
        length = int.from_bytes(await reader.readexactly(2), "big")
    elif length == 127:
        length = int.from_bytes(await reader.readexactly(8), "big")
    mask = await reader.readexactly(4) if second & 0x80 else None
    payload = await reader.readexactly(length)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return first & 0x0F, payload


def frame(opcode: int, payload: bytes) -> bytes:
    """A client's frame (masked, as clients must), payload under 126 bytes."""
    mask = os.urandom(4)
    return (bytes([0x80 | opcode, 0x80 | len(payload)]) + mask
            + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

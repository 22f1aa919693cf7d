"""`python manage.py bench_standings`: how fast the standings and pairings of a large event
are, computed and served, under a crowd while results come in (issue 13, section 7).

It builds a throwaway event (default 512 players: the users, seats and results are written in
bulk, the rounds are paired by the real pairing service), five Swiss rounds played and the
sixth paired, and measures in this process:

- the cold recompute of the standings (`tournaments.selectors.standings.computed_standings`,
  nothing kept);
- each page's server time: the first answer (nothing kept) and the kept ones after, through
  Django's full request handling (the test client, no network), for a visitor (the version
  read at most CLASH_VISITOR_VERSION_SECONDS ago will do), with the version read on each
  request, and for a signed-in player (the standings page and API).

Then, unless `--no-load`, the production set-up: collectstatic and gunicorn with the workers of
the Dockerfile and docker-compose.yml (3) on production settings, against this database.
`--connections` clients (50) with no wait between requests for `--duration` seconds (60) a
URL over loopback, wrk when it is installed, else a small asyncio client (`bench.loadtest`),
while an organizer confirms two results a second (then corrects them, once round 6 is all
confirmed), on each of (`--readers`, both by default):

- visitors: the standings page, the standings API and the pairings page, not signed in;
- signed in: the standings page and the standings API, each client signed in as another
  player of the event (a session of its own, every n-th seat, so their rows are all over the
  standings; with a CSRF cookie, as a browser has).

Requests/s, p50, p95, p99 and errors per URL, and (on Linux) the CPU time gunicorn's workers
spent a request: what the server itself costs, where the latencies on a shared machine also
count the other work's turns on the CPUs (each worker's work for each new results version is
in it, spread over the requests served, so it rises when fewer get through). The targets:
p95 under 200 ms and no errors.

The load part needs PostgreSQL (gunicorn's workers share the database). The event, its
users and their sessions are deleted at the end unless `--keep`.
"""

from __future__ import annotations

import os
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.management.base import CommandError
from django.db import connection, connections, transaction
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import get_random_string

from bench import loadtest
from bench.loadtest import forget_sessions
from bench.processes import child_environment
from core.commands import DatabaseCommand
from engine.clash.rng import Rng
from tournaments.models import (
    Event,
    EventFormat,
    Match,
    MatchStatus,
    Registration,
    Round,
    RoundStatus,
)
from tournaments.selectors.cache import CACHE
from tournaments.selectors.standings import computed_standings
from tournaments.services.events import event_create, event_start
from tournaments.services.results import result_set
from tournaments.services.rounds import round_pair
from tournaments.services.standings import results_version_bump
from tournaments.services.states import matches_move, rounds_move

REPO = Path(__file__).resolve().parents[3]
BENCH_NAME = "Benchmark (bench_standings): deleted when the run ends"
GUNICORN_WORKERS = 3  # the Dockerfile's and docker-compose.yml's
P95_TARGET_MS = 200
COLD_TARGET_MS = 50
WARM_TARGET_MS = 10
# Production settings redirect plain HTTP to HTTPS; the proxy in front says it was HTTPS.
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}


class Command(DatabaseCommand):
    help = ("Build a large event and measure its standings and pairings: the computation, "
            "and (on PostgreSQL) gunicorn under a 50-client load while results come in.")

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("--players", type=int, default=512)
        parser.add_argument("--rounds", type=int, default=5,
                            help="Swiss rounds played; the next one is paired and open")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--repeat", type=int, default=20,
                            help="timings taken of each computation (the median is shown)")
        parser.add_argument("--no-load", action="store_true",
                            help="only the in-process computation, no gunicorn, no load")
        parser.add_argument("--duration", type=float, default=60.0,
                            help="seconds of load on each URL")
        parser.add_argument("--connections", type=int, default=50)
        parser.add_argument("--results-per-second", type=float, default=2.0)
        parser.add_argument("--workers", type=int, default=GUNICORN_WORKERS,
                            help="gunicorn workers (default: the Dockerfile's)")
        parser.add_argument("--driver", choices=["auto", "wrk", "python"], default="auto",
                            help="the load generator (auto: wrk when installed)")
        parser.add_argument("--readers", choices=["visitors", "signed-in", "both"],
                            default="both", help="who reads under load: visitors not signed "
                            "in, signed-in players, or both (default)")
        parser.add_argument("--port", type=int, default=0, help="default: a free port")
        parser.add_argument("--keep", action="store_true", help="keep the event afterwards")

    def handle(self, *args, **options) -> None:
        players, rounds = options["players"], options["rounds"]
        if players < 4 or rounds < 1 or options["repeat"] < 1:
            raise CommandError("--players must be at least 4, --rounds and --repeat at least 1")
        if not options["no_load"]:
            if connection.vendor != "postgresql":
                raise CommandError(
                    f"the load needs PostgreSQL (this database is {connection.vendor}): set "
                    f"DATABASE_URL=postgres://... so gunicorn's workers share it, or pass "
                    f"--no-load for the computation alone")
            try:
                using = loadtest.driver(options["driver"])
            except RuntimeError as exc:
                raise CommandError(str(exc)) from None
        if settings.DEBUG:
            self.stdout.write("note: DEBUG is on here, which logs every query; DEBUG=0 "
                              "times what production runs")
        self.stdout.write(f"bench_standings: {players} players, {rounds} rounds played and "
                          f"round {rounds + 1} paired, seed {options['seed']}, database "
                          f"{connection.vendor} {connection.settings_dict['NAME']}, "
                          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
        started = time.perf_counter()
        event = build_event(players=players, rounds=rounds, seed=options["seed"])
        self.stdout.write(f"built event {event.pk} in {time.perf_counter() - started:.1f} s: "
                          f"{Match.objects.filter(round__event=event).count()} matches")
        try:
            self._computation(event, options["repeat"])
            if not options["no_load"]:
                self._load(event, options, using)
        finally:
            if not options["keep"]:
                delete_event(event.pk)

    # In this process ---------------------------------------------------------------------

    def _computation(self, event: Event, repeat: int) -> None:
        cold = timed(lambda: computed_standings(event), repeat)
        self._figure("cold recompute of the standings (values, nothing kept)", cold,
                     COLD_TARGET_MS)
        client = Client()
        host = next((h for h in settings.ALLOWED_HOSTS if h not in ("*", "") and
                     not h.startswith(".")), "localhost")

        def get(url: str) -> None:
            response = client.get(url, HTTP_HOST=host, secure=True)
            if response.status_code != 200:
                raise CommandError(f"{url} answered {response.status_code}")

        for label, url in urls_of(event):
            first = timed(lambda url=url: get(url), repeat, before=caches[CACHE].clear)
            self._figure(f"{label}, first answer (nothing kept)", first)
            get(url)
            self._figure(f"{label}, kept", timed(lambda url=url: get(url), repeat * 5),
                         WARM_TARGET_MS)
            with override_settings(CLASH_VISITOR_VERSION_SECONDS=0):
                self._figure(f"{label}, kept, the version read on each request",
                             timed(lambda url=url: get(url), repeat * 5), WARM_TARGET_MS)
        player = (Registration.objects.filter(event=event, player__isnull=False)
                  .order_by("pk").select_related("player").first().player)
        client.force_login(player)
        for label, url in signed_in_urls(event):
            get(url)
            self._figure(f"{label}, kept, signed in",
                         timed(lambda url=url: get(url), repeat * 5), WARM_TARGET_MS)
        client.logout()

    def _figure(self, what: str, times: tuple[list[float], list[float]],
                target: float | None = None) -> None:
        wall, cpu = times
        median = statistics.median(wall)
        verdict = ""
        if target is not None:
            verdict = (f"; target under {target:g} ms: "
                       + ("met" if median < target else "MISSED"))
        self.stdout.write(f"  {what}: median {median:.1f} ms (min {min(wall):.1f}, max "
                          f"{max(wall):.1f}; CPU median {statistics.median(cpu):.1f} ms; "
                          f"{len(wall)} runs){verdict}")

    # gunicorn under load -----------------------------------------------------------------

    def _load(self, event: Event, options: dict, using: str) -> None:
        environment = self._environment()
        self._collectstatic(environment)
        port = options["port"] or free_port()
        cases: list[tuple[str, str, list[str]]] = []
        if options["readers"] != "signed-in":
            cases += [(label, url, []) for label, url in urls_of(event)]
        sessions: list[str] = []
        if options["readers"] != "visitors":
            sessions = player_sessions(event, options["connections"],
                                       environment["SECRET_KEY"])
            cookies = [f"{settings.SESSION_COOKIE_NAME}={session}; "
                       f"{settings.CSRF_COOKIE_NAME}="
                       f"{get_random_string(CSRF_SECRET_LENGTH, CSRF_ALLOWED_CHARS)}"
                       for session in sessions]
            cases += [(f"{label}, signed in", url, cookies)
                      for label, url in signed_in_urls(event)]
        confirmer = server = None
        try:
            server = self._gunicorn(environment, port, options["workers"])
            base = f"http://127.0.0.1:{port}"
            for _, url, cookies in cases:
                check(base + url)
                # Every worker's first requests compile templates and fill its own kept
                # pages: a running site's workers have done that long before.
                loadtest.load(base + url, connections=2 * options["workers"], seconds=3,
                              headers=PROXY_HEADERS, using=using, cookies=cookies)
            confirmer = Confirmer(event, options["results_per_second"])
            confirmer.start()
            self.stdout.write(
                f"load: gunicorn, {options['workers']} workers, production settings; "
                f"{options['connections']} connections for {options['duration']:g} s a URL "
                f"with {using}, while {options['results_per_second']:g} results a second "
                f"are confirmed; signed in: {len(sessions)} players")
            for label, url, cookies in cases:
                before, used = confirmer.count, workers_cpu(server)
                result = loadtest.load(base + url, connections=options["connections"],
                                       seconds=options["duration"], headers=PROXY_HEADERS,
                                       using=using, cookies=cookies)
                verdict = ("met" if result.p95 < P95_TARGET_MS and not result.errors
                           else "MISSED")
                cpu = ""
                if used is not None and (now_used := workers_cpu(server)) is not None:
                    cpu = (f", workers' CPU {(now_used - used) * 1000 / result.requests:.1f} "
                           f"ms a request")
                self.stdout.write(
                    f"  {label} {url}: {result.per_second:.0f} requests/s, p50 "
                    f"{result.p50:.1f} ms, p95 {result.p95:.1f} ms, p99 {result.p99:.1f} ms, "
                    f"{result.errors} errors of {result.requests}{cpu}, "
                    f"{confirmer.count - before} results confirmed meanwhile, load average "
                    f"{os.getloadavg()[0]:.1f} (target p95 under {P95_TARGET_MS} ms, no "
                    f"errors: {verdict})")
            if confirmer.errors:
                raise CommandError(f"confirming results failed: {confirmer.errors[0]}")
        finally:
            if confirmer is not None:
                confirmer.stop()
            if server is not None:
                stop(server)
            if not options["keep"]:
                forget_sessions(sessions, environment)

    def _environment(self) -> dict[str, str]:
        s = connection.settings_dict
        password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
        return child_environment(**{
            "DJANGO_SETTINGS_MODULE": "clash.settings.production",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": f"postgres://{s.get('USER') or 'postgres'}{password}@"
                            f"{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/"
                            f"{s['NAME']}",
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "PYTHONPATH": str(REPO),
        })

    def _collectstatic(self, environment: dict[str, str]) -> None:
        # Production settings serve hashed files from a manifest that collectstatic writes.
        done = subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput",
                               "-v", "0"], cwd=REPO, env=environment, capture_output=True,
                              text=True)
        if done.returncode:
            raise CommandError(f"collectstatic failed: {done.stderr[-2000:]}")

    def _gunicorn(self, environment: dict[str, str], port: int,
                  workers: int) -> subprocess.Popen:
        log = open(os.devnull, "w")  # noqa: SIM115 - the access log, as in production
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "clash.wsgi:application", "--bind",
             f"127.0.0.1:{port}", "--workers", str(workers), "--access-logfile", "-"],
            cwd=REPO, env=environment, start_new_session=True, stdout=log,
            stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/",
                                            timeout=2) as answer:
                    if answer.status == 200:
                        return process
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                stop(process)
                raise CommandError("gunicorn did not start: "
                                   + process.stderr.read().decode()[-2000:])
            time.sleep(0.3)


def urls_of(event: Event) -> list[tuple[str, str]]:
    return [("standings page", reverse("tournaments:standings", args=[event.pk])),
            ("standings API", reverse("event-standings", args=[event.pk])),
            ("pairings page", reverse("tournaments:pairings", args=[event.pk]))]


def signed_in_urls(event: Event) -> list[tuple[str, str]]:
    return [("standings page", reverse("tournaments:standings", args=[event.pk])),
            ("standings API", reverse("event-standings", args=[event.pk]))]


def player_sessions(event: Event, count: int, secret_key: str) -> list[str]:
    """The session keys of up to `count` players of the event, every n-th seat, signed in
    as gunicorn's production settings (with `secret_key`) read them."""
    seats = list(Registration.objects.filter(event=event, player__isnull=False)
                 .order_by("pk").select_related("player"))
    chosen = seats[::max(1, len(seats) // count)][:count]
    keys = []
    with override_settings(SECRET_KEY=secret_key):
        for seat in chosen:
            client = Client()
            client.force_login(seat.player)
            keys.append(client.cookies[settings.SESSION_COOKIE_NAME].value)
    return keys


def timed(call: Callable[[], object], repeat: int,
          before: Callable[[], object] | None = None) -> tuple[list[float], list[float]]:
    """Milliseconds each of `repeat` calls took, by the clock and in this process's CPU time
    (on a machine shared with other work the clock also counts the others' turns; the
    database's own work is in the clock only). `before` runs first each time, untimed."""
    wall, cpu = [], []
    for _ in range(repeat):
        if before is not None:
            before()
        started, used = time.perf_counter(), time.process_time()
        call()
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - used) * 1000)
    return wall, cpu


def workers_cpu(server: subprocess.Popen) -> float | None:
    """Seconds of CPU gunicorn's workers have used so far, read from Linux's /proc (None
    elsewhere). PostgreSQL's share and the confirmer's are not in it."""
    try:
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
        ticks = 0
        for pid in children:
            # After the command's name: state is field 3, utime and stime fields 14 and 15.
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])
    except (OSError, ValueError, IndexError):
        return None
    return ticks / os.sysconf("SC_CLK_TCK") if children else None


def check(url: str) -> None:
    request = urllib.request.Request(url, headers=PROXY_HEADERS)
    with urllib.request.urlopen(request, timeout=30) as answer:
        if answer.status != 200:
            raise CommandError(f"{url} answered {answer.status}")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


# The event -----------------------------------------------------------------------------------

def build_event(*, players: int, rounds: int, seed: int) -> Event:
    """A running preconstructed event of `players` seats: rounds 1..`rounds` paired by the
    pairing service and their results written in bulk (2-0, 2-1 and some 1-1-1 draws, drawn
    from the seed), then round `rounds` + 1 paired and open. Users and seats are bulk rows
    (no decklists: the standings and pairings never read them)."""
    users = get_user_model()
    tag = uuid.uuid4().hex[:8]
    now = timezone.now()
    with transaction.atomic():
        organizer = users.objects.create(username=f"bench-{tag}-organizer", password="!")
        people = users.objects.bulk_create(
            [users(username=f"bench-{tag}-{i:04}", password="!") for i in range(players)])
        event = event_create(by=organizer, name=BENCH_NAME, format=EventFormat.PRECONSTRUCTED,
                             seed=seed, now=now, rounds=max(rounds + 1, 2))
        Registration.objects.bulk_create(
            [Registration(event=event, player=user, checked_in=True,
                          created_at=now + timedelta(microseconds=i))
             for i, user in enumerate(people)])
    event_start(event_id=event.pk, by=organizer, now=timezone.now(), ask=False)
    rng = Rng.stream(seed, "bench-standings")
    for number in range(1, rounds + 1):
        rnd, _ = round_pair(event_id=event.pk, by=organizer, now=timezone.now(), number=number)
        with transaction.atomic():
            played = dict(Match.objects.filter(round=rnd, player_b__isnull=False)
                          .order_by("table").values_list("pk", "status"))
            scores = [(pk, *score(rng)) for pk in played]
            at = timezone.now()
            matches_move(played, MatchStatus.CONFIRMED, fields=("a_wins", "b_wins", "draws"),
                         rows=scores, confirmed_at=at)
            rounds_move({rnd.pk: rnd.status}, RoundStatus.COMPLETE, completed_at=at)
            results_version_bump(event_id=event.pk)
    round_pair(event_id=event.pk, by=organizer, now=timezone.now(), number=rounds + 1)
    return Event.objects.get(pk=event.pk)


def score(rng: Rng) -> tuple[int, int, int]:
    roll = rng.below(20)
    if roll == 0:
        return 1, 1, 1
    return (2, rng.below(2), 0) if roll % 2 else (rng.below(2), 2, 0)


@transaction.atomic
def delete_event(event_id: int) -> None:
    users = get_user_model()
    people = list(Registration.objects.filter(event_id=event_id).values_list("player_id",
                                                                              flat=True))
    organizers = list(Event.objects.get(pk=event_id).organizers.values_list("pk", flat=True))
    # Matches protect their seats: matches (with their changes) first.
    Match.objects.filter(round__event_id=event_id).delete()
    Event.objects.filter(pk=event_id).delete()
    users.objects.filter(pk__in=people + organizers).delete()


# The confirmer's scores: a match's result in one pass differs from the one before.
SCORES = ((2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (1, 1, 1))


class Confirmer(threading.Thread):
    """The organizer confirms `per_second` results a second through `result_set`: the open
    matches of the last round in table order, then corrections of them, pass after pass."""

    def __init__(self, event: Event, per_second: float) -> None:
        super().__init__(daemon=True)
        self.event = event
        self.interval = 1 / per_second if per_second > 0 else None
        self.count = 0
        self.errors: list[BaseException] = []
        self._stopped = threading.Event()

    def stop(self) -> None:
        self._stopped.set()
        self.join(timeout=30)

    def run(self) -> None:
        if self.interval is None:
            return
        try:
            organizer = self.event.organizers.get()
            last = Round.objects.filter(event=self.event).order_by("-number").first()
            matches = list(Match.objects.filter(round=last, player_b__isnull=False)
                           .order_by("table").values_list("pk", flat=True))
            tick = time.monotonic()
            while not self._stopped.is_set():
                turn, index = divmod(self.count, len(matches))
                a_wins, b_wins, draws = SCORES[(turn + index) % len(SCORES)]
                result_set(match_id=matches[index], by=organizer, a_wins=a_wins,
                           b_wins=b_wins, draws=draws, now=timezone.now(),
                           note="bench_standings")
                self.count += 1
                tick += self.interval
                self._stopped.wait(max(0.0, tick - time.monotonic()))
        except BaseException as exc:  # noqa: BLE001 - reported by the command
            self.errors.append(exc)
        finally:
            connections.close_all()

"""`python manage.py bench_matches --matches 2000`: how fast the workers decide AI-against-AI
matches compared with the engine alone.

It needs the real thing: the configured PostgreSQL database and Redis broker. It creates a
throwaway benchmark event (2 x N AI seats, one round of N best-of-3 matches), starts its own
worker processes (`celery -A clash worker -c N -Q <its own queue>`), and measures:

- the engine's raw speed: the same matches played in-process, no database, no broker, once
  before and once after the workers' run (the mean is the reference: on a shared virtual
  machine the speed drifts by tens of percent within minutes, and one reading taken before
  would credit or charge the workers with that drift);
- matches/s through one worker process and through two (from queueing to the time stamp of
  the last result, read off the jobs);
- the overhead against the raw speed, and the speed-up from one process to two.

The event and everything in it is deleted at the end, and the workers stopped.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

from celery import current_app as app
from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from bench.processes import child_environment
from core.commands import DatabaseCommand
from decks.services.catalogue import clash_game
from engine.clash.ai import LEVELS
from engine.clash.match import play_match
from tournaments.models import (
    Event,
    EventFormat,
    EventStatus,
    JobStatus,
    Match,
    MatchJob,
    Registration,
    Round,
    RoundStatus,
)
from tournaments.services.engine_jobs import decks_for_match, job_seed
from tournaments.services.match_batches import DEFAULT_BATCH, jobs_for_round_batched
from tournaments.services.phases import phases_write

REPO = Path(__file__).resolve().parents[3]
BENCH_NAME = "Benchmark (bench_matches): deleted when the run ends"


class Command(DatabaseCommand):
    help = ("Play AI-against-AI matches through the broker and real worker processes and "
            "compare with the engine's raw speed.")

    def add_arguments(self, parser) -> None:  # noqa: ANN001
        parser.add_argument("--matches", type=int, default=2000)
        parser.add_argument("--ai", default=None,
                            help="the AI level (default: the CLASH_AI_SEAT_LEVEL setting)")
        parser.add_argument("--batch", type=int, default=DEFAULT_BATCH,
                            help="the most match jobs per task (the last tasks get fewer)")
        parser.add_argument("--workers", default="1,2",
                            help="worker process counts to measure (default 1,2)")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--timeout", type=float, default=1800.0)

    def handle(self, *args, **options) -> None:
        self._refuse_unless_real_services()
        count, batch = options["matches"], options["batch"]
        if count < 1 or batch < 1:
            raise CommandError("--matches and --batch must be at least 1")
        level = options["ai"] or settings.CLASH_AI_SEAT_LEVEL
        if level not in LEVELS:
            raise CommandError(f"unknown AI level {level!r}: known are {', '.join(LEVELS)}")
        try:
            processes = [int(n) for n in options["workers"].split(",")]
        except ValueError:
            raise CommandError("--workers is a comma-separated list of numbers") from None
        self.stdout.write(f"bench_matches: {count} best-of-3 matches, AI level {level}, "
                          f"at most {batch} jobs per task, database "
                          f"{connection.settings_dict['NAME']}"
                          f", broker {urlsplit(app.conf.broker_url).netloc}, "
                          f"{os.cpu_count()} CPUs")
        through, raws = {}, {}
        for n in processes:
            (before, after), through[n] = self._through_workers(
                count, level, options["seed"], batch, n, options["timeout"])
            raws[n] = raw = (before + after) / 2
            self.stdout.write(f"engine alone, the same {count} matches in this process with no "
                              f"database: {raw:.1f} matches/s ({before:.1f} before the "
                              f"workers' run, {after:.1f} after)")
            overhead = 1 - through[n] / raw
            self.stdout.write(f"through {n} worker process{'es' if n > 1 else ''}: "
                              f"{through[n]:.1f} matches/s ({overhead:+.1%} overhead against "
                              f"the engine alone{self._per_process(n, raw, through[n])})")
        self._verdict(raws, through)

    def _per_process(self, n: int, raw: float, speed: float) -> str:
        return "" if n == 1 else f"; {1 - speed / (n * raw):+.1%} against {n} x raw"

    def _verdict(self, raws: dict[int, float], through: dict[int, float]) -> None:
        if 1 in through:
            overhead = 1 - through[1] / raws[1]
            verdict = "met" if overhead < 0.20 else f"missed by {overhead - 0.20:.1%} points"
            self.stdout.write(f"overhead of one worker process: {overhead:.1%} "
                              f"(target under 20%: {verdict})")
        if 1 in through and 2 in through:
            speedup = through[2] / through[1]
            verdict = "met" if speedup >= 1.8 else f"missed by {1.8 - speedup:.2f}x"
            self.stdout.write(f"speed-up from 1 to 2 processes: {speedup:.2f}x "
                              f"(target at least 1.8x: {verdict})")

    def _refuse_unless_real_services(self) -> None:
        if connection.vendor != "postgresql":
            raise CommandError(
                f"bench_matches needs PostgreSQL (this database is {connection.vendor}): set "
                f"DATABASE_URL=postgres://... so the workers share the database")
        scheme = urlsplit(settings.CELERY_BROKER_URL or "").scheme
        if scheme not in ("redis", "rediss"):
            raise CommandError(
                f"bench_matches needs the Redis broker (the broker URL is {scheme or 'unset'}"
                f"://): set CELERY_BROKER_URL=redis://...")

    # The engine alone ----------------------------------------------------------------------

    def _raw(self, rnd: Round, level: str) -> float:
        """The round's matches (same decks, same seeds) played in this process, nothing
        written."""
        matches = list(Match.objects.filter(round=rnd).select_related(
            "round__event", "player_a__decklist_version", "player_b__decklist_version"))
        work = [(decks_for_match(m, rnd.event, job_seed(rnd, m)), job_seed(rnd, m))
                for m in matches]
        started = time.perf_counter()
        for decks, match_seed in work:
            play_match(decks, match_seed, (level, level), best_of=3)
        return len(work) / (time.perf_counter() - started)

    # Through the workers -------------------------------------------------------------------

    def _through_workers(self, count: int, level: str, seed: int, batch: int, processes: int,
                         timeout: float) -> tuple[tuple[float, float], float]:
        """((the engine alone before, after), through the workers) in matches/s, over one
        fresh event."""
        queue = f"clash-bench-{uuid.uuid4().hex[:10]}"
        worker = self._start_worker(queue, processes, level)
        rnd = None
        try:
            with transaction.atomic():
                rnd = self._event(count, seed)
            raw = self._raw(rnd, level)
            started = timezone.now()
            jobs_for_round_batched(round_id=rnd.pk, now=started, batch=batch, queue=queue)
            deadline = time.monotonic() + timeout
            while MatchJob.objects.filter(match__round=rnd).exclude(
                    status=JobStatus.DONE).exists():
                if worker.poll() is not None:
                    raise CommandError("the worker exited: "
                                       + worker.stderr.read().decode()[-2000:])
                if time.monotonic() > deadline:
                    raise CommandError(f"the workers did not finish in {timeout:.0f} s")
                # Seldom: the time is read off the jobs, and this process should take no
                # CPU from the workers.
                time.sleep(0.5)
            # From queueing to the last result written, by the clock the workers stamp the
            # jobs with (the same machine's).
            last = MatchJob.objects.filter(match__round=rnd).aggregate(Max("finished_at"))
            seconds = (last["finished_at__max"] - started).total_seconds()
            after = self._raw(rnd, level)
        finally:
            self._stop(worker)
            with app.connection_for_write() as conn:
                conn.default_channel.queue_delete(queue)
            if rnd is not None:
                self._delete(rnd.event_id)
        return (raw, after), count / seconds

    def _start_worker(self, queue: str, processes: int, level: str) -> subprocess.Popen:
        s = connection.settings_dict
        password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
        env = child_environment(**{
            "DJANGO_SETTINGS_MODULE": settings.SETTINGS_MODULE,
            "DATABASE_URL": f"postgres://{s.get('USER') or 'postgres'}{password}@"
                            f"{s.get('HOST') or '127.0.0.1'}:{s.get('PORT') or 5432}/{s['NAME']}",
            "CELERY_BROKER_URL": app.conf.broker_url,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            # As in production: local settings' DEBUG would log every query's SQL text.
            "DEBUG": "0",
            "CLASH_AI_SEAT_LEVEL": level,
            "PYTHONPATH": str(REPO),
        })
        name = f"bench-{uuid.uuid4().hex[:8]}@localhost"
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "clash", "worker", "-l", "warning",
             "-c", str(processes), "-Q", queue, "-n", name, "--without-gossip",
             "--without-mingle", "--without-heartbeat"],
            cwd=REPO, env=env, start_new_session=True, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[name], timeout=0.5):
            if process.poll() is not None or time.monotonic() > deadline:
                self._stop(process)
                raise CommandError("the worker did not start: "
                                   + process.stderr.read().decode()[-2000:])
        # A ping answers once the main process is up; the pool's processes may still be
        # importing. Let them settle so start-up is not counted as work.
        time.sleep(1.0)
        return process

    def _stop(self, process: subprocess.Popen) -> None:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)

    # The throwaway event -------------------------------------------------------------------

    def _event(self, count: int, seed: int) -> Round:
        """A running preconstructed event with 2 x `count` AI seats and one round of `count`
        matches, written with bulk inserts (as the tests' scenes do)."""
        now = timezone.now()
        event = Event.objects.create(name=BENCH_NAME, game=clash_game(),
                                     format=EventFormat.PRECONSTRUCTED, match_length=3,
                                     status=EventStatus.RUNNING, rounds=1, seed=seed,
                                     created_at=now, started_at=now)
        seats = Registration.objects.bulk_create(
            [Registration(event=event, is_ai=True, ai_name=f"AI {i + 1}", checked_in=True,
                          created_at=now) for i in range(2 * count)])
        rnd = Round.objects.create(event=event, phase=phases_write(event=event)[0], number=1,
                                   status=RoundStatus.PLAYING,
                                   seed=seed, paired_at=now)
        Match.objects.bulk_create(
            [Match(round=rnd, table=t + 1, player_a=seats[2 * t], player_b=seats[2 * t + 1],
                   is_ai_match=True) for t in range(count)])
        return rnd

    @transaction.atomic
    def _delete(self, event_id: int) -> None:
        # Matches protect their seats: matches (with their games, jobs and changes) first.
        Match.objects.filter(round__event_id=event_id).delete()
        Event.objects.filter(pk=event_id).delete()

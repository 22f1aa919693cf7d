"""Real Celery worker processes for the integration tests.

A worker is started as its own process group with the test settings, pointed at the test
database (the PostgreSQL database pytest-django created) and at a queue of its own on the
real Redis broker, so tests can SIGKILL it like a machine that dies.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from django.db import connection
from kombu import pools

from clash.celery import app

REPO = Path(__file__).resolve().parents[2]
REDIS_START = ["redis-server", "--daemonize", "yes", "--bind", "127.0.0.1", "-::1", "--port",
               "6379", "--save", "", "--appendonly", "no", "--dir", "/var/lib/redis",
               "--logfile", "/var/log/redis/ci.log"]


def database_url_for_tests() -> str:
    s = connection.settings_dict
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{s['NAME']}"


def _environment(ai_level: str | None = None, compiled: Path | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("CLASH_COMPILED_ENGINE", None)
    if compiled is not None:
        env["CLASH_COMPILED_ENGINE"] = str(compiled)  # clash/compiled_engine.py
    env.update({
        "DJANGO_SETTINGS_MODULE": "clash.settings.test",
        "DATABASE_URL": database_url_for_tests(),
        "CELERY_BROKER_URL": app.conf.broker_url,
        "PYTHONPATH": str(REPO),
    })
    if ai_level:
        env["CLASH_AI_SEAT_LEVEL"] = ai_level
    return env


class Worker:
    """`celery -A clash worker` on `queue`, one process (concurrency 1) unless told; `also`
    names more queues it takes tasks from (beat sends the sweeper to the default one);
    `compiled`, a compiled engine build the worker runs (CLASH_COMPILED_ENGINE)."""

    def __init__(self, queue: str, concurrency: int = 1, ai_level: str | None = None,
                 also: tuple[str, ...] = (), compiled: Path | None = None) -> None:
        self.queue = queue
        self.name = f"test-{uuid.uuid4().hex[:8]}@localhost"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "clash", "worker", "-l", "warning",
             "-c", str(concurrency), "-Q", ",".join((queue, *also)), "-n", self.name,
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=REPO, env=_environment(ai_level, compiled), start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.wait_ready()

    def wait_ready(self, timeout: float = 40.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("the worker exited at start: "
                                   + self.process.stderr.read().decode()[-2000:])
            if app.control.ping(destination=[self.name], timeout=0.5):
                return
        self.kill()
        raise RuntimeError("the worker did not answer a ping within "
                           f"{timeout:.0f} seconds")

    def kill(self) -> None:
        """SIGKILL the whole worker (main process and pool): nothing gets to clean up."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


class Beat:
    """`celery -A clash beat` with the test settings' schedule (the sweeper every
    CLASH_JOB_SWEEP_SECONDS, sent to the broker's default queue `celery`, emptied first)."""

    QUEUE = "celery"

    def __init__(self) -> None:
        with app.connection_for_write() as conn:
            conn.default_channel.queue_purge(self.QUEUE)
        self.folder = tempfile.TemporaryDirectory(prefix="clash-beat-")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "clash", "beat", "-l", "warning",
             "--schedule", str(Path(self.folder.name) / "schedule"), "--pidfile", ""],
            cwd=REPO, env=_environment(), start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.folder.cleanup()


def flush_broker() -> None:
    """FLUSHDB on the broker's Redis database: every queued and reserved message is gone,
    while the server, and every connection to it, stays up."""
    with app.connection_for_write() as conn:
        conn.default_channel.client.flushdb()


def fresh_queue() -> str:
    """A queue of this test's own, made the default so `.delay()` sends there."""
    name = f"clash-test-{uuid.uuid4().hex[:10]}"
    app.conf.task_default_queue = name
    return name


def restart_redis() -> None:
    """Stop Redis (it keeps nothing on disk: every queued message is lost) and start it
    again, as .ci/run does."""
    subprocess.run(["redis-cli", "-p", "6379", "shutdown", "nosave"], capture_output=True)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and subprocess.run(
            ["redis-cli", "-p", "6379", "ping"], capture_output=True).returncode == 0:
        time.sleep(0.1)
    os.makedirs("/var/lib/redis", exist_ok=True)
    os.makedirs("/var/log/redis", exist_ok=True)
    subprocess.run(REDIS_START, check=True, capture_output=True)
    deadline = time.monotonic() + 10
    while subprocess.run(["redis-cli", "-p", "6379", "ping"],
                         capture_output=True).stdout.strip() != b"PONG":
        if time.monotonic() > deadline:
            raise RuntimeError("Redis did not come back")
        time.sleep(0.1)
    # The old connections died with the server: drop the pools so new ones are made.
    app.pool.force_close_all()
    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None

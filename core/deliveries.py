"""Deliveries of tasks whose row is the truth: a token per message, whether the broker can still
deliver it, and a heartbeat while a worker runs it.

A row (a match job, an online game waiting for its AI seat) says what work is owed; a message
only rings the bell. Each message is sent with a task id of its own, the delivery token, stored
on the row in the transaction that sends it (the message leaves once it commits). A sweeper that
finds work owed asks `held` which tokens the broker can still deliver:

* a message waiting in its queue, however long the backlog, is left alone;
* a message reserved by a worker a moment ago is about to run, and is left alone too;
* a message the broker lost (a flush, a restart without persistence), or one a worker reserved
  long ago and never started (it died: Redis gives such a message back only after its
  visibility timeout, an hour), is sent again under a new token.

A delivery whose token is no longer its row's was replaced, and does nothing, so a message the
sweeper wrongly took for lost costs one empty delivery, never a second run.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from django.db import DatabaseError, connections, transaction
from kombu.exceptions import OperationalError

# Messages read from a Redis queue list per round trip.
PAGE = 500


def new_token() -> str:
    return str(uuid.uuid4())


def queue_name(queue: str | None = None) -> str:
    """The queue a message goes to: `queue`, else the Celery app's default queue (stored on
    the row, so any process can look for the message where it went)."""
    from celery import current_app as app

    return queue or app.conf.task_default_queue


def send_on_commit(task: Any, args: list, *, token: str, queue: str) -> None:
    """Send `task(*args, delivery=token)` to `queue` once the transaction commits, with the
    task id `token` (what `held` looks for)."""
    transaction.on_commit(lambda: task.apply_async(
        args, {"delivery": token}, task_id=token, queue=queue))


def held(deliveries: Mapping[str, str], *, reserved_for: float,
         now: float | None = None) -> set[str] | None:
    """The tokens of `deliveries` ({token: queue name}) whose message the broker can still
    deliver: waiting in its queue, or reserved by a worker less than `reserved_for` seconds
    ago (by the epoch clock `now`, default the current time). None when the broker is not
    Redis, or cannot be reached: its queues cannot be looked into, and the caller must judge
    by age alone."""
    from celery import current_app as app

    wanted = set(deliveries)
    if not wanted:
        return set()
    now = time.time() if now is None else now
    with app.connection_for_read() as conn:
        if conn.transport.driver_type != "redis":
            return None
        try:
            conn.ensure_connection(max_retries=1)
            return _held(conn.default_channel, deliveries, wanted, reserved_for, now)
        except (OperationalError, *conn.connection_errors):
            return None


def _held(channel: Any, deliveries: Mapping[str, str], wanted: set[str], reserved_for: float,
          now: float) -> set[str]:
    client = channel.client
    found: set[str] = set()
    # The queues first, then the reservations: a message a worker takes meanwhile leaves
    # its queue before it is recorded as reserved, and is seen in one or the other.
    for queue in sorted(set(deliveries.values())):
        for priority in channel.priority_steps:
            key = channel._q_for_pri(queue, priority)
            start = 0
            # Workers pop from the tail and senders push at the head, so reading from the
            # head page by page may see a message twice but never skips one.
            while found != wanted:
                page = client.lrange(key, start, start + PAGE - 1)
                found.update(t for t in map(_task_id, page) if t in wanted)
                if len(page) < PAGE:
                    break
                start += PAGE
    if found != wanted:
        since = dict(client.zrange(channel.unacked_index_key, 0, -1, withscores=True))
        for tag, raw in client.hgetall(channel.unacked_key).items():
            token = _task_id(raw, reserved=True)
            # A reservation not yet in the index was made just now.
            if token in wanted and since.get(tag, now) > now - reserved_for:
                found.add(token)
    return found


def _task_id(raw: bytes, reserved: bool = False) -> str | None:
    """The task id of a message as kombu's Redis transport stores it (a reserved one is kept
    as [message, exchange, routing key])."""
    try:
        message = json.loads(raw)
        if reserved:
            message = message[0]
        return message["headers"]["id"]
    except (ValueError, LookupError, TypeError):
        return None


@contextmanager
def heartbeat(beat: Callable[[], object], *, every: float) -> Iterator[None]:
    """Call `beat` every `every` seconds from a thread of this process while the block runs: a
    worker deep in a long computation stamps its rows, so a sweeper can tell it from a worker
    that died. The thread's database connection is closed when the block ends. Inside a
    transaction (work run in-process, as the rehearsal does) it does not beat: the stamps
    would wait on the caller's own row locks."""
    if transaction.get_connection().in_atomic_block:
        yield
        return
    stop = threading.Event()

    def run() -> None:
        try:
            while not stop.wait(every):
                try:
                    beat()
                except DatabaseError:
                    # A missed beat: the next may pass. Should none pass, the sweeper sends the
                    # work again, and it is still recorded once.
                    connections.close_all()
        finally:
            connections.close_all()  # this thread's own connections only

    thread = threading.Thread(target=run, name="clash-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        # Bounded: a beat waiting on a lock ends on its own once the lock is released.
        thread.join(timeout=max(every, 1.0))

"""core/deliveries.py without a broker: the heartbeat thread, and reading kombu's stored
messages (tests/integration looks into the real Redis)."""

import json
import threading
import time

import pytest
from django.db import transaction

from core.deliveries import _task_id, heartbeat


def test_a_heartbeat_beats_while_the_block_runs_and_stops_with_it():
    beats = []
    with heartbeat(lambda: beats.append(threading.current_thread().name), every=0.02):
        time.sleep(0.2)  # a long computation in the calling thread
    during = len(beats)
    time.sleep(0.1)
    assert during >= 3 and len(beats) == during  # no beat once the block has ended
    assert set(beats) == {"clash-heartbeat"}  # beaten from a thread of its own


def test_a_block_shorter_than_the_interval_never_beats():
    beats = []
    with heartbeat(lambda: beats.append(1), every=5.0):
        pass
    assert beats == []


def test_the_task_id_is_read_from_a_queued_and_from_a_reserved_message():
    message = {"body": "W10=", "headers": {"id": "4f1c", "task": "t"}, "properties": {}}
    assert _task_id(json.dumps(message).encode()) == "4f1c"
    assert _task_id(json.dumps([message, "", "celery"]).encode(), reserved=True) == "4f1c"
    assert _task_id(b"not json") is None


@pytest.mark.django_db(transaction=True)
def test_work_run_inside_a_transaction_does_not_beat():
    """Its stamps would wait on the row locks of the caller's own transaction."""
    beats = []
    with transaction.atomic(), heartbeat(lambda: beats.append(1), every=0.01):
        time.sleep(0.1)
    assert beats == []

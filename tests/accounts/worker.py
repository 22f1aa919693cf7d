"""The accounts' mail is sent by tasks once the request's transaction commits. In a test
nothing commits: `worker()` captures what a block enqueues for after its commit and runs each
task in this process as a worker would, its arguments through JSON as the broker carries
them (the suite's settings are not eager, and nothing is sent to a broker)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from celery import Task
from django.test import TestCase

from core.live import Hint


def tasks_of(callbacks: list) -> list[tuple[str, dict]]:
    """The tasks (name, keyword arguments) among captured on-commit callbacks; a callback of
    any other kind fails the test, as it would do something this helper does not run."""
    found = []
    for callback in callbacks:
        if isinstance(callback, Hint):  # the live pages' hints: not the worker's
            continue
        task = getattr(getattr(callback, "func", None), "__self__", None)
        assert isinstance(task, Task), f"not a task sent on commit: {callback!r}"
        assert not callback.args, "the accounts' tasks take keyword arguments"
        found.append((task.name, json.loads(json.dumps(callback.keywords))))
    return found


@contextmanager
def worker() -> Iterator[list]:
    """Yields the list of (task name, arguments) enqueued in the block, filled when it ends,
    after the tasks have run."""
    enqueued: list = []
    with TestCase.captureOnCommitCallbacks() as callbacks:
        yield enqueued
    from clash.celery import app

    for name, kwargs in tasks_of(callbacks):
        app.tasks[name].apply(kwargs=kwargs, throw=True)
        enqueued.append((name, kwargs))

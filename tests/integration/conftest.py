"""Fixtures shared by the integration tests (real workers on the real Redis broker)."""

import pytest

from clash.celery import app
from tests.integration.workers import fresh_queue


@pytest.fixture
def queue():
    """A Redis queue of the test's own, made the default for what it sends; deleted after."""
    name = fresh_queue()
    yield name
    with app.connection_for_write() as conn:
        conn.default_channel.queue_delete(name)
    app.conf.task_default_queue = "celery"

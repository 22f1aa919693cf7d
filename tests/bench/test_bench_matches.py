"""`manage.py bench_matches`: it measures real workers on a database and a broker they share,
and refuses before it starts one where they cannot."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from bench.management.commands.bench_matches import Command

pytestmark = pytest.mark.django_db


def test_bench_matches_refuses_a_database_or_broker_the_workers_cannot_share(
        monkeypatch, settings):
    def never(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("the command went on to start workers")

    monkeypatch.setattr(Command, "_through_workers", never)
    if connection.vendor != "postgresql":
        with pytest.raises(CommandError, match="needs PostgreSQL"):
            call_command("bench_matches", "--matches", "2")
    monkeypatch.setattr(connection, "vendor", "postgresql")
    settings.CELERY_BROKER_URL = "memory://"
    with pytest.raises(CommandError, match="needs the Redis broker"):
        call_command("bench_matches", "--matches", "2")

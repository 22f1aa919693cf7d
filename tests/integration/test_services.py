"""Against the real services: PostgreSQL as the Django database, Redis as the Celery broker.

Skipped with a reason when a service is not reachable, and failed instead under
CLASH_REQUIRE_SERVICES=1 (see tests/conftest.py). The PostgreSQL tests run in `make test`'s
PostgreSQL run (DATABASE_URL=postgres://...).
"""

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

from clash.celery import app as celery_app


@pytest.mark.postgres
@pytest.mark.django_db
def test_the_test_database_is_a_real_postgresql_15_or_newer() -> None:
    assert connection.vendor == "postgresql"
    assert connection.pg_version >= 150000
    assert connection.settings_dict["NAME"].startswith("test_")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_rows_round_trip_and_lock_on_postgresql() -> None:
    user_model = get_user_model()
    user_model.objects.create_user(username="organiser", password="pass")

    with transaction.atomic():
        locked = user_model.objects.select_for_update(nowait=True).get(username="organiser")
        assert locked.check_password("pass")


@pytest.mark.redis
def test_celery_broker_connection_reaches_redis() -> None:
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1)
        assert conn.transport.driver_type == "redis"
        assert conn.default_channel.client.ping() is True


@pytest.mark.redis
def test_a_message_round_trips_through_the_celery_broker() -> None:
    queue_name = f"clash-test-{uuid.uuid4().hex}"
    with celery_app.connection_for_write() as conn:
        queue = conn.SimpleQueue(queue_name)
        try:
            queue.put({"match": 7, "result": "2-1"})
            message = queue.get(timeout=5)
            message.ack()
            assert message.payload == {"match": 7, "result": "2-1"}
        finally:
            queue.queue.delete()
            queue.close()

from __future__ import annotations

import re

import pytest

from tests.factories import UserFactory
from tests.web import html


@pytest.fixture
def player(client):
    user = UserFactory(username="alice")
    client.force_login(user)
    return user


def legal_tokens(response) -> list[str]:
    """The action buttons of a game page, in page order."""
    return re.findall(r'name="action" value="([^"]+)"', html(response))


def seen(response) -> int:
    return int(re.search(r'name="n" value="(\d+)"', html(response)).group(1))


@pytest.fixture
def eager():
    """AI replies run in-process once the transaction that sent them commits, as under the
    local settings (the embedded default). Tests using it need a transactional database,
    where transactions really commit."""
    from clash.celery import app

    # The Django-namespaced key is the one Celery reads for this app.
    app.conf.update(task_always_eager=True, CELERY_TASK_ALWAYS_EAGER=True)
    yield
    app.conf.update(task_always_eager=False, CELERY_TASK_ALWAYS_EAGER=False)

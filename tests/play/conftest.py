from __future__ import annotations

import re

import pytest

from tests.factories import UserFactory


@pytest.fixture
def player(client):
    user = UserFactory(username="alice")
    client.force_login(user)
    return user


def html(response) -> str:
    return response.content.decode()


def legal_tokens(response) -> list[str]:
    """The action buttons of a game page, in page order."""
    return re.findall(r'name="action" value="([^"]+)"', html(response))


def seen(response) -> int:
    return int(re.search(r'name="n" value="(\d+)"', html(response)).group(1))

"""A person downloads their own data as JSON: their profile, collection, decklists with
versions, registrations with results, solo results and online games, and nobody else's."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.accounts.scene import world
from tests.factories import starter_kit
from tests.web import signed_in
from tests.worlds import built_once, fresh

pytestmark = pytest.mark.django_db


@built_once
def scene_built() -> dict:
    """tests/accounts/scene.py's world, built once for the module (tests/worlds.py)."""
    starter_kit()
    return world()


@pytest.fixture
def scene(scene_built) -> dict:
    return fresh(scene_built)


def download(user):  # noqa: ANN001, ANN201
    response = signed_in(user).get(reverse("accounts:data"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"] == f'attachment; filename="clash-{user.username}.json"'
    return response.content.decode(), json.loads(response.content)


def test_the_download_holds_the_persons_own_data(scene):
    _, data = download(scene["ada"])
    assert data["profile"] == {**data["profile"], "username": "ada", "display_name": "Ada L.",
                               "email": "ada@example.com", "email_confirmed": True}
    assert {"card": "BARON", "set": "Starter Kit", "count": 1} in data["collection"]
    lists = {d["name"]: d for d in data["decklists"]}
    assert lists["Ada's Own Brew"]["versions"] == [
        {**lists["Ada's Own Brew"]["versions"][0], "number": 1, "cards": ["BARON"]}]
    events = {r["event"]["name"]: r for r in data["registrations"]}
    assert set(events) == {"Harbour Open", "Night Clash", "Next Week"}
    [match] = events["Harbour Open"]["matches"]
    assert (match["opponent"], match["wins"], match["losses"]) == ("ben", 2, 0)
    assert [r["won"] for r in data["solo_results"]] == [True]
    assert [g["kind"] for g in data["online_games"]] == ["solo"]


def test_another_persons_data_never_appears(scene):
    body, data = download(scene["ada"])
    for secret in ("ben@example.com", "Ben's Secret Tech", "Ben\\u0027s"):
        assert secret not in body
    assert all(d["name"] != "Ben's Secret Tech" for d in data["decklists"])
    assert len(data["solo_results"]) == 1
    # And the other way round: ben's download holds nothing of ada's beyond her shown name.
    body, _ = download(scene["ben"])
    assert "ada@example.com" not in body and "Ada's Own Brew" not in body


def test_only_a_signed_in_person_downloads(client):
    response = client.get(reverse("accounts:data"))
    assert response.status_code == 302 and reverse("login") in response["Location"]

"""A person deletes their account: their results stay in past events under an anonymised
name, their lists, collection and games go, a running event's seat is dropped first."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import Profile
from decks.models import CollectionEntry, Decklist, DecklistVersion
from play.models import OnlineGame, SoloResult
from tests.accounts.scene import world
from tests.factories import starter_kit
from tests.web import html, signed_in
from tests.worlds import built_once, fresh
from tournaments.models import Match, Registration
from tournaments.selectors.standings import standings_for_event

pytestmark = pytest.mark.django_db


@built_once
def scene_built() -> dict:
    """tests/accounts/scene.py's world, built once for the module (tests/worlds.py)."""
    starter_kit()
    return world()


@pytest.fixture
def scene(scene_built) -> dict:
    return fresh(scene_built)


def delete(user, password="pw-for-tests-1"):  # noqa: ANN001, ANN201
    client = signed_in(user)
    return client, client.post(reverse("accounts:delete"), {"password": password})


def test_deleting_keeps_past_results_under_a_former_players_name(scene):
    seat = scene["seat"]
    before = [(row.rank, row.match_points) for row in standings_for_event(scene["Harbour Open"])]
    client, response = delete(scene["ada"])
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert not get_user_model().objects.filter(username="ada").exists()
    assert "_auth_user_id" not in client.session

    seat.refresh_from_db()
    assert seat.player_id is None and seat.former_player and seat.decklist_version_id is None
    name = f"Former player {seat.pk}"
    assert seat.name == name
    rows = standings_for_event(scene["Harbour Open"])
    assert [(row.rank, row.match_points) for row in rows] == before
    assert {row.name for row in rows} == {name, "ben"}
    assert Match.objects.filter(player_a=seat).exists() or Match.objects.filter(
        player_b=seat).exists()
    page = html(client.get(reverse("tournaments:standings", args=[scene["Harbour Open"].pk])))
    assert name in page and "Ada L." not in page


def test_a_running_events_seat_is_dropped_and_a_registration_withdrawn(scene):
    night = scene["night_seat"]
    delete(scene["ada"])
    night.refresh_from_db()
    assert night.dropped and night.former_player
    assert not Registration.objects.filter(event=scene["Next Week"], player=None).exists()
    assert Registration.objects.filter(event=scene["Next Week"]).count() == 1


def test_lists_collection_and_games_go_and_nobody_elses(scene):
    ada, ben = scene["ada"], scene["ben"]
    ben_lists = Decklist.objects.filter(owner=ben).count()
    ben_cards = CollectionEntry.objects.filter(owner=ben).count()
    delete(ada)
    assert not Decklist.objects.filter(pk__in=scene["ada_lists"]).exists()
    assert not DecklistVersion.objects.filter(decklist_id__in=scene["ada_lists"]).exists()
    assert not CollectionEntry.objects.filter(owner_id=ada.pk).exists()
    assert not SoloResult.objects.filter(player_id=ada.pk).exists()
    assert not OnlineGame.objects.filter(player_a_id=ada.pk).exists()
    assert not Profile.objects.filter(user_id=ada.pk).exists()
    assert Decklist.objects.filter(owner=ben).count() == ben_lists
    assert CollectionEntry.objects.filter(owner=ben).count() == ben_cards
    assert SoloResult.objects.filter(player=ben).count() == 1


def test_a_wrong_password_deletes_nothing(scene):
    _, response = delete(scene["ada"], password="not-it")
    assert response.status_code == 400 and "That is not your password." in html(response)
    assert get_user_model().objects.filter(username="ada").exists()


def test_the_me_page_links_to_deletion_and_download(scene):
    page = html(signed_in(scene["ada"]).get(reverse("me")))
    assert reverse("accounts:delete") in page and reverse("accounts:data") in page
    assert "Shown as Ada L." in page

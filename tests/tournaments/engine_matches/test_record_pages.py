"""The record-upload page of a match: a player uploads a reported game's engine record and
sees it waiting for its replay; bad records are refused next to the field; only the two
players and the organizers see the page."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.engine_matches.test_verification import player_against_ai, report
from tests.web import html
from tournaments.models import UploadStatus

pytestmark = pytest.mark.django_db


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def records_url(match) -> str:
    return reverse("tournaments:match_records", args=[match.round.event_id, match.pk])


def test_a_player_uploads_a_record_from_the_page_and_sees_it_waiting(
        django_capture_on_commit_callbacks):
    match, player, played = player_against_ai()
    report(match, player, played)
    client = as_user(player)
    upload = SimpleUploadedFile("game1.json", played.games[0].dumps().encode(),
                                content_type="application/json")
    with django_capture_on_commit_callbacks() as callbacks:
        response = client.post(records_url(match), {"record": upload})
    assert response.status_code == 302 and len(callbacks) == 1
    page = html(client.get(records_url(match)))
    assert "Game 1" in page and UploadStatus.PENDING.label.lower() in page


def test_a_bad_record_is_refused_next_to_the_field():
    match, player, played = player_against_ai()
    report(match, player, played)
    upload = SimpleUploadedFile("game1.json", b"{ not json", content_type="application/json")
    response = as_user(player).post(records_url(match), {"record": upload})
    assert response.status_code == 400 and "must be JSON" in html(response)
    data = json.loads(played.games[0].dumps())
    data["catalogue"] = "another@1"
    upload = SimpleUploadedFile("g.json", json.dumps(data).encode())
    response = as_user(player).post(records_url(match), {"record": upload})
    assert response.status_code == 400 and "made with catalogue" in html(response)


def test_only_the_players_and_organizers_see_the_record_page():
    match, player, _ = player_against_ai()
    assert as_user(UserFactory()).get(records_url(match)).status_code == 403
    assert as_user(player).get(records_url(match)).status_code == 200
    organizer = match.round.event.organizers.first()
    assert as_user(organizer).get(records_url(match)).status_code == 200

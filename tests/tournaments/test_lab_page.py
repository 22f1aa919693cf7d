"""The deck lab page: who sees it, what it starts, the progress it reports while the chunks
run, the result after a refresh (a chart with 95% intervals), and the record-upload page."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks.models import Decklist, DecklistVersion
from decks.services.catalogue import clash_game
from engine.clash.cards import load_catalogue
from engine.clash.lab import lab_chunk
from tests.factories import UserFactory
from tests.tournaments.test_verification import player_against_ai, report
from tournaments.models import LabRun, LabRunStatus, UploadStatus
from tournaments.services.lab_runs import wilson

pytestmark = pytest.mark.django_db


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def html(response) -> str:
    return response.content.decode()


@pytest.fixture
def eager():
    """Tasks run in-process, as under the local settings (the embedded default)."""
    from clash.celery import app

    # The Django-namespaced key is the one Celery reads for this app.
    app.conf.update(task_always_eager=True, CELERY_TASK_ALWAYS_EAGER=True)
    yield
    app.conf.update(task_always_eager=False, CELERY_TASK_ALWAYS_EAGER=False)


def test_the_lab_needs_a_signed_in_user():
    response = Client().get(reverse("tournaments:lab"))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_form_offers_the_preconstructed_decks_and_the_users_own_lists():
    user = UserFactory()
    mine = Decklist.objects.create(owner=user, game=clash_game(), name="Night shift",
                                   kind="preconstructed", created_at=timezone.now())
    Decklist.objects.create(owner=UserFactory(), game=clash_game(), name="Not yours",
                            kind="preconstructed", created_at=timezone.now())
    page = html(as_user(user).get(reverse("tournaments:lab")))
    assert "Preconstructed deck 1" in page and "Preconstructed deck 4" in page
    assert f'value="list-{mine.pk}"' in page and "Night shift" in page
    assert "Not yours" not in page
    assert "No runs yet" in page


def test_with_eager_tasks_a_run_finishes_at_once_and_survives_a_refresh(eager):
    user = UserFactory()
    client = as_user(user)
    response = client.post(reverse("tournaments:lab"), {
        "deck": "pre-2", "field": ["1", "3"], "games": "60", "ai": "random"})
    run = LabRun.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == reverse(
        "tournaments:lab_run", args=[run.pk])
    cat = load_catalogue()
    expected = lab_chunk(cat.deck(2), [cat.deck(1), cat.deck(3)], run.seed, 0, 60, "random")
    assert run.status == LabRunStatus.DONE and run.result == expected.to_json()
    for _ in range(2):  # the page, then a refresh: the stored result both times
        page = html(client.get(response["Location"]))
        assert "<svg" in page and "Overall" in page and "vs deck 1" in page
        assert "vs deck 3" in page and "95% interval" in page
        assert "data-lab-status" not in page  # nothing left to poll
    status = client.get(reverse("tournaments:lab_run_status", args=[run.pk])).json()
    assert status["finished"] and status["done"] == status["total"]
    assert "Preconstructed deck 2" in html(client.get(reverse("tournaments:lab")))


def test_another_users_run_does_not_exist_for_you():
    run = LabRun.objects.create(owner=UserFactory(), deck_label="Deck 1", deck=[], field=[1],
                                games=1, ai="random", seed=1, created_at=timezone.now())
    client = as_user(UserFactory())
    assert client.get(reverse("tournaments:lab_run", args=[run.pk])).status_code == 404
    assert client.get(reverse("tournaments:lab_run_status", args=[run.pk])).status_code == 404


@pytest.mark.parametrize(("data", "message"), [
    ({"games": "100001"}, "less than or equal to 100000"),
    ({"games": "0"}, "greater than or equal to 1"),
    ({"field": []}, "This field is required"),
    ({"ai": "psychic"}, "Select a valid choice"),
])
def test_bad_requests_start_nothing_and_say_why(data, message):
    user = UserFactory()
    form = {"deck": "pre-1", "field": ["2"], "games": "100", "ai": "random", **data}
    response = as_user(user).post(reverse("tournaments:lab"), form)
    assert response.status_code == 400 and message in html(response)
    assert not LabRun.objects.exists()


def test_a_constructed_list_of_ten_is_refused_with_the_engines_reason():
    user = UserFactory()
    decklist = Decklist.objects.create(owner=user, game=clash_game(), name="Ten",
                                       kind="constructed", created_at=timezone.now())
    cards = load_catalogue().deck(1) + load_catalogue().deck(2)[:2]
    DecklistVersion.objects.create(decklist=decklist, number=1, cards=cards,
                                   created_at=timezone.now())
    response = as_user(user).post(reverse("tournaments:lab"), {
        "deck": f"list-{decklist.pk}", "field": ["2"], "games": "100", "ai": "random"})
    assert response.status_code == 400 and "the deck:" in html(response)
    assert not LabRun.objects.exists()


def test_the_interval_is_the_wilson_score_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(100, 100)
    assert high == pytest.approx(1.0) and 0.96 < low < 0.97


def test_the_lab_pages_load_nothing_from_another_site(eager):
    user = UserFactory()
    client = as_user(user)
    client.post(reverse("tournaments:lab"), {"deck": "pre-1", "field": ["2"], "games": "10",
                                             "ai": "random"})
    run = LabRun.objects.get()
    for path in (reverse("tournaments:lab"), reverse("tournaments:lab_run", args=[run.pk])):
        assert not re.search(r'(src|href)="(https?:)?//', html(client.get(path)))


# The record-upload page -------------------------------------------------------------------------


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

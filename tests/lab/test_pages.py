"""The deck lab page: who sees it, what it starts, the progress it reports while the chunks
run, and the run's row as its page shows it (running, failed with the reason, or the result
as a chart with 95% intervals, the same after a refresh)."""

from __future__ import annotations

import re
import threading

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks.services.catalogue import clash_game
from engine.clash.cards import load_catalogue
from engine.clash.lab import lab_chunk
from engine.clash.lab_lists import lab_game_decks, lab_list_chunk
from lab.models import LabRun, LabRunStatus
from lab.selectors import wilson
from lab.services.runs import thread_name
from lab.tasks import lab_chunk_task, lab_merge_task
from tests.factories import UserFactory
from tests.factories.decklists import LIST_A
from tests.factories.decks import DecklistFactory, DecklistVersionFactory
from tests.factories.lab import LabRunFactory
from tests.web import html

pytestmark = pytest.mark.django_db


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


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
    mine = DecklistFactory(owner=user, game=clash_game(), name="Night shift",
                           kind="preconstructed")
    DecklistFactory(owner=UserFactory(), game=clash_game(), name="Not yours",
                    kind="preconstructed")
    page = html(as_user(user).get(reverse("tournaments:lab")))
    assert "Preconstructed deck 1" in page and "Preconstructed deck 4" in page
    assert f'value="list-{mine.pk}"' in page and "Night shift" in page
    assert "Not yours" not in page
    assert "No runs yet" in page


def wait_for_in_process_run(run_id: int) -> None:
    """Wait for the thread that plays an in-process run (lab.services.runs)."""
    for thread in threading.enumerate():
        if thread.name == thread_name(run_id):
            thread.join(timeout=60)


@pytest.mark.django_db(transaction=True)  # the run's thread reads the committed row
def test_with_eager_tasks_a_run_plays_in_a_thread_and_survives_a_refresh(eager):
    user = UserFactory()
    client = as_user(user)
    response = client.post(reverse("tournaments:lab"), {
        "deck": "pre-2", "field": ["1", "3"], "games": "60", "ai": "random"})
    run = LabRun.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == reverse(
        "tournaments:lab_run", args=[run.pk])
    wait_for_in_process_run(run.pk)
    run.refresh_from_db()
    assert run.games_done == 60
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
    run = LabRunFactory(owner=UserFactory(), deck_label="Deck 1", deck=[], field=[1], games=1,
                        ai="random", seed=1)
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


def test_a_constructed_list_of_ten_is_played_after_the_ban_two_procedure(
        django_capture_on_commit_callbacks):
    user = UserFactory()
    decklist = DecklistFactory(owner=user, game=clash_game(), name="Ten", kind="constructed")
    DecklistVersionFactory(decklist=decklist, number=1, cards=list(LIST_A))
    client = as_user(user)
    page = html(client.get(reverse("tournaments:lab")))
    assert "a constructed list of 10" in page and "rule C-2.5" in page
    with django_capture_on_commit_callbacks() as callbacks:
        response = client.post(reverse("tournaments:lab"), {
            "deck": f"list-{decklist.pk}", "field": ["2", "3"], "games": "24",
            "ai": "random"})
    run = LabRun.objects.get(owner=user)
    assert response.status_code == 302 and len(callbacks) == 1
    assert run.deck == LIST_A and run.deck_label == "Ten"
    # The chunks as the workers play them: each game the list's 8 cards after the bans.
    cat = load_catalogue()
    field = [cat.deck(2), cat.deck(3)]
    parts = [lab_chunk_task(run.deck, field, run.seed, start, 12, "random", run_id=run.pk)
             for start in (0, 12)]
    lab_merge_task(parts, run_id=run.pk)
    run.refresh_from_db()
    expected = lab_list_chunk(LIST_A, field, run.seed, 0, 24, "random")
    assert run.status == LabRunStatus.DONE and run.result == expected.to_json()
    for k in range(24):
        (a, b), mine, _ = lab_game_decks(LIST_A, field, run.seed, k)
        assert len((a, b)[mine]) == 8 and set((a, b)[mine]) < set(LIST_A)
    page = html(client.get(reverse("tournaments:lab_run", args=[run.pk])))
    assert "bans two of its cards with the AI" in page and "ban policy" in page


def test_a_list_of_neither_eight_nor_ten_cards_is_refused_with_the_reason():
    user = UserFactory()
    decklist = DecklistFactory(owner=user, game=clash_game(), name="Nine", kind="constructed")
    DecklistVersionFactory(decklist=decklist, number=1, cards=list(LIST_A[:9]))
    response = as_user(user).post(reverse("tournaments:lab"), {
        "deck": f"list-{decklist.pk}", "field": ["2"], "games": "100", "ai": "random"})
    assert response.status_code == 400 and "9 cards, 8 needed" in html(response)
    assert not LabRun.objects.exists()


def test_test_this_deck_chooses_the_users_own_list_and_no_one_elses():
    user = UserFactory()
    mine = DecklistFactory(owner=user, game=clash_game(), name="Mine", kind="constructed")
    theirs = DecklistFactory(owner=UserFactory(), game=clash_game(), name="Theirs",
                             kind="constructed")
    client = as_user(user)
    page = html(client.get(reverse("tournaments:lab") + f"?deck=list-{mine.pk}"))
    assert re.search(rf'<option value="list-{mine.pk}" selected>', page)
    page = html(client.get(reverse("tournaments:lab") + f"?deck=list-{theirs.pk}"))
    assert "Theirs" not in page and " selected>" not in page.split('name="deck"')[1].split(
        "</select>")[0]


def test_the_interval_is_the_wilson_score_interval():
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(100, 100)
    assert high == pytest.approx(1.0) and 0.96 < low < 0.97


def test_the_lab_pages_load_nothing_from_another_site():
    user = UserFactory()
    client = as_user(user)
    run = run_of(user, status=LabRunStatus.DONE, finished_at=timezone.now(), result={
        "games": 10, "wins": 5, "losses": 5, "draws": 0, "score": 0.5,
        "by_opponent": {"0": [5, 5, 0]}})
    for path in (reverse("tournaments:lab"), reverse("tournaments:lab_run", args=[run.pk])):
        assert not re.search(r'(src|href)="(https?:)?//', html(client.get(path)))


# The row is the truth: the page shows what the chord's callbacks wrote --------------------------


def run_of(user, **fields) -> LabRun:
    return LabRunFactory(owner=user, deck_label="Deck 1", deck=[], field=[2, 3], games=100,
                         ai="random", seed=1, **fields)


def test_starting_a_run_sends_its_chord_only_after_the_commit(
        django_capture_on_commit_callbacks):
    user = UserFactory()
    with django_capture_on_commit_callbacks() as callbacks:
        response = as_user(user).post(reverse("tournaments:lab"), {
            "deck": "pre-2", "field": ["1"], "games": "60", "ai": "random"})
    run = LabRun.objects.get(owner=user)
    assert response.status_code == 302 and len(callbacks) == 1
    assert run.status == LabRunStatus.RUNNING and run.chunk_ids == []  # nothing sent yet


def test_a_running_run_shows_its_progress_and_the_script_that_polls_it():
    user = UserFactory()
    run = run_of(user)
    client = as_user(user)
    page = html(client.get(reverse("tournaments:lab_run", args=[run.pk])))
    assert "data-lab-status" in page and "0 of 100 games played (0%)." in page
    status = client.get(reverse("tournaments:lab_run_status", args=[run.pk])).json()
    assert status == {"status": "running", "done": 0, "total": 100, "finished": False,
                      "text": "0 of 100 games played (0%).", "percent": "0%"}


def test_a_failed_run_shows_the_reason_its_error_callback_wrote():
    user = UserFactory()
    run = run_of(user, status=LabRunStatus.FAILED, error="Dependency 7 raised MemoryError()",
                 chunk_ids=["a", "b"], finished_at=timezone.now())
    client = as_user(user)
    page = html(client.get(reverse("tournaments:lab_run", args=[run.pk])))
    assert "The run failed: Dependency 7 raised MemoryError()" in page
    assert "data-lab-status" not in page
    status = client.get(reverse("tournaments:lab_run_status", args=[run.pk])).json()
    assert status["status"] == "failed" and status["finished"]
    assert status["done"] == status["total"] == 100


def test_a_done_run_shows_the_result_on_its_row():
    user = UserFactory()
    result = {"games": 100, "wins": 50, "losses": 40, "draws": 10, "score": 0.55,
              "by_opponent": {"0": [30, 15, 5], "1": [20, 25, 5]}}
    run = run_of(user, status=LabRunStatus.DONE, result=result, finished_at=timezone.now())
    page = html(as_user(user).get(reverse("tournaments:lab_run", args=[run.pk])))
    assert "Score 55.0% over 100 games: 50 wins, 40 losses, 10 draws" in page
    assert "vs deck 2" in page and "vs deck 3" in page
    # Each row's score and its 95% interval (Wilson) as percentages.
    assert "<td>65.0%</td><td>51.1% to 76.7%</td>" in page
    assert "score 55.0%" in html(as_user(user).get(reverse("tournaments:lab")))

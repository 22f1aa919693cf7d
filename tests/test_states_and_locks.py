"""The shared state-machine moves (core.states) and row locks (core.locks)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connections, transaction

from core.errors import Conflict
from core.locks import LockOutsideTransaction, lock, rank
from tests.factories.tournaments import (
    ConfirmedMatchFactory,
    MatchJobFactory,
    OrganizedEventFactory,
    RoundFactory,
    SeatFactory,
)
from tournaments.models import (
    Event,
    EventStatus,
    JobStatus,
    Match,
    MatchJob,
    Registration,
    Round,
)
from tournaments.services.states import event_move, match_job_move, match_jobs_move

pytestmark = pytest.mark.django_db


def jobs(n: int) -> list[MatchJob]:
    event = OrganizedEventFactory()
    rnd = RoundFactory(event=event, number=1)
    return [MatchJobFactory(match=ConfirmedMatchFactory(
        round=rnd, player_a=SeatFactory(event=event), player_b=SeatFactory(event=event)))
        for _ in range(n)]


def test_a_move_the_organizer_asked_for_in_the_wrong_state_is_a_conflict_that_says_why():
    event = Event(name="Spring Open", status=EventStatus.COMPLETE)
    with pytest.raises(Conflict, match="is complete: it cannot become running .that is final"):
        event_move(event, EventStatus.RUNNING)


def test_a_move_a_service_makes_in_the_wrong_state_is_a_bug():
    job = MatchJob(pk=7, status=JobStatus.DONE)
    with pytest.raises(AssertionError, match="job 7: done -> running is not a legal move"):
        match_job_move(job, JobStatus.RUNNING)
    assert job.status == JobStatus.DONE


def test_a_bulk_move_checks_every_row_before_it_writes_any():
    queued, done = jobs(2)
    MatchJob.objects.filter(pk=done.pk).update(status=JobStatus.DONE)
    with pytest.raises(AssertionError):
        match_jobs_move({queued.pk: JobStatus.QUEUED, done.pk: JobStatus.DONE},
                        JobStatus.RUNNING)
    queued.refresh_from_db()
    assert queued.status == JobStatus.QUEUED
    assert match_jobs_move({queued.pk: JobStatus.QUEUED}, JobStatus.RUNNING) == [queued.pk]
    queued.refresh_from_db()
    assert queued.status == JobStatus.RUNNING


def test_rows_are_locked_parents_first():
    order = sorted([MatchJob, Match, Registration, Round, Event], key=rank)
    assert order.index(Event) < order.index(Round) < order.index(Match) < order.index(MatchJob)
    assert order.index(Registration) < order.index(Match)


@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused():
    (job,) = jobs(1)
    with pytest.raises(LockOutsideTransaction):
        lock(MatchJob.objects.filter(pk=job.pk))
    with transaction.atomic():
        (rows,) = lock(MatchJob.objects.filter(pk=job.pk))
    assert rows == [job]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_locked_match_does_not_block_the_commit_of_a_job_row_that_points_to_it():
    """The circle a CI run met: the worker locks the match, then waits for its job; the
    sweeper, holding the job, updates it twice (a row it changed itself is checked against
    its match again at commit). With FOR UPDATE on the match the commit waited for the
    worker and PostgreSQL killed one of the two; with FOR NO KEY UPDATE both finish."""
    (job,) = jobs(1)
    held, waiting = threading.Event(), threading.Event()
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            held.wait(10)
            with transaction.atomic():
                lock(Match.objects.filter(pk=job.match_id))
                waiting.set()
                lock(MatchJob.objects.filter(pk=job.pk))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            waiting.set()
            connections.close_all()

    thread = threading.Thread(target=worker)
    thread.start()
    try:
        with transaction.atomic():
            (rows,) = lock(MatchJob.objects.filter(pk=job.pk))
            rows[0].save(update_fields=["status"])
            MatchJob.objects.filter(pk=job.pk).update(deliveries=rows[0].deliveries + 1)
            held.set()
            waiting.wait(10)
            time.sleep(0.3)  # the worker now waits for the job row
    finally:
        thread.join(30)
    assert not thread.is_alive()
    assert errors == []

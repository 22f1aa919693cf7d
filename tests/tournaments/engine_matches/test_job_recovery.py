"""Recovery of engine jobs (issue 13, part 3): a heartbeat tells a running job from one whose
worker died, a delivery token tells a message still waiting in the broker (a backlog: left
alone) from one the broker lost, and a replaced delivery does nothing. The broker is a fake
here (`held`); tests/integration runs the same through real workers and Redis."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from tests.tournaments.engine_scene import ai_round
from tournaments.models import JobStatus, MatchJob, MatchStatus
from tournaments.services.engine_jobs import jobs_for_round, jobs_sweep, match_job_run
from tournaments.services.match_batches import jobs_for_round_batched, match_jobs_run_batch

pytestmark = pytest.mark.django_db


def waiting(deliveries, **_):
    """A broker that still holds every message (a backlog)."""
    return set(deliveries)


def lost(deliveries, **_):
    """A broker that lost every message (FLUSHDB, a restart)."""
    return set()


def queued_round(tables: int, ago: timedelta, capture) -> list[MatchJob]:
    with capture():
        jobs_for_round(round_id=ai_round(tables=tables).pk, now=timezone.now() - ago)
    return list(MatchJob.objects.order_by("id"))


def test_a_backlog_waiting_an_hour_in_the_broker_gets_no_second_delivery(
        django_capture_on_commit_callbacks):
    jobs = queued_round(3, timedelta(hours=1), django_capture_on_commit_callbacks)
    asked = []
    with django_capture_on_commit_callbacks() as callbacks:
        for _ in range(5):
            assert jobs_sweep(now=timezone.now(),
                              held=lambda d, **kw: asked.append(dict(d)) or set(d)) == ([], [])
    assert callbacks == []
    # The broker was asked about each job's own message, in the queue it went to.
    assert asked[0] == {job.delivery: job.queue for job in jobs} and len(asked[0]) == 3
    assert all(job.deliveries == 1 for job in MatchJob.objects.all())


def test_a_queued_job_whose_message_the_broker_lost_is_sent_again_under_a_new_token(
        django_capture_on_commit_callbacks):
    [job] = queued_round(1, timedelta(seconds=20), django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks() as callbacks:
        assert jobs_sweep(now=timezone.now(), held=lost) == ([job.pk], [])
    assert len(callbacks) == 1
    again = MatchJob.objects.get(pk=job.pk)
    assert again.status == JobStatus.QUEUED and again.deliveries == 2
    assert again.delivery and again.delivery != job.delivery and again.queue == job.queue


def test_a_message_just_sent_is_not_looked_for(django_capture_on_commit_callbacks):
    queued_round(2, timedelta(seconds=1), django_capture_on_commit_callbacks)

    def broker(deliveries, **_):
        raise AssertionError("a message that may not have left yet was looked for")

    assert jobs_sweep(now=timezone.now(), held=broker) == ([], [])


def test_the_replaced_delivery_does_nothing_and_the_new_one_runs_the_job(
        django_capture_on_commit_callbacks):
    [job] = queued_round(1, timedelta(minutes=1), django_capture_on_commit_callbacks)
    old = job.delivery
    with django_capture_on_commit_callbacks():
        jobs_sweep(now=timezone.now(), held=lost)
    # The old message turns up after all (the sweeper judged it lost): it does nothing.
    assert match_job_run(job_id=job.pk, clock=timezone.now, delivery=old) is False
    assert MatchJob.objects.get(pk=job.pk).attempts == 0
    new = MatchJob.objects.get(pk=job.pk).delivery
    assert match_job_run(job_id=job.pk, clock=timezone.now, delivery=new) is True
    assert MatchJob.objects.get(pk=job.pk).attempts == 1
    assert job.match.__class__.objects.get(pk=job.match_id).status == MatchStatus.CONFIRMED


def test_a_running_job_is_sent_again_once_its_heartbeat_is_silent_and_not_before(
        django_capture_on_commit_callbacks):
    jobs = queued_round(2, timedelta(minutes=10), django_capture_on_commit_callbacks)
    now = timezone.now()
    lost_after = timedelta(seconds=settings.CLASH_JOB_LOST_SECONDS)
    beating, silent = jobs
    # Both started ten minutes ago; one worker still stamps its job, the other died.
    MatchJob.objects.filter(pk=beating.pk).update(
        status=JobStatus.RUNNING, attempts=1, started_at=now - timedelta(minutes=10),
        heartbeat_at=now - lost_after + timedelta(seconds=3))
    MatchJob.objects.filter(pk=silent.pk).update(
        status=JobStatus.RUNNING, attempts=1, started_at=now - timedelta(minutes=10),
        heartbeat_at=now - lost_after - timedelta(seconds=1))
    with django_capture_on_commit_callbacks() as callbacks:
        assert jobs_sweep(now=now, held=lost) == ([silent.pk], [])
    assert len(callbacks) == 1
    assert MatchJob.objects.get(pk=beating.pk).status == JobStatus.RUNNING
    assert MatchJob.objects.get(pk=silent.pk).status == JobStatus.QUEUED


def test_a_silent_running_job_whose_message_went_back_to_the_queue_is_not_sent_twice(
        django_capture_on_commit_callbacks):
    # A worker's pool process died and Celery rejected its message back to the queue
    # (reject_on_worker_lost): that message will run it again.
    [job] = queued_round(1, timedelta(minutes=10), django_capture_on_commit_callbacks)
    MatchJob.objects.filter(pk=job.pk).update(
        status=JobStatus.RUNNING, attempts=1, started_at=timezone.now() - timedelta(minutes=5),
        heartbeat_at=timezone.now() - timedelta(minutes=5))
    with django_capture_on_commit_callbacks() as callbacks:
        assert jobs_sweep(now=timezone.now(), held=waiting) == ([], [])
    assert callbacks == []
    assert match_job_run(job_id=job.pk, clock=timezone.now, delivery=job.delivery) is True


def test_copies_are_capped_per_job_then_it_fails_for_the_organizer(
        django_capture_on_commit_callbacks):
    [job] = queued_round(1, timedelta(minutes=1), django_capture_on_commit_callbacks)
    later = timezone.now()
    for copy in range(2, 4):
        later += timedelta(minutes=1)
        with django_capture_on_commit_callbacks():
            assert jobs_sweep(now=later, held=lost, max_deliveries=3) == ([job.pk], [])
        assert MatchJob.objects.get(pk=job.pk).deliveries == copy
    later += timedelta(minutes=1)
    assert jobs_sweep(now=later, held=lost, max_deliveries=3) == ([], [job.pk])
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and "3 deliveries" in job.error


def test_a_broker_that_cannot_be_looked_into_leaves_queued_jobs_to_their_age(
        django_capture_on_commit_callbacks):
    jobs = queued_round(2, timedelta(minutes=2), django_capture_on_commit_callbacks)
    MatchJob.objects.filter(pk=jobs[1].pk).update(queued_at=timezone.now()
                                                  - timedelta(minutes=6))
    with django_capture_on_commit_callbacks():
        assert jobs_sweep(now=timezone.now(),
                          held=lambda d, **kw: None) == ([jobs[1].pk], [])


def test_a_lost_round_goes_back_in_batches_and_a_replaced_batch_runs_none_of_its_jobs(
        django_capture_on_commit_callbacks):
    rnd = ai_round(tables=12)
    with django_capture_on_commit_callbacks():
        [first, second] = jobs_for_round_batched(round_id=rnd.pk, batch=6,
                                                 now=timezone.now() - timedelta(minutes=1))
    tokens = dict(MatchJob.objects.values_list("id", "delivery"))
    assert len({tokens[i] for i in first}) == 1 and tokens[first[0]] != tokens[second[0]]
    with django_capture_on_commit_callbacks() as callbacks:
        requeued, _ = jobs_sweep(now=timezone.now(), held=lost)
    assert sorted(requeued) == sorted(first + second)
    assert len(callbacks) == 1  # one batch of twelve, not twelve messages
    assert match_jobs_run_batch(job_ids=first, clock=timezone.now,
                                delivery=tokens[first[0]]) == 0
    assert not MatchJob.objects.exclude(status=JobStatus.QUEUED).exists()
    [token] = set(MatchJob.objects.values_list("delivery", flat=True))
    assert match_jobs_run_batch(job_ids=first + second, clock=timezone.now,
                                delivery=token) == 12


def test_beat_sends_the_sweeper_as_often_as_the_setting_says():
    entry = settings.CELERY_BEAT_SCHEDULE["sweep-engine-jobs"]
    assert entry["task"] == "tournaments.jobs_sweep"
    assert entry["schedule"] == settings.CLASH_JOB_SWEEP_SECONDS == 15
    assert settings.CLASH_JOB_HEARTBEAT_SECONDS * 3 <= settings.CLASH_JOB_LOST_SECONDS

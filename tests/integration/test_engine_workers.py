"""Engine-decided matches through the real broker and real worker processes (issue: the
database is the truth, the broker may lose messages).

Run in make test's PostgreSQL run with Redis up; skipped with the reason otherwise (and failed
under CLASH_REQUIRE_SERVICES=1, as in CI).
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.integration.workers import Worker, restart_redis
from tests.tournaments.engine_scene import ai_round
from tournaments.models import (
    EngineGame,
    JobStatus,
    MatchJob,
    MatchStatus,
    ResultAction,
    ResultChange,
)
from tournaments.services.engine_jobs import jobs_for_round, jobs_sweep
from tournaments.tasks import match_job_run_task

pytestmark = [pytest.mark.postgres, pytest.mark.redis,
              pytest.mark.django_db(transaction=True)]


def wait_for(condition, timeout: float = 60.0, what: str = "the workers") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(f"{what} did not finish within {timeout:.0f} s")


def all_done() -> bool:
    return not MatchJob.objects.exclude(status=JobStatus.DONE).exists()


def exactly_once(rnd) -> None:
    """Every match of the round confirmed by the engine once: one set of games, one change."""
    for match in rnd.matches.all():
        assert match.status == MatchStatus.CONFIRMED and match.engine_verified
        assert EngineGame.objects.filter(match=match).count() == (
            match.a_wins + match.b_wins + match.draws)
        assert ResultChange.objects.filter(match=match, action=ResultAction.ENGINE).count() == 1


def test_a_round_of_ai_seats_is_played_by_a_worker(queue):
    rnd = ai_round(tables=4)
    worker = Worker(queue)
    try:
        jobs_for_round(round_id=rnd.pk, now=timezone.now())
        wait_for(all_done)
    finally:
        worker.stop()
    exactly_once(rnd)
    rnd.refresh_from_db()
    assert rnd.status == "complete"


def recorded(rnd) -> dict:
    """Everything a run of the round's jobs writes, to compare before and after."""
    matches = rnd.matches.all()
    return {
        "matches": list(matches.order_by("pk").values()),
        "jobs": list(MatchJob.objects.filter(match__in=matches).order_by("pk").values()),
        "games": list(EngineGame.objects.filter(match__in=matches).order_by("pk").values()),
        "changes": list(ResultChange.objects.filter(match__in=matches).order_by("pk").values()),
    }


def test_the_same_task_queued_five_times_records_one_result(queue):
    rnd = ai_round(tables=1)
    [job] = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    job.refresh_from_db()
    # The job's own message (sent on commit under its delivery token) and four copies without
    # a token, which the delivery check lets through: only the job row can stop them.
    deliveries = [match_job_run_task.AsyncResult(job.delivery)]
    deliveries += [match_job_run_task.delay(job.pk) for _ in range(4)]
    worker = Worker(queue, concurrency=2)
    try:
        # Each task returns whether it recorded the result: every delivery ran, one recorded.
        ran = [delivery.get(timeout=120) for delivery in deliveries]
        assert sorted(ran) == [False, False, False, False, True]
        exactly_once(rnd)
        before = recorded(rnd)
        # Copies delivered after the job is done run too, and write nothing.
        late = [match_job_run_task.delay(job.pk) for _ in range(3)]
        assert [delivery.get(timeout=120) for delivery in late] == [False, False, False]
    finally:
        worker.stop()
    assert recorded(rnd) == before
    assert before["jobs"][0]["status"] == JobStatus.DONE
    assert before["jobs"][0]["attempts"] >= 1


def test_a_worker_killed_in_the_middle_of_a_match_still_records_it_exactly_once(queue):
    rnd = ai_round(tables=6)
    # Search players take long enough per match for the kill to land in the middle of one.
    worker = Worker(queue, ai_level="search")
    jobs_for_round(round_id=rnd.pk, now=timezone.now())
    # Kill the worker (SIGKILL, every process) while a match is being played.
    wait_for(lambda: MatchJob.objects.filter(status=JobStatus.RUNNING).exists(),
             what="the first worker")
    time.sleep(0.05)
    worker.kill()
    interrupted = list(MatchJob.objects.filter(status=JobStatus.RUNNING)
                       .values_list("pk", flat=True))
    assert interrupted, "no match was in play when the worker died"
    # A new worker; beat's sweeper finds the stuck and the lost work and queues it again.
    worker = Worker(queue)
    try:
        jobs_sweep(now=timezone.now() + timedelta(hours=1))
        wait_for(all_done)
    finally:
        worker.stop()
    exactly_once(rnd)
    assert all(MatchJob.objects.get(pk=pk).attempts >= 2 for pk in interrupted)


def test_redis_restarted_with_matches_in_the_queue_loses_none_after_the_sweeper(queue):
    rnd = ai_round(tables=5)
    jobs_for_round(round_id=rnd.pk, now=timezone.now())  # queued; no worker yet
    restart_redis()  # every queued message is gone
    worker = Worker(queue)
    try:
        time.sleep(1.0)
        assert MatchJob.objects.filter(status=JobStatus.QUEUED).count() == 5
        jobs_sweep(now=timezone.now() + timedelta(hours=1))
        wait_for(all_done)
    finally:
        worker.stop()
    exactly_once(rnd)


def test_a_draft_event_of_eight_seats_with_three_ai_seats_runs_to_final_standings(queue):
    from tests.tournaments.event_steps import organizer_of, pair, settle
    from tests.tournaments.pods_play import draft_all, draft_event
    from tournaments.models import Match, Registration
    from tournaments.selectors.standings import standings_for_event
    from tournaments.services.events import event_complete

    # 8 places, 3 of them no-shows: AI seats take them and draft by the engine's policy.
    event = draft_event(8, no_shows=3)
    assert Registration.objects.filter(event=event, is_ai=True).count() == 3
    draft_all(event)
    worker = Worker(queue, concurrency=2)
    try:
        for _ in range(event.rounds):
            rnd = pair(event)
            ai_matches = Match.objects.filter(round=rnd, player_a__is_ai=True,
                                              player_b__is_ai=True)
            # The workers play the AI seats' matches; the organizer settles the others.
            wait_for(lambda ai_matches=ai_matches: not ai_matches.exclude(
                status=MatchStatus.CONFIRMED).exists(), what="the AI seats' matches")
            assert all(m.engine_verified for m in ai_matches)
            settle(rnd)
        event, _ = event_complete(event_id=event.pk, by=organizer_of(event),
                               now=timezone.now())
    finally:
        worker.stop()
    rows = standings_for_event(event)
    assert len(rows) == 8
    assert event.status == "complete"
    verified = Match.objects.filter(round__event=event, engine_verified=True).count()
    assert verified == MatchJob.objects.filter(match__round__event=event).count() > 0


def test_bench_matches_runs_through_its_own_worker_and_prints_its_figures():
    """The benchmark of the issue, small: its own worker process on its own queue, the
    figures printed, and its throwaway event gone afterwards."""
    import io

    from django.core.management import call_command

    from tournaments.models import Event

    out = io.StringIO()
    call_command("bench_matches", "--matches", "6", "--workers", "1", "--batch", "4",
                 stdout=out)
    text = out.getvalue()
    assert "engine alone, the same 6 matches" in text
    assert "through 1 worker process:" in text
    assert "overhead of one worker process:" in text
    assert not Event.objects.exists() and not MatchJob.objects.exists()

"""Engine-decided matches: jobs, their idempotent runs and the sweeper (task bodies called
directly; tests/integration runs them through a real worker)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from engine.clash.match import play_match
from engine.clash.record import GameRecord, replay
from tests.tournaments.engine_scene import ai_round
from tournaments.models import EngineGame, JobStatus, MatchJob, MatchStatus, ResultChange
from tournaments.services.engine_jobs import (
    ai_level,
    decks_for_match,
    jobs_for_round,
    jobs_sweep,
    match_job_run,
)
from tournaments.tasks import match_job_run_task

pytestmark = pytest.mark.django_db


def test_pairing_ai_seats_queues_one_job_per_match_after_commit(
        django_capture_on_commit_callbacks):
    rnd = ai_round(tables=3)
    with django_capture_on_commit_callbacks() as callbacks:
        jobs = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    assert len(jobs) == 3 and len(callbacks) == 3  # nothing is sent before the commit
    assert jobs_for_round(round_id=rnd.pk, now=timezone.now()) == []  # idempotent
    assert MatchJob.objects.count() == 3


def test_a_job_records_a_verified_result_with_replayable_games():
    rnd = ai_round(tables=1)
    [job] = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    assert match_job_run(job_id=job.pk, clock=timezone.now) is True
    job.refresh_from_db()
    match = job.match
    match.refresh_from_db()
    assert job.status == JobStatus.DONE and job.attempts == 1
    assert match.status == MatchStatus.CONFIRMED and match.engine_verified
    assert max(match.a_wins, match.b_wins) == 2 or match.draws
    games = list(EngineGame.objects.filter(match=match))
    assert len(games) == match.a_wins + match.b_wins + match.draws
    for game in games:
        assert game.verified
        assert replay(GameRecord.from_json(game.record)).ok


def test_running_a_job_again_changes_nothing():
    rnd = ai_round(tables=1)
    [job] = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    match_job_run_task(job.pk)  # the task body, as a worker runs it
    games = list(EngineGame.objects.values_list("id", "record"))
    changes = ResultChange.objects.count()
    for _ in range(4):
        assert match_job_run_task(job.pk) is False
    assert list(EngineGame.objects.values_list("id", "record")) == games
    assert ResultChange.objects.count() == changes


def test_the_stored_games_are_what_the_engine_computes_from_the_jobs_seed():
    rnd = ai_round(tables=1, seed=5)
    [job] = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    match_job_run(job_id=job.pk, clock=timezone.now)
    match = job.match
    decks = decks_for_match(match, match.round.event, job.seed)
    expected = play_match(decks, job.seed, (ai_level(), ai_level()), best_of=3)
    stored = [g.record for g in EngineGame.objects.filter(match=match)]
    assert stored == [g.to_json() for g in expected.games]


def test_ai_seats_play_at_the_expert_level_when_the_setting_names_it(settings):
    """One game a match (the expert's games are the slowest to play, and the level is the same
    for every game of a match), between seats whose ids are fixed: the decks, and so whether
    the game is decided or drawn (and played again), do not depend on the tests run before."""
    settings.CLASH_AI_SEAT_LEVEL = "expert"
    rnd = ai_round(tables=1, seed=6, match_length=1, first_seat_id=900_001)
    [job] = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    assert match_job_run(job_id=job.pk, clock=timezone.now) is True
    match = job.match
    decks = decks_for_match(match, match.round.event, job.seed)
    expected = play_match(decks, job.seed, ("expert", "expert"), best_of=1)
    stored = [g.record for g in EngineGame.objects.filter(match=match).order_by("pk")]
    assert len(stored) == 1 and stored == [g.to_json() for g in expected.games]
    searched = play_match(decks, job.seed, ("search", "search"), best_of=1)
    assert stored != [g.to_json() for g in searched.games]


def test_the_sweeper_requeues_stuck_jobs_and_gives_up_after_the_cap(
        django_capture_on_commit_callbacks):
    rnd = ai_round(tables=2)
    now = timezone.now()
    jobs = jobs_for_round(round_id=rnd.pk, now=now - timedelta(hours=1))
    MatchJob.objects.filter(pk=jobs[1].pk).update(attempts=5, status=JobStatus.RUNNING,
                                                  started_at=now - timedelta(hours=1))
    lost = lambda deliveries, **_: set()  # noqa: E731 (the broker lost every message)
    with django_capture_on_commit_callbacks() as callbacks:
        requeued, failed = jobs_sweep(now=now, max_deliveries=5, held=lost)
    assert requeued == [jobs[0].pk] and failed == [jobs[1].pk]
    assert len(callbacks) == 1
    assert jobs_sweep(now=now, max_deliveries=5, held=lost) == ([], [])  # fresh: not stuck

"""Match jobs in batches: the same results as one job at a time, written once however often a
batch is delivered (task bodies called directly)."""

import pytest
from django.utils import timezone

from core.errors import DomainError
from engine.clash.match import play_match
from tests.factories.tournaments import EngineGameFactory
from tests.tournaments.engine_scene import ai_round
from tournaments.models import (
    EngineGame,
    GameMode,
    JobStatus,
    MatchJob,
    MatchStatus,
    ResultAction,
    ResultChange,
    RoundStatus,
)
from tournaments.services.engine_jobs import ai_level, decks_for_match, match_job_run
from tournaments.services.match_batches import (
    guided_batches,
    jobs_for_round_batched,
    match_jobs_run_batch,
)
from tournaments.tasks import match_jobs_run_batch_task

pytestmark = pytest.mark.django_db


def test_a_round_is_queued_in_batches_once_the_jobs_commit(django_capture_on_commit_callbacks):
    rnd = ai_round(tables=7)
    with django_capture_on_commit_callbacks() as callbacks:
        batches = jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=3)
    assert [len(b) for b in batches] == [3, 3, 1] and len(callbacks) == 3
    assert jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=3) == []
    assert MatchJob.objects.count() == 7
    with pytest.raises(DomainError):
        jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=0)


def test_a_batch_records_the_games_the_engine_computes_and_completes_the_round():
    rnd = ai_round(tables=3, seed=4)
    [ids] = jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=10)
    assert match_jobs_run_batch(job_ids=ids, clock=timezone.now) == 3
    for job in MatchJob.objects.filter(pk__in=ids).select_related("match__round__event"):
        match = job.match
        decks = decks_for_match(match, match.round.event, job.seed)
        expected = play_match(decks, job.seed, (ai_level(), ai_level()), best_of=3)
        stored = [g.record for g in EngineGame.objects.filter(match=match)]
        assert stored == [g.to_json() for g in expected.games]
        assert match.status == MatchStatus.CONFIRMED and match.engine_verified
        assert (match.a_wins, match.b_wins, match.draws) == (
            expected.a_wins, expected.b_wins, expected.draws)
        assert ResultChange.objects.filter(match=match, action=ResultAction.ENGINE).count() == 1
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETE


def test_a_batch_delivered_again_changes_nothing():
    rnd = ai_round(tables=4)
    [ids] = jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=10)
    match_job_run(job_id=ids[0], clock=timezone.now)  # one job ran alone first
    assert match_jobs_run_batch_task(ids) == 3
    state = list(EngineGame.objects.values_list("id", "record"))
    changes = ResultChange.objects.count()
    assert match_jobs_run_batch_task(ids) == 0
    assert list(EngineGame.objects.values_list("id", "record")) == state
    assert ResultChange.objects.count() == changes
    assert set(MatchJob.objects.values_list("status", flat=True)) == {JobStatus.DONE}


def test_a_game_row_already_there_is_kept_and_the_others_are_written():
    rnd = ai_round(tables=2, seed=6)
    [ids] = jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=10)
    first = MatchJob.objects.get(pk=ids[0])
    kept = EngineGameFactory(match_id=first.match_id, number=1, mode=GameMode.REPORTED, seed=1,
                             record=None, verified=False)
    assert match_jobs_run_batch(job_ids=ids, clock=timezone.now) == 2
    games = EngineGame.objects.filter(match_id=first.match_id).order_by("number")
    assert games[0].pk == kept.pk and games[0].mode == GameMode.REPORTED
    assert [g.number for g in games] == list(range(1, len(games) + 1)) and len(games) >= 2
    assert all(g.mode == GameMode.AUTO for g in games[1:])
    other = EngineGame.objects.filter(match_id=MatchJob.objects.get(pk=ids[1]).match_id)
    assert other.count() >= 2 and all(g.mode == GameMode.AUTO for g in other)


def test_batches_shrink_towards_the_end_so_no_worker_idles_on_a_long_last_task():
    ids = list(range(2000))
    batches = guided_batches(ids, 100)
    sizes = [len(b) for b in batches]
    assert [i for b in batches for i in b] == ids  # every job once, in order
    assert max(sizes) == 100 and sizes == sorted(sizes, reverse=True)
    # Each batch is at most a quarter of what was left when it was cut (or the smallest).
    left = len(ids)
    for size in sizes:
        assert size <= max(20, -(-left // 4)) and size <= left
        left -= size
    assert sizes[-1] <= 20 and len(sizes) < 30
    assert [len(b) for b in guided_batches(list(range(7)), 3)] == [3, 3, 1]
    assert guided_batches([], 10) == []
    with pytest.raises(ValueError):
        guided_batches(ids, 0)


def test_pairing_a_round_of_many_ai_matches_queues_them_in_batches(
        django_capture_on_commit_callbacks):
    """jobs_for_round, which pairing calls: a task each below BATCH_FROM matches, batches
    from there on; either way every match is played once."""
    from tournaments.services.engine_jobs import BATCH_FROM, jobs_for_round

    small = ai_round(tables=BATCH_FROM - 1, match_length=1)
    with django_capture_on_commit_callbacks() as callbacks:
        assert len(jobs_for_round(round_id=small.pk, now=timezone.now())) == BATCH_FROM - 1
    assert len(callbacks) == BATCH_FROM - 1

    rnd = ai_round(tables=BATCH_FROM + 2, match_length=1, seed=8)
    with django_capture_on_commit_callbacks() as callbacks:
        jobs = jobs_for_round(round_id=rnd.pk, now=timezone.now())
    assert len(jobs) == BATCH_FROM + 2 and len(callbacks) < len(jobs)
    assert jobs_for_round(round_id=rnd.pk, now=timezone.now()) == []  # idempotent
    ids = sorted(job.pk for job in jobs)
    assert match_jobs_run_batch(job_ids=ids, clock=timezone.now) == BATCH_FROM + 2
    assert not rnd.matches.exclude(status=MatchStatus.CONFIRMED).exists()

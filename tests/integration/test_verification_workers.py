"""Uploaded game records replayed by a real worker process, and match jobs in batches, through
the real broker (run in make test's PostgreSQL run with Redis up)."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from tests.integration.test_engine_workers import exactly_once, wait_for
from tests.integration.workers import Worker
from tests.tournaments.engine_scene import ai_round
from tests.tournaments.test_verification import player_against_ai, report
from tournaments.models import (
    EngineGame,
    GameUpload,
    JobStatus,
    MatchJob,
    MatchStatus,
    ResultChange,
    UploadStatus,
)
from tournaments.services.match_batches import jobs_for_round_batched
from tournaments.services.verification import game_record_upload
from tournaments.tasks import game_record_verify_task, match_jobs_run_batch_task

pytestmark = [pytest.mark.postgres, pytest.mark.redis,
              pytest.mark.django_db(transaction=True)]


def checked() -> bool:
    return not GameUpload.objects.filter(status=UploadStatus.PENDING).exists()


def match_confirmed(match) -> bool:
    match.refresh_from_db()
    return match.status == MatchStatus.CONFIRMED


def test_a_worker_replays_uploaded_records_and_confirms_the_report(queue):
    match, player, played = player_against_ai()
    report(match, player, played)
    worker = Worker(queue)
    try:
        for record in played.games:
            game = game_record_upload(match_id=match.pk, by=player, text=record.dumps(),
                                      now=timezone.now())
        game_record_verify_task.delay(game.pk)  # a duplicate delivery of the last one
        wait_for(lambda: checked() and match_confirmed(match))
    finally:
        worker.stop()
    match.refresh_from_db()
    assert match.engine_verified and (match.a_wins, match.b_wins) == (played.a_wins,
                                                                      played.b_wins)
    assert EngineGame.objects.filter(match=match, verified=True).count() == len(played.games)
    assert ResultChange.objects.filter(match=match, action="engine").count() == 1


def test_a_worker_disputes_a_match_whose_record_was_tampered_with(queue):
    match, player, played = player_against_ai()
    report(match, player, played)
    record = json.loads(played.games[0].dumps())
    record["hashes"][1] = "ffffffff"
    worker = Worker(queue)
    try:
        game_record_upload(match_id=match.pk, by=player, text=json.dumps(record),
                           now=timezone.now())
        wait_for(checked)
    finally:
        worker.stop()
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    assert "turn 2" in ResultChange.objects.filter(match=match).last().note


def test_batches_of_match_jobs_through_two_worker_processes_record_each_match_once(queue):
    rnd = ai_round(tables=12)
    batches = jobs_for_round_batched(round_id=rnd.pk, now=timezone.now(), batch=5)
    match_jobs_run_batch_task.delay(batches[0])  # delivered twice
    worker = Worker(queue, concurrency=2)
    try:
        wait_for(lambda: not MatchJob.objects.exclude(status=JobStatus.DONE).exists())
    finally:
        worker.stop()
    exactly_once(rnd)
    rnd.refresh_from_db()
    assert rnd.status == "complete"

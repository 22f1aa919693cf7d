"""Uploaded game records replayed by a real worker process, and match jobs in batches, through
the real broker (run in make test's PostgreSQL run with Redis up)."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from tests.integration.test_engine_workers import exactly_once, wait_for
from tests.integration.workers import Worker
from tests.tournaments.engine_matches.test_verification import player_against_ai, report
from tests.tournaments.engine_scene import ai_round
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
from tournaments.services.verification import game_record_upload, game_record_verify
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


@pytest.mark.parametrize("tamper", ["last_hash", "turn_cap"])
def test_a_compiled_worker_disputes_a_tampered_record_naming_the_turn(queue, tamper):
    """The compiled build once raised TypeError on these (the game over when its turn is
    compared): the job failed and the upload stayed pending. A worker of the compiled build
    disputes the match with the turn named, as the Python build always did."""
    from tests.compiled_run import compiled_build_or_skip

    dest = compiled_build_or_skip()
    match, player, played = player_against_ai()
    report(match, player, played)
    record = json.loads(played.games[0].dumps())
    last = len(record["turns"])
    assert last > 3
    if tamper == "last_hash":
        record["hashes"][-1] = "00000000" if record["hashes"][-1] != "00000000" else "11111111"
    else:
        record["turn_cap"] = 3
    expected = last if tamper == "last_hash" else 3
    worker = Worker(queue, compiled=dest)
    try:
        game = game_record_upload(match_id=match.pk, by=player, text=json.dumps(record),
                                  now=timezone.now())
        again = game_record_verify_task.apply_async((game.pk,), queue=queue)  # delivered twice
        wait_for(checked)
        again.get(timeout=60)  # raises what the job raised, had it failed
    finally:
        worker.stop()
    game.refresh_from_db()
    match.refresh_from_db()
    assert GameUpload.objects.get(game=game).status == UploadStatus.DIVERGENT
    assert game.divergent_turn == expected
    assert match.status == MatchStatus.DISPUTED
    assert (f"game 1's record diverges at turn {expected}: turn {expected}: "
            in ResultChange.objects.filter(match=match).last().note)


def test_a_stored_record_this_engine_no_longer_reads_disputes_the_match():
    """A record checked at its upload by an engine with fewer checks (a seed past the bounds
    of engine/clash/limits.py) is not replayed: the match is disputed saying why, and the
    job ends."""
    match, player, played = player_against_ai()
    report(match, player, played)
    game = game_record_upload(match_id=match.pk, by=player, text=played.games[0].dumps(),
                              now=timezone.now())
    EngineGame.objects.filter(pk=game.pk).update(record={**game.record, "seed": 2 ** 63})
    assert game_record_verify(game_id=game.pk, now=timezone.now()) is True
    match.refresh_from_db()
    assert match.status == MatchStatus.DISPUTED
    assert GameUpload.objects.get(game=game).status == UploadStatus.DIVERGENT
    assert ("game 1's record does not replay: a game record's seed must be a whole number"
            in ResultChange.objects.filter(match=match).last().note)


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

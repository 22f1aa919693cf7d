"""Celery tasks of the tournaments app: thin entry points that take ids and call a service.

`match_job_run_task` is idempotent (the service locks the job row and never redoes a finished
job), so it acknowledges late and is rejected back to the queue when its worker dies.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from tournaments.services.engine_jobs import jobs_sweep, match_job_run
from tournaments.services.match_batches import match_jobs_run_batch
from tournaments.services.match_notices import report_wanted_mail_send, round_paired_mail_send
from tournaments.services.online_time import online_matches_at_time
from tournaments.services.pods import drafts_at_time
from tournaments.services.verification import game_record_verify


@shared_task(name="tournaments.match_job_run", acks_late=True, reject_on_worker_lost=True)
def match_job_run_task(job_id: int, delivery: str | None = None) -> bool:
    """`delivery`: the message's token (core/deliveries.py); a replaced one does nothing."""
    return match_job_run(job_id=job_id, clock=timezone.now, delivery=delivery)


@shared_task(name="tournaments.jobs_sweep")
def jobs_sweep_task() -> dict:
    requeued, failed = jobs_sweep(now=timezone.now())
    return {"requeued": requeued, "failed": failed}


@shared_task(name="tournaments.game_record_verify", acks_late=True, reject_on_worker_lost=True)
def game_record_verify_task(game_id: int) -> bool:
    """Replay an uploaded game record; idempotent (a checked record is never checked again)."""
    return game_record_verify(game_id=game_id, now=timezone.now())


@shared_task(name="tournaments.match_jobs_run_batch", acks_late=True, reject_on_worker_lost=True)
def match_jobs_run_batch_task(job_ids: list[int], delivery: str | None = None) -> int:
    """Several match jobs in one task (large rounds, bench_matches); idempotent like the
    single-job task: finished jobs are skipped under their row locks, and so are jobs that no
    longer carry this message's token `delivery`."""
    return match_jobs_run_batch(job_ids=job_ids, clock=timezone.now, delivery=delivery)


@shared_task(name="tournaments.online_matches_at_time")
def online_matches_at_time_task() -> dict:
    """The online match games at time (ruling C-7.5c): sent by celery beat; idempotent."""
    return online_matches_at_time(now=timezone.now())


@shared_task(name="tournaments.drafts_at_time")
def drafts_at_time_task() -> int:
    """The draft picks whose pick timer ran out: sent by celery beat; idempotent (each pick
    is made under its pair's lock, once)."""
    return drafts_at_time(now=timezone.now())


@shared_task(name="tournaments.round_paired_mail")
def round_paired_mail_task(round_id: int) -> int:
    """The round's mail to its players who asked for it (not retried: a mail twice is worse
    than none, and the pages say the same)."""
    return round_paired_mail_send(round_id=round_id)


@shared_task(name="tournaments.report_wanted_mail")
def report_wanted_mail_task(match_id: int) -> bool:
    return report_wanted_mail_send(match_id=match_id)
